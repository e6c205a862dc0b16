/**
 * Issue 22 item 5: answers of any size. A server on 127.0.0.1 answers with a body without end, one just over a small
 * configured cap, one that stalls, and a reset connection. The binary must end each run with the reason in words and
 * the documented exit code (1: the API answered an error, or an invoice's outcome is unknown), never read past the cap
 * (the run ending at all, on a body without end, is the witness of bounded memory), and never repeat a request whose
 * answer it could not read; a send whose answer was dropped is unknown, and the rerun recovers it without a second copy.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invoice, pintae, removeTempDirs, tempDir, writeJson } from './api-helpers.js';

afterAll(removeTempDirs);

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** Answers every request by `behaviour`, which a test swaps; counts requests per method and path. */
async function hostileServer() {
  let behaviour: Behaviour = (_, res) => res.end();
  const seen: string[] = [];
  const server = createServer((req, res) => {
    req.resume().on('end', () => { seen.push(`${req.method} ${req.url}`); behaviour(req, res); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer(b: Behaviour) { behaviour = b; seen.length = 0; },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

const json = { 'content-type': 'application/json' };
/**
 * A body without end, as far as any cap up to 64 MiB can tell: as fast as the client takes it, until it hangs up. It
 * does end after 192 MiB, a safety net only: a client that regressed to reading everything fails the test (the run
 * succeeds or says something else) instead of taking the machine's memory, as the client before issue 22 did.
 */
const endless: Behaviour = (req, res) => {
  res.writeHead(200, json);
  res.write('{"data":"');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = 192 * 16;
  const pump = () => {
    while (!res.destroyed && left > 0) { left -= 1; if (!res.write(chunk)) return; }
    if (left === 0 && !res.writableEnded) res.end('"}');
  };
  res.on('drain', pump);
  req.socket.on('close', () => res.off('drain', pump));
  pump();
};
/** A status answer of exactly `size` bytes (padded inside a string), with or without Content-Length. */
const statusOf = (size: number, declared: boolean): Behaviour => (_, res) => {
  const shell = JSON.stringify({ invoice_id: 'inv-1', status: 'SENT_TO_PEPPOL', category: 'success', terminal: true, pad: '' });
  const body = shell.replace('"pad":""', `"pad":"${'p'.repeat(size - shell.length)}"`);
  res.writeHead(200, declared ? { ...json, 'content-length': String(Buffer.byteLength(body)) } : json);
  if (declared) res.end(body); else { res.write(body.slice(0, 100)); res.end(body.slice(100)); }
};

describe('answers of any size, and of any speed', () => {
  let server: Awaited<ReturnType<typeof hostileServer>>;
  const run = (args: string[], env: Record<string, string> = {}, cwd = tempDir()) => pintae(args, { cwd, url: server.url, env });

  it('a body without end: read up to the default cap of 64 MiB, said in words, not retried', async () => {
    server = await hostileServer();
    server.answer(endless);
    const r = await run(['status', 'inv-1']);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain('pintae: GET /oauth/invoices/inv-1/status: the answer (HTTP 200) grew past the limit of 64 MiB (PINTAE_MAX_RESPONSE_BYTES): the rest was not read; not retried');
    expect(server.seen).toEqual(['GET /oauth/invoices/inv-1/status']);
  });

  it('a body just over a configured cap fails, declared or not; one at the cap is read', async () => {
    const cap = { PINTAE_MAX_RESPONSE_BYTES: '2048' };
    server.answer(statusOf(2049, true));
    const declared = await run(['status', 'inv-1'], cap);
    expect(declared.exitCode).toBe(1);
    expect(declared.stderr).toContain('the answer (HTTP 200) declares 2,049 bytes, over the limit of 2 KiB (PINTAE_MAX_RESPONSE_BYTES): it was not read; not retried');
    expect(server.seen).toHaveLength(1);
    server.answer(statusOf(2049, false));
    const streamed = await run(['status', 'inv-1'], cap);
    expect(streamed.exitCode).toBe(1);
    expect(streamed.stderr).toContain('grew past the limit of 2 KiB (PINTAE_MAX_RESPONSE_BYTES)');
    expect(server.seen).toHaveLength(1);
    for (const declare of [true, false]) {
      server.answer(statusOf(2048, declare));
      const at = await run(['status', 'inv-1', '--format', 'json'], cap);
      expect(at.exitCode, at.stderr).toBe(0);
      expect(JSON.parse(at.stdout)).toMatchObject({ invoice_id: 'inv-1', category: 'success' });
    }
    const bad = await run(['status', 'inv-1'], { PINTAE_MAX_RESPONSE_BYTES: '64MB' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('PINTAE_MAX_RESPONSE_BYTES 64MB: give a positive whole number of bytes');
  });

  it('a body that stalls: given up after the whole-request timeout, said in words, not retried', async () => {
    server.answer((_, res) => { res.writeHead(200, json); res.write('{"invoice_id":'); });
    const r = await run(['status', 'inv-1'], { PINTAE_REQUEST_TIMEOUT_MS: '400' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('the answer (HTTP 200) did not arrive in full within 0.4 s (PINTAE_REQUEST_TIMEOUT_MS, the whole request): it was not read; not retried');
    expect(server.seen).toHaveLength(1);
  });

  it('a reset connection is said in words with its code, and retried as before', async () => {
    server.answer((req) => req.socket.resetAndDestroy());
    const r = await run(['status', 'inv-1']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/the server reset the connection \(ECONNRESET\); retrying in \d+ ms \(attempt 2\)/);
    expect(r.stderr).toContain('GET /oauth/invoices/inv-1/status: no answer after 4 attempts: the server reset the connection (ECONNRESET)');
    expect(server.seen).toHaveLength(4);
  });

  it('an invoice sent whose answer is without end: unknown, sent once; the rerun recovers it from the 409', async () => {
    const cwd = tempDir();
    const file = writeJson(cwd, 'one.json', invoice('invoices/standard.json', 'ent_1', 'ANSWER-1'));
    server.answer(endless);
    const first = await run(['push', file, '--no-validate', '--format', 'json'], { PINTAE_MAX_RESPONSE_BYTES: '100000' }, cwd);
    expect(first.exitCode, first.stderr).toBe(1);
    const row = JSON.parse(first.stdout).results[0];
    expect(row).toMatchObject({ invoice_number: 'ANSWER-1', outcome: 'unknown' });
    expect(row.message).toContain('POST /oauth/invoices: the answer (HTTP 200) grew past the limit of 100,000 bytes (PINTAE_MAX_RESPONSE_BYTES)');
    expect(server.seen).toEqual(['POST /oauth/invoices']);
    const ledger = () => readFileSync(join(cwd, '.pintae', 'ledger.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).state);
    expect(ledger()).toEqual(['sending', 'unknown']);

    // The service stored it: the resend is refused as a duplicate, which the ledger knows to be our own.
    server.answer((_, res) => { res.writeHead(409, json); res.end(JSON.stringify({ message: 'duplicate', invoice_id: 'inv-stored' })); });
    const rerun = await run(['push', file, '--no-validate', '--format', 'json'], {}, cwd);
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout).results[0]).toMatchObject({ outcome: 'recovered', invoice_id: 'inv-stored' });
    expect(server.seen).toEqual(['POST /oauth/invoices']);
    expect(ledger()).toEqual(['sending', 'unknown', 'sending', 'accepted']);
    await server.close();
  });
});

describe('a service that limits requests (429) past what pintae waits', () => {
  it('bulk stops after the first refused chunk, says so for the rest, and the rerun sends them; the token nowhere', async () => {
    const limited = await hostileServer();
    try {
      const cwd = tempDir();
      const file = writeJson(cwd, 'three.json', ['LIM-1', 'LIM-2', 'LIM-3'].map((n) => invoice('invoices/standard.json', 'ent_1', n)));
      limited.answer((_, res) => { res.writeHead(429, { ...json, 'retry-after': '1000000000' }); res.end('{"message":"slow down"}'); });
      const r = await pintae(['bulk', file, '--no-validate', '--chunk', '1', '--format', 'json'], { cwd, url: limited.url });
      expect(r.exitCode, r.stderr).toBe(1);
      expect(limited.seen).toEqual(['POST /oauth/invoices/bulk']);
      const rows = JSON.parse(r.stdout).results;
      expect(rows.map((row: { outcome: string }) => row.outcome)).toEqual(['rejected', 'unsent', 'unsent']);
      expect(rows[0].message).toContain('HTTP 429: too many requests: the service limits how often it may be called, and asks to wait 1000000000 s before the next request (longer than the 60 s pintae waits within a run): run again later (slow down)');
      expect(rows[2].message).toBe('not sent: the service refused the previous invoices as too many requests (HTTP 429); run again later: the ledger skips what was accepted');
      const ledger = readFileSync(join(cwd, '.pintae', 'ledger.jsonl'), 'utf8');
      for (const text of [r.stdout, r.stderr, ledger]) expect(text).not.toContain('LEAKCHECK');

      limited.answer((req, res) => { res.writeHead(207, json); res.end(JSON.stringify({ results: [{ invoice_number: `LIM-${limited.seen.length}`, status_code: 202, invoice_id: `inv-${limited.seen.length}` }] })); });
      const rerun = await pintae(['bulk', file, '--no-validate', '--chunk', '1', '--format', 'json'], { cwd, url: limited.url });
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      expect(limited.seen).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('what a hostile service answers reaches the terminal as text', () => {
  it('status --wait past its --timeout, entities pull, push --wait: the ids and status the service gave are escaped, and ".." is never asked about', async () => {
    const hostile = await hostileServer();
    try {
      hostile.answer((_, res) => { res.writeHead(200, json); res.end(JSON.stringify({ invoice_id: 'id-\u001b[2J', status: 'PROC\u001b]0;pwn\u0007', terminal: false })); });
      const r = await pintae(['status', 'inv-1', '--wait', '--timeout', '1'], { cwd: tempDir(), url: hostile.url });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('pintae: id-\\u001b[2J is still PROC\\u001b]0;pwn\\u0007 after --timeout 1 s');
      expect(r.stdout + r.stderr).not.toMatch(/[\u001b\u0007]/);

      // entities pull of every connected entity: an entity_id that is no file name is named on standard error, escaped.
      hostile.answer((_, res) => { res.writeHead(200, json); res.end(JSON.stringify({ data: [{ entity_id: 'ent\u001b[2J', company_name: 'N' }] })); });
      const pull = await pintae(['entities', 'pull'], { cwd: tempDir(), url: hostile.url });
      expect(pull.exitCode).toBe(1);
      expect(pull.stderr).toContain('pintae: ent\\u001b[2J: not saved (the entity_id cannot be a file name)');
      expect(pull.stdout + pull.stderr).not.toMatch(/\u001b/);

      // push --wait of an invoice the service calls "..": never followed (a URL would make it GET /oauth/status).
      const cwd = tempDir();
      const file = writeJson(cwd, 'dots.json', invoice('invoices/standard.json', 'ent_1', 'DOTS-1'));
      hostile.answer((_, res) => { res.writeHead(202, json); res.end(JSON.stringify({ invoice_id: '..', status: 'PROCESSING' })); });
      const dots = await pintae(['push', file, '--no-validate', '--wait', '--timeout', '5'], { cwd, url: hostile.url });
      expect(dots.exitCode, dots.stderr).toBe(1);
      expect(hostile.seen).toEqual(['POST /oauth/invoices']);
      expect(dots.stderr).toContain('pintae: could not follow the invoices to a terminal status: ".." is not an id the API can be asked about');
    } finally {
      await hostile.close();
    }
  });
});
