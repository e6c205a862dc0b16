// What the reader (src/xpath/xml.ts, xml-tree.ts) recognises without reading it again: names and short texts found
// in tables by a hash taken while scanning, and the name or text that followed a tag's name last time, checked where
// it stands. Each case is one a careless shortcut gets wrong: strings of the same hash and length, a name or text that
// only begins like the expected one, bindings that changed since a name was resolved (in the same document or from
// one document to the next), more names than the tables hold. The trees themselves against Saxon-JS:
// test/unit/xpath/xml.test.ts; verdicts against libxml2: test/conformance/xml-wellformed.test.ts.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { XDocument, XElement, XNode } from '../../../src/xpath/api.js';
import { parseXml, sharedName, stringValueOf, XmlError } from '../../../src/xpath/xml.js';

const root = (doc: XDocument) => doc.elements[0]!;
const name = (e: XElement) => `${e.prefix ? `${e.prefix}:` : ''}${e.local}${e.ns ? `{${e.ns}}` : ''}`;
/** Every node below the root as one line: element names, attributes and texts in document order. */
function content(e: XElement): string[] {
  const out: string[] = [];
  const visit = (n: XNode) => {
    if (n.kind === 1) {
      out.push(`<${name(n)}${n.attrs.map((a) => ` ${a.prefix ? `${a.prefix}:` : ''}${a.local}${a.ns ? `{${a.ns}}` : ''}=${JSON.stringify(a.value)}`).join('')}>`);
      n.children.forEach(visit);
    } else if (n.kind === 3) out.push(JSON.stringify(n.value));
  };
  e.children.forEach(visit);
  return out;
}
function error(xml: string): XmlError {
  try { parseXml(xml); } catch (e) { if (e instanceof XmlError) return e; throw e; }
  throw new Error('expected an XmlError');
}

describe('strings of the same hash and length are told apart', () => {
  // The reader's hash is h * 31 + c: 'Aa' and 'BB' collide, and so does every string made of them.
  const colliding = ['Aa', 'BB', 'AaAa', 'BBBB', 'AaBB', 'BBAa'];

  it('as element names, attribute names, attribute values and texts', () => {
    const xml = `<r>${colliding.map((n) => `<${n} ${colliding.map((m) => `${m}="${n}"`).join(' ')}>${n}</${n}>`).join('')}</r>`;
    const elements = root(parseXml(xml)).elements;
    expect(elements.map((e) => e.local)).toEqual(colliding);
    for (const [i, e] of elements.entries()) {
      expect(e.attrs.map((a) => `${a.local}=${a.value}`)).toEqual(colliding.map((m) => `${m}=${colliding[i]}`));
      expect(stringValueOf(e)).toBe(colliding[i]);
    }
    expect(new Set(elements.map(sharedName)).size).toBe(colliding.length);
  });

  it('as the texts between elements (one texts array for equal texts only)', () => {
    const xml = '<d><r><x/>a b<x/></r><r><x/>a-b<x/></r><r><x/>a b<x/></r><r><x/>a\tb<x/></r></d>';
    expect(root(parseXml(xml)).elements.map((r) => stringValueOf(r))).toEqual(['a b', 'a-b', 'a b', 'a\tb']);
  });
});

describe('what followed a name last time is taken only where it is all there', () => {
  it('a name that begins like the one expected', () => {
    const xml = '<r xmlns:b="urn:b"><a/><b/><a/><bc/><a/><b:c/><a/><b.d/><a/><bé/><a/><b-/><a/><b/></r>';
    expect(root(parseXml(xml)).elements.map(name)).toEqual(['a', 'b', 'a', 'bc', 'a', 'b:c{urn:b}', 'a', 'b.d', 'a', 'bé', 'a', 'b-', 'a', 'b']);
    // The expected name, then a character no name may hold: refused where the name ends, as without the expectation.
    expect(error('<r><a/><b/><a/><b\u00D7/></r>')).toMatchObject({ column: 18, reason: "expected whitespace, '>' or '/>'" });
  });

  it('a text that begins like the one expected, or holds a reference, CR or "]]>" after it', () => {
    const texts = ['\n  ', '\n  x', '\n  ', '\n  &amp;', '\n  ', '\n  ]', '\n  ', '\n  \r\n', '\n  ', ' \n  ', '\n  '];
    const xml = `<r>${texts.map((t) => `<a/>${t}`).join('')}<a/></r>`;
    expect(content(root(parseXml(xml))).filter((l) => l.startsWith('"'))).toEqual(texts.map((t) => JSON.stringify(t.replace('&amp;', '&').replace('\r\n', '\n'))));
    expect(error('<r><a/>\n  <a/>\n  ]]><a/></r>')).toMatchObject({ line: 3, column: 3, reason: "']]>' in text" });
  });

  it('a leaf value that begins like the last one, or is cut by a comment or CDATA', () => {
    const values = ['AED', 'AEDX', 'AED', 'AE', 'AED'];
    const xml = `<r>${values.map((v) => `<c>${v}</c>`).join('')}<c>AED<!-- x --></c><c>AED<![CDATA[X]]></c></r>`;
    const leaves = root(parseXml(xml)).elements.map((e) => stringValueOf(e));
    expect(leaves).toEqual([...values, 'AED', 'AEDX']);
  });
});

describe('names are resolved again when the bindings change', () => {
  it('in one document', () => {
    const xml = '<a xmlns="urn:1" xmlns:p="urn:p1"><b p:x="1"/><c xmlns="urn:2" xmlns:p="urn:p2"><b p:x="2"/></c><b p:x="3"/></a>';
    expect(content(root(parseXml(xml)))).toEqual([
      '<b{urn:1} p:x{urn:p1}="1">', '<c{urn:2}>', '<b{urn:2} p:x{urn:p2}="2">', '<b{urn:1} p:x{urn:p1}="3">',
    ]);
  });

  it('from one document to the next', () => {
    expect(root(parseXml('<p:a xmlns:p="urn:1" p:x="1"><b/></p:a>'))).toMatchObject({ ns: 'urn:1', local: 'a', attrs: [{ ns: 'urn:1', local: 'x' }] });
    expect(root(parseXml('<p:a xmlns:p="urn:2" p:x="1"><b/></p:a>'))).toMatchObject({ ns: 'urn:2', local: 'a', attrs: [{ ns: 'urn:2', local: 'x' }] });
    expect(error('<p:a/>')).toMatchObject({ column: 2, reason: 'namespace prefix p is not declared' });
    // A document refused with a default namespace in scope: the next one starts without it.
    expect(error('<a xmlns="urn:x"><b/><c>').reason).toBe('element <c> is not closed');
    expect(root(parseXml('<a><b/><c/></a>')).elements.map(name)).toEqual(['b', 'c']);
    expect(error('<a xmlns:p="urn:1"/>\n<p:a/>')).toMatchObject({ line: 2, reason: 'content after the root element' });
    expect(error('<a><p:a p:x="1"/></a>')).toMatchObject({ column: 5, reason: 'namespace prefix p is not declared' });
    expect(root(parseXml('<a xmlns="urn:d"><b/></a>')).elements[0]).toMatchObject({ ns: 'urn:d', local: 'b' });
    expect(root(parseXml('<a><b/></a>')).elements[0]).toMatchObject({ ns: '', local: 'b' });
  });
});

describe('more names than the tables hold', () => {
  const N = 30_000;

  it(`${N} names, then the same again (${N} others between them in the next document): one name object each`, () => {
    const names = (tag: string) => Array.from({ length: N }, (_, i) => `<n${i}${tag}/>`).join('');
    // The second document finds the first one's names in the tables; the others it adds must not replace them there.
    for (const [round, xml] of [`<r>${names('a')}${names('a')}</r>`, `<r>${names('a')}${names('b')}${names('a')}</r>`].entries()) {
      const elements = root(parseXml(xml)).elements;
      const last = elements.length - N;
      const wrong: string[] = [];
      for (let i = 0; i < N; i++) {
        const [a, b] = [elements[i]!, elements[last + i]!];
        if (a.local !== `n${i}a` || b.local !== a.local || sharedName(a) !== sharedName(b)) wrong.push(`n${i}a`);
      }
      expect(wrong, `document ${round + 1}`).toEqual([]);
    }
  });

  it.each([['first', 0], ['last', N - 1]])('the %s of thousands of attributes new to the process, repeated at the end', (_, k) => {
    const xml = `<a ${Array.from({ length: N }, (_, i) => `z${i}q${k}="1"`).join(' ')} z${k}q${k}="2"/>`;
    expect(error(xml)).toMatchObject({ column: xml.lastIndexOf(`z${k}q${k}=`) + 1, reason: `attribute z${k}q${k} appears twice` });
  });
});

describe('what the process keeps of the documents it read', () => {
  it('no document: names, namespace URIs and texts it keeps are copies, not slices of the text', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // Documents of 2 MB each, every one with its own names, namespace URI and short texts of 13 to 16 characters (a
    // slice of 13 characters or more is a view of the whole text it was cut from).
    const read = (d: number) => {
      parseXml(`<p:Root${d}Element xmlns:p="urn:pintae:test:${d}:namespace" LongAttribute${d}="value-${d}-abcdef"><p:Child${d}Element>`
        + `text-${d}-abcdefg</p:Child${d}Element>\n    \n</p:Root${d}Element>${' '.repeat(2_000_000)}`);
    };
    read(0);
    gc(); gc();
    const before = process.memoryUsage().heapUsed;
    for (let d = 1; d <= 6; d++) read(d);
    gc(); gc();
    // Six documents of 2 MB kept would be 12 MB.
    expect((process.memoryUsage().heapUsed - before) / 1e6).toBeLessThan(3);
  });
});
