/**
 * One mistake on a line, one root (qa11): a quantity of 0 makes the line amount zero (7.2 invoice_items "zero line
 * amount"), and the 5% VAT the line carries then differs from 5% of zero (ibr-190-ae); a price of 0 (7.2 "zero price")
 * makes the amount zero in turn. The response keeps every error; the later ones point at the first (`cause`).
 */
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import { dataOf, fixtureEnv } from '../../helpers/pipeline.js';
import { base as standard } from '../rules/support.js';

const errorsOf = (change: (b: Record<string, any>) => void) => {
  const body = standard();
  change(body);
  return dataOf(validateInvoice(body, fixtureEnv())).errors.map((e) => ({ field: e.field, cause: e.cause }));
};

describe('a zero line', () => {
  it('quantity 0: the zero line amount is the root, the VAT error on the line folds under it', () => {
    expect(errorsOf((b) => { b.line_items[0].quantity = 0; })).toEqual([
      { field: 'line_items[0].line_amount', cause: undefined },
      { field: 'line_items[0].tax_amount', cause: 0 },
    ]);
  });

  it('unit_amount 0: the price is the root, the zero amount and the VAT error fold under it', () => {
    expect(errorsOf((b) => { b.line_items[1].unit_amount = 0; })).toEqual([
      { field: 'line_items[1].unit_amount', cause: undefined },
      { field: 'line_items[1].line_amount', cause: 0 },
      { field: 'line_items[1].tax_amount', cause: 0 },
    ]);
  });

  it('a VAT error on another line stays a root of its own', () => {
    const errors = errorsOf((b) => { b.line_items[0].quantity = 0; b.line_items[1].tax_amount = 99; });
    expect(errors.find((e) => e.field === 'line_items[1].tax_amount')).toEqual({ field: 'line_items[1].tax_amount', cause: undefined });
  });
});

describe('a misspelled key whose value is also in a wrong form (qa11)', () => {
  it('invoice_date "10/03/2025": "date is required" follows from the key, though renamed it gives a date error of its own', () => {
    const body = standard();
    body.invoice_date = '10/03/2025';
    delete body.date;
    const outcome = validateInvoice(body, fixtureEnv());
    const errors = dataOf(outcome).errors;
    const required = errors.findIndex((e) => e.field === 'date' && e.message === 'date is required');
    expect(required).toBeGreaterThanOrEqual(0);
    const key = outcome.kind === 'validated' ? outcome.pintae.find((f) => f.rule === 'pintae/unknown-field' && f.field === 'invoice_date') : undefined;
    expect(key?.explains).toContain(required);
  });
});
