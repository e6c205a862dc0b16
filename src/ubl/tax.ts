import type { TaxCategory } from '../model/types.js';
import type { Totals } from '../derive/totals.js';
import { formatMoney, type Decimal } from '../derive/money.js';
import { toAed } from '../derive/totals.js';
import { el, type XmlNode } from './node.js';

/**
 * The percent a category carries (spec 2.7: forced from the category). S and N stay at 5; reverse charge shows 5
 * and zero-rated 0 as the official examples do; exempt and out-of-scope carry none (ibr-121-ae, aligned-ibrp-o-11-ae).
 */
export const CATEGORY_PERCENT: Readonly<Record<TaxCategory, string | undefined>> = { S: '5', N: '5', AE: '5', Z: '0', E: undefined, O: undefined };

export function taxCategoryNode(category: TaxCategory, exemptionReason?: string): XmlNode {
  return {
    'cbc:ID': category,
    'cbc:Percent': CATEGORY_PERCENT[category],
    'cbc:TaxExemptionReasonCode': category === 'E' ? exemptionReason : undefined,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** The document-currency tax total with one subtotal per category, then the AED total for a foreign currency (IBT-111). */
export function taxTotals(totals: Totals, currency: string, rate: Decimal | undefined): XmlNode[] {
  const amount = (v: Decimal) => el(formatMoney(v), { currencyID: currency });
  const main: XmlNode = {
    'cbc:TaxAmount': amount(totals.totalTax),
    'cac:TaxSubtotal': totals.categories.map((c) => ({
      'cbc:TaxableAmount': amount(c.taxable),
      'cbc:TaxAmount': amount(c.tax),
      'cac:TaxCategory': taxCategoryNode(c.category, c.exemptionReason),
    })),
  };
  if (rate === undefined) return [main];
  return [main, { 'cbc:TaxAmount': el(formatMoney(toAed(totals.totalTax, rate)), { currencyID: 'AED' }) }];
}
