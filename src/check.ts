import type { Finding, JudgedBy, ValidateResponse } from './model/types.js';
import { inXmlTerms } from './messages/say.js';
import type { XDocument, XElement } from './xpath/api.js';
import { childElement, positionIndex, positionOf, readXmlDocument, rootElement, textOf, type XmlCheck } from './io/xml.js';
import { response } from './pipeline.js';
import { chooseRules, PINT_AE_CUSTOMIZATIONS, RULES_VALIDITY, validityWords, type DocumentRules } from './schematron/choice.js';

export interface XmlCheckOutcome {
  wellFormed: XmlCheck;
  findings: Finding[];
  response: ValidateResponse | null;
  /** The tree read, for a caller that shows the document (the HTML report); absent when not well-formed. */
  doc?: XDocument;
  /** The rule set that judged the document; absent when no rules ran. */
  judgedBy?: JudgedBy;
}

export { PINT_AE_CUSTOMIZATIONS, RULES_VALIDITY, type DocumentRules } from './schematron/choice.js';

const UBL_ROOTS: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'Invoice',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'CreditNote',
};
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** Rule ids of `check`'s own findings on what a document is. */
export const NOT_UBL = 'pintae/not-ubl';
export const NOT_PINT_AE = 'pintae/not-pint-ae';

function describeRoot(root: XElement): string {
  const name = root.prefix ? `${root.prefix}:${root.local}` : root.local;
  return root.ns ? `<${name}> in the namespace ${root.ns}` : `<${name}> in no namespace`;
}

/**
 * What a document is, before any rule: a UBL 2.1 Invoice or CreditNote (by local name and namespace), declaring a
 * PINT-AE specification. A document that is not UBL never passes; the rules are not run on it (they would say nothing).
 */
function documentKind(root: XElement): { finding?: Finding; ubl: boolean; customization?: string } {
  const at = positionOf(root);
  const where = { location: `/${root.local}`, ...(at ?? {}) };
  if (UBL_ROOTS[root.ns] !== root.local) {
    const expected = Object.entries(UBL_ROOTS).map(([ns, local]) => `<${local}> in ${ns}`).join(' or ');
    return { ubl: false, finding: { message: `not a UBL invoice or credit note: the root element is ${describeRoot(root)} (expected ${expected})`, section: 'invoice_header', severity: 'error', rule: NOT_UBL, ...where } };
  }
  const customization = childElement(root, CBC, 'CustomizationID');
  if (!customization) {
    return { ubl: true, finding: { message: `the document has no cbc:CustomizationID: it does not declare a PINT-AE specification (${PINT_AE_CUSTOMIZATIONS.join(' or ')})`, section: 'invoice_header', severity: 'error', rule: NOT_PINT_AE, ...where } };
  }
  const id = textOf(customization).trim();
  if (PINT_AE_CUSTOMIZATIONS.includes(id)) return { ubl: true, customization: id };
  return {
    ubl: true,
    customization: id,
    finding: { message: `cbc:CustomizationID ${JSON.stringify(id)} is not a PINT-AE specification (${PINT_AE_CUSTOMIZATIONS.join(' or ')})`, section: 'invoice_header', severity: 'error', rule: NOT_PINT_AE, location: `/${root.local}/CustomizationID`, ...(positionOf(customization) ?? {}) },
  };
}

/**
 * `pintae check`: an existing UBL invoice or credit note, read once (bytes, so the encoding is the document's own):
 * well-formedness (located), what the document is, the XSD findings the caller gathered (`xsdErrors`, optional) and
 * the PINT-AE rules on the same tree. Every finding carries the line and column of its element in the file. The
 * answer has the validate endpoint's shape, so one report serves both.
 */
export function checkXml(input: Uint8Array | string, rules: DocumentRules | undefined, xsdErrors: string[] = []): XmlCheckOutcome {
  const read = readXmlDocument(input);
  if (!read.ok) return { wellFormed: read, findings: [], response: null };
  const root = rootElement(read.doc)!;
  const kind = documentKind(root);
  const issueDate = kind.ubl ? childElement(root, CBC, 'IssueDate') : undefined;
  const chosen = rules && kind.ubl ? chooseRules(rules, kind.customization, issueDate ? textOf(issueDate).trim() : undefined) : undefined;
  const findings: Finding[] = kind.finding ? [chosen ? sayJudgedBy(kind.finding, chosen.judgedBy) : kind.finding] : [];
  const outside = chosen?.judgedBy && issueDate ? validityWarning(chosen.judgedBy, textOf(issueDate).trim(), root.local, issueDate) : undefined;
  if (outside) findings.push(outside);
  for (const message of xsdErrors) findings.push(xsdFinding(message));
  if (chosen) {
    const placed = positionIndex(read.doc);
    // The XML's own terms stay (there is no request); rule_text keeps the official text where a message is said again.
    for (const f of inXmlTerms(chosen.rules.run(read.text, read.doc))) findings.push(f.location && f.line === undefined ? { ...f, ...placed(f.location) } : f);
  }
  const id = kind.ubl ? childElement(root, CBC, 'ID') : undefined;
  return {
    wellFormed: { ok: true }, findings, response: response({ invoice_number: id ? textOf(id).trim() : undefined }, findings, false), doc: read.doc,
    ...(chosen?.judgedBy ? { judgedBy: chosen.judgedBy } : {}),
  };
}

/** A document dated before (or after) the validity of every set of its customization: a warning naming the set used instead. */
function validityWarning(judgedBy: JudgedBy, date: string, rootName: string, at: XElement): Finding | undefined {
  const message = validityWords(judgedBy, date);
  if (message === undefined) return undefined;
  return { message, section: 'invoice_header', severity: 'warning', rule: RULES_VALIDITY, location: `/${rootName}/IssueDate`, ...(positionOf(at) ?? {}) };
}

/** A document that is not declared PINT-AE is still judged: its finding says by which rules, and why those. */
function sayJudgedBy(finding: Finding, judgedBy: JudgedBy | undefined): Finding {
  if (!judgedBy) return finding;
  const which = judgedBy.chosen === 'pinned' ? `the rule set ${judgedBy.name} (--rules)` : `the billing rules (${judgedBy.name}${judgedBy.version ? ` ${judgedBy.version}` : ''})`;
  return { ...finding, message: `${finding.message}; judged by ${which}` };
}

/** libxml2's XSD messages start `line N: …`: the finding keeps that line. */
function xsdFinding(message: string): Finding {
  const line = /^line (\d+):/.exec(message)?.[1];
  return { message: `UBL 2.1 schema: ${message}`, section: 'invoice_header', severity: 'error', rule: 'UBL-XSD', ...(line ? { line: Number(line), column: 1 } : {}) };
}
