/**
 * Issue 11, defect class "special files and links": every entry of an input directory, glob or list is read or
 * reported, never skipped without a word; a named pipe never makes a run wait. validate and check share one
 * discovery, so each case is tried on both where it applies.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
function tempDir(): string { const d = mkdtempSync(join(tmpdir(), 'pintae-special-')); dirs.push(d); return d; }
// A run that would hang on a pipe is stopped here (after 2 min: a hang, never slowness, on a busy machine), and the test
// fails on its exit code rather than timing out.
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' }, timeout: 120_000 });
const mkfifo = (path: string) => execa('mkfifo', [path]);
const FAST = ['--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--no-schematron'];
const STACK = /\n\s+at /;

type Result = { file: string; valid: boolean; error?: { message: string; line: number; column: number } };
const results = (stdout: string): Result[] => JSON.parse(stdout).results;
const byName = (rs: Result[], name: string) => rs.find((r) => r.file.endsWith(`/${name}`));

describe('special files and links', () => {
  it('validate follows a linked invoice and reports a pipe, a broken link, a link loop and a directory loop, each at its path (directory and glob alike)', async () => {
    const dir = tempDir();
    const inputs = join(dir, 'in');
    mkdirSync(join(inputs, 'sub'), { recursive: true });
    copyFileSync(join(ROOT, 'fixtures/invoices/standard.json'), join(inputs, 'a.json'));
    symlinkSync(join(ROOT, 'fixtures/invoices/export.json'), join(inputs, 'linked.json'));
    symlinkSync('missing.json', join(inputs, 'broken.json'));
    symlinkSync('self.json', join(inputs, 'self.json'));
    symlinkSync('..', join(inputs, 'sub', 'up'));
    await mkfifo(join(inputs, 'pipe.json'));

    for (const input of [inputs, `${inputs}/**/*.json`]) {
      const r = await run(['validate', input, ...FAST, '--format', 'json']);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).not.toMatch(STACK);
      const rs = results(r.stdout);
      expect(byName(rs, 'a.json')?.valid).toBe(true);
      expect(byName(rs, 'linked.json')?.valid).toBe(true);
      expect(byName(rs, 'broken.json')?.error?.message).toBe('a symbolic link to missing.json, which does not exist');
      expect(byName(rs, 'self.json')?.error?.message).toBe('a loop of symbolic links');
      expect(byName(rs, 'pipe.json')?.error).toMatchObject({ message: expect.stringMatching(/^is a named pipe \(FIFO\), not a regular file/), line: 1, column: 1 });
      // The directory loop is walked once, not again through the link; the glob's ** meets it too.
      expect(rs.filter((x) => x.file.endsWith('a.json'))).toHaveLength(1);
      expect(byName(rs, 'up')?.error?.message).toMatch(/a loop/);
    }
  });

  it('check does not wait on a pipe named *.xml in a directory or given by name, and checks a linked document', async () => {
    const dir = tempDir();
    const built = await run(['build', 'fixtures/invoices/standard.json', ...FAST, '--deterministic', '--out-dir', dir, '--format', 'json']);
    expect(built.exitCode).toBe(0);
    const other = tempDir();
    copyFileSync(join(dir, 'standard.xml'), join(other, 'elsewhere.xml'));
    symlinkSync(join(other, 'elsewhere.xml'), join(dir, 'linked.xml'));
    await mkfifo(join(dir, 'pipe.xml'));
    const explicitPipe = join(other, 'named.xml');
    await mkfifo(explicitPipe);

    const r = await run(['check', dir, '--no-schematron', '--format', 'json']);
    expect(r.timedOut).toBe(false);
    expect(r.exitCode, r.stderr).toBe(1);
    const rs = results(r.stdout);
    expect(rs.map((x) => x.file.split('/').at(-1))).toEqual(['linked.xml', 'pipe.xml', 'standard.xml']);
    expect(byName(rs, 'linked.xml')?.valid).toBe(true);
    expect(byName(rs, 'pipe.xml')?.error?.message).toMatch(/^is a named pipe \(FIFO\)/);

    const named = await run(['check', explicitPipe, '--no-schematron', '--format', 'json']);
    expect(named.exitCode, named.stderr).toBe(1);
    expect(results(named.stdout)[0]?.error).toMatchObject({ message: expect.stringMatching(/^is a named pipe \(FIFO\)/), line: 1, column: 1 });
  });

  it('--files-from a named pipe nobody writes to ends at once (nothing listed), and a pipe with a writer is read', async () => {
    const dir = tempDir();
    const list = join(dir, 'list');
    await mkfifo(list);
    const idle = await run(['validate', '--files-from', list, ...FAST, '--format', 'json']);
    expect(idle.timedOut).toBe(false);
    expect(idle.exitCode).toBe(2);
    expect(idle.stderr).toBe(`pintae: --files-from ${list}: the list names no file`);

    // As `--files-from <(git diff --name-only)` arrives: a pipe whose writer is there.
    const fed = await execa('bash', ['-c', `node ${BIN} validate --files-from <(echo fixtures/invoices/standard.json) ${FAST.join(' ')} --format json`], { reject: false, cwd: ROOT, timeout: 120_000 });
    expect(fed.exitCode, fed.stderr).toBe(0);
    expect(results(fed.stdout).map((x) => x.file)).toEqual(['fixtures/invoices/standard.json']);
  });
});
