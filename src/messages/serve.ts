/**
 * Every sentence `pintae serve` says to a client or in its log, by id (src/server/, src/serve/, the serve command):
 * code names the id and its parameters, never the words.
 */
const SERVE = {
  'no-endpoint': (p: { path: string }) => `No endpoint ${p.path}: see GET /openapi.json for the endpoints this server has`,
  'method-not-allowed': (p: { method: string; path: string; allowed: string }) => `${p.method} is not allowed on ${p.path} (allowed: ${p.allowed})`,
  'body-too-large': (p: { limit: number }) => `The request body is larger than ${p.limit} bytes, the limit this server was started with (--max-body)`,
  'body-encoded': (p: { coding: string }) => `Content-Encoding ${JSON.stringify(p.coding)}: this server reads request bodies as sent; send the body uncompressed (Content-Encoding: identity, or none)`,
  'body-form': (_: Record<string, never>) => 'The request body is a multipart form (Content-Type: multipart/…, as curl -F or a file-upload form sends it): send the document itself as the body (curl --data-binary @invoice.json, or @invoice.xml)',
  'body-not-text': (p: { line: number; column: number; reason: string }) =>
    `The request body is not text pintae reads (UTF-8, or UTF-16 with a byte-order mark): ${p.line}:${p.column}: ${p.reason}`,
  'request-invalid': () => 'The request is invalid',
  'headers-too-large': () => 'The request\'s headers and URL are larger than this server reads (16 KiB in all): send the document in the body, not in the URL or a header',
  'request-timeout': (p: { headers: number; request: number }) =>
    `The request did not arrive in time (its headers within ${p.headers} s, the whole request within ${p.request} s: --request-timeout); the connection is closed: send the request again`,
  'body-cut-short': () => 'The request ended before it arrived in full (its headers, fewer body bytes than its Content-Length, or no last chunk); the connection is closed: send the request again',
  'no-host': () => 'An HTTP/1.1 request must carry a Host header (RFC 9112): send one, such as Host: 127.0.0.1; the connection is closed',
  'not-http': () => 'The request is not HTTP/1.1 this server can read; the connection is closed',
  'queue-full': (p: { seconds: number }) => `The server is busy: every worker is working and the queue is full; retry in ${p.seconds} s (Retry-After)`,
  'busy-reading': (p: { seconds: number }) => `The server is busy: it is receiving as many request bodies as its queue holds (--max-queue and --workers); retry in ${p.seconds} s (Retry-After)`,
  'worker-died': (p: { id: string }) => `Internal error: the worker handling this request stopped and has been replaced; the request was not answered (request id ${p.id})`,
  'internal-error': (p: { id: string }) => `Internal error (request id ${p.id})`,
  'not-ready': () => 'Not ready: the workers are still compiling the rules',
  'ready': (p: { workers: number }) => `Ready: ${p.workers} worker${p.workers === 1 ? '' : 's'} warm`,
  'alive': () => 'Alive',
  'shutting-down': () => 'The server is shutting down: send the request to another instance',
  'unauthenticated': () => 'Unauthenticated: send Authorization: Bearer <token>',
  'token-wrong': () => 'Unauthenticated: the bearer token is not the one this server accepts',
  'bad-format': (p: { format: string; formats: string }) => `format ${JSON.stringify(p.format)}: choose one of ${p.formats}`,
  'bad-lang': (p: { lang: string; langs: string }) => `lang ${JSON.stringify(p.lang)}: choose one of ${p.langs}`,
  'not-acceptable': (p: { accept: string; formats: string }) => `Accept ${p.accept}: no report format of this server is of that type; give ?format= (${p.formats})`,
  'build-one': (p: { count: number }) => `POST /v1/build takes one invoice (this body holds ${p.count}): build each invoice of a bulk body with its own request`,
  'tdd-one': (p: { count: number }) => `POST /v1/tdd takes one invoice (this body holds ${p.count}): make each TDD with its own request`,
  'tdd-parties': (p: { missing: string }) => `${p.missing}: required (the FTA's service provider and yours, 0242:<id>): give them as query parameters, or start the server with a config file whose "tdd" names them`,
  'tdd-option': (p: { name: string; value: string; allowed: string }) => `${p.name} ${JSON.stringify(p.value)}: choose ${p.allowed}`,
  'tdd-unknown-option': (p: { name: string; known: string }) => `query parameter ${JSON.stringify(p.name)} is not an option of POST /v1/tdd (options: ${p.known})`,
  'tdd-transport-generated': (p: { id: string; document: 'invoice' | 'credit_note' }) => `no transport-id: the TDD carries a generated one, ${p.id}; give the transport header id of the ${p.document === 'credit_note' ? 'credit note' : 'invoice'}'s Peppol message`,
  'tdd-refused': () => 'No TDD was made of this invoice: `error` or the errors among `findings` say why',
  'xml-not-json': () => 'this holds XML, not an invoice request body (JSON): to check a UBL invoice, send it to POST /v1/check',
  'json-not-xml': () => 'this holds JSON, not XML: to validate an invoice request body, send it to POST /v1/validate',
  'unknown-query': (p: { name: string; route: string }) => `query parameter ${JSON.stringify(p.name)} is not an option of ${p.route}`,
  'repeated-query': (p: { name: string; route: string }) => `query parameter ${JSON.stringify(p.name)} is given more than once; ${p.route} takes one value of it`,
  'listening': (p: { url: string; workers: number }) => `pintae serve: listening on ${p.url} with ${p.workers} worker${p.workers === 1 ? '' : 's'}`,
  'signal-draining': (p: { signal: string; inFlight: number; seconds: number }) => `pintae serve: ${p.signal}: no new requests; finishing the ${p.inFlight} in flight (at most ${p.seconds} s)`,
  'drained': () => 'pintae serve: every request answered; stopped',
  'drain-timeout': (p: { cut: number }) => `pintae serve: the drain timeout passed with ${p.cut} request${p.cut === 1 ? '' : 's'} unanswered; stopped`,
  'reloaded': (p: { rates: boolean }) => `pintae serve: SIGHUP: read the entity records (--entity and the local store)${p.rates ? ' and the rate table' : ''} again`,
  'reload-failed': (p: { reason: string }) => `pintae serve: SIGHUP: kept the entity records and rates in use: ${p.reason}`,
  'log-failed': (p: { reason: string }) => `pintae serve: the log function threw (${p.reason}); that request's log line is lost, the server goes on`,
  'worker-replaced': (p: { reason: string }) => `pintae serve: a worker stopped (${p.reason}); a new one takes its place`,
  // The reader's reason names the record at its line and column already: the path is said once.
  'entity-store-skipped': (p: { file: string; reason: string }) => (p.reason.includes(p.file)
    ? `pintae serve: not loaded: ${p.reason}`
    : `pintae serve: entity store ${p.file} not loaded: ${p.reason}`),
  'option-number': (p: { flag: string; value: string; min: number; max: number }) => `${p.flag} ${p.value}: a whole number from ${p.min} to ${p.max}`,
  'option-seconds': (p: { flag: string; value: string; min: number; max: number }) => `${p.flag} ${p.value}: a number of seconds from ${p.min} to ${p.max}`,
  'port-in-use': (p: { port: number }) => `--port ${p.port}: address already in use`,
  'port-denied': (p: { port: number }) => `--port ${p.port}: permission denied`,
  'host-unknown': (p: { host: string }) => `--host ${p.host}: no such address on this machine`,
  'option-seconds-positive': (p: { flag: string; value: string; max: number }) => `${p.flag} ${p.value}: a number of seconds above 0, at most ${p.max}`,
  'option-choice': (p: { flag: string; value: string; choices: string }) => `${p.flag} ${p.value}: choose ${p.choices}`,
  'option-date': (p: { flag: string; value: string }) => `${p.flag} ${p.value}: a calendar date as YYYY-MM-DD`,
  'option-function': (p: { flag: string; value: string }) => `${p.flag} ${p.value}: a function`,
  'option-object': (p: { flag: string; value: string }) => `${p.flag} ${p.value}: an object`,
  'token-unusable': (p: { source: string }) => `${p.source}: not a usable bearer token (empty, shorter than 16 characters, or holding a space or a character other than printable ASCII; the token is not shown)`,
  'workers-failed': (p: { reason: string }) => `the workers could not start: ${p.reason}`,
} as const;

export type ServeMessageId = keyof typeof SERVE;
type Params<K extends ServeMessageId> = Parameters<(typeof SERVE)[K]>[0];

/** The words of message `id` with its parameters. */
export function serveWords<K extends ServeMessageId>(id: K, ...params: Params<K> extends undefined ? [] : [Params<K>]): string {
  return (SERVE[id] as (p?: unknown) => string)(params[0]);
}
