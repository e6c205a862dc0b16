/** Line and column (1-based) of a place in a text. */
export interface Position { line: number; column: number }

/** Where each value (and each property name) of a well-formed JSON text starts, by JSON pointer (`/line_items/2/tax_amount`). */
export interface JsonPositions { values: Map<string, Position>; keys: Map<string, Position> }

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A small scanner over JSON text that is already known to parse: it records positions and nothing else, so reports
 * can point at a line of the input (config errors, SARIF and GitHub annotations of a field). With `wanted` (pointers,
 * each with its ancestors) it records those alone: a file of 100,000 invoice lines has over a million values, and a
 * report needs the few its findings name.
 */
export function jsonPositions(text: string, wanted?: ReadonlySet<string>): JsonPositions {
  const values = new Map<string, Position>();
  const keys = new Map<string, Position>();
  const lineStarts = [0];
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) lineStarts.push(k + 1);
  const at = (offset: number): Position => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid]! <= offset) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const skipString = (): number => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return start;
  };
  const string = (): string => JSON.parse(text.slice(skipString(), i)) as string;
  // A value whose pointer is not wanted (null) is scanned past: nothing of it is recorded, no pointer is made for it.
  const value = (at0: string | null): void => {
    const pointer = at0 !== null && wanted && !wanted.has(at0) ? null : at0;
    ws();
    if (pointer !== null) values.set(pointer, at(i));
    const c = text[i];
    if (c === '{') {
      i++; ws();
      while (text[i] !== '}' && i < text.length) {
        ws();
        const keyAt = i;
        const child = pointer === null ? (skipString(), null) : `${pointer}/${escapePointer(string())}`;
        if (child !== null && (!wanted || wanted.has(child))) keys.set(child, at(keyAt));
        ws(); i++; // ':'
        value(child); ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++; ws();
      for (let n = 0; text[i] !== ']' && i < text.length; n++) { value(pointer === null ? null : `${pointer}/${n}`); ws(); if (text[i] === ',') i++; ws(); }
      i++;
    } else if (c === '"') skipString();
    else {
      const start = i;
      while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
      if (i === start) i++; // never stall, even on text that changed since it parsed
    }
  };
  value('');
  return { values, keys };
}

/** `line_items[2].tax_amount` → `/line_items/2/tax_amount` (the field notation of findings). */
export function pointerOfField(field: string): string {
  return field.split(/\.|(?=\[)/).filter(Boolean).map((part) => '/' + escapePointer(part.replace(/^\[(\d+)\]$/, '$1'))).join('');
}

/** A pointer and its ancestors: what `jsonPositions` must record for `nearestPosition` to answer it. */
export function withAncestors(pointer: string, into: Set<string>): void {
  for (let p = pointer; !into.has(p); p = p.slice(0, p.lastIndexOf('/'))) {
    into.add(p);
    if (p === '') break;
  }
}

/** The position of a pointer, or of its nearest ancestor present in the text (a missing field points at its object). */
export function nearestPosition(positions: JsonPositions, pointer: string): Position | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const found = positions.values.get(p);
    if (found || p === '') return found;
  }
}
