/**
 * Issue 25 item 5: the sandbox stands on the same HTTP layer as `pintae serve` (src/server/). The real binary spawned:
 * a body past the cap refused (413) before it is read, a body that is not text a 400 naming the byte, one JSON log
 * line per request without body or token, GET /metrics, and SIGTERM answering the request in flight before exit 0.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, ROOT } from '../helpers/paths.js';
import { removeTempDirs, tempDir } from './sandbox-client.js';
import { metric, until } from './serve-helpers.js';

afterAll(() => removeTempDirs());

/** A request whose headers (and `first` bytes of its body) are sent now; `finish` sends the rest. */
function partial(url: string, path: string, headers: Record<string, string | number>, first: Buffer) {
  const req = request(`${url}${path}`, { method: 'POST', headers });
  const answered = new Promise<{ res: IncomingMessage; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.once('end', () => resolve({ res, body }));
    });
    req.once('error', reject);
  });
  req.write(first);
  return { answered, finish: (rest: Buffer) => req.end(rest), abort: () => req.destroy() };
}

/** `pintae sandbox` on a free port with `args`: its URL once listening, a bearer header, and its standard error so far. */
async function sandbox(...args: string[]) {
  const dir = tempDir();
  const child = execa('node', [BIN, 'sandbox', '--port', '0', '--data-dir', dir, ...args], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' } });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  const url = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => { out += c.toString(); if (out.includes('\n')) resolve(out.split('\n')[0]!); });
  });
  const token = Object.keys(JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')))[0]!;
  return { child, url, token, auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, err: () => err };
}

describe('pintae sandbox on the shared HTTP layer', () => {
  it('413 before reading, 400 at the byte, JSON log lines, /metrics, and SIGTERM answering the request in flight', async () => {
    const { child, url, token, auth, err } = await sandbox();

    // A body declared past the 20 MiB cap is refused at once: the server does not wait for it.
    const big = partial(url, '/oauth/invoices/validate', { ...auth, 'content-length': 20 * 1024 * 1024 + 1 }, Buffer.from('{"a":'));
    const refused = await big.answered;
    big.abort();
    expect(refused.res.statusCode).toBe(413);
    expect(JSON.parse(refused.body).message).toBe('The request body is larger than 20971520 bytes');

    // Windows-1252 bytes: refused at the byte (line 2, column 15), never read with U+FFFD.
    const cp1252 = Buffer.from('{\n  "name": "Caf\u00e9 Sales"\n}', 'latin1');
    const bad = await fetch(`${url}/oauth/users`, { method: 'POST', headers: auth, body: cp1252 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^The request body is not UTF-8 JSON: 2:15: byte 0xE9 is not UTF-8/);

    // SIGTERM with a request in flight (its body half sent): no new requests, that one answered, then exit 0.
    const body = Buffer.from(JSON.stringify({ name: 'Secret Accounts Team' }));
    const held = partial(url, '/oauth/users', { ...auth, 'content-length': body.length }, body.subarray(0, 5));
    await until(async () => (await metric(url, 'pintae_http_requests_in_flight', auth)) === 2);
    const scraped = await (await fetch(`${url}/metrics`, { headers: auth })).text();
    expect(scraped).toMatch(/^pintae_http_requests_total\{route="\/oauth\/invoices\/validate",status="413"\} 1$/m);
    child.kill('SIGTERM');
    await until(() => err().includes('SIGTERM, closing'));
    held.finish(body.subarray(5));
    const created = await held.answered;
    expect(created.res.statusCode).toBe(201);
    expect(created.res.headers.connection).toBe('close');
    expect(JSON.parse(created.body).data.name).toBe('Secret Accounts Team');
    const result = await child;
    expect(result.exitCode).toBe(0);

    // One JSON line per request: id, method, route, status, ms; never a body, never the token.
    const lines = result.stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(lines.map((l) => `${l.method} ${l.route} ${l.status}`)).toEqual(expect.arrayContaining([
      'POST /oauth/invoices/validate 413', 'POST /oauth/users 400', 'GET /metrics 200', 'POST /oauth/users 201',
    ]));
    for (const l of lines) expect(l).toMatchObject({ request_id: expect.any(String), ms: expect.any(Number) });
    expect(result.stderr).not.toContain('Secret Accounts');
    expect(result.stderr).not.toContain('Caf');
    expect(result.stderr).not.toContain(token);
  });
  it('--drain-timeout 0: SIGTERM cuts the request in flight at once, says so, and exits 0', async () => {
    const { child, url, auth, err } = await sandbox('--drain-timeout', '0');
    const body = Buffer.from(JSON.stringify({ name: 'Never Finished' }));
    const held = partial(url, '/oauth/users', { ...auth, 'content-length': body.length }, body.subarray(0, 5));
    const outcome = held.answered.then(() => 'answered', () => 'cut');
    await until(async () => (await metric(url, 'pintae_http_requests_in_flight', auth)) === 2);
    child.kill('SIGTERM');
    const result = await child;
    expect(await outcome).toBe('cut');
    expect(result.exitCode).toBe(0);
    expect(err()).toContain('at most 0 s');
    expect(err()).toContain('pintae sandbox: 1 request still unanswered after the drain timeout was cut');
  });

  it('--drain-timeout must be whole seconds', async () => {
    const r = await execa('node', [BIN, 'sandbox', '--port', '0', '--data-dir', tempDir(), '--drain-timeout', 'soon'], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--drain-timeout');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the sandbox\'s default data directory in a folder that may be a checkout (docs/decisions.md "What a checkout may decide (secco)")', () => {
  it('.pintae/sandbox/entities planted as a link to another folder: refused (exit 2), nothing written there', async () => {
    const cwd = tempDir();
    const elsewhere = tempDir();
    mkdirSync(join(cwd, '.pintae', 'sandbox'), { recursive: true });
    symlinkSync(elsewhere, join(cwd, '.pintae', 'sandbox', 'entities'));
    const r = await execa('node', [BIN, 'sandbox', '--port', '0'], { cwd, reject: false, timeout: 30_000, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/\.pintae\/sandbox\/entities is a symbolic link to .*--data-dir <dir>/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
