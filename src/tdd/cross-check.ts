import { Decimal } from 'decimal.js';
import type { Finding } from '../model/types.js';
import type { XElement, XDocument } from '../xpath/api.js';
import { childElement, childElements, textOf } from '../io/xml.js';
import { aedTotal, extract, NS, type Extract } from './extract.js';
import { attachmentsUnder, endOffset, lineStarts, startOffset, tagEnd } from './source.js';
import { location } from '../xpath/location.js';
import { partsOnceFindings, sourceOnceFindings } from './source-once.js';
import { own } from '../messages/own.js';
import type { Worded } from '../messages/ref.js';

/**
 * pintae's own checks of a TDD, which the official TDD rules lack (their README: "they do not compare the extract with
 * the embedded invoice"): the extract and BTAE-20 against the source document, no attachment in it, the source
 * document under the PINT-AE rules of its customization, and the reporter against the role. Each finding is located
 * at the element of the TDD it is about; the source document's own findings at their place inside it.
 */
export const TDD_EXTRACT = 'pintae/tdd-extract';
export const TDD_TAX_TOTAL = 'pintae/tdd-tax-total';
export const TDD_TAX_EXCLUSIVE = 'pintae/tdd-tax-exclusive';
export const TDD_AED_TOTAL = 'pintae/tdd-aed-total';
export const TDD_ATTACHMENT = 'pintae/tdd-attachment';
export const TDD_SOURCE_RULES = 'pintae/tdd-source-rules';
export const TDD_REPORTER = 'pintae/tdd-reporter';
export const TDD_SOURCE_EMPTY = 'pintae/tdd-source-empty';
export { TDD_CARDINALITY, TDD_SOURCE_ONE } from './source-once.js';

/** What the cross-checks read of `check`'s verdict on the source document (its XmlCheckOutcome, structurally). */
export interface SourceVerdict { wellFormed: { ok: true } | { ok: false; message: string }; findings: Finding[] }

/**
 * `rules` and `checkXml` are `check`'s own (DocumentRules, checkXml), passed in: check runs these cross-checks on every
 * TDD it reads, so this module imports nothing of it, not even a type (test/unit/structure.test.ts).
 */
export interface CrossCheckOptions<Rules = unknown> {
  /** The TDD's text, as `doc` was read from it (the source document is judged from its own text). */
  text: string;
  /** The PINT-AE rule sets (`check`'s, chosen per document); absent: the source document is not judged. */
  rules?: Rules;
  /** `check` itself, which judges the source document. */
  checkXml?: (xml: string, rules: Rules) => SourceVerdict;
}

const pxs = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.pxs, local) : undefined);
const cbc = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.cbc, local) : undefined);
const cac = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.cac, local) : undefined);
const text = (e: XElement | undefined) => (e ? textOf(e).trim() : undefined);
const attr = (e: XElement, local: string) => e.attrs.find((a) => a.local === local && a.ns === '')?.value.trim();


const finding = (rule: string, words: Worded, at: XElement): Finding => ({
  ...words, section: 'invoice_header', severity: 'error', rule, location: location(at), line: at.line, column: at.column,
});

function sameAmount(a: string, b: string): boolean {
  try { return new Decimal(a).eq(new Decimal(b)); } catch { return a === b; }
}

/** The extract's plain values, each against the source document's. */
function extractFindings(reported: XElement, x: Extract): Finding[] {
  const out: Finding[] = [];
  const same = (e: XElement | undefined, name: string, source: string | undefined, at: XElement = reported) => {
    const given = text(e);
    if (given === source) return;
    out.push(finding(TDD_EXTRACT, own('tdd.extract-differs', { name, ...(given !== undefined ? { given } : {}), ...(source !== undefined ? { source } : {}) }), e ?? at));
  };
  same(cbc(reported, 'CustomizationID'), 'cbc:CustomizationID', x.customization);
  same(cbc(reported, 'ProfileID'), 'cbc:ProfileID', x.profile);
  same(cbc(reported, 'ID'), 'cbc:ID', x.id);
  same(cbc(reported, 'UUID'), 'cbc:UUID', x.uuid);
  same(cbc(reported, 'IssueDate'), 'cbc:IssueDate', x.issueDate);
  same(cbc(reported, 'IssueTime'), 'cbc:IssueTime', x.issueTime);
  same(pxs(reported, 'DocumentTypeCode'), 'pxs:DocumentTypeCode', x.typeCode);
  same(cbc(reported, 'DocumentCurrencyCode'), 'cbc:DocumentCurrencyCode', x.currency);
  // A tax currency equal to the document currency is no second currency: the extract leaves it out (ibr-tdd-31).
  const taxCurrency = cbc(reported, 'TaxCurrencyCode');
  if (x.taxCurrency !== undefined && x.taxCurrency === x.currency && text(taxCurrency) === x.currency) {
    out.push(finding(TDD_EXTRACT, own('tdd.tax-currency-same', { given: text(taxCurrency)! }), taxCurrency!));
  } else same(taxCurrency, 'cbc:TaxCurrencyCode', x.taxCurrency === x.currency ? undefined : x.taxCurrency);
  // A party with several tax registrations may be reported by any one of them.
  const taxId = (party: XElement | undefined, name: string, ids: string[], chosen: string | undefined) => {
    const e = cbc(cac(party, 'PartyTaxScheme'), 'CompanyID');
    const given = text(e);
    if (given !== undefined && ids.includes(given)) return;
    if (given === undefined && chosen === undefined) return;
    same(e, name, chosen, party ?? reported);
  };
  taxId(cac(cac(reported, 'AccountingSupplierParty'), 'Party'), 'seller', x.sellerTaxIds, x.seller?.companyId);
  taxId(cac(cac(reported, 'AccountingCustomerParty'), 'Party'), 'buyer', x.buyerTaxIds, x.buyer?.companyId);
  return out;
}

/** Every tax total per currency, and the tax-exclusive amount, against the source document's. */
function amountFindings(reported: XElement, x: Extract): Finding[] {
  const out: Finding[] = [];
  const given = new Map<string, XElement>();
  for (const total of childElements(reported, NS.cac, 'TaxTotal')) {
    const amount = cbc(total, 'TaxAmount');
    if (amount) given.set(attr(amount, 'currencyID') ?? '', amount);
  }
  for (const t of x.taxTotals) {
    const e = given.get(t.currency);
    if (!e) out.push(finding(TDD_TAX_TOTAL, own('tdd.tax-total-missing', { currency: t.currency, source: t.amount }), reported));
    else if (!sameAmount(text(e)!, t.amount)) out.push(finding(TDD_TAX_TOTAL, own('tdd.tax-total-differs', { currency: t.currency, given: text(e)!, source: t.amount }), e));
  }
  for (const [currency, e] of given) {
    if (x.taxTotals.some((t) => t.currency === currency)) continue;
    const reportable = [...new Set([x.currency, x.taxCurrency].filter((c): c is string => c !== undefined))];
    out.push(finding(TDD_TAX_TOTAL, reportable.includes(currency) || reportable.length === 0 ? own('tdd.tax-total-extra', { currency, given: text(e)! })
      : own('tdd.tax-total-undeclared', { currency, given: text(e)!, currencies: reportable.join(', ') }), e));
  }
  const exclusive = cbc(pxs(reported, 'MonetaryTotal'), 'TaxExclusiveAmount');
  if (exclusive && x.taxExclusive) {
    const currency = attr(exclusive, 'currencyID') ?? '';
    if (currency !== x.taxExclusive.currency || !sameAmount(text(exclusive)!, x.taxExclusive.amount)) {
      out.push(finding(TDD_TAX_EXCLUSIVE, own('tdd.tax-exclusive-differs', { currency, given: text(exclusive)!, sourceCurrency: x.taxExclusive.currency, source: x.taxExclusive.amount }), exclusive));
    }
  } else if (exclusive || x.taxExclusive) {
    out.push(finding(TDD_TAX_EXCLUSIVE, exclusive ? own('tdd.tax-exclusive-extra') : own('tdd.tax-exclusive-missing', { currency: x.taxExclusive!.currency, source: x.taxExclusive!.amount }), exclusive ?? reported));
  }
  return out;
}

/** BTAE-20, where the TDD carries it and the source document states its AED total. */
function aedFindings(transaction: XElement, source: XElement, x: Extract): Finding[] {
  const expected = aedTotal(source, x.currency);
  const out: Finding[] = [];
  for (const content of childElements(transaction, NS.pxs, 'CustomContent')) {
    if (text(cbc(content, 'ID')) !== 'BTAE-20') continue;
    const value = cbc(content, 'Value');
    if (expected !== undefined && value && !sameAmount(text(value)!, expected)) {
      out.push(finding(TDD_AED_TOTAL, own('tdd.aed-total', { given: text(value)!, source: expected }), value));
    }
  }
  return out;
}

function reporterFindings(root: XElement, x: Extract): Finding[] {
  const role = text(pxs(root, 'ReporterRole'));
  const endpoint = cbc(pxs(root, 'ReportingParty'), 'EndpointID');
  if (!endpoint || (role !== '01' && role !== '02')) return [];
  const party = role === '01' ? 'seller' : 'buyer';
  const expected = role === '01' ? x.sellerEndpoint : x.buyerEndpoint;
  // A document without the party's endpoint, or with one that is no Peppol identifier (a TDS reports such documents),
  // names no reporter to compare with: the reporter was given (`--reporter`), and the source document's own findings
  // say what is wrong with its endpoint.
  if (!expected || !/^\d{4}$/.test(expected.scheme)) return [];
  const given = { scheme: attr(endpoint, 'schemeID') ?? '', id: text(endpoint)! };
  if (expected.scheme === given.scheme && expected.id === given.id) return [];
  const words = own('tdd.reporter', { given: `${given.scheme}:${given.id}`, party, expected: `${expected.scheme}:${expected.id}`, role });
  return [finding(TDD_REPORTER, words, endpoint)];
}

/**
 * The source document's text, standing alone: the namespace declarations it inherits from the TDD around it are added
 * to its start tag, after the element name, so no line of it moves.
 */
function standalone(tddText: string, source: XElement): { xml: string; line: number; column: number } {
  const starts = lineStarts(tddText);
  const begin = startOffset(starts, source);
  const startTag = tddText.slice(begin, tagEnd(tddText, begin));
  const declared = (tag: string) => new Map([...tag.matchAll(/\sxmlns(?::([^\s=]+))?\s*=\s*("[^"]*"|'[^']*')/g)].map((m) => [m[1] ?? '', m[2]!]));
  const own = declared(startTag);
  const inherited = new Map<string, string>();
  for (let at = source.parent; at && at.kind === 1; at = at.parent) {
    const from = startOffset(starts, at);
    for (const [prefix, uri] of declared(tddText.slice(from, tagEnd(tddText, from)))) if (!inherited.has(prefix) && !own.has(prefix)) inherited.set(prefix, uri);
  }
  const added = [...inherited].map(([prefix, uri]) => ` xmlns${prefix ? `:${prefix}` : ''}=${uri}`).join('');
  const nameEnd = begin + 1 + (/^[^\s/>]+/.exec(tddText.slice(begin + 1))?.[0].length ?? 0);
  return { xml: tddText.slice(begin, nameEnd) + added + tddText.slice(nameEnd, endOffset(tddText, begin)), line: source.line, column: source.column };
}

/** The source document's findings under its PINT-AE rules, located in the TDD. */
function sourceRuleFindings<Rules>(tddText: string, source: XElement, rules: Rules, checkXml: (xml: string, rules: Rules) => SourceVerdict, tds = false): Finding[] {
  const { xml, line, column } = standalone(tddText, source);
  const checked = checkXml(xml, rules);
  if (!checked.wellFormed.ok) return [finding(TDD_SOURCE_RULES, own('tdd.source-unreadable', { reason: checked.wellFormed.message }), source)];
  return checked.findings.map((f) => {
    const placed = f.line === undefined ? { line, column } : { line: line + f.line - 1, column: f.line === 1 ? column + (f.column ?? 1) - 1 : f.column ?? 1 };
    const inside = f.location ? `${location(source.parent as XElement)}${f.location}` : undefined;
    return { ...f, ...own('tdd.source-finding', { message: f.message, ...(f.said ? { said: f.said } : {}) }), rule: f.rule ?? TDD_SOURCE_RULES, ...placed, ...(inside ? { location: inside } : {}), ...(tds ? { severity: 'info' as const } : {}) };
  });
}

/** The TDD's own document type code (S, R, W, F), trimmed. */
const typeCodeOf = (root: XElement): string | undefined => {
  const code = pxs(root, 'DocumentTypeCode');
  return code ? textOf(code).trim() : undefined;
};

/** pintae's cross-checks of a TDD read into `doc` from `options.text`: what the official TDD rules cannot see. */
export function crossCheckTdd<Rules>(doc: XDocument, options: CrossCheckOptions<Rules>): Finding[] {
  const root = doc.elements[0];
  if (!root || root.ns !== NS.pxs || root.local !== 'TaxData') return [];
  const out: Finding[] = partsOnceFindings(root);
  for (const transaction of childElements(root, NS.pxs, 'ReportedTransaction')) {
    out.push(...sourceOnceFindings(transaction));
    const content = cec(pxs(transaction, 'SourceDocument'), 'ExtensionContent');
    const source = content?.elements[0];
    // No source document, or not UBL: the official rules say so (ibr-tdd-23, ibr-tdd-57); nothing to compare.
    if (!source || !((source.ns === NS.invoice && source.local === 'Invoice') || (source.ns === NS.creditNote && source.local === 'CreditNote'))) continue;
    // The official examples carry an empty invoice element ("omitted by design"): nothing to compare, which is said once.
    if (source.elements.length === 0) {
      out.push({ ...finding(TDD_SOURCE_EMPTY, own('tdd.source-empty', { root: source.local }), source), severity: 'warning' });
      continue;
    }
    const x = extract(source);
    const reported = pxs(transaction, 'ReportedDocument');
    if (reported) out.push(...extractFindings(reported, x), ...amountFindings(reported, x));
    out.push(...aedFindings(transaction, source, x));
    for (const a of attachmentsUnder(source)) {
      out.push(finding(TDD_ATTACHMENT, own('tdd.attachment'), a));
    }
    out.push(...reporterFindings(root, x));
    if (options.rules && options.checkXml) {
      // A TDS (type F) reports a document that failed validation: its findings are why the TDS exists, not faults of
      // the TDS, so they are notes there (shown, never failing it). A source that cannot be read stays an error.
      out.push(...sourceRuleFindings(options.text, source, options.rules, options.checkXml, typeCodeOf(root) === 'F'));
    }
  }
  return out;
}

const cec = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.cec, local) : undefined);
