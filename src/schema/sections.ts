import type { Section } from '../model/types.js';

const BUYER_CONTACT = new Set(['buyer', 'buyer.name', 'buyer.country', 'buyer.trn']);

/** The section of spec 7.2 that an error on this input field belongs to. */
export function sectionOfField(field: string): Section {
  if (BUYER_CONTACT.has(field)) return 'contact_trn';
  if (field.startsWith('buyer')) return 'buyer_party';
  if (field.startsWith('seller') || field === 'entity_id') return 'seller_party';
  if (field.startsWith('line_items')) return 'invoice_items';
  if (field === 'sub_total' || field === 'total') return 'legal_monetary';
  if (field === 'total_tax') return 'tax';
  return 'invoice_header';
}
