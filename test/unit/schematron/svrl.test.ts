import { describe, expect, it } from 'vitest';
import { parseSvrl, readableLocation } from '../../../src/schematron/svrl.js';
import { svrlToFindings } from '../../../src/schematron/findings.js';
import { sectionOfRule } from '../../../src/schematron/sections.js';

const SVRL = `<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
<svrl:fired-rule context="/"/>
<svrl:failed-assert test="exists(cbc:IssueDate)" id="ibr-003" flag="fatal" location="/*:Invoice[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'][1]">
  <svrl:text>[ibr-003]-An Invoice MUST have an Invoice issue date (ibt-002).</svrl:text></svrl:failed-assert>
<svrl:failed-assert test="x" id="ibr-132-ae" flag="fatal" location="/*:Invoice[namespace-uri()='u'][1]/*:AccountingCustomerParty[namespace-uri()='c'][1]/*:Party[namespace-uri()='c'][1]">
  <svrl:text>VAT identifier &amp; TRN &lt;15&gt;</svrl:text></svrl:failed-assert>
<svrl:successful-report test="y" id="note-1" flag="warning" location="/Invoice/InvoiceLine[2]"><svrl:text>heads up</svrl:text></svrl:successful-report>
<svrl:successful-report test="z" id="info-1" flag="information" location="/Invoice"><svrl:text>fyi</svrl:text></svrl:successful-report>
</svrl:schematron-output>`;

describe('SVRL → findings (issue 3 item 3)', () => {
  it('parses failed asserts and reports with id, flag, decoded text and a readable location', () => {
    const results = parseSvrl(SVRL);
    expect(results.map((r) => [r.kind, r.id, r.flag, r.location])).toEqual([
      ['failed-assert', 'ibr-003', 'fatal', '/Invoice'],
      ['failed-assert', 'ibr-132-ae', 'fatal', '/Invoice/AccountingCustomerParty/Party'],
      ['successful-report', 'note-1', 'warning', '/Invoice/InvoiceLine[2]'],
      ['successful-report', 'info-1', 'information', '/Invoice'],
    ]);
    expect(results[1]!.text).toBe('VAT identifier & TRN <15>');
  });

  it('fatal → error, warning → warning, information left out; the id prefix leaves the message; section by location, else by rule', () => {
    expect(svrlToFindings(parseSvrl(SVRL))).toEqual([
      { message: 'An Invoice MUST have an Invoice issue date (ibt-002).', section: 'invoice_header', severity: 'error', rule: 'ibr-003', location: '/Invoice' },
      { message: 'VAT identifier & TRN <15>', section: 'buyer_party', severity: 'error', rule: 'ibr-132-ae', location: '/Invoice/AccountingCustomerParty/Party' },
      { message: 'heads up', section: 'invoice_items', severity: 'warning', rule: 'note-1', location: '/Invoice/InvoiceLine[2]' },
    ]);
  });

  it.each([
    ['ibr-132-ae', '/Invoice/AccountingSupplierParty/Party/PartyTaxScheme/CompanyID', 'seller_party'],
    ['ibr-cl-25', '/Invoice/AccountingSupplierParty/Party/EndpointID/@schemeID', 'endpoint_ids'],
    ['ibr-co-10', '/Invoice/LegalMonetaryTotal', 'legal_monetary'],
    ['aligned-ibrp-s-09', '/Invoice/TaxTotal/TaxSubtotal/TaxCategory', 'tax'],
    ['ibr-147-ae', '/Invoice/InvoiceLine[3]', 'invoice_items'],
    ['ibr-173-ae', '/Invoice', 'seller_party'],
    ['ibr-co-15', '/Invoice', 'legal_monetary'],
    ['no-such-rule', '/Invoice', 'invoice_header'],
  ])('rule %s at %s → %s', (rule, location, section) => expect(sectionOfRule(rule, location)).toBe(section));

  it('readable locations keep positions of our own form and drop the namespace tests of the skeleton form', () => {
    expect(readableLocation('/Invoice/InvoiceLine[1]/Item')).toBe('/Invoice/InvoiceLine[1]/Item');
    expect(readableLocation("/Q{urn:x}Invoice[1]/Q{urn:y}InvoiceLine[2]/@unitCode")).toBe('/Invoice/InvoiceLine[2]/@unitCode');
  });
});
