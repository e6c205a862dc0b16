import { availableParallelism } from 'node:os';
import type { Server } from 'node:http';
import { serveWords } from '../messages/serve.js';
import { bearerAuth } from '../server/auth.js';
import { createHttpLayer, messageAnswer } from '../server/layer.js';
import { Metrics } from '../server/metrics.js';
import { ServePool } from './pool.js';
import { SERVE_LAYER_WORDS, serviceRoutes } from './routes.js';
import { resolveServeSetup, type ServeOptions } from './setup.js';
import { readGiven } from '../validator-input.js';

export type { ServeOptions } from './setup.js';

/** The Node HTTP server `createServer` returns, with what a host needs to run it well. */
export interface PintaeServer extends Server {
  /** Resolves when every worker has compiled the rules (GET /readyz answers 200 from the first); rejects if they cannot start. */
  readonly ready: Promise<void>;
  /**
   * Graceful shutdown (SIGTERM): no new requests, those in flight answered, the workers stopped. Resolves with how
   * many requests were cut when `timeoutMs` passed first (0: every one answered).
   */
  drain(timeoutMs?: number): Promise<number>;
  /** Requests being answered now. */
  inFlightCount(): number;
  /** SIGHUP: the entity records and the rate table read again (rules stay compiled); resolves with an error's words, if any. */
  reload(): Promise<string | undefined>;
}

export const DEFAULT_DRAIN_MS = 30_000;

const CHALLENGE = { 'www-authenticate': 'Bearer' };
const REFUSALS = {
  missing: messageAnswer(401, serveWords('unauthenticated'), {}, CHALLENGE),
  wrong: messageAnswer(401, serveWords('token-wrong'), {}, CHALLENGE),
};

/**
 * pintae's validation service as a Node `http.Server`, not yet listening: call `listen` (127.0.0.1 unless you mean
 * otherwise). A pool of worker threads compiles the rules once and validates requests with them; `close()` or
 * `drain()` stops the workers. Options are the CLI's (`pintae serve --help`), by their long names; a bad option
 * throws a TypeError, a bad entity file, rate table or rule set rejects `ready`.
 */
export function createServer(options: ServeOptions = {}): PintaeServer {
  const resolved = resolveServeSetup(readGiven('createServer', options, 'options') as ServeOptions);
  const metrics = new Metrics();
  const workers = resolved.workers ?? availableParallelism();
  const maxQueue = resolved.maxQueue ?? workers * 64;
  const pool = new ServePool({ size: workers, maxQueue, setup: resolved.setup, onReplaced: resolved.onWorkerReplaced });
  let draining = false;
  metrics.gauge('pintae_queue_depth', 'Requests waiting for a worker.', () => pool.queued);
  metrics.gauge('pintae_workers_busy', 'Workers handling a request now.', () => pool.busy);
  metrics.gauge('pintae_workers_ready', 'Workers with the rules compiled.', () => pool.readyWorkers);
  metrics.gauge('pintae_worker_restarts_total', 'Workers that died and were replaced.', () => pool.restarts, 'counter');
  const layer = createHttpLayer({
    routes: serviceRoutes({ pool, metrics, draining: () => draining }),
    maxBodyBytes: resolved.maxBodyBytes,
    // Bodies being received count against the load as the queue does: memory stays bounded whatever clients send.
    maxReading: workers + maxQueue,
    words: SERVE_LAYER_WORDS,
    ...(resolved.token !== undefined ? { authenticate: bearerAuth(resolved.token, REFUSALS) } : {}),
    ...(resolved.log ? { log: resolved.log } : {}),
    logBodies: resolved.logBodies,
    redact: resolved.redact,
    metrics,
    headersMs: resolved.headersMs, requestMs: resolved.requestMs, keepAliveMs: resolved.keepAliveMs,
  });
  const server = layer.server as PintaeServer;
  server.once('close', () => { void pool.close(); });
  Object.defineProperties(server, {
    ready: { value: pool.ready },
    drain: {
      value: async (timeoutMs = DEFAULT_DRAIN_MS) => {
        draining = true;
        const cut = await layer.drain(timeoutMs);
        await pool.close();
        return cut;
      },
    },
    inFlightCount: { value: () => layer.inFlight },
    reload: { value: () => pool.reload(resolved.reloadSetup()) },
  });
  return server;
}
