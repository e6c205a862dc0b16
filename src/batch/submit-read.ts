import { fsErrorWords } from '../io/input-file.js';
import { apiWords } from '../messages/api.js';
import type { MessageRef } from '../messages/ref.js';
import { nestingFinding, validateInvoice, type PipelineEnv } from '../pipeline.js';
import { tooDeepAt } from '../io/json-depth.js';
import { parseJson } from '../io/json.js';
import { ioWorded } from '../messages/io.js';
import { subjectWords } from '../messages/subject.js';
import { UndecodableText } from '../io/text.js';
import { readSource, type Source } from './discover.js';
import { invoicesOf } from './run.js';
import { payloadHash } from './ledger.js';

/** One invoice ready to send: its raw body (sent as read), and the ledger identity of that body. */
export interface Sendable {
  file: string;
  index: number | null;
  body: Record<string, unknown>;
  entity_id: string;
  invoice_number: string;
  sha256: string;
}

export type Outcome = 'accepted' | 'recovered' | 'skipped' | 'exists' | 'rejected' | 'unknown' | 'unsent' | 'refused' | 'invalid' | 'unreadable';

export interface SubmitResult {
  file: string;
  index: number | null;
  entity_id: string | null;
  invoice_number: string | null;
  outcome: Outcome;
  invoice_id?: string | null;
  status?: string | null;
  http?: number;
  message?: string;
  /** The catalogue entry `message` was said from (issue 26): the CLI says it in the run's language; never written out. */
  said?: MessageRef;
  /** English message of an entry of `errors` → the catalogue entry it was said from; never written out. */
  errorsSaid?: Readonly<Record<string, MessageRef>>;
  /**
   * Why the invoice was not sent or was refused. An invalid invoice's root causes that are pintae's warnings (a key
   * that wraps the body, a misspelled key that the errors follow from) come first, with `severity: 'warning'`.
   */
  errors?: Array<{ message: string; section?: string; rule?: string; field?: string; severity?: 'warning' }>;
}

/**
 * Reads invoices for push/bulk, and validates each offline with the pipeline `validate` uses (env undefined:
 * --no-validate). Yields what may be sent, or the result that stops it: unreadable file, invalid invoice, or a
 * second invoice with the same entity_id and invoice_number in this run (the service would refuse it with 409).
 */
export function* readSendables(sources: Source[], env: PipelineEnv | undefined, readStdin: () => string): Generator<Sendable | SubmitResult> {
  const firstSeen = new Map<string, string>();
  for (const source of sources) {
    let text: string;
    try { text = readSource(source, readStdin); } catch (e) {
      // Bytes that are not text are located as a JSON error is: path:line:column.
      yield unreadable(source.path, e instanceof UndecodableText ? `${source.path}:${e.message}` : fsErrorWords(e));
      continue;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) { yield unreadable(source.path, `${source.path}:${parsed.line}:${parsed.column}: ${parsed.message}`); continue; }
    const { items, indexed } = invoicesOf(parsed.value);
    if (indexed && items.length === 0) {
      const { message, said } = ioWorded('io.input.empty-list', { subject: subjectWords('file') });
      yield { ...unreadable(source.path, message), ...(said ? { said } : {}) };
      continue;
    }
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const index = indexed ? i : null;
      const where = index === null ? source.path : `${source.path}[${index}]`;
      const body = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
      const entity_id = typeof body?.entity_id === 'string' ? body.entity_id : null;
      const invoice_number = typeof body?.invoice_number === 'string' ? body.invoice_number.trim() : null;
      // Even unvalidated (--no-validate), a body nested past the limit is not sent: hashing and sending it walk it.
      const deep = env ? undefined : tooDeepAt(item);
      if (deep) {
        const finding = nestingFinding(deep);
        yield { file: source.path, index, entity_id, invoice_number, outcome: 'invalid', errors: [{ message: finding.message, section: finding.section, field: finding.field! }], ...apiWords('api.submit.too-deep', { reason: finding.message }) };
        continue;
      }
      if (env) {
        const outcome = validateInvoice(item, env);
        // pintae's verdict: the rules that could not be run (pintae/rules-failed) keep an invoice back too.
        const errors = outcome.kind === 'rejected' ? outcome.response.errors
          : [...outcome.response.data.errors, ...outcome.pintae.filter((f) => f.severity === 'error').map(({ message, section, field }) => ({ message, section, ...(field ? { field } : {}) }))];
        if (outcome.kind === 'rejected' || !outcome.valid) {
          const errorsSaid = outcome.kind === 'rejected' ? {} : Object.fromEntries(outcome.findings.flatMap((f) => (f.said ? [[f.message, f.said] as const] : [])));
          // The warnings the errors follow from (the wrapping key, the misspelled one): the root causes, said first.
          const causes = outcome.kind === 'rejected' ? [] : outcome.pintae.filter((f) => f.severity === 'warning' && f.explains?.length)
            .map(({ message, section, rule, field }) => ({ message, section, ...(rule ? { rule } : {}), ...(field ? { field } : {}), severity: 'warning' as const }));
          yield { file: source.path, index, entity_id, invoice_number, outcome: 'invalid', errors: [...causes, ...errors], errorsSaid,
            ...apiWords('api.submit.invalid', { errors: errors.length }) };
          continue;
        }
      }
      if (!body || !entity_id || !invoice_number) {
        yield { file: source.path, index, entity_id, invoice_number, outcome: 'invalid', ...apiWords('api.submit.no-ids', {}) };
        continue;
      }
      const key = `${entity_id}\u0000${invoice_number}`;
      const earlier = firstSeen.get(key);
      if (earlier !== undefined) {
        yield { file: source.path, index, entity_id, invoice_number, outcome: 'refused', ...apiWords('api.submit.duplicate', { earlier, number: invoice_number, entity: entity_id }) };
        continue;
      }
      firstSeen.set(key, where);
      yield { file: source.path, index, body, entity_id, invoice_number, sha256: payloadHash(body) };
    }
  }
}

export const isSendable = (x: Sendable | SubmitResult): x is Sendable => 'sha256' in x;

function unreadable(file: string, message: string): SubmitResult {
  return { file, index: null, entity_id: null, invoice_number: null, outcome: 'unreadable', message };
}
