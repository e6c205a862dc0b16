/** The retry policy (spec 4.1: retry 500/502 and connection errors; never 4xx) and the 409 recovery of a resend. */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { ApiUnreachableError } from '../../../src/api/errors.js';
import { pushInvoice, pushBulk } from '../../../src/api/invoices.js';
import { backoffDelay, classifyError, DEFAULT_RETRY } from '../../../src/api/retry.js';
import { scriptedServer, type Step } from './scripted-server.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => { while (closers.length) await closers.pop()!(); });

async function setup(steps: Step[], options: { requestTimeoutMs?: number; attempts?: number } = {}) {
  const server = await scriptedServer(steps);
  const delays: number[] = [];
  const client = new ApiClient({
    baseUrl: server.url, token: 'tok-retry-test', requestTimeoutMs: options.requestTimeoutMs ?? 5_000,
    retry: { attempts: options.attempts ?? 4, baseDelayMs: 10, maxDelayMs: 40 },
    onRetry: ({ delayMs }) => delays.push(delayMs),
  });
  closers.push(server.close, () => client.close());
  return { server, client, delays };
}

const BODY = { entity_id: 'ent_1', invoice_number: 'INV-1' };

describe('backoff', () => {
  it('grows exponentially, is capped, and is jittered over [0, ceiling]', () => {
    const policy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 60_000 };
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, policy, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(200);
    expect(DEFAULT_RETRY.attempts).toBeGreaterThan(1);
  });

  it('classifies connection errors: refused never arrived, reset may have', () => {
    expect(classifyError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({ retryable: true, mayHaveArrived: false });
    expect(classifyError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toMatchObject({ retryable: true, mayHaveArrived: true });
    expect(classifyError(Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }))).toMatchObject({ retryable: true, mayHaveArrived: true });
    expect(classifyError(new DOMException('t', 'TimeoutError'))).toMatchObject({ code: 'TimeoutError', retryable: true, mayHaveArrived: true });
    expect(classifyError(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toMatchObject({ retryable: false });
  });

  it('says each error in words with its code in brackets; an unknown host or a refused certificate was never sent', () => {
    const of = (code: string, message = 'x') => classifyError(Object.assign(new Error(message), { code }));
    expect(of('ECONNRESET').words).toBe('the server reset the connection (ECONNRESET)');
    expect(of('ECONNREFUSED').words).toBe('the server refused the connection: nothing listens at that address and port (ECONNREFUSED)');
    expect(of('UND_ERR_SOCKET').words).toBe('the server closed the connection (UND_ERR_SOCKET)');
    expect(classifyError(new DOMException('t', 'TimeoutError')).words).toBe('the server did not answer within the whole-request timeout, PINTAE_REQUEST_TIMEOUT_MS (TimeoutError)');
    expect(of('HPE_INVALID_CONSTANT').words).toBe("the server's answer is not valid HTTP (HPE_INVALID_CONSTANT)");
    expect(of('EWHATEVER', 'something odd').words).toBe('a network error (EWHATEVER: something odd)');
    for (const code of ['ENOTFOUND', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']) {
      expect(of(code), code).toMatchObject({ retryable: false, mayHaveArrived: false, words: expect.stringMatching(new RegExp(`^[a-z].* \\(${code}\\)$`)) });
    }
  });
});

describe('ApiClient retries', () => {
  it('retries 502 and 500, then returns the answer', async () => {
    const { server, client, delays } = await setup([{ status: 502 }, { status: 500 }, { status: 202, body: { invoice_id: 'i-1', status: 'PROCESSING' } }]);
    const answer = await client.call('GET', '/x');
    expect(answer).toMatchObject({ status: 202, attempts: 3, unknownEarlier: true });
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
    for (const d of delays) expect(d).toBeLessThanOrEqual(40);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries %i', async (status) => {
    const { server, client } = await setup([{ status }, { status: 202 }]);
    expect((await client.call('POST', '/oauth/invoices', BODY)).status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it('is bounded: after the last attempt the 500 is returned', async () => {
    const { server, client } = await setup([{ status: 500 }], { attempts: 3 });
    expect((await client.call('GET', '/x')).status).toBe(500);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a dropped connection, and gives up with ApiUnreachableError (may have arrived)', async () => {
    const { server, client } = await setup(['drop'], { attempts: 2 });
    const error = await client.call('POST', '/oauth/invoices', BODY).catch((e) => e);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(error.mayHaveArrived).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('times out a request that never answers (whole-request timeout), then retries', async () => {
    const { server, client } = await setup(['hang', { status: 200, body: { ok: true } }], { requestTimeoutMs: 300 });
    const answer = await client.call('GET', '/x');
    expect(answer.status).toBe(200);
    expect(answer.unknownEarlier).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a refused connection, known not to have arrived', async () => {
    const { server, client } = await setup([{ status: 200 }], { attempts: 2 });
    await server.close();
    const error = await client.call('GET', '/x').catch((e) => e);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.mayHaveArrived).toBe(false);
    expect(error.attempts).toBe(2);
  });

  it("mode 'not-sent' does not repeat a request that may have been processed (500, dropped)", async () => {
    const a = await setup([{ status: 500 }, { status: 201 }]);
    expect((await a.client.call('POST', '/oauth/entities', {}, 'not-sent')).status).toBe(500);
    expect(a.server.requests).toHaveLength(1);
    const b = await setup(['drop', { status: 201 }]);
    await expect(b.client.call('POST', '/oauth/entities', {}, 'not-sent')).rejects.toBeInstanceOf(ApiUnreachableError);
    expect(b.server.requests).toHaveLength(1);
  });

  it('sends the bearer token and JSON body', async () => {
    const { server, client } = await setup([{ status: 200 }]);
    await client.call('POST', '/y', BODY);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/y', authorization: 'Bearer tok-retry-test', body: JSON.stringify(BODY) });
  });
});

describe('POST /oauth/invoices: a resend after an unknown outcome', () => {
  it('a 409 answering the retry of a 502 is our own earlier send: accepted, recovered, with the existing invoice_id', async () => {
    const { server, client } = await setup([{ status: 502 }, { status: 409, body: { message: 'duplicate', invoice_id: 'inv-earlier' } }]);
    expect(await pushInvoice(client, BODY)).toEqual({ kind: 'accepted', invoice_id: 'inv-earlier', status: null, recovered: true, http: 409 });
    expect(server.requests).toHaveLength(2);
  });

  it('a 409 answering the retry of a dropped connection is recovered too', async () => {
    const { client } = await setup(['drop', { status: 409, body: { invoice_id: 'inv-earlier' } }]);
    expect(await pushInvoice(client, BODY)).toMatchObject({ kind: 'accepted', recovered: true, invoice_id: 'inv-earlier' });
  });

  it('a 409 to a first send is "already submitted", not recovered', async () => {
    const { client } = await setup([{ status: 409, body: { message: 'dup', invoice_id: 'inv-other' } }]);
    expect(await pushInvoice(client, BODY)).toMatchObject({ kind: 'exists', invoice_id: 'inv-other', http: 409 });
  });

  it('a 409 to the first send of an invoice the ledger left unknown is recovered', async () => {
    const { client } = await setup([{ status: 409, body: { data: { invoice_id: 'inv-earlier' } } }]);
    expect(await pushInvoice(client, BODY, true)).toMatchObject({ kind: 'accepted', recovered: true, invoice_id: 'inv-earlier' });
  });

  it('bulk: per-item outcomes from the 207, with the retry recovery applied per item', async () => {
    const results = [
      { invoice_number: 'A', status_code: 202, invoice_id: 'ia', status: 'PROCESSING' },
      { invoice_number: 'B', status_code: 409, invoice_id: 'ib' },
      { invoice_number: 'C', status_code: 404, message: 'Entity not found' },
    ];
    const { client } = await setup([{ status: 207, body: { results } }]);
    const out = await pushBulk(client, [{ invoice_number: 'A' }, { invoice_number: 'B' }, { invoice_number: 'C' }], [false, false, false]);
    expect(out.map((o) => o.kind)).toEqual(['accepted', 'exists', 'rejected']);
    const again = await setup([{ status: 502 }, { status: 207, body: { results } }]);
    const recovered = await pushBulk(again.client, [{ invoice_number: 'A' }, { invoice_number: 'B' }, { invoice_number: 'C' }], [false, false, false]);
    expect(recovered[1]).toMatchObject({ kind: 'accepted', recovered: true, invoice_id: 'ib' });
  });
});

describe('entity creation after a lost answer', () => {
  it('is not repeated, and the error says the entity may exist', async () => {
    const { entities } = await import('../../../src/api/entities.js');
    const { server, client } = await setup([{ status: 502 }, { status: 201, body: { data: { entity_id: 'e2' } } }]);
    const error = await entities.create(client, { company_name: 'X' }).catch((e) => e);
    expect(error.message).toMatch(/may have been created.*entities list/);
    expect(server.requests).toHaveLength(1);
  });
});
