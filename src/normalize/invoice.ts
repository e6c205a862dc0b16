import type { Buyer, Delivery, Invoice, Line, SellerOverride } from '../model/types.js';
import { countryCode } from '../codelists/countries.js';
import { taxCategory, paymentMeansFromLabel } from '../codelists/tax.js';
import { unitCode } from '../codelists/units.js';
import { money, toDecimal } from '../derive/money.js';

type Raw = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
const dec = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? toDecimal(v) : undefined);

/** Alias field names of a line's category (spec 2.7), first present wins. */
const CATEGORY_FIELDS = ['tax_category', 'tax_category_code', 'vat_category', 'category'] as const;

function normalizeLine(raw: Raw): Line {
  const quantity = dec(raw.quantity)!;
  const unit_amount = dec(raw.unit_amount)!;
  const sentAmount = dec(raw.line_amount);
  const categoryText = CATEGORY_FIELDS.map((f) => str(raw[f])).find((v) => v !== undefined);
  return {
    description: str(raw.description),
    quantity,
    unit_amount,
    tax_amount: money(dec(raw.tax_amount)!),
    line_amount: money(sentAmount ?? quantity.times(unit_amount)),
    line_amount_sent: sentAmount !== undefined,
    tax_category: taxCategory(categoryText) ?? categoryText!,
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
    legal_registration_type: str(raw.legal_registration_type)?.toUpperCase(),
    authority_name: str(raw.authority_name),
    passport_country_code: str(raw.passport_country_code),
  };
}

function normalizeDelivery(raw: Raw): Delivery {
  const countrySent = str(raw.country);
  return {
    address_line1: str(raw.address_line1),
    address_line2: str(raw.address_line2),
    address_line3: str(raw.address_line3),
    city: str(raw.city),
    country_subdivision: str(raw.country_subdivision) ?? str(raw.region) ?? str(raw.state),
    country: countryCode(countrySent) ?? countrySent,
    post_code: str(raw.post_code),
  };
}

/**
 * DESIGN (payment-means default): no payment field → 1; an account without a code → 30;
 * a legacy label only when the code is empty. An unknown label is kept as `payment_method` for the rules to report.
 */
function paymentMeans(raw: Raw): { code: string; unknownLabel?: string } {
  const code = str(raw.payment_means_code);
  if (code) return { code };
  const label = str(raw.payment_method);
  if (label) {
    const translated = paymentMeansFromLabel(label);
    return translated ? { code: translated } : { code: str(raw.payment_account_id) ? '30' : '1', unknownLabel: label };
  }
  return { code: str(raw.payment_account_id) ? '30' : '1' };
}

/** A schema-valid, pruned request body → Invoice. */
export function normalizeInvoice(body: Raw): Invoice {
  const payment = paymentMeans(body);
  const seller = body.seller as Raw | undefined;
  const sellerOverride: SellerOverride | undefined = seller && {
    legal_registration_id: str(seller.legal_registration_id),
    registration_type: str(seller.registration_type)?.toUpperCase(),
    issuing_authority: str(seller.issuing_authority),
    passport_country: str(seller.passport_country),
  };
  return {
    entity_id: str(body.entity_id)!,
    invoice_number: str(body.invoice_number)!,
    date: str(body.date)!,
    due_date: str(body.due_date),
    currency: (str(body.currency) ?? 'AED').toUpperCase(),
    payment_means_code: payment.code,
    payment_account_id: str(body.payment_account_id),
    payment_method: payment.unknownLabel,
    exchange_rate: dec(body.exchange_rate),
    transaction_type_code: str(body.transaction_type_code) ?? '00000000',
    delivery: body.delivery ? normalizeDelivery(body.delivery as Raw) : undefined,
    customs_declaration_ref: str(body.customs_declaration_ref),
    incoterms: str(body.incoterms),
    deliver_to_party_name: str(body.deliver_to_party_name),
    deliver_to_party_id: str(body.deliver_to_party_id),
    deliver_to_party_id_scheme: str(body.deliver_to_party_id_scheme),
    actual_delivery_date: str(body.actual_delivery_date),
    sub_total: body.sub_total === undefined ? undefined : money(dec(body.sub_total)!),
    total_tax: body.total_tax === undefined ? undefined : money(dec(body.total_tax)!),
    total: body.total === undefined ? undefined : money(dec(body.total)!),
    seller: sellerOverride,
    buyer: normalizeBuyer(body.buyer as Raw),
    line_items: (body.line_items as Raw[]).map(normalizeLine),
  };
}
