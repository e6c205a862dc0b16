/*
 * The invoice view of a request that gave no document (schema errors, an unknown entity, a 400 rejection, …): the
 * fields as sent, each at its JSON path, so every finding is still shown at its field. The seller comes from the
 * entity record when pintae has it (spec 1.6: never from the body).
 */
import type { Entity } from '../model/types.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewRow, ViewTable, ViewValue, Words } from '../model/view.js';
import { joined, said } from '../messages/view.js';
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

/** pintae's words for a sent value that is no text (a list, an object), said in the report's language; none for text. */
const pintaeWords = (v: unknown): { words?: Words } => (Array.isArray(v) ? { words: said('word.a-list') } : isObject(v) ? { words: said('word.an-object') } : {});

/** The value of the first of `keys` (a field and its aliases, spec 2.4, 2.7) that was sent, at its own path. */
function sent(o: Json, at: string, keys: string[], meaning?: (text: string) => Words | undefined, numeric = false): ViewValue | undefined {
  for (const key of keys) {
    const text = shown(own(o, key));
    if (text === undefined) continue;
    return { text, ...pintaeWords(own(o, key)), field: at ? `${at}.${key}` : key, ...withMeaning(meaning?.(text)), ...(numeric ? { numeric } : {}) };
  }
  return undefined;
}

const item = (label: Words, v: ViewValue | undefined): ViewItem[] => (v ? [{ label, ...v }] : []);

function seller(body: Json, entity: Entity | undefined): ViewBlock {
  const items: ViewItem[] = [];
  if (entity) {
    // Values of the record, not of the request: they sit at entity_id, the field that chose the record.
    const record = (label: Words, text: string | undefined, meaning?: Words) => (text ? items.push({ label, text, ...withMeaning(meaning) }) : 0);
    record(said('label.name'), entity.company_name);
    record(said('label.trn'), entity.trn);
    record(said('label.electronic-address'), entity.registry_code && `0235:${entity.registry_code}`);
    record(said('label.street'), entity.area);
    record(said('label.city'), entity.city);
    record(said('label.postal-code'), entity.postal_code);
    record(said('label.emirate'), entity.state);
    record(said('label.country'), entity.country);
    record(said('label.legal-registration'), entity.legal_registration_id, registrationMeaning(entity.legal_registration_type) ?? entity.legal_registration_type);
  }
  items.push(...item(said('label.entity'), sent(body, '', ['entity_id'])));
  const block = own(body, 'seller');
  if (isObject(block)) {
    items.push(
      ...item(said('label.registration-this'), sent(block, 'seller', ['legal_registration_id'])),
      ...item(said('label.registration-type'), sent(block, 'seller', ['registration_type'], registrationMeaning)),
      ...item(said('label.issuing-authority'), sent(block, 'seller', ['issuing_authority'])),
      ...item(said('label.passport-country'), sent(block, 'seller', ['passport_country'], countryMeaning)),
    );
  }
  return { title: said('block.seller'), field: 'entity_id', items };
}

function buyer(body: Json): ViewBlock | undefined {
  const b = own(body, 'buyer');
  if (!isObject(b)) return b === undefined ? undefined : { title: said('block.buyer'), field: 'buyer', items: item(said('label.buyer'), { text: shown(b) ?? '', ...pintaeWords(b), field: 'buyer' }) };
  const f = (label: Words, key: string, meaning?: (t: string) => Words | undefined) => item(label, sent(b, 'buyer', [key], meaning));
  return {
    title: said('block.buyer'),
    field: 'buyer',
    items: [
      ...f(said('label.name'), 'name'), ...f(said('label.trn'), 'trn'), ...f(said('label.participant-id'), 'participant_id'), ...f(said('label.participant-scheme'), 'participant_scheme'),
      ...f(said('label.street'), 'address_line1'), ...f(said('label.city'), 'city'), ...f(said('label.region'), 'region', emirateMeaning), ...f(said('label.country'), 'country', countryMeaning),
      ...f(said('label.legal-registration'), 'legal_registration_id'), ...f(said('label.registration-type'), 'legal_registration_type', registrationMeaning),
      ...f(said('label.authority'), 'authority_name'), ...f(said('label.passport-country'), 'passport_country_code', countryMeaning),
      ...f(said('label.email'), 'email'), ...f(said('label.telephone'), 'phone'),
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
    if (!isObject(line)) { rows.push({ field: at, cells: [{ text: String(i + 1) }, { text: shown(line) ?? '(empty)', ...(shown(line) === undefined ? { words: said('word.empty') } : pintaeWords(line)), field: at }, null, null, null, null, null] }); return; }
    const category = sent(line, at, ['tax_category', 'tax_category_code', 'vat_category', 'category'], categoryMeaning);
    const reason = sent(line, at, ['tax_exemption_reason'], exemptionMeaning);
    const itemType = sent(line, at, ['item_type'], itemTypeMeaning);
    const description = sent(line, at, ['description']);
    const extra = joined(' · ', [
      reason ? said('word.exemption', { code: reason.text, ...(reason.meaning ? { meaning: reason.meaning } : {}) }) : undefined,
      itemType ? said('word.item-type', { code: itemType.text }) : undefined,
    ]);
    const hasExtra = extra.parts.length > 0;
    rows.push({
      field: at,
      cells: [
        { text: String(i + 1) },
        description ?? null,
        sent(line, at, ['quantity'], undefined, true) ?? null,
        sent(line, at, ['unit_amount'], undefined, true) ?? null,
        sent(line, at, ['line_amount'], undefined, true) ?? null,
        category ? { ...category, ...withMeaning(category.meaning || hasExtra ? joined(' · ', [category.meaning, hasExtra ? extra : undefined]) : undefined) } : (hasExtra ? { text: '(S by default)', words: said('word.s-by-default'), ...withMeaning(extra) } : null),
        sent(line, at, ['tax_amount'], undefined, true) ?? null,
      ],
    });
  });
  return {
    field: 'line_items',
    columns: [{ label: said('col.number') }, { label: said('col.description') }, { label: said('col.quantity'), numeric: true }, { label: said('col.unit-price'), numeric: true },
      { label: said('col.net-amount'), numeric: true }, { label: said('col.vat-category') }, { label: said('col.vat-amount'), numeric: true }],
    rows,
    ...(all.length > rows.length ? { omitted: all.length - rows.length } : {}),
  };
}

function deliveryBlock(body: Json): ViewBlock | undefined {
  const d = own(body, 'delivery');
  const o = isObject(d) ? d : {};
  const items = [
    ...item(said('label.delivery-date'), sent(body, '', ['actual_delivery_date'])),
    ...item(said('label.deliver-to'), sent(body, '', ['deliver_to_party_name'])),
    ...item(said('label.location-id'), sent(body, '', ['deliver_to_party_id'])),
    ...item(said('label.street'), sent(o, 'delivery', ['address_line1'])),
    ...item(said('label.additional-street'), sent(o, 'delivery', ['address_line2'])),
    ...item(said('label.address-line'), sent(o, 'delivery', ['address_line3'])),
    ...item(said('label.city'), sent(o, 'delivery', ['city'])),
    ...item(said('label.postal-code'), sent(o, 'delivery', ['post_code'])),
    ...item(said('label.region'), sent(o, 'delivery', ['country_subdivision', 'region', 'state'])),
    ...item(said('label.country'), sent(o, 'delivery', ['country'], countryMeaning)),
    ...item(said('label.incoterms'), sent(body, '', ['incoterms'])),
    ...item(said('label.customs-declaration'), sent(body, '', ['customs_declaration_ref'])),
  ];
  if (d !== undefined && !isObject(d)) items.unshift({ label: said('label.delivery'), text: shown(d) ?? '', ...pintaeWords(d), field: 'delivery' });
  return items.length ? { title: said('block.delivery'), ...(d !== undefined ? { field: 'delivery' } : {}), items } : undefined;
}

/** The view of a request body as sent; `note` says why no document is shown. */
export function requestView(input: unknown, entity: Entity | undefined, keep: KeepLine, note: Words): InvoiceView {
  const body = isObject(input) ? input : {};
  const f = (label: Words, key: string, meaning?: (t: string) => Words | undefined, numeric = false) => item(label, sent(body, '', [key], meaning, numeric));
  const number = sent(body, '', ['invoice_number']);
  const payment = [...f(said('label.payment-means'), 'payment_means_code', paymentMeaning), ...f(said('label.payment-method'), 'payment_method'), ...f(said('label.account'), 'payment_account_id')];
  const totals = [...f(said('label.line-net-sum'), 'sub_total', undefined, true), ...f(said('label.vat'), 'total_tax', undefined, true), ...f(said('label.total-with-vat'), 'total', undefined, true)];
  const currency = shown(own(body, 'currency'))?.trim();
  const rate = f(said('label.exchange-rate'), 'exchange_rate', () => said('label.per-unit', { target: 'AED', source: currency ?? '?' }), true);
  const buyerBlock = buyer(body);
  const deliveryView = deliveryBlock(body);
  return {
    source: 'request',
    title: said('doc.request'),
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    note,
    seller: seller(body, entity),
    ...(buyerBlock ? { buyer: buyerBlock } : {}),
    details: {
      title: said('block.details'),
      items: [...f(said('label.invoice-number'), 'invoice_number'), ...f(said('label.issue-date'), 'date'), ...f(said('label.due-date'), 'due_date'), ...f(said('label.invoice-type'), 'invoice_type'),
        ...f(said('label.transaction-type'), 'transaction_type_code', transactionMeaning), ...f(said('label.currency'), 'currency'), ...f(said('label.reference'), 'reference')],
    },
    ...(payment.length ? { payment: { title: said('block.payment'), items: payment } } : {}),
    lines: lines(body, keep),
    ...(totals.length ? { totals: { title: currency ? said('block.totals-sent-in', { currency }) : said('block.totals-sent'), items: totals } } : {}),
    ...(rate.length ? { aed: { title: said('block.in-currency', { currency: 'AED' }), items: rate } } : {}),
    ...(deliveryView ? { delivery: deliveryView } : {}),
  };
}
