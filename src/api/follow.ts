import type { ApiClient } from './client.js';
import { invoiceStatus, type InvoiceStatus } from './invoices.js';
import { ApiError, ApiNotStatusError, ApiUnreachableError } from './errors.js';

/**
 * A failure worth another read later: the service failed, was not reached, or something else answered in its place
 * (a refusal, 401 or 404, is not).
 */
const transient = (e: unknown): boolean => e instanceof ApiUnreachableError || e instanceof ApiNotStatusError || (e instanceof ApiError && (e.status >= 500 || e.status === 429));

export interface FollowOptions {
  /** Give up after this long (ms); the invoices still pending are returned without a terminal status. */
  timeoutMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** First pause between polls, growing ×1.5 to `maxIntervalMs`. */
  intervalMs?: number;
  maxIntervalMs?: number;
  onPoll?: (pending: number, total: number) => void;
}

/**
 * Polls GET /oauth/invoices/{id}/status for every id until `terminal` is true (spec 3: clients stop when terminal
 * is true and switch on category), with a growing pause between rounds. Returns the latest status of each id and
 * whether the deadline passed first. A read that fails for the service's part is tried again the next round.
 */
export async function followToTerminal(client: ApiClient, ids: string[], options: FollowOptions): Promise<{ statuses: Map<string, InvoiceStatus>; timedOut: boolean }> {
  const statuses = new Map<string, InvoiceStatus>();
  const deadline = options.now() + options.timeoutMs;
  let interval = options.intervalMs ?? 250;
  let pending = [...new Set(ids)];
  for (;;) {
    // A read the service failed (5xx, 429, no answer, after the client's own retries) is tried again next round: one
    // flaky answer among hundreds must not lose every status. A round that reads none stops the follow (it is down).
    let read = 0;
    let failure: unknown;
    for (const id of pending) {
      try { statuses.set(id, await invoiceStatus(client, id)); read++; } catch (e) {
        if (!transient(e)) throw e;
        failure = e;
      }
    }
    if (failure !== undefined && read === 0) throw failure;
    pending = pending.filter((id) => !statuses.get(id)?.terminal);
    options.onPoll?.(pending.length, ids.length);
    if (pending.length === 0) return { statuses, timedOut: false };
    const left = deadline - options.now();
    if (left <= 0) {
      // An invoice never read by the deadline has no status to give: the last failure says why.
      if (failure !== undefined && pending.some((id) => !statuses.has(id))) throw failure;
      return { statuses, timedOut: true };
    }
    await options.sleep(Math.min(interval, left));
    interval = Math.min(options.maxIntervalMs ?? 5_000, Math.round(interval * 1.5));
  }
}
