import type { Finding } from '../model/types.js';
import { UNKNOWN_FIELD } from './causes.js';

type Raw = Record<string, unknown>;
const keysOf = (field: string) => field.replace(/\[(\d+)\]/g, '.$1').split('.');

/** The value at a request path (`line_items[2].tax_amount`), own properties only; undefined when absent. */
export function valueAt(body: unknown, field: string): unknown {
  let node = body;
  for (const key of keysOf(field)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Raw)[key];
  }
  return node;
}

/**
 * The body with each unknown key that has a suggestion renamed to it, where the object holds no such field already:
 * the invoice as its sender meant it, to see which findings the misspellings alone explain (causes.ts).
 */
export function renamedAsSuggested(body: Raw, warnings: readonly Finding[]): Raw {
  const copy = structuredClone(body);
  for (const w of warnings) {
    if (w.rule !== UNKNOWN_FIELD || !w.suggestion || !w.field) continue;
    const keys = keysOf(w.field);
    const key = keys.pop()!;
    const owner = keys.length ? valueAt(copy, keys.join('.')) : copy;
    if (owner === null || typeof owner !== 'object' || Array.isArray(owner)) continue;
    const object = owner as Raw;
    if (!Object.hasOwn(object, key) || Object.hasOwn(object, w.suggestion)) continue;
    Object.defineProperty(object, w.suggestion, { value: object[key], enumerable: true, writable: true, configurable: true });
    delete object[key];
  }
  return copy;
}
