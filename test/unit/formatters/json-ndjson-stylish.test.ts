/** The json, ndjson and stylish formats: overrides are visible in each, and ndjson streams one line per result. */
import { describe, expect, it } from 'vitest';
import { json } from '../../../src/formatters/json.js';
import { ndjson, ndjsonStream } from '../../../src/formatters/ndjson.js';
import { stylish } from '../../../src/formatters/stylish.js';
import { finding, mixedReport, reportOf, unreadable, validated } from './support.js';

describe('json format', () => {
  it('has no overrides key without overrides, and lists them with their counts and marks changed findings with them', () => {
    expect(Object.keys(JSON.parse(json(mixedReport(), { color: false })))).toEqual(['results', 'summary']);
    const doc = JSON.parse(json(mixedReport({ 'ibr-127-ae': 'off', 'ibr-190-ae': 'warning' }), { color: false }));
    expect(doc.overrides).toEqual([{ rule: 'ibr-127-ae', level: 'off', applied: 1 }, { rule: 'ibr-190-ae', level: 'warning', applied: 1 }]);
    const inv2 = doc.results[1];
    expect(inv2.valid).toBe(true);
    expect(inv2.response.data).toMatchObject({ is_valid: true, total_errors: 0, errors: [] });
    expect(inv2.response.data.warnings[0]).toMatchObject({ rule: 'ibr-190-ae', overridden: { from: 'error', to: 'warning' } });
    expect(inv2.suppressed).toEqual([expect.objectContaining({ rule: 'ibr-127-ae', overridden: { from: 'error', to: 'off' } })]);
    expect(doc.summary).toMatchObject({ suppressed: 1, warnings: 2 });
  });
});

describe('ndjson format', () => {
  it('writes an overrides line, one result line per invoice, and a summary line, each a JSON object', () => {
    const lines = ndjson(mixedReport({ 'ibr-127-ae': 'warning' }), { color: false }).split('\n');
    expect(lines.at(-1)).toBe('');
    const objects = lines.slice(0, -1).map((l) => JSON.parse(l));
    expect(objects.map((o) => o.type)).toEqual(['overrides', 'result', 'result', 'result', 'result', 'summary']);
    expect(objects[0].overrides).toEqual([{ rule: 'ibr-127-ae', level: 'warning' }]);
    expect(objects.slice(1, 5).map((o) => [o.file, o.valid])).toEqual([['in/a.json', true], ['in/a.json', false], ['in/b.json', false], ['in/c.json', false]]);
    expect(objects[4].error).toEqual({ message: 'expected \',\' or \'}\', found "x"', line: 3, column: 7 });
    expect(objects[5].summary.invoices).toBe(3);
    expect(objects[5].overrides).toEqual([{ rule: 'ibr-127-ae', level: 'warning', applied: 1 }]);
  });

  it('gives each result its line as it arrives, without the rest of the run', () => {
    const stream = ndjsonStream({ color: false });
    expect(stream.header([])).toBe('');
    const line = stream.result(validated('a.json', 'INV-1', []));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ type: 'result', file: 'a.json', valid: true, xml: null });
  });
});

describe('stylish format', () => {
  it('says which overrides are in force, marks moved findings, lists findings turned off and counts them', () => {
    const out = stylish(mixedReport({ 'ibr-127-ae': 'off', 'ibr-190-ae': 'warning' }), { color: false });
    const lines = out.split('\n');
    expect(lines[0]).toBe('rule overrides in force (config file): ibr-127-ae → off, ibr-190-ae → warning');
    expect(out).toMatch(/ {4}in\/a\.json {2}warning {2}invoice_items {3}tax amount cannot be zero on a line {2}ibr-190-ae {2}line_items\[0\]\.tax_amount {2}\(error → warning by rule override\)/);
    expect(out).toMatch(/ {4}in\/a\.json {2}off {6}invoice_header {2}due_date is required/);
    expect(out).toContain('2 warnings, 1 finding turned off by rule overrides');
    expect(lines.at(-2)).toBe('rule overrides in force (config file): ibr-127-ae (1 finding) → off, ibr-190-ae (1 finding) → warning: pintae\'s verdict, not the service\'s');
  });

  it('prints no override lines when none are in force', () => {
    expect(stylish(mixedReport(), { color: false })).not.toMatch(/override/);
  });
});

describe('stylish: every finding starts with file:line:column', () => {
  it('the position of the finding, aligned; the file alone where no position is known', () => {
    const r = validated('in/a.json', 'INV-1', [
      finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date', line: 12, column: 15 }),
      finding('error', 'buyer_party', 'TRN must be 15 characters', { field: 'buyer.trn', line: 7, column: 5 }),
      finding('warning', 'tax', 'unplaced', { rule: 'w' }),
    ]);
    const lines = stylish(reportOf([r]), { color: false }).split('\n');
    expect(lines).toContain('    in/a.json:12:15  error    invoice_header  due_date is required  ibr-127-ae  due_date');
    expect(lines).toContain('    in/a.json:7:5    error    buyer_party     TRN must be 15 characters  buyer.trn');
    expect(lines).toContain('    in/a.json        warning  tax             unplaced  w');
  });
});

describe('stylish: the input named -', () => {
  it('is the request body in pintae serve (en, ar), and stays - on the command line', () => {
    const bodyOf = (stdin?: 'stdin' | 'body', lang?: 'en' | 'ar') => {
      const r = validated('-', 'INV-1', [finding('error', 'buyer_party', 'TRN must be 15 characters', { field: 'buyer.trn', line: 6, column: 25 })]);
      return stylish(reportOf([unreadable('-', 'a value was expected', 1, 7), r]), { color: false, ...(stdin ? { stdin } : {}), ...(lang ? { lang } : {}) });
    };
    const served = bodyOf('body');
    expect(served).toContain('  ✖ request body:1:7: a value was expected');
    expect(served).toContain('    request body:6:25  error');
    expect(served).not.toMatch(/(^|\s)-:\d/m);
    expect(bodyOf('body', 'ar')).toContain('متن الطلب:1:7');
    for (const typed of [bodyOf(), bodyOf('stdin')]) {
      expect(typed).toContain('  ✖ -:1:7: a value was expected');
      expect(typed).toContain('    -:6:25  error');
    }
  });
});
