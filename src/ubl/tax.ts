import type { Invoice, Line, TaxCategory } from '../model/types.js';
import type { Totals } from '../derive/totals.js';
import { formatMoney, type Decimal } from '../derive/money.js';
import { toAed } from '../derive/totals.js';
import { el, type XmlNode } from './node.js';

/**
 * The percent a category carries (spec 2.7: forced from the category). S and N stay at 5; reverse charge shows 5
 * and zero-rated 0 as the official examples do; exempt and out-of-scope carry none (ibr-121-ae, aligned-ibrp-o-11-ae).
 */
export const CATEGORY_PERCENT: Readonly<Record<TaxCategory, string | undefined>> = { S: '5', N: '5', AE: '5', Z: '0', E: undefined, O: undefined };

/** The request field of a line's category: the key it was sent under, else the canonical name (the default S applies). */
export const categoryField = (line: Line, at: string) => `${at}.${line.tax_category_key ?? 'tax_category'}`;

/** The field a line's net amount comes from: line_amount when sent, else unit_amount (× quantity, spec 2.7). */
export const lineAmountField = (line: Line, at: string) => `${at}.${line.line_amount_sent ? 'line_amount' : 'unit_amount'}`;

export function taxCategoryNode(category: TaxCategory, exemptionReason?: string, source?: string, reasonSource?: string): XmlNode {
  return {
    ...(source ? { $: source } : {}),
    'cbc:ID': category,
    'cbc:Percent': CATEGORY_PERCENT[category],
    'cbc:TaxExemptionReasonCode': category === 'E' && exemptionReason !== undefined
      ? { ...(reasonSource ? { $: reasonSource } : {}), '#': exemptionReason } : undefined,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** The field a sum over lines came from: the one line with a non-zero term when there is exactly one, else line_items. */
function sumField(terms: Array<{ value: Decimal; field: string }>): string {
  const nonZero = terms.filter((t) => !t.value.isZero());
  if (terms.length === 1) return terms[0]!.field;
  return nonZero.length === 1 ? nonZero[0]!.field : 'line_items';
}

/**
 * One cac:TaxSubtotal: computed from the lines of its category, so it maps to that line when there is one, else
 * to line_items; its amounts to the one line that contributes to them, if only one does; the exemption reason to the
 * line it was taken from (docs/decisions.md, exemption reason).
 */
function subtotal(invoice: Invoice, c: Totals['categories'][number], amount: (v: Decimal) => XmlNode): XmlNode {
  const lines = invoice.line_items.flatMap((line, i) => (line.tax_category === c.category ? [{ line, at: `line_items[${i}]` }] : []));
  const only = lines.length === 1 ? lines[0]! : undefined;
  const reasonLine = lines.find(({ line }) => line.tax_exemption_reason === c.exemptionReason && c.exemptionReason !== undefined);
  return {
    $: only?.at ?? 'line_items',
    'cbc:TaxableAmount': { ...amount(c.taxable), $: sumField(lines.map(({ line, at }) => ({ value: line.line_amount, field: lineAmountField(line, at) }))) },
    'cbc:TaxAmount': { ...amount(c.tax), $: sumField(lines.map(({ line, at }) => ({ value: line.tax_amount, field: `${at}.tax_amount` }))) },
    'cac:TaxCategory': taxCategoryNode(c.category, c.exemptionReason, only ? categoryField(only.line, only.at) : 'line_items',
      reasonLine && `${reasonLine.at}.tax_exemption_reason`),
  };
}

/** The document-currency tax total with one subtotal per category, then the AED total for a foreign currency (IBT-111). */
export function taxTotals(invoice: Invoice, totals: Totals, rate: Decimal | undefined): XmlNode[] {
  const currency = invoice.currency;
  const amount = (v: Decimal) => el(formatMoney(v), { currencyID: currency }, undefined, { currencyID: 'currency' });
  const total = invoice.total_tax !== undefined ? 'total_tax' : 'line_items';
  const main: XmlNode = {
    $: total,
    'cbc:TaxAmount': amount(totals.totalTax),
    'cac:TaxSubtotal': totals.categories.map((c) => subtotal(invoice, c, amount)),
  };
  if (rate === undefined) return [main];
  const rateField = invoice.exchange_rate !== undefined ? 'exchange_rate' : 'currency';
  return [main, { $: rateField, 'cbc:TaxAmount': el(formatMoney(toAed(totals.totalTax, rate)), { currencyID: 'AED' }, undefined, { currencyID: 'currency' }) }];
}
