import type { Finding } from '../model/types.js';
import type { PipelineEnv } from '../model/env.js';
import { checkXml, type DocumentRules } from '../check.js';
import { subjectOf, type InputPlace } from '../io/input-kind.js';
import { readXmlDocument, xmlErrorWords } from '../io/xml.js';
import { decodeXml, XmlError } from '../xpath/xml.js';
import { validateText } from '../batch/work.js';
import { validateInvoice } from '../pipeline.js';
import { buildTdd, checkOptions, TddSourceError } from './build.js';
import type { TddOptions } from './options.js';
import { own } from '../messages/own.js';
import type { MessageRef } from '../messages/ref.js';

/** One TDD made, or refused with the findings or the error that say why. */
export interface TddResult {
  ok: boolean;
  /** The TDD (null when refused). */
  xml: string | null;
  /** The source document's findings: errors refused it (types S, R, W); warnings came with it, and the TDD's own (BTAE-20 left out: pintae/tdd-aed-total). */
  findings: Finding[];
  /** Why no TDD could be made of the input (unreadable, not UBL, lacking what the TDD reports), where. */
  /** `said`: the catalogue entry of `message`, where it has one (issue 26). */
  error?: { message: string; line?: number; column?: number; said?: MessageRef };
  /** The item of a bulk body or array it was made of (JSON input), else null. */
  index: number | null;
}

const errorsOf = (findings: Finding[]) => findings.filter((f) => f.severity === 'error');

/** What a TDD reports: an invoice or a credit note (its source document's root). */
export type SourceDocument = 'invoice' | 'credit_note';

/**
 * TddOptions whose transport id may be made when a TDD is (one per TDD: each invoice is a Peppol message of its own),
 * told what the TDD reports, so a warning about the id made names the document whose message it stands for.
 */
export type TddRunOptions = Omit<TddOptions, 'transportId'> & { transportId: string | ((document: SourceDocument) => string) };

function fromDocument(text: string, findings: Finding[], run: TddRunOptions, index: number | null): TddResult {
  const options = run as TddOptions;
  const type = options.type ?? 'S';
  // A TDS (F) reports a document that failed validation; every other type reports a valid one.
  if (type !== 'F' && errorsOf(findings).length) return { ok: false, xml: null, findings, index };
  const read = readXmlDocument(text);
  if (!read.ok) return { ok: false, xml: null, findings, index, error: { message: read.message, line: read.line, column: read.column } };
  try {
    const document: SourceDocument = read.doc.elements[0]?.local === 'CreditNote' ? 'credit_note' : 'invoice';
    const transportId = typeof run.transportId === 'function' ? run.transportId(document) : run.transportId;
    const built = buildTdd(read.text, read.doc, { ...options, transportId });
    const unread = built.extract.aedUnread;
    // BTAE-20 stated in a form pintae cannot read: the TDD goes without it, said at the description.
    const aed: Finding[] = unread ? [{ ...own('tdd.aed-unread', { description: unread.description }), section: 'legal_monetary', severity: 'warning', rule: 'pintae/tdd-aed-total', line: unread.line, column: unread.column }] : [];
    return { ok: true, xml: built.xml, findings: [...findings, ...aed], index };
  } catch (e) {
    if (e instanceof TddSourceError) return { ok: false, xml: null, findings, index, error: { message: e.message, ...(e.said ? { said: e.said } : {}), ...(read.doc.elements[0] ? { line: read.doc.elements[0].line, column: read.doc.elements[0].column } : {}) } };
    throw e;
  }
}

/**
 * The TDD of a UBL invoice or credit note, judged first as `check` judges it (`rules`: the PINT-AE rule sets, chosen
 * per document; undefined runs none). The document is read once, from its own text.
 */
export function tddOfXml(input: Uint8Array | string, rules: DocumentRules | undefined, options: TddRunOptions, place: InputPlace = 'cli'): TddResult {
  checkOptions(options);
  let text: string;
  try { text = typeof input === 'string' ? input : decodeXml(input); } catch (e) {
    if (e instanceof XmlError) return { ok: false, xml: null, findings: [], index: null, error: { message: xmlErrorWords(e, input, subjectOf(place)), line: e.line, column: e.column } };
    throw e;
  }
  const checked = checkXml(text, rules, [], subjectOf(place));
  if (!checked.wellFormed.ok) {
    const { message, line, column } = checked.wellFormed;
    return { ok: false, xml: null, findings: [], index: null, error: { message, line, column } };
  }
  // A TDD given where its invoice was meant: said plainly, not as the rules' complaint about a TDD inside a TDD.
  if (checked.kind === 'tdd') {
    const root = checked.doc?.elements[0];
    return { ok: false, xml: null, findings: [], index: null, error: { ...own('tdd.is-tdd'), ...(root ? { line: root.line, column: root.column } : {}) } };
  }
  // Not UBL, or not PINT-AE: nothing a TDD can carry (ibr-tdd-57), whatever the type.
  const notUbl = checked.findings.find((f) => f.rule === 'pintae/not-ubl');
  if (notUbl) {
    const root = checked.doc?.elements[0];
    const at = notUbl.line !== undefined ? { line: notUbl.line, column: notUbl.column } : root ? { line: root.line, column: root.column } : {};
    const name = root ? (root.prefix ? `${root.prefix}:${root.local}` : root.local) : '?';
    return { ok: false, xml: null, findings: [], index: null, error: { ...own('tdd.not-ubl', { name, ns: root?.ns || null }), ...at } };
  }
  return fromDocument(text, checked.findings, options, null);
}

/**
 * The TDD of each invoice request in JSON text (one, a bulk body or an array), built as `validate` builds it. An
 * invoice that fails validation is refused with its findings for S, R and W; F reports the document built of it,
 * if one could be built at all.
 */
export function tddOfJson(file: string, text: string, env: PipelineEnv, options: TddRunOptions, place: InputPlace = 'cli'): TddResult[] {
  checkOptions(options);
  return validateText(file, text, env, true, false, false, place).map((r): TddResult => {
    const index = r.index;
    if (r.error) return { ok: false, xml: null, findings: [], index, error: r.error };
    const findings = r.rejected && r.response && 'errors' in r.response && !('data' in r.response)
      ? r.response.errors.map((e): Finding => ({ message: e.message, section: 'invoice_header', severity: 'error', field: e.field }))
      : r.findings;
    if (r.xml === null) {
      return { ok: false, xml: null, findings, index, ...(errorsOf(findings).length ? {} : { error: own('tdd.nothing-built') }) };
    }
    return fromDocument(r.xml, findings, options, index);
  });
}

/** The TDD of one invoice request given as a value (no text, so its findings carry fields, not lines). */
export function tddOfBody(body: unknown, env: PipelineEnv, options: TddRunOptions): TddResult {
  checkOptions(options);
  const outcome = validateInvoice(body, { ...env, duplicate: false });
  if (outcome.kind === 'rejected') {
    return { ok: false, xml: null, index: null, findings: outcome.response.errors.map((e): Finding => ({ message: e.message, section: 'invoice_header', severity: 'error', field: e.field })) };
  }
  if (outcome.xml === null) return { ok: false, xml: null, findings: outcome.findings, index: null, ...(errorsOf(outcome.findings).length ? {} : { error: own('tdd.nothing-built') }) };
  return fromDocument(outcome.xml, outcome.findings, options, null);
}

