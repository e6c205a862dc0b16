/**
 * pintae says one version everywhere, the one package.json states: the API client's User-Agent (the service's logs
 * are where support meets it), serve's OpenAPI document and `--version`. They were hard-coded copies; a release that
 * bumped package.json alone would have gone on calling itself 0.1.0 on the wire.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../../../src/api/client.js';
import { invoiceStatus } from '../../../src/api/invoices.js';
import { openApiDocument } from '../../../src/serve/openapi.js';
import { PINTAE_VERSION } from '../../../src/version.js';

const stated = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const closers: Array<() => Promise<void> | void> = [];
afterAll(async () => { for (const close of closers) await close(); });

describe('the version pintae gives', () => {
  it('is the one package.json states', () => {
    expect(PINTAE_VERSION).toBe(stated);
    expect(PINTAE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is the User-Agent of every request to the service', async () => {
    const agents: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      agents.push(req.headers['user-agent']);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"invoice_id":"i1","status":"accepted"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    const client = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'tok-version-test', requestTimeoutMs: 5_000 });
    closers.push(() => client.close());
    await invoiceStatus(client, 'i1');
    expect(agents).toEqual([`pintae/${stated}`]);
  });

  it('is the version of serve\'s OpenAPI document', () => {
    expect((openApiDocument().info as { version: string }).version).toBe(stated);
  });
});
