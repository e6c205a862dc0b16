import type { Finding, JudgedBy, PintaeEntry, ValidateResponse } from './model/types.js';
import type { DocumentType } from './model/report.js';
import type { InputSubject } from './messages/subject.js';
import { inXmlTerms } from './messages/say.js';
import { own, OWN, type JudgedWords, type OwnId } from './messages/own.js';
import { wordsOf } from './messages/ref.js';
import type { Text } from './messages/lang.js';
import type { XDocument, XElement } from './xpath/api.js';
import { childElement, positionIndex, positionOf, readXmlDocument, rootElement, textOf, type XmlCheck } from './io/xml.js';
import { answerOf } from './findings/response.js';
import { crossCheckTdd } from './tdd/cross-check.js';
import { NS, TDD_CUSTOMIZATION } from './tdd/extract.js';
import { chooseRules, pinnedWords, PINT_AE_CUSTOMIZATIONS, RULES_PINNED, RULES_VALIDITY, validityWords, type DocumentRules } from './schematron/choice.js';

export interface XmlCheckOutcome {
  wellFormed: XmlCheck;
  findings: Finding[];
  /** The PINT-AE rules' answer in the validate endpoint's shape; pintae's own findings are beside it (`pintae`). */
  response: ValidateResponse | null;
  /** pintae's own findings (not UBL, not PINT-AE, the rule set's validity, rules that could not be run, TDD cross-checks). */
  pintae?: PintaeEntry[];
  /** The verdict: the response's is_valid and no error of pintae's own. */
  valid?: boolean;
  /** The tree read, for a caller that shows the document (the HTML report); absent when not well-formed. */
  doc?: XDocument;
  /** The rule set that judged the document; absent when no rules ran. */
  judgedBy?: JudgedBy;
  /** What the document is, when `check` knows it: a PINT-AE invoice or credit note (ubl), or a Tax Data Document (tdd). */
  kind?: DocumentKind;
  /** What a report calls the document (its summary counts them): by its root element. */
  document?: DocumentType;
}

export { PINT_AE_CUSTOMIZATIONS, RULES_VALIDITY, type DocumentRules } from './schematron/choice.js';

const UBL_ROOTS: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'Invoice',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'CreditNote',
};
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** The AE Tax Data Document: root pxs:TaxData in this namespace, and its one specification. */
export const TDD_NS = NS.pxs;
export { TDD_CUSTOMIZATION };

/** Rule ids of `check`'s own findings on what a document is. */
export const NOT_UBL = 'pintae/not-ubl';
export const NOT_PINT_AE = 'pintae/not-pint-ae';
/** A pxs:TaxData that does not declare the AE TDD specification (it is still judged by the TDD rules). */
export const NOT_AE_TDD = 'pintae/not-ae-tdd';
export { RULES_PINNED };

const UBL_EXPECTED = Object.entries(UBL_ROOTS).map(([ns, local]) => [local, ns] as const);

/** The kinds of document `check` knows: a PINT-AE invoice or credit note, and a Tax Data Document. */
export type DocumentKind = 'ubl' | 'tdd';

/**
 * What a document is, before any rule: a UBL 2.1 Invoice or CreditNote (by local name and namespace), declaring a
 * PINT-AE specification, or an AE Tax Data Document (pxs:TaxData), declaring the TDD specification. Any other document
 * never passes; the rules are not run on it (they would say nothing). `fallback` is the specification whose rules judge
 * a document that declares none of its kind's.
 */
function documentKind(root: XElement): { finding?: Finding; kind?: DocumentKind; customization?: string; fallback: string; foreign: readonly string[] } {
  const at = positionOf(root);
  const where = { location: `/${root.local}`, ...(at ?? {}) };
  if (root.ns === TDD_NS && root.local === 'TaxData') return taxDataKind(root, where);
  if (UBL_ROOTS[root.ns] !== root.local) {
    const name = root.prefix ? `${root.prefix}:${root.local}` : root.local;
    return { fallback: PINT_AE_CUSTOMIZATIONS[0]!, foreign: [], finding: { ...own('check.not-ubl', { name, ns: root.ns, ubl: UBL_EXPECTED, tdd: TDD_NS }), section: 'invoice_header', severity: 'error', rule: NOT_UBL, ...where } };
  }
  const customization = childElement(root, CBC, 'CustomizationID');
  if (!customization) {
    return { ...UBL_KIND, finding: { ...own('check.no-customization', { ids: PINT_AE_CUSTOMIZATIONS }), section: 'invoice_header', severity: 'error', rule: NOT_PINT_AE, ...where } };
  }
  const id = textOf(customization).trim();
  if (PINT_AE_CUSTOMIZATIONS.includes(id)) return { ...UBL_KIND, customization: id };
  return {
    ...UBL_KIND,
    customization: id,
    finding: { ...own('check.not-pint-ae', { id, ids: PINT_AE_CUSTOMIZATIONS }), section: 'invoice_header', severity: 'error', rule: NOT_PINT_AE, location: `/${root.local}/CustomizationID`, ...(positionOf(customization) ?? {}) },
  };
}

/**
 * The rules of the other kind never judge a document, whatever it declares: an invoice declaring the TDD's
 * specification is judged by the billing rules, a TDD declaring a PINT-AE one by the TDD rules (`foreign`).
 */
const UBL_KIND = { kind: 'ubl' as const, fallback: PINT_AE_CUSTOMIZATIONS[0]!, foreign: [TDD_CUSTOMIZATION] };
const TDD_KIND = { kind: 'tdd' as const, fallback: TDD_CUSTOMIZATION, foreign: PINT_AE_CUSTOMIZATIONS };

/** A Tax Data Document: judged by the TDD rules whatever it declares; a declaration other than the AE TDD's is a finding. */
function taxDataKind(root: XElement, where: Pick<Finding, 'location' | 'line' | 'column'>): ReturnType<typeof documentKind> {
  const base = TDD_KIND;
  const customization = childElement(root, CBC, 'CustomizationID');
  if (!customization) {
    return { ...base, finding: { ...own('check.tdd-no-customization', { tdd: TDD_CUSTOMIZATION }), section: 'invoice_header', severity: 'error', rule: NOT_AE_TDD, ...where } };
  }
  const id = textOf(customization).trim();
  if (id === TDD_CUSTOMIZATION) return { ...base, customization: id };
  return {
    ...base, customization: id,
    finding: { ...own('check.not-ae-tdd', { id, tdd: TDD_CUSTOMIZATION }), section: 'invoice_header', severity: 'error', rule: NOT_AE_TDD, location: `/${root.local}/CustomizationID`, ...(positionOf(customization) ?? {}) },
  };
}

/**
 * `pintae check`: an existing UBL invoice or credit note, or a Tax Data Document, read once (bytes, so the encoding is the document's own):
 * well-formedness (located), what the document is, the XSD findings the caller gathered (`xsdErrors`, optional) and
 * the PINT-AE rules on the same tree. Every finding carries the line and column of its element in the file. The
 * answer has the validate endpoint's shape, so one report serves both.
 */
export function checkXml(input: Uint8Array | string, rules: DocumentRules | undefined, xsdErrors: string[] = [], subject: InputSubject = 'file'): XmlCheckOutcome {
  const read = readXmlDocument(input, subject);
  if (!read.ok) return { wellFormed: read, findings: [], response: null, valid: false };
  const root = rootElement(read.doc)!;
  const kind = documentKind(root);
  const issueDate = kind.kind ? childElement(root, CBC, 'IssueDate') : undefined;
  const declared = kind.customization !== undefined && !kind.foreign.includes(kind.customization) ? kind.customization : undefined;
  const chosen = rules && kind.kind ? chooseRules(rules, declared, issueDate ? textOf(issueDate).trim() : undefined, kind.fallback) : undefined;
  const findings: Finding[] = kind.finding ? [chosen ? sayJudgedBy(kind.finding, chosen.judgedBy, kind.kind) : kind.finding] : [];
  const outside = chosen?.judgedBy && issueDate ? validityWarning(chosen.judgedBy, textOf(issueDate).trim(), root.local, issueDate, kind.kind) : undefined;
  if (outside) findings.push(outside);
  const elsewhere = chosen?.judgedBy && !kind.finding ? pinnedElsewhere(chosen.judgedBy, kind.customization, root) : undefined;
  if (elsewhere) findings.push(elsewhere);
  for (const message of xsdErrors) findings.push(xsdFinding(message));
  if (chosen) {
    const placed = positionIndex(read.doc);
    // The XML's own terms stay (there is no request); rule_text keeps the official text where a message is said again.
    for (const f of inXmlTerms(chosen.rules.run(read.text, read.doc))) findings.push(f.location && f.line === undefined ? { ...f, ...placed(f.location) } : f);
  }
  // The official TDD rules never compare the extract with the invoice it came from: pintae's cross-checks do. The
  // source document is judged by the sets chosen for its own customization, so only when the rules choose per document.
  if (kind.kind === 'tdd') findings.push(...crossCheckTdd(read.doc, { text: read.text, ...(rules?.choose ? { rules, checkXml } : {}) }));
  const id = kind.kind === 'ubl' ? childElement(root, CBC, 'ID') : kind.kind === 'tdd' ? reportedInvoiceId(root) : undefined;
  const { response, pintae, valid } = answerOf({ invoice_number: id ? textOf(id).trim() : undefined }, findings, new Map(), false);
  return {
    wellFormed: { ok: true }, findings, response, pintae, valid, doc: read.doc,
    document: kind.kind === 'tdd' ? 'tdd' : kind.kind === 'ubl' ? (root.local === 'CreditNote' ? 'credit_note' : 'invoice') : 'other',
    ...(kind.kind ? { kind: kind.kind } : {}),
    ...(chosen?.judgedBy ? { judgedBy: chosen.judgedBy } : {}),
  };
}

/** A TDD names the invoice it reports (pxs:ReportedTransaction/pxs:ReportedDocument/cbc:ID): reports name the TDD by it. */
function reportedInvoiceId(root: XElement): XElement | undefined {
  const transaction = childElement(root, TDD_NS, 'ReportedTransaction');
  const reported = transaction && childElement(transaction, TDD_NS, 'ReportedDocument');
  return reported && childElement(reported, CBC, 'ID');
}

/**
 * A set pinned for every document (--rules, a config's ruleSet) and written for another specification than the one the
 * document declares: a UBL invoice judged by the TDD rules passed as valid without a word (the rules of one kind find
 * nothing to say about the other). A note, at the CustomizationID: the verdict is the pinned set's, as the user asked,
 * and the report says whose rules were not run. A declaration pintae does not know is said already (not-pint-ae,
 * not-ae-tdd), and a set of unknown specification (an added one, customization null) claims none.
 */
function pinnedElsewhere(judgedBy: JudgedBy, declared: string | undefined, root: XElement): Finding | undefined {
  const words = pinnedWords(judgedBy, declared);
  if (words === undefined) return undefined;
  const at = childElement(root, CBC, 'CustomizationID');
  return { ...words, section: 'invoice_header', severity: 'info', rule: RULES_PINNED, location: `/${root.local}/CustomizationID`, ...(at ? positionOf(at) ?? {} : {}) };
}

/** A document dated before (or after) the validity of every set of its customization: a note naming the set used instead. */
function validityWarning(judgedBy: JudgedBy, date: string, rootName: string, at: XElement, kind?: DocumentKind): Finding | undefined {
  const words = validityWords(judgedBy, date, 'issue', kind === 'tdd' ? 'TDD' : 'PINT-AE');
  if (words === undefined) return undefined;
  return { ...words, section: 'invoice_header', severity: 'info', rule: RULES_VALIDITY, location: `/${rootName}/IssueDate`, ...(positionOf(at) ?? {}) };
}

/** A document that is not declared PINT-AE is still judged: its finding says by which rules, and why those. */
function sayJudgedBy(finding: Finding, judgedBy: JudgedBy | undefined, kind?: DocumentKind): Finding {
  if (!judgedBy || !finding.said) return finding;
  const judged: JudgedWords = { pinned: judgedBy.chosen === 'pinned', ...(judgedBy.pinned_by === 'config' ? { byConfig: true } : {}), name: judgedBy.name, version: judgedBy.version, tdd: kind === 'tdd' };
  const id = finding.said.id as OwnId;
  return { ...finding, ...wordsOf(id, OWN[id] as unknown as Text<object>, { ...finding.said.p, judged }) };
}

/** libxml2's XSD messages start `line N: …`: the finding keeps that line. */
function xsdFinding(message: string): Finding {
  const line = /^line (\d+):/.exec(message)?.[1];
  return { ...own('check.xsd', { message }), section: 'invoice_header', severity: 'error', rule: 'UBL-XSD', ...(line ? { line: Number(line), column: 1 } : {}) };
}
