import { redact, redactDeep } from './redact.js';

/** Pulls a human sentence out of an error body of unknown shape (spec 7: bodies beyond a list of field errors are not shown). */
export function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
  const fieldErrors = Array.isArray(b.errors)
    ? (b.errors as unknown[]).map((e) => (e && typeof e === 'object' ? [(e as Record<string, unknown>).field, (e as Record<string, unknown>).message].filter((x) => typeof x === 'string').join(': ') : String(e))).filter(Boolean)
    : [];
  return [message, ...fieldErrors].filter(Boolean).join('; ') || undefined;
}

/** What a status code means for a pintae user: the wording lives here, in one place. */
function explain(status: number, path: string): string | undefined {
  switch (status) {
    case 401: return 'the access token was refused (missing, expired or invalid): check PINTAE_TOKEN or PINTAE_TOKEN_FILE';
    case 403: return 'rejected by the gateway: the invoice is not from a partner\'s organisation (the seller identity must be the entity\'s registry code; spec 7.1)';
    case 404: return path.includes('/entities') || path === '/oauth/invoices' || path.endsWith('/bulk') || path.endsWith('/validate')
      ? 'not found: the entity does not exist or does not belong to (is not connected to) this application — see pintae entities list / connect'
      : 'not found: no such invoice for this application';
    case 409: return 'already submitted: this invoice_number was already used for the entity';
    case 422: return 'the invoice fails the PINT-AE rules';
    case 400: return 'the request was refused (schema or conditional-rule failure)';
    case 500: case 502: return 'the service failed (internal or gateway error)';
    default: return undefined;
  }
}

/** An HTTP answer that is not a success: its status, its body (redacted), and a sentence a user can act on. */
export class ApiError extends Error {
  readonly body: unknown;
  constructor(readonly status: number, body: unknown, readonly method: string, readonly path: string) {
    const detail = bodyMessage(body);
    const meaning = explain(status, path) ?? `unexpected HTTP ${status}`;
    super(redact(`${method} ${path}: HTTP ${status}: ${meaning}${detail ? ` (${detail})` : ''}`));
    this.name = 'ApiError';
    this.body = redactDeep(body);
  }
}

/**
 * No answer was read: a connection error or a timeout, after every allowed attempt. `mayHaveArrived` is false only
 * when the request provably never left (connection refused, connect timeout, unknown host), so a send can be called
 * unknown. `words`: the error in words, its code in brackets (net-words.ts).
 */
export class ApiUnreachableError extends Error {
  constructor(readonly code: string, readonly mayHaveArrived: boolean, readonly method: string, readonly path: string, readonly attempts: number, words: string) {
    super(redact(`${method} ${path}: no answer after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${words}`));
    this.name = 'ApiUnreachableError';
  }
}

/**
 * The service answered (a status came) but its body could not be read: larger than allowed, or too slow (answer.ts).
 * Never retried; to everything that handles a lost answer it is one (the request arrived: a send's outcome is unknown).
 */
export class ApiUnreadableAnswerError extends ApiUnreachableError {
  constructor(code: 'ANSWER_TOO_LARGE' | 'ANSWER_TOO_SLOW', method: string, path: string, attempts: number, readonly status: number, words: string) {
    super(code, true, method, path, attempts, words);
    this.message = redact(`${method} ${path}: ${words}; not retried`);
  }
}
