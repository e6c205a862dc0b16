import { spawn, type SpawnOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childCommand, permissionFlag, sandboxSupport, spawnOptions } from '../../../src/schematron/sandbox/boundary.js';
import { ROOT } from '../../helpers/paths.js';

/*
 * The sandbox's layers one by one (issue 21, item 2; docs/decisions.md "Saxon-JS behind a process boundary"). A probe
 * (test/fixtures/sandbox/probe.cjs) runs under the child's very command line and environment, as a stylesheet's
 * JavaScript would if it got past everything else the child does (its `process` hidden, eval off) and held the whole
 * `process`: first under the boundary alone (the permission model; on Linux the namespace and limits of boundary.ts),
 * then with the child's lockdown (lockdown.ts) loaded first, as child.ts does. The same probe in a plain `node`
 * succeeds at every attempt (the last test), so each denial below is the sandbox's doing.
 */

const work = mkdtempSync(join(tmpdir(), 'pintae-sandbox-boundary-'));
const outside = join(work, 'outside');
const secret = join(outside, 'secret.txt');
mkdirSync(outside);
writeFileSync(secret, 'TOPSECRET');
let server: Server;
let port = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer((_, res) => { requests++; res.end('ok'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

type Attempt = { ok: string } | { denied: string };
const LOCKDOWN = join(ROOT, 'dist/schematron/sandbox/lockdown.js');

/** Runs the probe from a rule-set directory of its own; async, as the probe connects to this process's server. */
async function probe(how: 'boundary' | 'lockdown' | 'plain'): Promise<{ attempts: Record<string, Attempt>; dir: string }> {
  const dir = join(work, `rules-${how}`);
  mkdirSync(dir);
  const script = join(dir, 'probe.cjs');
  copyFileSync(join(ROOT, 'test/fixtures/sandbox/probe.cjs'), script);
  const args = [secret, outside, String(port), String(process.pid), how === 'lockdown' ? LOCKDOWN : '-'];
  const command = childCommand({ dir, memoryMb: 256, probe: script });
  if ('unavailable' in command) throw new Error(command.unavailable);
  const [file, argv, options]: [string, string[], SpawnOptions] = how === 'plain'
    ? [process.execPath, [script, ...args], { cwd: dir, env: {} }]
    : [command.file, [...command.args, ...args], { ...spawnOptions(command), stdio: ['ignore', 'pipe', 'pipe'] }];
  const child = spawn(file, argv, options);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => { out += d; });
  child.stderr!.on('data', (d: Buffer) => { err += d; });
  await new Promise((resolve) => child.on('close', resolve));
  if (!out.trim()) throw new Error(`the probe said nothing: ${err}`);
  return { attempts: JSON.parse(out) as Record<string, Attempt>, dir };
}

const denied = (a: Attempt | undefined) => a !== undefined && 'denied' in a;
const BY_THE_PERMISSION_MODEL = ['readOutside', 'listOutside', 'writeOutside', 'writeOwnDir', 'childProcess', 'worker', 'addon', 'wasi', 'inspector', 'binding', 'register'];
const layers = sandboxSupport();
const netns = 'layers' in layers && layers.layers.includes('network-namespace');

describe('the sandbox boundary, layer by layer', () => {
  it('is the permission model of this Node, found by its flag', () => {
    expect(permissionFlag()).toMatch(/^--(experimental-)?permission$/);
    expect(permissionFlag(new Set(['--permission', '--experimental-permission']))).toBe('--permission');
    expect(permissionFlag(new Set())).toBeUndefined();
    expect(childCommand({ dir: work, memoryMb: 256, nodeFlags: new Set() })).toEqual({ unavailable: expect.stringMatching(/no permission model/) });
  });

  it('the boundary alone: no file outside the rule set, no write, no process, thread, addon, inspector or binding; an empty environment; no eval', async () => {
    const { attempts, dir } = await probe('boundary');
    for (const name of BY_THE_PERMISSION_MODEL) expect(attempts[name], name).toEqual({ denied: expect.stringMatching(/ERR_ACCESS_DENIED|ERR_DLOPEN_DISABLED/) });
    expect(attempts.eval).toEqual({ denied: expect.stringMatching(/Code generation from strings disallowed/) });
    expect(attempts.env).toEqual({ ok: '{}' });
    expect(existsSync(join(outside, 'probe-wrote'))).toBe(false);
    expect(existsSync(join(dir, 'probe-wrote'))).toBe(false);
    // Where the child has a network namespace of its own (Linux, user namespaces allowed), no connection leaves it.
    if (netns) {
      expect(denied(attempts.net) && denied(attempts.fetch), JSON.stringify([attempts.net, attempts.fetch])).toBe(true);
      expect(requests).toBe(0);
    }
    // What the permission model lets through (Node 20, measured): signals, V8 flags, a trace file in the working
    // directory, and (before Node 25, without the namespace) the network. The lockdown closes each (next test).
    expect(attempts.signal).toEqual({ ok: 'true' });
  });

  it('with the lockdown: no network, signal, V8 flag or trace file either', async () => {
    const { attempts, dir } = await probe('lockdown');
    for (const name of [...BY_THE_PERMISSION_MODEL, 'eval', 'signal', 'setFlags', 'trace', 'net', 'fetch']) expect(denied(attempts[name]), `${name}: ${JSON.stringify(attempts[name])}`).toBe(true);
    expect(attempts.env).toEqual({ ok: '{}' });
    expect(requests).toBe(0);
    expect(readdirSync(dir)).toEqual(['probe.cjs']);
  });

  it('the same probe in a plain node reaches everything (so the denials above are the sandbox\'s)', async () => {
    const { attempts, dir } = await probe('plain');
    for (const name of [...BY_THE_PERMISSION_MODEL.filter((n) => n !== 'addon'), 'eval', 'signal', 'setFlags', 'trace', 'net', 'fetch']) {
      expect(attempts[name], name).toHaveProperty('ok');
    }
    expect(attempts.readOutside).toEqual({ ok: 'TOPSECRET' });
    expect(requests).toBeGreaterThan(0);
    expect(readdirSync(dir)).toContain('probe-wrote');
  });
});
