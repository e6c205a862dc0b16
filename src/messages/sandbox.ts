/**
 * The sandbox's own sentences about HTTP (what the shared layer, src/server/, answers for it), about users (spec 2.12, 4.5, 5.3) and about an invoice it could not judge: one place
 * for what a client of the sandbox reads, each by id.
 */
export const SANDBOX_WORDS = {
  userCreated: 'User created',
  /** A create body that is not an object. */
  userBody: 'the body must be a JSON object: {"name"?, "email"?} (both optional)',
  userText: (field: string) => `${field} must be a string`,
  /** user_id naming no user of the calling application (entity create, update, list). */
  userUnknown: (userId: string) =>
    `user_id ${JSON.stringify(userId)} is not a user of this application (spec 2.12: it must belong to the same application): create one with POST /oauth/users, whose answer carries its user_id, or leave user_id out for the application's owner`,
  /** An invoice pintae could not run the PINT-AE rules on (pintae/rules-failed): never valid, never delivered. */
  rulesNotRun: (why: string) => `The invoice could not be validated: ${why}`,
  /** The validate endpoint's 500 for such an invoice: no answer of the service can be given. */
  internal: (what: string) => `Internal server error: ${what}`,
  /** A fault of the sandbox itself (the log line has it; the client the request id). */
  internalError: (id: string) => `Internal server error (request id ${id})`,
  noEndpoint: (path: string) => `No endpoint ${path}`,
  methodNotAllowed: (method: string, path: string) => `${method} is not allowed on ${path}`,
  bodyTooLarge: (limit: number) => `The request body is larger than ${limit} bytes`,
  bodyEncoded: (coding: string) => `Content-Encoding ${JSON.stringify(coding)}: send the request body uncompressed`,
  bodyNotText: (line: number, column: number, reason: string) => `The request body is not UTF-8 JSON: ${line}:${column}: ${reason}`,
  headersTooLarge: 'The request\'s headers and URL are larger than this server reads (16 KiB in all)',
  requestTimeout: (headers: number, request: number) => `The request did not arrive in time (its headers within ${headers} s, the whole request within ${request} s); the connection is closed`,
  bodyCutShort: 'The request ended before it arrived in full (its headers, fewer body bytes than its Content-Length, or no last chunk); the connection is closed',
  busy: 'The sandbox is busy receiving other request bodies; retry in 1 s (Retry-After)',
  noHost: 'An HTTP/1.1 request must carry a Host header (RFC 9112); the connection is closed',
  notHttp: 'The request is not HTTP/1.1 this server can read; the connection is closed',
  requestInvalid: 'The request is invalid',
  notFound: (what: string) => `${what} was not found or does not belong to this application`,
  tokenMissing: 'Unauthenticated: send Authorization: Bearer <access token>',
  tokenWrong: 'Unauthenticated: the access token is invalid or expired',
  injected500: 'Internal server error (injected)',
  injected502: 'Bad gateway (injected)',
  injectedAfterCommit: 'Bad gateway (injected after the request was stored)',
  /** Log notes of the after-commit fault. */
  noteDropped: 'stored, connection dropped: injected',
  noteBadGateway: 'stored; injected',
} as const;
