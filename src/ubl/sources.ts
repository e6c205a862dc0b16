/*
 * The source map's storage (location → request field, see source-map.ts), kept small for invoices of many lines.
 * Every line of an invoice has the same elements, built from the same fields of its own line_items entry, so a line
 * is kept as its own field (`line_items[4]`) and a shape shared with every line built alike: the locations below the
 * line, each with its field written relative to the line's (`/Price/PriceAmount` → `.unit_amount`). A map of every
 * location cost some 3.5 KB per line (20,000 lines: 70 MB, held while the rules run); a line now costs a few words.
 */

/** Locations below an item (relative: `/Price/PriceAmount`, `/@unitCode`) → field; a field starting with ITEM is relative to the item's. */
type Shape = ReadonlyMap<string, string>;
interface Item { field: string; shape: Shape }

/** Marks a field written relative to its item's field. */
const ITEM = '\u0000';

/** A source map as the serializer fills it; read through ReadonlyMap like any map. */
export class Sources implements ReadonlyMap<string, string> {
  private readonly plain = new Map<string, string>();
  /** Repeated elements with their own field (the lines), by the location they share before `[n]`: item n at n - 1. */
  private readonly items = new Map<string, Item[]>();
  private readonly shapes = new Map<string, Shape>();
  /** The item being written: its location, field and the entries below it so far. */
  private open: { base: string; n: number; path: string; field: string; entries: Array<[string, string]> } | undefined;

  /** Starts an item: the element at `${base}[${n}]`, built from `field`. Items inside an item are not items. */
  enter(base: string, n: number, field: string): boolean {
    if (this.open) return false;
    this.open = { base, n, path: `${base}[${n}]`, field, entries: [] };
    return true;
  }

  /** Ends the item entered last: its entries become a shape, shared with every item whose entries read the same. */
  leave(): void {
    const { base, n, field, entries } = this.open!;
    this.open = undefined;
    const key = entries.map(([at, from]) => `${at}\u0001${from}`).join('\u0002');
    let shape = this.shapes.get(key);
    if (!shape) this.shapes.set(key, (shape = new Map(entries)));
    let list = this.items.get(base);
    if (!list) this.items.set(base, (list = []));
    list[n - 1] = { field, shape };
  }

  set(location: string, field: string): void {
    const open = this.open;
    if (!open || !location.startsWith(open.path)) { this.plain.set(location, field); return; }
    if (location.length === open.path.length) return; // the item's own field, kept with the item
    const own = field === open.field || (field.startsWith(open.field) && (field[open.field.length] === '.' || field[open.field.length] === '['));
    open.entries.push([location.slice(open.path.length), own ? ITEM + field.slice(open.field.length) : field]);
  }

  get(location: string): string | undefined {
    const plain = this.plain.get(location);
    if (plain !== undefined || this.items.size === 0) return plain;
    for (const [base, list] of this.items) {
      if (!location.startsWith(base) || location.charCodeAt(base.length) !== 0x5b /* [ */) continue;
      const close = location.indexOf(']', base.length);
      const item = close < 0 ? undefined : list[Number(location.slice(base.length + 1, close)) - 1];
      if (!item) return undefined;
      const rest = location.slice(close + 1);
      if (rest === '') return item.field;
      const field = item.shape.get(rest);
      return field === undefined || !field.startsWith(ITEM) ? field : item.field + field.slice(1);
    }
    return undefined;
  }

  has(location: string): boolean { return this.get(location) !== undefined; }

  get size(): number {
    let n = this.plain.size;
    for (const list of this.items.values()) for (const item of list) if (item) n += 1 + item.shape.size;
    return n;
  }

  *entries(): MapIterator<[string, string]> {
    yield* this.plain;
    for (const [base, list] of this.items) {
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        if (!item) continue;
        const at = `${base}[${i + 1}]`;
        yield [at, item.field];
        for (const [rest, field] of item.shape) yield [at + rest, field.startsWith(ITEM) ? item.field + field.slice(1) : field];
      }
    }
  }

  *keys(): MapIterator<string> { for (const [k] of this.entries()) yield k; }
  *values(): MapIterator<string> { for (const [, v] of this.entries()) yield v; }
  [Symbol.iterator](): MapIterator<[string, string]> { return this.entries(); }
  forEach(f: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [k, v] of this.entries()) f(v, k, this);
  }
}
