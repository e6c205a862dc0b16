/**
 * `bulk --wait` and `status --wait` follow invoices to a terminal status (spec 3). qa11: one status read the service
 * failed (a 500 after the client's own retries) among many stopped the follow of every invoice, none reported, exit 1,
 * against `pintae sandbox --fail-rate 0.3`. A failed read is tried again the next round; a round that reads nothing
 * (the service is down) still stops the follow, and a refusal (404) at once.
 */
import { describe, expect, it } from 'vitest';
import { followToTerminal } from '../../../src/api/follow.js';
import type { ApiClient } from '../../../src/api/client.js';
import { ApiError, ApiNotStatusError } from '../../../src/api/errors.js';

/** What a 200 may carry that is no status: a captive portal's page, a list, a string. */
type NotStatus = { body: unknown };

/** A client whose answers to GET …/{id}/status follow a script per id: a status code, a status with `terminal`, or a 200 with another body. */
function scripted(script: Record<string, Array<number | { status: string; terminal: boolean } | NotStatus>>) {
  const calls: string[] = [];
  const client = {
    async call(_method: string, path: string) {
      const id = /\/oauth\/invoices\/([^/]+)\/status$/.exec(path)![1]!;
      calls.push(id);
      const steps = script[id]!;
      const step = steps.length > 1 ? steps.shift()! : steps[0]!;
      if (typeof step === 'number') return { status: step, body: { message: 'Internal server error' } };
      if ('body' in step) return { status: 200, body: step.body };
      return { status: 200, body: { invoice_id: id, ...step, category: step.terminal ? 'success' : 'in_progress' } };
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const clock = () => { let t = 0; return { now: () => t, sleep: async (ms: number) => { t += ms; } }; };
const SENT = { status: 'SENT_TO_PEPPOL', terminal: true };
const PROCESSING = { status: 'PROCESSING', terminal: false };

describe('following invoices to a terminal status', () => {
  it('a read the service failed is tried again the next round; every invoice is reported', async () => {
    const { client } = scripted({ a: [PROCESSING, SENT], b: [500, SENT], c: [SENT] });
    const { statuses, timedOut } = await followToTerminal(client, ['a', 'b', 'c'], { timeoutMs: 60_000, ...clock() });
    expect(timedOut).toBe(false);
    expect([...statuses].map(([id, s]) => [id, s.status])).toEqual([['a', 'SENT_TO_PEPPOL'], ['c', 'SENT_TO_PEPPOL'], ['b', 'SENT_TO_PEPPOL']]);
  });

  it('a round that reads nothing stops the follow with the service\'s failure', async () => {
    const { client, calls } = scripted({ a: [503], b: [500] });
    await expect(followToTerminal(client, ['a', 'b'], { timeoutMs: 60_000, ...clock() })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(['a', 'b']);
  });

  it('a 200 that is no status (a portal\'s page, a list, a string, an empty object) is not a status read: tried again the next round, and a round of nothing but such answers stops the follow at once, not at the timeout', async () => {
    const page = { body: '<html><body>Please log in to the hotel wifi</body></html>' };
    const { client } = scripted({ a: [page, SENT], b: [{ body: [1, 2] }, SENT], c: [{ body: {} }, PROCESSING, SENT], d: [SENT] });
    const { statuses, timedOut } = await followToTerminal(client, ['a', 'b', 'c', 'd'], { timeoutMs: 60_000, ...clock() });
    expect(timedOut).toBe(false);
    expect([...statuses.values()].every((s) => s.status === 'SENT_TO_PEPPOL')).toBe(true);

    const time = clock();
    const { client: portal, calls } = scripted({ a: [page], b: [{ body: 'OK' }] });
    const error = await followToTerminal(portal, ['a', 'b'], { timeoutMs: 600_000, ...time }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiNotStatusError);
    expect(error.message).toBe('GET /oauth/invoices/b/status: HTTP 200, but the answer is not an invoice status (no "status" or "terminal" in it; it says: OK): something other than the service may have answered (a proxy, a captive portal)');
    expect(calls).toEqual(['a', 'b']);
    expect(time.now()).toBe(0);
  });

  it('a status without "status" but with "terminal" is still a status', async () => {
    const { client } = scripted({ a: [{ body: { data: { terminal: true, category: 'success' } } }] });
    const { statuses } = await followToTerminal(client, ['a'], { timeoutMs: 60_000, ...clock() });
    expect(statuses.get('a')).toMatchObject({ invoice_id: 'a', status: 'UNKNOWN', terminal: true });
  });

  it('a refusal (404) stops it at once', async () => {
    const { client } = scripted({ a: [SENT], b: [404] });
    await expect(followToTerminal(client, ['a', 'b'], { timeoutMs: 60_000, ...clock() })).rejects.toMatchObject({ status: 404 });
  });
});
