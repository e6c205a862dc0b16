import type { ApiClient } from './client.js';
import { invoiceStatus, type InvoiceStatus } from './invoices.js';

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
 * whether the deadline passed first.
 */
export async function followToTerminal(client: ApiClient, ids: string[], options: FollowOptions): Promise<{ statuses: Map<string, InvoiceStatus>; timedOut: boolean }> {
  const statuses = new Map<string, InvoiceStatus>();
  const deadline = options.now() + options.timeoutMs;
  let interval = options.intervalMs ?? 250;
  let pending = [...new Set(ids)];
  for (;;) {
    for (const id of pending) statuses.set(id, await invoiceStatus(client, id));
    pending = pending.filter((id) => !statuses.get(id)!.terminal);
    options.onPoll?.(pending.length, ids.length);
    if (pending.length === 0) return { statuses, timedOut: false };
    const left = deadline - options.now();
    if (left <= 0) return { statuses, timedOut: true };
    await options.sleep(Math.min(interval, left));
    interval = Math.min(options.maxIntervalMs ?? 5_000, Math.round(interval * 1.5));
  }
}
