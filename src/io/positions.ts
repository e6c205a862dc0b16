import { MAX_JSON_DEPTH } from './json-depth.js';

/** Line and column (1-based) of a place in a text. */
export interface Position { line: number; column: number }

/** Where each value (and each property name) of a well-formed JSON text starts, by JSON pointer (`/line_items/2/tax_amount`). */
export interface JsonPositions { values: Map<string, Position>; keys: Map<string, Position> }

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Values this deep in a file (a bulk body's item is at 2) are scanned past without being recorded. */
export const RECORDED_DEPTH = MAX_JSON_DEPTH + 3;

interface Open { pointer: string | null; depth: number; array: boolean; n: number }

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, OPEN_OBJECT = 0x7b, CLOSE_OBJECT = 0x7d, OPEN_ARRAY = 0x5b, CLOSE_ARRAY = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/**
 * A small scanner over JSON text that is already known to parse: it records positions and nothing else, so reports
 * can point at a line of the input (config errors, SARIF and GitHub annotations of a field). It keeps its own stack
 * of open containers instead of recursing, so nesting cannot exhaust the call stack, and records values down to
 * `maxDepth` only (a finding never points deeper than the nesting limit; deeper pointers would only cost memory).
 * With `wanted` (pointers, each with its ancestors: withAncestors) it records those alone: a file of 100,000 invoice
 * lines has over a million values, and a report needs the few its findings name.
 */
export function jsonPositions(text: string, wanted?: ReadonlySet<string>, maxDepth = RECORDED_DEPTH): JsonPositions {
  const values = new Map<string, Position>();
  const keys = new Map<string, Position>();
  const lineStarts = [0];
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) lineStarts.push(k + 1);
  const at = (offset: number): Position => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid]! <= offset) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Character codes, not one-character strings: the scan visits every character of the text.
  const end = text.length;
  const ws = () => { while (i < end && isSpace(text.charCodeAt(i))) i++; };
  const skipString = (): number => {
    const start = i++;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      i += c === BACKSLASH ? 2 : 1;
    }
    i++;
    return start;
  };
  const skipContainer = () => {
    let level = 0;
    while (i < end) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) { skipString(); continue; }
      i++;
      if (d === OPEN_OBJECT || d === OPEN_ARRAY) level++;
      else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --level === 0) return;
    }
  };
  const stack: Open[] = [];
  let pointer: string | null = '';
  let depth = 0;
  for (;;) {
    ws();
    if (pointer !== null) values.set(pointer, at(i));
    const c = text.charCodeAt(i);
    let opened = false;
    // A container nothing of which is recorded is skipped whole: only its strings and brackets are looked at.
    if ((c === OPEN_OBJECT || c === OPEN_ARRAY) && pointer === null) skipContainer();
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) { i++; stack.push({ pointer, depth, array: c === OPEN_ARRAY, n: 0 }); opened = true; }
    else if (c === QUOTE) skipString();
    else {
      const start = i;
      for (; i < end; i++) { const d = text.charCodeAt(i); if (d === COMMA || d === CLOSE_OBJECT || d === CLOSE_ARRAY || isSpace(d)) break; }
      if (i === start) i++; // never stall, even on text that changed since it parsed
    }
    // The next value to read, closing the containers that end on the way; none left: the text is read.
    let next = false;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (!opened) { ws(); if (text.charCodeAt(i) === COMMA) i++; }
      opened = false;
      ws();
      if (text.charCodeAt(i) === (top.array ? CLOSE_ARRAY : CLOSE_OBJECT) || i >= end) { i++; stack.pop(); continue; }
      const recorded = top.pointer !== null && top.depth < maxDepth;
      depth = top.depth + 1;
      if (top.array) pointer = recorded ? `${top.pointer}/${top.n}` : null;
      else {
        const keyAt = skipString();
        pointer = recorded ? `${top.pointer}/${escapePointer(JSON.parse(text.slice(keyAt, i)) as string)}` : null;
        if (pointer !== null && wanted && !wanted.has(pointer)) pointer = null;
        if (pointer !== null) keys.set(pointer, at(keyAt));
        ws(); i++; // ':'
      }
      // A value whose pointer is not wanted is scanned past: nothing of it is recorded, no pointer made below it.
      if (pointer !== null && wanted && !wanted.has(pointer)) pointer = null;
      top.n++;
      next = true;
      break;
    }
    if (!next) break;
  }
  return { values, keys };
}

/** `line_items[2].tax_amount` → `/line_items/2/tax_amount` (the field notation of findings). */
export function pointerOfField(field: string): string {
  return field.split(/\.|(?=\[)/).filter(Boolean).map((part) => '/' + escapePointer(part.replace(/^\[(\d+)\]$/, '$1'))).join('');
}

/** The position of a pointer, or of its nearest ancestor present in the text (a missing field points at its object). */
export function nearestPosition(positions: JsonPositions, pointer: string): Position | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const found = positions.values.get(p);
    if (found || p === '') return found;
  }
}

/** A pointer and its ancestors: what `jsonPositions` must record for `nearestPosition` to answer it. */
export function withAncestors(pointer: string, into: Set<string>): void {
  for (let p = pointer; !into.has(p); p = p.slice(0, p.lastIndexOf('/'))) {
    into.add(p);
    if (p === '') break;
  }
}
