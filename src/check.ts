import type { Finding, ValidateResponse } from './model/types.js';
import { checkWellFormed, type XmlCheck } from './io/xml.js';
import { response } from './pipeline.js';

export interface XmlCheckOutcome {
  wellFormed: XmlCheck;
  findings: Finding[];
  response: ValidateResponse | null;
}

/** The document's cbc:ID, for reports (read by pattern: the document may be invalid in any other way). */
function documentId(xml: string): string | undefined {
  return /<(?:\w+:)?ID\b[^>]*>([^<]*)<\/(?:\w+:)?ID>/.exec(xml.replace(/<(\w+:)?(AccountingSupplierParty|AccountingCustomerParty|InvoiceLine)[\s\S]*$/, ''))?.[1]?.trim();
}

/**
 * `pintae check`: an existing UBL invoice, well-formedness first (located), then the XSD findings the caller gathered
 * (`xsdErrors`, optional) and the PINT-AE rules. The answer has the validate endpoint's shape, so one report serves both.
 */
export function checkXml(xml: string, rules: { run(xml: string): Finding[] } | undefined, xsdErrors: string[] = []): XmlCheckOutcome {
  const wellFormed = checkWellFormed(xml);
  if (!wellFormed.ok) return { wellFormed, findings: [], response: null };
  const findings: Finding[] = xsdErrors.map((message) => ({ message: `UBL 2.1 schema: ${message}`, section: 'invoice_header', severity: 'error', rule: 'UBL-XSD' }));
  if (rules) findings.push(...rules.run(xml));
  return { wellFormed, findings, response: response({ invoice_number: documentId(xml) }, findings, false) };
}
