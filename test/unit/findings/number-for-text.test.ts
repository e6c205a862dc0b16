/**
 * A code sent as a JSON number where the request takes text (spec 2.1: every field is a string unless noted;
 * `payment_means_code` one of its codes). `"payment_means_code": 30` is one mistake: the response keeps what the
 * service's body check answers (the type and the list of codes, docs/decisions.md "A code sent as a number"), the
 * report shows the type error as the root with the other folded under it, and pintae's hint quotes the text to send.
 */
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import { dataOf, fixtureEnv } from '../../helpers/pipeline.js';
import { base as standard } from '../rules/support.js';

const judged = (change: (b: Record<string, any>) => void) => {
  const body = standard();
  change(body);
  return dataOf(validateInvoice(body, fixtureEnv()));
};

describe('a code sent as a number', () => {
  it('payment_means_code 30: two errors in the response, the list of codes folded under the type error, a hint to send "30"', () => {
    const data = judged((b) => { b.payment_means_code = 30; });
    expect(data.errors.map((e) => [e.message, e.section, e.cause])).toEqual([
      ['payment_means_code must be a string', 'invoice_header', undefined],
      ['payment_means_code must be one of 1, 10, 20, 30, 48, 49', 'invoice_header', 0],
    ]);
    expect(data.errors[0]!.hint).toBe('30 is sent as a number: send it as text, in quotes, "30"');
    expect(data.errors[1]!.hint).toBeUndefined();
  });

  it.each([
    ['invoice_number', (b: Record<string, any>) => { b.invoice_number = 1001; }, '"1001"'],
    ['buyer.trn', (b: Record<string, any>) => { b.buyer.trn = 100987654300003; }, '"100987654300003"'],
    ['transaction_type_code', (b: Record<string, any>) => { b.transaction_type_code = 10000000; }, '"10000000"'],
  ])('%s sent as a number: one error with the text to send', (field, change, text) => {
    const data = judged(change);
    const at = data.errors.filter((e) => e.field === field);
    expect(at.map((e) => e.message)).toEqual([`${field} must be a string`]);
    expect(at[0]!.hint).toMatch(new RegExp(`send it as text, in quotes, ${text}$`));
  });

  it.each([
    ['a number that is no code of the list', (b: Record<string, any>) => { b.payment_means_code = 31; }, 'payment_means_code'],
    ['a label field (a tax category is a code or a label, never a number)', (b: Record<string, any>) => { b.line_items[0].tax_category = 5; }, 'line_items[0].tax_category'],
    ['a transaction type that is no 8 flags', (b: Record<string, any>) => { b.transaction_type_code = 123; }, 'transaction_type_code'],
  ])('no hint for %s', (_, change, field) => {
    const data = judged(change);
    const at = data.errors.filter((e) => e.field === field);
    expect(at.length).toBeGreaterThan(0);
    for (const e of at) expect(e.hint).toBeUndefined();
  });
});
