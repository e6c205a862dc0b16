/*
 * The source map's storage (location → request field, see source-map.ts), kept small for invoices of many lines.
 * Every line of an invoice has the same elements, built from the same fields of its own line_items entry, so a line
 * is kept as its own field (`line_items[4]`) and a shape shared with every line built alike: the locations below the
 * line, each with its field written relative to the line's (`/Price/PriceAmount` → `.unit_amount`). A map of every
 * location cost some 3.5 KB per line (20,000 lines: 70 MB, held while the rules run); a line now costs a few words.
 * A line is compared with the shape of the line before it as it is written, so the usual line makes no string. The
 * first PLAIN lines of each kind go in the plain map as every other location: an invoice of a few lines is written as
 * fast as before (comparing costs a little more than a map's insertion), and keeping them costs little.
 */

/**
 * Locations below an item (relative: `/Price/PriceAmount`, `/@unitCode`), each with its field: where `own` is true the
 * field is what follows the item's own field (`.unit_amount`), else the field itself (`currency`).
 */
interface Shape { readonly at: readonly string[]; readonly fields: readonly string[]; readonly own: readonly boolean[]; lookup?: Map<string, string> }
interface Item { field: string; shape: Shape }

/** Items of one kind (one location before `[n]`) kept as plain locations before shapes are used. */
const PLAIN = 100;

/** Marks a field written relative to its item's field, in the key of a shape and in its lookup map. */
const ITEM = '\u0000';

/** An item being written: its location and field, and how far it has matched the shape of the item before it. */
interface Open {
  base: string; n: number; path: string; field: string;
  /** The previous item's shape while every entry so far matched it; then undefined and `entries` holds them. */
  like: Shape | undefined; matched: number;
  entries: Array<[string, string]> | undefined;
}

/** A source map as the serializer fills it; read through ReadonlyMap like any map. */
export class Sources implements ReadonlyMap<string, string> {
  /**
   * The plain locations and their fields as written, made a map when first read: most built documents have no
   * finding to place, and a map of their locations cost a validation some 2% of its time.
   */
  private readonly written: string[] = [];
  private made: Map<string, string> | undefined;
  private get plain(): Map<string, string> {
    const made = (this.made ??= new Map());
    const w = this.written;
    if (w.length > 0) {
      // In the order written: a location written twice keeps its first place and its last field, as Map.set keeps them.
      for (let i = 0; i < w.length; i += 2) made.set(w[i]!, w[i + 1]!);
      w.length = 0;
    }
    return made;
  }
  /** Repeated elements with their own field (the lines), by the location they share before `[n]`: item n at n - 1. */
  private readonly items = new Map<string, Item[]>();
  private readonly shapes = new Map<string, Shape>();
  private open: Open | undefined;
  /** Items met of each kind, kept as shapes or not. */
  private readonly met = new Map<string, number>();

  /**
   * Starts an item: the element at `${base}[${n}]`, built from `field`; false when its locations go in the plain map
   * (the first PLAIN of its kind, and items inside an item).
   */
  enter(base: string, n: number, field: string): boolean {
    if (this.open) return false;
    const met = (this.met.get(base) ?? 0) + 1;
    this.met.set(base, met);
    if (met <= PLAIN) return false;
    const before = this.items.get(base)?.at(-1);
    this.open = { base, n, path: `${base}[${n}]`, field, like: before?.shape, matched: 0, entries: before ? undefined : [] };
    return true;
  }

  /** Ends the item entered last: its entries become a shape, shared with every item whose entries read the same. */
  leave(): void {
    const open = this.open!;
    this.open = undefined;
    let shape = open.like && open.matched === open.like.at.length ? open.like : undefined;
    if (!shape) {
      const entries = open.entries ?? this.unmatched(open);
      const key = entries.map(([at, from]) => `${at}\u0001${from}`).join('\u0002');
      shape = this.shapes.get(key);
      if (!shape) {
        const own = entries.map(([, from]) => from.startsWith(ITEM));
        this.shapes.set(key, (shape = { at: entries.map(([at]) => at), fields: entries.map(([, from], i) => (own[i] ? from.slice(1) : from)), own }));
      }
    }
    let list = this.items.get(open.base);
    if (!list) this.items.set(open.base, (list = []));
    list[open.n - 1] = { field: open.field, shape };
  }

  set(location: string, field: string): void {
    const open = this.open;
    if (!open || !location.startsWith(open.path)) { this.written.push(location, field); return; }
    const from = open.path.length;
    if (location.length === from) return; // the item's own field, kept with the item
    const own = field === open.field || (field.startsWith(open.field) && (field[open.field.length] === '.' || field[open.field.length] === '['));
    const like = open.like;
    if (like) {
      // The same entry as the previous item's at this place: compared where they stand, nothing made.
      const k = open.matched;
      const at = like.at[k];
      const expected = like.fields[k]!;
      if (at !== undefined && location.length - from === at.length && location.startsWith(at, from) && own === like.own[k]
        && (own ? field.length - open.field.length === expected.length && field.startsWith(expected, open.field.length) : field === expected)) {
        open.matched++;
        return;
      }
      open.entries = this.unmatched(open);
      open.like = undefined;
    }
    open.entries!.push([location.slice(from), own ? ITEM + field.slice(open.field.length) : field]);
  }

  /** The entries an item matched of the previous item's shape, written out. */
  private unmatched(open: Open): Array<[string, string]> {
    const like = open.like;
    if (!like) return open.entries ?? [];
    return like.at.slice(0, open.matched).map((at, i) => [at, like.own[i] ? ITEM + like.fields[i] : like.fields[i]!]);
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
      const shape = item.shape;
      shape.lookup ??= new Map(shape.at.map((at, i) => [at, shape.own[i] ? ITEM + shape.fields[i] : shape.fields[i]!]));
      const field = shape.lookup.get(rest);
      return field === undefined || !field.startsWith(ITEM) ? field : item.field + field.slice(1);
    }
    return undefined;
  }

  has(location: string): boolean { return this.get(location) !== undefined; }

  get size(): number {
    let n = this.plain.size;
    for (const list of this.items.values()) for (const item of list) if (item) n += 1 + item.shape.at.length;
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
        const { at: rests, fields } = item.shape;
        for (let k = 0; k < rests.length; k++) {
          yield [at + rests[k], item.shape.own[k] ? item.field + fields[k] : fields[k]!];
        }
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
