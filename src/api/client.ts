import { Agent, request } from 'undici';
import { ApiUnreachableError, ApiUnreadableAnswerError, type AnswerHints } from './errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readAnswer, UnreadableAnswer } from './answer.js';
import { backoffDelay, classifyError, DEFAULT_RETRY, MAYBE_PROCESSED_STATUSES, RETRY_STATUSES, retryAfterMs, type RetryPolicy } from './retry.js';
import { redact } from './redact.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../io/json-depth.js';
import { answerText } from '../io/text.js';
import { PINTAE_VERSION } from '../version.js';
import { ledgerAccount } from '../batch/ledger.js';

export type { AnswerHints };

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** Time allowed to open the TCP/TLS connection (default 10 s). */
  connectTimeoutMs?: number;
  /** Time allowed for one whole request, answer body included (default 60 s). */
  requestTimeoutMs?: number;
  /** The largest answer body read (default 64 MiB); a larger one fails the request, unretried (answer.ts). */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  /** Told about every retry (for a progress line); never given the token. */
  onRetry?: (event: { method: string; path: string; attempt: number; reason: string; delayMs: number }) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The clock a Retry-After date is read against (default Date.now). */
  now?: () => number;
}

/**
 * Which requests may be repeated: `any` retryable failure (reads, and invoice sends whose duplicates the service
 * refuses with 409), only failures where nothing was `not-sent` (entity creation: a repeat could create twice), or `none`.
 */
export type RetryMode = 'any' | 'not-sent' | 'none';

export interface HttpAnswer {
  status: number;
  body: unknown;
  attempts: number;
  /** An earlier attempt may have been processed (no answer read, or 500/502/503): a 409 now can be our own earlier send. */
  unknownEarlier: boolean;
  hints: AnswerHints;
}

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ApiClient {
  readonly baseUrl: string;
  private ownAccount: string | undefined;
  private readonly agent: Agent;
  private readonly policy: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly maxResponseBytes: number;

  /** The account the token sends for, as the ledger records it (a fingerprint, never the token: ledgerAccount). */
  get account(): string {
    return (this.ownAccount ??= ledgerAccount(this.options.token));
  }

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: this.requestTimeoutMs,
      bodyTimeout: this.requestTimeoutMs,
    });
  }

  async call(method: string, path: string, body?: unknown, mode: RetryMode = 'any'): Promise<HttpAnswer> {
    let unknownEarlier = false;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.policy.attempts || mode === 'none';
      let reason: string;
      let wait: number | undefined;
      try {
        const { headers, ...answer } = await this.once(method, path, body);
        const hints = this.hintsOf(answer.status, headers);
        const done = { ...answer, attempts: attempt, unknownEarlier, hints };
        if (!RETRY_STATUSES.has(answer.status) || last || mode === 'not-sent' || hints.waitTooLong) return done;
        unknownEarlier ||= MAYBE_PROCESSED_STATUSES.has(answer.status);
        reason = `HTTP ${answer.status}`;
        wait = hints.retryAfterMs;
      } catch (e) {
        if (e instanceof UnreadableAnswer) throw new ApiUnreadableAnswerError(e.reason === 'too-large' ? 'ANSWER_TOO_LARGE' : 'ANSWER_TOO_SLOW', method, path, attempt, e.problem);
        const c = classifyError(e);
        const mayHaveArrived: boolean = unknownEarlier || c.mayHaveArrived;
        if (!c.retryable || last || (mode === 'not-sent' && c.mayHaveArrived)) {
          throw new ApiUnreachableError(c.code, mayHaveArrived, method, path, attempt, c.detail);
        }
        unknownEarlier = mayHaveArrived;
        reason = c.words;
      }
      const delayMs = wait ?? backoffDelay(attempt, this.policy, this.options.random);
      this.options.onRetry?.({ method, path, attempt, reason, delayMs });
      await (this.options.sleep ?? sleepFor)(delayMs);
    }
  }

  private hintsOf(status: number, headers: Record<string, string | string[] | undefined>): AnswerHints {
    const hints: AnswerHints = {};
    const location = headers.location;
    if (status >= 300 && status < 400 && location !== undefined) hints.location = (Array.isArray(location) ? location[0]! : location).slice(0, 500);
    if (RETRY_STATUSES.has(status)) {
      const ms = retryAfterMs(headers['retry-after'], (this.options.now ?? Date.now)());
      if (ms !== undefined) Object.assign(hints, { retryAfterMs: ms, waitTooLong: ms > this.policy.maxRetryAfterMs, maxWaitMs: this.policy.maxRetryAfterMs });
    }
    return hints;
  }

  private async once(method: string, path: string, body: unknown): Promise<{ status: number; body: unknown; headers: Record<string, string | string[] | undefined> }> {
    const res = await request(`${this.baseUrl}${path}`, {
      method: method as 'GET',
      headers: {
        authorization: `Bearer ${this.options.token}`,
        accept: 'application/json',
        'user-agent': `pintae/${PINTAE_VERSION}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
      signal: AbortSignal.timeout(this.requestTimeoutMs),
    });
    const bytes = await readAnswer(res, { maxBytes: this.maxResponseBytes, timeoutMs: this.requestTimeoutMs });
    const text = answerText(bytes);
    let parsed: unknown = text;
    if (text.trim()) { try { parsed = JSON.parse(text); } catch { parsed = redact(text.slice(0, 2_000)); } } else parsed = null;
    // An answer is input too: one nested past the limit is kept as words, since redacting or printing it walks it.
    if (tooDeepAt(parsed)) parsed = `(an answer nested more than ${MAX_JSON_DEPTH} levels deep, not read)`;
    return { status: res.statusCode, body: parsed, headers: res.headers };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
