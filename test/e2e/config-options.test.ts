/**
 * --config and --no-config on every command: each reads the config file found upward (for "lang", the base URL …),
 * so in a customer's checkout with a broken or unwanted pintae.config.json every command must be able to ignore it or
 * be given another (support staff reproducing a case). Against the sandbox on 127.0.0.1.
 */
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pintae, removeTempDirs, sandbox, tempDir } from './api-helpers.js';
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
