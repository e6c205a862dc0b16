/*
 * One string object for each name: the reader's element and attribute names and the name tests of compiled
 * expressions. A name test compares a node's names with its own many times per document; strings that are one object
 * compare by identity at once, and different ones (their hashes computed here) by hash, instead of character by
 * character (a namespace URI is some 70 characters).
 */

/** At most this many names are kept for the process (a document of ever-new names only stops being sped up). */
const MAX_NAMES = 20_000;
const names = new Map<string, string>();

/**
 * `s`, or a copy of it when it may hold another string: V8 makes a slice of 13 characters or more (and a
 * concatenation) a view of the strings it came from, so a name sliced from a document and kept for the process would
 * keep the whole document.
 */
export function own(s: string): string {
  return s.length < 13 ? s : JSON.parse(JSON.stringify(s)) as string;
}

/** The one string object equal to `s` (or `s` itself, once the table is full). */
export function intern(s: string): string {
  const known = names.get(s);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMES) return s;
  const kept = own(s);
  names.set(kept, kept);
  return kept;
}

/** The one string object equal to `s` if there is one already, else `s` (nothing is added to the table). */
export function interned(s: string): string {
  return names.get(s) ?? s;
}
