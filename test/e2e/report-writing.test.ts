/**
 * Issue 11, defect class "writing reports and files": --output and --out-dir never replace what is not a regular
 * file, never leave a temporary behind (signals; the next run clears those of killed runs), and a write that cannot
 * happen is a clean message with exit 2, found before the work where it can be. Permission problems on inputs are
 * located findings and the report is still written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa, type Options } from 'execa';
import { chmodSync, closeSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) { chmodAll(d); rmSync(d, { recursive: true, force: true }); } });
function tempDir(): string { const d = mkdtempSync(join(tmpdir(), 'pintae-writing-')); dirs.push(d); return d; }
function chmodAll(dir: string): void {
  try { chmodSync(dir, 0o777); for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) chmodAll(join(dir, e.name)); } catch { /* already gone */ }
}
/** What a case may change of the run: the user it runs as, and its environment. */
type RunOptions = Pick<Options, 'uid' | 'gid' | 'env'>;
const RUN = { reject: false, cwd: ROOT, env: { NO_COLOR: '1' }, timeout: 120_000 } as const;
const run = (args: string[], options: RunOptions = {}) => execa('node', [BIN, ...args], { ...RUN, ...options });
const FAST = ['--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--no-schematron'];
const STANDARD = 'fixtures/invoices/standard.json';
const STACK = /\n\s+at /;
const temporaries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/*
 * Root ignores permission bits, and the tests run as root here: the permission cases run pintae as the unprivileged
 * user `nobody` (uid 65534), so the kernel refuses for real. Not root: pintae runs as the test's own user.
 */
const isRoot = process.getuid?.() === 0;
const AS_USER: RunOptions = isRoot ? { uid: 65534, gid: 65534, env: { NO_COLOR: '1', HOME: tmpdir(), PATH: process.env.PATH } } : {};
const canDropPrivileges = !isRoot || spawnSync(process.execPath, ['-e', '0'], { uid: 65534, gid: 65534 }).status === 0;
const canMknod = isRoot && spawnSync('mknod', [join(tmpdir(), `pintae-mknod-probe-${process.pid}`), 'c', '1', '7']).status === 0;
rmSync(join(tmpdir(), `pintae-mknod-probe-${process.pid}`), { force: true });
if (!canDropPrivileges) console.warn('SKIPPED: the permission cases (running as root, and uid 65534 cannot run node here)');
if (!canMknod) console.warn('SKIPPED: --output to a device (mknod needs root and CAP_MKNOD)');

describe('writing reports and files', () => {
  it('--output through a symbolic link replaces the file it points to (keeping its mode); the link stays a link', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'target.json'), 'old report');
    chmodSync(join(dir, 'target.json'), 0o600);
    symlinkSync('target.json', join(dir, 'report.json'));
    const r = await run(['validate', STANDARD, ...FAST, '--output', join(dir, 'report.json')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'report.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'report.json'))).toBe('target.json');
    expect(JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8')).summary.valid).toBe(1);
    expect(statSync(join(dir, 'target.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'target.json']);
  });

  it('--output to a report file made read-only (chmod 444) is refused before anything runs (exit 2), the file left as it was, even as root', async () => {
    const dir = tempDir();
    const report = join(dir, 'report.json');
    writeFileSync(report, 'kept report');
    chmodSync(report, 0o444);
    const r = await run(['validate', STANDARD, ...FAST, '--output', report]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`${report}: the file is read-only; make it writable (chmod u+w) or choose another --output`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(report, 'utf8')).toBe('kept report');
    expect(statSync(report).mode & 0o777).toBe(0o444);
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('--output reports/ (a directory not made yet, by its slash) is refused (exit 2): no file named reports is made', async () => {
    const dir = tempDir();
    const named = join(dir, 'reports') + '/';
    const r = await run(['validate', STANDARD, ...FAST, '--output', named]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`${named}: ends with a slash, so it names a directory; name the report file (such as ${named}report.json)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--output to a named pipe writes through to its reader and leaves the pipe a pipe; with no reader it stops at once (exit 2)', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'report.fifo');
    await execa('mkfifo', [fifo]);
    const noReader = await run(['validate', STANDARD, ...FAST, '--output', fifo]);
    expect(noReader.exitCode).toBe(2);
    expect(noReader.stderr).toBe(`pintae: --output ${fifo}: a named pipe that no process is reading`);

    const reading = readFile(fifo, 'utf8');
    const r = await run(['validate', STANDARD, ...FAST, '--output', fifo]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(await reading).summary.valid).toBe(1);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['report.fifo']);
  });

  it.skipIf(!canMknod)('--output to a full device (a /dev/full twin made with mknod) is written through: exit 2, one clean line, the device node kept', async () => {
    const dir = tempDir();
    const full = join(dir, 'full');
    await execa('mknod', [full, 'c', '1', '7']);
    const r = await run(['validate', STANDARD, ...FAST, '--output', full]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: ${full}: cannot write: no space left on device`);
    expect(lstatSync(full).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['full']);
  });

  it('a full disk on standard output: one line on stderr, no stack trace, exit 2', async () => {
    // The device itself as the child's standard output, as `> /dev/full` gives it (not a pipe read by the test).
    const full = openSync('/dev/full', 'w');
    // @ts-expect-error `stdout: full`: execa hands any file descriptor to the child as its stdout; its types name only 1 to 9
    const r = await execa('node', [BIN, 'validate', STANDARD, ...FAST, '--format', 'json'], { ...RUN, stdout: full }).finally(() => closeSync(full));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('pintae: the report could not be written to standard output: no space left on device');
  });

  it('Ctrl-C and SIGTERM while a report streams into --output: its temporary file is removed, exit 130 and 143', async () => {
    const dir = tempDir();
    const inputs = join(dir, 'in');
    mkdirSync(inputs);
    const text = readFileSync(join(ROOT, STANDARD), 'utf8');
    for (let i = 0; i < 150; i++) writeFileSync(join(inputs, `i${String(i).padStart(3, '0')}.json`), text.replace('INV-2025-0001', `INV-${i}`));
    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      // With the PINT-AE rules and one thread the run lasts long enough to be interrupted half-way.
      const child = run(['validate', inputs, '--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--jobs', '1', '--format', 'ndjson', '--output', join(dir, 'r.ndjson')]);
      // The report's own temporary (`.r.ndjson.<pid>.<time>.tmp`), not the probe that checks the directory at start.
      // Waited for however long the machine takes (the test's timeout catches a hang); a run that ended first fails below.
      const reportTemporaries = () => temporaries(dir).filter((n) => n.startsWith('.r.ndjson.'));
      while (reportTemporaries().length === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
      expect(reportTemporaries()).toHaveLength(1);
      child.kill(signal);
      const r = await child;
      expect(r.exitCode, `${signal}: ${r.stderr}`).toBe(code);
      expect(readdirSync(dir)).toEqual(['in']);
    }
  });

  it('Ctrl-C while rules add compiles: exit 130, its working directories removed, no rule set added', async () => {
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    const cache = join(dir, 'cache');
    mkdirSync(tmp);
    // The built-in rules with one comment more: a stylesheet no cache holds, which takes seconds to compile.
    const rules = join(dir, 'rules');
    for (const e of readdirSync(join(ROOT, 'schematron'), { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const target = join(rules, e.parentPath.slice(join(ROOT, 'schematron').length), e.name);
      mkdirSync(join(target, '..'), { recursive: true });
      copyFileSync(join(e.parentPath, e.name), target);
    }
    writeFileSync(join(rules, 'pint-ae.sch'), readFileSync(join(rules, 'pint-ae.sch'), 'utf8').replace('</sch:schema>', '<!-- not cached --></sch:schema>'));
    const child = run(['rules', 'add', join(rules, 'pint-ae.sch'), '--name', 'interrupted'], {
      env: { NO_COLOR: '1', TMPDIR: tmp, PINTAE_CACHE_DIR: cache, PINTAE_SEF_CACHE_DIR: join(dir, 'sef') },
    });
    // The compile's working directory appears when it starts; waited for however long the machine takes.
    while (readdirSync(tmp).length === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(tmp).some((n) => n.startsWith('pintae-'))).toBe(true);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode, r.stderr).toBe(130);
    expect(readdirSync(tmp)).toEqual([]);
    expect(existsSync(join(cache, 'rules', 'interrupted'))).toBe(false);
  });

  it('the temporaries of killed runs (pid gone) are removed by the next run, beside --output and in --out-dir; a live run\'s are kept', async () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = [`.r.ndjson.${gone}.1700000000000.tmp`, `out/.standard.xml.${gone}.1700000000000.tmp`];
    const alive = [`.r.ndjson.${process.pid}.1700000000000.tmp`, `out/.standard.xml.${process.pid}.1700000000000.tmp`];
    const foreign = ['.notes.txt.1.2.tmp', 'out/.other.json.1.2.tmp'];
    mkdirSync(join(dir, 'out'));
    for (const name of [...stale, ...alive, ...foreign]) writeFileSync(join(dir, name), 'partial');
    const r = await run(['validate', STANDARD, ...FAST, '--format', 'ndjson', '--output', join(dir, 'r.ndjson'), '--out-dir', join(dir, 'out')]);
    expect(r.exitCode, r.stderr).toBe(0);
    for (const name of stale) expect(existsSync(join(dir, name)), name).toBe(false);
    for (const name of [...alive, ...foreign, 'r.ndjson', 'out/standard.xml']) expect(existsSync(join(dir, name)), name).toBe(true);
  });

  it.skipIf(!canDropPrivileges)('an unreadable subdirectory and an unreadable file are located findings; the run goes on and --output is written', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const inputs = join(dir, 'in');
    mkdirSync(join(inputs, 'locked'), { recursive: true });
    copyFileSync(join(ROOT, STANDARD), join(inputs, 'a.json'));
    copyFileSync(join(ROOT, STANDARD), join(inputs, 'locked', 'b.json'));
    copyFileSync(join(ROOT, 'fixtures/invoices/export.json'), join(inputs, 'c.json'));
    chmodSync(inputs, 0o777);
    chmodSync(join(inputs, 'locked'), 0o000);
    chmodSync(join(inputs, 'c.json'), 0o000);
    const report = join(dir, 'report.json');
    const r = await run(['validate', inputs, ...FAST, '--output', report], AS_USER);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toBe('');
    const { results, summary } = JSON.parse(readFileSync(report, 'utf8'));
    expect(summary).toMatchObject({ files: 3, valid: 1, unreadable: 2 });
    expect(results.map((x: { file: string; error?: unknown }) => [x.file.slice(inputs.length + 1), x.error ?? null])).toEqual([
      ['a.json', null],
      ['c.json', { message: 'permission denied', line: 1, column: 1 }],
      ['locked', { message: 'this directory cannot be read: permission denied', line: 1, column: 1 }],
    ]);
  });

  it.skipIf(!canDropPrivileges)('an XML file that cannot be written during the run is reported on its invoice (exit 2); the other files and the report are written', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    mkdirSync(join(dir, 'out'));
    // A sticky directory (as /tmp is): the user may create files there (the checks before the run pass), but not
    // replace standard.xml, another user's file: the rename fails after the checks. (A link there no longer serves:
    // a link in an --out-dir is replaced itself, docs/decisions.md "What a checkout may decide (secco)".)
    chmodSync(join(dir, 'out'), 0o1777);
    writeFileSync(join(dir, 'out', 'standard.xml'), 'another user\'s file\n');
    const report = join(dir, 'report.json');
    const r = await run(['validate', STANDARD, 'fixtures/invoices/export.json', ...FAST, '--out-dir', join(dir, 'out'), '--output', report], AS_USER);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toBe('');
    const { results } = JSON.parse(readFileSync(report, 'utf8'));
    expect(results[0].error).toMatchObject({ internal: true, message: `its XML could not be written: ${join(dir, 'out', 'standard.xml')}: cannot write: permission denied` });
    expect(results[1]).toMatchObject({ valid: true, xml: join(dir, 'out', 'export.xml') });
    expect(readFileSync(join(dir, 'out', 'standard.xml'), 'utf8')).toBe('another user\'s file\n');
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['export.xml', 'standard.xml']);
  });

  it.skipIf(!canDropPrivileges)('an --out-dir or --output that cannot be written is a usage error before any work: exit 2, nothing written', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    mkdirSync(join(dir, 'ro'));
    chmodSync(join(dir, 'ro'), 0o555);
    for (const [option, path, shown] of [['--out-dir', join(dir, 'ro'), 'cannot write there'], ['--output', join(dir, 'ro', 'r.json'), 'cannot write']] as const) {
      const r = await run(['build', STANDARD, ...FAST, '--out-dir', option === '--out-dir' ? path : join(dir, 'xml'), ...(option === '--output' ? ['--output', path] : [])], AS_USER);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toMatch(STACK);
      expect(r.stderr).toBe(`pintae: ${option} ${path}: ${shown}: permission denied`);
      expect(r.stdout).toBe('');
    }
    expect(readdirSync(join(dir, 'ro'))).toEqual([]);
  });
});
