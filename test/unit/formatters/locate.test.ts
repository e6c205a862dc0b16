/** Lines of findings' fields in the input JSON, for SARIF regions and GitHub annotations. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonPositions, nearestPosition, pointerOfField } from '../../../src/io/positions.js';
import { jsonFieldLocator, xmlLocationLocator } from '../../../src/report/locate.js';
import { elementPath, xmlPositions } from '../../../src/io/xml-positions.js';
import { validated } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-locate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
});

describe('jsonFieldLocator', () => {
  it('finds a field of a single invoice, of a bulk body item and of an array item', () => {
    writeFileSync(join(dir, 'one.json'), '{\n  "invoice_number": "A",\n  "buyer": {\n    "name": "B"\n  }\n}\n');
    writeFileSync(join(dir, 'bulk.json'), '{"invoices": [\n  {"invoice_number": "A"},\n  {"invoice_number": "B",\n   "due_date": "2025-01-01"}\n]}\n');
    writeFileSync(join(dir, 'array.json'), '[\n  {"x": 1},\n  {"x": 2}\n]\n');
    const locate = jsonFieldLocator();
    expect(locate(validated(join(dir, 'one.json'), 'A', []), { field: 'buyer.trn' })).toEqual({ line: 3, column: 12 });
    expect(locate(validated(join(dir, 'one.json'), 'A', []), { field: 'invoice_number' })).toEqual({ line: 2, column: 21 });
    expect(locate(validated(join(dir, 'bulk.json'), 'B', [], 1), { field: 'due_date' })).toEqual({ line: 4, column: 16 });
    expect(locate(validated(join(dir, 'bulk.json'), 'B', [], 1), {})).toEqual({ line: 3, column: 3 });
    expect(locate(validated(join(dir, 'array.json'), 'X', [], 1), { field: 'x' })).toEqual({ line: 3, column: 9 });
    expect(locate(validated('-', 'X', []), { field: 'x' })).toBeUndefined();
  });
});

describe('XML positions', () => {
  const xml = [
    '<?xml version="1.0"?>',
    '<Invoice xmlns:cbc="urn:c" xmlns:cac="urn:a">',
    '  <!-- <cac:InvoiceLine> in a comment is no element -->',
    '  <cbc:ID a=">">1</cbc:ID>',
    '  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item/></cac:InvoiceLine>',
    '  <cac:InvoiceLine>',
    '    <cbc:ID><![CDATA[<x>]]></cbc:ID>',
    '    <cac:Item><cbc:Name>B</cbc:Name></cac:Item>',
    '  </cac:InvoiceLine>',
    '</Invoice>',
  ].join('\n');

  it('keys each element by the location form of PINT-AE findings: local names, [n] from the second sibling on', () => {
    const p = xmlPositions(xml);
    expect(p.get('/Invoice')).toEqual({ line: 2, column: 1 });
    expect(p.get('/Invoice/ID')).toEqual({ line: 4, column: 3 });
    expect(p.get('/Invoice/InvoiceLine/Item')).toEqual({ line: 5, column: 38 });
    expect(p.get('/Invoice/InvoiceLine[2]/Item/Name')).toEqual({ line: 8, column: 15 });
    expect([...p.keys()].filter((k) => k.includes('InvoiceLine[3]'))).toEqual([]);
  });

  it('reads [1] and an attribute step as the element', () => {
    expect(elementPath('/Invoice[1]/InvoiceLine[1]/Item/@schemeID')).toBe('/Invoice/InvoiceLine/Item');
  });

  it('points a finding of check at the line of its location, or of the nearest element present', () => {
    writeFileSync(join(dir, 'doc.xml'), xml);
    const locate = xmlLocationLocator();
    const r = validated(join(dir, 'doc.xml'), 'X', []);
    expect(locate(r, { location: '/Invoice/InvoiceLine[2]/Item' })).toEqual({ line: 8, column: 5 });
    expect(locate(r, { location: '/Invoice/InvoiceLine[2]/Price/PriceAmount' })).toEqual({ line: 6, column: 3 });
    expect(locate(r, { field: 'x' })).toBeUndefined();
  });
});
