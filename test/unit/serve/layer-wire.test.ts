/**
 * The shared HTTP layer (src/server/layer.ts; `pintae serve` and the sandbox) as clients on the wire meet it:
 * `Expect: 100-continue` (as .NET HttpClient and curl send for large bodies), a body cut short, and the requests Node
 * refuses before a route sees them (headers too large, too slow, not HTTP).
 * In process, over raw sockets on 127.0.0.1: what the client sees byte for byte is the point.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpLayer, messageAnswer, type HttpLayer } from '../../../src/server/layer.js';
import { SERVE_LAYER_WORDS } from '../../../src/serve/routes.js';
import { Metrics } from '../../../src/server/metrics.js';

const TOKEN = 'a-token-of-sixteen-or-more';
let layer: HttpLayer | undefined;
let logged: Array<Record<string, unknown>> = [];

async function start(timeouts: { headersMs?: number; requestMs?: number; maxReading?: number } = {}): Promise<number> {
  logged = [];
  const metrics = new Metrics();
  layer = createHttpLayer({
    routes: [
      { method: 'POST', path: '/echo', handle: (req) => messageAnswer(200, `read ${req.body.length} bytes`) },
      { method: 'GET', path: '/big', handle: () => ({ status: 200, type: 'text/plain', body: 'x'.repeat(32 * 1024 * 1024) }) },
      { method: 'GET', path: '/metrics', handle: () => ({ status: 200, type: 'text/plain', body: metrics.text() }) },
    ],
    words: SERVE_LAYER_WORDS, maxBodyBytes: 100, metrics,
    authenticate: (h) => (h.authorization === `Bearer ${TOKEN}` ? undefined : messageAnswer(401, 'no token', {}, { 'www-authenticate': 'Bearer' })),
    log: (line) => logged.push(JSON.parse(line)),
    ...timeouts,
  });
  await new Promise<void>((r) => layer!.server.listen(0, '127.0.0.1', r));
  return (layer.server.address() as AddressInfo).port;
}

afterEach(async () => {
  layer?.server.closeAllConnections();
  await new Promise((r) => layer?.server.close(r));
  layer = undefined;
});

/** Sends `head` (and `rest` after `wait` ms unless the server answered), gives back all the server wrote until it closed or `ms` passed. */
function exchange(port: number, head: string, opts: { rest?: string; wait?: number; ms?: number; half?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const s = connect(port, '127.0.0.1', () => {
      s.write(head);
      if (opts.rest !== undefined) setTimeout(() => { if (!s.destroyed) s.write(opts.rest!); if (opts.half) s.end(); }, opts.wait ?? 0);
    });
    s.on('data', (d) => { got += d.toString('latin1'); });
    s.on('error', () => {});
    const done = () => { s.destroy(); resolve(got); };
    s.on('close', done);
    setTimeout(done, opts.ms ?? 1500);
  });
}

const statusLines = (wire: string) => wire.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];

describe('the HTTP layer and Expect: 100-continue', () => {
  it('a body the server will refuse (too large, no token, no endpoint) gets its final answer, never 100 Continue first', async () => {
    const port = await start();
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    const big = await exchange(port, `POST /echo HTTP/1.1\r\nHost: x\r\n${auth}Expect: 100-continue\r\nContent-Length: 5000\r\n\r\n`);
    expect(statusLines(big)).toEqual(['HTTP/1.1 413']);
    expect(big.toLowerCase()).toContain('connection: close');
    const noToken = await exchange(port, 'POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 50\r\n\r\n');
    expect(statusLines(noToken)).toEqual(['HTTP/1.1 401']);
    // The body was never asked for, so the connection cannot carry another request after it.
    expect(noToken.toLowerCase()).toContain('connection: close');
    const nowhere = await exchange(port, `POST /nowhere HTTP/1.1\r\nHost: x\r\n${auth}Expect: 100-continue\r\nContent-Length: 50\r\n\r\n`);
    expect(statusLines(nowhere)).toEqual(['HTTP/1.1 404']);
  });

  it('a body the server will read: 100 Continue, then the answer on the body sent after it', async () => {
    const port = await start();
    const body = '{"a":1}';
    const wire = await exchange(port, `POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, { rest: body, wait: 100 });
    expect(statusLines(wire)).toEqual(['HTTP/1.1 100', 'HTTP/1.1 200']);
    expect(wire).toContain(`read ${body.length} bytes`);
  });
});

describe('the HTTP layer and Expect from an HTTP/1.0 client', () => {
  it('is never told 100 Continue (RFC 9110 10.1.1): it sends its body at once', async () => {
    const port = await start();
    const body = '{"a":1}';
    const wire = await exchange(port, `POST /echo HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(statusLines(wire)).toEqual(['HTTP/1.1 200']);
  });
});

describe('the HTTP layer and a body cut short', () => {
  it('a client that ends its side mid-body: 400 saying so; logged and counted as 400, never as the server\'s 500 fault', async () => {
    const port = await start();
    const wire = await exchange(port, `POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 90\r\n\r\n{"a":`, { rest: '', wait: 50, half: true, ms: 1000 });
    expect(wire).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(wire.slice(wire.indexOf('\r\n\r\n') + 4)).message).toBe(SERVE_LAYER_WORDS.clientError('cut-short', { headersSeconds: 10, requestSeconds: 30 }));
    await new Promise((r) => setTimeout(r, 100));
    const lines = logged.filter((l) => l.method === 'POST');
    expect(lines).toEqual([expect.objectContaining({ route: '/echo', status: 400 })]);
    expect(lines[0]).not.toHaveProperty('fault');
    const metrics = await exchange(port, `GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`);
    expect(metrics).toContain('pintae_http_requests_total{route="/echo",status="400"} 1');
    expect(metrics).not.toContain('status="500"');
  });

  it('a connection reset mid-body: no one to answer; logged as aborted, not 500', async () => {
    const port = await start();
    await new Promise<void>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.write(`POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 90\r\n\r\n{"a":`);
        setTimeout(() => { s.resetAndDestroy(); resolve(); }, 50);
      });
      s.on('error', () => {});
    });
    await new Promise((r) => setTimeout(r, 150));
    const lines = logged.filter((l) => l.method === 'POST');
    expect(lines).toEqual([expect.objectContaining({ route: '/echo', status: 'aborted' })]);
    expect(lines[0]).not.toHaveProperty('fault');
  });
});

/** The status and the JSON body of an answer on the wire. */
function answerOf(wire: string): { status: number; body: any; headers: string } {
  const [head, body] = [wire.slice(0, wire.indexOf('\r\n\r\n')), wire.slice(wire.indexOf('\r\n\r\n') + 4)];
  return { status: Number(head.slice(9, 12)), headers: head.toLowerCase(), body: body ? JSON.parse(body) : undefined };
}

describe('the requests Node refuses before a route sees them: answered in words, logged, counted', () => {
  it('headers or a URL past the limit: 431 saying what to do, a log line, a metric', async () => {
    const port = await start();
    const wire = await exchange(port, `GET /echo?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const answer = answerOf(wire);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('connection: close');
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.clientError('headers-too-large', { headersSeconds: 10, requestSeconds: 30 }));
    expect(answer.body.message).toMatch(/16 KiB/);
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 431, request_id: expect.any(String) }));
  });

  it('headers cut short (the client ends its side): 400 saying so, logged', async () => {
    const port = await start();
    const answer = answerOf(await exchange(port, 'POST /echo HTTP/1.1\r\nHost: x\r\n', { rest: '', wait: 50, half: true }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.clientError('cut-short', { headersSeconds: 10, requestSeconds: 30 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 400, error: 'HPE_INVALID_EOF_STATE' }));
  });

  it('HTTP/1.1 without a Host header: 400 in words (RFC 9112 3.2), logged, the connection closed', async () => {
    const port = await start();
    const wire = await exchange(port, 'GET /echo HTTP/1.1\r\n\r\n', { ms: 3000 });
    const answer = answerOf(wire);
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.noHost());
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toContainEqual(expect.objectContaining({ method: 'GET', status: 400 }));
  });

  it('not HTTP: 400 in words', async () => {
    const port = await start();
    const answer = answerOf(await exchange(port, 'HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.clientError('not-http', { headersSeconds: 10, requestSeconds: 30 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 400 }));
  });

  it('headers not finished in time: 408 in words, logged', async () => {
    const port = await start({ headersMs: 300, requestMs: 600 });
    const answer = answerOf(await exchange(port, 'POST /echo HTTP/1.1\r\nHost: x\r\n', { ms: 3000 }));
    expect(answer.status).toBe(408);
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.clientError('timeout', { headersSeconds: 0.3, requestSeconds: 0.6 }));
    expect(answer.body.message).toMatch(/--request-timeout/);
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 408 }));
  });

  it('a body not finished in time: 408 in words; the request\'s log line says 408, not 500 or aborted', async () => {
    const port = await start({ headersMs: 300, requestMs: 600 });
    const wire = await exchange(port, `POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 90\r\n\r\n{"a":`, { ms: 3000 });
    const answer = answerOf(wire);
    expect(answer.status).toBe(408);
    expect(answer.body.message).toMatch(/--request-timeout/);
    await new Promise((r) => setTimeout(r, 50));
    const lines = logged.filter((l) => l.method === 'POST');
    expect(lines).toEqual([expect.objectContaining({ route: '/echo', status: 408 })]);
    expect(lines[0]).not.toHaveProperty('fault');
  });
});

describe('a client that never reads its answer', () => {
  it('is cut once its answer has not moved for --request-timeout: the connection and the request in flight are let go', async () => {
    const port = await start({ headersMs: 300, requestMs: 600 });
    // The client is paused: it never sees the close itself; the server's side is what is let go.
    const s = connect(port, '127.0.0.1', () => { s.write(`GET /big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`); s.pause(); });
    s.on('error', () => {});
    await new Promise((r) => setTimeout(r, 300));
    expect(layer!.inFlight).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    const open = await new Promise<number>((r) => layer!.server.getConnections((_, n) => r(n)));
    s.destroy();
    expect(open).toBe(0);
    expect(layer!.inFlight).toBe(0);
  });
});

describe('bodies being received count against the load a server takes', () => {
  it('past maxReading bodies under way, one more is answered 503 with Retry-After before a byte of it is read', async () => {
    const port = await start({ maxReading: 1 });
    const head = `POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 90\r\n\r\n`;
    // The first body stalls half way: it holds the one place.
    const first = connect(port, '127.0.0.1', () => first.write(`${head}{"a":`));
    first.on('error', () => {});
    await new Promise((r) => setTimeout(r, 150));
    const answer = answerOf(await exchange(port, head));
    first.destroy();
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatch(/retry-after: \d+/);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body.message).toBe(SERVE_LAYER_WORDS.busy!());
  });
});
