import type { InvoiceView, ViewBlock } from '../model/view.js';

type BlockKey = 'seller' | 'buyer' | 'details' | 'payment' | 'totals' | 'aed' | 'delivery';

/** Where a request field belongs on the page, by its top-level key (spec 2.1–2.7). */
function homeOf(field: string): BlockKey {
  const top = field.replace(/[.[].*$/, '');
  if (top === 'buyer') return 'buyer';
  if (top === 'seller' || top === 'entity_id') return 'seller';
  if (top === 'delivery' || top.startsWith('deliver') || top === 'actual_delivery_date' || top === 'incoterms' || top.startsWith('customs')) return 'delivery';
  if (top.startsWith('payment')) return 'payment';
  if (top === 'sub_total' || top === 'total' || top === 'total_tax') return 'totals';
  if (top === 'exchange_rate') return 'aed';
  return 'details';
}

const TITLES: Record<BlockKey, string> = {
  seller: 'Seller', buyer: 'Buyer', details: 'Invoice details', payment: 'Payment', totals: 'Totals', aed: 'In AED', delivery: 'Delivery',
};

/** The labels the page uses for the fields a finding most often says are missing; others are spelled out from the key. */
const LABELS: Readonly<Record<string, string>> = {
  date: 'Issue date', due_date: 'Due date', currency: 'Currency', invoice_number: 'Invoice number', transaction_type_code: 'Transaction type',
  payment_means_code: 'Payment means', payment_account_id: 'Account (IBAN)', exchange_rate: 'Exchange rate', sub_total: 'Sum of line net amounts',
  total_tax: 'VAT', total: 'Total with VAT', actual_delivery_date: 'Delivery date', trn: 'TRN', address_line1: 'Street', country: 'Country',
  region: 'Region', country_subdivision: 'Region', city: 'City', entity_id: 'Entity',
};

function labelOf(field: string): string {
  const key = field.replace(/^.*[.\]]/, '');
  const known = Object.hasOwn(LABELS, key) ? LABELS[key] : undefined;
  return known ?? (key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' '));
}

/**
 * The view with an item for each field that findings name and the page does not show — a field that is missing
 * (due_date on an invoice with an amount due) — in the block where it belongs, so the finding is shown where the
 * reader would look for the value. The view given is left as it is.
 */
export function withMissing(view: InvoiceView, fields: readonly string[]): InvoiceView {
  const out: InvoiceView = { ...view };
  const copied = new Set<BlockKey>();
  for (const field of new Set(fields)) {
    const key = homeOf(field);
    if (!copied.has(key)) {
      const block: ViewBlock = out[key] ?? { title: TITLES[key], items: [] };
      out[key] = { ...block, items: [...block.items] };
      copied.add(key);
    }
    out[key]!.items.push({ label: labelOf(field), text: '', field, missing: true });
  }
  return out;
}
