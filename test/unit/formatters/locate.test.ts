/** Lines of findings' fields in the input JSON, for SARIF regions and GitHub annotations. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonPositions, nearestPosition, pointerOfField } from '../../../src/io/positions.js';
import { jsonFieldLocator } from '../../../src/report/locate.js';
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
    expect(locate(validated(join(dir, 'one.json'), 'A', []), 'buyer.trn')).toEqual({ line: 3, column: 12 });
    expect(locate(validated(join(dir, 'one.json'), 'A', []), 'invoice_number')).toEqual({ line: 2, column: 21 });
    expect(locate(validated(join(dir, 'bulk.json'), 'B', [], 1), 'due_date')).toEqual({ line: 4, column: 16 });
    expect(locate(validated(join(dir, 'bulk.json'), 'B', [], 1), undefined)).toEqual({ line: 3, column: 3 });
    expect(locate(validated(join(dir, 'array.json'), 'X', [], 1), 'x')).toEqual({ line: 3, column: 9 });
    expect(locate(validated('-', 'X', []), 'x')).toBeUndefined();
  });
});
