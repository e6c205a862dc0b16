/**
 * Bad input never throws (spec 2.1 types, 4.2 "always HTTP 200 ... whether or not valid", 2.10 shape):
 * wrong JSON types in every field, huge and tiny numbers, and unicode / XML-special text in every string
 * field. Where the text reaches the XML, the document is produced, well formed, and carries the text
 * escaped (parsed back to the exact value).
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceOutcome } from '../../../src/pipeline.js';
import {
  all, base, dataOf, expectConsistentShape, expectValid, fixtureEnv, parseXml, select, set, setting, validateInvoice,
  type Body, type Mutation,
} from './support.js';

// ------------------------------------------------------------------ field inventory (spec 2.1–2.7)

const TOP_STRINGS = ['entity_id', 'invoice_number', 'date', 'due_date', 'currency', 'invoice_type', 'reference', 'payment_means_code',
  'payment_account_id', 'payment_method', 'transaction_type_code', 'customs_declaration_ref', 'incoterms', 'deliver_to_party_name',
  'deliver_to_party_id', 'deliver_to_party_id_scheme', 'actual_delivery_date'];
const BUYER_STRINGS = ['name', 'country', 'trn', 'participant_id', 'participant_scheme', 'address_line1', 'city', 'region', 'email', 'phone',
  'electronic_address', 'legal_registration_id', 'legal_registration_type', 'authority_name', 'passport_country_code'].map((f) => `buyer.${f}`);
const SELLER_STRINGS = ['legal_registration_id', 'registration_type', 'issuing_authority', 'passport_country'].map((f) => `seller.${f}`);
const DELIVERY_STRINGS = ['address_line1', 'address_line2', 'address_line3', 'city', 'country_subdivision', 'region', 'state', 'country', 'post_code']
  .map((f) => `delivery.${f}`);
const LINE_STRINGS = ['description', 'tax_category', 'tax_category_code', 'vat_category', 'category', 'unit', 'tax_exemption_reason', 'item_type',
  'item_standard_id', 'account_code', 'item_name', 'hs_code', 'service_code'].map((f) => `line_items[0].${f}`);
const STRING_FIELDS = [...TOP_STRINGS, ...BUYER_STRINGS, ...SELLER_STRINGS, ...DELIVERY_STRINGS, ...LINE_STRINGS];

const TOP_NUMBERS = ['exchange_rate', 'sub_total', 'total_tax', 'total'];
const LINE_NUMBERS = ['quantity', 'unit_amount', 'tax_amount', 'line_amount', 'tax_rate', 'discount_percent'].map((f) => `line_items[0].${f}`);
const NUMBER_FIELDS = [...TOP_NUMBERS, ...LINE_NUMBERS];

/** Runs without throwing and answers in the documented shape; a produced XML is well formed. */
function safely(mutate: Mutation, env = fixtureEnv()): InvoiceOutcome {
  const body = base();
  mutate(body);
  let outcome: InvoiceOutcome | undefined;
  expect(() => { outcome = validateInvoice(body, env); }).not.toThrow();
  const result = outcome!;
  expectConsistentShape(result);
  if (result.kind === 'validated' && result.xml) {
    const xml = result.xml;
    expect(() => parseXml(xml)).not.toThrow();
  }
  return result;
}

const invalidOrRejected = (outcome: InvoiceOutcome) =>
  outcome.kind === 'rejected' || !outcome.response.data.is_valid;

// ------------------------------------------------------------------ wrong types

describe('2.1 wrong JSON types never throw and never pass', () => {
  const notStrings: Array<[string, unknown]> = [['number 42', 42], ['number 0', 0], ['true', true], ['false', false], ['[]', []], ['["x"]', ['x']], ['{}', {}], ['{"a":1}', { a: 1 }]];
  const stringRows = STRING_FIELDS.flatMap((field) => notStrings.map(([label, value]): [string, string, unknown] => [`2.1 ${field} (string) given ${label}`, field, value]));
  it.each(stringRows)('%s → no throw, error or 400', (_name, field, value) => {
    const outcome = safely(setting(field, value));
    expect(invalidOrRejected(outcome), JSON.stringify(outcome.response)).toBe(true);
  });

  const notNumbers: Array<[string, unknown]> = [['text "abc"', 'abc'], ['text "1,250.00"', '1,250.00'], ['true', true], ['[]', []], ['[1]', [1]], ['{}', {}], ['{"value":1}', { value: 1 }]];
  const numberRows = NUMBER_FIELDS.flatMap((field) => notNumbers.map(([label, value]): [string, string, unknown] => [`2.1/2.7 ${field} (number) given ${label}`, field, value]));
  it.each(numberRows)('%s → no throw, error', (_name, field, value) => {
    const outcome = safely(setting(field, value));
    expect(invalidOrRejected(outcome), JSON.stringify(outcome.response)).toBe(true);
  });

  it.each<[string, string, unknown]>([
    ['2.2 buyer (object) given a string', 'buyer', 'Gulf Office Supplies'],
    ['2.2 buyer (object) given a number', 'buyer', 42],
    ['2.2 buyer (object) given an array', 'buyer', [{ name: 'x' }]],
    ['2.2 buyer (object) given true', 'buyer', true],
    ['2.2 buyer (object) given {} (name and country missing)', 'buyer', {}],
    ['2.3 seller (object) given a string', 'seller', 'TL'],
    ['2.3 seller (object) given an array', 'seller', ['TL']],
    ['2.3 seller (object) given a number', 'seller', 7],
    ['2.4 delivery (object) given a string', 'delivery', 'Jebel Ali'],
    ['2.4 delivery (object) given an array', 'delivery', []],
    ['2.7 line_items (array) given an object', 'line_items', { description: 'x' }],
    ['2.7 line_items (array) given a string', 'line_items', 'paper'],
    ['2.7 line_items (array) given a number', 'line_items', 2],
    ['2.7 line_items[0] given null (inside an array)', 'line_items[0]', null],
    ['2.7 line_items[0] given a string', 'line_items[0]', 'paper'],
    ['2.7 line_items[0] given an array', 'line_items[0]', [1, 2]],
    ['2.7 line_items[0] given {}', 'line_items[0]', {}],
    ['2.7 line_items given [[]]', 'line_items', [[]]],
  ])('%s → no throw, error or 400', (_name, field, value) => {
    const outcome = safely(setting(field, value));
    expect(invalidOrRejected(outcome), JSON.stringify(outcome.response)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null], ['undefined', undefined], ['a number', 42], ['a string', '{"entity_id":"ent_al_noor"}'], ['an array', [base()]],
    ['true', true], ['{}', {}], ['an object with only unknown keys', { foo: 'bar' }],
  ])('2.1 the whole body is %s → no throw, validate answer with errors', (_name, body) => {
    let outcome: InvoiceOutcome | undefined;
    expect(() => { outcome = validateInvoice(body, fixtureEnv()); }).not.toThrow();
    expect(outcome!.kind).toBe('validated');
    expectConsistentShape(outcome!);
    expect(dataOf(outcome!).is_valid).toBe(false);
  });

  it('2.1 unknown extra fields anywhere do not throw', () => {
    safely((b) => { b.extra = { deep: [1, { x: null }] }; b.buyer.extra = 1; b.line_items[0].extra = ['x']; });
  });

  it('2.1 a body with every field of the wrong type at once → no throw, invalid or 400', () => {
    const outcome = safely((b) => {
      for (const f of STRING_FIELDS) set(b, f, 12345);
      for (const f of NUMBER_FIELDS) set(b, f, 'twelve');
    });
    expect(invalidOrRejected(outcome)).toBe(true);
  });
});

// ------------------------------------------------------------------ huge and tiny numbers

describe('huge, tiny and non-finite numbers never throw', () => {
  const FORTY_DIGITS = '1234567890123456789012345678901234567890';
  const values: Array<[string, unknown]> = [
    ['1e300', 1e300], ['-1e300', -1e300], ['Number.MAX_VALUE', Number.MAX_VALUE], ['a 40-digit integer (as a JSON number)', JSON.parse(FORTY_DIGITS)],
    ['a 40-digit integer (as text)', FORTY_DIGITS], ['5e-324', 5e-324], ['1e-30', 1e-30], ['Infinity', Infinity], ['-Infinity', -Infinity],
    ['NaN', NaN], ['-0', -0], ['2^53 + 1', 9007199254740993],
  ];
  const rows = NUMBER_FIELDS.flatMap((field) => values.map(([label, value]): [string, string, unknown] => [`2.1/8 ${field} = ${label}`, field, value]));
  it.each(rows)('%s → no throw, consistent 2.10 answer', (_name, field, value) => {
    safely(setting(field, value));
  });

  it.each(values)('2.1/8 every amount at once = %s → no throw', (_name, value) => {
    safely((b) => { for (const f of NUMBER_FIELDS) set(b, f, value); for (const l of b.line_items) Object.assign(l, { quantity: value, unit_amount: value, tax_amount: value }); });
  });

  it.each(values)('2.6 a USD invoice with exchange_rate = %s → no throw', (_name, value) => {
    safely(all(setting('currency', 'USD'), setting('exchange_rate', value)));
  });

  it('8 unit_amount 1e300 on the S line: not a valid invoice figure → no throw, and not valid with a 5% tax of 47.50', () => {
    const outcome = safely(setting('line_items[0].unit_amount', 1e300));
    expect(invalidOrRejected(outcome)).toBe(true);
  });

  // UBL amounts, prices and quantities are xsd:decimal: no exponent notation (DESIGN Money: decimals, never floats).
  const NUMERIC_ELEMENT = /<cbc:(\w*(Amount|Quantity|Rate|Percent))\b[^>]*>([^<]*)</g;
  it.each<[string, Mutation]>([
    ['a price of 1e-7 for a quantity of 1e9 (line 100.00, tax 5.00)', all(setting('line_items[0].unit_amount', 1e-7), setting('line_items[0].quantity', 1e9), setting('line_items[0].tax_amount', 5))],
    ['a quantity of 1e-7 at a price of 1e9 (line 100.00, tax 5.00)', all(setting('line_items[0].quantity', 1e-7), setting('line_items[0].unit_amount', 1e9), setting('line_items[0].tax_amount', 5))],
    ['a quantity of 0.000001 at 100000000 (line 100.00, tax 5.00)', all(setting('line_items[0].quantity', 0.000001), setting('line_items[0].unit_amount', 100000000), setting('line_items[0].tax_amount', 5))],
    ['a large valid line: 1,000,000 × 999,999 (tax 49,999,950,000.00)', all(setting('line_items[0].quantity', 1000000), setting('line_items[0].unit_amount', 999999), setting('line_items[0].tax_amount', 49999950000))],
  ])('2.7/UBL decimals: %s → every number in the XML is in decimal notation', (_name, mutate) => {
    const outcome = safely(mutate);
    if (outcome.kind !== 'validated' || !outcome.xml) return;
    for (const m of outcome.xml.matchAll(NUMERIC_ELEMENT)) expect(`${m[1]}=${m[3]}`).toMatch(/=-?\d+(\.\d+)?$/);
  });
});

// ------------------------------------------------------------------ unicode and XML-special text

const SPECIAL = `<b>Tom & "Jerry" 'O'Neil'</b> ]]> 😀 شركة النور للتجارة \u200F end`;

/** A delivery block on a non-export invoice, to a foreign address (free text everywhere). */
const withDelivery: Mutation = setting('delivery', { address_line1: 'Port Road 1', city: 'Sohar', country_subdivision: 'Al Batinah', country: 'OM' });
const exemptLine: Mutation = (b) => Object.assign(b.line_items[0], { tax_category: 'E', tax_amount: 0, tax_exemption_reason: 'DL8.46.1' });
const reverseChargeLine: Mutation = (b) => Object.assign(b.line_items[0], { tax_category: 'AE', tax_amount: 0, item_type: 'DL8.48.8.2', item_standard_id: '4006381333931' });

describe('unicode and XML-special characters in every string field', () => {
  it.each(STRING_FIELDS)('2.1 %s = <, &, ", \', ]]>, emoji, RTL Arabic → no throw, consistent answer, well-formed XML when built', (field) => {
    safely(setting(field, SPECIAL));
  });

  it.each(STRING_FIELDS)('2.1 %s = lone surrogate and control characters → no throw, well-formed XML when built', (field) => {
    const outcome = safely(setting(field, 'a\uD800b\u0001c\u0000d\uFFFE'));
    if (outcome.kind === 'validated' && outcome.xml) {
      expect(outcome.xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  // [field, setup, element path from the root, attribute (or text), free text that the spec does not constrain]
  const EMITTED: Array<[string, Mutation, string, string | null, boolean]> = [
    ['buyer.name', () => {}, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName', null, true],
    ['buyer.address_line1', () => {}, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:StreetName', null, true],
    ['buyer.city', () => {}, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CityName', null, true],
    ['buyer.legal_registration_id', () => {}, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID', null, true],
    ['buyer.authority_name', () => {}, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID', 'schemeAgencyName', true],
    ['line_items[0].description', () => {}, 'cac:InvoiceLine/cac:Item/cbc:Description', null, true],
    ['line_items[0].description', () => {}, 'cac:InvoiceLine/cac:Item/cbc:Name', null, true],
    ['customs_declaration_ref', () => {}, 'cac:StatementDocumentReference/cbc:ID', null, true],
    ['deliver_to_party_name', () => {}, 'cac:Delivery/cac:DeliveryParty/cac:PartyName/cbc:Name', null, true],
    ['deliver_to_party_id', () => {}, 'cac:Delivery/cac:DeliveryLocation/cbc:ID', null, false],
    ['deliver_to_party_id_scheme', setting('deliver_to_party_id', 'X-1'), 'cac:Delivery/cac:DeliveryLocation/cbc:ID', 'schemeID', false],
    ['incoterms', () => {}, 'cac:Delivery/cac:DeliveryTerms/cbc:ID', null, false],
    ['delivery.address_line1', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:StreetName', null, true],
    ['delivery.address_line2', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:AdditionalStreetName', null, true],
    ['delivery.address_line3', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:AddressLine/cbc:Line', null, true],
    ['delivery.city', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CityName', null, true],
    ['delivery.post_code', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:PostalZone', null, true],
    ['delivery.country_subdivision', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CountrySubentity', null, true],
    ['delivery.region', withDelivery, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CountrySubentity', null, true],
    ['payment_account_id', () => {}, 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID', null, false],
    ['line_items[0].tax_exemption_reason', exemptLine, 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:TaxExemptionReasonCode', null, false],
    ['line_items[0].item_standard_id', reverseChargeLine, 'cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID', null, false],
  ];

  it.each(EMITTED)('2.1–2.7 XML column: %s with <, &, ", \', emoji, RTL Arabic → XML built, escaped, and parsed back to the exact text', (field, setup, path, attribute, freeText) => {
    const mutate: Mutation = (b: Body) => {
      setup(b);
      if (field === 'delivery.region') delete b.delivery.country_subdivision;
      set(b, field, SPECIAL);
    };
    const outcome = safely(mutate);
    if (outcome.kind !== 'validated') throw new Error(`rejected: ${JSON.stringify(outcome.response)}`);
    if (freeText) expectValid(outcome);
    expect(outcome.xml, JSON.stringify(outcome.response.data.errors)).toBeTruthy();
    const xml = outcome.xml!;
    expect(xml).toContain('&lt;b&gt;');
    expect(xml).toContain('&amp;');
    expect(xml).not.toContain('<b>');
    expect(xml).not.toContain('& "');
    const nodes = select(parseXml(xml), path);
    const values = nodes.map((n) => (attribute ? n.attributes[attribute] : n.text));
    expect(values).toContain(SPECIAL);
  });

  it('2.1 a 10,000-character description → no throw, built and parsed back exactly (its trailing space too)', () => {
    const long = 'شركة & <x> '.repeat(1000);
    const outcome = safely(setting('line_items[0].description', long));
    expectValid(outcome);
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cac:InvoiceLine/cac:Item/cbc:Description').map((n) => n.text)[0]).toBe(long);
  });

  it('2.8.5 every string field "" at once → read as absent; no throw', () => {
    safely((b) => { for (const f of STRING_FIELDS) set(b, f, ''); });
  });

  it('2.8.5 every field null at once → read as absent; no throw', () => {
    safely((b) => { for (const f of [...STRING_FIELDS, ...NUMBER_FIELDS]) set(b, f, null); });
  });
});
