import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RateTable } from '../derive/rates.js';
import { resolveRuleSet } from '../schematron/rulesets.js';
import { Faults } from './faults.js';
import { BodyError, message, readJson, type Reply } from './http.js';
import { Processor } from './processor.js';
import { route } from './routes.js';
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
  /** One line per request (method, path, status, ms; never a token) and processing incidents. */
  log?: (line: string) => void;
}

export interface Sandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

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

  async function answer(req: IncomingMessage): Promise<Reply> {
    const injected = faults.before();
    if (injected) return message(injected, injected === 500 ? 'Internal server error (injected)' : 'Bad gateway (injected)');
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const application = token === undefined ? undefined : tokens.get(token);
    if (application === undefined) {
      return message(401, token === undefined ? 'Unauthenticated: send Authorization: Bearer <access token>' : 'Unauthenticated: the access token is invalid or expired');
    }
    const accounts = options.accounts ?? {};
    const caller = { application, account: Object.hasOwn(accounts, application) ? accounts[application]! : application };
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : undefined;
    return route(ctx, caller, req.method ?? 'GET', url, body?.value, body?.text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let result: Reply;
    try {
      result = await answer(req);
    } catch (e) {
      result = e instanceof BodyError ? message(e.status, e.message) : message(500, 'Internal server error');
      if (!(e instanceof BodyError)) log(`internal error on ${req.method} ${req.url}: ${(e as Error).message}`);
    }
    let note = '';
    if (result.committed) {
      const lost = faults.afterCommit();
      if (lost === 'drop') {
        log(`${req.method} ${req.url} (stored, connection dropped: injected) ${Math.round(performance.now() - started)}ms`);
        req.socket.destroy();
        return;
      }
      if (lost === 'bad-gateway') { result = message(502, 'Bad gateway (injected after the request was stored)'); note = ' (stored; injected)'; }
    }
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    await options.beforeAnswer?.({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://sandbox.invalid').pathname, status: result.status, committed: Boolean(result.committed) });
    const text = JSON.stringify(result.body);
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    log(`${req.method} ${req.url} ${result.status}${note} ${Math.round(performance.now() - started)}ms`);
  }

  const server = createServer((req, res) => { void handle(req, res); });
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
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => {
      processor.close();
      server.close(() => { unlock(); resolve(); });
      server.closeAllConnections();
    }),
  };
}
