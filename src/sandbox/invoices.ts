import { randomUUID } from 'node:crypto';
import type { Finding } from '../model/types.js';
import type { RateTable } from '../derive/rates.js';
import { validateInvoice, type PipelineEnv } from '../pipeline.js';
import { placeInBody } from '../batch/work.js';
import { SANDBOX_WORDS } from '../messages/sandbox.js';
import { isObject, message, notFound, reply, unreadableBody, type Reply } from './reply.js';
import { parseJson } from '../io/json.js';
import { ownedEntity, pipelineEntity, type Caller } from './entities.js';
import { statusView, type Processor } from './processor.js';
import type { InvoiceRecord, Store } from './store.js';

export interface InvoiceContext {
  store: Store;
  processor: Processor;
  rates?: RateTable;
  today: () => string;
  now: () => string;
  schematron?: { run(xml: string): Finding[] };
  /** Processing incidents (never a token). */
  log?: (line: string) => void;
}

/**
 * The conditional rules spec 4.1 names as 400 on push (decisions.md): they are about the request's own fields, so the
 * service refuses the request instead of accepting it and failing it later. Every other rule failure is a
 * VALIDATION_FAILED after 202 (spec 3).
 */
const CONDITIONAL: Array<(f: Finding) => boolean> = [
  (f) => f.rule === 'ibr-192-ae', // payment_account_id when payment_means_code is 30
  (f) => f.rule === 'ibr-101-ae' || f.rule === 'ibr-172-ae', // TL needs the authority name (buyer, seller block)
  (f) => f.rule === 'ibr-010-ae' || (f.rule === 'ibr-012-ae' && f.field === 'seller.passport_country'), // PAS needs the passport country
  // an export needs its delivery block: all of it missing, or the fields 7.3 names (IBT-075/077/079/080)
  (f) => (f.rule === 'ibr-152-ae' && f.field === 'delivery') || /^IBT-0(75|77|79|80)$/.test(f.rule ?? ''),
  (f) => f.field === 'buyer.trn' && f.section === 'contact_trn' && /required for a UAE buyer/.test(f.message), // UAE buyer: trn or participant_id
];
export const isConditional = (f: Finding): boolean => f.severity === 'error' && CONDITIONAL.some((test) => test(f));

const fieldErrors = (findings: Array<{ message: string; section: string; field?: string; rule?: string }>) =>
  findings.map(({ field, message, section, rule }) => ({ field: field ?? '(body)', message, section, ...(rule ? { rule } : {}) }));

function pipelineEnv(ctx: InvoiceContext, caller: Caller, withRules: boolean): PipelineEnv {
  return {
    findEntity: (id) => { const e = ownedEntity(ctx.store, caller, id); return e && pipelineEntity(e); },
    rates: ctx.rates,
    today: ctx.today(),
    schematron: withRules ? ctx.schematron : undefined,
  };
}

type Admitted = { entityId: string; invoiceNumber: string } | { refused: Reply };

/** What push refuses before storing anything: 400 (spec 4.1 schema and conditional rules) and 404 (entity). */
function admit(ctx: InvoiceContext, caller: Caller, body: unknown): Admitted {
  if (!isObject(body)) return { refused: message(400, 'The request is invalid', { errors: [{ field: '(body)', message: 'the invoice must be a JSON object (spec 2.1)', section: 'invoice_header' }] }) };
  // The PINT-AE rules run after the 202, with the rest of the pipeline; admission needs the schema and rule engine only.
  const outcome = validateInvoice(body, pipelineEnv(ctx, caller, false));
  if (outcome.kind === 'rejected') return { refused: reply(400, outcome.response) };
  if (!outcome.invoice) return { refused: message(400, 'The request is invalid', { errors: fieldErrors(outcome.response.data.errors) }) };
  const { entity_id: entityId, invoice_number: invoiceNumber } = outcome.invoice;
  if (!ownedEntity(ctx.store, caller, entityId)) return { refused: notFound(`Entity ${entityId}`) };
  const conditional = outcome.findings.filter(isConditional);
  if (conditional.length) return { refused: message(400, 'The request is invalid', { errors: fieldErrors(conditional) }) };
  return { entityId, invoiceNumber };
}

/** POST /oauth/invoices (spec 4.1). */
export function pushInvoice(ctx: InvoiceContext, caller: Caller, body: unknown): Reply {
  const admitted = admit(ctx, caller, body);
  if ('refused' in admitted) return admitted.refused;
  // Check and insert form one synchronous step (no await between them), and Node runs one step at a time: concurrent
  // pushes of the same entity and invoice_number are thereby serialized, and only the first is stored.
  const existing = ctx.store.invoiceByNumber(admitted.entityId, admitted.invoiceNumber);
  if (existing) {
    return message(409, `invoice_number ${admitted.invoiceNumber} was already submitted for entity ${admitted.entityId}`, { invoice_id: existing.invoice_id, status: existing.status });
  }
  const at = ctx.now();
  const record: InvoiceRecord = {
    // The invoice id is also the document's cbc:ID and cbc:UUID (spec 2.9: one generated UUID per invoice record).
    invoice_id: randomUUID(),
    application_id: caller.application,
    entity_id: admitted.entityId,
    invoice_number: admitted.invoiceNumber,
    body: body as Record<string, unknown>,
    status: 'PROCESSING',
    stage: 'received',
    errors: [],
    xml: null,
    history: [{ status: 'PROCESSING', at }],
    received_at: at,
    updated_at: at,
  };
  ctx.store.saveInvoice(record);
  ctx.processor.schedule(record);
  return reply(202, { message: 'Invoice accepted for processing', invoice_id: record.invoice_id, status: 'PROCESSING' }, true);
}

/**
 * POST /oauth/invoices/validate (spec 4.2, 2.10): the same pipeline, nothing stored. The answer is exactly the
 * `response` of `pintae validate` for the same body as text (its findings placed at their lines and columns in the
 * body sent), pintae's own findings (`pintae/…`) left out: the service would not answer them. Where the PINT-AE rules
 * could not be run on the document (pintae/rules-failed) there is no answer to give: 500, as a service whose
 * validator failed answers.
 */
export function validateEndpoint(ctx: InvoiceContext, caller: Caller, body: unknown, text = ''): Reply {
  // No body at all is no request of 4.1 to judge: serve's 400 for it, where the dry run answered an invoice's errors.
  if (body === undefined) { const empty = parseJson(text, 'body'); if (!empty.ok) return unreadableBody(empty); }
  const entityId = isObject(body) && typeof body.entity_id === 'string' && body.entity_id.trim() !== '' ? body.entity_id.trim() : undefined;
  if (entityId !== undefined && !ownedEntity(ctx.store, caller, entityId)) return notFound(`Entity ${entityId}`);
  const outcome = validateInvoice(body, pipelineEnv(ctx, caller, true));
  if (text.trim() !== '') placeInBody(text, outcome);
  if (outcome.kind === 'rejected') return reply(400, outcome.response);
  const failed = outcome.pintae.find((f) => f.severity === 'error');
  if (failed) {
    ctx.log?.(`validate: ${failed.message}`);
    return message(500, SANDBOX_WORDS.internal(SANDBOX_WORDS.rulesNotRun(failed.message)));
  }
  const response = outcome.response;
  const number = outcome.invoice?.invoice_number;
  const existing = entityId !== undefined && number !== undefined ? ctx.store.invoiceByNumber(entityId, number) : undefined;
  if (existing) {
    response.data.warnings.push({
      message: `invoice_number ${number} was already submitted for entity ${entityId} (invoice ${existing.invoice_id}): a push would be rejected with 409`,
      section: 'invoice_header', field: 'invoice_number', invoice_id: existing.invoice_id,
    } as (typeof response.data.warnings)[number]);
  }
  return reply(200, response);
}

/**
 * One bulk item as a single push. Spec 4.3: one failing item does not block the others, so even a fault of the
 * sandbox's own on one item is that item's 500, never the whole request's: the items before it are stored already.
 */
function pushItem(ctx: InvoiceContext, caller: Caller, item: unknown, index: number): Reply {
  try {
    return pushInvoice(ctx, caller, item);
  } catch (e) {
    ctx.log?.(`internal error on bulk item ${index}: ${(e as Error)?.message ?? String(e)}`);
    return message(500, 'Internal server error: this invoice was not processed; the other items were');
  }
}

/** POST /oauth/invoices/bulk (spec 4.3): each item as a single push; 207 with one result per item, in order. */
export function bulkInvoices(ctx: InvoiceContext, caller: Caller, body: unknown): Reply {
  const items = isObject(body) ? body.invoices : undefined;
  if (!Array.isArray(items)) return message(400, 'The request is invalid', { errors: [{ field: 'invoices', message: 'invoices must be an array of invoice bodies', section: 'invoice_header' }] });
  if (items.length === 0) return message(400, 'The request is invalid', { errors: [{ field: 'invoices', message: 'invoices must hold at least one invoice', section: 'invoice_header' }] });
  let committed = false;
  const results = items.map((item, index) => {
    const answer = pushItem(ctx, caller, item, index);
    committed ||= answer.committed === true;
    const number = isObject(item) && typeof item.invoice_number === 'string' ? item.invoice_number : null;
    return { invoice_number: number, status_code: answer.status, ...(answer.body as Record<string, unknown>) };
  });
  return reply(207, { results }, committed);
}

/** GET /oauth/invoices/{invoice_id}/status (spec 4.4, 2.11). */
export function invoiceStatus(ctx: InvoiceContext, caller: Caller, invoiceId: string): Reply {
  const record = ctx.store.invoices.get(invoiceId);
  if (!record || record.application_id !== caller.application) return notFound(`Invoice ${invoiceId}`);
  return reply(200, statusView(record));
}
