import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { serveWords } from '../messages/serve.js';
import { BodyTooLarge, readBody } from './body.js';
import { Metrics } from './metrics.js';

/** What a route answers; the layer writes it. */
export interface Answer {
  status: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
  /** What each document judged came to, for the log and the documents counter. */
  verdicts?: string[];
  /**
   * An internal fault, for the log only: the client gets a 500 naming the request id. One that begins `worker:` is a
   * worker that died with the request (the client is told the worker was replaced).
   */
  fault?: string;
}

export interface RouteRequest { id: string; method: string; url: URL; headers: IncomingHttpHeaders; body: Buffer }

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /** Answered without a token even when the server has one (the probes of a load balancer). */
  open?: boolean;
  handle(req: RouteRequest): Promise<Answer> | Answer;
}

/** A handler's refusal with a status of its own (503 with Retry-After): written as the answer, never a 500. */
export class HttpRefusal extends Error {
  constructor(readonly answer: Answer) { super(answer.body); }
}

export interface LayerOptions {
  routes: Route[];
  /** Bodies above this are answered 413. */
  maxBodyBytes: number;
  /** With a token every route but the open ones needs `Authorization: Bearer <token>` (401 otherwise). */
  token?: string;
  /** One JSON line per request (never a token, never a body unless logBodies). */
  log?: (line: string) => void;
  /** --log-bodies: the request body in each log line. */
  logBodies?: boolean;
  /** Applied to every answer and log line written: the token removed, in every spelling (src/io/secrets.ts). */
  redact?: (text: string) => string;
  metrics: Metrics;
  /** Slow clients: the headers within headersMs, the whole request within requestMs; idle keep-alive for keepAliveMs. */
  headersMs?: number;
  requestMs?: number;
  keepAliveMs?: number;
}

export interface HttpLayer {
  server: Server;
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * Graceful shutdown: no new connections or requests, each request in flight answered (with Connection: close),
   * then resolves; past `timeoutMs` the connections left are cut. Resolves with how many requests were cut.
   */
  drain(timeoutMs: number): Promise<number>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const REQUEST_ID = /^[\w.:-]{1,100}$/;
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const digest = (s: string) => createHash('sha256').update(s).digest();

const message = (status: number, text: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Answer =>
  ({ status, type: JSON_TYPE, body: JSON.stringify({ message: text, ...extra }), ...(headers ? { headers } : {}) });

/**
 * The one HTTP layer of pintae's servers (DESIGN "src/server/"): routing, the body cap, slow-client timeouts and
 * keep-alive, bearer auth, a request id and one JSON log line per request, metrics, and graceful shutdown.
 * Handlers see a request whose body is read and capped, and return an answer.
 */
export function createHttpLayer(options: LayerOptions): HttpLayer {
  const { metrics } = options;
  const requests = metrics.counter('pintae_http_requests_total', 'HTTP requests answered, by route and status.');
  const latency = metrics.histogram('pintae_http_request_duration_seconds', 'Time from a request\'s arrival to its answer, by route.');
  const documents = metrics.counter('pintae_documents_total', 'Documents judged, by verdict (valid, invalid, rejected, unreadable).');
  const redact = options.redact ?? ((t: string) => t);
  const log = options.log;
  const tokenDigest = options.token === undefined ? undefined : digest(options.token);
  let inFlight = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const lookup = (method: string, path: string): Route | { allowed: string } | undefined => {
    const onPath = options.routes.filter((r) => r.path === path);
    if (onPath.length === 0) return undefined;
    return onPath.find((r) => r.method === method) ?? (method === 'HEAD' ? onPath.find((r) => r.method === 'GET') : undefined) ?? { allowed: onPath.map((r) => r.method).join(', ') };
  };

  const authorized = (headers: IncomingHttpHeaders): Answer | undefined => {
    if (!tokenDigest) return undefined;
    const sent = BEARER.exec(headers.authorization ?? '')?.[1];
    const challenge = { 'www-authenticate': 'Bearer' };
    if (sent === undefined) return message(401, serveWords('unauthenticated'), {}, challenge);
    // Compared as digests of equal length, in constant time: how much of a guess was right does not show.
    return timingSafeEqual(digest(sent), tokenDigest) ? undefined : message(401, serveWords('token-wrong'), {}, challenge);
  };

  async function answer(req: IncomingMessage, id: string, url: URL, route: Route): Promise<{ answer: Answer; body?: Buffer }> {
    const refused = route.open ? undefined : authorized(req.headers);
    if (refused) return { answer: refused };
    let body: Buffer;
    try {
      body = route.method === 'POST' ? await readBody(req, options.maxBodyBytes) : Buffer.alloc(0);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      return { answer: message(413, serveWords('body-too-large', { limit: options.maxBodyBytes }), {}, { connection: 'close' }) };
    }
    try {
      return { answer: await route.handle({ id, method: req.method ?? 'GET', url, headers: req.headers, body }), body };
    } catch (e) {
      if (e instanceof HttpRefusal) return { answer: e.answer, body };
      return { answer: { status: 500, body: '', fault: (e as Error)?.stack ?? String(e) }, body };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    inFlight++;
    res.once('close', () => { if (--inFlight === 0 && drained) drained(); });
    const sentId = req.headers['x-request-id'];
    const id = typeof sentId === 'string' && REQUEST_ID.test(sentId) ? sentId : randomUUID();
    const url = new URL(req.url ?? '/', 'http://pintae.invalid');
    const found = lookup(req.method ?? 'GET', url.pathname);
    let result: { answer: Answer; body?: Buffer };
    let routeName = 'unmatched';
    try {
      if (found === undefined) result = { answer: message(404, serveWords('no-endpoint', { path: url.pathname })) };
      else if ('allowed' in found) result = { answer: message(405, serveWords('method-not-allowed', { method: req.method ?? '', path: url.pathname, allowed: found.allowed }), {}, { allow: found.allowed }) };
      else { routeName = found.path; result = await answer(req, id, url, found); }
    } catch (e) {
      result = { answer: { status: 500, body: '', fault: (e as Error)?.stack ?? String(e) } };
    }
    let a = result.answer;
    if (a.status === 500 || a.fault !== undefined) {
      a = { ...message(500, a.fault?.startsWith('worker:') ? serveWords('worker-died', { id }) : serveWords('internal-error', { id }), { request_id: id }), fault: a.fault };
    }
    const body = Buffer.from(redact(a.body), 'utf8');
    const headers: Record<string, string | number> = { 'content-type': a.type ?? JSON_TYPE, 'content-length': body.length, 'x-request-id': id, ...a.headers };
    if (closing) headers.connection = 'close';
    // A refused body is not read: the connection cannot carry another request after it.
    if (a.status === 413) req.resume();
    if (!res.headersSent && !res.destroyed) {
      res.writeHead(a.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    }
    const seconds = (performance.now() - started) / 1000;
    requests({ route: routeName, status: String(a.status) });
    latency({ route: routeName }, seconds);
    for (const v of a.verdicts ?? []) documents({ verdict: v });
    if (log) {
      const line: Record<string, unknown> = {
        time: new Date().toISOString(), request_id: id, method: req.method, route: routeName, status: a.status, ms: Math.round(seconds * 1000 * 10) / 10,
        ...(a.verdicts?.length ? { verdict: a.verdicts.length === 1 ? a.verdicts[0] : a.verdicts } : {}),
        ...(a.fault !== undefined ? { fault: a.fault } : {}),
        ...(options.logBodies && result.body?.length ? { body: result.body.toString('utf8') } : {}),
      };
      log(redact(JSON.stringify(line)));
    }
  }

  const requestTimeout = options.requestMs ?? 30_000;
  const headersTimeout = Math.min(options.headersMs ?? 10_000, requestTimeout);
  // Node checks the two timeouts every connectionsCheckingInterval (30 s by default): often enough to keep them.
  const server = createServer({
    keepAlive: true, headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
  }, (req, res) => { void handle(req, res); });
  server.keepAliveTimeout = options.keepAliveMs ?? 5_000;

  return {
    server,
    get inFlight() { return inFlight; },
    drain(timeoutMs) {
      closing = true;
      server.close();
      server.closeIdleConnections();
      return new Promise<number>((resolve) => {
        if (inFlight === 0) { resolve(0); return; }
        const timer = setTimeout(() => { const cut = inFlight; server.closeAllConnections(); resolve(cut); }, timeoutMs);
        drained = () => { clearTimeout(timer); server.closeIdleConnections(); resolve(0); };
      });
    },
  };
}
