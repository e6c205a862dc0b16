import type { IncomingHttpHeaders } from 'node:http';

/** What a route answers; the layer writes it. */
export interface Answer {
  status: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
  /** What each document judged came to, for the log and the documents counter. */
  verdicts?: string[];
  /** An internal fault, for the log only: the client gets a 500 in the server's words (LayerWords.internal) naming the request id. */
  fault?: string;
  /** The request stored something (the sandbox's after-commit faults strike only then). */
  committed?: boolean;
  /** A word for the log line only (an injected fault). */
  note?: string;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteRequest {
  id: string; method: string; url: URL; headers: IncomingHttpHeaders; body: Buffer;
  /** The `:name` segments of the route's path, decoded. */
  params: Record<string, string>;
}

export interface Route {
  method: Method;
  /** A path; a segment `:name` matches any one segment (RouteRequest.params). The first route that matches wins. */
  path: string;
  /** Answered without the host's guard (`before`) and authentication (the probes of a load balancer). */
  open?: boolean;
  handle(req: RouteRequest): Promise<Answer> | Answer;
}
