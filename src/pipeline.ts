import type { Entity, Finding, Invoice, RejectedResponse, ValidateResponse } from './model/types.js';
import { pruneEmpty } from './normalize/prune.js';
import { fieldOfPath, MAX_JSON_DEPTH, tooDeepAt } from './io/json-depth.js';
import { normalizeInvoice } from './normalize/invoice.js';
import { checkSchema, unwritableEntity } from './schema/check.js';
import { unknownFields } from './schema/unknown-fields.js';
import { sectionOfField } from './schema/sections.js';
import { deriveBuyerEndpoint } from './derive/endpoint.js';
import { resolveRate, type RateTable } from './derive/rates.js';
import { computeTotals, invoiceTypeCode } from './derive/totals.js';
import { invoiceUuid, type UuidMode } from './derive/uuid.js';
import { runRules, SAME_MISTAKE } from './rules/index.js';
import { renderInvoiceWithSources, type BuildInput } from './ubl/invoice.js';
import { UnwritableText, type Serialized } from './ubl/serialize.js';
import { withFields, type SourceMap } from './ubl/source-map.js';
import { registrationType, TAX_CATEGORIES } from './codelists/tax.js';
import { lookup } from './codelists/lookup.js';

export interface PipelineEnv {
  /** Finds the seller entity record by entity_id. */
  findEntity(entityId: string): Entity | undefined;
  rates?: RateTable;
  /** Today's date (YYYY-MM-DD): the core never reads the clock. */
  today: string;
  uuid?: UuidMode;
  /** Per-line BTAE-08/10 of a foreign-currency invoice: AED (default, spec 2.6.2) or the document currency. */
  lineAmounts?: 'aed' | 'document';
  /** The PINT-AE rules run on every built document (issue 3); absent with --no-schematron. */
  schematron?: { run(xml: string): Finding[] };
  /** Marks this invoice_number as already seen for its entity in this run (spec 2.10 warnings). */
  duplicate?: boolean;
}

export type InvoiceOutcome =
  | { kind: 'rejected'; response: RejectedResponse }
  | {
    kind: 'validated'; response: ValidateResponse; findings: Finding[]; xml: string | null; invoice: Invoice | null;
    /** Location in `xml` → the request field it was built from (src/ubl/source-map.ts); null when no XML was built. */
    sources: SourceMap | null;
  };

export const MESSAGE_VALID = 'Invoice is valid and ready to send';
export const MESSAGE_INVALID = 'Invoice has validation errors';

/** Spec 4.2: an invalid registration-type value is rejected with 400 before validation runs. */
function registrationTypeErrors(body: Record<string, unknown>): RejectedResponse['errors'] {
  const checks: Array<[string, unknown]> = [
    ['seller.registration_type', (body.seller as Record<string, unknown> | undefined)?.registration_type],
    ['buyer.legal_registration_type', (body.buyer as Record<string, unknown> | undefined)?.legal_registration_type],
  ];
  return checks
    .filter(([, v]) => v !== undefined && (typeof v !== 'string' || !registrationType(v)))
    .map(([field, v]) => ({ field, message: `${field} ${JSON.stringify(v)} is not one of TL, EID, PAS, CD` }));
}

/** Spec 2.10: the warning on an invoice_number already used for the same entity earlier in the run. */
export function duplicateWarning(body: Record<string, unknown>): ValidateResponse['data']['warnings'][number] {
  return { message: `invoice_number ${String(body.invoice_number)} was already used for entity ${String(body.entity_id)} in this run: a push would be rejected with 409`, section: 'invoice_header', field: 'invoice_number' };
}

export function response(body: Record<string, unknown>, findings: Finding[], duplicate: boolean): ValidateResponse {
  const entry = ({ message, section, rule, field, location, line, column, suggestion }: Finding) => ({
    message, section, ...(rule ? { rule } : {}), ...(field ? { field } : {}), ...(location ? { location } : {}), ...(line !== undefined ? { line, column: column ?? 1 } : {}),
    ...(suggestion !== undefined ? { suggestion } : {}),
  });
  const errors = findings.filter((f) => f.severity === 'error').map(entry);
  const warnings = findings.filter((f) => f.severity === 'warning').map(entry);
  if (duplicate) warnings.push(duplicateWarning(body));
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    message: errors.length ? MESSAGE_INVALID : MESSAGE_VALID,
    data: { is_valid: errors.length === 0, entity_id: text(body.entity_id), invoice_number: text(body.invoice_number), total_errors: errors.length, errors, warnings },
  };
}

/** A body nested past MAX_JSON_DEPTH: refused at the place it goes too deep, before anything walks it. */
export function nestingFinding(path: ReadonlyArray<string | number>): Finding {
  const field = fieldOfPath(path);
  const top = typeof path[0] === 'string' ? path[0] : '(body)';
  return {
    message: `${top === '(body)' ? 'The invoice body' : top} is nested more than ${MAX_JSON_DEPTH} levels deep: pintae reads a request body up to ${MAX_JSON_DEPTH} levels of objects and arrays (an invoice needs 3)`,
    section: sectionOfField(top), severity: 'error', field,
  };
}

const plainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One invoice through the whole pipeline: what the service's dry run answers, and the XML it would deliver. */
export function validateInvoice(input: unknown, env: PipelineEnv): InvoiceOutcome {
  const deep = tooDeepAt(input);
  if (deep) {
    const findings = [nestingFinding(deep)];
    return { kind: 'validated', response: response(plainObject(input) ? input : {}, findings, plainObject(input) && (env.duplicate ?? false)), findings, xml: null, invoice: null, sources: null };
  }
  const pruned = pruneEmpty(input);
  if (pruned === null || typeof pruned !== 'object' || Array.isArray(pruned)) {
    const findings: Finding[] = [{ message: 'The invoice must be a JSON object (spec 2.1)', section: 'invoice_header', severity: 'error' }];
    return { kind: 'validated', response: response({}, findings, false), findings, xml: null, invoice: null, sources: null };
  }
  const body = pruned as Record<string, unknown>;
  const rejected = registrationTypeErrors(body);
  if (rejected.length) return { kind: 'rejected', response: { message: 'The request is invalid', errors: rejected } };

  // Unknown keys are read from the body as sent: a misspelled key is a misspelling whatever its value, "" included.
  const unknown = unknownFields(input);
  const schemaErrors = checkSchema(body);
  if (schemaErrors.length) {
    const findings = [...unknown, ...schemaErrors];
    return { kind: 'validated', response: response(body, findings, env.duplicate ?? false), findings, xml: null, invoice: null, sources: null };
  }
  const invoice = normalizeInvoice(body);
  const entity = env.findEntity(invoice.entity_id);
  const endpoint = deriveBuyerEndpoint(invoice.buyer, invoice.transaction_type_code);
  const rate = invoice.currency === 'AED' ? undefined : resolveRate(invoice.currency, invoice.date, invoice.exchange_rate, env.rates, env.today);
  const totals = computeTotals(invoice);
  const typeCode = invoiceTypeCode(invoice);
  const findings: Finding[] = [...unknown, ...runRules({ invoice, entity, endpoint, rate, totals, typeCode })];

  const unwritable = entity ? unwritableEntity(entity) : [];
  for (const f of unwritable) findings.push(f);

  const buildable = entity && !unwritable.length && endpoint.endpoint && invoice.line_items.every((l) => (TAX_CATEGORIES as readonly string[]).includes(l.tax_category));
  const built = buildable ? build(findings, {
    invoice, entity, endpoint: endpoint.endpoint!, totals, rate: rate?.rate, lineAmounts: env.lineAmounts,
    uuid: invoiceUuid(env.uuid ?? { kind: 'random' }, invoice.entity_id, invoice.invoice_number),
  }) : null;
  // PINT-AE findings on the built document name the request field it came from (the source map, not a re-parse).
  // A loop, not push(...): a document may have more findings than a call can take arguments (about 120,000).
  if (built && env.schematron) for (const f of withFields(withoutRepeats(env.schematron.run(built.xml), findings), built.sources)) findings.push(f);
  return { kind: 'validated', response: response(body, findings, env.duplicate ?? false), findings, xml: built?.xml ?? null, invoice, sources: built?.sources ?? null };
}

/**
 * The document and its source map. Text no XML can carry is refused before this (checkSchema, unwritableEntity); if
 * any still reached the writer, the invoice gets a located finding instead of a broken document.
 */
function build(findings: Finding[], input: BuildInput): Serialized | null {
  try {
    return renderInvoiceWithSources(input);
  } catch (e) {
    if (!(e instanceof UnwritableText)) throw e;
    const field = e.field ?? '(body)';
    findings.push({ message: `${e.message}: no document was written`, section: sectionOfField(field), severity: 'error', field });
    return null;
  }
}

/**
 * PINT-AE findings the rule engine already reported (with the input field), under the same rule id or under the id
 * the spec gives that mistake (SAME_MISTAKE), are not repeated.
 */
function withoutRepeats(schematron: Finding[], engine: Finding[]): Finding[] {
  const reported = new Set<string>();
  for (const { rule } of engine) {
    if (!rule) continue;
    reported.add(rule);
    for (const same of lookup(SAME_MISTAKE, rule) ?? []) reported.add(same);
  }
  const seen = new Set<string>();
  return schematron.filter((f) => {
    const key = `${f.rule}|${f.message}|${f.location}`;
    if ((f.rule && reported.has(f.rule)) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
