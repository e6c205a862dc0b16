/** The progress line (src/batch/progress.ts): on a terminal, for runs over a second, erased at the end. */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.js';
import { Progress, progressStream, stdoutKind } from '../../../src/batch/progress.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, chunks, write: (c: string) => { chunks.push(c); return true; } };
}

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
}

describe('Progress', () => {
  it('not a terminal: nothing is written, however long the run', () => {
    const s = stream(false);
    const c = clock();
    const p = new Progress(s, 10, { now: c.now });
    for (let i = 1; i <= 10; i++) { c.advance(500); p.update(i); }
    p.done();
    expect(s.chunks).toEqual([]);
  });

  it('a terminal: nothing in the first second, then one line rewritten in place, erased by done()', () => {
    const s = stream(true);
    const c = clock();
    const p = new Progress(s, 10, { now: c.now });
    c.advance(400); p.update(2);
    expect(s.chunks).toEqual([]);
    c.advance(600); p.update(5);
    expect(s.chunks).toEqual(['\r\u001b[Kpintae: 5/10 files, 5 files/s']);
    c.advance(10); p.update(6); // within the redraw interval
    expect(s.chunks).toHaveLength(1);
    p.done();
    expect(s.chunks.at(-1)).toBe('\r\u001b[K');
    expect(s.chunks.join('')).not.toContain('\n');
  });

  it('a run shorter than a second on a terminal writes nothing at all', () => {
    const s = stream(true);
    const c = clock();
    const p = new Progress(s, 3, { now: c.now });
    for (let i = 1; i <= 3; i++) { c.advance(100); p.update(i); }
    p.done();
    expect(s.chunks).toEqual([]);
  });

  it('standard output a pipe (| head, | less, | tee: its lines reach the terminal later): no progress line, however long the run', () => {
    const s = stream(true);
    const c = clock();
    const p = new Progress(progressStream(s, 'pipe'), 10, { now: c.now });
    for (let i = 1; i <= 10; i++) { c.advance(500); p.update(i); }
    p.done();
    expect(s.chunks).toEqual([]);
    // A file or a terminal on standard output: the line is drawn on the terminal as before.
    const t = stream(true);
    const q = new Progress(progressStream(t, 'other'), 10, { now: c.now });
    c.advance(1500); q.update(3);
    expect(t.chunks.join('')).toContain('pintae: 3/10 files');
  });

  // The built module (npm test builds first): a child process needs JavaScript.
  it('stdoutKind: a pipe for a pipe, other for a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-stdout-kind-'));
    try {
      const script = `import { stdoutKind } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/batch/progress.js')).href)}; process.stdout.write(stdoutKind());`;
      const args = ['--input-type=module', '-e', script];
      const run = (stdout: 'pipe' | number) => spawnSync(process.execPath, args, { stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8' });
      expect(run('pipe').stdout).toBe('pipe');
      const file = join(dir, 'out.txt');
      const fd = openSync(file, 'w');
      try { expect(run(fd).status).toBe(0); } finally { closeSync(fd); }
      expect(readFileSync(file, 'utf8')).toBe('other');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

