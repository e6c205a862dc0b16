import type { Buyer, Delivery, Invoice, Line, SellerOverride } from '../model/types.js';
import { countryCode } from '../codelists/countries.js';
import { taxCategory, paymentMeansFromLabel } from '../codelists/tax.js';
import { unitCode } from '../codelists/units.js';
import { money, toDecimal } from '../derive/money.js';
import { lineAmounts } from '../derive/line-amount.js';

type Raw = Record<string, unknown>;

/**
 * Text the document carries is kept exactly as sent (no trimming: never change a user's text); blank text was
 * already read as absent (prune.ts). Codes are looked up by the code lists, which read past surrounding spaces.
 */
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** Keys that select a record (entity_id) or stay on it (invoice_number): surrounding spaces are not part of them. */
const key = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
const dec = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? toDecimal(v) : undefined);

/** Alias field names of a line's category (spec 2.7), first present wins. */
const CATEGORY_FIELDS = ['tax_category', 'tax_category_code', 'vat_category', 'category'] as const;

function normalizeLine(raw: Raw): Line {
  const quantity = dec(raw.quantity)!;
  const unit_amount = dec(raw.unit_amount)!;
  const sentAmount = dec(raw.line_amount);
  const amounts = lineAmounts(quantity, unit_amount, sentAmount);
  const categoryKey = CATEGORY_FIELDS.find((f) => str(raw[f]) !== undefined);
  const categoryText = categoryKey && str(raw[categoryKey]);
  return {
    description: str(raw.description),
    quantity,
    unit_amount,
    tax_amount: money(dec(raw.tax_amount)!),
    // Spec 2.7: quantity × unit_amount by default, delivered with two decimals (src/derive/line-amount.ts).
    line_amount: amounts.net,
    line_amount_sent: sentAmount !== undefined,
    line_adjustment: amounts.adjustment,
    tax_category: taxCategory(categoryText) ?? categoryText!,
    tax_category_key: categoryKey,
    unit: unitCode(str(raw.unit)),
    tax_exemption_reason: str(raw.tax_exemption_reason),
    item_type: str(raw.item_type),
    item_standard_id: str(raw.item_standard_id),
  };
}

function normalizeBuyer(raw: Raw): Buyer {
  const countrySent = str(raw.country);
  return {
    name: str(raw.name),
    country: countryCode(countrySent) ?? countrySent,
    countrySent,
    trn: str(raw.trn),
    participant_id: str(raw.participant_id),
    participant_scheme: str(raw.participant_scheme),
    address_line1: str(raw.address_line1),
    city: str(raw.city),
    region: str(raw.region),
    legal_registration_id: str(raw.legal_registration_id),
    legal_registration_type: key(raw.legal_registration_type)?.toUpperCase(),
    authority_name: str(raw.authority_name),
    passport_country_code: str(raw.passport_country_code),
  };
}

/** Spec 2.4: country_subdivision, also accepted as region or state; first present wins. */
const SUBDIVISION_FIELDS = ['country_subdivision', 'region', 'state'] as const;

function normalizeDelivery(raw: Raw): Delivery {
  const countrySent = str(raw.country);
  const subdivisionKey = SUBDIVISION_FIELDS.find((f) => str(raw[f]) !== undefined);
  return {
    address_line1: str(raw.address_line1),
    address_line2: str(raw.address_line2),
    address_line3: str(raw.address_line3),
    city: str(raw.city),
    country_subdivision: subdivisionKey && str(raw[subdivisionKey]),
    country_subdivision_key: subdivisionKey,
    country: countryCode(countrySent) ?? countrySent,
    post_code: str(raw.post_code),
  };
}

/**
 * DESIGN (payment-means default): no payment field → 1; an account without a code → 30;
 * a legacy label only when the code is empty. An unknown label is kept as `payment_method` for the rules to report.
 */
function paymentMeans(raw: Raw): { code: string; key?: string; unknownLabel?: string } {
  const code = key(raw.payment_means_code);
  if (code) return { code, key: 'payment_means_code' };
  const account = str(raw.payment_account_id) ? { code: '30', key: 'payment_account_id' } : { code: '1' };
  const label = str(raw.payment_method);
  if (label) {
    const translated = paymentMeansFromLabel(label);
    return translated ? { code: translated, key: 'payment_method' } : { ...account, unknownLabel: label };
  }
  return account;
}

/** A schema-valid, pruned request body → Invoice. */
export function normalizeInvoice(body: Raw): Invoice {
  const payment = paymentMeans(body);
  const seller = body.seller as Raw | undefined;
  const sellerOverride: SellerOverride | undefined = seller && {
    legal_registration_id: str(seller.legal_registration_id),
    registration_type: key(seller.registration_type)?.toUpperCase(),
    issuing_authority: str(seller.issuing_authority),
    passport_country: str(seller.passport_country),
  };
  return {
    entity_id: key(body.entity_id)!,
    invoice_number: key(body.invoice_number)!,
    date: key(body.date)!,
    due_date: key(body.due_date),
    currency: (key(body.currency) ?? 'AED').toUpperCase(),
    payment_means_code: payment.code,
    payment_means_key: payment.key,
    payment_account_id: str(body.payment_account_id),
    payment_method: payment.unknownLabel,
    exchange_rate: dec(body.exchange_rate),
    transaction_type_code: key(body.transaction_type_code) ?? '00000000',
    delivery: body.delivery ? normalizeDelivery(body.delivery as Raw) : undefined,
    customs_declaration_ref: str(body.customs_declaration_ref),
    incoterms: str(body.incoterms),
    deliver_to_party_name: str(body.deliver_to_party_name),
    deliver_to_party_id: str(body.deliver_to_party_id),
    deliver_to_party_id_scheme: str(body.deliver_to_party_id_scheme),
    actual_delivery_date: key(body.actual_delivery_date),
    sub_total: body.sub_total === undefined ? undefined : money(dec(body.sub_total)!),
    total_tax: body.total_tax === undefined ? undefined : money(dec(body.total_tax)!),
    total: body.total === undefined ? undefined : money(dec(body.total)!),
    seller: sellerOverride,
    buyer: normalizeBuyer(body.buyer as Raw),
    line_items: (body.line_items as Raw[]).map(normalizeLine),
  };
}
