// location() (src/xpath/location.ts) against the XSLT function it reproduces, pintae-sch:location of the compiled
// Schematron, run by Saxon-JS (the oracle takes its text from src/schematron/compile.ts), for every node of each document.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { XNode } from '../../../src/xpath/api.js';
import { location } from '../../../src/xpath/location.js';
import { parseXml } from '../../../src/xpath/xml.js';
import { builtFixtureDocuments } from '../../helpers/pipeline.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR } from '../../helpers/paths.js';
import { xpathOracle, type Oracle } from '../../helpers/saxon-xpath.js';

let oracle: Oracle;
beforeAll(async () => { oracle = await xpathOracle(); });

/** Saxon-JS's locations of every node, in the oracle's normal form (kind, location, and a position for text nodes). */
function saxonLocations(xml: string): string[] {
  const [result] = oracle.saxon(xml, '/ | //node() | //@*');
  if (!result || !('items' in result.outcome)) throw new Error(`Saxon-JS failed: ${JSON.stringify(result)}`);
  return result.outcome.items;
}

function ourLocations(xml: string): string[] {
  const out: string[] = [];
  const visit = (node: XNode) => {
    const kind = ['', 'element', 'attribute', 'text', '', '', '', 'processing-instruction', 'comment', 'document-node'][node.kind]!;
    if (node.kind === 9) out.push('document-node()');
    else if (node.kind === 1 || node.kind === 2) out.push(`${kind}(${location(node)})`);
    else out.push(`${kind}(${location(node)}#${node.parent!.children.indexOf(node) + 1})`);
    if (node.kind === 1) node.attrs.forEach(visit);
    if (node.kind === 1 || node.kind === 9) node.children.forEach(visit);
  };
  visit(parseXml(xml));
  return out;
}

const expectSameLocations = (xml: string) => expect(ourLocations(xml)).toEqual(saxonLocations(xml));

describe('location() is pintae-sch:location', () => {
  it.each([
    ['a lone root', '<a/>'],
    ['repeated and single children', '<a><b/><c/><b><d/></b><e x="1"/></a>'],
    ['same local name in different namespaces counts together', '<a xmlns:p="urn:p" xmlns:q="urn:q"><p:b/><q:b/><b p:y="1"/></a>'],
    ['other node kinds between elements do not count', '<a><!--x--><b/>t<?pi?><b/> <c/></a>'],
    ['comments, PIs and text around the root', '<!--c--><?p?><a>t<![CDATA[u]]></a><!--d-->'],
    ['attributes with prefixes', '<a xmlns:p="urn:p" p:x="1" x="2"><b xml:lang="en"/></a>'],
    ['many siblings', `<a>${'<b/><c/>'.repeat(150)}<d/></a>`],
    ['deep nesting', `${'<d><e/>'.repeat(200)}${'</d>'.repeat(200)}`],
    ['a UBL-like document', '<Invoice xmlns="urn:i" xmlns:cac="urn:cac" xmlns:cbc="urn:cbc"><cbc:ID>1</cbc:ID><cac:InvoiceLine><cbc:ID>1</cbc:ID></cac:InvoiceLine><cac:InvoiceLine><cbc:ID currencyID="AED">2</cbc:ID><cbc:Note/><cbc:Note/></cac:InvoiceLine></Invoice>'],
  ])('%s', (_, xml) => expectSameLocations(xml));

  it('on pintae’s fixture documents', () => {
    for (const { name, xml } of builtFixtureDocuments()) expect(ourLocations(xml), name).toEqual(saxonLocations(xml));
  });

  describe.skipIf(!HAVE_OFFICIAL)('on the official PINT-AE examples', () => {
    const files = HAVE_OFFICIAL
      ? ['invoice', 'creditnote'].flatMap((d) => readdirSync(join(OFFICIAL_DIR, 'examples', d)).filter((f) => f.endsWith('.xml')).map((f) => join(OFFICIAL_DIR, 'examples', d, f)))
      : [];
    it.each(files.map((f) => [f.slice(OFFICIAL_DIR.length + 1), f]))('%s', (_, file) => expectSameLocations(readFileSync(file, 'utf8')));
  });
  if (!HAVE_OFFICIAL) it.skip(`official examples: ${OFFICIAL_DIR} is absent (set PINTAE_OFFICIAL_DIR)`, () => {});
});

describe('location() values', () => {
  const doc = parseXml('<a xmlns:p="urn:p"><b/><p:b x="1"/><c>t</c></a>');
  const a = doc.children[0]!;
  if (a.kind !== 1) throw new Error('expected an element');
  const [b1, b2, c] = a.children;
  it('numbers same-named siblings and leaves lone names bare', () => {
    expect([b1, b2, c].map((n) => location(n!))).toEqual(['/a/b[1]', '/a/b[2]', '/a/c']);
  });
  it('gives an attribute its element’s path and @name, a text node its parent’s path, the document ""', () => {
    if (b2!.kind !== 1 || c!.kind !== 1) throw new Error('expected elements');
    expect(location(b2!.attrs[0]!)).toBe('/a/b[2]/@x');
    expect(location(c!.children[0]!)).toBe('/a/c');
    expect(location(doc)).toBe('');
  });
});

describe('the oracle helper (test/helpers/saxon-xpath.ts) writes nodes the same way on both sides', () => {
  const xml = '<?p first?><!--c--><r xmlns="urn:r" xmlns:q="urn:q" q:a="1" a="2">t<!--x--><b>u</b>v<?pi w?><q:b/><b q:a="3"/>z</r><!--end-->';
  it.each([
    '/', '/node()', '//node()', '//@*', '//text()', '//comment()', '//processing-instruction()', '/*/node()[3]',
    '(//node(), //@*)[last()]', '//@*/..', 'reverse(//node())', 'data(@*), count(node()), 1.5, 1e0, 1e10, "s", true()',
  ])('%s', (expr) => {
    const rows = oracle.compare(xml, expr, { context: '/ | //node()' });
    expect(rows.length).toBe(14);
    for (const row of rows) expect(row.ours, `${expr} at ${row.at}`).toEqual(row.saxon);
  });
});
