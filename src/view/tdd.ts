/*
 * The view of a Tax Data Document (root pxs:TaxData) for the HTML report: its header (type, scope, role, reporter,
 * receiver, representative, transport header id, issue date and time), and the extract of the invoice it reports
 * (pxs:ReportedDocument) as a table, each business term's value in the TDD beside the value the embedded source
 * document (pxs:SourceDocument/cec:ExtensionContent/*) carries for it. Findings are shown at the TDD's values; the
 * source column is there to compare with (the official rules do not compare the two).
 */
import type { XElement } from '../xpath/api.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewRow, ViewValue } from '../model/view.js';
import { location } from '../xpath/location.js';
import { textOf } from '../io/xml.js';
import { attr, labelled, UblReader, withMeaning } from './ubl.js';
import { typeCodeMeaning } from './meanings.js';
import { NS } from '../tdd/extract.js';

export const TDD_NS = NS.pxs;
const EXT = NS.cec;

const TYPES: Record<string, string> = { S: 'submit', R: 'resubmit', W: 'withdraw', F: 'failed validation (TDS)' };
const SCOPES: Record<string, string> = { D: 'domestic', IP: 'international over Peppol', INP: 'international, not over Peppol' };
const ROLES: Record<string, string> = { '01': 'sender (issuer\'s side)', '02': 'receiver' };

/** A child in the TDD namespace, or a UBL component (cbc/cac) child. */
function child(u: UblReader, e: XElement | undefined, local: string): XElement | undefined {
  return e?.elements.find((c) => c.local === local && c.ns === TDD_NS) ?? u.at(e, local);
}
const all = (e: XElement | undefined, local: string, ns?: string) => (e ? e.elements.filter((c) => c.local === local && (ns === undefined || c.ns === ns)) : []);

/** A value with what its code means (`S` → submit), by a small table. */
function coded(u: UblReader, e: XElement | undefined, meanings: Record<string, string>): ViewValue | undefined {
  const code = e ? textOf(e).trim() : undefined;
  return u.value(e, withMeaning(code !== undefined ? meanings[code] : undefined));
}

/** An identifier with its scheme (`0242`) as its meaning. */
function identifier(u: UblReader, e: XElement | undefined): ViewValue | undefined {
  const scheme = e ? attr(e, 'schemeID') : undefined;
  return u.value(e, withMeaning(scheme !== undefined ? `scheme ${scheme}` : undefined));
}

function header(u: UblReader, root: XElement): { details: ViewBlock; reporter: ViewBlock; receiver: ViewBlock } {
  const reporting = child(u, root, 'ReportingParty');
  const receiving = child(u, root, 'ReceivingParty');
  const representative = child(u, root, 'ReportersRepresentative');
  const transaction = child(u, root, 'ReportedTransaction');
  const items: ViewItem[] = [
    ...labelled('Type', coded(u, child(u, root, 'DocumentTypeCode'), TYPES)),
    ...labelled('Scope', coded(u, child(u, root, 'DocumentScope'), SCOPES)),
    ...labelled('Reporter role', coded(u, child(u, root, 'ReporterRole'), ROLES)),
    ...u.item('Issue date', root, 'IssueDate'),
    ...u.item('Issue time', root, 'IssueTime'),
    ...labelled('Transport header ID', u.value(child(u, transaction, 'TransportHeaderID'))),
    ...labelled('Reporter\'s representative', identifier(u, u.at(representative, 'PartyIdentification/ID'))),
    ...u.item('Specification', root, 'CustomizationID'),
    ...u.item('Process', root, 'ProfileID'),
  ];
  return {
    details: { title: 'TDD header', items, location: location(root) },
    reporter: { title: 'Reporter', items: labelled('Endpoint', identifier(u, u.at(reporting, 'EndpointID'))), ...(reporting ? { location: location(reporting) } : {}) },
    receiver: { title: 'Receiver', items: labelled('Endpoint', identifier(u, u.at(receiving, 'EndpointID'))), ...(receiving ? { location: location(receiving) } : {}) },
  };
}

/** A tax identifier with its tax scheme code as its meaning. */
function taxId(u: UblReader, scheme: XElement | undefined): ViewValue | undefined {
  const code = u.at(scheme, 'TaxScheme/ID');
  return u.value(u.at(scheme, 'CompanyID'), withMeaning(code ? textOf(code).trim() || undefined : undefined));
}

/** The amount of the first of `elements` stated in `currency` (or the first one when no currency is asked). */
function amountIn(u: UblReader, elements: XElement[], currency: string | undefined): ViewValue | undefined {
  const e = elements.find((a) => currency === undefined || attr(a, 'currencyID') === currency);
  return e ? u.value(e, { numeric: true, ...withMeaning(attr(e, 'currencyID')) }) : undefined;
}

/** One row per business term of the extract: the TDD's value, then the source document's. */
function extract(u: UblReader, reported: XElement | undefined, source: XElement | undefined): ViewRow[] {
  const rows: ViewRow[] = [];
  const row = (term: string, tdd: ViewValue | undefined, src: ViewValue | undefined, at?: XElement) => {
    if (!tdd && !src) return;
    // The row is the element a finding about the term concerns: the aggregate when there is one (a monetary total), else the value.
    rows.push({ cells: [{ text: term }, tdd ?? null, src ?? null], ...(at ? { location: location(at) } : tdd?.location ? { location: tdd.location } : {}) });
  };
  const same = (term: string, local: string) => row(term, u.value(u.at(reported, local)), u.value(u.at(source, local)));
  same('Specification (ibt-024)', 'CustomizationID');
  same('Business process (ibt-023)', 'ProfileID');
  same('Invoice number (ibt-001)', 'ID');
  same('UUID (btae-07)', 'UUID');
  same('Issue date (ibt-002)', 'IssueDate');
  same('Issue time', 'IssueTime');
  const type = child(u, reported, 'DocumentTypeCode');
  const sourceType = u.at(source, 'InvoiceTypeCode') ?? u.at(source, 'CreditNoteTypeCode');
  row('Type code (ibt-003)', u.value(type, withMeaning(typeCodeMeaning(type ? textOf(type).trim() : undefined))), u.value(sourceType, withMeaning(typeCodeMeaning(sourceType ? textOf(sourceType).trim() : undefined))));
  same('Document currency (ibt-005)', 'DocumentCurrencyCode');
  same('Accounting currency (ibt-006)', 'TaxCurrencyCode');
  const seller = 'AccountingSupplierParty/Party/PartyTaxScheme';
  const buyer = 'AccountingCustomerParty/Party/PartyTaxScheme';
  row('Seller tax identifier (ibt-031, ibt-032)', taxId(u, u.at(reported, seller)), taxId(u, u.at(source, seller)), u.at(reported, 'AccountingSupplierParty'));
  row('Buyer tax identifier (ibt-048)', taxId(u, u.at(reported, buyer)), taxId(u, u.at(source, buyer)), u.at(reported, 'AccountingCustomerParty'));
  const reportedTotals = u.all(reported, 'TaxTotal');
  const sourceAmounts = u.all(source, 'TaxTotal').flatMap((t) => u.all(t, 'TaxAmount'));
  const currencies = [...new Set([...reportedTotals.flatMap((t) => u.all(t, 'TaxAmount')), ...sourceAmounts].map((a) => attr(a, 'currencyID') ?? ''))];
  for (const currency of currencies) {
    const tdd = reportedTotals.find((t) => u.all(t, 'TaxAmount').some((a) => (attr(a, 'currencyID') ?? '') === currency));
    row(`Tax total${currency ? ` in ${currency}` : ''} (ibt-110, ibt-111)`, amountIn(u, u.all(tdd, 'TaxAmount'), currency), amountIn(u, sourceAmounts, currency), tdd);
  }
  const monetary = child(u, reported, 'MonetaryTotal');
  row('Total without VAT (ibt-109)', amountIn(u, u.all(monetary, 'TaxExclusiveAmount'), undefined), amountIn(u, u.all(u.at(source, 'LegalMonetaryTotal'), 'TaxExclusiveAmount'), undefined), monetary);
  return rows;
}

/** The view of a TDD; `number` is the reported invoice's number. */
export function tddView(root: XElement): InvoiceView {
  const u = new UblReader();
  const transaction = child(u, root, 'ReportedTransaction');
  const reported = child(u, transaction, 'ReportedDocument');
  const holder = all(child(u, transaction, 'SourceDocument'), 'ExtensionContent', EXT)[0];
  const source = holder?.elements[0];
  const { details, reporter, receiver } = header(u, root);
  const type = child(u, root, 'DocumentTypeCode');
  const code = type ? textOf(type).trim() : '';
  const custom = all(transaction, 'CustomContent', TDD_NS).flatMap((c) => labelled(u.value(u.at(c, 'ID'))?.text.trim() || 'Custom content', u.value(u.at(c, 'Value'))));
  const lines = extract(u, reported, source);
  const currency = u.value(u.at(reported, 'DocumentCurrencyCode'))?.text.trim();
  const number = u.value(u.at(reported, 'ID'));
  return {
    source: 'document',
    title: `Tax Data Document${code ? ` (${code}${TYPES[code] ? `, ${TYPES[code]}` : ''})` : ''}`,
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    ...(!reported ? { note: 'This TDD carries no extract of the invoice (pxs:ReportedDocument).' } : !source ? { note: 'This TDD carries no source document to compare its extract with.' } : {}),
    seller: reporter,
    buyer: receiver,
    details,
    ...(custom.length ? { totals: { title: 'Custom content', items: custom, ...(transaction ? { location: location(transaction) } : {}) } } : {}),
    lines: {
      title: 'Extract (ReportedDocument) beside the source document',
      columns: [{ label: 'Business term' }, { label: 'In the TDD' }, { label: `In the source document${source ? ` (${source.local})` : ''}` }],
      rows: lines,
      ...(reported ? { location: location(reported) } : {}),
    },
  };
}
