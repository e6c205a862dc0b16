import { saxon } from '../io/saxon.js';
import type { EntityRecord, InvoiceError } from './store.js';

const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
export const SELLER_COMPANY_ID = '/*:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID';
export const NOT_PARTNER = "Invoice Not From A Partner's Organization";

/** The sending organisation as the gateway reads it from the document: the seller's PartyLegalEntity/CompanyID. */
export function sendingOrganisation(xml: string): { id: string; scheme: string } | undefined {
  // The one saxon-js instance of the process (src/io/saxon.ts): a second copy disturbs the first's global state.
  const SaxonJS = saxon();
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  const found = SaxonJS.XPath.evaluate(`${SELLER_COMPANY_ID} ! map { 'id': string(.), 'scheme': string(@schemeID) }`, doc,
    { namespaceContext: NS, resultForm: 'array' }) as Array<Map<string, string> | Record<string, string>>;
  if (found.length !== 1) return undefined;
  const item = found[0]!;
  const get = (k: string) => (item instanceof Map ? item.get(k) : item[k]) ?? '';
  return { id: get('id').trim(), scheme: get('scheme').trim() };
}

/**
 * Spec 2.3.4 and 7.1: the gateway resolves the sender from the delivered document and answers 403 when that is not the
 * entity's registry code under 0235 (the entity changed its registration after conversion, or has none, or is gone).
 */
export function gatewayCheck(xml: string, entity: EntityRecord | undefined): InvoiceError | undefined {
  let sender: { id: string; scheme: string } | undefined;
  try { sender = sendingOrganisation(xml); } catch { sender = undefined; }
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
