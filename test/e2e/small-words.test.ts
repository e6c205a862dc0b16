/**
 * Issue 12 item 9, the real binary spawned: a count takes its noun's number ("1 warning"), --entity's help states its
 * default once, and `entities list` with no entity says so instead of printing a bare header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';
import { OTHER_TOKEN, pintae, removeTempDirs, sandbox, tempDir } from './api-helpers.js';

const run = (args: string[], cwd: string) => execa('node', [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });
afterAll(removeTempDirs);

describe('counts in the number they take', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    // One unknown key: the run's only warning. The fixture is dated 2025-03-10, before the built-in rules' validity
    // (2026-05-28): the run's only note says so.
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    writeFileSync(join(dir, 'one-warning.json'), JSON.stringify({ ...body, memo: 'x' }, null, 2));
  });

  it('stylish: "1 invoice in 1 file: 1 valid, …, 1 warning, 1 note"', async () => {
    const r = await run(['validate', 'one-warning.json', '--entity', ENTITY, '--format', 'stylish'], dir);
    expect(r.exitCode).toBe(0);
    const last = r.stdout.trimEnd().split('\n').at(-1)!;
    expect(last).toMatch(/^✔ 1 invoice in 1 file: .*\b1 warning, 1 note$/);
    expect(r.stdout).not.toMatch(/\b1 (warning|invoice|file|error|note)s\b/);
  });

  it('github: the summary line says "1 warning"', async () => {
    const r = await run(['validate', 'one-warning.json', '--entity', ENTITY, '--format', 'github'], dir);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('pintae: 1 invoice in 1 file: 1 valid, 0 invalid, 0 rejected, 0 unreadable, 1 warning, 1 note, 0 turned off; judged by builtin-billing 1.0.4 (1)');
  });
});

describe('--entity in --help', () => {
  it.each([['validate'], ['build'], ['push'], ['bulk']])('%s --help states the default once, as the place records are looked up', async (command) => {
    const r = await run([command, '--help'], tempDir());
    expect(r.exitCode).toBe(0);
    // commander wraps help at the terminal width: compare the option's text with the wrapping undone.
    const help = r.stdout.replace(/\s+/g, ' ');
    const option = help.slice(help.indexOf('--entity <file>'), help.indexOf(' --', help.indexOf('--entity <file>') + 2));
    expect(option.match(/default/g)).toHaveLength(1);
    expect(option).toContain('(default: .pintae/entities/<entity_id>.json)');
    expect(help).not.toContain('(default: [])');
  });
});

describe('entities list with no entity', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>;
  beforeAll(async () => { sb = await sandbox(); });
  afterAll(async () => { await sb.close(); });

  it('says "no entities" (text), and gives an empty array (json)', async () => {
    const cwd = tempDir();
    // OTHER_TOKEN's application has no entity connected in a fresh sandbox.
    const text = await pintae(['entities', 'list'], { cwd, url: sb.url, token: OTHER_TOKEN });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toBe('no entities');
    const json = await pintae(['entities', 'list', '--format', 'json'], { cwd, url: sb.url, token: OTHER_TOKEN });
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});
