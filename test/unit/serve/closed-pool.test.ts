/**
 * A request that reaches the worker pool after it closed (queued when the drain ended, or arriving on a connection
 * that was busy, so not closed as idle) was never worked on: it is answered 503 with Retry-After, to be sent to
 * another instance, never 500 (an error the client cannot tell from a failed validation).
 */
import { describe, expect, it } from 'vitest';
import { ServePool } from '../../../src/serve/pool.js';
import { serviceRoutes } from '../../../src/serve/routes.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { Answer } from '../../../src/server/layer.js';

const dryRun = (pool: ServePool) => {
  const route = serviceRoutes({ pool, metrics: new Metrics(), draining: () => true }).find((r) => r.path === '/oauth/invoices/validate')!;
  return route.handle({
    id: 'r1', method: 'POST', url: new URL('http://pintae.invalid/oauth/invoices/validate'), headers: {},
    body: Buffer.from('{"invoice_number":"A-1"}'), params: {},
  }) as Promise<Answer>;
};

describe('serve: a request the closed pool never worked on', () => {
  it('queued when the pool closes, or arriving after: 503 with Retry-After and the shutting-down message', async () => {
    // No worker: every request waits in the queue, as behind busy workers.
    const pool = new ServePool({ size: 0, maxQueue: 4, setup: {} as never });
    const queued = dryRun(pool);
    await pool.close();
    for (const answer of [await queued, await dryRun(pool)]) {
      expect(answer.status).toBe(503);
      expect(answer.headers).toMatchObject({ 'retry-after': expect.stringMatching(/^\d+$/), connection: 'close' });
      expect(JSON.parse(answer.body as string)).toEqual({ message: 'The server is shutting down: send the request to another instance' });
    }
  });
});
