/**
 * The XML writer (src/ubl/serialize.ts): text is written exactly (XML 1.0 §2.4 escaping, nothing decoded), what a
 * conforming reader gives back is the text sent (§2.11 line ends, §3.3.3 attribute normalization), text no XML can
 * carry (§2.2 Char) is refused, and the source map pairs each location (src/xpath/location.ts form) with its field.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serializeWithSources, serializeXml, UnwritableText } from '../../../src/ubl/serialize.js';
import { compact, el, val, type XmlNode } from '../../../src/ubl/node.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { parseXml } from '../../../src/xpath/xml.js';
import { location } from '../../../src/xpath/location.js';
import type { XElement, XNode } from '../../../src/xpath/api.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';
import { readBack } from '../../helpers/xml-read.js';

const NS = { '@xmlns': 'urn:i', '@xmlns:cbc': 'urn:cbc', '@xmlns:cac': 'urn:cac' };
const doc = (content: XmlNode): XmlNode => ({ Invoice: { ...NS, ...content } });
const written = (xml: string) => xml.split('\n').slice(2, -2).map((l) => l.trim());

describe('text is escaped exactly, nothing decoded', () => {
  it.each([
    ['R&amp;D', 'R&amp;amp;D'],
    ['a & b < c > d', 'a &amp; b &lt; c &gt; d'],
    ['&copy; &nbsp; &#0; &#x41; &#38; &foo; &', '&amp;copy; &amp;nbsp; &amp;#0; &amp;#x41; &amp;#38; &amp;foo; &amp;'],
    ['"quoted" \'apostrophe\'', '"quoted" \'apostrophe\''],
    ['a]]>b', 'a]]&gt;b'],
    ['line\r\nend\rcr\nlf\ttab', 'line&#13;\nend&#13;cr\nlf\ttab'],
    ['مؤسسة 😀 𝄞', 'مؤسسة 😀 𝄞'],
  ])('%j is written as %j', (text, expected) => {
    const xml = serializeXml(doc({ 'cbc:Note': text }));
    expect(xml).toContain(`<cbc:Note>${expected}</cbc:Note>`);
  });

  it.each([
    ['R&amp;D', 'R&amp;amp;D'],
    ['a & b < c > d "e" \'f\'', 'a &amp; b &lt; c &gt; d &quot;e&quot; \'f\''],
    ['tab\there\nnew\r\nline', 'tab&#9;here&#10;new&#13;&#10;line'],
    ['  two  spaces  ', '  two  spaces  '],
  ])('attribute value %j is written as %j', (value, expected) => {
    const xml = serializeXml(doc({ 'cbc:ID': el('1', { schemeID: value }) }));
    expect(xml).toContain(`<cbc:ID schemeID="${expected}">1</cbc:ID>`);
  });

  it.each([
    'R&amp;D', '&copy;&nbsp;&#0;&#x41;', 'a]]>b<c>', '\r\n\r\n', 'x\ry\tz\n', ' lead and trail ', '"\'<>&', '😀\u{10FFFF}\uFFFD',
  ])('pintae’s reader gives back exactly %j, in text and in an attribute', (text) => {
    const read = readBack(serializeXml(doc({ 'cbc:Note': text, 'cbc:ID': el('1', { schemeID: text }) })));
    expect(read.get('/Invoice/Note')).toBe(text);
    expect(read.get('/Invoice/ID/@schemeID')).toBe(text);
  });
});

describe('text no XML document can carry is refused', () => {
  it.each([
    ['NUL', '\u0000'], ['a C0 control', 'x\u001Fy'], ['U+FFFE', '\uFFFE'], ['U+FFFF', 'a\uFFFF'],
    ['a lone high surrogate', 'a\uD800b'], ['a lone low surrogate', '\uDC00'],
  ])('%s, with the location and the field of the element', (_, text) => {
    const tree = doc({ 'cac:AccountingCustomerParty': { $: 'buyer', 'cac:Party': { 'cbc:Name': text } } });
    let error: unknown;
    try { serializeXml(tree); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(UnwritableText);
    expect((error as UnwritableText).location).toBe('/Invoice/AccountingCustomerParty/Party/Name');
    expect((error as UnwritableText).field).toBe('buyer');
  });

  it('in an attribute, with the attribute’s own field', () => {
    const tree = doc({ 'cbc:ID': el('1', { schemeID: 'a\u0001' }, 'deliver_to_party_id', { schemeID: 'deliver_to_party_id_scheme' }) });
    expect(() => serializeXml(tree)).toThrow(UnwritableText);
    try { serializeXml(tree); } catch (e) {
      expect((e as UnwritableText).location).toBe('/Invoice/ID/@schemeID');
      expect((e as UnwritableText).field).toBe('deliver_to_party_id_scheme');
    }
  });

  it('tab, line feed, carriage return and the characters around the excluded ranges are written', () => {
    const text = '\t\n\r\u0020\uD7FF\uE000\uFFFD\u{10000}\u{10FFFF}';
    expect(readBack(serializeXml(doc({ 'cbc:Note': text }))).get('/Invoice/Note')).toBe(text);
  });
});

describe('layout', () => {
  it('declaration, one element a line, two-space indent, self-closing only for attribute-only elements', () => {
    const xml = serializeXml(doc({ 'cac:A': { 'cbc:B': 'b', 'cbc:C': el('', { x: '1' }) }, 'cbc:D': [el('1'), el('2')] }));
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n'
      + '<Invoice xmlns="urn:i" xmlns:cbc="urn:cbc" xmlns:cac="urn:cac">\n'
      + '  <cac:A>\n    <cbc:B>b</cbc:B>\n    <cbc:C x="1"/>\n  </cac:A>\n'
      + '  <cbc:D>1</cbc:D>\n  <cbc:D>2</cbc:D>\n'
      + '</Invoice>\n');
  });

  it('an empty array or an undefined member writes nothing', () => {
    expect(written(serializeXml(doc({ 'cbc:A': [], 'cbc:B': 'b', 'cbc:C': undefined })))).toEqual(['<cbc:B>b</cbc:B>']);
  });

  it('source keys are never written', () => {
    const xml = serializeXml(doc({ $: 'x', 'cbc:A': val('a', 'f'), 'cbc:B': el('b', { y: '1' }, 'g', { y: 'h' }) }));
    expect(written(xml)).toEqual(['<cbc:A>a</cbc:A>', '<cbc:B y="1">b</cbc:B>']);
  });

  it('compact keeps no element made only of a source key', () => {
    expect(compact(doc({ 'cbc:A': val(undefined, 'f'), 'cac:B': { $: 'g', 'cbc:C': undefined }, 'cbc:Z': 'z' }))).toEqual({ Invoice: { ...NS, 'cbc:Z': 'z' } });
    expect(compact({ 'cac:B': { $: 'g', '@x': '1' } })).toBeUndefined();
  });
});

describe('the source map', () => {
  it('locations as src/xpath/location.ts writes them: [n] only among several children of one local name', () => {
    const { xml, sources } = serializeWithSources(compact(doc({
      'cbc:ID': val('1', 'invoice_number'),
      'cac:TaxTotal': [{ $: 'total_tax', 'cbc:TaxAmount': '1' }, { $: 'exchange_rate', 'cbc:TaxAmount': '2' }],
      'cac:InvoiceLine': [{ $: 'line_items[0]', 'cbc:ID': '1', 'cac:Item': { 'cbc:Name': val('n', 'line_items[0].description') } }],
      'cac:Delivery': { 'cbc:ID': el('d', { schemeID: 's' }, 'deliver_to_party_id', { schemeID: 'deliver_to_party_id_scheme' }), 'cac:ID': val('x', 'y') },
    }))!);
    expect(Object.fromEntries(sources)).toEqual({
      '/Invoice/ID': 'invoice_number',
      '/Invoice/TaxTotal[1]': 'total_tax',
      '/Invoice/TaxTotal[2]': 'exchange_rate',
      '/Invoice/InvoiceLine': 'line_items[0]',
      '/Invoice/InvoiceLine/Item/Name': 'line_items[0].description',
      // cbc:ID and cac:ID share the local name ID: both are counted, as location() counts them.
      '/Invoice/Delivery/ID[1]': 'deliver_to_party_id',
      '/Invoice/Delivery/ID[1]/@schemeID': 'deliver_to_party_id_scheme',
      '/Invoice/Delivery/ID[2]': 'y',
    });
    const locations = new Set<string>();
    const visit = (n: XNode) => { if (n.kind === 1) { locations.add(location(n)); (n as XElement).attrs.forEach((a) => locations.add(location(a))); } if (n.kind === 1 || n.kind === 9) n.children.forEach(visit); };
    visit(parseXml(xml));
    for (const key of sources.keys()) expect(locations.has(key), key).toBe(true);
  });

  it('on every fixture, every location in the map is a node of the written document', () => {
    const dir = join(FIXTURES, 'invoices');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const outcome = validateInvoice(JSON.parse(readFileSync(join(dir, file), 'utf8')), fixtureEnv());
      if (outcome.kind !== 'validated' || !outcome.xml || !outcome.sources) throw new Error(`${file}: no XML`);
      const read = readBack(outcome.xml);
      for (const key of outcome.sources.keys()) expect(read.has(key), `${file}: ${key}`).toBe(true);
      expect(outcome.sources.size, file).toBeGreaterThan(20);
    }
  });
});

describe('the written documents of the fixtures are unchanged (golden files written before the exact writer)', () => {
  const dir = join(FIXTURES, 'invoices');
  const golden = join(import.meta.dirname, 'golden');
  const cases = readdirSync(golden).filter((f) => f.endsWith('.xml')).sort();
  it.each(cases)('%s', (name) => {
    const lineAmounts = name.endsWith('.document.xml') ? 'document' : 'aed';
    const body = JSON.parse(readFileSync(join(dir, name.replace(/(\.document)?\.xml$/, '.json')), 'utf8'));
    const outcome = validateInvoice(body, fixtureEnv({ lineAmounts }));
    expect(outcome.kind === 'validated' && outcome.xml).toBe(readFileSync(join(golden, name), 'utf8'));
  });
});
