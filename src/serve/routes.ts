import { serveWords } from '../messages/serve.js';
import { BodyNotText, bodyText } from '../server/body.js';
import { HttpRefusal, type Answer, type LayerWords, type Route, type RouteRequest } from '../server/layer.js';
import { METRICS_TYPE, type Metrics } from '../server/metrics.js';
import { chooseFormat, chooseLang, FORMAT_LIST } from './formats.js';
import { LANGS, type Lang } from '../messages/lang.js';
import { openApiDocument } from './openapi.js';
import { PoolClosed, QueueFull, WorkerDied, type ServePool } from './pool.js';
import type { ServeTask } from './protocol.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const json = (status: number, value: unknown, headers?: Record<string, string>): Answer => ({ status, type: JSON_TYPE, body: JSON.stringify(value), ...(headers ? { headers } : {}) });
const refuse = (status: number, message: string, extra: Record<string, unknown> = {}): never => { throw new HttpRefusal(json(status, { message, ...extra })); };

/** Seconds a client is told to wait when the queue is full. */
export const RETRY_AFTER_SECONDS = 1;

/** What the layer answers itself, in serve's words. */
export const SERVE_LAYER_WORDS: LayerWords = {
  noEndpoint: (path) => serveWords('no-endpoint', { path }),
  methodNotAllowed: (method, path, allowed) => serveWords('method-not-allowed', { method, path, allowed }),
  bodyTooLarge: (limit) => serveWords('body-too-large', { limit }),
  bodyEncoded: (coding) => serveWords('body-encoded', { coding }),
  bodyForm: () => serveWords('body-form', {}),
  // The service's 400 shape: the field `(body)` at the byte's line and column.
  bodyNotText: ({ line, column, message: reason }) =>
    json(400, { message: serveWords('request-invalid'), errors: [{ field: '(body)', message: serveWords('body-not-text', { line, column, reason }), line, column }] }),
  internal: (id, fault) => (fault.startsWith('worker:') ? serveWords('worker-died', { id }) : serveWords('internal-error', { id })),
  clientError: (kind, t) => (kind === 'headers-too-large' ? serveWords('headers-too-large')
    : kind === 'timeout' ? serveWords('request-timeout', { headers: t.headersSeconds, request: t.requestSeconds })
      : kind === 'cut-short' ? serveWords('body-cut-short') : serveWords('not-http')),
  busy: () => serveWords('busy-reading', { seconds: RETRY_AFTER_SECONDS }),
  noHost: () => serveWords('no-host'),
};

/** The body of POST /v1/tdd: UBL bytes (the document's own encoding rules) when it starts with `<`, else JSON text. */
function tddBody(body: Buffer): { text?: string; bytes?: Uint8Array } {
  let text: string;
  try { text = bodyText(body); } catch (e) {
    if (e instanceof BodyNotText && /^\s*<\?xml/.test(body.subarray(0, 64).toString('latin1'))) return { bytes: new Uint8Array(body) };
    throw e;
  }
  return /^\s*</.test(text) ? { bytes: new Uint8Array(body) } : { text };
}

function reportFormat(req: RouteRequest) {
  const chosen = chooseFormat(req.url.searchParams.get('format'), req.headers.accept);
  if (chosen.ok) return chosen.format;
  return chosen.format !== undefined
    ? refuse(400, serveWords('bad-format', { format: chosen.format, formats: FORMAT_LIST }))
    : refuse(406, serveWords('not-acceptable', { accept: chosen.accept ?? '', formats: FORMAT_LIST }));
}

/** The language of a report: `?lang=`, else `Accept-Language`, else English; a `?lang=` that is no language is refused. */
function reportLang(req: RouteRequest): Lang {
  const chosen = chooseLang(req.url.searchParams.get('lang'), req.headers['accept-language']);
  return chosen.ok ? chosen.lang : refuse(400, serveWords('bad-lang', { lang: chosen.lang, langs: LANGS.join(', ') }));
}

/** Query parameters a route does not take are refused by name, never ignored; so is one given twice (which is meant?). */
function onlyQuery(req: RouteRequest, allowed: string[]): void {
  for (const name of req.url.searchParams.keys()) if (!allowed.includes(name)) refuse(400, serveWords('unknown-query', { name, route: `${req.method} ${req.url.pathname}` }));
  onceEach(req);
}

/** `?format=json&format=sarif` answered JSON and `/v1/tdd?receiver=…&receiver=…` took the last: one value was dropped unsaid. */
function onceEach(req: RouteRequest): void {
  const names = [...req.url.searchParams.keys()];
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) refuse(400, serveWords('repeated-query', { name: twice, route: `${req.method} ${req.url.pathname}` }));
}

export interface ServiceState {
  pool: ServePool;
  metrics: Metrics;
  /** Set once SIGTERM (or drain) began: /readyz answers 503 so a load balancer stops sending. */
  draining(): boolean;
}

/** Every endpoint of `pintae serve` (README docs/reference/serve.md; GET /openapi.json describes them). */
export function serviceRoutes(state: ServiceState): Route[] {
  const { pool } = state;
  const work = async (task: ServeTask): Promise<Answer> => {
    try {
      return await pool.run(task);
    } catch (e) {
      if (e instanceof QueueFull) {
        return json(503, { message: serveWords('queue-full', { seconds: RETRY_AFTER_SECONDS }) }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      // A request that arrived as the server stopped (its connection was busy, so not closed as idle) is refused as
      // the rest are during a drain: never worked on, to be sent elsewhere.
      if (e instanceof PoolClosed) return json(503, { message: serveWords('shutting-down') }, { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' });
      if (e instanceof WorkerDied) return { status: 500, body: '', fault: `worker: ${e.message}` };
      throw e;
    }
  };
  const spec = JSON.stringify(openApiDocument());
  return [
    { method: 'POST', path: '/oauth/invoices/validate', handle: (req) => { onlyQuery(req, []); return work({ op: 'dry-run', text: bodyText(req.body) }); } },
    { method: 'POST', path: '/v1/validate', handle: (req) => { onlyQuery(req, ['format', 'lang']); const format = reportFormat(req); return work({ op: 'validate', text: bodyText(req.body), format, lang: reportLang(req) }); } },
    { method: 'POST', path: '/v1/build', handle: (req) => { onlyQuery(req, []); return work({ op: 'build', text: bodyText(req.body) }); } },
    { method: 'POST', path: '/v1/check', handle: (req) => { onlyQuery(req, ['format', 'lang']); const format = reportFormat(req); return work({ op: 'check', bytes: new Uint8Array(req.body), format, lang: reportLang(req) }); } },
    {
      method: 'POST', path: '/v1/tdd',
      handle: (req) => {
        onceEach(req);
        const { lang: _lang, ...query } = Object.fromEntries(req.url.searchParams);
        return work({ op: 'tdd', ...tddBody(req.body), query, lang: reportLang(req) });
      },
    },
    { method: 'GET', path: '/healthz', open: true, handle: () => json(200, { status: 'ok', message: serveWords('alive') }) },
    {
      method: 'GET', path: '/readyz', open: true,
      handle: () => {
        const ready = pool.readyWorkers;
        if (state.draining()) return json(503, { status: 'draining', message: serveWords('shutting-down') });
        return ready > 0 ? json(200, { status: 'ready', workers: ready, message: serveWords('ready', { workers: ready }) }) : json(503, { status: 'starting', workers: 0, message: serveWords('not-ready') });
      },
    },
    { method: 'GET', path: '/metrics', handle: () => ({ status: 200, type: METRICS_TYPE, body: state.metrics.text() }) },
    { method: 'GET', path: '/openapi.json', handle: () => ({ status: 200, type: JSON_TYPE, body: spec }) },
  ];
}
