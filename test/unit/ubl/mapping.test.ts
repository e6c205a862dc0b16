import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { FIXTURES } from '../../helpers/paths.js';
import { fixtureEnv, validateFile } from '../../helpers/pipeline.js';
import { ublDoc } from '../../helpers/xpath.js';
import { validateInvoice } from '../../../src/pipeline.js';

function build(fixture: string, overrides = {}) {
  const outcome = validateFile(join(FIXTURES, 'invoices', fixture), overrides);
  if (outcome.kind !== 'validated' || !outcome.xml) throw new Error(`${fixture} built no XML`);
  return ublDoc(outcome.xml);
}

function buildBody(body: unknown, overrides = {}) {
  const outcome = validateInvoice(body, fixtureEnv(overrides));
  if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML built');
  return ublDoc(outcome.xml);
}

const standard = () => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));

describe('2.9 values the service adds', () => {
  const doc = build('standard.json');
  it.each([
    ['cbc:CustomizationID', 'urn:peppol:pint:billing-1@ae-1'],
    ['cbc:ProfileID', 'urn:peppol:bis:billing'],
    ['cbc:ProfileExecutionID', '00000000'],
    ['cbc:InvoiceTypeCode', '380'],
    ['cbc:DocumentCurrencyCode', 'AED'],
    ['cbc:IssueDate', '2025-03-10'],
    ['cbc:DueDate', '2025-04-09'],
    ['cac:AccountingSupplierParty/cac:Party/cbc:EndpointID/@schemeID', '0235'],
  ])('2.9: %s = %s', (path, value) => expect(doc.one(`/Invoice/${path}`)).toBe(value));

  it('2.9: cbc:ID and cbc:UUID carry the same generated UUID', () => {
    const id = doc.one('/Invoice/cbc:ID');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(doc.one('/Invoice/cbc:UUID')).toBe(id);
  });
  it('2.9: no TaxCurrencyCode on an AED invoice; one tax total (2.6.1)', () => {
    expect(doc.count('/Invoice/cbc:TaxCurrencyCode')).toBe(0);
    expect(doc.count('/Invoice/cac:TaxTotal')).toBe(1);
    expect(doc.count('/Invoice/cac:TaxExchangeRate')).toBe(0);
  });
  it('2.9: tax scheme VAT on party and category elements; line ids 1..n; BaseQuantity 1', () => {
    expect(doc.all('//cac:TaxScheme/cbc:ID').every((v) => v === 'VAT')).toBe(true);
    expect(doc.all('/Invoice/cac:InvoiceLine/cbc:ID')).toEqual(['1', '2']);
    expect(doc.all('//cac:Price/cbc:BaseQuantity')).toEqual(['1', '1']);
  });
  it('2.9: the seller emirate name becomes its code in CountrySubentity', () => {
    expect(doc.one('/Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:CountrySubentity')).toBe('DXB');
  });
  it('2.2: a UAE buyer region name becomes the emirate code', () => {
    expect(doc.one('/Invoice/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CountrySubentity')).toBe('DXB');
  });
  it('2.9: ProfileExecutionID carries the sent transaction_type_code (DESIGN)', () => {
    expect(build('margin-scheme.json').one('/Invoice/cbc:ProfileExecutionID')).toBe('00100000');
  });
  it('2.1: no DueDate when due_date is not sent', () => {
    expect(build('deemed-supply.json').count('/Invoice/cbc:DueDate')).toBe(0);
  });
});

describe('2.3, 2.12 seller party from the entity record', () => {
  const doc = build('standard.json');
  const party = '/Invoice/cac:AccountingSupplierParty/cac:Party';
  it.each([
    ['cbc:EndpointID', '1001234567'],
    ['cac:PostalAddress/cbc:StreetName', 'Al Quoz Industrial Area 3'],
    ['cac:PostalAddress/cbc:CityName', 'Dubai'],
    ['cac:PostalAddress/cbc:PostalZone', '12345'],
    ['cac:PostalAddress/cac:Country/cbc:IdentificationCode', 'AE'],
    ['cac:PartyTaxScheme/cbc:CompanyID', '100123456700003'],
    ['cac:PartyLegalEntity/cbc:RegistrationName', 'Al Noor Trading LLC'],
    ['cac:PartyLegalEntity/cbc:CompanyID', '1001234567'],
    ['cac:PartyLegalEntity/cbc:CompanyID/@schemeID', '0235'],
    ['cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyID', 'PAS'],
    ['cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyName', 'AE'],
  ])('%s = %s', (path, value) => expect(doc.one(`${party}/${path}`)).toBe(value));

  it('1.6: a seller sent in the body never reaches the seller party', () => {
    const body = standard();
    body.seller = { legal_registration_id: 'OTHER-999', registration_type: 'EID' };
    const d = buildBody(body);
    expect(d.all(`${party}//text()`).join(' ')).not.toContain('OTHER-999');
  });
});

describe('2.2 buyer party', () => {
  const doc = build('standard.json');
  const party = '/Invoice/cac:AccountingCustomerParty/cac:Party';
  it.each([
    ['cbc:EndpointID', '1009876543'],
    ['cbc:EndpointID/@schemeID', '0235'],
    ['cac:PostalAddress/cbc:StreetName', 'Office 1204, Marina Plaza'],
    ['cac:PostalAddress/cbc:CityName', 'Dubai'],
    ['cac:PartyTaxScheme/cbc:CompanyID', '100987654300003'],
    ['cac:PartyLegalEntity/cbc:RegistrationName', 'Gulf Office Supplies FZ-LLC'],
    ['cac:PartyLegalEntity/cbc:CompanyID', 'TL-889900'],
    ['cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyID', 'TL'],
    ['cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyName', 'Dubai Department of Economy and Tourism'],
  ])('%s = %s', (path, value) => expect(doc.one(`${party}/${path}`)).toBe(value));

  it('2.2: PAS carries the passport country as @schemeAgencyName; lower-case type normalised', () => {
    const body = standard();
    Object.assign(body.buyer, { legal_registration_type: 'pas', legal_registration_id: 'P9988776', passport_country_code: 'IN' });
    delete body.buyer.authority_name;
    const d = buildBody(body);
    expect(d.one(`${party}/cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyID`)).toBe('PAS');
    expect(d.one(`${party}/cac:PartyLegalEntity/cbc:CompanyID/@schemeAgencyName`)).toBe('IN');
  });
  it('2.1: phone, email and electronic_address are not emitted', () => {
    const body = standard();
    Object.assign(body.buyer, { phone: '+971-4-5550000', email: 'ap@gulf.example', electronic_address: 'zz' });
    const d = buildBody(body);
    const text = d.all('//text()').join(' ');
    expect(text).not.toContain('+971-4-5550000');
    expect(text).not.toContain('ap@gulf.example');
  });
});

describe('2.7 tax categories: one TaxSubtotal per category, percent forced from the category', () => {
  const doc = build('mixed-categories.json');
  it('one cac:TaxSubtotal per category, in the order the lines carry them', () => {
    expect(doc.all('/Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toEqual(['S', 'Z', 'E']);
    expect(doc.all('/Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')).toEqual(['1800.00', '800.00', '6500.00']);
    expect(doc.all('/Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount')).toEqual(['90.00', '0.00', '0.00']);
  });
  it('S carries 5, Z carries 0, E carries no percent but its exemption reason code', () => {
    expect(doc.one("/Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[cbc:ID='S']/cbc:Percent")).toBe('5');
    expect(doc.one("/Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[cbc:ID='Z']/cbc:Percent")).toBe('0');
    expect(doc.count("//cac:ClassifiedTaxCategory[cbc:ID='E']/cbc:Percent")).toBe(0);
    expect(doc.one("//cac:ClassifiedTaxCategory[cbc:ID='E']/cbc:TaxExemptionReasonCode")).toBe('DL8.46.2');
  });
  it('the sent tax_rate is replaced by the category percent', () => {
    const body = standard();
    body.line_items[0].tax_rate = 12;
    expect(buildBody(body).all("//cac:ClassifiedTaxCategory/cbc:Percent")).toEqual(['5', '5']);
  });
  it('N (margin scheme) keeps 5%; AE carries the NatureCode and the standard item id under 0160', () => {
    expect(build('margin-scheme.json').one('//cac:ClassifiedTaxCategory/cbc:Percent')).toBe('5');
    const rc = build('reverse-charge.json');
    expect(rc.one('//cac:Item/cac:CommodityClassification/cbc:NatureCode')).toBe('DL8.48.8.2');
    expect(rc.one('//cac:Item/cac:StandardItemIdentification/cbc:ID')).toBe('4006381333931');
    expect(rc.one('//cac:Item/cac:StandardItemIdentification/cbc:ID/@schemeID')).toBe('0160');
  });
  it.each([
    ['exempt.json', '480'], ['out-of-scope.json', '480'], ['mixed-categories.json', '380'], ['zero-rated.json', '380'],
  ])('ibr-151-ae: %s is delivered as InvoiceTypeCode %s', (fixture, code) => {
    expect(build(fixture).one('/Invoice/cbc:InvoiceTypeCode')).toBe(code);
  });
});

describe('2.7 lines', () => {
  const doc = build('standard.json');
  it('description is both item description and name; quantity and unit code; price', () => {
    expect(doc.all('//cac:Item/cbc:Description')).toEqual(doc.all('//cac:Item/cbc:Name'));
    expect(doc.all('//cbc:InvoicedQuantity')).toEqual(['10', '2']);
    expect(doc.all('//cbc:InvoicedQuantity/@unitCode')).toEqual(['XBX', 'HUR']);
    expect(doc.all('//cac:Price/cbc:BaseQuantity/@unitCode')).toEqual(['XBX', 'HUR']);
    expect(doc.all('//cac:Price/cbc:PriceAmount')).toEqual(['95', '150']);
  });
  it('line_amount defaults to quantity × unit_amount', () => {
    expect(doc.all('/Invoice/cac:InvoiceLine/cbc:LineExtensionAmount')).toEqual(['950.00', '300.00']);
  });
  it('ItemPriceExtension on every line: BTAE-10 = line amount with VAT, BTAE-08 = line VAT (AED invoice: own amounts)', () => {
    expect(doc.all('//cac:ItemPriceExtension/cbc:Amount')).toEqual(['997.50', '315.00']);
    expect(doc.all('//cac:ItemPriceExtension/cac:TaxTotal/cbc:TaxAmount')).toEqual(['47.50', '15.00']);
  });
  it('DESIGN: a lower line_amount is a line allowance (reason 95 Discount); the price stays unit_amount', () => {
    const d = build('discount.json');
    expect(d.one('/Invoice/cac:InvoiceLine[1]/cbc:LineExtensionAmount')).toBe('5580.00');
    expect(d.one('/Invoice/cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount')).toBe('310');
    expect(d.one('/Invoice/cac:InvoiceLine[1]/cac:AllowanceCharge/cbc:ChargeIndicator')).toBe('false');
    expect(d.one('/Invoice/cac:InvoiceLine[1]/cac:AllowanceCharge/cbc:AllowanceChargeReasonCode')).toBe('95');
    expect(d.one('/Invoice/cac:InvoiceLine[1]/cac:AllowanceCharge/cbc:Amount')).toBe('620.00');
    expect(d.count('/Invoice/cac:InvoiceLine[2]/cac:AllowanceCharge')).toBe(0);
  });
  it.each([
    ['piece', 'H87'], ['Hours', 'HUR'], ['kg', 'KGM'], ['KGM', 'KGM'], ['C62', 'C62'], ['gizmo', 'EA'],
  ])('DESIGN unit labels: %s → %s', (unit, code) => {
    const body = standard();
    body.line_items[0].unit = unit;
    expect(buildBody(body).one('/Invoice/cac:InvoiceLine[1]/cbc:InvoicedQuantity/@unitCode')).toBe(code);
  });
  it('DESIGN: hs_code, service_code, item_name, account_code are accepted, not emitted', () => {
    const body = standard();
    Object.assign(body.line_items[0], { hs_code: '48025690', service_code: 'SAC-1234', item_name: 'PAPER-A4-BOX', account_code: '4100' });
    const text = buildBody(body).all('//text()').join(' ');
    for (const v of ['48025690', 'SAC-1234', 'PAPER-A4-BOX', '4100']) expect(text).not.toContain(v);
  });
});

describe('2.1 totals', () => {
  const doc = build('standard.json');
  it.each([
    ['cbc:LineExtensionAmount', '1250.00'], ['cbc:TaxExclusiveAmount', '1250.00'],
    ['cbc:TaxInclusiveAmount', '1312.50'], ['cbc:PayableAmount', '1312.50'],
  ])('LegalMonetaryTotal/%s = %s (computed when omitted)', (el, value) => expect(doc.one(`/Invoice/cac:LegalMonetaryTotal/${el}`)).toBe(value));
  it('TaxTotal/TaxAmount = total_tax', () => expect(doc.one('/Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('62.50'));
});

describe('2.6 foreign currency', () => {
  const doc = build('usd-with-rate.json');
  it('TaxCurrencyCode AED, rate, currency on all document amounts', () => {
    expect(doc.one('/Invoice/cbc:DocumentCurrencyCode')).toBe('USD');
    expect(doc.one('/Invoice/cbc:TaxCurrencyCode')).toBe('AED');
    expect(doc.one('/Invoice/cac:TaxExchangeRate/cbc:SourceCurrencyCode')).toBe('USD');
    expect(doc.one('/Invoice/cac:TaxExchangeRate/cbc:TargetCurrencyCode')).toBe('AED');
    expect(doc.one('/Invoice/cac:TaxExchangeRate/cbc:CalculationRate')).toBe('3.6725');
    expect(doc.all('/Invoice/cac:LegalMonetaryTotal/*/@currencyID').every((c) => c === 'USD')).toBe(true);
  });
  it('second TaxTotal in AED (IBT-111): 120.00 × 3.6725 = 440.70', () => {
    expect(doc.all('/Invoice/cac:TaxTotal/cbc:TaxAmount/@currencyID')).toEqual(['USD', 'AED']);
    expect(doc.one("/Invoice/cac:TaxTotal[cbc:TaxAmount/@currencyID='AED']/cbc:TaxAmount")).toBe('440.70');
    expect(doc.count("/Invoice/cac:TaxTotal[cbc:TaxAmount/@currencyID='AED']/cac:TaxSubtotal")).toBe(0);
  });
  it('AED total including VAT (BTAE-20): 2520.00 × 3.6725 = 9254.70', () => {
    expect(doc.one("/Invoice/cac:AdditionalDocumentReference[cbc:DocumentTypeCode='aedtotal-incl-vat']/cbc:DocumentDescription")).toBe('AED 9254.70');
  });
  it('per-line AED amounts (BTAE-10/08) by default; in the document currency with lineAmounts=document', () => {
    expect(doc.one('//cac:ItemPriceExtension/cbc:Amount')).toBe('9254.70');
    expect(doc.one('//cac:ItemPriceExtension/cbc:Amount/@currencyID')).toBe('AED');
    expect(doc.one('//cac:ItemPriceExtension/cac:TaxTotal/cbc:TaxAmount')).toBe('440.70');
    const d = build('usd-with-rate.json', { lineAmounts: 'document' });
    expect(d.one('//cac:ItemPriceExtension/cbc:Amount')).toBe('2520.00');
    expect(d.one('//cac:ItemPriceExtension/cbc:Amount/@currencyID')).toBe('USD');
  });
  it('2.6.3: without a sent rate, a Sunday invoice takes the Friday rate from the table', () => {
    expect(build('usd-without-rate.json').one('/Invoice/cac:TaxExchangeRate/cbc:CalculationRate')).toBe('3.6725');
  });
  it('2.6.1: an AED invoice ignores a sent exchange_rate', () => {
    const body = standard();
    body.exchange_rate = 3.67;
    const d = buildBody(body);
    expect(d.count('/Invoice/cac:TaxExchangeRate')).toBe(0);
    expect(d.count('/Invoice/cbc:TaxCurrencyCode')).toBe(0);
  });
});

describe('2.4 delivery, 2.1 export fields, payment means', () => {
  const doc = build('export.json');
  const addr = '/Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address';
  it.each([
    [`${addr}/cbc:StreetName`, '1200 Harbor Blvd'], [`${addr}/cbc:CityName`, 'Long Beach'], [`${addr}/cbc:PostalZone`, '90802'],
    [`${addr}/cbc:CountrySubentity`, 'CA'], [`${addr}/cac:Country/cbc:IdentificationCode`, 'US'],
    ['/Invoice/cac:Delivery/cac:DeliveryTerms/cbc:ID', 'CIF'], ['/Invoice/cac:Delivery/cac:DeliveryTerms/cbc:ID/@schemeID', 'Incoterms'],
    ['/Invoice/cac:StatementDocumentReference/cbc:ID', 'EXP-101-2025-000458'],
    ['/Invoice/cac:AccountingCustomerParty/cac:Party/cbc:EndpointID', '9900000099'],
  ])('%s = %s', (path, value) => expect(doc.one(path)).toBe(value));
  it('no delivery block when no delivery field is sent', () => {
    expect(build('standard.json').count('/Invoice/cac:Delivery')).toBe(0);
  });
  it('deliver_to_party_* and actual_delivery_date', () => {
    const body = standard();
    Object.assign(body, { deliver_to_party_name: 'Warehouse 7', deliver_to_party_id: '100111222300003', deliver_to_party_id_scheme: '0235', actual_delivery_date: '2025-03-08' });
    const d = buildBody(body);
    expect(d.one('/Invoice/cac:Delivery/cbc:ActualDeliveryDate')).toBe('2025-03-08');
    expect(d.one('/Invoice/cac:Delivery/cac:DeliveryParty/cac:PartyName/cbc:Name')).toBe('Warehouse 7');
    expect(d.one('/Invoice/cac:Delivery/cac:DeliveryLocation/cbc:ID')).toBe('100111222300003');
    expect(d.one('/Invoice/cac:Delivery/cac:DeliveryLocation/cbc:ID/@schemeID')).toBe('0235');
  });
  it('payment means 30 with @name and the IBAN', () => {
    const d = build('standard.json');
    expect(d.one('/Invoice/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('30');
    expect(d.one('/Invoice/cac:PaymentMeans/cbc:PaymentMeansCode/@name')).toBe('Credit transfer');
    expect(d.one('/Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('AE070331234567890123456');
  });
  it.each([
    [{}, '1'],
    [{ payment_account_id: 'AE070331234567890123456' }, '30'],
    [{ payment_method: 'Cash' }, '10'],
    [{ payment_method: 'Bank Transfer', payment_account_id: 'AE070331234567890123456' }, '30'],
    [{ payment_means_code: '48', payment_method: 'Cash' }, '48'],
  ])('DESIGN payment-means default: %j → %s', (fields, code) => {
    const body = standard();
    delete body.payment_means_code; delete body.payment_account_id;
    Object.assign(body, fields);
    expect(buildBody(body).one('/Invoice/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe(code);
  });
});

describe('DESIGN determinism', () => {
  it('--deterministic: the same input gives byte-identical XML; --uuid fixes cbc:ID', () => {
    const a = validateFile(join(FIXTURES, 'invoices/standard.json'));
    const b = validateFile(join(FIXTURES, 'invoices/standard.json'));
    expect(a.kind === 'validated' && a.xml).toBe(b.kind === 'validated' && b.xml);
    const c = validateFile(join(FIXTURES, 'invoices/standard.json'), { uuid: { kind: 'fixed', value: '123e4567-e89b-12d3-a456-426614174000' } });
    const d = ublDoc(c.kind === 'validated' ? c.xml! : '');
    expect(d.one('/Invoice/cbc:ID')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(d.one('/Invoice/cbc:UUID')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });
  it('random UUIDs differ between runs', () => {
    const a = validateFile(join(FIXTURES, 'invoices/standard.json'), { uuid: { kind: 'random' } });
    const b = validateFile(join(FIXTURES, 'invoices/standard.json'), { uuid: { kind: 'random' } });
    expect(a.kind === 'validated' && a.xml).not.toBe(b.kind === 'validated' && b.xml);
  });
});
