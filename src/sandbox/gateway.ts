import { childElements, readXmlDocument, rootElement, textOf } from '../io/xml.js';
import type { EntityRecord, InvoiceError } from './store.js';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const SELLER_COMPANY_ID = '/*:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID';
export const NOT_PARTNER = "Invoice Not From A Partner's Organization";

/** The sending organisation as the gateway reads it from the document: the seller's PartyLegalEntity/CompanyID. */
export function sendingOrganisation(xml: string): { id: string; scheme: string } | undefined {
  const read = readXmlDocument(xml);
  if (!read.ok) return undefined;
  const root = rootElement(read.doc);
  if (root?.local !== 'Invoice') return undefined;
  // Every seller CompanyID the path reaches: a document naming two senders names none.
  const found = [[CAC, 'AccountingSupplierParty'], [CAC, 'Party'], [CAC, 'PartyLegalEntity'], [CBC, 'CompanyID']]
    .reduce((level, [ns, local]) => level.flatMap((e) => childElements(e, ns!, local!)), [root]);
  const one = found.length === 1 ? found[0]! : undefined;
  return one && { id: textOf(one).trim(), scheme: (one.attrs.find((a) => a.local === 'schemeID' && a.ns === '')?.value ?? '').trim() };
}

/**
 * Spec 2.3.4 and 7.1: the gateway resolves the sender from the delivered document and answers 403 when that is not the
 * entity's registry code under 0235 (the entity changed its registration after conversion, or has none, or is gone).
 */
export function gatewayCheck(xml: string, entity: EntityRecord | undefined): InvoiceError | undefined {
  const sender = sendingOrganisation(xml);
  const expected = entity?.registry_code;
  if (sender && expected && sender.scheme === '0235' && sender.id === expected) return undefined;
  const seen = sender ? `${sender.scheme}:${sender.id}` : 'nothing';
  return {
    message: NOT_PARTNER,
    section: 'seller_party',
    status_code: 403,
    location: SELLER_COMPANY_ID.replace('/*:Invoice', '/Invoice'),
    rule: 'gateway',
    detail: `the document names ${seen} as the sender; the entity's registry code is ${expected ? `0235:${expected}` : 'not set'}`,
  };
}
