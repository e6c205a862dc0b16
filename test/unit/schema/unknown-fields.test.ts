/**
 * Issue 12 item 1: every key that is not a field of spec 2.1–2.7 (aliases of 2.4 and 2.7 included) is a warning
 * `pintae/unknown-field` at that key, naming the closest known field; the verdict stays what it was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_UNKNOWN_LISTED, unknownFields, UNKNOWN_FIELD } from '../../../src/schema/unknown-fields.js';
import { closestName, editDistance } from '../../../src/schema/spelling.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { dataOf, fixtureEnv, ownOf } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';
import { set, type Body } from '../rules/support.js';

const standard = (): Body => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
const withKey = (path: string, value: unknown = 'x'): Body => { const b = standard(); set(b, path, value); return b; };

describe('unknown keys (spec 2.1–2.7)', () => {
  it.each<[string, string, { message: string; section: string; suggestion?: string }]>([
    ['2.1 top level', 'exchange_rte', { message: 'unknown field "exchange_rte" (did you mean "exchange_rate"?)', section: 'invoice_header', suggestion: 'exchange_rate' }],
    ['2.7 a line, letters swapped', 'line_items[0].tax_categroy', { message: 'unknown field "tax_categroy" in line_items[0] (did you mean "tax_category"?)', section: 'invoice_items', suggestion: 'tax_category' }],
    ['2.7 another line, camel case', 'line_items[1].TaxCategory', { message: 'unknown field "TaxCategory" in line_items[1] (did you mean "tax_category"?)', section: 'invoice_items', suggestion: 'tax_category' }],
    ['2.2 buyer', 'buyer.nmae', { message: 'unknown field "nmae" in buyer (did you mean "name"?)', section: 'buyer_party', suggestion: 'name' }],
    ['2.3 seller block, the entity\'s former name of legal_registration_id (2.12)', 'seller.trade_license_number', { message: 'unknown field "trade_license_number" in seller (did you mean "legal_registration_id"?)', section: 'seller_party', suggestion: 'legal_registration_id' }],
    ['2.4 delivery', 'delivery.post_cod', { message: 'unknown field "post_cod" in delivery (did you mean "post_code"?)', section: 'invoice_header', suggestion: 'post_code' }],
    ['2.1 nothing close in spelling or meaning', 'erp_batch', { message: 'unknown field "erp_batch"', section: 'invoice_header' }],
    ['2.1 nothing close in spelling, reference by meaning (issue 24)', 'notes', { message: 'unknown field "notes" (did you mean "reference"?)', section: 'invoice_header', suggestion: 'reference' }],
    ['2.1 a $schema key is not a field either', '$schema', { message: 'unknown field "$schema"', section: 'invoice_header' }],
  ])('%s: %s → a warning at that key', (_name, path, expected) => {
    const field = path;
    const found = unknownFields(withKey(path)).map(({ said: _said, ...f }) => f); // said: the catalogue entry (issue 26), tested in test/unit/messages
    expect(found).toEqual([{ severity: 'warning', rule: UNKNOWN_FIELD, field, ...expected }]);
  });

  it.each([
    ['2.7 alias tax_category_code', 'line_items[0].tax_category_code'], ['2.7 alias vat_category', 'line_items[0].vat_category'],
    ['2.7 alias category', 'line_items[0].category'], ['2.4 alias region', 'delivery.region'], ['2.4 alias state', 'delivery.state'],
    ['2.7 hs_code (accepted, not emitted)', 'line_items[0].hs_code'], ['2.1 reference', 'reference'],
  ])('%s is a known field: no warning', (_name, path) => {
    expect(unknownFields(withKey(path, 'Z'))).toEqual([]);
  });

  it('no fixture has an unknown key', () => {
    for (const dir of ['invoices', 'invalid']) {
      for (const f of readdirSync(join(FIXTURES, dir)).filter((n) => n.endsWith('.json') && n !== 'malformed.json')) {
        expect(unknownFields(JSON.parse(readFileSync(join(FIXTURES, dir, f), 'utf8'))), f).toEqual([]);
      }
    }
  });

  it('keys named after Object.prototype members are unknown like any other, and a value of the wrong type is not walked', () => {
    const body = JSON.parse(JSON.stringify(standard()).replace('{', '{"__proto__": 1, "constructor": 2, '));
    body.delivery = 'not an object';
    expect(unknownFields(body).map((f) => f.field)).toEqual(['__proto__', 'constructor']);
  });

  it('an unknown key with an empty or null value is still reported (2.8.5 reads the value as absent, not the key as right)', () => {
    expect(unknownFields(withKey('exchange_rte', '')).map((f) => f.suggestion)).toEqual(['exchange_rate']);
    expect(unknownFields(withKey('buyer.nmae', null)).map((f) => f.suggestion)).toEqual(['name']);
  });
});

describe('the verdict does not change', () => {
  const verdict = (b: Body) => dataOf(validateInvoice(b, fixtureEnv()));
  const own = (b: Body) => ownOf(validateInvoice(b, fixtureEnv()));

  it('standard.json with unknown keys at every level: valid, the same errors, one warning each, beside the response', () => {
    const b = standard();
    Object.assign(b, { exchange_rte: 1 });
    Object.assign(b.buyer, { nmae: 'X' });
    Object.assign(b.line_items[1], { notes: 'x' });
    const data = verdict(b);
    expect(data.is_valid).toBe(true);
    expect(data.errors).toEqual([]);
    expect(data.warnings).toEqual([]);
    // In the order of the keys in the body (exchange_rte was added last).
    expect(own(b).map((w) => [w.rule, w.field, w.suggestion])).toEqual([
      [UNKNOWN_FIELD, 'buyer.nmae', 'name'], [UNKNOWN_FIELD, 'line_items[1].notes', undefined], [UNKNOWN_FIELD, 'exchange_rte', 'exchange_rate'],
    ]);
  });

  it('a misspelled required field: the schema error and the warning that explains it, together', () => {
    const b = standard();
    b.line_items[0].descripton = b.line_items[0].description;
    delete b.line_items[0].description;
    const data = verdict(b);
    expect(data.errors).toEqual([expect.objectContaining({ field: 'line_items[0].description', message: 'line_items[0].description is required' })]);
    expect(data.warnings).toEqual([]);
    expect(own(b)).toEqual([expect.objectContaining({ field: 'line_items[0].descripton', suggestion: 'description', severity: 'warning', explains: [0] })]);
  });
});

describe('spelling', () => {
  it.each<[string, string, number]>([
    ['ab', 'ba', 1], ['tax_categroy', 'tax_category', 1], ['kitten', 'sitting', 3], ['ca', 'abc', 3], ['', 'abc', 3], ['same', 'same', 0],
  ])('editDistance(%s, %s) = %i (optimal string alignment)', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('gives up past the limit', () => {
    expect(editDistance('kitten', 'sitting', 2)).toBe(Infinity);
    expect(editDistance('a'.repeat(100_000), 'date', 3)).toBe(Infinity);
  });

  it.each<[string, string | undefined]>([
    ['qantity', 'quantity'], ['unit_amout', 'unit_amount'], ['Unit-Amount', 'unit_amount'], ['descr', undefined], ['memo', undefined], ['x', undefined],
  ])('closestName(%s) among the line fields = %s', (name, expected) => {
    expect(closestName(name, ['description', 'quantity', 'unit_amount', 'tax_amount', 'line_amount', 'unit', 'item_name'])).toBe(expected);
  });
});

describe('many unknown keys (data of another shape)', () => {
  it('lists the first 100 one by one and counts the rest on one more warning, at the first key not listed', () => {
    const b = standard();
    for (let i = 0; i < 250; i++) (b.line_items as Body[])[0]![`extra_${i}`] = i;
    const found = unknownFields(b);
    expect(found).toHaveLength(MAX_UNKNOWN_LISTED + 1);
    expect(found.slice(0, MAX_UNKNOWN_LISTED).every((f) => f.rule === UNKNOWN_FIELD && f.message.startsWith('unknown field'))).toBe(true);
    expect(found[MAX_UNKNOWN_LISTED]).toMatchObject({
      rule: UNKNOWN_FIELD, severity: 'warning', field: 'line_items[0].extra_100',
      message: '150 more unknown fields, from "line_items[0].extra_100" on, not listed one by one',
    });
  });

  it('an unknown key whose value XML cannot carry is no error: the service ignores it and it is never written', () => {
    const outcome = validateInvoice(withKey('line_items[0].note', 'bad \ud800 text'), fixtureEnv());
    expect(dataOf(outcome).errors).toEqual([]);
    expect(ownOf(outcome).map((w) => w.field)).toEqual(['line_items[0].note']);
    // The same character in a field the document carries is refused at that field.
    const known = validateInvoice(withKey('line_items[0].description', 'bad \ud800 text'), fixtureEnv());
    expect(dataOf(known).errors.map((e) => e.field)).toContain('line_items[0].description');
  });
});
