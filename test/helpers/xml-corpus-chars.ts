/**
 * Corpus families about bytes and characters: truncations, corrupted bytes, invalid UTF-8, characters XML forbids
 * (raw and as references), entities, stray '&' and '<', XML declarations, and encodings (declared names and the bytes
 * really written: UTF-16 with and without a byte-order mark, ISO-8859-1, US-ASCII, UCS-4, EBCDIC). Each family mixes
 * what libxml2 accepts with what it refuses; the test, not the family, says which is which.
 */
import { concat, latin1, utf16, utf8, type Doc, type Family, type Rng } from './xml-corpus-doc.js';

const hex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');
const show = (s: string) => JSON.stringify(s).slice(1, -1);

/** The example with its XML declaration replaced (`decl` '' removes it). */
const withDeclaration = (doc: Doc, decl: string) => decl + doc.text.slice(doc.declEnd);

/** The example with a few characters beyond ASCII in its text: some in ISO-8859-1, one beyond it. */
function nonAscii(doc: Doc, r: Rng, beyondLatin1 = true): string {
  let text = doc.text;
  const chars = beyondLatin1 ? ['é', 'ü', '\u00A0', '€', 'Ω', '\u{1F600}'] : ['é', 'ü', '\u00A0', 'ß', '\u00FF'];
  const spans = [...doc.texts].sort((a, b) => b[0] - a[0]).slice(0, 3);
  for (const [, end] of spans) text = text.slice(0, end) + r.pick(chars) + text.slice(end);
  return text;
}

const truncation: Family = (doc, r) => {
  const bytes = utf8(doc.text);
  const at = r.chance(0.25) ? bytes.length - r.between(1, 14) : r.int(bytes.length);
  return { what: `cut at byte ${at} of ${bytes.length}`, bytes: bytes.slice(0, at) };
};

const BYTES = [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x20, 0x22, 0x26, 0x27, 0x2f, 0x3a, 0x3c, 0x3d, 0x3e, 0x3f, 0x5d, 0x7f, 0x80, 0xbf,
  0xc0, 0xc3, 0xe0, 0xed, 0xf4, 0xf5, 0xfe, 0xff];
const corruption: Family = (doc, r) => {
  const bytes = utf8(doc.text);
  const at = r.int(bytes.length);
  const b = r.chance(0.8) ? r.pick(BYTES) : r.int(256);
  switch (r.int(3)) {
    case 0: { const out = bytes.slice(); out[at] = b; return { what: `byte ${at} set to 0x${hex(b)}`, bytes: out }; }
    case 1: return { what: `0x${hex(b)} inserted at byte ${at}`, bytes: concat(bytes.subarray(0, at), Uint8Array.of(b), bytes.subarray(at)) };
    default: return { what: `byte ${at} deleted`, bytes: concat(bytes.subarray(0, at), bytes.subarray(at + 1)) };
  }
};

const SEQUENCES: Array<[string, number[]]> = [
  ['overlong "/"', [0xc0, 0xaf]], ['overlong 3-byte form', [0xe0, 0x80, 0xaf]], ['overlong 4-byte form', [0xf0, 0x80, 0x80, 0xaf]],
  ['C1 lead byte', [0xc1, 0x81]], ['encoded surrogate D800', [0xed, 0xa0, 0x80]], ['encoded surrogate DFFF', [0xed, 0xbf, 0xbf]],
  ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80]], ['F5 lead byte', [0xf5, 0x80, 0x80, 0x80]], ['5-byte form', [0xf8, 0x88, 0x80, 0x80, 0x80]],
  ['truncated 3-byte sequence', [0xe2, 0x82]], ['lone continuation byte', [0x80]], ['byte FE', [0xfe]], ['byte FF', [0xff]],
  ['U+0085', [0xc2, 0x85]], ['U+FFFE', [0xef, 0xbf, 0xbe]], ['U+FFFF', [0xef, 0xbf, 0xbf]], ['U+1F600', [0xf0, 0x9f, 0x98, 0x80]],
  ['U+FDD0', [0xef, 0xb7, 0x90]], ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf]], ['U+D7FF', [0xed, 0x9f, 0xbf]], ['U+E000', [0xee, 0x80, 0x80]],
];
const invalidUtf8: Family = (doc, r) => {
  const [what, sequence] = r.pick(SEQUENCES);
  const at = r.chance(0.75) ? doc.somewhereInData(r) : r.int(doc.text.length);
  return { what: `${what} at ${at}`, bytes: concat(utf8(doc.text.slice(0, at)), Uint8Array.from(sequence), utf8(doc.text.slice(at))) };
};

const CHARS = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F', '\u00A0', '\u2028',
  '\uD7FF', '\uE000', '\uFFFD', '\uFFFE', '\uFFFF', '\u{10000}', '\u{1F600}', '\u{10FFFF}', '\uFDD0', '\t', '\r', '\r\n'];
const character: Family = (doc, r) => {
  const c = r.pick(CHARS);
  const at = r.chance(0.8) ? doc.somewhereInData(r) : r.int(doc.text.length);
  return { what: `raw "${show(c)}" at ${at}`, text: doc.splice(at, 0, c) };
};

const REFERENCES = ['&#0;', '&#1;', '&#x1F;', '&#9;', '&#xA;', '&#xD;', '&#x20;', '&#xD7FF;', '&#xD800;', '&#xDFFF;', '&#xE000;', '&#xFFFD;',
  '&#xFFFE;', '&#xFFFF;', '&#x10000;', '&#x10FFFF;', '&#x110000;', '&#1114111;', '&#1114112;', '&#99999999999;', '&#X41;', '&#x;', '&#;',
  '&#00065;', '&#x0041;', '&#-1;', '&#65', '&#x41 ;', '&#x85;', '&#133;', '&#x1F600;', '&#xd83d;&#xde00;', '&#x2028;'];
const characterReference: Family = (doc, r) => {
  const ref = r.pick(REFERENCES);
  const at = r.chance(0.85) ? doc.somewhereInData(r) : r.int(doc.text.length);
  return { what: `${ref} at ${at}`, text: doc.splice(at, 0, ref) };
};

const ENTITIES = ['&nbsp;', '&copy;', '&Amp;', '&AMP;', '&amp', '&lt;', '&gt;', '&quot;', '&apos;', '&#38;', '&amp;amp;', '&;', '&1a;', '&a b;',
  '&é;', '&a:b;', '&lt', '& ', '&&amp;', '&x\u{10000};'];
const entity: Family = (doc, r) => {
  const ref = r.pick(ENTITIES);
  const at = r.chance(0.85) ? doc.somewhereInData(r) : r.int(doc.text.length);
  return { what: `${ref} at ${at}`, text: doc.splice(at, 0, ref) };
};

const STRAYS = ['&', '<', '>', ']]>', ']]', '"', "'", '<>', '</>', '<!', '<?', '<a', '=', '/', '\'"'];
const stray: Family = (doc, r) => {
  const s = r.pick(STRAYS);
  const at = r.chance(0.7) ? doc.somewhereInData(r) : r.int(doc.text.length);
  return { what: `"${s}" at ${at}`, text: doc.splice(at, 0, s) };
};

const NAMES = ['UTF-8', 'utf-8', 'UTF8', 'utf8', 'Utf-8', 'UTF-16', 'utf-16', 'UTF16', 'UTF-16LE', 'UTF-16BE', 'ISO-8859-1', 'iso-8859-1',
  'ISO-LATIN-1', 'latin1', 'ISO_8859-1', 'ISO-8859-2', 'ISO-8859-15', 'ISO-8859-16', 'windows-1252', 'CP1252', 'ASCII', 'US-ASCII', 'us-ascii',
  'UCS-2', 'UCS-4', 'UTF-32', 'EUC-JP', 'Shift_JIS', '', '1UTF', 'UTF 8', 'UTF-8 ', ' UTF-8', 'UTF-8.'];
/** The example's text with `decl` in front (written in whatever encoding the family chooses). */
const declared = (doc: Doc, r: Rng, decl: string, latin1Only = false) => decl + nonAscii(doc, r, !latin1Only).slice(doc.declEnd);

const declaredEncoding: Family = (doc, r) => {
  const name = r.pick(NAMES);
  const decl = `<?xml version="1.0" encoding="${name}"?>`;
  return r.chance(0.5) ? { what: `${decl}, ASCII text`, text: withDeclaration(doc, decl) } : { what: `${decl}, text beyond ASCII`, text: declared(doc, r, decl) };
};

const byteEncoding: Family = (doc, r) => {
  const utf16Decl = '<?xml version="1.0" encoding="UTF-16"?>';
  const name = r.pick(NAMES);
  switch (r.int(14)) {
    case 0: return { what: 'UTF-16LE with a BOM, UTF-8 declared', bytes: utf16(declared(doc, r, '<?xml version="1.0" encoding="UTF-8"?>'), true, true) };
    case 1: return { what: 'UTF-16BE with a BOM, UTF-16 declared', bytes: utf16(declared(doc, r, utf16Decl), false, true) };
    case 2: return { what: `UTF-16${r.chance(0.5) ? 'LE' : 'BE'} without a BOM, "${name}" declared`, bytes: utf16(declared(doc, r, `<?xml version="1.0" encoding="${name}"?>`), r.chance(0.5), false) };
    case 3: return { what: 'UTF-16 without a BOM or a declaration', bytes: utf16(declared(doc, r, ''), r.chance(0.5), false) };
    case 4: return { what: 'UTF-16LE with a BOM, no declaration', bytes: utf16(declared(doc, r, ''), true, true) };
    case 5: return { what: `UTF-8 with a BOM, "${name}" declared`, bytes: concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8(declared(doc, r, `<?xml version="1.0" encoding="${name}"?>`))) };
    case 6: return { what: `ISO-8859-1 bytes, "${r.pick(['ISO-8859-1', 'iso-latin-1'])}" declared`, bytes: latin1(declared(doc, r, `<?xml version="1.0" encoding="${r.pick(['ISO-8859-1', 'ISO-LATIN-1'])}"?>`, true)) };
    case 7: return { what: 'ISO-8859-1 bytes, UTF-8 declared or nothing', bytes: latin1(declared(doc, r, r.pick(['<?xml version="1.0" encoding="UTF-8"?>', '']), true)) };
    case 8: return { what: 'UTF-8 beyond ASCII, US-ASCII declared', bytes: utf8(declared(doc, r, `<?xml version="1.0" encoding="${r.pick(['US-ASCII', 'ascii'])}"?>`)) };
    case 9: return { what: 'UTF-8 beyond ASCII, ISO-8859-1 declared', bytes: utf8(declared(doc, r, '<?xml version="1.0" encoding="ISO-8859-1"?>')) };
    case 10: {
      const bytes = utf16(declared(doc, r, utf16Decl), true, true);
      return r.chance(0.5)
        ? { what: 'UTF-16 with an odd last byte', bytes: concat(bytes, Uint8Array.of(0x0a)) }
        : { what: 'UTF-16 with an unpaired surrogate', bytes: utf16(declared(doc, r, utf16Decl).replace('</cbc:ID>', '\uD800</cbc:ID>'), true, true) };
    }
    case 11: {
      const text = declared(doc, r, '');
      const ucs4 = new Uint8Array(text.length * 4);
      for (let i = 0; i < text.length; i++) ucs4[4 * i + 3] = text.charCodeAt(i) & 0xff;
      return r.pick([
        { what: 'UCS-4 big-endian', bytes: ucs4 },
        { what: 'EBCDIC-looking start', bytes: concat(Uint8Array.of(0x4c, 0x6f, 0xa7, 0x94), utf8(text)) },
        { what: 'two byte-order marks', bytes: concat(Uint8Array.of(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf), utf8(doc.text)) },
        { what: 'BOM, space, declaration', bytes: concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8(` ${doc.text}`)) },
      ]);
    }
    case 12: {
      // The declaration in single bytes, the rest in UTF-16: libxml2 switches decoders right after the encoding value.
      const little = r.chance(0.5);
      const rest = `?>${nonAscii(doc, r).slice(doc.declEnd)}`;
      return { what: `ASCII declaration of UTF-16${little ? 'LE' : 'BE'}, the rest in it`, bytes: concat(utf8(`<?xml version="1.0" encoding="UTF-16${little ? '' : 'BE'}"`), utf16(rest, little, false)) };
    }
    default: return { what: 'UTF-16BE with a BOM, ISO-8859-1 declared', bytes: utf16(declared(doc, r, '<?xml version="1.0" encoding="ISO-8859-1"?>'), false, true) };
  }
};

const DECLARATIONS = ['<?xml version="1.0"encoding="UTF-8"?>', "<?xml  version = '1.0'  encoding = 'UTF-8' ?>", '<?xml version="1.0" standalone="yes" encoding="UTF-8"?>',
  '<?xml version="1.0" encoding="UTF-8"', '<?XML version="1.0"?>', '<?xml\tversion="1.0"\r\n?>', '<?xml version="1.0" encoding=\'UTF-8"?>',
  '<?xml version="1.0" encoding="UTF-8" ?>', '<?xml?>', '<?xml encoding="UTF-8"?>', '<?xml version="1.0"?>', '<?xml version=1.0?>',
  '<?xml version="1.0" foo="bar"?>', '<?xml version="1.0">', '<?xml-stylesheet href="x"?>', '<?xml version="1.0" encoding="UTF-8" standalone=\'no\'?>',
  '<?xml version="1.0" standalone="yes"?>', '<?xml version="1.0" standalone="YES"?>', '<?xml version="1.0" standalone="maybe"?>', '<?xml\rversion="1.0"?>'];
const VERSIONS = ['1.0', '1.1', '1.5', '1.', '1.10', '2.0', '0.9', '1', '1.0a', ' 1.0', '1.0 ', ''];
const declaration: Family = (doc, r) => {
  const body = doc.text.slice(doc.declEnd);
  const decl = doc.text.slice(0, doc.declEnd);
  switch (r.int(6)) {
    case 0: { const before = r.pick([' ', '\n', '\t', '<!-- c -->', '<?pi x?>', '\uFEFF', '\r\n']); return { what: `"${show(before)}" before the declaration`, text: before + doc.text }; }
    case 1: {
      const at = r.chance(0.5) ? doc.root.end : doc.text.length;
      return { what: `a second declaration at ${at}`, text: doc.splice(at, 0, r.pick(['<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-8"?>'])) };
    }
    case 2: return { what: 'no declaration', text: r.chance(0.5) ? body : body.trimStart() };
    case 3: {
      const version = r.pick(VERSIONS);
      const text = `<?xml version="${version}" encoding="UTF-8"?>${body}`;
      // XML 1.1 would allow these; libxml2 reads every 1.x by the 1.0 rules.
      const extra = r.pick(['', '', '&#1;', '\u0085', '&#x85;', '\u0001']);
      return { what: `version "${version}"${extra ? ` with "${show(extra)}"` : ''}`, text: extra ? text.replace('</cbc:ID>', `${extra}</cbc:ID>`) : text };
    }
    case 4: return { what: 'declaration replaced', text: r.pick(DECLARATIONS) + body };
    default: return { what: `declaration "${show(decl)}" kept, whitespace after it changed`, text: decl + r.pick(['', '\r\n', '\n\n\t ']) + body.trimStart() };
  }
};

export const CHAR_FAMILIES: Array<[string, Family]> = [
  ['truncation', truncation], ['byte corruption', corruption], ['invalid UTF-8', invalidUtf8], ['character', character],
  ['character reference', characterReference], ['entity', entity], ['stray', stray], ['declared encoding', declaredEncoding],
  ['byte encoding', byteEncoding], ['declaration', declaration],
];
