import type { AnswerHints, ApiClient } from './client.js';
import { ApiError, ApiNotStatusError } from './errors.js';
import { MAYBE_PROCESSED_STATUSES } from './retry.js';
import type { MessageRef } from '../messages/ref.js';
import { visible } from '../messages/visible.js';
import { apiWords } from '../messages/api.js';
import { pathSegment } from './path.js';
import type { RejectedResponse, ValidateResponse } from '../model/types.js';

/** Spec 2.11. */
export interface InvoiceStatus {
  invoice_id: string;
  invoice_number?: string;
  direction?: string;
  status: string;
  category?: string;
  terminal: boolean;
  errors?: Array<{ message?: string; section?: string; rule?: string; [k: string]: unknown }>;
}

/**
 * The answer to one invoice sent: `accepted` (202), or `exists` (409 answered to a first send: the number was used
 * before, by someone). A 409 answered to a repeat of a send whose outcome was unknown is our own earlier send
 * arriving: `accepted` with `recovered` (the service's uniqueness per entity is what makes a resend safe, spec 4.1).
 */
export type SendOutcome =
  | { kind: 'accepted'; invoice_id: string | null; status: string | null; recovered: boolean; http: number }
  | { kind: 'exists'; invoice_id: string | null; http: 409; message?: string }
  | { kind: 'rejected'; http: number; error: ApiError }
  /** 500/502/503 after every retry, or a bulk item without an HTTP status: it may be stored, a rerun resends it. */
  | { kind: 'unknown'; http?: number; message: string; said: MessageRef };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** The invoice_id in a 202/409 body: top level, under `data`, or named `existing_invoice_id` (409 bodies are not shown in spec 7.3). */
export function invoiceIdOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const data = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : {};
  return str(b.invoice_id) ?? str(b.existing_invoice_id) ?? str(data.invoice_id) ?? str(data.existing_invoice_id);
}

function statusOf(body: unknown): string | null {
  return body && typeof body === 'object' ? str((body as Record<string, unknown>).status) : null;
}

/** An HTTP status as a bulk item may give it: a whole number from 100 to 599, or its three digits as text. */
function httpStatus(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{3}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : undefined;
}

/** Turns one answer (single send, or one item of a bulk 207) into a SendOutcome. */
export function sendOutcome(http: number, body: unknown, unknownBefore: boolean, path: string, hints: AnswerHints = {}): SendOutcome {
  if (MAYBE_PROCESSED_STATUSES.has(http)) {
    const error = new ApiError(http, body, 'POST', path, hints);
    return { kind: 'unknown', http, message: error.message, said: error.said };
  }
  if (http >= 200 && http < 300) return { kind: 'accepted', invoice_id: invoiceIdOf(body), status: statusOf(body), recovered: false, http };
  if (http === 409) {
    if (unknownBefore) return { kind: 'accepted', invoice_id: invoiceIdOf(body), status: null, recovered: true, http };
    const message = body && typeof body === 'object' ? str((body as Record<string, unknown>).message) ?? undefined : undefined;
    return { kind: 'exists', invoice_id: invoiceIdOf(body), http, message };
  }
  return { kind: 'rejected', http, error: new ApiError(http, body, 'POST', path, hints) };
}

/** One item of a 207 (spec 4.3: each holds its status_code); one without a usable status is of unknown outcome. */
function itemOutcome(status: unknown, item: Record<string, unknown>, unknownBefore: boolean, path: string, bulkStatus: number): SendOutcome {
  const http = httpStatus(status);
  if (http !== undefined) return sendOutcome(http, item, unknownBefore, path);
  const given = status === undefined ? undefined : visible(JSON.stringify(status) ?? String(status)).slice(0, 60);
  const words = apiWords('api.answer.item-status', { path, status: bulkStatus, given });
  return { kind: 'unknown', message: words.message, said: words.said };
}

/** POST /oauth/invoices. `unknownBefore`: an earlier run sent this same payload and never read the answer (ledger). */
export async function pushInvoice(client: ApiClient, body: unknown, unknownBefore = false): Promise<SendOutcome> {
  const answer = await client.call('POST', '/oauth/invoices', body, 'any');
  return sendOutcome(answer.status, answer.body, unknownBefore || answer.unknownEarlier, '/oauth/invoices', answer.hints);
}

/** POST /oauth/invoices/bulk: one outcome per item, in the order sent (spec 4.3: 207 with per-item status_code). */
export async function pushBulk(client: ApiClient, bodies: unknown[], unknownBefore: boolean[]): Promise<SendOutcome[]> {
  const path = '/oauth/invoices/bulk';
  const answer = await client.call('POST', path, { invoices: bodies }, 'any');
  const results = answer.body && typeof answer.body === 'object' ? (answer.body as { results?: unknown }).results : undefined;
  if (answer.status !== 207 && !(answer.status >= 200 && answer.status < 300 && Array.isArray(results))) throw new ApiError(answer.status, answer.body, 'POST', path, answer.hints);
  if (!Array.isArray(results) || results.length !== bodies.length) {
    throw new ApiError(answer.status, { message: apiWords('api.answer.count', { results: Array.isArray(results) ? results.length : undefined, invoices: bodies.length }).message }, 'POST', path);
  }
  return results.map((r, i) => {
    const item = (r ?? {}) as Record<string, unknown>;
    const sent = String((bodies[i] as Record<string, unknown>).invoice_number ?? '');
    if (typeof item.invoice_number === 'string' && item.invoice_number.trim() !== sent.trim()) {
      throw new ApiError(answer.status, { message: apiWords('api.answer.order', { i, got: String(item.invoice_number), sent }).message }, 'POST', path);
    }
    return itemOutcome(item.status_code, item, unknownBefore[i]! || answer.unknownEarlier, path, answer.status);
  });
}

/** GET /oauth/invoices/{id}/status. */
export async function invoiceStatus(client: ApiClient, invoiceId: string): Promise<InvoiceStatus> {
  const path = `/oauth/invoices/${pathSegment(invoiceId)}/status`;
  const answer = await client.call('GET', path);
  if (answer.status !== 200) throw new ApiError(answer.status, answer.body, 'GET', path, answer.hints);
  const b = answer.body;
  const s = (isObject(b) && isObject(b.data) && !('status' in b) ? b.data : isObject(b) ? b : {}) as Record<string, unknown>;
  // An answer with neither (an HTML page, a list, a string) is not the service's status: read as a status with nothing
  // known, it was polled until --timeout, a pending status shown for an invoice that may have long been delivered.
  if (typeof s.status !== 'string' && typeof s.terminal !== 'boolean') throw new ApiNotStatusError('GET', path, b);
  return { ...s, invoice_id: str(s.invoice_id) ?? invoiceId, status: str(s.status) ?? 'UNKNOWN', terminal: s.terminal === true } as InvoiceStatus;
}

/** POST /oauth/invoices/validate: always 200 with the 2.10 body, or 400 for an invalid registration type (spec 4.2). */
export async function validateRemote(client: ApiClient, body: unknown): Promise<{ kind: 'validated'; response: ValidateResponse } | { kind: 'rejected'; response: RejectedResponse }> {
  const path = '/oauth/invoices/validate';
  const answer = await client.call('POST', path, body, 'any');
  if (answer.status === 200) return { kind: 'validated', response: answer.body as ValidateResponse };
  if (answer.status === 400) return { kind: 'rejected', response: answer.body as RejectedResponse };
  throw new ApiError(answer.status, answer.body, 'POST', path, answer.hints);
}
