import type { Finding, PintaeEntry, ResponseEntry, ValidateResponse } from '../model/types.js';
import type { Links } from './causes.js';
import { answered, isPintaeOwn as isOwn } from './answer.js';
import { finding } from '../messages/findings.js';
import type { Worded } from '../messages/ref.js';

/*
 * The service's answer to a validation (spec 2.10) made of its findings, with pintae's own beside it: what validate
 * (pipeline.ts) and check (check.ts) both answer. Apart from the pipeline so that a check loads nothing of the
 * request body's pipeline (schema, normalization, the service's rules, the UBL builder).
 */

export const MESSAGE_VALID = 'Invoice is valid and ready to send';
export const MESSAGE_INVALID = 'Invoice has validation errors';

/**
 * Spec 2.10: the warning on an invoice_number already used for the same entity earlier in the run. An entry of the
 * response, which carries no reference: a report says it in its language by matching these words (speak.ts).
 */
export function duplicateWarning(body: Record<string, unknown>): ValidateResponse['data']['warnings'][number] {
  return { message: duplicateWords(body.invoice_number, body.entity_id).message, section: 'invoice_header', field: 'invoice_number' };
}
export const duplicateWords = (number: unknown, entity: unknown): Worded => finding('invoice.duplicate', { number: String(number), entity: String(entity) });

const entry = ({ message, section, rule, field, location, line, column, suggestion, cause, rule_text, hint }: Finding): ResponseEntry => ({
  message, section, ...(rule ? { rule } : {}), ...(field ? { field } : {}), ...(location ? { location } : {}), ...(line !== undefined ? { line, column: column ?? 1 } : {}),
  ...(suggestion !== undefined ? { suggestion } : {}), ...(cause !== undefined ? { cause } : {}), ...(rule_text !== undefined ? { rule_text } : {}),
  ...(hint !== undefined ? { hint } : {}),
});

/** One of pintae's own findings as a result lists it beside the response. */
export const pintaeEntry = (f: Finding): PintaeEntry => ({ ...entry(f), severity: f.severity, ...(f.explains?.length ? { explains: f.explains } : {}) });

/**
 * The service's answer (spec 2.10) for the findings of the service's rules: errors, then warnings, as `answered`
 * orders them. A finding of pintae's own given here is left out: it is listed beside the response (`pintae`).
 */
export function response(body: Record<string, unknown>, findings: Finding[], duplicate: boolean): ValidateResponse {
  const errors = findings.filter((f) => f.severity === 'error' && !isOwn(f)).map(entry);
  const warnings = findings.filter((f) => f.severity === 'warning' && !isOwn(f)).map(entry);
  if (duplicate) warnings.push(duplicateWarning(body));
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    message: errors.length ? MESSAGE_INVALID : MESSAGE_VALID,
    data: { is_valid: errors.length === 0, entity_id: text(body.entity_id), invoice_number: text(body.invoice_number), total_errors: errors.length, errors, warnings },
  };
}

/**
 * A validated outcome of findings already split (src/findings/answer.ts): the response of the service's, pintae's own
 * beside it, and the verdict, which only an error of pintae's own (its rules could not be run) makes stricter.
 */
export function answerOf(body: Record<string, unknown>, findings: readonly Finding[], links: Links, duplicate: boolean): { response: ValidateResponse; pintae: PintaeEntry[]; valid: boolean; findings: Finding[] } {
  const split = answered(findings, links);
  const answer = response(body, split.service, duplicate);
  const pintae = split.own.map(pintaeEntry);
  return { response: answer, pintae, valid: answer.data.is_valid && !pintae.some((f) => f.severity === 'error'), findings: split.all };
}
