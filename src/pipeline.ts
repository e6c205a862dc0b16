import type { Entity, Finding, Invoice, JudgedBy, PintaeEntry, RejectedResponse, ValidateResponse } from './model/types.js';
import { rulesDate } from './schematron/choice.js';
import { pruneEmpty } from './normalize/prune.js';
import { fieldOfPath, MAX_JSON_DEPTH, tooDeepAt } from './io/json-depth.js';
import { checkSchema } from './schema/check.js';
import { sectionOfField } from './schema/sections.js';
import type { PipelineEnv } from './model/env.js';
import type { Serialized } from './ubl/serialize.js';
import type { SourceMap } from './ubl/source-map.js';
import { registrationType } from './codelists/tax.js';
import { judge, type Judged } from './judge.js';
import { linkByMeaning, linkByRenaming, within, type Links } from './findings/causes.js';
import { answerOf, duplicateWarning } from './findings/response.js';
import { agreed, standInBodies } from './findings/stand-ins.js';
import { taxFitsNoCategory } from './rules/lines.js';
import { isWrapper, UNKNOWN_FIELD, unknownFields } from './schema/unknown-fields.js';
import { renamedAsSuggested } from './findings/paths.js';
import { addHints } from './findings/hints.js';
import { finding } from './messages/findings.js';
import { own } from './messages/own.js';
import type { Worded } from './messages/ref.js';

export type { PipelineEnv } from './model/env.js';
export { answerOf, duplicateWarning, duplicateWords, MESSAGE_INVALID, MESSAGE_VALID, pintaeEntry, response } from './findings/response.js';

export type InvoiceOutcome =
  | { kind: 'rejected'; response: RejectedResponse }
  | {
    kind: 'validated';
    /** Exactly what the service's dry run answers (spec 2.10, 4.2), pintae's own findings left out. */
    response: ValidateResponse;
    /** pintae's own findings (`pintae/…`), beside the response, never in it. */
    pintae: PintaeEntry[];
    /** pintae's verdict: the response's is_valid, and no error of pintae's own (rules that could not be run). */
    valid: boolean;
    /** Every finding: the response's errors and warnings, then pintae's own; `cause` indexes this list. */
    findings: Finding[];
    xml: string | null; invoice: Invoice | null;
    /** Location in `xml` → the request field it was built from (src/ubl/source-map.ts); null when no XML was built. */
    sources: SourceMap | null;
    /** The PINT-AE rule set that judged the built document (chosen by its customization and date), when rules ran. */
    judgedBy?: JudgedBy;
  };

/** The service's message on a 400 (spec 4.2): part of its answer, in its English, never translated. */
export const MESSAGE_REJECTED = 'The request is invalid';

/** Spec 4.2: an invalid registration-type value is rejected with 400 before validation runs. */
function registrationTypeErrors(body: Record<string, unknown>): RejectedResponse['errors'] {
  const checks: Array<[string, unknown]> = [
    ['seller.registration_type', (body.seller as Record<string, unknown> | undefined)?.registration_type],
    ['buyer.legal_registration_type', (body.buyer as Record<string, unknown> | undefined)?.legal_registration_type],
  ];
  return checks
    .filter(([, v]) => v !== undefined && (typeof v !== 'string' || !registrationType(v)))
    .map(([field, v]) => ({ field, message: registrationTypeWords(field, v).message }));
}

/** The words of the 400 rejection of a registration type (a reference cannot ride in the response: reports match it again). */
export const registrationTypeWords = (field: string, sent: unknown): Worded => own('request.registration-type', { field, sent: JSON.stringify(sent) });

/** A body nested past MAX_JSON_DEPTH: refused at the place it goes too deep, before anything walks it. */
export function nestingFinding(path: ReadonlyArray<string | number>): Finding {
  const field = fieldOfPath(path);
  const top = typeof path[0] === 'string' ? path[0] : '(body)';
  return {
    ...own('request.too-deep', { top: top === '(body)' ? undefined : top, max: MAX_JSON_DEPTH }),
    section: sectionOfField(top), severity: 'error', field,
  };
}

const plainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Misspelled keys of one invoice judged one at a time, to tell which a finding follows from: each costs one more
 * judgement. Past this many the keys are judged together only, and a finding is charged to the key of its own object.
 */
export const MAX_RENAMED_ALONE = 8;

/** One invoice through the whole pipeline: what the service's dry run answers, and the XML it would deliver. */
export function validateInvoice(input: unknown, env: PipelineEnv): InvoiceOutcome {
  const deep = tooDeepAt(input);
  if (deep) {
    return { kind: 'validated', ...answerOf(plainObject(input) ? input : {}, [nestingFinding(deep)], new Map(), plainObject(input) && (env.duplicate ?? false)), xml: null, invoice: null, sources: null };
  }
  const pruned = pruneEmpty(input);
  if (pruned === null || typeof pruned !== 'object' || Array.isArray(pruned)) {
    const words = finding('invoice.not-object');
    const findings: Finding[] = [{ message: words.message, said: words.said, section: 'invoice_header', severity: 'error' }];
    return { kind: 'validated', ...answerOf({}, findings, new Map(), false), xml: null, invoice: null, sources: null };
  }
  const body = pruned as Record<string, unknown>;
  const rejected = registrationTypeErrors(body);
  if (rejected.length) return { kind: 'rejected', response: { message: MESSAGE_REJECTED, errors: rejected } };

  // Unknown keys are read from the body as sent: a misspelled key is a misspelling whatever its value, "" included.
  const unknown = unknownFields(input);
  const found = findingsOf(body, env);
  const links: Links = found.links;
  const findings = [...unknown, ...found.findings];
  linkByMeaning(findings, { unreadable: found.unreadable, engine: found.engine, rateSent: body.exchange_rate !== undefined }, links);
  // A misspelled key (with a field it likely means): what the invoice as its sender meant it would give instead, with
  // every key renamed and, for a few keys, with each alone (which of them a finding follows from).
  const typos = unknown.filter((f) => f.suggestion !== undefined);
  if (typos.length) {
    const each = typos.length <= MAX_RENAMED_ALONE ? (typo: Finding) => findingsOf(renamedAsSuggested(body, [typo]), env).findings : undefined;
    linkByRenaming(findings, { all: findingsOf(renamedAsSuggested(body, typos), env).findings, ...(each ? { each } : {}) }, links);
  }
  // A body sent wrapped in another object: every other finding (the fields "required" at the top) follows from that.
  const wrapper = unknown.find(isWrapper);
  if (wrapper) for (const f of findings) if (f.rule !== UNKNOWN_FIELD && !links.has(f)) links.set(f, wrapper);
  // pintae's advice on values in a common wrong form, beside the findings at them (the messages stay the service's).
  addHints(findings, body);
  const built = found.judged?.built ?? null;
  return {
    kind: 'validated', ...answerOf(body, findings, links, env.duplicate ?? false),
    xml: built?.xml ?? null, invoice: found.judged?.invoice ?? null, sources: built?.sources ?? null,
    ...(found.judgedBy ? { judgedBy: found.judgedBy } : {}),
  };
}

interface Found {
  findings: Finding[];
  /** The schema stage's findings: values that could not be read, each the cause of what is found at or inside them. */
  unreadable: Finding[];
  engine: ReadonlySet<Finding>;
  links: Links;
  /** The rule engine's and the PINT-AE rules' judgement of the body as sent; absent when the schema refused it. */
  judged?: Judged;
  judgedBy?: JudgedBy;
}

/**
 * The findings on one body. Where the schema stage refuses values, the rules still judge the rest of the invoice with
 * stand-ins at those values (findings/stand-ins.ts), so every independent mistake shows in the first run.
 */
function findingsOf(body: Record<string, unknown>, env: PipelineEnv): Found {
  const unreadable = checkSchema(body);
  if (!unreadable.length) {
    const judged = judge(body, env);
    return { findings: judged.findings, unreadable, engine: judged.engine, links: judged.links, judged, ...(judged.judgedBy ? { judgedBy: judged.judgedBy } : {}) };
  }
  const findings = [...unreadable];
  const bodies = standInBodies(body, unreadable.map((f) => f.field ?? '(body)'));
  const runs = bodies?.map((b) => (checkSchema(b).length ? undefined : judge(b, env, rulesDate(body, env.today))));
  const links: Links = new Map();
  if (!runs?.[0] || !runs[1]) return { findings, unreadable, engine: new Set(), links };
  // Findings that depend on a stand-in differ between the runs and are dropped; what agrees is the invoice's own.
  for (const f of agreed(runs[0].findings, runs[1].findings)) {
    // A finding at a stand-in is about the stand-in, not the invoice: the schema's finding there says it all.
    if (unreadable.some((u) => within(f.field, u.field))) continue;
    findings.push(f);
    const root = runs[0].links.get(f);
    if (root) links.set(f, root);
  }
  // A category of the wrong type stood in as S, then O, whose VAT rules word a wrong amount apart: an amount no
  // category allows is said as an unreadable category's is (src/rules/lines.ts), where both runs find it.
  for (const u of unreadable) {
    const at = /^(line_items\[(\d+)\])\.(?:tax_category|tax_category_code|vat_category|category)$/.exec(u.field ?? '');
    if (!at) continue;
    const [a, b] = runs.map((r) => { const line = r!.invoice.line_items[Number(at[2])]; return line && taxFitsNoCategory(line, at[1]!); });
    if (a && b && a.message === b.message && !findings.some((f) => f.field === a.field && f.said?.id === a.said?.id)) findings.push(a);
  }
  return { findings, unreadable, engine: runs[0].engine, links, ...(runs[0].judgedBy ? { judgedBy: runs[0].judgedBy } : {}) };
}
