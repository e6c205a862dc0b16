/**
 * The source map (src/ubl/source-map.ts): each element of the built document knows the request field it came from
 * (the XML columns of spec 2.1–2.7 and 2.12), and PINT-AE findings on the built document carry that field.
 */
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import { fieldOfFinding, nearestField, type SourceMap } from '../../../src/ubl/source-map.js';
import { invoiceSchema } from '../../../src/schema/invoice.schema.js';
import type { Finding } from '../../../src/model/types.js';
// The built-in rules as `npm run build` compiles them (as the sandbox tests use them).
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { mutatedFixtures } from '../../helpers/mutations.js';
import { base, fixture, set, type Body } from '../rules/support.js';

function sourcesOf(body: Body): SourceMap {
  const outcome = validateInvoice(body, fixtureEnv());
  if (outcome.kind !== 'validated' || !outcome.sources) throw new Error(`no XML: ${JSON.stringify(outcome.response)}`);
  return outcome.sources;
}

const BUYER = '/Invoice/AccountingCustomerParty/Party';
const SELLER = '/Invoice/AccountingSupplierParty/Party';
const LINE2 = '/Invoice/InvoiceLine[2]';

describe('each element names the request field of its spec XML column', () => {
  const standard = sourcesOf(base());
  it.each([
    // 2.1
    ['/Invoice/IssueDate', 'date'], ['/Invoice/DueDate', 'due_date'], ['/Invoice/DocumentCurrencyCode', 'currency'],
    ['/Invoice/ProfileExecutionID', 'transaction_type_code'],
    ['/Invoice/PaymentMeans/PaymentMeansCode', 'payment_means_code'], ['/Invoice/PaymentMeans/PaymentMeansCode/@name', 'payment_means_code'],
    ['/Invoice/PaymentMeans/PayeeFinancialAccount/ID', 'payment_account_id'],
    // 2.2
    [`${BUYER}/PartyLegalEntity/RegistrationName`, 'buyer.name'],
    [`${BUYER}/PostalAddress/Country/IdentificationCode`, 'buyer.country'],
    [`${BUYER}/PostalAddress/StreetName`, 'buyer.address_line1'], [`${BUYER}/PostalAddress/CityName`, 'buyer.city'],
    [`${BUYER}/PostalAddress/CountrySubentity`, 'buyer.region'],
    [`${BUYER}/PartyTaxScheme/CompanyID`, 'buyer.trn'], [`${BUYER}/PartyTaxScheme/TaxScheme/ID`, 'buyer.trn'],
    // 2.8.1: a UAE buyer's address is the first ten digits of its TRN
    [`${BUYER}/EndpointID`, 'buyer.trn'],
    [`${BUYER}/PartyLegalEntity/CompanyID`, 'buyer.legal_registration_id'],
    [`${BUYER}/PartyLegalEntity/CompanyID/@schemeAgencyID`, 'buyer.legal_registration_type'],
    [`${BUYER}/PartyLegalEntity/CompanyID/@schemeAgencyName`, 'buyer.authority_name'],
    // 2.7 (the second line: indices are 0-based into the request array)
    [LINE2, 'line_items[1]'], [`${LINE2}/ID`, 'line_items[1]'],
    [`${LINE2}/InvoicedQuantity`, 'line_items[1].quantity'], [`${LINE2}/InvoicedQuantity/@unitCode`, 'line_items[1].unit'],
    [`${LINE2}/Price/PriceAmount`, 'line_items[1].unit_amount'], [`${LINE2}/Price/BaseQuantity/@unitCode`, 'line_items[1].unit'],
    [`${LINE2}/Item/Description`, 'line_items[1].description'], [`${LINE2}/Item/Name`, 'line_items[1].description'],
    [`${LINE2}/Item/ClassifiedTaxCategory/ID`, 'line_items[1].tax_category'],
    [`${LINE2}/Item/ClassifiedTaxCategory/Percent`, 'line_items[1].tax_category'],
    [`${LINE2}/ItemPriceExtension/TaxTotal/TaxAmount`, 'line_items[1].tax_amount'],
    // no line_amount sent: the net amount is quantity × unit_amount
    [`${LINE2}/LineExtensionAmount`, 'line_items[1].unit_amount'],
    [`${LINE2}/LineExtensionAmount/@currencyID`, 'currency'],
    // computed from the lines
    ['/Invoice/InvoiceTypeCode', 'line_items'], ['/Invoice/TaxTotal/TaxAmount', 'line_items'],
    ['/Invoice/TaxTotal/TaxSubtotal/TaxableAmount', 'line_items'], ['/Invoice/TaxTotal/TaxSubtotal/TaxCategory/ID', 'line_items'],
    ['/Invoice/LegalMonetaryTotal/LineExtensionAmount', 'line_items'], ['/Invoice/LegalMonetaryTotal/PayableAmount', 'line_items'],
    // 2.12: the seller party comes from the entity record, chosen by entity_id
    [`${SELLER}/EndpointID`, 'entity_id'], [`${SELLER}/PostalAddress/CityName`, 'entity_id'],
    [`${SELLER}/PartyLegalEntity/CompanyID/@schemeAgencyID`, 'entity_id'],
  ])('%s → %s', (location, field) => expect(nearestField(standard, location)).toBe(field));

  it('nothing maps to the document root', () => {
    expect(standard.has('/Invoice')).toBe(false);
    expect(nearestField(standard, '/Invoice')).toBeUndefined();
  });

  it('2.7 aliases: the category is named by the key sent (vat_category), the line amount by line_amount when sent', () => {
    const sources = sourcesOf(((b) => { delete b.line_items[0].tax_category; b.line_items[0].vat_category = 'S'; b.line_items[0].line_amount = 900; return b; })(base()));
    expect(nearestField(sources, '/Invoice/InvoiceLine[1]/Item/ClassifiedTaxCategory/ID')).toBe('line_items[0].vat_category');
    expect(nearestField(sources, '/Invoice/InvoiceLine[1]/LineExtensionAmount')).toBe('line_items[0].line_amount');
    // the discount of 2.1 travels as a line allowance: it comes from the sent line_amount
    expect(nearestField(sources, '/Invoice/InvoiceLine[1]/AllowanceCharge/Amount')).toBe('line_items[0].line_amount');
  });

  it('2.4 delivery, its subdivision under the key sent (state); 2.1 delivery fields outside it', () => {
    const sources = sourcesOf(fixture('export.json'));
    const address = '/Invoice/Delivery/DeliveryLocation/Address';
    expect(nearestField(sources, `${address}/StreetName`)).toBe('delivery.address_line1');
    expect(nearestField(sources, `${address}/CityName`)).toBe('delivery.city');
    expect(nearestField(sources, `${address}/CountrySubentity`)).toBe('delivery.state');
    expect(nearestField(sources, `${address}/PostalZone`)).toBe('delivery.post_code');
    expect(nearestField(sources, `${address}/Country/IdentificationCode`)).toBe('delivery.country');
    expect(nearestField(sources, '/Invoice/Delivery/DeliveryTerms/ID')).toBe('incoterms');
    expect(nearestField(sources, '/Invoice/StatementDocumentReference/ID')).toBe('customs_declaration_ref');
    // 2.6: the rate and the AED figures
    expect(nearestField(sources, '/Invoice/TaxExchangeRate/CalculationRate')).toBe('exchange_rate');
    expect(nearestField(sources, '/Invoice/TaxTotal[2]/TaxAmount')).toBe('exchange_rate');
    expect(nearestField(sources, '/Invoice/TaxExchangeRate/SourceCurrencyCode')).toBe('currency');
    // one line: the breakdown comes from it
    expect(nearestField(sources, '/Invoice/TaxTotal[1]/TaxSubtotal/TaxCategory/ID')).toBe('line_items[0].tax_category');
    expect(nearestField(sources, '/Invoice/TaxTotal[1]/TaxSubtotal/TaxAmount')).toBe('line_items[0].tax_amount');
  });

  it('2.1 sent totals are the sender’s own figures: they map to the fields sent', () => {
    const sources = sourcesOf(((b) => { b.sub_total = 1250; b.total_tax = 62.5; b.total = 1312.5; return b; })(base()));
    expect(nearestField(sources, '/Invoice/LegalMonetaryTotal/LineExtensionAmount')).toBe('sub_total');
    expect(nearestField(sources, '/Invoice/LegalMonetaryTotal/TaxExclusiveAmount')).toBe('sub_total');
    expect(nearestField(sources, '/Invoice/LegalMonetaryTotal/TaxInclusiveAmount')).toBe('total');
    expect(nearestField(sources, '/Invoice/TaxTotal/TaxAmount')).toBe('total_tax');
  });

  it('2.8 the buyer address: a participant id with its scheme; the placeholders of deemed supply and export', () => {
    const foreign = sourcesOf(((b) => { b.buyer.country = 'US'; delete b.buyer.trn; b.buyer.participant_id = '123456789'; b.buyer.participant_scheme = '9959'; return b; })(base()));
    expect(nearestField(foreign, `${BUYER}/EndpointID`)).toBe('buyer.participant_id');
    expect(nearestField(foreign, `${BUYER}/EndpointID/@schemeID`)).toBe('buyer.participant_scheme');
    expect(nearestField(sourcesOf(fixture('deemed-supply.json')), `${BUYER}/EndpointID`)).toBe('transaction_type_code');
  });
});

describe('a finding takes the field of the element its rule reads', () => {
  const sources = sourcesOf(fixture('mixed-categories.json'));
  const at = (rule: string | undefined, location: string, section: Finding['section'] = 'invoice_header') => fieldOfFinding({ rule, location, section }, sources);
  it.each([
    // rule on the document root, about an element the document has, or lacks
    ['ibr-co-15', '/Invoice', 'line_items'],
    ['ibr-159-ae', '/Invoice', 'exchange_rate'],
    ['ibr-127-ae', '/Invoice', 'due_date'],
    ['ibr-154-ae', '/Invoice', 'transaction_type_code'],
    // a code-list rule reported on the amount, testing its @currencyID
    ['ibr-cl-03', '/Invoice/InvoiceLine[2]/Price/PriceAmount', 'currency'],
    // a breakdown rule reported on the category, testing the breakdown's tax amount
    ['aligned-ibrp-z-09', '/Invoice/TaxTotal/TaxSubtotal[2]/TaxCategory', 'line_items[1].tax_amount'],
    // a line's category rule, testing the line's VAT
    ['ibr-165-ae', '/Invoice/InvoiceLine[2]/Item/ClassifiedTaxCategory', 'line_items[1].tax_amount'],
    ['ibr-147-ae', '/Invoice/InvoiceLine[3]', 'line_items[2].unit_amount'],
    // any other rule: the nearest element with a source
    ['no-such-rule', '/Invoice/InvoiceLine[3]/Item/ClassifiedTaxCategory/TaxExemptionReasonCode', 'line_items[2].tax_exemption_reason'],
    [undefined, '/Invoice/AccountingCustomerParty/Party/PostalAddress', 'buyer'],
  ])('%s at %s → %s', (rule, location, field) => expect(at(rule, location)).toBe(field));

  it('an unknown rule on the root names the object of its section', () => {
    expect(at('no-such-rule', '/Invoice', 'buyer_party')).toBe('buyer');
    expect(at('no-such-rule', '/Invoice', 'legal_monetary')).toBe('line_items');
    expect(at('no-such-rule', '/Invoice')).toBe('(body)');
  });

  it('an export without a delivery city names delivery.city', () => {
    const noCity = sourcesOf(((b) => { delete b.delivery.city; return b; })(fixture('export.json')));
    expect(fieldOfFinding({ rule: 'ibr-152-ae', location: '/Invoice', section: 'invoice_header' }, noCity)).toBe('delivery.city');
  });
});

/**
 * What a field names in the request body: `field` (a scalar property, or a property the body lacks in an object it
 * has: the field that would have carried the element), `object` (an object or array the body has), or `invalid`.
 */
function kindOf(field: string, body: Body): 'field' | 'object' | 'invalid' {
  if (field === '(body)') return 'object';
  let schema: any = invoiceSchema;
  let value: any = body;
  const parts = field.split(/\.|(?=\[)/);
  for (const [i, part] of parts.entries()) {
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) {
      if (schema.type !== 'array' || !Array.isArray(value) || Number(index[1]) >= value.length) return 'invalid';
      schema = schema.items;
      value = value[Number(index[1])];
      continue;
    }
    schema = schema.properties?.[part];
    // every step but the last must be present; the last may be absent (the field that would have carried it)
    if (!schema || value === null || typeof value !== 'object' || (i < parts.length - 1 && value[part] === undefined)) return 'invalid';
    value = value[part];
  }
  return (schema.type === 'object' || schema.type === 'array') && value !== undefined ? 'object' : 'field';
}

describe('PINT-AE findings on the XML built from the fixtures and seeded mutations of them carry their field', () => {
  it('at least 99% name a field of the request; the rest name an object the request has', () => {
    const env = fixtureEnv({ schematron: builtinRuleSet() });
    let total = 0;
    const objects: string[] = [];
    for (const { name, body } of mutatedFixtures(1000)) {
      const outcome = validateInvoice(structuredClone(body), env);
      if (outcome.kind !== 'validated' || !outcome.xml) continue;
      for (const f of outcome.findings.filter((x) => x.location !== undefined)) {
        total++;
        expect(f.field, `${name}: ${f.rule} at ${f.location}`).toBeTypeOf('string');
        const kind = kindOf(f.field!, body);
        expect(kind, `${name}: ${f.rule} at ${f.location} → ${f.field}`).not.toBe('invalid');
        if (kind === 'object') objects.push(`${f.rule} at ${f.location} → ${f.field}`);
      }
    }
    // enough findings for the share to mean something
    expect(total).toBeGreaterThanOrEqual(200);
    expect(objects.length / total, objects.join('\n')).toBeLessThanOrEqual(0.01);
  });
});
