/**
 * qa10 item 5: a negative tax_amount on a line whose tax category cannot be read had no finding of its own. Spec
 * 2.7's category rules: S "Must charge VAT at 5%", every other category "tax_amount must be 0" ("a non-zero amount
 * on a non-S category is fatal"). An amount that is neither breaks the rule of whichever category was meant, so it is
 * reported at the line's tax_amount (7.2 invoice_items), beside the unreadable category and not folded under it
 * (docs/decisions.md "A line's VAT when its category cannot be read"). Line 1 of standard.json: 2 × 150 = 300.00.
 */
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../helpers/pipeline.js';
import { run, type Body } from './support.js';

const line1 = (category: unknown, tax: number, extra: Record<string, unknown> = {}) => (b: Body) => { Object.assign(b.line_items[1], { tax_category: category, tax_amount: tax, ...extra }); };
const atTax = (mutate: (b: Body) => void) => dataOf(run(mutate)).errors.filter((e) => e.field === 'line_items[1].tax_amount');

describe('the VAT of a line whose category cannot be read (spec 2.7)', () => {
  it('a negative amount on a positive line fits no category: an error of its own, not caused by the category', () => {
    const errors = dataOf(run(line1('XX', -15))).errors;
    expect(errors.map((e) => e.field)).toEqual(['line_items[1].tax_category', 'line_items[1].tax_amount']);
    expect(errors[1]).toMatchObject({ section: 'invoice_items', message: 'line_items[1]: tax_amount -15.00 fits no tax category: a standard-rated (S) line charges 5% of its amount (300.00 × 5% = 15.00), every other category 0' });
    expect(errors[1]!.cause).toBeUndefined();
  });

  it('any amount that is neither 0 nor 5% of the line; a category of the wrong type too', () => {
    expect(atTax(line1('XX', 7))).toHaveLength(1);
    expect(atTax(line1({ code: 'S' }, -15))).toEqual([expect.objectContaining({ message: expect.stringMatching(/^line_items\[1\]: tax_amount -15\.00 fits no tax category: /) })]);
  });

  it('an amount some category allows is left to the category: 5% (S), 0 (the others), -5% of a negative line (S)', () => {
    expect(atTax(line1('XX', 15))).toEqual([]);
    expect(atTax(line1('XX', 0))).toEqual([]);
    expect(atTax(line1('XX', -15, { line_amount: -300 }))).toEqual([]);
    expect(atTax(line1({ code: 'S' }, 15))).toEqual([]);
  });
});
