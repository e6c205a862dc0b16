/**
 * Spec 2.8.5 and the "empty strings read as absent": drops every key whose value is null or a
 * string of only whitespace, at any depth. Returns a new value; the input is not changed.
 */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneEmpty);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null || (typeof v === 'string' && v.trim() === '')) continue;
      out[k] = pruneEmpty(v);
    }
    return out;
  }
  return value;
}
