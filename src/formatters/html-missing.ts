import type { InvoiceView, ViewBlock, Words } from '../model/view.js';
import { said, type ViewWordId } from '../messages/view.js';

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

const TITLES: Record<BlockKey, Words> = {
  seller: said('block.seller'), buyer: said('block.buyer'), details: said('block.details'), payment: said('block.payment'), totals: said('block.totals'),
  aed: said('block.in-currency', { currency: 'AED' }), delivery: said('block.delivery'),
};

/** The labels the page uses for the fields a finding most often says are missing; others are spelled out from the key. */
const LABELS: Readonly<Record<string, ViewWordId>> = {
  date: 'label.issue-date', due_date: 'label.due-date', currency: 'label.currency', invoice_number: 'label.invoice-number',
  transaction_type_code: 'label.transaction-type', payment_means_code: 'label.payment-means', payment_account_id: 'label.account',
  exchange_rate: 'label.exchange-rate', sub_total: 'label.line-net-sum', total_tax: 'label.vat', total: 'label.total-with-vat',
  actual_delivery_date: 'label.delivery-date', trn: 'label.trn', address_line1: 'label.street', country: 'label.country',
  region: 'label.region', country_subdivision: 'label.region', city: 'label.city', entity_id: 'label.entity',
};

/** The label of a field: a known one, else the key spelled out in English ("Tax exemption reason") and as the key in Arabic. */
function labelOf(field: string): Words {
  const key = field.replace(/^.*[.\]]/, '');
  const known = Object.hasOwn(LABELS, key) ? LABELS[key] : undefined;
  return known ? said(known) : said('label.field', { key });
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
