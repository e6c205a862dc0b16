import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Undecodable } from '../io/text.js';
import { BodyAborted, BodyNotText, BodyTooLarge, readBody } from './body.js';
import type { Metrics } from './metrics.js';
import { findRoute } from './routing.js';
import type { Answer, Route } from './types.js';

export type { Answer, Method, Route, RouteRequest } from './types.js';

/** A handler's refusal with a status of its own (400, 503 with Retry-After): written as the answer, never a 500. */
export class HttpRefusal extends Error {
  constructor(readonly answer: Answer) { super(answer.body); }
}

/** The content coding of a request body other than identity (`Content-Encoding: gzip`), as sent; undefined for none. */
export function contentCoding(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const codings = header.split(',').map((c) => c.trim()).filter((c) => c !== '' && c.toLowerCase() !== 'identity');
  return codings.length ? codings.join(', ') : undefined;
}

/** A multipart body (`multipart/form-data`, `multipart/mixed`…), by its media type. */
export const isMultipart = (header: string | undefined): boolean => header !== undefined && /^\s*multipart\//i.test(header);

/** The sentences the layer answers with itself, in the words of the server it carries (src/messages/). */
export interface LayerWords {
  noEndpoint(path: string): string;
  methodNotAllowed(method: string, path: string, allowed: string): string;
  bodyTooLarge(limit: number): string;
  /** The 415 for a body sent in a content coding (gzip, …): read as it is, it would be refused as text that is not. */
  bodyEncoded(coding: string): string;
  /**
   * The 415 for a multipart form body (curl -F, an upload form), where the host refuses one: read as it is, the
   * document would be refused for the form's boundary lines before it. Absent: the body is read as any other.
   */
  bodyForm?(): string;
  /** The 400 for a body that is not text (BodyNotText), naming the byte, in the server's answer shape. */
  bodyNotText(at: Undecodable): Answer;
  /** The 500's message: the fault is the log's, never the client's. */
  internal(id: string, fault: string): string;
  /**
   * What Node refuses itself, in words: `headers-too-large` (431: headers and URL past Node's 16 KiB), `timeout` (408:
   * the headers or the whole request not received within the timeouts, in seconds), `cut-short` (400: the client
   * ended its side before the whole request, headers or body), `not-http` (400).
   */
  clientError(kind: ClientErrorKind, timeouts: { headersSeconds: number; requestSeconds: number }): string;
  /** The 503 for a request past `maxReading` bodies under way (answered with Retry-After). */
  busy(): string;
  /** The 400 for an HTTP/1.1 request without a Host header (RFC 9112 3.2). */
  noHost(): string;
}

export type ClientErrorKind = 'headers-too-large' | 'timeout' | 'cut-short' | 'not-http';

/** What a host's `beforeWrite` may do instead of answering: cut the connection (the sandbox's lost answer). */
export interface Dropped {
  drop: true;
  note?: string;
  /**
   * The status the log line and the metrics give it: `dropped` (the default), `aborted` (the client went away mid-body),
   * or the status Node's refusal answered it with (408 for a body too slow).
   */
  status?: string | number;
}

export interface LayerOptions {
  routes: Route[];
  words: LayerWords;
  /** Bodies above this are answered 413. */
  maxBodyBytes: number;
  /**
   * Request bodies that may be received at once: one more is answered 503 with Retry-After (words.busy) before a byte
   * of it is read, so memory is bounded by maxReading × maxBodyBytes whatever the clients do. Absent: no bound.
   */
  maxReading?: number;
  /** First of all, for every request but the open routes': an answer here is written as is (the sandbox's injected faults). */
  before?: (req: { method: string; url: URL; headers: IncomingHttpHeaders }) => Answer | undefined;
  /** Who may call: an answer (401) refuses; run for every request but the open routes', before 404 and 405. */
  authenticate?: (headers: IncomingHttpHeaders) => Answer | undefined;
  /** The route's answer, about to be written: replaced, delayed, or dropped with the connection. */
  beforeWrite?: (req: { method: string; path: string }, answer: Answer) => Promise<Answer | Dropped> | Answer | Dropped;
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
const HAS_BODY = new Set(['POST', 'PATCH', 'PUT']);

/** A JSON answer `{message, ...extra}`. */
export const messageAnswer = (status: number, text: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Answer =>
  ({ status, type: JSON_TYPE, body: JSON.stringify({ message: text, ...extra }), ...(headers ? { headers } : {}) });

/** Requests that came by Node's `checkContinue` (HTTP/1.1 with `Expect: 100-continue`): no 100 Continue sent yet. */
const awaitingContinue = new WeakSet<IncomingMessage>();
const expectsContinue = (req: IncomingMessage): boolean => awaitingContinue.has(req);
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
/** A Content-Length above the cap: refused before a byte is read (and before 100 Continue asks for them). */
const exceedsCap = (req: IncomingMessage, max: number): boolean => {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > max;
};

interface Outcome { answer: Answer | Dropped; route: string; body?: Buffer }

/**
 * The one HTTP layer of pintae's servers (DESIGN "src/server/"; `pintae serve` and the sandbox): routing, the body
 * cap, slow-client timeouts and keep-alive, authentication, a request id and one JSON log line per request, metrics,
 * and graceful shutdown. Handlers see a request whose body is read and capped, and return an answer.
 */
export function createHttpLayer(options: LayerOptions): HttpLayer {
  const { metrics, words } = options;
  const requests = metrics.counter('pintae_http_requests_total', 'HTTP requests answered, by route and status.');
  const latency = metrics.histogram('pintae_http_request_duration_seconds', 'Time from a request\'s arrival to its answer, by route.');
  const documents = metrics.counter('pintae_documents_total', 'Documents judged, by verdict (valid, invalid, rejected, unreadable).');
  const redact = options.redact ?? ((t: string) => t);
  let inFlight = 0;
  let closing = false;
  metrics.gauge('pintae_http_requests_in_flight', 'Requests being answered now (this scrape included).', () => inFlight);
  let drained: (() => void) | undefined;
  /** Sockets whose request body is being read, and the status Node's refusal (clientError) answered one of them with. */
  const reading = new WeakSet<Socket>();
  let readingNow = 0;
  const cut = new WeakMap<Socket, number>();
  /** The answer under way on each socket: once its head is written, nothing else may be written there. */
  const answering = new WeakMap<Socket, ServerResponse>();

  async function outcome(req: IncomingMessage, res: ServerResponse, id: string, url: URL): Promise<Outcome> {
    const method = req.method ?? 'GET';
    // Node's own refusal of it was a bare 400 that left the connection open and no log line.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      return { answer: messageAnswer(400, words.noHost(), {}, { connection: 'close' }), route: 'unmatched' };
    }
    const found = findRoute(options.routes, method, url.pathname);
    if (!found.open) {
      const refused = options.before?.({ method, url, headers: req.headers }) ?? options.authenticate?.(req.headers);
      if (refused) return { answer: refused, route: found.route?.path ?? 'unmatched' };
    }
    if (found.allowed !== undefined) {
      return { answer: messageAnswer(405, words.methodNotAllowed(method, url.pathname, found.allowed), {}, { allow: found.allowed }), route: 'unmatched' };
    }
    const { route, params } = found;
    if (!route) return { answer: messageAnswer(404, words.noEndpoint(url.pathname)), route: 'unmatched' };
    // A compressed body read as sent is bytes of no text: refused by its coding, before a byte is read (RFC 9110 15.5.16).
    const coding = HAS_BODY.has(route.method) ? contentCoding(req.headers['content-encoding']) : undefined;
    if (coding !== undefined) {
      return { answer: messageAnswer(415, words.bodyEncoded(coding), {}, { 'accept-encoding': 'identity', connection: 'close' }), route: route.path };
    }
    if (words.bodyForm && HAS_BODY.has(route.method) && isMultipart(req.headers['content-type'])) {
      return { answer: messageAnswer(415, words.bodyForm(), {}, { connection: 'close' }), route: route.path };
    }
    let body: Buffer;
    try {
      if (HAS_BODY.has(route.method)) {
        if (exceedsCap(req, options.maxBodyBytes)) throw new BodyTooLarge();
        // Expect: 100-continue (.NET HttpClient, curl for large bodies): the client sends the body only once told to,
        // so it is told only now, when the request is known to be read; a refusal above goes out instead of it.
        if (options.maxReading !== undefined && readingNow >= options.maxReading) {
          return { answer: messageAnswer(503, words.busy(), {}, { 'retry-after': '1', connection: 'close' }), route: route.path };
        }
        if (expectsContinue(req)) res.writeContinue();
        reading.add(req.socket);
        readingNow++;
        try { body = await readBody(req, options.maxBodyBytes); } finally { reading.delete(req.socket); readingNow--; }
      } else body = Buffer.alloc(0);
    } catch (e) {
      // Refused by Node mid-body (too slow: 408; the client ended its side: 400), answered by the clientError
      // listener; or the connection reset with no one to answer (aborted).
      if (e instanceof BodyAborted) return { answer: { drop: true, status: cut.get(req.socket) ?? 'aborted' }, route: route.path };
      if (!(e instanceof BodyTooLarge)) throw e;
      return { answer: messageAnswer(413, words.bodyTooLarge(options.maxBodyBytes), {}, { connection: 'close' }), route: route.path };
    }
    let answer: Answer;
    try {
      answer = await route.handle({ id, method, url, headers: req.headers, body, params });
    } catch (e) {
      if (e instanceof HttpRefusal) answer = e.answer;
      else if (e instanceof BodyNotText) answer = words.bodyNotText(e.at);
      else answer = { status: 500, body: '', fault: (e as Error)?.stack ?? String(e) };
    }
    return { answer: options.beforeWrite ? await options.beforeWrite({ method, path: url.pathname }, answer) : answer, route: route.path, body };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    inFlight++;
    answering.set(req.socket, res);
    res.once('close', () => { if (answering.get(req.socket) === res) answering.delete(req.socket); if (--inFlight === 0 && drained) drained(); });
    const sentId = req.headers['x-request-id'];
    const id = typeof sentId === 'string' && REQUEST_ID.test(sentId) ? sentId : randomUUID();
    const url = new URL(req.url ?? '/', 'http://pintae.invalid');
    let result: Outcome;
    try {
      result = await outcome(req, res, id, url);
    } catch (e) {
      result = { answer: { status: 500, body: '', fault: (e as Error)?.stack ?? String(e) }, route: 'unmatched' };
    }
    let a = result.answer;
    if ('drop' in a) {
      req.socket.destroy();
    } else {
      if (a.status === 500 || a.fault !== undefined) a = { ...messageAnswer(500, words.internal(id, a.fault ?? ''), { request_id: id }), fault: a.fault };
      const body = Buffer.from(redact(a.body), 'utf8');
      const headers: Record<string, string | number> = { 'content-type': a.type ?? JSON_TYPE, 'content-length': body.length, 'x-request-id': id, ...a.headers };
      if (closing) headers.connection = 'close';
      // A client told no 100 Continue may send its body or not: the connection cannot carry another request after it.
      if (expectsContinue(req) && !req.readableEnded && hasBody(req)) headers.connection = 'close';
      // A refused body is not read: the connection cannot carry another request after it.
      if (a.status === 413 || a.status === 415 || a.status === 503) req.resume();
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(a.status, headers);
        res.end(req.method === 'HEAD' ? undefined : body);
        // A client that does not read its answer would hold the connection, the answer and a request in flight for
        // ever (a drain then waits it out): cut once the answer has not moved for the request timeout.
        if (!res.writableFinished) res.setTimeout(requestTimeout, () => res.destroy());
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const status = 'drop' in a ? (a.status ?? 'dropped') : a.status;
    requests({ route: result.route, status: String(status) });
    latency({ route: result.route }, seconds);
    if (!('drop' in a)) for (const v of a.verdicts ?? []) documents({ verdict: v });
    if (options.log) {
      const line: Record<string, unknown> = {
        time: new Date().toISOString(), request_id: id, method: req.method, route: result.route,
        ...(result.route.includes(':') ? { path: url.pathname } : {}), status, ms: Math.round(seconds * 1000 * 10) / 10,
        ...(!('drop' in a) && a.verdicts?.length ? { verdict: a.verdicts.length === 1 ? a.verdicts[0] : a.verdicts } : {}),
        ...(!('drop' in a) && a.fault !== undefined ? { fault: a.fault } : {}),
        ...(a.note !== undefined ? { note: a.note } : {}),
        ...(options.logBodies && result.body?.length ? { body: result.body.toString('utf8') } : {}),
      };
      options.log(redact(JSON.stringify(line)));
    }
  }

  const requestTimeout = options.requestMs ?? 30_000;
  const headersTimeout = Math.min(options.headersMs ?? 10_000, requestTimeout);
  // Node checks the two timeouts every connectionsCheckingInterval (30 s by default): often enough to keep them.
  const server = createServer({
    keepAlive: true, headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
    // outcome() refuses an HTTP/1.1 request without Host itself, in words.
    requireHostHeader: false,
  }, (req, res) => { void handle(req, res); });
  // What Node refuses itself (431, 408, 400) was a status line with no body and no log line, and a slow body a 500
  // in the log: each is answered in words, and logged and counted once, by handle() when a request was under way.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own: nothing is written where no one reads, nor into an answer already under way.
    if (err.code === 'ECONNRESET' || !socket.writable || answering.get(socket)?.headersSent) { socket.destroy(); return; }
    const kind: ClientErrorKind = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : err.code === 'HPE_HEADER_OVERFLOW' ? 'headers-too-large'
      : err.code === 'HPE_INVALID_EOF_STATE' ? 'cut-short' : 'not-http';
    const status = kind === 'timeout' ? 408 : kind === 'headers-too-large' ? 431 : 400;
    const body = Buffer.from(JSON.stringify({ message: words.clientError(kind, { headersSeconds: headersTimeout / 1000, requestSeconds: requestTimeout / 1000 }) }), 'utf8');
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${JSON_TYPE}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]), () => socket.destroy());
    setTimeout(() => socket.destroy(), 1000).unref();
    if (reading.has(socket)) { cut.set(socket, status); return; }
    requests({ route: 'unmatched', status: String(status) });
    options.log?.(redact(JSON.stringify({ time: new Date().toISOString(), request_id: randomUUID(), route: 'unmatched', status, error: err.code })));
  });
  // With a listener here Node no longer answers 100 Continue by itself: outcome() does, once the body is to be read.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => { awaitingContinue.add(req); void handle(req, res); });
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
