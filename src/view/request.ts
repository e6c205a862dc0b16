/*
 * The invoice view of a request that gave no document (schema errors, an unknown entity, a 400 rejection, …): the
 * fields as sent, each at its JSON path, so every finding is still shown at its field. The seller comes from the
 * entity record when pintae has it (spec 1.6: never from the body).
 */
import type { Entity } from '../model/types.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewRow, ViewTable, ViewValue } from '../model/view.js';
import type { KeepLine } from './document-lines.js';
import { withMeaning } from './ubl.js';
import {
  categoryMeaning, countryMeaning, emirateMeaning, exemptionMeaning, itemTypeMeaning, paymentMeaning, registrationMeaning, transactionMeaning,
} from './meanings.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: Json, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** A sent value as text; a value of the wrong kind says what it is (a finding says what it should be). */
function shown(v: unknown): string | undefined {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? '(a list)' : '(an object)';
}

/** The value of the first of `keys` (a field and its aliases, spec 2.4, 2.7) that was sent, at its own path. */
function sent(o: Json, at: string, keys: string[], meaning?: (text: string) => string | undefined, numeric = false): ViewValue | undefined {
  for (const key of keys) {
    const text = shown(own(o, key));
    if (text === undefined) continue;
    return { text, field: at ? `${at}.${key}` : key, ...withMeaning(meaning?.(text)), ...(numeric ? { numeric } : {}) };
  }
  return undefined;
}

const item = (label: string, v: ViewValue | undefined): ViewItem[] => (v ? [{ label, ...v }] : []);

function seller(body: Json, entity: Entity | undefined): ViewBlock {
  const items: ViewItem[] = [];
  if (entity) {
    // Values of the record, not of the request: they sit at entity_id, the field that chose the record.
    const record = (label: string, text: string | undefined, meaning?: string) => (text ? items.push({ label, text, ...withMeaning(meaning) }) : 0);
    record('Name', entity.company_name);
    record('TRN', entity.trn);
    record('Electronic address', entity.registry_code && `0235:${entity.registry_code}`);
    record('Street', entity.area);
    record('City', entity.city);
    record('Postal code', entity.postal_code);
    record('Emirate', entity.state);
    record('Country', entity.country);
    record('Legal registration', entity.legal_registration_id, registrationMeaning(entity.legal_registration_type) ?? entity.legal_registration_type);
  }
  items.push(...item('Entity', sent(body, '', ['entity_id'])));
  const block = own(body, 'seller');
  if (isObject(block)) {
    items.push(
      ...item('Registration (this invoice)', sent(block, 'seller', ['legal_registration_id'])),
      ...item('Registration type', sent(block, 'seller', ['registration_type'], registrationMeaning)),
      ...item('Issuing authority', sent(block, 'seller', ['issuing_authority'])),
      ...item('Passport country', sent(block, 'seller', ['passport_country'], countryMeaning)),
    );
  }
  return { title: 'Seller', field: 'entity_id', items };
}

function buyer(body: Json): ViewBlock | undefined {
  const b = own(body, 'buyer');
  if (!isObject(b)) return b === undefined ? undefined : { title: 'Buyer', field: 'buyer', items: item('Buyer', { text: shown(b) ?? '', field: 'buyer' }) };
  const f = (label: string, key: string, meaning?: (t: string) => string | undefined) => item(label, sent(b, 'buyer', [key], meaning));
  return {
    title: 'Buyer',
    field: 'buyer',
    items: [
      ...f('Name', 'name'), ...f('TRN', 'trn'), ...f('Participant ID', 'participant_id'), ...f('Participant scheme', 'participant_scheme'),
      ...f('Street', 'address_line1'), ...f('City', 'city'), ...f('Region', 'region', emirateMeaning), ...f('Country', 'country', countryMeaning),
      ...f('Legal registration', 'legal_registration_id'), ...f('Registration type', 'legal_registration_type', registrationMeaning),
      ...f('Authority', 'authority_name'), ...f('Passport country', 'passport_country_code', countryMeaning),
      ...f('Email', 'email'), ...f('Telephone', 'phone'),
    ],
  };
}

function lines(body: Json, keep: KeepLine): ViewTable {
  const list = own(body, 'line_items');
  const all = Array.isArray(list) ? list : [];
  const rows: ViewRow[] = [];
  all.forEach((line, i) => {
    if (!keep(i)) return;
    const at = `line_items[${i}]`;
    if (!isObject(line)) { rows.push({ field: at, cells: [{ text: String(i + 1) }, { text: shown(line) ?? '(empty)', field: at }, null, null, null, null, null] }); return; }
    const category = sent(line, at, ['tax_category', 'tax_category_code', 'vat_category', 'category'], categoryMeaning);
    const reason = sent(line, at, ['tax_exemption_reason'], exemptionMeaning);
    const itemType = sent(line, at, ['item_type'], itemTypeMeaning);
    const description = sent(line, at, ['description']);
    const extra = [reason && `exemption ${reason.text}${reason.meaning ? ` (${reason.meaning})` : ''}`, itemType && `item type ${itemType.text}`].filter(Boolean).join(' · ');
    rows.push({
      field: at,
      cells: [
        { text: String(i + 1) },
        description ?? null,
        sent(line, at, ['quantity'], undefined, true) ?? null,
        sent(line, at, ['unit_amount'], undefined, true) ?? null,
        sent(line, at, ['line_amount'], undefined, true) ?? null,
        category ? { ...category, ...withMeaning([category.meaning, extra].filter(Boolean).join(' · ') || undefined) } : (extra ? { text: '(S by default)', ...withMeaning(extra) } : null),
        sent(line, at, ['tax_amount'], undefined, true) ?? null,
      ],
    });
  });
  return {
    field: 'line_items',
    columns: [{ label: '#' }, { label: 'Description' }, { label: 'Quantity', numeric: true }, { label: 'Unit price', numeric: true },
      { label: 'Net amount', numeric: true }, { label: 'VAT category' }, { label: 'VAT amount', numeric: true }],
    rows,
    ...(all.length > rows.length ? { omitted: all.length - rows.length } : {}),
  };
}

function deliveryBlock(body: Json): ViewBlock | undefined {
  const d = own(body, 'delivery');
  const o = isObject(d) ? d : {};
  const items = [
    ...item('Delivery date', sent(body, '', ['actual_delivery_date'])),
    ...item('Deliver to', sent(body, '', ['deliver_to_party_name'])),
    ...item('Location ID', sent(body, '', ['deliver_to_party_id'])),
    ...item('Street', sent(o, 'delivery', ['address_line1'])),
    ...item('Additional street', sent(o, 'delivery', ['address_line2'])),
    ...item('Address line', sent(o, 'delivery', ['address_line3'])),
    ...item('City', sent(o, 'delivery', ['city'])),
    ...item('Postal code', sent(o, 'delivery', ['post_code'])),
    ...item('Region', sent(o, 'delivery', ['country_subdivision', 'region', 'state'])),
    ...item('Country', sent(o, 'delivery', ['country'], countryMeaning)),
    ...item('Incoterms', sent(body, '', ['incoterms'])),
    ...item('Customs declaration', sent(body, '', ['customs_declaration_ref'])),
  ];
  if (d !== undefined && !isObject(d)) items.unshift({ label: 'Delivery', text: shown(d) ?? '', field: 'delivery' });
  return items.length ? { title: 'Delivery', ...(d !== undefined ? { field: 'delivery' } : {}), items } : undefined;
}

/** The view of a request body as sent; `note` says why no document is shown. */
export function requestView(input: unknown, entity: Entity | undefined, keep: KeepLine, note: string): InvoiceView {
  const body = isObject(input) ? input : {};
  const f = (label: string, key: string, meaning?: (t: string) => string | undefined, numeric = false) => item(label, sent(body, '', [key], meaning, numeric));
  const number = sent(body, '', ['invoice_number']);
  const payment = [...f('Payment means', 'payment_means_code', paymentMeaning), ...f('Payment method', 'payment_method'), ...f('Account (IBAN)', 'payment_account_id')];
  const totals = [...f('Sum of line net amounts', 'sub_total', undefined, true), ...f('VAT', 'total_tax', undefined, true), ...f('Total with VAT', 'total', undefined, true)];
  const currency = shown(own(body, 'currency'))?.trim();
  const rate = f('Exchange rate', 'exchange_rate', () => `AED per 1 ${currency ?? '?'}`, true);
  const buyerBlock = buyer(body);
  const deliveryView = deliveryBlock(body);
  return {
    source: 'request',
    title: 'Invoice request',
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    note,
    seller: seller(body, entity),
    ...(buyerBlock ? { buyer: buyerBlock } : {}),
    details: {
      title: 'Invoice details',
      items: [...f('Invoice number', 'invoice_number'), ...f('Issue date', 'date'), ...f('Due date', 'due_date'), ...f('Invoice type', 'invoice_type'),
        ...f('Transaction type', 'transaction_type_code', transactionMeaning), ...f('Currency', 'currency'), ...f('Reference', 'reference')],
    },
    ...(payment.length ? { payment: { title: 'Payment', items: payment } } : {}),
    lines: lines(body, keep),
    ...(totals.length ? { totals: { title: `Totals as sent${currency ? ` (${currency})` : ''}`, items: totals } } : {}),
    ...(rate.length ? { aed: { title: 'In AED', items: rate } } : {}),
    ...(deliveryView ? { delivery: deliveryView } : {}),
  };
}
