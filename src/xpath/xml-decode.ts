/*
 * Bytes to text as libxml2 decodes an XML document (built without iconv, as xmllint-wasm is): a byte-order mark
 * decides (UTF-8, UTF-16LE, UTF-16BE); so do the first bytes of a UTF-16 XML declaration without one ('<?' in
 * UTF-16); otherwise the declared encoding, switched to right after the declaration's encoding value, as libxml2
 * switches its decoder there; no declaration means UTF-8. Anything that does not decode is a located XmlError.
 */
import { xmlErrorAt, XmlError } from './xml-error.js';

type Decoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1' | 'ascii';

/** Declared names libxml2 accepts (compared in upper case), and how it then decodes. */
const DECLARED: Record<string, Decoding> = {
  'UTF-8': 'utf-8', UTF8: 'utf-8', 'UTF-16': 'utf-16le', UTF16: 'utf-16le', 'UTF-16LE': 'utf-16le', 'UTF-16BE': 'utf-16be',
  'ISO-8859-1': 'latin1', 'ISO-LATIN-1': 'latin1', ASCII: 'ascii', 'US-ASCII': 'ascii',
};
const SUPPORTED = 'UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 and US-ASCII';

const decoders = new Map<string, TextDecoder>();
/** A fatal decoder that keeps a byte-order mark as U+FEFF, so the text says what the bytes said. */
function decoder(name: 'utf-8' | 'utf-16le' | 'utf-16be'): TextDecoder {
  let d = decoders.get(name);
  if (!d) decoders.set(name, d = new TextDecoder(name, { fatal: true, ignoreBOM: true }));
  return d;
}

/** The text of an XML document's bytes. Throws XmlError for bytes that do not decode or an unsupported encoding. */
export function decodeXml(bytes: Uint8Array): string {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decode(bytes, 0, 'utf-8', '');
  // libxml2 looks at the first four bytes only when there are four.
  if (bytes.length >= 4) {
    if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0x3c && b1 === 0 && b2 === 0x3f && b3 === 0)) return decode(bytes, 0, 'utf-16le', '');
    if ((b0 === 0xfe && b1 === 0xff) || (b0 === 0 && b1 === 0x3c && b2 === 0 && b3 === 0x3f)) return decode(bytes, 0, 'utf-16be', '');
    if ((b0 === 0 && b1 === 0 && b2 === 0 && b3 === 0x3c) || (b0 === 0x3c && b1 === 0 && b2 === 0 && b3 === 0)) {
      throw new XmlError(`the document is in UCS-4 (UTF-32), which is not supported: pintae reads ${SUPPORTED}`, 1, 1);
    }
    if (b0 === 0x4c && b1 === 0x6f && b2 === 0xa7 && b3 === 0x94) {
      throw new XmlError(`the document is in EBCDIC, which is not supported: pintae reads ${SUPPORTED}`, 1, 1);
    }
  }
  const declared = declaredEncoding(bytes);
  if (!declared) return decode(bytes, 0, 'utf-8', '');
  const decoding = DECLARED[declared.name.toUpperCase()];
  if (!decoding) {
    throw xmlErrorAt(ascii(bytes.subarray(0, declared.end)), 0, declared.at, `encoding "${declared.name}" is not supported: pintae reads ${SUPPORTED}`);
  }
  if (decoding === 'utf-8') return decode(bytes, 0, 'utf-8', '');
  const prefix = ascii(bytes.subarray(0, declared.end));
  const text = decode(bytes, declared.end, decoding, prefix);
  if (decoding !== 'utf-16le' && decoding !== 'utf-16be') return text;
  // UTF-16 declared in single bytes: libxml2 reads the rest as UTF-16, which is hardly ever what the bytes are.
  if (!/^(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\1)?[ \t\r\n]*\?>/.test(text.slice(prefix.length))) {
    throw xmlErrorAt(prefix, 0, declared.at, `encoding "${declared.name}" is declared, but the document is not UTF-16 with a byte-order mark`);
  }
  return text;
}

/** Decodes bytes[from..] and returns `prefix` followed by the text; throws a located XmlError where bytes are invalid. */
function decode(bytes: Uint8Array, from: number, decoding: Decoding, prefix: string): string {
  const rest = bytes.subarray(from);
  if (decoding === 'latin1') return prefix + latin1(rest);
  if (decoding === 'ascii') {
    const bad = rest.findIndex((b) => b >= 0x80);
    if (bad < 0) return prefix + latin1(rest);
    throw invalid(prefix + latin1(rest.subarray(0, bad)), `byte 0x${hex(rest[bad]!)} is not US-ASCII`);
  }
  try {
    return prefix + decoder(decoding).decode(rest);
  } catch {
    const bad = decoding === 'utf-8' ? invalidUtf8(rest) : invalidUtf16(rest, decoding === 'utf-16le');
    const shown = [...rest.subarray(bad, bad + 4)].map((b) => `0x${hex(b)}`).join(' ');
    const before = decoder(decoding).decode(rest.subarray(0, bad));
    const error = invalid(prefix + before, `invalid bytes in character encoding ${decoding.toUpperCase()} (${shown})`);
    if (decoding === 'utf-8') error.notUtf8At = from + bad;
    throw error;
  }
}

/** The error for bytes that do not decode, located just after the text decoded before them. */
function invalid(before: string, reason: string): XmlError {
  return xmlErrorAt(before, before.charCodeAt(0) === 0xfeff ? 1 : 0, before.length, reason);
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (overlong forms and surrogates are not). */
function invalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c < 0x80) { i++; continue; }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0 || i + n >= b.length) return i;
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (b[i + 1]! < lo || b[i + 1]! > hi) return i;
    for (let k = 2; k <= n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}

/** Offset of the first unpaired surrogate, or of a last odd byte (JSON text is decoded by the same scan: src/io/text.ts). */
export function invalidUtf16(b: Uint8Array, little: boolean): number {
  const unit = (i: number) => (little ? b[i]! | (b[i + 1]! << 8) : (b[i]! << 8) | b[i + 1]!);
  for (let i = 0; i + 1 < b.length; i += 2) {
    const u = unit(i);
    if (u >= 0xdc00 && u <= 0xdfff) return i;
    if (u >= 0xd800 && u <= 0xdbff) {
      if (i + 3 >= b.length) return i;
      const v = unit(i + 2);
      if (v < 0xdc00 || v > 0xdfff) return i;
      i += 2;
    }
  }
  return b.length - (b.length % 2);
}

function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
}
const ascii = latin1;
const hex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

const isBlank = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The encoding named by the XML declaration at the start of the bytes, read as libxml2 reads it up to the encoding
 * value: `at` is where the name starts, `end` just after its closing quote (where libxml2 switches decoders). Anything
 * else in the declaration is the parser's to judge; a declaration that goes wrong before the name names none.
 */
function declaredEncoding(b: Uint8Array): { name: string; at: number; end: number } | undefined {
  const text = (from: number, word: string) => word.split('').every((ch, k) => b[from + k] === ch.charCodeAt(0));
  if (!text(0, '<?xml') || !isBlank(b[5])) return undefined;
  let i = 5;
  const blanks = () => { const from = i; while (isBlank(b[i])) i++; return i > from; };
  const eq = () => { blanks(); if (b[i] !== 0x3d) return false; i++; blanks(); return true; };
  blanks();
  if (!text(i, 'version')) return undefined;
  i += 7;
  if (!eq()) return undefined;
  const q1 = b[i];
  if (q1 !== 0x22 && q1 !== 0x27) return undefined;
  i++;
  while (b[i] !== undefined && b[i] !== q1 && b[i]! < 0x80) i++;
  if (b[i] !== q1) return undefined;
  i++;
  if (!blanks() || !text(i, 'encoding')) return undefined;
  i += 8;
  if (!eq()) return undefined;
  const q2 = b[i];
  if (q2 !== 0x22 && q2 !== 0x27) return undefined;
  const at = ++i;
  if (!/[A-Za-z]/.test(String.fromCharCode(b[i] ?? 0))) return undefined;
  while (b[i] !== undefined && /[A-Za-z0-9._-]/.test(String.fromCharCode(b[i]!))) i++;
  if (b[i] !== q2) return undefined;
  return { name: ascii(b.subarray(at, i)), at, end: i + 1 };
}
