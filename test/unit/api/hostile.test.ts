/**
 * The live-API client against servers on 127.0.0.1 that answer badly (the API audit): a redirect to another port, a
 * 500 that outlasts the retries, a 207 whose items carry no HTTP status, 429 and 503 with Retry-After in seconds, as
 * an HTTP date and absurd, an answer that drips without end. Each case is a small in-process server; the token must
 * reach no server but the base URL's and appear in no message or ledger line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, type ClientOptions } from '../../../src/api/client.js';
import { ApiError, ApiUnreadableAnswerError } from '../../../src/api/errors.js';
import { invoiceStatus } from '../../../src/api/invoices.js';
import { retryAfterMs } from '../../../src/api/retry.js';
import { Submitter, type Sendable } from '../../../src/api/submit.js';
import { Ledger } from '../../../src/batch/ledger.js';
import { clearSecrets, registerSecret } from '../../../src/io/secrets.js';
import { scriptedServer, type Step } from './scripted-server.js';
import { rowText } from '../../../src/cli/submit-report.js';

const TOKEN = 'tok-hostile-7c1e99a04d';
// Registered as the CLI registers PINTAE_TOKEN when it starts.
beforeAll(() => registerSecret(TOKEN));
afterAll(clearSecrets);
const closers: Array<() => Promise<void>> = [];
afterEach(async () => { while (closers.length) await closers.pop()!(); });

async function setup(steps: Step[], options: Partial<ClientOptions> = {}) {
  const server = await scriptedServer(steps);
  const waits: number[] = [];
  const client = new ApiClient({
    baseUrl: server.url, token: TOKEN, requestTimeoutMs: 5_000, retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
    sleep: async (ms) => { waits.push(ms); }, random: () => 0.5, ...options,
  });
  closers.push(server.close, () => client.close());
  return { server, client, waits };
}

const items = (...numbers: string[]): Sendable[] =>
  numbers.map((n) => ({ file: 'f.json', index: null, body: { entity_id: 'e1', invoice_number: n }, entity_id: 'e1', invoice_number: n, sha256: `h${n}` }));

/** Sends through the Submitter with a ledger in memory; the ledger's lines come back with the results. */
async function submit(client: ApiClient, sendables: Sendable[], mode: 'one' | 'chunk', ledger = Ledger.memory()) {
  const submitter = new Submitter(client, ledger, { force: false, now: () => new Date(0) });
  const results = mode === 'one' ? [await submitter.sendOne(sendables[0]!)] : await submitter.sendChunk(sendables);
  return { results, ledger };
}

describe('spec 4.1 "500, 502: internal or gateway failure; retry": an outcome unknown, never a refusal', () => {
  it('push: a 500 on every attempt leaves the invoice unknown in the ledger, so that the rerun counts the 409 as its own', async () => {
    const { server, client } = await setup([{ status: 500, body: { message: 'boom' } }]);
    const ledger = Ledger.memory();
    const { results } = await submit(client, items('A'), 'one', ledger);
    expect(server.requests).toHaveLength(3);
    expect(results[0]).toMatchObject({ outcome: 'unknown', http: 500 });
    expect(ledger.lookup(server.url, 'e1', 'A')?.last.state).toBe('unknown');
    expect(new Submitter(client, ledger, { force: false, now: () => new Date(0) }).plan(items('A')[0]!)).toEqual({ action: 'send', unknownBefore: true });
  });

  it('bulk: an item answered 500 or 502 inside the 207 is unknown too (it may be stored)', async () => {
    const { server, client } = await setup([{ status: 207, body: { results: [
      { invoice_number: 'A', status_code: 500, message: 'internal' }, { invoice_number: 'B', status_code: 502 }, { invoice_number: 'C', status_code: 202, invoice_id: 'ic' },
    ] } }]);
    const ledger = Ledger.memory();
    const { results } = await submit(client, items('A', 'B', 'C'), 'chunk', ledger);
    expect(results.map((r) => r.outcome)).toEqual(['unknown', 'unknown', 'accepted']);
    expect(['A', 'B', 'C'].map((n) => ledger.lookup(server.url, 'e1', n)?.last.state)).toEqual(['unknown', 'unknown', 'accepted']);
  });
});

describe('a 207 whose items carry no HTTP status (spec 4.3: each element holds status_code)', () => {
  it('"abc", -1, 99, 1e9 or none: that item is unknown, said as such; never "HTTP NaN" nor a refusal', async () => {
    const { server, client } = await setup([{ status: 207, body: { results: [
      { invoice_number: 'A', status_code: 'abc' }, { invoice_number: 'B', status_code: -1, invoice_id: 'x' }, { invoice_number: 'C', status_code: 99 },
      { invoice_number: 'D', status_code: 1e9 }, { invoice_number: 'E' }, { invoice_number: 'F', status_code: '202', invoice_id: 'if' },
    ] } }]);
    const ledger = Ledger.memory();
    const { results } = await submit(client, items('A', 'B', 'C', 'D', 'E', 'F'), 'chunk', ledger);
    expect(results.map((r) => r.outcome)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'accepted']);
    for (const r of results.slice(0, 5)) {
      expect(r.message).toMatch(/^POST \/oauth\/invoices\/bulk: the answer \(HTTP 207\) gives this invoice no HTTP status \(status_code .*\): it may have been stored; a rerun sends it again and the service's 409 tells$/);
      expect(r.message).not.toContain('NaN');
    }
    expect(['A', 'E', 'F'].map((n) => ledger.lookup(server.url, 'e1', n)?.last.state)).toEqual(['unknown', 'unknown', 'accepted']);
  });
});

describe('a 202 that does not say which invoice it stored (spec 4.1: "202 | message, invoice_id, status")', () => {
  it('HTML, JSON cut short, or no invoice_id: accepted (the status says so), and the line says its status cannot be followed', async () => {
    for (const step of [{ status: 202, text: '<html>ok</html>', headers: { 'content-type': 'text/html' } }, { status: 202, text: '{"invoice_id": "x",' }, { status: 202, body: { invoice_id: { id: 1 }, status: 'PROCESSING' } }]) {
      const { server, client } = await setup([step]);
      const ledger = Ledger.memory();
      const { results } = await submit(client, items('A'), 'one', ledger);
      expect(results[0]).toMatchObject({ outcome: 'accepted', invoice_id: null, message: "the answer (HTTP 202) gives no invoice_id (spec 4.1: the service returns one), so this invoice's status cannot be followed here" });
      expect(rowText(results[0]!, { color: false })).toContain("\n    the answer (HTTP 202) gives no invoice_id");
      expect(ledger.lookup(server.url, 'e1', 'A')?.last.state).toBe('accepted');
    }
  });
});

describe('a redirect (307, 308) to another host or port', () => {
  it('is not followed: the token reaches only the base URL; the message names where it pointed and what to do', async () => {
    const elsewhere: string[] = [];
    const other = createServer((req, res) => { elsewhere.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`); res.writeHead(202, { 'content-type': 'application/json' }); res.end('{"invoice_id":"stolen"}'); });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => { other.closeAllConnections(); other.close(() => r()); }));
    const target = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    for (const status of [307, 308, 301, 302, 303]) {
      const { server, client } = await setup([{ status, headers: { location: `${target}/oauth/invoices` }, text: '' }]);
      const ledger = Ledger.memory();
      const { results } = await submit(client, items('R'), 'one', ledger);
      expect(server.requests).toHaveLength(1);
      expect(results[0]).toMatchObject({ outcome: 'rejected', http: status });
      expect(results[0]!.message).toBe(`POST /oauth/invoices: HTTP ${status}: the service redirects to ${target}/oauth/invoices; pintae follows no redirect, so that the access token goes to no other address: if the service has moved, set the base URL (--base-url, PINTAE_BASE_URL or baseUrl in pintae.config.json) to its new address`);
      expect(ledger.lookup(server.url, 'e1', 'R')?.last.state).toBe('rejected');
    }
    expect(elsewhere).toEqual([]);
  });

  it('a Location holding a C1 control (CSI, the one byte an HTTP header may carry) or the token is shown escaped and redacted', async () => {
    const { client } = await setup([{ status: 308, headers: { location: `http://127.0.0.1:1/x\u009b2J?k=${TOKEN}` } }]);
    const error = await invoiceStatus(client, 'i1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('redirects to http://127.0.0.1:1/x\\u009b2J?k=[redacted];');
    expect(error.message).not.toContain(TOKEN.slice(4, 12));
  });
});

describe('429 and 503: the service asks to wait (RFC 9110 10.2.3 Retry-After; rate limits are not shown, spec 8)', () => {
  it('Retry-After in seconds is waited, then the request repeated', async () => {
    const { server, client, waits } = await setup([{ status: 429, headers: { 'retry-after': '2' } }, { status: 202, body: { invoice_id: 'i1', status: 'PROCESSING' } }]);
    const { results } = await submit(client, items('A'), 'one');
    expect(waits).toEqual([2_000]);
    expect(server.requests).toHaveLength(2);
    expect(results[0]).toMatchObject({ outcome: 'accepted', invoice_id: 'i1' });
  });

  it('Retry-After as an HTTP date is waited until that time', async () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    const { server, client, waits } = await setup([{ status: 503, headers: { 'retry-after': 'Fri, 27 Nov 2026 10:00:07 GMT' } }, { status: 200, body: { invoice_id: 'i1', status: 'SENT_TO_PEPPOL', category: 'success', terminal: true } }], { now: () => now });
    expect(await invoiceStatus(client, 'i1')).toMatchObject({ category: 'success' });
    expect(waits).toEqual([7_000]);
    expect(server.requests).toHaveLength(2);
  });

  it('without Retry-After, or with one that is no delay, the backoff of 500/502 is used', async () => {
    for (const header of [undefined, 'soon', '-5', '1.5', '']) {
      const { server, client, waits } = await setup([{ status: 503, ...(header === undefined ? {} : { headers: { 'retry-after': header } }) }, { status: 200, body: { status: 'PROCESSING' } }]);
      await invoiceStatus(client, 'i1');
      expect(waits, String(header)).toEqual([5]);
      expect(server.requests).toHaveLength(2);
    }
  });

  it('an absurd wait (1e9 s, a date years ahead) is not waited: not retried, and the message says what the service asked', async () => {
    for (const header of ['1000000000', 'Wed, 01 Jan 2120 00:00:00 GMT']) {
      const { server, client, waits } = await setup([{ status: 429, headers: { 'retry-after': header }, body: { message: 'slow down' } }, { status: 202 }]);
      const ledger = Ledger.memory();
      const { results } = await submit(client, items('A'), 'one', ledger);
      expect(server.requests, header).toHaveLength(1);
      expect(waits).toEqual([]);
      expect(results[0]).toMatchObject({ outcome: 'rejected', http: 429 });
      expect(results[0]!.message).toMatch(/^POST \/oauth\/invoices: HTTP 429: too many requests: the service limits how often it may be called, and asks to wait \d+ s before the next request \(longer than the 60 s pintae waits within a run\): run again later \(slow down\)$/);
      expect(ledger.lookup(server.url, 'e1', 'A')?.last.state).toBe('rejected');
    }
  });

  it('a 503 after the last attempt is an outcome unknown, like 500 and 502; its wait is said', async () => {
    const { server, client } = await setup([{ status: 503, headers: { 'retry-after': '1' } }]);
    const ledger = Ledger.memory();
    const { results } = await submit(client, items('A', 'B'), 'chunk', ledger);
    expect(server.requests).toHaveLength(3);
    expect(results.map((r) => r.outcome)).toEqual(['unknown', 'unknown']);
    expect(results[0]!.message).toBe('POST /oauth/invoices/bulk: HTTP 503: the service is unavailable just now, and asks to wait 1 s before the next request');
  });

  it('an entity creation answered 503 is not repeated (it may have been made), and says so', async () => {
    const { entities } = await import('../../../src/api/entities.js');
    const { server, client } = await setup([{ status: 503, headers: { 'retry-after': '1' } }, { status: 201, body: { data: { entity_id: 'e2' } } }]);
    const error = await entities.create(client, { company_name: 'X' }).catch((e) => e);
    expect(server.requests).toHaveLength(1);
    expect(error.message).toBe('POST /oauth/entities: HTTP 503: the service is unavailable just now, and asks to wait 1 s before the next request; the entity may have been created all the same: check pintae entities list before creating it again');
  });

  it('retryAfterMs reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    for (const v of [undefined, '', 'soon', '-1', '1e9', '1.5', 'Fri, 27 Nov 2026 10:01:00']) expect(retryAfterMs(v, now), String(v)).toBeUndefined();
  });
});

describe('an answer that drips without end', () => {
  it('one byte at a time, each in time: given up at the whole-request timeout, not retried', async () => {
    let requests = 0;
    const drip = createServer((req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"');
      const timer = setInterval(() => { if (!res.destroyed) res.write('x'); }, 20);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((r) => drip.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => { drip.closeAllConnections(); drip.close(() => r()); }));
    const client = new ApiClient({ baseUrl: `http://127.0.0.1:${(drip.address() as AddressInfo).port}`, token: TOKEN, requestTimeoutMs: 300 });
    closers.push(() => client.close());
    const error = await invoiceStatus(client, 'i1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiUnreadableAnswerError);
    expect(error.code).toBe('ANSWER_TOO_SLOW');
    expect(requests).toBe(1);
  });
});

describe('an id that a URL reads as a directory', () => {
  it('"." and ".." are refused before anything is sent: `entities delete ..` sent DELETE /oauth/', async () => {
    const { entities } = await import('../../../src/api/entities.js');
    const { UsageError } = await import('../../../src/io/errors.js');
    const { server, client } = await setup([{ status: 200, body: { message: 'ok' } }]);
    for (const id of ['.', '..']) {
      for (const call of [() => entities.delete(client, id), () => entities.get(client, id), () => invoiceStatus(client, id)]) {
        const error: unknown = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UsageError);
        expect((error as Error).message).toBe(`${JSON.stringify(id)} is not an id the API can be asked about: a URL path reads "." and ".." as directories, so the request would go to another address (for entities delete, another resource)`);
      }
    }
    expect(server.requests).toEqual([]);
    await entities.get(client, '..x');
    expect(server.requests.map((r) => r.url)).toEqual(['/oauth/entities/..x']);
  });
});
