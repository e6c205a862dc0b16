import { finding } from '../messages/findings.js';
import type { Finding, Line } from '../model/types.js';
import type { Rule } from './types.js';
import { error } from './types.js';
import { REVERSE_CHARGE_ITEM_TYPES, TAX_CATEGORIES, TAX_CATEGORY_MEANINGS } from '../codelists/tax.js';
import { say } from '../messages/table.js';
import { Decimal } from '../derive/money.js';

/** Standard rate (spec 2.7, ibr-190-ae) and the slack the PINT-AE breakdown check allows for rounding (measured: ±0.02). */
export const STANDARD_RATE = new Decimal('0.05');
export const ROUNDING_SLACK = new Decimal('0.02');

/**
 * An S line that does not charge VAT at 5% (spec 2.7, ibr-190-ae): zero, or further from 5% of its amount than
 * rounding explains. The slack is the breakdown check's, so a one-line invoice gets the verdict it always had.
 */
export const offStandardRate = (line: Line): boolean => line.tax_category === 'S'
  && (line.tax_amount.isZero() || line.tax_amount.minus(line.line_amount.times(STANDARD_RATE)).abs().greaterThan(ROUNDING_SLACK));

type LineCheck = (line: Line, at: string) => Finding | Finding[] | undefined;

/**
 * A line whose category could not be read, judged by the category rules of spec 2.7 all the same where they agree: a
 * VAT amount that is neither 0 (every category but S) nor 5% of the line amount (S, with the rounding slack) breaks
 * the rule of whichever category was meant, so it is a mistake of its own, beside the category's (docs/decisions.md
 * "A line's VAT when its category cannot be read"). Its rule id is the finding's message id: `linkByMeaning` keeps it
 * apart from the category's dependents.
 */
export function taxFitsNoCategory(line: Pick<Line, 'tax_amount' | 'line_amount'>, at: string): Finding | undefined {
  if (line.tax_amount.isZero() || !offStandardRate({ ...line, tax_category: 'S' } as Line)) return undefined;
  const expected = line.line_amount.times(STANDARD_RATE);
  return error('invoice_items', finding('line.tax-fits-none', { at, amount: line.line_amount.toFixed(2), expected: expected.toFixed(2), carried: line.tax_amount.toFixed(2) }), { field: `${at}.tax_amount` });
}

/** A rule applied to every line; findings are located at `line_items[i]`. */
function perLine(id: string, spec: string, check: LineCheck): Rule {
  return {
    id, section: 'invoice_items', spec,
    check: ({ invoice }) => invoice.line_items.flatMap((line, i) => {
      const found = check(line, `line_items[${i}]`);
      return found === undefined ? [] : Array.isArray(found) ? found : [found];
    }),
  };
}

/** `an exempt (E)`, `a zero rated (Z)`: a category in words, with its code. */
const categoryWords = (code: string) => {
  const meaning = (TAX_CATEGORY_MEANINGS as Record<string, string>)[code]?.replace(/, 5%$/, '') ?? code;
  return `${/^[aeiou]/i.test(meaning) ? 'an' : 'a'} ${meaning} (${code})`;
};

const known = (line: Line) => (TAX_CATEGORIES as readonly string[]).includes(line.tax_category);

export const lineRules: Rule[] = [
  perLine('line.category', '2.7 tax_category', (line, at) => known(line) ? undefined
    : error('invoice_items', say('ibr-139-ae', { field: `${at}.${line.tax_category_key ?? 'tax_category'}`, sent: line.tax_category }), { rule: 'ibr-139-ae', field: `${at}.tax_category` })),
  perLine('line.price', '2.7 unit_amount, 8', (line, at) => line.unit_amount.isPositive() && !line.unit_amount.isZero() ? undefined
    : error('invoice_items', finding('line.price', { at }), { field: `${at}.unit_amount` })),
  perLine('line.amount', '7.2 invoice_items (zero line amount)', (line, at) => line.line_amount.isZero()
    ? error('invoice_items', finding('line.amount-zero', { at }), { field: `${at}.line_amount` }) : undefined),
  perLine('line.tax-amount', '2.7 tax category rules (S: ibr-190-ae)', (line, at) => {
    if (!known(line)) return taxFitsNoCategory(line, at);
    if (line.tax_category === 'S') {
      if (!offStandardRate(line)) return undefined;
      const options = { rule: 'ibr-190-ae', field: `${at}.tax_amount` };
      if (line.tax_amount.isZero()) return error('invoice_items', finding('line.tax-zero'), options);
      const expected = line.line_amount.times(STANDARD_RATE);
      return error('invoice_items', finding('line.tax-rate', { at, amount: line.line_amount.toFixed(2), expected: expected.toFixed(2), carried: line.tax_amount.toFixed(2) }), options);
    }
    return line.tax_amount.isZero() ? undefined
      : error('invoice_items', finding('line.tax-not-zero', { at, category: line.tax_category, carried: line.tax_amount.toFixed(2) }), { field: `${at}.tax_amount` });
  }),
  perLine('line.exemption-reason', '2.7 E, 7.3 (ibr-167-ae)', (line, at) => line.tax_category === 'E' && !line.tax_exemption_reason
    ? error('invoice_items', say('ibr-167-ae', { field: `${at}.tax_exemption_reason` }), { rule: 'ibr-167-ae', field: `${at}.tax_exemption_reason` }) : undefined),
  perLine('line.reverse-charge', '2.7 AE', (line, at) => {
    if (line.tax_category !== 'AE') return undefined;
    const out: Finding[] = [];
    if (!line.item_type) out.push(error('invoice_items', say('ibr-166-ae', { field: `${at}.item_type` }), { rule: 'ibr-166-ae', field: `${at}.item_type` }));
    else if (!Object.hasOwn(REVERSE_CHARGE_ITEM_TYPES, line.item_type)) out.push(error('invoice_items', say('ibr-006-ae', { field: `${at}.item_type`, sent: line.item_type }), { rule: 'ibr-006-ae', field: `${at}.item_type` }));
    if (!line.item_standard_id) out.push(error('invoice_items', finding('line.item-standard-id', { at }), { rule: 'ibr-174-ae', field: `${at}.item_standard_id` }));
    return out;
  }),
];
