import { CERTIFICATE_CODES, networkWords } from './net-words.js';

/**
 * The retry policy, in one place (spec 4.1: 500 and 502 mean "retry"; 400, 401, 403, 404, 409 and 422 are answers
 * and are never retried). Connection errors and timeouts are retried too, with capped exponential backoff and full
 * jitter so that many clients recovering at once do not hammer the service in step. 429 and 503, which the spec does
 * not show (rate limits: not shown, spec 8), are HTTP's "come back later": retried after the service's Retry-After
 * when it asks for no more than `maxRetryAfterMs`, else given up on at once (docs/decisions.md, "The API audit").
 * An answer whose status came but whose body could not be read (too large, too slow: answer.ts) is never retried.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After waited within a run; a longer one ends the request's attempts. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 };

export const RETRY_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 429]);

/** Statuses after which the request may have been processed all the same (a 429 refuses it unprocessed). */
export const MAYBE_PROCESSED_STATUSES: ReadonlySet<number> = new Set([500, 502, 503]);

const IMF_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The wait a Retry-After header asks for, in ms from `now` (RFC 9110 10.2.3: delay-seconds, a whole number, or an
 * HTTP date, read in its preferred IMF-fixdate form): a date past is 0; anything else (a fraction, a sign, words)
 * is no wait at all, and the backoff applies.
 */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  if (!IMF_DATE.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Delay before attempt `attempt + 1` (attempt counts from 1): uniform in [0, min(max, base × 2^(attempt-1))]. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** Errors after which the request provably never reached the service: nothing can have been stored. */
const NOT_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** Errors after which the request may or may not have been processed. */
const MAYBE_SENT = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CLOSED', 'TimeoutError']);

/** Errors where nothing was sent and a repeat would get the same verdict: a host name that does not exist, a refused certificate. */
const NOT_SENT_FINAL = new Set(['ENOTFOUND', 'EAI_FAIL', ...CERTIFICATE_CODES]);

/** `words`: the error said for a person, code in brackets (net-words.ts). */
export interface ErrorClass { code: string; retryable: boolean; mayHaveArrived: boolean; detail: string; words: string }

/** Classifies a transport error (undici, node:net, or the whole-request AbortSignal timeout). */
export function classifyError(error: unknown): ErrorClass {
  const e = error as { code?: unknown; name?: string; message?: string; cause?: { code?: unknown; message?: string } };
  // DOMException (the AbortSignal timeout) carries a numeric legacy code: only string codes name a cause.
  const own = typeof e?.code === 'string' && e.code !== 'UND_ERR_ABORTED' ? e.code : undefined;
  const cause = typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  const code = own ?? cause ?? (e?.name === 'TimeoutError' || e?.name === 'AbortError' ? 'TimeoutError' : e?.name ?? 'Error');
  const detail = code === 'TimeoutError' ? 'the whole-request timeout elapsed' : (e?.cause?.message ?? e?.message ?? String(error));
  const words = networkWords(code, detail);
  if (NOT_SENT.has(code)) return { code, retryable: true, mayHaveArrived: false, detail, words };
  if (MAYBE_SENT.has(code)) return { code, retryable: true, mayHaveArrived: true, detail, words };
  return { code, retryable: false, mayHaveArrived: !NOT_SENT_FINAL.has(code), detail, words };
}
