/**
 * Issue 11, item 9, class "a token no HTTP header can carry": a token with non-ASCII characters made every send end
 * `unknown` (exit 1) though the request never left. It is a usage error before anything is recorded or sent
 * (exit 2), and the token is never shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createEntity, invoice, OFFLINE, pintae, removeTempDirs, sandbox, tempDir, writeJson } from './api-helpers.js';

let sb: Awaited<ReturnType<typeof sandbox>>;
let cwd: string;
let entityId: string;
const requests: string[] = [];

beforeAll(async () => {
  sb = await sandbox({ log: (line) => requests.push(line) });
  cwd = tempDir();
  entityId = await createEntity(sb.url);
});
afterAll(async () => { await sb.close(); removeTempDirs(); });

describe('a token with characters an HTTP header cannot carry', () => {
  it.each([['tök-secret-Ω1', 'push bulk status'], ['tok-secret\u0007bell', 'push'], ['tok-secret-\u{1F511}', 'push']])('%j: %s exit 2 before any request; the token is never shown', async (token, commands) => {
    const file = writeJson(cwd, 'inv.json', invoice('invoices/standard.json', entityId, 'TOK-1'));
    const before = requests.length;
    const args: Record<string, string[]> = { push: ['push', file, ...OFFLINE], bulk: ['bulk', file, ...OFFLINE], status: ['status', 'some-id'] };
    for (const command of commands.split(' ')) {
      const result = await pintae(args[command]!, { cwd, url: sb.url, token });
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/PINTAE_TOKEN: not a usable bearer token \(it holds a character other than printable ASCII/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      for (const text of [result.stdout, result.stderr]) expect(text).not.toContain(token);
    }
    expect(requests.slice(before)).toEqual([]);
    expect(existsSync(join(cwd, '.pintae', 'ledger.jsonl'))).toBe(false);
  });
});
