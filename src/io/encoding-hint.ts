/*
 * What a file that is not UTF-8 probably is, so the error says what to do (docs/decisions.md, "Every input read as
 * sent"). Only guesses: the verdict (the file is refused) never depends on them.
 */

import { reasonWords } from '../messages/reasons.js';
import { subjectWords, type InputSubject } from '../messages/subject.js';

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Length of the well-formed UTF-8 sequence at `i` (overlong forms and surrogates are not), 0 when there is none. */
function sequenceAt(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
  if (n === 0 || i + n >= b.length) return 0;
  const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
  const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
  if (b[i + 1]! < lo || b[i + 1]! > hi) return 0;
  for (let k = 2; k <= n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return 0;
  return n + 1;
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (the length when every one does). */
export function firstNotUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const n = sequenceAt(b, i);
    if (n === 0) return i;
    i += n;
  }
  return b.length;
}

/** A lead byte and continuation bytes up to the end of the file: a character the file stops in the middle of. */
function cutShort(b: Uint8Array, at: number): boolean {
  const c = b[at]!;
  const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
  if (n === 0 || at + n < b.length) return false;
  for (let k = at + 1; k < b.length; k++) if ((b[k]! & 0xc0) !== 0x80) return false;
  return true;
}

/** Bytes Windows-1252 leaves undefined: a file holding one is not Windows-1252 text. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Why the byte at `bad` is refused, and what the file looks like. The guess reads the whole file: UTF-8 elsewhere in
 * it means two encodings mixed; high bytes standing alone or in pairs among ASCII (`Café`, `Ação`), none of them
 * undefined in Windows-1252, mean Windows-1252 (or Latin-1, its subset), as older ERP exports and Excel write; high
 * bytes in longer runs are words of a script other than Latin, as an 8-bit code page such as Windows-1256 (Arabic)
 * writes them; C0 controls other than white space mean the file is not text at all. `text`: what the input should be
 * (JSON, or an XML document: `check`'s reader), for the words of that last case.
 */
export function utf8Hint(b: Uint8Array, bad: number, subject: InputSubject = 'file', text: 'json' | 'xml' = 'json'): string {
  const said = { byte: hex(b[bad]!), subject: subjectWords(subject) };
  if (cutShort(b, bad)) return reasonWords('reason.text.cut-short', said);
  let multibyte = 0, high = 0, inShortRuns = 0, undefined1252 = 0, controls = 0;
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c < 0x80) { if (c < 0x09 || (c > 0x0d && c < 0x20)) controls++; i++; continue; }
    const n = sequenceAt(b, i);
    if (n > 1) { multibyte++; i += n; continue; }
    let j = i;
    while (j < b.length && b[j]! >= 0x80 && sequenceAt(b, j) === 0) { if (UNDEFINED_1252.has(b[j]!)) undefined1252++; j++; }
    high += j - i;
    if (j - i <= 2) inShortRuns += j - i;
    i = j;
  }
  if (controls > 0) return reasonWords(text === 'xml' ? 'reason.text.not-xml-text' : 'reason.text.not-text', said);
  if (multibyte > 0) return reasonWords('reason.text.mixed', said);
  if (undefined1252 === 0 && inShortRuns * 2 >= high) return reasonWords('reason.text.windows-1252', said);
  return reasonWords('reason.text.code-page', said);
}

/**
 * Words for a file without a byte-order mark that looks like UTF-16 (a zero byte in most pairs, always on the same
 * side, as ASCII characters are in UTF-16), or undefined. Read from the first 4 KiB.
 */
export function utf16Hint(b: Uint8Array, subject: InputSubject = 'file'): string | undefined {
  const n = Math.min(b.length, 4096) & ~1;
  let even = 0, odd = 0;
  for (let i = 0; i < n; i++) if (b[i] === 0) { if (i % 2 === 0) even++; else odd++; }
  const pairs = n / 2;
  const side = odd > pairs / 4 && even * 8 <= odd ? 'UTF-16LE' : even > pairs / 4 && odd * 8 <= even ? 'UTF-16BE' : undefined;
  if (side === undefined) return undefined;
  return reasonWords('reason.text.utf16-no-bom', { side, subject: subjectWords(subject) });
}
