import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinnedBuiltinSet } from '../../../dist/schematron/rulesets.js';
import { FIXTURES } from '../../helpers/paths.js';

/*
 * pintae's own AE TDD 1.0.4 rules (schematron/pint-ae-tdd.sch), rule by rule, on pintae's own TDD fixture: for every
 * rule id of the release's rule list (ae-tdd/RULES.md), a change that breaks what the rule text asks, and a document
 * that keeps it (the fixture itself, or a variant the text allows). In-process, on the native engine.
 */
const rules = pinnedBuiltinSet('builtin-tdd');
const BASE = readFileSync(join(FIXTURES, 'tdd/standard-tdd.xml'), 'utf8');
const failed = (xml: string) => new Set(rules.run(xml).map((f) => f.rule));

type Edit = (xml: string) => string;
/** Replaces the first occurrence (the TDD's own elements come before the embedded invoice's), insisting it is there. */
const sub = (from: string | RegExp, to: string): Edit => (xml) => {
  const out = xml.replace(from, to);
  if (out === xml) throw new Error(`not in the fixture: ${from}`);
  return out;
};
const all = (...edits: Edit[]): Edit => (xml) => edits.reduce((x, e) => e(x), xml);
const after = (anchor: string, insert: string) => sub(anchor, `${anchor}${insert}`);

const RD_CURRENCY = '<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>';
const TAX_TOTAL = '<cac:TaxTotal>\n        <cbc:TaxAmount currencyID="AED">62.50</cbc:TaxAmount>\n      </cac:TaxTotal>';
const USD_TOTAL = '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">17.02</cbc:TaxAmount></cac:TaxTotal>';
const NO_BUYER = sub(/<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>/, '');
const SELLER_PTS = /(<cac:AccountingSupplierParty>\s*<cac:Party>)/;
const BUYER_PARTY = /(<cac:AccountingCustomerParty>\s*<cac:Party>)/;
const EXPORT = sub('<cbc:ProfileExecutionID>00000000</cbc:ProfileExecutionID>', '<cbc:ProfileExecutionID>00000001</cbc:ProfileExecutionID>');
const NO_RD = sub(/<pxs:ReportedDocument>[\s\S]*?<\/pxs:ReportedDocument>/, '');

/** [rule id, what breaks it, what keeps it (default: the fixture as it is)]. */
const CASES: Array<[string, Edit, Edit?]> = [
  ['ibr-tdd-01', sub('>urn:peppol:taxdata:ae-1<', '>urn:peppol:taxdata:ae-2<'), sub('>urn:peppol:taxdata:ae-1<', '> urn:peppol:taxdata:ae-1 <')],
  ['ibr-tdd-02', sub('>urn:peppol:taxreporting<', '>urn:peppol:bis:billing<')],
  ['ibr-tdd-03', after('<cbc:ProfileID>urn:peppol:taxreporting</cbc:ProfileID>', '<cbc:ID>TDD-1</cbc:ID>'), after('<cbc:ProfileID>urn:peppol:taxreporting</cbc:ProfileID>', '<cbc:UUID>u</cbc:UUID>')],
  ['ibr-tdd-04', sub('<cbc:IssueDate>2026-06-02<', '<cbc:IssueDate>2026-06-02+04:00<')],
  ['ibr-tdd-05', sub('09:15:00+04:00', '09:15:00'), sub('09:15:00+04:00', '09:15:00.250Z')],
  ['ibr-tdd-06', sub('<pxs:DocumentTypeCode>S<', '<pxs:DocumentTypeCode>X<'), sub('<pxs:DocumentTypeCode>S<', '<pxs:DocumentTypeCode>W<')],
  ['ibr-tdd-07', sub('<pxs:DocumentScope>D<', '<pxs:DocumentScope>DOM<'), sub('<pxs:DocumentScope>D<', '<pxs:DocumentScope>INP<')],
  ['ibr-tdd-08', sub('<pxs:ReporterRole>01<', '<pxs:ReporterRole>1<'), sub('<pxs:ReporterRole>01<', '<pxs:ReporterRole>02<')],
  ['ibr-tdd-09', sub(/<pxs:ReportedTransaction>[\s\S]*<\/pxs:ReportedTransaction>/, '')],
  ['ibr-tdd-10', after('<cbc:EndpointID schemeID="0235">1001234567</cbc:EndpointID>', '<cac:PartyName><cbc:Name>Al Noor</cbc:Name></cac:PartyName>')],
  ['ibr-tdd-11', sub('<cbc:EndpointID schemeID="0235">1001234567</cbc:EndpointID>', '')],
  ['ibr-tdd-12', sub('<cbc:EndpointID schemeID="0235">1001234567', '<cbc:EndpointID>1001234567')],
  ['ibr-tdd-13', sub('<cbc:EndpointID schemeID="0235">1001234567', '<cbc:EndpointID schemeID="TIN">1001234567'), sub('<cbc:EndpointID schemeID="0235">1001234567', '<cbc:EndpointID schemeID="0088">1001234567')],
  ['ibr-tdd-14', after('<cbc:EndpointID schemeID="0242">900001</cbc:EndpointID>', '<cac:PostalAddress/>')],
  ['ibr-tdd-15', sub('<cbc:EndpointID schemeID="0242">900001</cbc:EndpointID>', '')],
  ['ibr-tdd-16', sub('<cbc:EndpointID schemeID="0242">900001', '<cbc:EndpointID>900001')],
  ['ibr-tdd-17', sub('<cbc:EndpointID schemeID="0242">900001', '<cbc:EndpointID schemeID="0235">900001')],
  ['ibr-tdd-18', after('<pxs:ReportersRepresentative>', '<cbc:EndpointID schemeID="0242">900123</cbc:EndpointID>')],
  ['ibr-tdd-19', sub(/<cac:PartyIdentification>\s*<cbc:ID schemeID="0242">900123<\/cbc:ID>\s*<\/cac:PartyIdentification>/, '')],
  ['ibr-tdd-20', sub('<cbc:ID schemeID="0242">900123', '<cbc:ID>900123')],
  ['ibr-tdd-21', sub('<cbc:ID schemeID="0242">900123', '<cbc:ID schemeID="0235">900123'), sub('<cbc:ID schemeID="0242">900123', '<cbc:ID>900123')],
  ['ibr-tdd-22', NO_RD, all(NO_RD, sub('<pxs:DocumentTypeCode>S<', '<pxs:DocumentTypeCode>F<'))],
  ['ibr-tdd-23', sub(/<pxs:SourceDocument>[\s\S]*<\/pxs:SourceDocument>/, '')],
  ['ibr-tdd-24', sub('<cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>', '')],
  ['ibr-tdd-25', sub('<cbc:ProfileID>urn:peppol:bis:billing</cbc:ProfileID>', '')],
  ['ibr-tdd-26', sub('<cbc:ID>10d9705a-5126-5ad7-a23e-be40ffa31e68</cbc:ID>', '')],
  ['ibr-tdd-27', sub('<cbc:UUID>10d9705a-5126-5ad7-a23e-be40ffa31e68</cbc:UUID>', '')],
  ['ibr-tdd-28', sub('<cbc:IssueDate>2026-06-01</cbc:IssueDate>', '')],
  ['ibr-tdd-29', sub('<pxs:DocumentTypeCode>380</pxs:DocumentTypeCode>', '')],
  ['ibr-tdd-30', sub(RD_CURRENCY, '')],
  ['ibr-tdd-30-1', sub(RD_CURRENCY, '<cbc:DocumentCurrencyCode>AEX</cbc:DocumentCurrencyCode>'), sub(RD_CURRENCY, '<cbc:DocumentCurrencyCode> AED </cbc:DocumentCurrencyCode>')],
  ['ibr-tdd-31', after(RD_CURRENCY, '<cbc:TaxCurrencyCode>AED</cbc:TaxCurrencyCode>'), after(RD_CURRENCY, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>')],
  ['ibr-tdd-31-1', after(RD_CURRENCY, '<cbc:TaxCurrencyCode>XYZ</cbc:TaxCurrencyCode>'), after(RD_CURRENCY, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>')],
  ['ibr-tdd-32', sub(/<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/, '')],
  ['ibr-tdd-33', NO_BUYER, all(NO_BUYER, EXPORT)],
  ['ibr-tdd-34', after(TAX_TOTAL, USD_TOTAL), all(after(RD_CURRENCY, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'), after(TAX_TOTAL, USD_TOTAL))],
  ['ibr-tdd-35', sub('<cbc:TaxAmount currencyID="AED">62.50', '<cbc:TaxAmount currencyID="USD">62.50')],
  ['ibr-tdd-36', after(RD_CURRENCY, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'), all(after(RD_CURRENCY, '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'), after(TAX_TOTAL, USD_TOTAL))],
  ['ibr-tdd-37', sub(/(<pxs:MonetaryTotal>[\s\S]*?<\/pxs:MonetaryTotal>)/, '$1$1')],
  ['ibr-tdd-38', sub('<cbc:TaxExclusiveAmount currencyID="AED">1250.00', '<cbc:TaxExclusiveAmount currencyID="USD">1250.00')],
  ['ibr-tdd-39', after('<cac:AccountingSupplierParty>', '<cac:SellerContact><cbc:Name>Sales</cbc:Name></cac:SellerContact>')],
  ['ibr-tdd-40', sub(/(<cac:AccountingSupplierParty>)[\s\S]*?(<\/cac:AccountingSupplierParty>)/, '$1$2')],
  ['ibr-tdd-41', sub(SELLER_PTS, '$1<cac:PartyName><cbc:Name>Al Noor</cbc:Name></cac:PartyName>')],
  ['ibr-tdd-42', sub(/(<cac:AccountingSupplierParty>\s*<cac:Party>\s*)(<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>)/, '$1$2$2')],
  ['ibr-tdd-43', after('<cbc:CompanyID>100123456700003</cbc:CompanyID>', '<cbc:RegistrationName>Al Noor</cbc:RegistrationName>')],
  ['ibr-tdd-44', sub('<cbc:CompanyID>100123456700003</cbc:CompanyID>', '')],
  ['ibr-tdd-45', sub(/(<cbc:CompanyID>100123456700003<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*)<cbc:ID>VAT<\/cbc:ID>/, '$1')],
  ['ibr-tdd-46', after('<cac:AccountingCustomerParty>', '<cac:BuyerContact><cbc:Name>Buying</cbc:Name></cac:BuyerContact>')],
  ['ibr-tdd-47', sub(/(<cac:AccountingCustomerParty>)[\s\S]*?(<\/cac:AccountingCustomerParty>)/, '$1$2')],
  ['ibr-tdd-48', sub(BUYER_PARTY, '$1<cac:PartyName><cbc:Name>Buyer</cbc:Name></cac:PartyName>'), sub(BUYER_PARTY, '$1<cac:PartyIdentification><cbc:ID>B-1</cbc:ID></cac:PartyIdentification>')],
  ['ibr-tdd-49', after('<cbc:CompanyID>100987654300003</cbc:CompanyID>', '<cbc:ExemptionReason>none</cbc:ExemptionReason>')],
  ['ibr-tdd-51', after('<cbc:TaxAmount currencyID="AED">62.50</cbc:TaxAmount>', '<cac:TaxSubtotal/>')],
  ['ibr-tdd-52', sub('<cbc:TaxExclusiveAmount currencyID="AED">1250.00</cbc:TaxExclusiveAmount>', '')],
  ['ibr-tdd-53', sub('<cbc:TaxExclusiveAmount currencyID="AED">1250.00', '<cbc:TaxExclusiveAmount currencyID="USD">1250.00')],
  ['ibr-tdd-54', after('<cbc:TaxExclusiveAmount currencyID="AED">1250.00</cbc:TaxExclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="AED">1312.50</cbc:TaxInclusiveAmount>')],
  ['ibr-tdd-55', sub('<cbc:Value>1312.50</cbc:Value>', '<cec:ExtensionContent><x xmlns="urn:x"/></cec:ExtensionContent>')],
  ['ibr-tdd-56', after('<pxs:SourceDocument>', '<cbc:ID>1</cbc:ID>')],
  ['ibr-tdd-57', sub(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"([^>]*)>([\s\S]*)<\/Invoice>/, '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"$1>$2</Order>'),
    sub(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"([^>]*)>([\s\S]*)<\/Invoice>/, '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"$1>$2</CreditNote>')],
];

describe('pintae AE TDD 1.0.4 rules, rule by rule (ae-tdd/RULES.md)', () => {
  it('the fixture passes every rule, and every rule id of the release has a case', () => {
    expect([...failed(BASE)]).toEqual([]);
    expect(CASES.length).toBe(58);
    expect(new Set(CASES.map(([id]) => id)).size).toBe(58);
  });

  it.each(CASES)('%s', (id, breaks, keeps) => {
    expect(failed(breaks(BASE)), 'the change that breaks it').toContain(id);
    expect(failed((keeps ?? ((x: string) => x))(BASE)), 'the document that keeps it').not.toContain(id);
  });

  it('findings carry the rule id, the text without its bracketed id, a section, and the value the text leaves a gap for', () => {
    const findings = rules.run(sub('<pxs:DocumentScope>D<', '<pxs:DocumentScope>DOM<')(BASE));
    expect(findings).toEqual([expect.objectContaining({ rule: 'ibr-tdd-07', severity: 'error', section: 'invoice_header', message: 'The Report scope (tdt-011) (DOM) MUST be coded according to the code list' })]);
    const sections = Object.fromEntries(rules.run(all(sub('<cbc:EndpointID schemeID="0242">900001', '<cbc:EndpointID schemeID="0235">900001'), sub('<cbc:CompanyID>100123456700003</cbc:CompanyID>', ''),
      NO_BUYER, after(TAX_TOTAL, USD_TOTAL), after('<cbc:TaxExclusiveAmount currencyID="AED">1250.00</cbc:TaxExclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="AED">1</cbc:TaxInclusiveAmount>'))(BASE)).map((f) => [f.rule, f.section]));
    expect(sections).toEqual({ 'ibr-tdd-17': 'endpoint_ids', 'ibr-tdd-44': 'seller_party', 'ibr-tdd-33': 'buyer_party', 'ibr-tdd-34': 'tax', 'ibr-tdd-54': 'legal_monetary' });
  });
});
