/** A small PINT-AE-shaped UBL invoice for the TDD's unit tests: only what the TDD reads, with parts to vary. */
export interface UblParts {
  currency?: string;
  taxCurrency?: string;
  buyerCountry?: string;
  buyerEndpoint?: string;
  buyerTax?: string | null;
  flags?: string;
  references?: string;
  taxTotals?: string;
  inclusive?: string;
}

export function ubl(p: UblParts = {}): string {
  const currency = p.currency ?? 'AED';
  const [bScheme, bId] = (p.buyerEndpoint ?? '0235:1345678901').split(':');
  const buyerTax = p.buyerTax === null ? '' : `
      <cac:PartyTaxScheme><cbc:CompanyID>${p.buyerTax ?? '134567890123003'}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>
  <cbc:ProfileID>urn:peppol:bis:billing</cbc:ProfileID>
  <cbc:ProfileExecutionID>${p.flags ?? '00000000'}</cbc:ProfileExecutionID>
  <cbc:ID>INV-1</cbc:ID>
  <cbc:UUID>f12f329f-6430-4399-b661-7c5cd9c3a9e6</cbc:UUID>
  <cbc:IssueDate>2025-02-06</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>${p.taxCurrency ? `\n  <cbc:TaxCurrencyCode>${p.taxCurrency}</cbc:TaxCurrencyCode>` : ''}${p.references ?? ''}
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0235">1987654321</cbc:EndpointID>
      <cac:PartyTaxScheme><cbc:CompanyID>198765432102003</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cbc:EndpointID schemeID="${bScheme}">${bId}</cbc:EndpointID>
      <cac:PostalAddress><cac:Country><cbc:IdentificationCode>${p.buyerCountry ?? 'AE'}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>${buyerTax}
    </cac:Party>
  </cac:AccountingCustomerParty>
  ${p.taxTotals ?? `<cac:TaxTotal><cbc:TaxAmount currencyID="${currency}">50.00</cbc:TaxAmount></cac:TaxTotal>`}
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="${currency}">1000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${currency}">${p.inclusive ?? '1050.00'}</cbc:TaxInclusiveAmount>
  </cac:LegalMonetaryTotal>
</Invoice>
`;
}
