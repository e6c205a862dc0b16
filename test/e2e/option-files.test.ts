/**
 * Issue 22, item 2, through the binary: a file named by an option that is no regular file is a usage error (exit 2)
 * naming the option, the path and what is there, at once; `--entity <directory>` reads the entity files in it. The
 * readers one by one, with their caps: test/unit/io/option-files.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-option-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STACK = /\n\s+at /;
const INVOICE = 'fixtures/invoices/standard.json';
const OFFLINE = ['--today', '2026-01-15', '--no-schematron'];
// A run that would hang on a pipe is stopped after 2 min (a hang, never slowness), and fails on its exit code.
const run = (args: string[], env: Record<string, string> = {}) =>
  execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1', ...env }, extendEnv: false, timeout: 120_000 });

describe('files named by options, through the binary', () => {
  it('--entity /dev/zero, --rates <pipe>, --config <directory>, PINTAE_TOKEN_FILE=<pipe> and --ledger /dev/zero: exit 2, each named; --entity <directory> read', async () => {
    const pipe = join(dir, 'pipe');
    execFileSync('mkfifo', [pipe]);
    const api = { PINTAE_BASE_URL: 'http://127.0.0.1:9', PATH: process.env.PATH ?? '' };
    const [entity, rates, config, token, ledger, entityDir] = await Promise.all([
      run(['validate', INVOICE, '--entity', '/dev/zero', '--rates', RATES, ...OFFLINE]),
      run(['validate', INVOICE, '--entity', join(FIXTURES, 'entities'), '--rates', pipe, ...OFFLINE]),
      run(['validate', INVOICE, '--config', tmpdir(), ...OFFLINE]),
      run(['push', INVOICE, '--rates', RATES, ...OFFLINE], { ...api, PINTAE_TOKEN_FILE: pipe }),
      run(['bulk', INVOICE, '--rates', RATES, '--ledger', '/dev/zero', ...OFFLINE], { ...api, PINTAE_TOKEN: 'tok-option-files-1' }),
      run(['validate', INVOICE, '--entity', `${join(FIXTURES, 'entities')}/`, '--rates', RATES, ...OFFLINE, '--format', 'json']),
    ]);
    const refused: Array<[typeof entity, string]> = [
      [entity, '--entity /dev/zero: is a character device, not a regular file'],
      [rates, `--rates ${pipe}: is a named pipe (FIFO), not a regular file`],
      [config, `--config ${tmpdir()}: is a directory, not a file`],
      [token, `PINTAE_TOKEN_FILE ${pipe}: is a named pipe (FIFO), not a regular file`],
      [ledger, 'ledger /dev/zero: is a character device, not a regular file'],
    ];
    for (const [r, message] of refused) {
      expect(r.timedOut, message).toBe(false);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toMatch(STACK);
    }
    expect(existsSync('/dev/zero.lock')).toBe(false);
    expect(readdirSync(dir)).toEqual(['pipe']);
    expect(entityDir.exitCode, entityDir.stderr).toBe(0);
    expect(JSON.parse(entityDir.stdout).results[0]).toMatchObject({ valid: true });
  });
});
