/**
 * A path or value as one word of a POSIX shell command that pintae suggests (`run pintae check <file>`), so the line
 * can be copied as it is: a name with a space, a quote, `$` or `*` in it would otherwise run on other files, or none.
 * Plain names stay as they are. A word already quoted this way is returned as it is: a sentence read back from its
 * English (reasons.ts) carries the quoted word as its parameter, and is said again from it.
 */
const PLAIN = /^[\p{L}\p{N}_./:@%+=,-]+$/u;
const QUOTED = /^'(?:[^']|'\\'')*'$/;

export function shellWord(word: string): string {
  // No path holds a NUL: reasons.ts learns a sentence's shape from parameters marked with NULs, and must see the word as
  // a hole that a plain or a quoted word fills alike.
  if (word.includes('\u0000')) return word;
  // "-" is standard input, as the command reads it.
  if (word === '-' || (PLAIN.test(word) && !word.startsWith('-'))) return word;
  if (QUOTED.test(word) && word.length > 1) return word;
  // A file whose name starts with "-" would be read as an option: ./ keeps it a path.
  const path = word.startsWith('-') ? `./${word}` : word;
  return PLAIN.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
