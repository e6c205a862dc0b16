/**
 * The shared HTTP layer (src/server/layer.ts; `pintae serve` and the sandbox) as clients on the wire meet it:
 * `Expect: 100-continue` (as .NET HttpClient and curl send for large bodies) and a body cut short.
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

async function start(): Promise<number> {
  logged = [];
  const metrics = new Metrics();
  layer = createHttpLayer({
    routes: [
      { method: 'POST', path: '/echo', handle: (req) => messageAnswer(200, `read ${req.body.length} bytes`) },
      { method: 'GET', path: '/metrics', handle: () => ({ status: 200, type: 'text/plain', body: metrics.text() }) },
    ],
    words: SERVE_LAYER_WORDS, maxBodyBytes: 100, metrics,
    authenticate: (h) => (h.authorization === `Bearer ${TOKEN}` ? undefined : messageAnswer(401, 'no token', {}, { 'www-authenticate': 'Bearer' })),
    log: (line) => logged.push(JSON.parse(line)),
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

describe('the HTTP layer and a body cut short', () => {
  it('a client that goes away mid-body is logged and counted as aborted, never as the server\'s 500 fault', async () => {
    const port = await start();
    await exchange(port, `POST /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 90\r\n\r\n{"a":`, { rest: '', wait: 50, half: true, ms: 500 });
    await new Promise((r) => setTimeout(r, 100));
    const line = logged.find((l) => l.method === 'POST')!;
    expect(line).toBeDefined();
    expect(line.status).toBe('aborted');
    expect(line).not.toHaveProperty('fault');
    const metrics = await exchange(port, `GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`);
    expect(metrics).toContain('pintae_http_requests_total{route="/echo",status="aborted"} 1');
    expect(metrics).not.toContain('status="500"');
  });
});
