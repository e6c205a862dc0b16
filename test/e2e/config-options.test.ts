/**
 * --config and --no-config on every command: each reads the config file found upward (for "lang", the base URL …),
 * so in a customer's checkout with a broken or unwanted pintae.config.json every command must be able to ignore it or
 * be given another (support staff reproducing a case). Against the sandbox on 127.0.0.1.
 */
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pintae, removeTempDirs, sandbox, tempDir, TOKEN } from './api-helpers.js';
import { BIN } from '../helpers/paths.js';

let sb: Awaited<ReturnType<typeof sandbox>>;
let cwd: string;
beforeAll(async () => {
  sb = await sandbox();
  cwd = tempDir();
  // Cut off mid-object, as a half-saved file is.
  writeFileSync(join(cwd, 'pintae.config.json'), '{"lang": "ar",\n');
  writeFileSync(join(cwd, 'other.json'), JSON.stringify({ baseUrl: sb.url }));
});
afterAll(async () => { await sb.close(); removeTempDirs(); });

const LEAVES = [['validate'], ['build'], ['check'], ['tdd'], ['merge-reports'], ['rules', 'add'], ['rules', 'list'], ['rules', 'remove'],
  ['serve'], ['sandbox'], ['push'], ['bulk'], ['status'], ['entities']];

describe('--config and --no-config on every command', () => {
  it('every command lists both in its help', async () => {
    const helps = await Promise.all(LEAVES.map((c) => execa('node', [BIN, ...c, '--help'], { reject: false, env: { NO_COLOR: '1' } })));
    for (const [i, h] of helps.entries()) {
      expect(h.exitCode, LEAVES[i]!.join(' ')).toBe(0);
      expect(h.stdout, LEAVES[i]!.join(' ')).toMatch(/^ {2}--config <file> /m);
      expect(h.stdout, LEAVES[i]!.join(' ')).toMatch(/^ {2}--no-config /m);
    }
  });

  it('a broken config file stops a command, located; --no-config ignores it; --config names another, whose baseUrl is used', async () => {
    const located = /pintae\.config\.json:2:1: /;
    const broken = await pintae(['status', 'inv-none'], { cwd, url: sb.url });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(located);

    const [status, entities, rules, merge] = await Promise.all([
      pintae(['status', 'inv-none', '--no-config'], { cwd, url: sb.url }),
      pintae(['entities', 'list', '--no-config'], { cwd, url: sb.url }),
      pintae(['rules', 'list', '--no-config', '--format', 'json'], { cwd }),
      pintae(['merge-reports', 'absent.json', '--no-config'], { cwd }),
    ]);
    // The service's own answer: the config was not read.
    expect([status.exitCode, status.stderr]).toEqual([1, expect.stringMatching(/HTTP 404/)]);
    expect([entities.exitCode, entities.stderr]).toEqual([0, '']);
    expect(rules.exitCode).toBe(0);
    expect(JSON.parse(rules.stdout).rulesets.map((r: { name: string }) => r.name)).toContain('builtin');
    expect([merge.exitCode, merge.stderr]).toEqual([2, expect.stringMatching(/absent\.json: no such file/)]);
    for (const r of [status, entities, rules, merge]) expect(r.stderr).not.toMatch(located);

    // No PINTAE_BASE_URL: the base URL comes from the file --config names.
    const named = await pintae(['status', 'inv-none', '--config', 'other.json'], { cwd });
    expect([named.exitCode, named.stderr]).toEqual([1, expect.stringMatching(/HTTP 404/)]);
    const none = await pintae(['status', 'inv-none', '--no-config'], { cwd });
    expect([none.exitCode, none.stderr]).toEqual([2, expect.stringMatching(/no API base URL/)]);
  });
});

describe('a checkout whose pintae.config.json points the API elsewhere (a config file from anyone)', () => {
  it('the token is sent nowhere: status, push and validate --remote refuse the found baseUrl (exit 2) and say how to name the address; --config naming the file follows it', async () => {
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => { seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`); res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"message":"no"}'); });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      const checkout = join(tempDir(), 'customer-project');
      mkdirSync(join(checkout, 'exports'), { recursive: true });
      writeFileSync(join(checkout, 'pintae.config.json'), JSON.stringify({ baseUrl: url }));
      writeFileSync(join(checkout, 'exports/a.json'), '{}');
      const sub = join(checkout, 'exports');
      const runs = await Promise.all([
        pintae(['status', 'inv-1'], { cwd: sub }),
        pintae(['push', 'a.json', '--no-ledger'], { cwd: sub }),
        pintae(['validate', 'a.json', '--remote'], { cwd: sub }),
      ]);
      for (const r of runs) {
        expect(r.exitCode, r.stderr).toBe(2);
        expect(r.stderr).toContain(`${join(checkout, 'pintae.config.json')} names the base URL ${url}, but pintae sends your token only to an address you name yourself`);
        expect(r.stderr).toContain(`--base-url ${url}, PINTAE_BASE_URL, or --config ${join(checkout, 'pintae.config.json')}`);
      }
      expect(seen).toEqual([]);
      const named = await pintae(['status', 'inv-1', '--config', '../pintae.config.json'], { cwd: sub });
      expect(named.exitCode).toBe(1);
      expect(seen).toEqual([`GET /oauth/invoices/inv-1/status Bearer ${TOKEN}`]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise<void>((r) => elsewhere.close(() => r()));
    }
  });
});
