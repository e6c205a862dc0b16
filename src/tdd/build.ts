import type { XDocument } from '../xpath/api.js';
import { serializeXml } from '../ubl/serialize.js';
import type { XmlNode } from '../ubl/node.js';
import { extract, NS, TDD_CUSTOMIZATION, type Extract } from './extract.js';
import { defaultScope, issuedParts, participant, transportIdProblem, reporterOf, TDD_ROLES, TDD_SCOPES, TDD_TYPES, TddOptionError, TddSourceError, type TddOptions } from './options.js';
import { sourceText } from './source.js';
import { isTddCurrencyCode } from '../codelists/currencies.js';
import { tddWords, type Lack } from '../messages/tdd.js';

export { TDD_CUSTOMIZATION };
export const TDD_PROFILE = 'urn:peppol:taxreporting';

/** The extract's fields the official TDD rules require (ibr-tdd-24 … ibr-tdd-38), by their business terms. */
export function missingFromExtract(x: Extract): Lack[] {
  const missing: Lack[] = [];
  const need = (v: unknown, element: string, term: string) => { if (v === undefined) missing.push({ kind: 'element', element, term }); };
  need(x.customization, 'cbc:CustomizationID', 'IBT-024');
  need(x.profile, 'cbc:ProfileID', 'IBT-023');
  need(x.id, 'cbc:ID', 'IBT-001');
  need(x.uuid, 'cbc:UUID', 'BTAE-07');
  need(x.issueDate, 'cbc:IssueDate', 'IBT-002');
  if (x.typeCode === undefined) missing.push({ kind: 'type-code' });
  need(x.currency, 'cbc:DocumentCurrencyCode', 'IBT-005');
  if (x.seller === undefined) missing.push({ kind: 'seller-tax-id' });
  if (x.seller && x.seller.scheme === '') missing.push({ kind: 'seller-scheme' });
  // A TDS is made of documents that failed validation: the codes its extract would carry are checked here too.
  for (const [code, term] of [[x.currency, 'IBT-005'], [x.taxCurrency, 'IBT-006']] as const) {
    if (code !== undefined && !isTddCurrencyCode(code)) missing.push({ kind: 'currency-code', term, value: code });
  }
  if (x.currency && !x.taxTotals.some((t) => t.currency === x.currency)) missing.push({ kind: 'tax-amount', currency: x.currency, term: 'IBT-110' });
  if (x.taxCurrency && x.taxCurrency !== x.currency && !x.taxTotals.some((t) => t.currency === x.taxCurrency)) missing.push({ kind: 'tax-amount', currency: x.taxCurrency, term: 'IBT-111' });
  if (!x.taxExclusive || x.taxExclusive.currency !== x.currency) missing.push({ kind: 'tax-exclusive' });
  return missing;
}

export { TddSourceError };

const party = (tax: { companyId: string; scheme: string }): XmlNode => ({
  'cac:Party': { 'cac:PartyTaxScheme': { 'cbc:CompanyID': tax.companyId, 'cac:TaxScheme': tax.scheme === '' ? {} : { 'cbc:ID': tax.scheme } } },
});

function reportedDocument(x: Extract): XmlNode {
  return {
    'cbc:CustomizationID': x.customization,
    'cbc:ProfileID': x.profile,
    'cbc:ID': x.id,
    'cbc:UUID': x.uuid,
    'cbc:IssueDate': x.issueDate,
    'cbc:IssueTime': x.issueTime,
    'pxs:DocumentTypeCode': x.typeCode,
    'cbc:DocumentCurrencyCode': x.currency,
    // ibr-tdd-31: an accounting currency equal to the document's is no second currency.
    'cbc:TaxCurrencyCode': x.taxCurrency !== x.currency ? x.taxCurrency : undefined,
    'cac:AccountingSupplierParty': x.seller ? party(x.seller) : undefined,
    // A buyer without a tax registration (a consumer, a foreign buyer) is still the buyer (ibr-tdd-33): a party stating no tax id.
    'cac:AccountingCustomerParty': x.buyer ? party(x.buyer) : { 'cac:Party': {} },
    'cac:TaxTotal': x.taxTotals.map((t) => ({ 'cbc:TaxAmount': { '@currencyID': t.currency, '#': t.amount } })),
    'pxs:MonetaryTotal': x.taxExclusive ? { 'cbc:TaxExclusiveAmount': { '@currencyID': x.taxExclusive.currency, '#': x.taxExclusive.amount } } : undefined,
  };
}

/** Where the source document goes: the writer would escape it as text, so it is put in after writing. */
const MARK = 'pintae:source-document';

/** The options every TDD of a run shares, checked before any document is read. Throws TddOptionError. */
export function checkOptions(options: Omit<TddOptions, 'transportId'>) {
  const type = options.type ?? 'S';
  const role = options.role ?? 'sender';
  const choose = (option: string, value: string, allowed: readonly string[]) => TddOptionError.of(option, tddWords('tdd.option.choose', { option, value, allowed }));
  if (!TDD_TYPES.includes(type)) throw choose('--type', type, TDD_TYPES);
  if (!(role in TDD_ROLES)) throw choose('--role', role, Object.keys(TDD_ROLES));
  if (options.scope !== undefined && !TDD_SCOPES.includes(options.scope)) throw choose('--scope', options.scope, TDD_SCOPES);
  if (options.reporter !== undefined) participant('--reporter', options.reporter);
  return {
    type, role, issued: issuedParts(options.issued),
    receiver: participant('--receiver', options.receiver, '0242'),
    representative: participant('--representative', options.representative, '0242'),
  };
}

export interface BuiltTdd {
  xml: string;
  /** The extract, as reported (absent on a TDS that leaves it out). */
  extract: Extract;
  reported: boolean;
  /** Attachments removed from the source document. */
  removed: number;
}

/**
 * The TDD of one PINT-AE invoice or credit note, read into `doc` from `text` (README of the TDD format). Throws
 * TddOptionError for an option it cannot use and TddSourceError for a document it cannot report. A TDS (type F)
 * carries the extract when the document has every field of it, and leaves it out otherwise (ibr-tdd-22).
 */
export function buildTdd(text: string, doc: XDocument, options: TddOptions): BuiltTdd {
  const root = doc.elements[0];
  if (!root || !((root.ns === NS.invoice && root.local === 'Invoice') || (root.ns === NS.creditNote && root.local === 'CreditNote'))) {
    throw TddSourceError.of(tddWords('tdd.source.not-ubl', {}));
  }
  const { type, role, issued, receiver, representative } = checkOptions(options);
  transportIdProblem('--transport-id', options.transportId);
  const x = extract(root);
  const reporter = reporterOf(x, role, options.reporter);
  const missing = missingFromExtract(x);
  if (missing.length && type !== 'F') throw TddSourceError.of(tddWords('tdd.source.lacks', { missing }));
  const reported = missing.length === 0;
  const source = sourceText(text, doc);

  const tree: XmlNode = {
    'pxs:TaxData': {
      '@xmlns:pxs': NS.pxs, '@xmlns:cbc': NS.cbc, '@xmlns:cac': NS.cac, '@xmlns:cec': NS.cec,
      'cbc:CustomizationID': TDD_CUSTOMIZATION,
      'cbc:ProfileID': TDD_PROFILE,
      'cbc:IssueDate': issued.date,
      'cbc:IssueTime': issued.time,
      'pxs:DocumentTypeCode': type,
      'pxs:DocumentScope': options.scope ?? defaultScope(x),
      'pxs:ReporterRole': TDD_ROLES[role],
      'pxs:ReportingParty': { 'cbc:EndpointID': { '@schemeID': reporter.scheme, '#': reporter.id } },
      'pxs:ReceivingParty': { 'cbc:EndpointID': { '@schemeID': receiver.scheme, '#': receiver.id } },
      'pxs:ReportersRepresentative': { 'cac:PartyIdentification': { 'cbc:ID': { '@schemeID': representative.scheme, '#': representative.id } } },
      'pxs:ReportedTransaction': {
        'pxs:TransportHeaderID': options.transportId.trim(),
        'pxs:ReportedDocument': reported ? reportedDocument(x) : undefined,
        'pxs:CustomContent': x.aedTotal !== undefined ? { 'cbc:ID': 'BTAE-20', 'cbc:Value': x.aedTotal } : undefined,
        'pxs:SourceDocument': { 'cec:ExtensionContent': MARK },
      },
    },
  };
  const written = serializeXml(tree);
  const placeholder = `<cec:ExtensionContent>${MARK}</cec:ExtensionContent>`;
  const at = written.indexOf(placeholder);
  const indent = /[ ]*$/.exec(written.slice(0, at))![0];
  const xml = `${written.slice(0, at)}<cec:ExtensionContent>\n${source.xml}\n${indent}</cec:ExtensionContent>${written.slice(at + placeholder.length)}`;
  return { xml, extract: x, reported, removed: source.removed };
}
