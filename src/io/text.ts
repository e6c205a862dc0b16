/*
 * The one decoder of the text files pintae reads (invoices, bulk bodies, entity records, rate tables, the config
 * file, the ledger, reports to merge, API answers): UTF-8 with or without a byte-order mark, or UTF-16 (LE or BE)
 * with one. Anything else is refused at its byte, located in the text as the user sees it, with a guess at what the
 * file is (src/io/encoding-hint.ts); nothing is ever replaced by U+FFFD (docs/decisions.md, "Every input read as sent").
 */
import { firstNotUtf8, utf16Hint, utf8Hint } from './encoding-hint.js';
import { InputError } from './input-file.js';
import { reasonAt } from './errors.js';
import { invalidUtf16 } from '../xpath/xml.js';
import { reasonWords } from '../messages/reasons.js';
import { subjectWords, type InputSubject } from '../messages/subject.js';

/** Why bytes are not text pintae reads, and where: line and column (1-based, columns in UTF-16 code units, a BOM not counted). */
export interface Undecodable { message: string; line: number; column: number }

export type Decoded = { ok: true; text: string } | ({ ok: false } & Undecodable);

/** Bytes that are not text pintae reads, as an input error that carries its place (see `placeOf`). */
export class UndecodableText extends InputError {
  constructor(readonly reason: string, readonly line: number, readonly column: number) {
    super(`${line}:${column}: ${reason}`, 'EILSEQ');
    this.name = 'UndecodableText';
  }
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';
const decoders = new Map<Encoding, TextDecoder>();
/** Fatal: a decoder that replaced what it cannot read would hand on text the file does not hold. */
function decoder(name: Encoding): TextDecoder {
  let d = decoders.get(name);
  if (!d) decoders.set(name, d = new TextDecoder(name, { fatal: true, ignoreBOM: true }));
  return d;
}

const isDecodingError = (e: unknown) => e instanceof TypeError && (e as NodeJS.ErrnoException).code === 'ERR_ENCODING_INVALID_ENCODED_DATA';

/** The text of a file's bytes, without its byte-order mark; or why it is not text pintae reads, and where. */
export function decodeText(bytes: Uint8Array, subject: InputSubject = 'file'): Decoded {
  const [b0, b1, b2, b3] = bytes;
  const utf32 = () => refuse(reasonWords('reason.text.utf32', { subject: subjectWords(subject) }), 1, 1);
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return utf32();
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return utf32();
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return utf8(bytes.subarray(3), subject);
  if (b0 === 0xff && b1 === 0xfe) return utf16(bytes.subarray(2), 'utf-16le', subject);
  if (b0 === 0xfe && b1 === 0xff) return utf16(bytes.subarray(2), 'utf-16be', subject);
  // JSON and CSV text never holds a NUL byte; UTF-16 without a byte-order mark holds one in nearly every pair.
  const bomless = bytes.includes(0) ? utf16Hint(bytes, subject) : undefined;
  if (bomless) return refuse(bomless, 1, 1);
  return utf8(bytes, subject);
}

function utf8(bytes: Uint8Array, subject: InputSubject): Decoded {
  try {
    return { ok: true, text: decoder('utf-8').decode(bytes) };
  } catch (e) {
    if (!isDecodingError(e)) throw e;
    const bad = firstNotUtf8(bytes);
    return located(decoder('utf-8').decode(bytes.subarray(0, bad)), utf8Hint(bytes, bad, subject));
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', subject: InputSubject): Decoded {
  try {
    return { ok: true, text: decoder(encoding).decode(bytes) };
  } catch (e) {
    if (!isDecodingError(e)) throw e;
    const little = encoding === 'utf-16le';
    const bad = invalidUtf16(bytes, little);
    const name = little ? 'UTF-16LE' : 'UTF-16BE';
    const reason = bad + 1 >= bytes.length
      ? reasonWords('reason.text.utf16-cut', { side: name, subject: subjectWords(subject) })
      : reasonWords('reason.text.utf16-half', { bytes: `${hex(bytes[bad]!)} ${hex(bytes[bad + 1]!)}`, side: name, subject: subjectWords(subject) });
    return located(decoder(encoding).decode(bytes.subarray(0, bad)), reason);
  }
}

/** The error located just after `before`, the text the file holds ahead of the offending byte (lines end at LF, as the JSON reader counts them). */
function located(before: string, reason: string): Decoded {
  const lastLf = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return refuse(reason, line, before.length - lastLf);
}

const refuse = (message: string, line: number, column: number): Decoded => ({ ok: false, message, line, column });
const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** The text of bytes, or an UndecodableText to throw (for readers that hand text on and report failures as they do a read error). */
export function textOrThrow(bytes: Uint8Array, subject: InputSubject = 'file'): string {
  const decoded = decodeText(bytes, subject);
  if (!decoded.ok) throw new UndecodableText(decoded.message, decoded.line, decoded.column);
  return decoded.text;
}

/** The text of a file pintae needs to run at all (entity records, rate tables, the config): undecodable is a usage error at `path:line:column`. */
export function usageText(bytes: Uint8Array, path: string): string {
  const decoded = decodeText(bytes);
  if (!decoded.ok) throw reasonAt(`${path}:${decoded.line}:${decoded.column}`, decoded.message);
  return decoded.text;
}

/** What a read failure says and where, for a located result: an UndecodableText's place, else its words alone. */
export function placeOf(e: unknown, words: (e: unknown) => string): { message: string; line?: number; column?: number } {
  if (e instanceof UndecodableText) return { message: e.reason, line: e.line, column: e.column };
  return { message: words(e) };
}

/** An API answer's text; an answer that is not text pintae reads becomes words about it, never text with U+FFFD in it. */
export function answerText(bytes: Uint8Array): string {
  const decoded = decodeText(bytes, 'answer');
  if (decoded.ok) return decoded.text;
  const words = decoded.message.replace(/ — save .*$/, '');
  return `(an answer that is not text pintae reads, not shown: ${decoded.line}:${decoded.column}: ${words})`;
}
