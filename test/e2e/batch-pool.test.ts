/**
 * The batch runner end to end (issue 5 item 4): the worker pool gives the same report as one thread, byte for byte;
 * a worker that dies loses no input; --files-from; no progress line off a terminal; bad --jobs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const ENTITIES = ['--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15'];
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function run(args: string[], options: { input?: string; env?: Record<string, string>; cwd?: string } = {}) {
  return execa('node', [BIN, ...args], { reject: false, cwd: options.cwd ?? ROOT, input: options.input, env: { NO_COLOR: '1', ...options.env } });
}

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/**
 * A mixed set, in a directory whose walk order is also its sorted order: valid invoices of several kinds, a malformed
 * file, an empty list, a rejected body, an invalid one, a bulk body, and invoice numbers repeated within one file,
 * across files, and across the two workers' shares.
 */
function mixedSet(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-batch-'));
  dirs.push(dir);
  const standard = JSON.parse(fixture('invoices/standard.json'));
  const files: Record<string, string> = {
    'a01-standard.json': JSON.stringify(standard),
    'a02-export.json': fixture('invoices/export.json'),
    'a03-malformed.json': fixture('invalid/malformed.json'),
    'a04-empty-list.json': '[]',
    'a05-rejected.json': fixture('invalid/rejected-registration-type.json'),
    'a06-tax.json': fixture('invalid/tax.json'),
    'a07-bulk.json': JSON.stringify({ invoices: [standard, { ...standard, invoice_number: 'BULK-2' }, fixture('invoices/zero-rated.json') && JSON.parse(fixture('invoices/zero-rated.json'))] }),
    'a08-standard-again.json': JSON.stringify(standard),
    'a09-usd.json': fixture('invoices/usd-with-rate.json'),
    'a10-bulk-again.json': JSON.stringify([{ ...standard, invoice_number: 'BULK-2' }]),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('pintae validate --jobs (spawned)', () => {
  const dir = mixedSet();

  it('--jobs 2 gives the same JSON report as --jobs 1, byte for byte, duplicates and standard input included; XML files identical', async () => {
    const [out1, out2] = [mkdtempSync(join(tmpdir(), 'pintae-x1-')), mkdtempSync(join(tmpdir(), 'pintae-x2-'))];
    dirs.push(out1, out2);
    const common = ['validate', dir, '-', ...ENTITIES, '--deterministic', '--format', 'json'];
    const input = fixture('invoices/standard.json');
    const [one, two] = await Promise.all([run([...common, '--jobs', '1', '--out-dir', out1], { input }), run([...common, '--jobs', '2', '--out-dir', out2], { input })]);
    expect(one.exitCode).toBe(1);
    expect(two.exitCode).toBe(1);
    expect(two.stderr).toBe('');
    expect(two.stdout.replaceAll(out2, '<out>')).toBe(one.stdout.replaceAll(out1, '<out>'));

    const { results, summary } = JSON.parse(one.stdout);
    expect(summary).toMatchObject({ files: 11, unreadable: 2, rejected: 1 });
    const dupes = results.filter((r: { response: { data?: { warnings: Array<{ message: string }> } } }) =>
      r.response?.data?.warnings.some((w) => w.message.includes('already used')));
    // standard's number in the bulk (index 0), in a08 and on standard input; BULK-2 in a10.
    expect(dupes.map((r: { file: string; index: number | null }) => [r.file.split('/').pop(), r.index]))
      .toEqual([['a07-bulk.json', 0], ['a08-standard-again.json', null], ['a10-bulk-again.json', 0], ['-', null]]);

    const written = readdirSync(out1).sort();
    expect(readdirSync(out2).sort()).toEqual(written);
    expect(written.length).toBeGreaterThan(5);
    for (const name of written) expect(readFileSync(join(out2, name)).equals(readFileSync(join(out1, name)))).toBe(true);
  });

  it('a worker that dies on one file: that file is reported as an internal fault, every other input is reported, exit 2', async () => {
    const r = await run(['validate', dir, ...ENTITIES, '--jobs', '2', '--format', 'json', '--no-schematron'], { env: { PINTAE_TEST_WORKER_CRASH_ON: 'a06-tax.json' } });
    expect(r.exitCode).toBe(2);
    const { results } = JSON.parse(r.stdout);
    expect(results.map((x: { file: string }) => x.file.split('/').pop())).toEqual([
      'a01-standard.json', 'a02-export.json', 'a03-malformed.json', 'a04-empty-list.json', 'a05-rejected.json', 'a06-tax.json',
      'a07-bulk.json', 'a07-bulk.json', 'a07-bulk.json', 'a08-standard-again.json', 'a09-usd.json', 'a10-bulk-again.json',
    ]);
    const crashed = results[5];
    expect(crashed.error).toEqual({ message: expect.stringContaining('worker stopped while validating this file (exit code 70)'), internal: true, line: 1, column: 1 });
    expect(crashed.file).toBe(join(dir, 'a06-tax.json'));
    expect(results[6].valid).toBe(true);
  });

  it('--files-from - reads the list of inputs from standard input (blank lines and # comments skipped)', async () => {
    const list = `# month-end export\n${join(dir, 'a02-export.json')}\n\n${join(dir, 'a01-standard.json')}\n`;
    const r = await run(['validate', '--files-from', '-', ...ENTITIES, '--format', 'json', '--jobs', '2', '--no-schematron'], { input: list });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual([join(dir, 'a02-export.json'), join(dir, 'a01-standard.json')]);
  });

  it('--files-from - waits for a writer slower than pintae (a pipe that stays open): no EAGAIN, the list read to its end', async () => {
    // The list's second half comes after a pause; the verdict never depends on the pause's length, only the path tried.
    const script = `(printf '%s\\n' "$1"; sleep 0.5; printf '%s\\n' "$2") | "$3" "$4" validate --files-from - --entity "$5" --rates "$6" --today 2026-01-15 --format json --jobs 1 --no-schematron`;
    const r = await execa('sh', ['-c', script, 'sh', join(dir, 'a02-export.json'), join(dir, 'a01-standard.json'), process.execPath, BIN, ENTITY, RATES], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual([join(dir, 'a02-export.json'), join(dir, 'a01-standard.json')]);
  });

  it('no progress line when standard error is not a terminal, even for a run over a second', async () => {
    const r = await run(['validate', dir, ...ENTITIES, '--format', 'json', '--jobs', '2']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('');
  });

  it.each([['--jobs', '0'], ['--jobs', 'two'], ['--shard', '3/2'], ['--files-from', 'no-such-list.txt']])('%s %s is a usage error (exit 2)', async (flag, value) => {
    const r = await run(['validate', dir, ...ENTITIES, flag, value]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^pintae: ${flag}`));
    expect(r.stdout).toBe('');
  });
});

describe('pintae validate --shard and merge-reports (spawned)', () => {
  const dir = mixedSet();

  it('three shards hold every input once; merge-reports of their reports equals the unsharded run byte for byte', async () => {
    const work = mkdtempSync(join(tmpdir(), 'pintae-shards-'));
    dirs.push(work);
    mkdirSync(join(work, 'in'));
    for (const f of readdirSync(dir)) writeFileSync(join(work, 'in', f), readFileSync(join(dir, f)));
    const common = ['validate', 'in', ...ENTITIES, '--format', 'json', '--jobs', '1', '--no-schematron'];
    const [whole, ...shards] = await Promise.all([run(common, { cwd: work }), ...[1, 2, 3].map((k) => run([...common, '--shard', `${k}/3`], { cwd: work }))]);
    const files = shards.map((s) => JSON.parse(s.stdout).results.map((r: { file: string }) => r.file));
    const union = files.flat();
    expect(new Set(union).size).toBe(readdirSync(dir).length);
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(files[i]!.filter((f: string) => files[j]!.includes(f))).toEqual([]);

    shards.forEach((s, i) => writeFileSync(join(work, `shard-${i + 1}.json`), s.stdout));
    const merged = await run(['merge-reports', 'shard-3.json', 'shard-1.json', 'shard-2.json', '--format', 'json'], { cwd: work });
    expect(merged.exitCode).toBe(whole.exitCode);
    expect(merged.stdout).toBe(whole.stdout);
    // Stylish without --format, wherever standard output goes (issue 24 item 5).
    const stylish = await run(['merge-reports', 'shard-1.json', 'shard-2.json', 'shard-3.json'], { cwd: work });
    expect(stylish.stdout.trimEnd().split('\n').at(-1)).toMatch(/^✖ 10 invoices in 10 files: /);
  });

  it('merge-reports refuses a report given twice, or a merged report beside its shards, naming both (exit 2)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'pintae-merge-'));
    dirs.push(work);
    const result = (file: string, number: string) => ({ file, index: null, valid: true, rejected: false, xml: null, response: { message: 'Invoice is valid and ready to send', data: { is_valid: true, entity_id: 'ent_a', invoice_number: number, total_errors: 0, errors: [], warnings: [] } } });
    writeFileSync(join(work, 'report-1.json'), JSON.stringify({ results: [result('in/a.json', 'A')], summary: {} }));
    writeFileSync(join(work, 'report-2.json'), JSON.stringify({ results: [result('in/b.json', 'B')], summary: {} }));
    const merged = await run(['merge-reports', 'report-1.json', 'report-2.json', '--format', 'json'], { cwd: work });
    expect(merged.exitCode).toBe(0);
    writeFileSync(join(work, 'report-all.json'), merged.stdout);
    const twice = await run(['merge-reports', 'report-1.json', './report-1.json'], { cwd: work });
    expect([twice.exitCode, twice.stdout]).toEqual([2, '']);
    expect(twice.stderr).toMatch(/^pintae: report-1\.json is named twice: merged, its invoices would count twice/);
    const glob = await run(['merge-reports', 'report-1.json', 'report-2.json', 'report-all.json'], { cwd: work });
    expect([glob.exitCode, glob.stdout]).toEqual([2, '']);
    expect(glob.stderr).toMatch(/^pintae: report-1\.json and report-all\.json both report in\/a\.json: /);
  });

  it('merge-reports refuses what is not a pintae JSON report, naming the file and the place (exit 2)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'pintae-merge-'));
    dirs.push(work);
    writeFileSync(join(work, 'broken.json'), '{"results": [');
    writeFileSync(join(work, 'other.json'), JSON.stringify({ results: [{ file: 'a.json', index: null, valid: 'yes' }], summary: {} }));
    const broken = await run(['merge-reports', 'broken.json'], { cwd: work });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/^pintae: broken\.json:1:\d+: not a pintae JSON report/);
    const other = await run(['merge-reports', 'other.json'], { cwd: work });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toBe('pintae: other.json: results[0]: "valid" and "rejected" must be true or false');
  });
});
