/** `pintae sandbox` as a user runs it: the real binary spawned, its URL read from stdout, stopped by a signal. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { BIN, ROOT } from '../helpers/paths.js';
import { entityBody, freshTrn, removeTempDirs, tempDir } from './sandbox-client.js';

const STACK = /\n\s+at /;
const running: ResultPromise[] = [];
afterAll(() => { for (const p of running) p.kill('SIGKILL'); removeTempDirs(); });

function spawnSandbox(args: string[]) {
  const child = execa('node', [BIN, 'sandbox', ...args], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' } });
  running.push(child);
  return child;
}

/** The first stdout line: the URL the sandbox listens on. */
function urlOf(child: ResultPromise): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', () => reject(new Error(`the sandbox exited before printing its URL: ${out}`)));
  });
}

const tokenOf = (dir: string) => Object.keys(JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')))[0]!;

describe('pintae sandbox', () => {
  it('prints its URL, creates an owner-only token file, logs requests without the token, and exits 0 on SIGTERM', async () => {
    const dir = tempDir();
    const child = spawnSandbox(['--port', '0', '--data-dir', dir]);
    const url = await urlOf(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(statSync(join(dir, 'tokens.json')).mode & 0o777).toBe(0o600);
    const token = tokenOf(dir);
    const created = await fetch(`${url}/oauth/entities`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(entityBody({ trn: freshTrn() })) });
    expect(created.status).toBe(201);
    expect((await fetch(`${url}/oauth/entities`)).status).toBe(401);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(url);
    expect(result.stderr).toContain(join(dir, 'tokens.json'));
    expect(result.stderr).toContain('export PINTAE_TOKEN=');
    // One JSON line per request (the shared layer's log, issue 25 item 5).
    expect(result.stderr).toMatch(/^\{.*"method":"POST","route":"\/oauth\/entities","status":201,"ms":[\d.]+\}$/m);
    expect(result.stderr).toMatch(/^\{.*"method":"GET","route":"\/oauth\/entities","status":401,"ms":[\d.]+\}$/m);
    expect(result.stderr).not.toContain(token);

    // A second start reuses the token file and finds the entity created by the first.
    const again = spawnSandbox(['--port', '0', '--data-dir', dir]);
    const url2 = await urlOf(again);
    const list = await fetch(`${url2}/oauth/entities`, { headers: { authorization: `Bearer ${token}` } });
    expect((await list.json()).data).toHaveLength(1);
    again.kill('SIGINT');
    expect((await again).exitCode).toBe(0);
  });

  it('refuses bad options and a broken token file with exit 2 and one line, and a port in use', async () => {
    const dir = tempDir();
    for (const [args, text] of [
      [['--fail-rate', '2'], '--fail-rate 2: expected a number from 0 to 1'],
      [['--port', 'http'], '--port http: expected a whole number'],
      [['--latency', '-5'], '--latency -5'],
      [['--after-commit-rate', 'x'], '--after-commit-rate x'],
    ] as const) {
      const result = await spawnSandbox([...args, '--data-dir', dir]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`pintae: ${text}`);
      expect(result.stderr).not.toMatch(STACK);
    }
    const broken = tempDir();
    writeFileSync(join(broken, 'tokens.json'), '{"t": 42}');
    const bad = await spawnSandbox(['--port', '0', '--data-dir', broken]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(join(broken, 'tokens.json'));

    const first = spawnSandbox(['--port', '0', '--data-dir', dir]);
    const port = new URL(await urlOf(first)).port;
    const clash = await spawnSandbox(['--port', port, '--data-dir', tempDir()]);
    expect(clash.exitCode).toBe(2);
    expect(clash.stderr).toContain(`pintae: --port ${port}: address already in use`);
    first.kill('SIGTERM');
    expect((await first).exitCode).toBe(0);
  });
});
