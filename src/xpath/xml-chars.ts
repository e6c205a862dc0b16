/*
 * The character classes of XML 1.0 (fifth edition) and Namespaces in XML that the reader checks, and libxml2's
 * resource limits (without XML_PARSE_HUGE, as xmllint runs): pintae refuses what libxml2 refuses.
 */

// Names without the colon: namespace-aware names are NCName or NCName:NCName.
const START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D'
  + '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const REST = `${START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NCNAME = `[${START}][${REST}]*`;
export const QNAME_AT = new RegExp(`${NCNAME}(?::${NCNAME})?`, 'uy');
export const NCNAME_AT = new RegExp(NCNAME, 'uy');
/** A whole XML Name (colons allowed): tells an undefined entity reference from a stray '&'. */
export const NAME_ONLY = new RegExp(`^[${START}:][${REST}:]*$`, 'u');
/** For each ASCII code: 1 a name start character, 2 a name character that cannot start a name, 0 neither (':' is 0). */
export const ASCII_NAME = new Uint8Array(128).map((_, c) => (/[A-Za-z_]/.test(String.fromCharCode(c)) ? 1 : /[-.0-9]/.test(String.fromCharCode(c)) ? 2 : 0));
/** A character XML 1.0 does not allow anywhere (lone surrogates included, thanks to the u flag). */
export const NOT_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/** libxml2's XML_MAX_NAME_LENGTH: an NCName (or a processing-instruction target) of more UTF-8 bytes is refused. */
export const MAX_NAME_BYTES = 50_000;
/**
 * libxml2's XML_MAX_TEXT_LENGTH: a text node or a comment of more bytes is refused. libxml2 also refuses a start tag,
 * CDATA section or processing instruction that holds more than this past its last input-buffer shrink, which depends
 * on its read buffers; pintae refuses one longer than this (docs/decisions.md).
 */
export const MAX_TEXT_BYTES = 10_000_000;
/** libxml2's xmlParserMaxDepth: an element with this many open ancestors is refused ("Excessive depth in document"). */
export const MAX_DEPTH = 257;

/** UTF-8 length of a string of well-formed UTF-16 (the size libxml2 measures its limits in). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // 2 bytes for U+0080–U+07FF, 3 for the rest of the BMP; a surrogate pair (2 units) is 4 bytes.
    if (c >= 0x80) n += c < 0x800 || (c & 0xf800) === 0xd800 ? 1 : 2;
  }
  return n;
}

/** True when `s` may exceed `limit` UTF-8 bytes: the exact count is taken only when it could (3 bytes a unit at most). */
export const over = (s: string, limit: number) => s.length * 3 > limit && utf8Length(s) > limit;

export const codePoint = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
