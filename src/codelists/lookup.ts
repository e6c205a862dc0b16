/**
 * A table entry for a key that came from the user's text. Own entries only: a plain object also answers
 * `constructor`, `toString` or `__proto__` from Object.prototype, which would reach the document as
 * "function Object() { [native code] }" (docs/decisions.md, "Keys named __proto__, constructor, prototype").
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
