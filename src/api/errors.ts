import { redact, redactDeep } from './redact.js';
import { netWords, type AnswerProblem } from '../messages/net.js';
import { textOf, type MessageRef } from '../messages/ref.js';
import type { Text } from '../messages/lang.js';
import { visible } from '../messages/visible.js';

/**
 * What an answer's headers say beyond its body: where a redirect points (pintae follows none: the token would go
 * along), and how long the service asks to be left alone (Retry-After of a 429 or 503), with whether that is longer
 * than pintae waits within a run.
 */
export interface AnswerHints {
  location?: string;
  retryAfterMs?: number;
  waitTooLong?: boolean;
  maxWaitMs?: number;
}

/** Pulls a human sentence out of an error body of unknown shape (spec 7: bodies beyond a list of field errors are not shown). */
export function bodyMessage(body: unknown): string | undefined {
  // Said in a sentence on the terminal: an escape sequence in the service's words is shown, never acted on.
  const said = rawBodyMessage(body);
  return said === undefined ? undefined : visible(said);
}

function rawBodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 300) || undefined;
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
  const fieldErrors = Array.isArray(b.errors)
    ? (b.errors as unknown[]).map((e) => (e && typeof e === 'object' ? [(e as Record<string, unknown>).field, (e as Record<string, unknown>).message].filter((x) => typeof x === 'string').join(': ') : String(e))).filter(Boolean)
    : [];
  return [message, ...fieldErrors].filter(Boolean).join('; ') || undefined;
}

/** An HTTP answer that is not a success: its status, its body (redacted), and a sentence a user can act on. */
export class ApiError extends Error {
  readonly body: unknown;
  /** The entry of the message (src/messages/net.ts), so the CLI says it in its language; the service's words stay its own. */
  said: MessageRef;
  constructor(readonly status: number, body: unknown, readonly method: string, readonly path: string, hints: AnswerHints = {}) {
    const detail = bodyMessage(body);
    const p = { method, path, status, ...(detail ? { detail } : {}), ...hintWords(hints) };
    super(redact(netWords('net.http-error', p).message));
    this.name = 'ApiError';
    this.body = redactDeep(body);
    this.said = redactedRef(netWords('net.http-error', p).said);
  }
}

/**
 * A 200 to a status read whose body is no invoice status: something other than the service may have answered. A
 * failure of the service's part, as a 5xx is: a follow-up tries it again next round (api/follow.ts).
 */
export class ApiNotStatusError extends ApiError {
  constructor(method: string, path: string, body: unknown) {
    super(200, body, method, path);
    const detail = bodyMessage(body);
    const words = netWords('net.not-status', { method, path, ...(detail ? { detail } : {}) });
    this.message = redact(words.message);
    this.said = redactedRef(words.said);
  }
}

/** What the answer's headers add to its sentence: the redirect's target as text, the wait asked for in whole seconds. */
function hintWords(h: AnswerHints): { location?: string; wait?: number; maxWait?: number } {
  return {
    ...(h.location !== undefined ? { location: visible(h.location) } : {}),
    ...(h.retryAfterMs !== undefined ? { wait: Math.ceil(h.retryAfterMs / 1000) } : {}),
    ...(h.waitTooLong && h.maxWaitMs !== undefined ? { maxWait: Math.round(h.maxWaitMs / 1000) } : {}),
  };
}

/** A reference with its text parameters redacted as the message is (a token in a path or in the service's words). */
function redactedRef(ref: MessageRef): MessageRef {
  return { id: ref.id, p: Object.fromEntries(Object.entries(ref.p).map(([k, v]) => [k, typeof v === 'string' ? redact(v) : v])) };
}

/** The same error, said to add that an entity may have been created all the same (its answer was lost or failed). */
export function mayHaveCreated(e: ApiError | ApiUnreachableError): void {
  e.said = { id: e.said.id, p: { ...e.said.p, maybeCreated: true } };
  e.message = redact((textOf(e.said.id) as Text<Record<string, unknown>>).en(e.said.p));
}

/**
 * No answer was read: a connection error or a timeout, after every allowed attempt. `mayHaveArrived` is false only
 * when the request provably never left (connection refused, connect timeout, unknown host), so a send can be called
 * unknown. `words`: the error in words, its code in brackets (net-words.ts).
 */
export class ApiUnreachableError extends Error {
  /** The entry of the message (src/messages/net.ts). */
  said: MessageRef;
  constructor(readonly code: string, readonly mayHaveArrived: boolean, readonly method: string, readonly path: string, readonly attempts: number, detail?: string) {
    const words = netWords('net.unreachable', { method, path, attempts, code, ...(detail !== undefined ? { detail } : {}) });
    super(redact(words.message));
    this.name = 'ApiUnreachableError';
    this.said = redactedRef(words.said);
  }
}

/**
 * The service answered (a status came) but its body could not be read: larger than allowed, or too slow (answer.ts).
 * Never retried; to everything that handles a lost answer it is one (the request arrived: a send's outcome is unknown).
 */
export class ApiUnreadableAnswerError extends ApiUnreachableError {
  readonly status: number;
  constructor(code: 'ANSWER_TOO_LARGE' | 'ANSWER_TOO_SLOW', method: string, path: string, attempts: number, problem: AnswerProblem) {
    super(code, true, method, path, attempts);
    this.status = problem.status;
    const words = netWords('net.unreadable-answer', { method, path, ...problem });
    this.message = redact(words.message);
    this.said = redactedRef(words.said);
  }
}
