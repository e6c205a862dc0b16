/**
 * How deeply a request body may nest objects and arrays, the body itself being level 1. An invoice needs 3 (body →
 * line_items → line); anything past this limit is refused as a finding at the place it goes too deep, before any
 * walk of the body. Every later walk (pruning, the character check, ajv, normalizing, the sandbox's records) is then
 * bounded by it, so no input can exhaust a stack, and the answer is the same on the main thread's small stack and
 * on a worker's bigger one (docs/decisions.md, "Nesting limit").
 */
export const MAX_JSON_DEPTH = 64;

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';

interface Frame { value: object; keys: string[] | null; at: number }

const frame = (value: object): Frame => ({ value, keys: Array.isArray(value) ? null : Object.keys(value), at: 0 });

/**
 * The path (keys and indexes) to the first object or array, in document order, that lies deeper than `limit`
 * levels in `value`; undefined when there is none. Iterative, with a stack of at most `limit` frames.
 */
export function tooDeepAt(value: unknown, limit = MAX_JSON_DEPTH): Array<string | number> | undefined {
  if (!isContainer(value)) return undefined;
  const frames: Frame[] = [frame(value)];
  while (frames.length > 0) {
    const top = frames[frames.length - 1]!;
    const size = top.keys ? top.keys.length : (top.value as unknown[]).length;
    if (top.at >= size) { frames.pop(); continue; }
    const i = top.at++;
    // Own keys only (Object.keys): an own "__proto__" key of JSON.parse is read as the data it is.
    const child = top.keys ? (top.value as Record<string, unknown>)[top.keys[i]!] : (top.value as unknown[])[i];
    if (!isContainer(child)) continue;
    if (frames.length >= limit) return frames.map((f) => (f.keys ? f.keys[f.at - 1]! : f.at - 1));
    frames.push(frame(child));
  }
  return undefined;
}

/** `['line_items', 0, 'description']` → `line_items[0].description` (the field notation of findings). */
export function fieldOfPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out || '(body)';
}
