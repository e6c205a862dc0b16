/**
 * The lock file's cases one by one (src/io/lock-file.ts); the race of 16 processes for a stale lock, and bulk runs
 * over one: test/e2e/lock-race.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { acquireLock, LockBusy } from '../../../src/io/lock-file.js';

const root = mkdtempSync(join(tmpdir(), 'pintae-lock-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => { const dir = join(root, `d${++n}`); mkdirSync(dir); return join(dir, 'x.lock'); };
/** Above any pid Linux gives: a process that is surely gone. */
const GONE = 4_194_304;
const claimOf = (lock: string, content: string, k: number) => `${lock}.claim-${createHash('sha256').update(content).digest('hex').slice(0, 32)}-${k}`;
const busy = (take: () => unknown): LockBusy => {
  try { take(); } catch (e) { if (e instanceof LockBusy) return e; throw e; }
  throw new Error('taken');
};

describe('acquireLock', () => {
  it('holds a lock whole from the start (pid, thread, random); a second taker in this process is refused; release removes it', () => {
    const path = fresh();
    const lock = acquireLock(path);
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^${process.pid} ${threadId} [0-9a-f]{24}\\n$`));
    expect(busy(() => acquireLock(path)).pid).toBe(process.pid);
    lock.release();
    expect(readdirSync(join(path, '..'))).toEqual([]);
    acquireLock(path).release();
  });

  it('passes a claim whose maker is gone, takes the stale lock, and removes every claim and the temporary files of processes gone', () => {
    const path = fresh();
    const stale = `${GONE} 0 ${'ab'.repeat(12)}\n`;
    writeFileSync(path, stale);
    writeFileSync(claimOf(path, stale, 1), `${GONE + 1} 0 ${'cd'.repeat(12)}\n`);
    writeFileSync(claimOf(path, 'another lock, long gone', 1), `${GONE + 2} 0 x\n`);
    writeFileSync(`${path}.tmp-${GONE + 3}-abcdef`, 'left by a killed run');
    writeFileSync(`${path}.tmp-${process.ppid}-abcdef`, 'a live process\'s');
    const lock = acquireLock(path);
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    expect(readdirSync(join(path, '..')).sort()).toEqual(['x.lock', `x.lock.tmp-${process.ppid}-abcdef`]);
    lock.release();
  });

  it('waits for a live claimer, then names it as taking the lock over', () => {
    const path = fresh();
    const stale = String(GONE);
    writeFileSync(path, stale);
    writeFileSync(claimOf(path, stale, 1), `${process.ppid} 0 x\n`);
    const e = busy(() => acquireLock(path));
    expect(e.pid).toBe(process.ppid);
    expect(e.message).toBe(`${path}: process ${process.ppid} is taking it over`);
    expect(readFileSync(path, 'utf8')).toBe(stale);
  });

  it('refuses a lock that names no process (never taken for stale) and one held by another thread of this process; takes one of this pid and thread (a pid reused)', async () => {
    const path = fresh();
    writeFileSync(path, 'not a pid');
    expect(busy(() => acquireLock(path)).message).toBe(`${path}: its content names no process`);
    writeFileSync(path, `${process.pid} ${threadId + 1} x\n`);
    expect(busy(() => acquireLock(path)).pid).toBe(process.pid);
    writeFileSync(path, `${process.pid} ${threadId} x\n`);
    acquireLock(path).release();
    // A live process's lock, in the former format (a bare pid): in use.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path, String(child.pid));
      expect(busy(() => acquireLock(path))).toMatchObject({ pid: child.pid, message: `${path}: process ${child.pid} holds it` });
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    const taken = acquireLock(path);
    taken.release();
    expect(existsSync(path)).toBe(false);
  });

  it('a release lets go only of what it holds', () => {
    const path = fresh();
    const lock = acquireLock(path);
    writeFileSync(path, `${GONE} 0 someone else's\n`);
    lock.release();
    expect(readFileSync(path, 'utf8')).toBe(`${GONE} 0 someone else's\n`);
  });
});
