import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RateTable } from '../derive/rates.js';
import { SANDBOX_WORDS } from '../messages/sandbox.js';
import { resolveRuleSet } from '../schematron/rulesets.js';
import { bearerToken } from '../server/auth.js';
import { createHttpLayer, messageAnswer, type Answer, type Dropped, type LayerWords } from '../server/layer.js';
import { METRICS_TYPE, Metrics } from '../server/metrics.js';
import { Faults } from './faults.js';
import { Processor } from './processor.js';
import { sandboxRoutes } from './routes.js';
import { Store } from './store.js';
import { lockDataDir } from './lock.js';
import { makeDirectories } from '../io/write.js';

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  /** token → application id */
  tokens?: Record<string, string>;
  /** application id → account id; an application missing here is its own account. */
  accounts?: Record<string, string>;
  rates?: RateTable;
  /** Today's date (YYYY-MM-DD) for exchange-rate lookups; default: the UTC date of the clock. */
  today?: () => string;
  /** Delay before an accepted invoice is validated and converted (default 50 ms). */
  processingDelayMs?: number;
  /** Delay between conversion and delivery to the gateway (default: processingDelayMs). */
  deliveryDelayMs?: number;
  /** Share (0..1) of requests answered 500 or 502 before anything is done. */
  failRate?: number;
  /** Delay of every answer, in milliseconds. */
  latencyMs?: number;
  /** Seed of the fault pattern (default 1). */
  seed?: number;
  /** afterCommit: share (0..1) of storing requests whose answer is lost after the store (connection dropped or 502). */
  faults?: { afterCommit?: number };
  /** PINT-AE rule set, as `--rules` of validate (default: the built-in rules). */
  rules?: string;
  /**
   * Awaited before each answer is written: a test holds answers here (say, every one after the second stored bulk
   * chunk) to stop a client at a known point instead of racing it.
   */
  beforeAnswer?: (request: { method: string; path: string; status: number; committed: boolean }) => Promise<void> | void;
  /**
   * One JSON line per request (request id, method, route, path, status, ms; never a token, never a body) and
   * processing incidents.
   */
  log?: (line: string) => void;
}

export interface Sandbox {
  url: string;
  port: number;
  /** Stops at once: connections cut, requests in flight unanswered (tests). */
  close(): Promise<void>;
  /**
   * Graceful stop (SIGTERM): no new requests, those in flight answered, then closed as `close`. Past `timeoutMs` the
   * requests left are cut; resolves with how many were.
   */
  drain(timeoutMs: number): Promise<number>;
}

/** Bodies above this are refused (413) before being parsed: no request body of this API comes near it. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** What the shared layer answers itself, in the sandbox's words. */
const WORDS: LayerWords = {
  noEndpoint: (path) => SANDBOX_WORDS.noEndpoint(path),
  methodNotAllowed: (method, path) => SANDBOX_WORDS.methodNotAllowed(method, path),
  bodyTooLarge: (limit) => SANDBOX_WORDS.bodyTooLarge(limit),
  bodyEncoded: (coding) => SANDBOX_WORDS.bodyEncoded(coding),
  bodyNotText: ({ line, column, message }) => messageAnswer(400, SANDBOX_WORDS.bodyNotText(line, column, message)),
  internal: (id) => SANDBOX_WORDS.internalError(id),
  clientError: (kind, t) => (kind === 'headers-too-large' ? SANDBOX_WORDS.headersTooLarge
    : kind === 'timeout' ? SANDBOX_WORDS.requestTimeout(t.headersSeconds, t.requestSeconds)
      : kind === 'cut-short' ? SANDBOX_WORDS.bodyCutShort : SANDBOX_WORDS.notHttp),
  busy: () => SANDBOX_WORDS.busy,
  noHost: () => SANDBOX_WORDS.noHost,
};

/** A local server speaking the documented API (spec 3, 4, 5, 7) on top of the same pipeline as `pintae validate`. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  const now = () => new Date().toISOString();
  const today = options.today ?? (() => now().slice(0, 10));
  const faults = new Faults(options.failRate ?? 0, options.faults?.afterCommit ?? 0, options.seed ?? 1);
  const schematron = await resolveRuleSet(options.rules);
  makeDirectories(options.dataDir);
  const unlock = lockDataDir(options.dataDir);
  let store: Store;
  try { store = new Store(options.dataDir); } catch (e) { unlock(); throw e; }
  const processingDelayMs = options.processingDelayMs ?? 50;
  const processor = new Processor(store, {
    rates: options.rates, today, now, schematron, log,
    processingDelayMs, deliveryDelayMs: options.deliveryDelayMs ?? processingDelayMs,
  });
  const ctx = { store, processor, rates: options.rates, today, now, schematron, log };
  const tokens = new Map(Object.entries(options.tokens ?? {}));
  const latencyMs = options.latencyMs ?? 0;

  const application = (headers: IncomingHttpHeaders): string | undefined => {
    const token = bearerToken(headers);
    return token === undefined ? undefined : tokens.get(token);
  };
  const accounts = options.accounts ?? {};
  const callerOf = (headers: IncomingHttpHeaders) => {
    const app = application(headers)!;
    return { application: app, account: Object.hasOwn(accounts, app) ? accounts[app]! : app };
  };
  const metrics = new Metrics();
  const routes = sandboxRoutes(ctx, callerOf);
  routes.push({ method: 'GET', path: '/metrics', handle: () => ({ status: 200, type: METRICS_TYPE, body: metrics.text() }) });

  const layer = createHttpLayer({
    routes, words: WORDS, maxBodyBytes: MAX_BODY_BYTES, metrics,
    ...(options.log ? { log: options.log } : {}),
    // Injected before anything is read or stored, for every request.
    before: () => {
      const injected = faults.before();
      return injected && messageAnswer(injected, injected === 500 ? SANDBOX_WORDS.injected500 : SANDBOX_WORDS.injected502);
    },
    authenticate: (headers) => {
      if (application(headers) !== undefined) return undefined;
      return messageAnswer(401, bearerToken(headers) === undefined ? SANDBOX_WORDS.tokenMissing : SANDBOX_WORDS.tokenWrong);
    },
    beforeWrite: async (req, answer): Promise<Answer | Dropped> => {
      let result = answer;
      if (answer.committed) {
        const lost = faults.afterCommit();
        if (lost === 'drop') return { drop: true, note: SANDBOX_WORDS.noteDropped };
        if (lost === 'bad-gateway') result = { ...messageAnswer(502, SANDBOX_WORDS.injectedAfterCommit), note: SANDBOX_WORDS.noteBadGateway };
      }
      if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
      await options.beforeAnswer?.({ method: req.method, path: req.path, status: result.status, committed: Boolean(result.committed) });
      return result;
    },
  });
  const server = layer.server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => { server.off('error', reject); resolve(); });
    });
  } catch (e) {
    unlock();
    throw e;
  }
  // Invoices still PROCESSING when the last run stopped resume where they stood.
  for (const record of store.invoices.values()) processor.schedule(record);
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  const close = () => closed ??= new Promise<void>((resolve) => {
    processor.close();
    server.close(() => { unlock(); resolve(); });
    server.closeAllConnections();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close,
    drain: async (timeoutMs) => {
      const cut = await layer.drain(timeoutMs);
      await close();
      return cut;
    },
  };
}
