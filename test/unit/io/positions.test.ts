/** Positions of findings in the files users give: a JSON field's value, an XML element or attribute. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonPositions, nearestPosition, pointerOfField, withAncestors } from '../../../src/io/positions.js';
import { positionIndex, readXmlDocument } from '../../../src/io/xml.js';
import type { XAttr, XDocument, XElement } from '../../../src/xpath/api.js';
import { location } from '../../../src/xpath/location.js';
import { builtFixtureDocuments } from '../../helpers/pipeline.js';
import { validateText } from '../../../src/batch/work.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

describe('JSON positions', () => {
  it('turns a finding field into a JSON pointer', () => {
    expect(pointerOfField('line_items[2].tax_amount')).toBe('/line_items/2/tax_amount');
    expect(pointerOfField('buyer.trn')).toBe('/buyer/trn');
    expect(pointerOfField('due_date')).toBe('/due_date');
  });

  it('finds values and keys by pointer, and a missing field at its nearest enclosing object', () => {
    const text = '{\n  "a": "x, \\"}",\n  "list": [\n    {"b": 1},\n    {"c": [true, null]}\n  ],\n  "o/k": {}\n}';
    const p = jsonPositions(text);
    expect(p.values.get('/a')).toEqual({ line: 2, column: 8 });
    expect(p.keys.get('/list')).toEqual({ line: 3, column: 3 });
    expect(p.values.get('/list/1/c/1')).toEqual({ line: 5, column: 18 });
    expect(p.values.get('/o~1k')).toEqual({ line: 7, column: 10 });
    expect(nearestPosition(p, '/list/0/missing')).toEqual({ line: 4, column: 5 });
  });

  it('records only the pointers wanted (with their ancestors), at the places a full scan finds', () => {
    const text = JSON.stringify({ a: { b: [1, { c: 'x' }], d: 'y' }, e: [{ f: 2 }, { f: 3 }], 'g/h': { i: true } }, null, 2);
    const all = jsonPositions(text);
    const wanted = new Set<string>();
    for (const p of ['/a/b/1/c', '/e/1/missing', '/g~1h/i']) withAncestors(p, wanted);
    expect([...wanted].sort()).toEqual(['', '/a', '/a/b', '/a/b/1', '/a/b/1/c', '/e', '/e/1', '/e/1/missing', '/g~1h', '/g~1h/i']);
    const some = jsonPositions(text, wanted);
    expect([...some.values.keys()].sort()).toEqual(['', '/a', '/a/b', '/a/b/1', '/a/b/1/c', '/e', '/e/1', '/g~1h', '/g~1h/i']);
    for (const [pointer, at] of some.values) expect(at, pointer).toEqual(all.values.get(pointer));
    expect(nearestPosition(some, '/e/1/missing')).toEqual(all.values.get('/e/1'));
    expect(some.keys.get('/g~1h/i')).toEqual(all.keys.get('/g~1h/i'));
    expect(some.keys.has('/a/d')).toBe(false);
  });
});

describe('validate: every finding at the line and column of its field', () => {
  const env = fixtureEnv();
  const at = (results: ReturnType<typeof validateText>, field: string) =>
    results.flatMap((r) => (r.response && 'data' in r.response ? r.response.data.errors : [])).find((e) => e.field === field);

  it('a single invoice, an item of a bulk body and of an array; a field the input lacks points at its object', () => {
    const invoice = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) as Record<string, unknown>;
    const broken = { ...invoice, due_date: '2025-13-45' };
    const one = JSON.stringify(broken, null, 2);
    const lines = one.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const single = validateText('one.json', one, env, false);
    expect(at(single, 'due_date')).toEqual(expect.objectContaining({ line: lineOf('"due_date"'), column: lines[lineOf('"due_date"') - 1]!.indexOf('"2025-13-45"') + 1 }));
    const badTrn = JSON.stringify({ ...invoice, buyer: { ...(invoice.buyer as object), trn: '123' } }, null, 2);
    const trnLine = badTrn.split('\n').findIndex((l) => l.includes('"trn": "123"')) + 1;
    expect(at(validateText('trn.json', badTrn, env, false), 'buyer.trn')).toEqual(expect.objectContaining({ line: trnLine, column: 12 }));
    const bulk = validateText('bulk.json', `{"invoices": [\n${JSON.stringify(invoice)},\n${JSON.stringify(broken)}\n]}`, env, false);
    expect(at(bulk, 'due_date')).toMatchObject({ line: 3 });
    const array = validateText('array.json', `[\n${JSON.stringify(invoice)},\n\n${JSON.stringify({ ...invoice, line_items: [] })}\n]`, env, false);
    const missing = array[1]!.response && 'data' in array[1]!.response ? array[1]!.response.data.errors[0] : undefined;
    expect(missing).toMatchObject({ line: 4 });
    for (const r of [...single, ...bulk, ...array]) {
      for (const e of r.response && 'data' in r.response ? [...r.response.data.errors, ...r.response.data.warnings] : []) {
        expect(e.line, JSON.stringify(e)).toBeGreaterThan(0);
        expect(e.column, JSON.stringify(e)).toBeGreaterThan(0);
      }
    }
  });
});

describe('check: every finding at the line and column of its element', () => {
  const xml = [
    '<?xml version="1.0"?>',
    '<Invoice xmlns:cbc="urn:c" xmlns:cac="urn:a">',
    '  <!-- <cac:InvoiceLine> in a comment is no element -->',
    '  <cbc:ID a=">">1</cbc:ID>',
    '  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item/></cac:InvoiceLine>',
    '  <cac:InvoiceLine>',
    '    <cbc:ID><![CDATA[<x>]]></cbc:ID>',
    '    <cac:Item><cbc:Name   b="1">B</cbc:Name></cac:Item>',
    '  </cac:InvoiceLine>',
    '</Invoice>',
  ].join('\r\n');

  it('by the location form of PINT-AE findings; a location the document lacks at its nearest element', () => {
    const read = readXmlDocument(Buffer.from(xml));
    if (!read.ok) throw new Error(read.message);
    const place = positionIndex(read.doc);
    expect(place('/Invoice')).toEqual({ line: 2, column: 1 });
    expect(place('/Invoice/ID')).toEqual({ line: 4, column: 3 });
    expect(place('/Invoice/InvoiceLine[1]/Item')).toEqual({ line: 5, column: 38 });
    expect(place('/Invoice/InvoiceLine[2]/Item/Name')).toEqual({ line: 8, column: 15 });
    expect(place('/Invoice/InvoiceLine[2]/Item/Name/@b')).toEqual({ line: 8, column: 27 });
    expect(place('/Invoice/InvoiceLine[2]/Price/PriceAmount')).toEqual({ line: 6, column: 3 });
    expect(place('/Invoice[1]/ID[1]')).toEqual({ line: 4, column: 3 });
  });
});

/** The index positionIndex replaced (every location of the document in a map): the oracle its answers must equal. */
function indexOfEveryLocation(doc: XDocument): (path: string) => { line: number; column: number } | undefined {
  const map = new Map<string, XElement | XAttr>();
  const stack: XElement[] = [...doc.elements];
  while (stack.length) {
    const n = stack.pop()!;
    map.set(location(n), n);
    for (const a of n.attrs) map.set(location(a), a);
    for (let i = n.elements.length - 1; i >= 0; i--) stack.push(n.elements[i]!);
  }
  return (path) => {
    for (let p = path; p; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
      const node = map.get(p) ?? map.get(p.replace(/\[1\]/g, ''));
      if (node) return { line: node.line, column: node.column };
    }
    return undefined;
  };
}

describe('positionIndex follows a path down the tree and answers as an index of every location', () => {
  const docs = builtFixtureDocuments().map(({ name, xml }) => ({ name, xml }));
  docs.push({ name: 'many lines, attributes sharing a local name', xml: `<r xmlns:a="urn:a" xmlns:b="urn:b">${'<l><x a:k="1" b:k="2"/><x/></l>'.repeat(40)}<l/><m><l/></m></r>` });
  it.each(docs.map((d) => [d.name, d.xml]))('%s', (_, xml) => {
    const read = readXmlDocument(xml);
    if (!read.ok) throw new Error(read.message);
    const ours = positionIndex(read.doc);
    const oracle = indexOfEveryLocation(read.doc);
    const paths = new Set<string>(['', '/', '//', '/nothing', '/r[2]', '/r/l[01]', '/r/l[0]', '/r/l[999]', '/r/m/l[1]', '/r/@k', '/Invoice[1]/@x']);
    const stack: XElement[] = [...read.doc.elements];
    while (stack.length) {
      const n = stack.pop()!;
      const at = location(n);
      for (const p of [at, `${at}[1]`, at.replace(/\[(\d+)\]/g, '[1]'), `${at}/missing/deeper`, `${at}/@none`, `${at}[2]`]) paths.add(p);
      for (const a of n.attrs) paths.add(location(a));
      stack.push(...n.elements);
    }
    expect(paths.size).toBeGreaterThan(20);
    for (const p of paths) expect(ours(p), p).toEqual(oracle(p));
  });
});

