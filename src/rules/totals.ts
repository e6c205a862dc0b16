import type { Finding } from '../model/types.js';
import type { Rule } from './types.js';
import { error } from './types.js';
import { offStandardRate, ROUNDING_SLACK, STANDARD_RATE } from './lines.js';

export const totalRules: Rule[] = [
  {
    // A line off the rate is reported on that line (ibr-190-ae, lines.ts); this is left for lines each within
    // rounding whose sum is not: no single line is wrong, the breakdown is.
    id: 'tax.standard-rate', section: 'tax', spec: '2.7 S ("must charge VAT at 5%"), aligned-ibrp-s-09',
    check: ({ invoice, totals }) => invoice.line_items.some(offStandardRate) ? [] : totals.categories.filter((c) => c.category === 'S').flatMap((c) => {
      const expected = c.taxable.times(STANDARD_RATE);
      return c.tax.minus(expected).abs().greaterThan(ROUNDING_SLACK)
        ? [error('tax', `VAT on standard-rated lines must be 5% of their taxable amount: ${c.taxable.toFixed(2)} × 5% = ${expected.toFixed(2)}, the lines carry ${c.tax.toFixed(2)}`, { rule: 'aligned-ibrp-s-09', field: 'line_items' })]
        : [];
    }),
  },
  {
    // DESIGN: the check applies when the invoice has at least one S line.
    id: 'tax.total-not-zero', section: 'tax', spec: '7.2 tax ("total tax amount cannot be zero")',
    check: ({ invoice, totals }) => invoice.line_items.some((l) => l.tax_category === 'S') && totals.totalTax.isZero()
      ? [error('tax', 'Total tax amount cannot be zero on an invoice with standard-rated lines', { field: 'total_tax' })] : [],
  },
  {
    id: 'tax.total-matches-lines', section: 'tax', spec: '2.1 total_tax, ibr-co-14',
    check: ({ invoice, totals }) => invoice.total_tax !== undefined && !invoice.total_tax.equals(totals.taxSum)
      ? [error('tax', `total_tax ${invoice.total_tax.toFixed(2)} differs from the sum of line tax amounts ${totals.taxSum.toFixed(2)}`, { rule: 'ibr-co-14', field: 'total_tax' })] : [],
  },
  {
    id: 'monetary.sub-total', section: 'legal_monetary', spec: '2.1 sub_total, ibr-co-10',
    check: ({ invoice, totals }) => invoice.sub_total !== undefined && !invoice.sub_total.equals(totals.lineSum)
      ? [error('legal_monetary', `sub_total ${invoice.sub_total.toFixed(2)} differs from the sum of line amounts ${totals.lineSum.toFixed(2)}`, { rule: 'ibr-co-10', field: 'sub_total' })] : [],
  },
  {
    id: 'monetary.total', section: 'legal_monetary', spec: '2.1 total (sub_total + total_tax), ibr-co-15',
    check: ({ invoice, totals }): Finding[] => {
      const expected = totals.subTotal.plus(totals.totalTax);
      return invoice.total !== undefined && !invoice.total.equals(expected)
        ? [error('legal_monetary', `total ${invoice.total.toFixed(2)} differs from sub_total + total_tax = ${expected.toFixed(2)}`, { rule: 'ibr-co-15', field: 'total' })] : [];
    },
  },
];
