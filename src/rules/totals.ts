import { finding } from '../messages/findings.js';
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
        ? [error('tax', finding('tax.standard-rate', { taxable: c.taxable.toFixed(2), expected: expected.toFixed(2), carried: c.tax.toFixed(2) }), { rule: 'aligned-ibrp-s-09', field: 'line_items' })]
        : [];
    }),
  },
  {
    // DESIGN: the check applies when the invoice has at least one S line.
    id: 'tax.total-not-zero', section: 'tax', spec: '7.2 tax ("total tax amount cannot be zero")',
    check: ({ invoice, totals }) => invoice.line_items.some((l) => l.tax_category === 'S') && totals.totalTax.isZero()
      ? [error('tax', finding('tax.total-not-zero'), { field: 'total_tax' })] : [],
  },
  {
    // Spec 7.2 tax: "Total tax or taxable amount zero". A line whose own amount is zero is that line's error
    // (invoice_items, "zero line amount"); this is left for lines that cancel out.
    id: 'tax.taxable-not-zero', section: 'tax', spec: '7.2 tax ("Total tax or taxable amount zero")',
    check: ({ invoice, totals }) => totals.lineSum.isZero() && !invoice.line_items.some((l) => l.line_amount.isZero())
      ? [error('tax', finding('tax.taxable-not-zero'), { field: 'line_items' })] : [],
  },
  {
    id: 'tax.total-matches-lines', section: 'tax', spec: '2.1 total_tax, ibr-co-14',
    check: ({ invoice, totals }) => invoice.total_tax !== undefined && !invoice.total_tax.equals(totals.taxSum)
      ? [error('tax', finding('tax.total-matches-lines', { sent: invoice.total_tax.toFixed(2), sum: totals.taxSum.toFixed(2) }), { rule: 'ibr-co-14', field: 'total_tax' })] : [],
  },
  {
    id: 'monetary.sub-total', section: 'legal_monetary', spec: '2.1 sub_total, ibr-co-10',
    check: ({ invoice, totals }) => invoice.sub_total !== undefined && !invoice.sub_total.equals(totals.lineSum)
      ? [error('legal_monetary', finding('monetary.sub-total', { sent: invoice.sub_total.toFixed(2), sum: totals.lineSum.toFixed(2) }), { rule: 'ibr-co-10', field: 'sub_total' })] : [],
  },
  {
    id: 'monetary.total', section: 'legal_monetary', spec: '2.1 total (sub_total + total_tax), ibr-co-15',
    check: ({ invoice, totals }): Finding[] => {
      const expected = totals.subTotal.plus(totals.totalTax);
      return invoice.total !== undefined && !invoice.total.equals(expected)
        ? [error('legal_monetary', finding('monetary.total', { sent: invoice.total.toFixed(2), expected: expected.toFixed(2) }), { rule: 'ibr-co-15', field: 'total' })] : [];
    },
  },
];
