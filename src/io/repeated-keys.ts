import type { Position } from './positions.js';

/** A property name given twice in one object: where it is repeated, and where it was first given. */
export interface RepeatedKey { key: string; at: Position; first: Position }

interface Open { keys: Map<string, Position> | null }

/**
 * Every property name repeated within one object of a JSON text that is known to parse. JSON leaves what a repeated
 * name means undefined (RFC 8259, 4) and JSON.parse keeps the last value without a word; files a person writes (the
 * config, entity records) get a warning at each repeat instead. One pass, its own stack (any nesting).
 */
export function repeatedKeys(text: string): RepeatedKey[] {
  const out: RepeatedKey[] = [];
  const stack: Open[] = [];
  let line = 1, lineStart = 0;
  // Whether the next string in an object is a property name: after '{' or ',' (not after ':').
  let expectKey = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) { line++; lineStart = i + 1; continue; }
    if (c === 0x7b /* { */) { stack.push({ keys: new Map() }); expectKey = true; continue; }
    if (c === 0x5b /* [ */) { stack.push({ keys: null }); expectKey = false; continue; }
    if (c === 0x7d || c === 0x5d) { stack.pop(); expectKey = false; continue; }
    if (c === 0x2c /* , */) { expectKey = stack[stack.length - 1]?.keys != null; continue; }
    if (c !== 0x22 /* " */) continue;
    const start = i;
    for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    const keys = stack[stack.length - 1]?.keys;
    if (!expectKey || !keys) continue;
    expectKey = false;
    const key = JSON.parse(text.slice(start, i + 1)) as string;
    const at = { line, column: start - lineStart + 1 };
    const first = keys.get(key);
    if (first) out.push({ key, at, first });
    else keys.set(key, at);
  }
  return out;
}

/** The warning for each repeated key of `file`, located at the repeat, in pintae's words. */
export function repeatedKeyWarnings(text: string, file: string): string[] {
  return repeatedKeys(text).map(({ key, at, first }) =>
    `${file}:${at.line}:${at.column}: ${JSON.stringify(key)} is given twice in one object (first at line ${first.line}, column ${first.column}): JSON leaves a repeated key undefined, and pintae reads the last one; keep one`);
}
