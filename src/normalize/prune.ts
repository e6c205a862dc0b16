/**
 * Spec 2.8.5 and the "empty strings read as absent": drops every key whose value is null or a
 * string of only whitespace, at any depth. Returns a new value; the input is not changed.
 *
 * Objects are built with Object.fromEntries, which defines own properties: a key named `__proto__` (an own key
 * after JSON.parse) stays a key, where `out[k] = v` would set the new object's prototype and hide the data behind it.
 * The recursion is bounded: validateInvoice refuses a body nested past MAX_JSON_DEPTH before pruning it.
 */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneEmpty);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value)
      .filter(([, v]) => !(v === null || (typeof v === 'string' && v.trim() === '')))
      .map(([k, v]) => [k, pruneEmpty(v)]));
  }
  return value;
}
