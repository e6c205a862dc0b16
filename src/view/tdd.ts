/*
 * The view of a Tax Data Document (root pxs:TaxData) for the HTML report: its header (type, scope, role, reporter,
 * receiver, representative, transport header id, issue date and time), and the extract of the invoice it reports
 * (pxs:ReportedDocument) as a table, each business term's value in the TDD beside the value the embedded source
 * document (pxs:SourceDocument/cec:ExtensionContent/*) carries for it. Findings are shown at the TDD's values; the
 * source column is there to compare with (the official rules do not compare the two).
 */
import type { XElement } from '../xpath/api.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewRow, ViewValue } from '../model/view.js';
import type { Said } from '../model/view.js';
import { said, wordsIn, type ViewWordId } from '../messages/view.js';
import { location } from '../xpath/location.js';
import { textOf } from '../io/xml.js';
import { attr, labelled, UblReader, withMeaning } from './ubl.js';
import { typeCodeMeaning } from './meanings.js';
import { NS } from '../tdd/extract.js';

export const TDD_NS = NS.pxs;
const EXT = NS.cec;

const TYPES: Record<string, ViewWordId> = { S: 'tdd.type.S', R: 'tdd.type.R', W: 'tdd.type.W', F: 'tdd.type.F' };
const SCOPES: Record<string, ViewWordId> = { D: 'tdd.scope.D', IP: 'tdd.scope.IP', INP: 'tdd.scope.INP' };
const ROLES: Record<string, ViewWordId> = { '01': 'tdd.role.01', '02': 'tdd.role.02' };

/** A child in the TDD namespace, or a UBL component (cbc/cac) child. */
function child(u: UblReader, e: XElement | undefined, local: string): XElement | undefined {
  return e?.elements.find((c) => c.local === local && c.ns === TDD_NS) ?? u.at(e, local);
}
const all = (e: XElement | undefined, local: string, ns?: string) => (e ? e.elements.filter((c) => c.local === local && (ns === undefined || c.ns === ns)) : []);

/** A value with what its code means (`S` → submit), by a small table. */
function coded(u: UblReader, e: XElement | undefined, meanings: Record<string, ViewWordId>): ViewValue | undefined {
  const code = e ? textOf(e).trim() : undefined;
  return u.value(e, withMeaning(code !== undefined && Object.hasOwn(meanings, code) ? said(meanings[code]!) : undefined));
}

/** An identifier with its scheme (`0242`) as its meaning. */
function identifier(u: UblReader, e: XElement | undefined): ViewValue | undefined {
  const scheme = e ? attr(e, 'schemeID') : undefined;
  return u.value(e, withMeaning(scheme !== undefined ? said('word.scheme', { scheme }) : undefined));
}

function header(u: UblReader, root: XElement): { details: ViewBlock; reporter: ViewBlock; receiver: ViewBlock } {
  const reporting = child(u, root, 'ReportingParty');
  const receiving = child(u, root, 'ReceivingParty');
  const representative = child(u, root, 'ReportersRepresentative');
  const transaction = child(u, root, 'ReportedTransaction');
  const items: ViewItem[] = [
    ...labelled(said('label.type'), coded(u, child(u, root, 'DocumentTypeCode'), TYPES)),
    ...labelled(said('tdd.scope'), coded(u, child(u, root, 'DocumentScope'), SCOPES)),
    ...labelled(said('tdd.reporter-role'), coded(u, child(u, root, 'ReporterRole'), ROLES)),
    ...u.item(said('label.issue-date'), root, 'IssueDate'),
    ...u.item(said('label.issue-time'), root, 'IssueTime'),
    ...labelled(said('tdd.transport-header'), u.value(child(u, transaction, 'TransportHeaderID'))),
    ...labelled(said('tdd.representative'), identifier(u, u.at(representative, 'PartyIdentification/ID'))),
    ...u.item(said('label.specification'), root, 'CustomizationID'),
    ...u.item(said('label.process'), root, 'ProfileID'),
  ];
  return {
    details: { title: said('tdd.header'), items, location: location(root) },
    reporter: { title: said('tdd.reporter'), items: labelled(said('tdd.endpoint'), identifier(u, u.at(reporting, 'EndpointID'))), ...(reporting ? { location: location(reporting) } : {}) },
    receiver: { title: said('tdd.receiver'), items: labelled(said('tdd.endpoint'), identifier(u, u.at(receiving, 'EndpointID'))), ...(receiving ? { location: location(receiving) } : {}) },
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
  const row = (id: ViewWordId | Said, tdd: ViewValue | undefined, src: ViewValue | undefined, at?: XElement) => {
    const term = typeof id === 'string' ? said(id) : id;
    if (!tdd && !src) return;
    // The row is the element a finding about the term concerns: the aggregate when there is one (a monetary total), else the value.
    rows.push({ cells: [{ text: wordsIn(term, 'en'), words: term }, tdd ?? null, src ?? null], ...(at ? { location: location(at) } : tdd?.location ? { location: tdd.location } : {}) });
  };
  const same = (term: ViewWordId, local: string) => row(term, u.value(u.at(reported, local)), u.value(u.at(source, local)));
  same('bt.specification', 'CustomizationID');
  same('bt.process', 'ProfileID');
  same('bt.number', 'ID');
  same('bt.uuid', 'UUID');
  same('bt.issue-date', 'IssueDate');
  same('bt.issue-time', 'IssueTime');
  const type = child(u, reported, 'DocumentTypeCode');
  const sourceType = u.at(source, 'InvoiceTypeCode') ?? u.at(source, 'CreditNoteTypeCode');
  row('bt.type-code', u.value(type, withMeaning(typeCodeMeaning(type ? textOf(type).trim() : undefined))), u.value(sourceType, withMeaning(typeCodeMeaning(sourceType ? textOf(sourceType).trim() : undefined))));
  same('bt.currency', 'DocumentCurrencyCode');
  same('bt.tax-currency', 'TaxCurrencyCode');
  const seller = 'AccountingSupplierParty/Party/PartyTaxScheme';
  const buyer = 'AccountingCustomerParty/Party/PartyTaxScheme';
  row('bt.seller-tax-id', taxId(u, u.at(reported, seller)), taxId(u, u.at(source, seller)), u.at(reported, 'AccountingSupplierParty'));
  row('bt.buyer-tax-id', taxId(u, u.at(reported, buyer)), taxId(u, u.at(source, buyer)), u.at(reported, 'AccountingCustomerParty'));
  const reportedTotals = u.all(reported, 'TaxTotal');
  const sourceAmounts = u.all(source, 'TaxTotal').flatMap((t) => u.all(t, 'TaxAmount'));
  const currencies = [...new Set([...reportedTotals.flatMap((t) => u.all(t, 'TaxAmount')), ...sourceAmounts].map((a) => attr(a, 'currencyID') ?? ''))];
  for (const currency of currencies) {
    const tdd = reportedTotals.find((t) => u.all(t, 'TaxAmount').some((a) => (attr(a, 'currencyID') ?? '') === currency));
    row(currency ? said('bt.tax-total-in', { currency }) : 'bt.tax-total', amountIn(u, u.all(tdd, 'TaxAmount'), currency), amountIn(u, sourceAmounts, currency), tdd);
  }
  const monetary = child(u, reported, 'MonetaryTotal');
  row('bt.total-without-vat', amountIn(u, u.all(monetary, 'TaxExclusiveAmount'), undefined), amountIn(u, u.all(u.at(source, 'LegalMonetaryTotal'), 'TaxExclusiveAmount'), undefined), monetary);
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
  const custom = all(transaction, 'CustomContent', TDD_NS).flatMap((c) => labelled(u.value(u.at(c, 'ID'))?.text.trim() || said('tdd.custom-content'), u.value(u.at(c, 'Value'))));
  const lines = extract(u, reported, source);
  const currency = u.value(u.at(reported, 'DocumentCurrencyCode'))?.text.trim();
  const number = u.value(u.at(reported, 'ID'));
  return {
    source: 'document',
    title: code ? said('doc.tdd-coded', { code, ...(TYPES[code] ? { type: said(TYPES[code]!) } : {}) }) : said('doc.tdd'),
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    ...(!reported ? { note: said('note.tdd-no-extract') } : !source ? { note: said('note.tdd-no-source') } : {}),
    seller: reporter,
    buyer: receiver,
    details,
    ...(custom.length ? { totals: { title: said('tdd.custom-content'), items: custom, ...(transaction ? { location: location(transaction) } : {}) } } : {}),
    lines: {
      title: said('tdd.extract'),
      columns: [{ label: said('tdd.term') }, { label: said('tdd.in-tdd') }, { label: source ? said('tdd.in-source-of', { root: source.local }) : said('tdd.in-source') }],
      rows: lines,
      ...(reported ? { location: location(reported) } : {}),
    },
  };
}
