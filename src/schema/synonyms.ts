/**
 * The names other systems give the fields of the request body (spec 2.1–2.7): ERPs, accounting packages, spreadsheet
 * exports and other e-invoicing APIs. An unknown key found here is suggested as the field it means, before any
 * suggestion by spelling (`invoice_date` means `date`, though `invoice_type` is spelled closer).
 *
 * One table per object of the request, since a name means the field of the object it appears in: `rate` on a line is
 * the unit price (as Zoho and Tally call it), `rate` at the top is the exchange rate; `tax_amount` at the top is the
 * invoice's total_tax. Each name lists the fields it may mean, most likely first: the first one the object does not
 * already hold is suggested (a line's `name` is its `description` when that is missing, else its `item_name`).
 * Names are compared as spelling.ts compares them: without case and separators (`InvoiceDate`, `invoice-date`).
 * Every entry is a test case (test/unit/schema/synonyms.test.ts).
 */

import { plainName } from './spelling.js';

type Table = Readonly<Record<string, readonly string[]>>;

const header: Table = {
  // date (spec 2.1: issue date)
  invoice_date: ['date'], issue_date: ['date'], issued_on: ['date'], inv_date: ['date'], document_date: ['date'],
  doc_date: ['date'], bill_date: ['date'], billing_date: ['date'], date_issued: ['date'], posting_date: ['date'],
  // due_date
  payment_due_date: ['due_date'], due: ['due_date'], due_on: ['due_date'], pay_by: ['due_date'], payment_due: ['due_date'],
  maturity_date: ['due_date'],
  // invoice_number
  inv_no: ['invoice_number'], invoice_no: ['invoice_number'], invoice_num: ['invoice_number'], inv_number: ['invoice_number'],
  number: ['invoice_number'], doc_no: ['invoice_number'], document_number: ['invoice_number'], bill_no: ['invoice_number'],
  bill_number: ['invoice_number'], invoice_ref: ['invoice_number'],
  // entity_id
  seller_entity_id: ['entity_id'], company_id: ['entity_id'], organization_id: ['entity_id'], organisation_id: ['entity_id'],
  business_id: ['entity_id'],
  // currency
  currency_code: ['currency'], curr: ['currency'], ccy: ['currency'], document_currency: ['currency'], invoice_currency: ['currency'],
  // invoice_type
  document_type: ['invoice_type'], doc_type: ['invoice_type'], type: ['invoice_type'],
  // reference
  notes: ['reference'], note: ['reference'], memo: ['reference'], remarks: ['reference'], comment: ['reference'],
  comments: ['reference'], narration: ['reference'], description: ['reference'],
  // payment
  payment_means: ['payment_means_code'], payment_code: ['payment_means_code'],
  iban: ['payment_account_id'], bank_account: ['payment_account_id'], account_number: ['payment_account_id'],
  bank_account_number: ['payment_account_id'], iban_number: ['payment_account_id'], payee_account: ['payment_account_id'],
  payment_mode: ['payment_method'], payment_type: ['payment_method'], pay_method: ['payment_method'],
  // exchange_rate
  fx_rate: ['exchange_rate'], rate: ['exchange_rate'], conversion_rate: ['exchange_rate'], currency_rate: ['exchange_rate'],
  exch_rate: ['exchange_rate'], aed_rate: ['exchange_rate'],
  // transaction_type_code
  transaction_type: ['transaction_type_code'], transaction_code: ['transaction_type_code'], txn_type: ['transaction_type_code'],
  transaction_flags: ['transaction_type_code'],
  // delivery
  shipping_address: ['delivery'], ship_to: ['delivery'], delivery_address: ['delivery'], deliver_to: ['delivery'],
  customs_declaration: ['customs_declaration_ref'], declaration_number: ['customs_declaration_ref'],
  customs_ref: ['customs_declaration_ref'], export_declaration: ['customs_declaration_ref'],
  incoterm: ['incoterms'], delivery_terms: ['incoterms'], shipment_terms: ['incoterms'], trade_terms: ['incoterms'],
  consignee: ['deliver_to_party_name'], consignee_name: ['deliver_to_party_name'], ship_to_name: ['deliver_to_party_name'],
  consignee_id: ['deliver_to_party_id'], ship_to_id: ['deliver_to_party_id'],
  delivery_date: ['actual_delivery_date'], supply_date: ['actual_delivery_date'], date_of_supply: ['actual_delivery_date'],
  ship_date: ['actual_delivery_date'], shipping_date: ['actual_delivery_date'],
  // totals
  net_amount: ['sub_total'], net_total: ['sub_total'], total_net: ['sub_total'], total_excl_vat: ['sub_total'],
  amount_excl_vat: ['sub_total'], taxable_amount: ['sub_total'], total_before_tax: ['sub_total'], line_extension_amount: ['sub_total'],
  vat_amount: ['total_tax'], tax_total: ['total_tax'], total_vat: ['total_tax'], vat_total: ['total_tax'], vat: ['total_tax'],
  tax: ['total_tax'], tax_amount: ['total_tax'],
  grand_total: ['total'], total_amount: ['total'], invoice_total: ['total'], total_incl_vat: ['total'],
  total_with_vat: ['total'], gross_total: ['total'], amount_due: ['total'], payable_amount: ['total'],
  // parties and lines
  customer: ['buyer'], client: ['buyer'], bill_to: ['buyer'], purchaser: ['buyer'], buyer_party: ['buyer'],
  customer_details: ['buyer'], supplier: ['seller'], vendor: ['seller'],
  items: ['line_items'], lines: ['line_items'], invoice_lines: ['line_items'], line: ['line_items'], products: ['line_items'],
};

const buyer: Table = {
  customer_name: ['name'], buyer_name: ['name'], client_name: ['name'], company_name: ['name'], legal_name: ['name'],
  registration_name: ['name'], company: ['name'],
  country_code: ['country'], country_name: ['country'], nation: ['country'],
  trn_number: ['trn'], trn_no: ['trn'], tax_registration_number: ['trn'], vat_number: ['trn'], vat_no: ['trn'], vat_id: ['trn'],
  vat_registration_number: ['trn'], tax_id: ['trn'], tax_number: ['trn'], tin: ['trn'], vatin: ['trn'],
  peppol_id: ['participant_id'], endpoint_id: ['participant_id'], peppol_participant_id: ['participant_id'],
  participant_identifier: ['participant_id'],
  peppol_scheme: ['participant_scheme'], endpoint_scheme: ['participant_scheme'], scheme_id: ['participant_scheme'],
  eas: ['participant_scheme'], eas_code: ['participant_scheme'],
  address: ['address_line1'], street: ['address_line1'], street_address: ['address_line1'], address1: ['address_line1'],
  line1: ['address_line1'], street_name: ['address_line1'],
  town: ['city'], city_name: ['city'],
  emirate: ['region'], state: ['region'], province: ['region'], country_subdivision: ['region'], county: ['region'],
  email_address: ['email'], mail: ['email'], contact_email: ['email'],
  telephone: ['phone'], phone_number: ['phone'], mobile: ['phone'], tel: ['phone'], contact_number: ['phone'],
  trade_license: ['legal_registration_id'], trade_licence: ['legal_registration_id'], license_number: ['legal_registration_id'],
  licence_number: ['legal_registration_id'], registration_number: ['legal_registration_id'], cr_number: ['legal_registration_id'],
  registration_type: ['legal_registration_type'], license_type: ['legal_registration_type'],
  issuing_authority: ['authority_name'], licensing_authority: ['authority_name'], authority: ['authority_name'],
  passport_country: ['passport_country_code'],
};

const seller: Table = {
  trade_license: ['legal_registration_id'], trade_licence: ['legal_registration_id'], license_number: ['legal_registration_id'],
  registration_number: ['legal_registration_id'],
  legal_registration_type: ['registration_type'], license_type: ['registration_type'],
  authority_name: ['issuing_authority'], licensing_authority: ['issuing_authority'], authority: ['issuing_authority'],
  passport_country_code: ['passport_country'],
};

const delivery: Table = {
  address: ['address_line1'], street: ['address_line1'], street_address: ['address_line1'], address1: ['address_line1'],
  line1: ['address_line1'],
  address2: ['address_line2'], line2: ['address_line2'], street2: ['address_line2'],
  address3: ['address_line3'], line3: ['address_line3'],
  town: ['city'],
  emirate: ['country_subdivision'], province: ['country_subdivision'], county: ['country_subdivision'],
  country_code: ['country'],
  postal_code: ['post_code'], zip: ['post_code'], zip_code: ['post_code'], po_box: ['post_code'],
};

const line: Table = {
  desc: ['description'], item_description: ['description'], product_description: ['description'],
  line_description: ['description'], text: ['description'], narration: ['description'],
  name: ['description', 'item_name'], product_name: ['description', 'item_name'], product: ['description', 'item_name'],
  item: ['description', 'item_name'], title: ['description', 'item_name'],
  qty: ['quantity'], invoiced_quantity: ['quantity'], count: ['quantity'], units_sold: ['quantity'],
  unit_price: ['unit_amount'], price: ['unit_amount'], rate: ['unit_amount'], unit_cost: ['unit_amount'],
  price_per_unit: ['unit_amount'], unit_rate: ['unit_amount'], selling_price: ['unit_amount'], item_price: ['unit_amount'],
  vat: ['tax_amount'], vat_amount: ['tax_amount'], tax: ['tax_amount'], line_tax: ['tax_amount'], tax_value: ['tax_amount'],
  line_vat: ['tax_amount'],
  net_amount: ['line_amount'], amount: ['line_amount'], line_total: ['line_amount'], subtotal: ['line_amount'],
  line_extension_amount: ['line_amount'], taxable_amount: ['line_amount'], net: ['line_amount'],
  vat_rate: ['tax_rate'], vat_percent: ['tax_rate'], tax_percent: ['tax_rate'], vat_percentage: ['tax_rate'],
  tax_percentage: ['tax_rate'], percent: ['tax_rate'],
  tax_code: ['tax_category'], vat_code: ['tax_category'], tax_type: ['tax_category'], vat_type: ['tax_category'],
  tax_class: ['tax_category'],
  uom: ['unit'], unit_of_measure: ['unit'], unit_code: ['unit'], measure: ['unit'], units: ['unit'],
  exemption_reason: ['tax_exemption_reason'], exemption_code: ['tax_exemption_reason'], vat_exemption_reason: ['tax_exemption_reason'],
  exempt_reason: ['tax_exemption_reason'],
  commodity_type: ['item_type'], nature_code: ['item_type'], reverse_charge_type: ['item_type'],
  gtin: ['item_standard_id'], ean: ['item_standard_id'], barcode: ['item_standard_id'], upc: ['item_standard_id'],
  standard_item_id: ['item_standard_id'],
  discount: ['discount_percent'], discount_rate: ['discount_percent'], discount_pct: ['discount_percent'],
  gl_code: ['account_code'], account: ['account_code'], ledger_code: ['account_code'], gl_account: ['account_code'],
  hs: ['hs_code'], harmonized_code: ['hs_code'], tariff_code: ['hs_code'], commodity_code: ['hs_code'], customs_code: ['hs_code'],
  sac_code: ['service_code'],
};

/** The tables, by the object of the request they describe. */
export const SYNONYMS = { header, buyer, seller, delivery, line } as const;
export type SynonymObject = keyof typeof SYNONYMS;


const byPlain = new Map<SynonymObject, Map<string, readonly string[]>>(
  (Object.keys(SYNONYMS) as SynonymObject[]).map((o) => [o, new Map(Object.entries(SYNONYMS[o]).map(([k, v]) => [plainName(k), v]))]),
);

/**
 * The field of `object` that `key` means by the names other systems use, or undefined: the first it may mean that the
 * object does not hold already (`present`), since a field sent as well is not what the key stands for.
 */
export function synonymOf(object: SynonymObject, key: string, present: (field: string) => boolean): string | undefined {
  return byPlain.get(object)!.get(plainName(key))?.find((field) => !present(field));
}
