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
    $: source,
    'cbc:ID': category,
    'cbc:Percent': CATEGORY_PERCENT[category],
    'cbc:TaxExemptionReasonCode': category === 'E' && exemptionReason !== undefined ? { $: reasonSource, '#': exemptionReason } : undefined,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/**
 * One cac:TaxSubtotal: computed from the lines of its category, so it maps to that line when there is one, else to
 * line_items; each of its amounts to the one line contributing a non-zero amount when only one does; the exemption
 * reason to the line it was taken from (docs/decisions.md, exemption reason).
 */
function subtotal(invoice: Invoice, c: Totals['categories'][number], amount: (v: Decimal, source?: string) => XmlNode): XmlNode {
  let count = 0;
  let first = -1;
  let taxable: string | undefined;
  let tax: string | undefined;
  let reason: string | undefined;
  invoice.line_items.forEach((line, i) => {
    if (line.tax_category !== c.category) return;
    count++;
    if (first < 0) first = i;
    const at = `line_items[${i}]`;
    // '' marks a second non-zero term: the sum then comes from line_items
    if (!line.line_amount.isZero()) taxable = taxable === undefined ? lineAmountField(line, at) : '';
    if (!line.tax_amount.isZero()) tax = tax === undefined ? `${at}.tax_amount` : '';
    if (reason === undefined && c.exemptionReason !== undefined && line.tax_exemption_reason === c.exemptionReason) reason = `${at}.tax_exemption_reason`;
  });
  const only = count === 1 ? first : -1;
  const onlyLine = invoice.line_items[only];
  const sum = (field: string | undefined, single: string) => (only >= 0 ? single : field || 'line_items');
  return {
    $: onlyLine ? `line_items[${only}]` : 'line_items',
    'cbc:TaxableAmount': amount(c.taxable, sum(taxable, onlyLine ? lineAmountField(onlyLine, `line_items[${only}]`) : '')),
    'cbc:TaxAmount': amount(c.tax, sum(tax, `line_items[${only}].tax_amount`)),
    'cac:TaxCategory': taxCategoryNode(c.category, c.exemptionReason, onlyLine ? categoryField(onlyLine, `line_items[${only}]`) : 'line_items', reason),
  };
}

/** The document-currency tax total with one subtotal per category, then the AED total for a foreign currency (IBT-111). */
export function taxTotals(invoice: Invoice, totals: Totals, rate: Decimal | undefined): XmlNode[] {
  const currency = invoice.currency;
  const amount = (v: Decimal, source?: string) => el(formatMoney(v), { currencyID: currency }, source, { currencyID: 'currency' });
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
