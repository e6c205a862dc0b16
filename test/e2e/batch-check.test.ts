/** `pintae check` with the batch options (issue 5 item 4): --jobs gives the one-thread report; --shard partitions. */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const run = (args: string[], env: Record<string, string> = {}) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1', ...env } });

describe('pintae check --jobs / --shard (spawned)', () => {
  it('a directory of built invoices plus a malformed and a DOCTYPE file: --jobs 2 and --jobs 1 give the same report; shards partition it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-check-batch-'));
    dirs.push(dir);
    const built = await run(['build', 'fixtures/invoices', '--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--deterministic', '--no-schematron', '--out-dir', dir, '--format', 'json']);
    expect(built.exitCode).toBe(0);
    writeFileSync(join(dir, 'zz-malformed.xml'), '<Invoice><cbc:ID>1</Invoice>');
    writeFileSync(join(dir, 'zz-doctype.xml'), '<?xml version="1.0"?>\n<!DOCTYPE x SYSTEM "http://example.com/x.dtd">\n<x/>');
    const files = readdirSync(dir).length;

    const [one, two] = await Promise.all([run(['check', dir, '--format', 'json', '--jobs', '1']), run(['check', dir, '--format', 'json', '--jobs', '2'])]);
    expect(one.exitCode).toBe(1);
    expect(two.exitCode).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    const { results, summary } = JSON.parse(one.stdout);
    expect(summary).toMatchObject({ files, unreadable: 2 });
    const byName = (name: string) => results.find((r: { file: string }) => r.file.endsWith(name));
    expect(byName('zz-doctype.xml').error.message).toMatch(/DOCTYPE/);
    expect(byName('zz-malformed.xml').error).toMatchObject({ line: 1, column: expect.any(Number) });

    const shards = await Promise.all([1, 2].map((k) => run(['check', dir, '--format', 'json', '--jobs', '1', '--no-schematron', '--shard', `${k}/2`])));
    const names = shards.map((s) => JSON.parse(s.stdout).results.map((r: { file: string }) => r.file) as string[]);
    expect(names[0]!.filter((f) => names[1]!.includes(f))).toEqual([]);
    expect([...names[0]!, ...names[1]!].sort()).toEqual(results.map((r: { file: string }) => r.file).sort());
  });
});
