import type { Invoice, TaxCategory } from '../model/types.js';
import { money, sum, ZERO, type Decimal } from './money.js';

export interface CategoryTotal { category: TaxCategory; taxable: Decimal; tax: Decimal; exemptionReason?: string }

export interface Totals {
  lineSum: Decimal;
  taxSum: Decimal;
  /** What the document carries: the sender's own figure where sent (spec 2.6.2: not rewritten), else computed. */
  subTotal: Decimal;
  totalTax: Decimal;
  total: Decimal;
  categories: CategoryTotal[];
}

/** Totals and one tax subtotal per category, in the order categories first appear on the lines. */
export function computeTotals(invoice: Invoice): Totals {
  const lineSum = sum(invoice.line_items.map((l) => l.line_amount));
  const taxSum = sum(invoice.line_items.map((l) => l.tax_amount));
  const subTotal = invoice.sub_total ?? lineSum;
  const totalTax = invoice.total_tax ?? taxSum;
  const total = invoice.total ?? money(subTotal.plus(totalTax));
  const byCategory = new Map<TaxCategory, CategoryTotal>();
  for (const line of invoice.line_items) {
    const category = line.tax_category as TaxCategory;
    const entry = byCategory.get(category) ?? { category, taxable: ZERO, tax: ZERO };
    entry.taxable = entry.taxable.plus(line.line_amount);
    entry.tax = entry.tax.plus(line.tax_amount);
    if (category === 'E' && line.tax_exemption_reason && !entry.exemptionReason) entry.exemptionReason = line.tax_exemption_reason;
    byCategory.set(category, entry);
  }
  return { lineSum, taxSum, subTotal, totalTax, total, categories: [...byCategory.values()] };
}

/** InvoiceTypeCode: 480 when every line is E or O (ibr-151-ae), otherwise 380 (DESIGN). */
export function invoiceTypeCode(invoice: Invoice): '380' | '480' {
  return invoice.line_items.every((l) => l.tax_category === 'E' || l.tax_category === 'O') ? '480' : '380';
}

/** An amount in AED at the invoice's rate, rounded to two decimals. */
export function toAed(amount: Decimal, rate: Decimal): Decimal {
  return money(amount.times(rate));
}
