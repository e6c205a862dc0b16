// The reader's positions (line and column of every element and attribute), its decoding of bytes (decodeXml), and
// libxml2's limits it applies. Verdicts on well-formedness against libxml2 itself: test/conformance/xml-wellformed.test.ts.
import { describe, expect, it } from 'vitest';
import type { XAttr, XDocument, XElement } from '../../../src/xpath/api.js';
import { decodeXml, parseXml, readXml, XmlError } from '../../../src/xpath/xml.js';

/** Every element and attribute as `name@line:column`, in document order. */
function positions(doc: XDocument): string[] {
  const out: string[] = [];
  const visit = (e: XElement) => {
    out.push(`${e.prefix ? `${e.prefix}:` : ''}${e.local}@${e.line}:${e.column}`);
    for (const a of e.attrs) out.push(`@${a.local}@${a.line}:${a.column}`);
    for (const c of e.children) if (c.kind === 1) visit(c);
  };
  for (const c of doc.children) if (c.kind === 1) visit(c);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
function utf16(s: string, little: boolean, bom = true): Uint8Array {
  const t = (bom ? '\uFEFF' : '') + s;
  const out = new Uint8Array(t.length * 2);
  for (let i = 0; i < t.length; i++) {
    out[2 * i + (little ? 0 : 1)] = t.charCodeAt(i) & 0xff;
    out[2 * i + (little ? 1 : 0)] = t.charCodeAt(i) >> 8;
  }
  return out;
}
const bytes = (...parts: Array<string | number[]>) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

function error(read: () => unknown): XmlError {
  try { read(); } catch (e) { if (e instanceof XmlError) return e; throw e; }
  throw new Error('expected an XmlError');
}

describe('positions: elements at their "<", attributes at their name, in the original text', () => {
  it('on one line and across LF line ends', () => {
    expect(positions(parseXml('<a x="1">\n  <b y="2" z="3"/>\n</a>'))).toEqual(['a@1:1', '@x@1:4', 'b@2:3', '@y@2:6', '@z@2:12']);
  });

  it('after an XML declaration, comments and a processing instruction', () => {
    expect(positions(parseXml('<?xml version="1.0"?>\n<!-- one\ntwo -->\n<?pi x?><p:a xmlns:p="urn:p" p:x="1"/>'))).toEqual(['p:a@4:9', '@x@4:30']);
  });

  it('a CR LF pair is one line end, and so is a lone CR', () => {
    expect(positions(parseXml('<a>\r\n<b/>\r\n\r\n  <c d="1"/></a>'))).toEqual(['a@1:1', 'b@2:1', 'c@4:3', '@d@4:6']);
    expect(positions(parseXml('<a>\r<b/>\r\r<c/>\n\r<d/></a>'))).toEqual(['a@1:1', 'b@2:1', 'c@4:1', 'd@6:1']);
  });

  it('tags over several lines', () => {
    expect(positions(parseXml('<a\n  x="1"\n\ty="2"\r\n   z="3"><b\r\nw="4"/></a>'))).toEqual(['a@1:1', '@x@2:3', '@y@3:2', '@z@4:4', 'b@4:10', '@w@5:1']);
  });

  it('columns count UTF-16 code units: a character beyond U+FFFF counts two', () => {
    expect(positions(parseXml('<a>é😀<b c="ü" d="x"/></a>'))).toEqual(['a@1:1', 'b@1:7', '@c@1:10', '@d@1:16']);
  });

  it('a byte-order mark is not counted, in text or in bytes of any encoding', () => {
    const xml = '<a x="1">\n <b/></a>';
    const expected = ['a@1:1', '@x@1:4', 'b@2:2'];
    expect(positions(parseXml(`\uFEFF${xml}`))).toEqual(expected);
    expect(positions(readXml(bytes([0xef, 0xbb, 0xbf], xml)))).toEqual(expected);
    expect(positions(readXml(utf16(xml, true)))).toEqual(expected);
    expect(positions(readXml(utf16(xml, false)))).toEqual(expected);
  });

  it('every element and attribute of a many-line document with mixed line ends', () => {
    const ends = ['\n', '\r\n', '\r'];
    const body = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i % 7)}<e n="${i}"/>${ends[i % 3]}`).join('');
    const r = parseXml(`<r>\n${body}</r>`).children[0] as XElement;
    r.children.filter((c): c is XElement => c.kind === 1).forEach((e, i) => {
      expect([e.line, e.column], `element ${i}`).toEqual([2 + i, 1 + (i % 7)]);
      expect([(e.attrs[0] as XAttr).line, (e.attrs[0] as XAttr).column], `attribute ${i}`).toEqual([2 + i, 4 + (i % 7)]);
    });
  });

  it('errors are located the same way', () => {
    expect(error(() => parseXml('\uFEFF<a>\r\n\t<b></c></a>'))).toMatchObject({ line: 2, column: 7 });
    expect(error(() => parseXml('<a>😀<b x="1" x="2"/></a>'))).toMatchObject({ line: 1, column: 15 });
  });
});

describe('decodeXml', () => {
  it('reads UTF-8 by default, keeping a byte-order mark as U+FEFF', () => {
    expect(decodeXml(utf8('<a>é</a>'))).toBe('<a>é</a>');
    expect(decodeXml(bytes([0xef, 0xbb, 0xbf], '<a/>'))).toBe('\uFEFF<a/>');
  });

  it('reads UTF-16 with a byte-order mark, whatever is declared, and without one when the declaration shows it', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><a>é😀</a>';
    expect(decodeXml(utf16(xml, true))).toBe(`\uFEFF${xml}`);
    expect(decodeXml(utf16(xml, false))).toBe(`\uFEFF${xml}`);
    expect(decodeXml(utf16('<?xml version="1.0" encoding="latin1"?><a/>', true, false))).toBe('<?xml version="1.0" encoding="latin1"?><a/>');
  });

  it('reads ISO-8859-1 and US-ASCII as declared, names in any case', () => {
    expect(decodeXml(bytes('<?xml version="1.0" encoding="iso-latin-1"?><a>', [0xe9, 0x80, 0xff], '</a>'))).toBe('<?xml version="1.0" encoding="iso-latin-1"?><a>é\u0080ÿ</a>');
    expect(decodeXml(bytes('<?xml version="1.0" encoding="us-ascii"?><a/>'))).toBe('<?xml version="1.0" encoding="us-ascii"?><a/>');
  });

  it('refuses an encoding it does not support, naming it and what it supports', () => {
    const e = error(() => decodeXml(utf8('<?xml version="1.0"\n  encoding="windows-1252"?><a/>')));
    expect(e.reason).toBe('encoding "windows-1252" is not supported: pintae reads UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 and US-ASCII');
    expect(e).toMatchObject({ line: 2, column: 13 });
    expect(error(() => decodeXml(bytes([0, 0, 0, 0x3c, 0, 0, 0, 0x61])))).toMatchObject({ reason: expect.stringMatching(/UCS-4/) });
    expect(error(() => decodeXml(bytes([0x4c, 0x6f, 0xa7, 0x94])))).toMatchObject({ reason: expect.stringMatching(/EBCDIC/) });
  });

  it('refuses UTF-16 declared in single bytes, as libxml2 does', () => {
    expect(error(() => decodeXml(utf8('<?xml version="1.0" encoding="UTF-16"?><a/>'))).reason).toMatch(/not UTF-16 with a byte-order mark/);
  });

  it.each([
    ['an invalid byte', bytes('<a>\n  é', [0xff], '</a>'), 2, 4, /UTF-8 \(0xFF 0x3C 0x2F 0x61\)/],
    ['an overlong form', bytes('<a x="', [0xc0, 0xaf], '"/>'), 1, 7, /UTF-8 \(0xC0 0xAF/],
    ['an encoded surrogate', bytes('<a>\r\n', [0xed, 0xa0, 0x80], '</a>'), 2, 1, /UTF-8 \(0xED 0xA0 0x80/],
    ['a truncated sequence at the end', bytes('<a/>', [0xe2, 0x82]), 1, 5, /UTF-8 \(0xE2 0x82\)/],
    ['a byte beyond US-ASCII', bytes('<?xml version="1.0" encoding="ASCII"?>\n<a>', [0xe9], '</a>'), 2, 4, /0xE9 is not US-ASCII/],
    ['an unpaired surrogate in UTF-16', utf16('<a>\n x\uD800</a>', true), 2, 3, /UTF-16LE/],
    ['an odd last byte in UTF-16', bytes([...utf16('<a/>', false)], [0x20]), 1, 5, /UTF-16BE/],
  ])('locates %s', (_, input, line, column, reason) => {
    const e = error(() => decodeXml(input));
    expect(e).toMatchObject({ line, column });
    expect(e.reason).toMatch(reason);
  });
});

describe("libxml2's limits", () => {
  it('257 nested elements are read, 258 are refused at the deepest', () => {
    expect(() => parseXml(`${'<d>'.repeat(257)}${'</d>'.repeat(257)}`)).not.toThrow();
    expect(error(() => parseXml(`${'<d>'.repeat(257)}<e/>${'</d>'.repeat(257)}`))).toMatchObject({ line: 1, column: 257 * 3 + 1 });
    expect(error(() => parseXml('<d>'.repeat(1_000_000))).reason).toMatch(/nested more than 257 deep/);
  });

  it('names of 50,000 UTF-8 bytes are read, longer ones refused', () => {
    expect(() => parseXml(`<${'a'.repeat(50_000)}/>`)).not.toThrow();
    expect(() => parseXml(`<p:${'a'.repeat(50_000)} xmlns:p="urn:p"/>`)).not.toThrow();
    expect(error(() => parseXml(`<${'a'.repeat(50_001)}/>`)).reason).toMatch(/name of more than 50000 bytes/);
    expect(error(() => parseXml(`<${'é'.repeat(25_001)}/>`)).reason).toMatch(/name of more than 50000 bytes/);
  });
});

describe('many attributes and namespace declarations', () => {
  const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

  it('finds a repeated name among thousands, at its position', () => {
    const xml = `<a ${many(20_000, (i) => `a${i}="1"`)} a7="2"/>`;
    expect(error(() => parseXml(xml))).toMatchObject({ line: 1, column: xml.lastIndexOf('a7=') + 1, reason: 'attribute a7 appears twice' });
  });

  it('finds a repeated expanded name among thousands of prefixed attributes', () => {
    const xml = `<a xmlns:p="urn:m" xmlns:q="urn:m" ${many(5_000, (i) => `p:a${i}="1" q:b${i}="2"`)} q:a9="3"/>`;
    expect(error(() => parseXml(xml)).reason).toBe('attribute {urn:m}a9 appears twice (two prefixes bound to one namespace)');
  });

  it('binds thousands of prefixes on one element and unbinds them after it', () => {
    const xml = `<r><a ${many(10_000, (i) => `xmlns:n${i}="urn:n${i}"`)}><n9999:b/></a><n9999:c/></r>`;
    expect(error(() => parseXml(xml)).reason).toBe('namespace prefix n9999 is not declared');
    const doc = parseXml(xml.replace('<n9999:c/>', ''));
    expect(((doc.children[0] as XElement).children[0] as XElement).children[0]).toMatchObject({ ns: 'urn:n9999', local: 'b' });
  });
});
