import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * A lock file held by one process at a time, across processes (the ledger, the sandbox's data directory), whose
 * holder, once gone (killed), leaves it to be taken over by exactly one of the processes that find it.
 *
 * - Every file is made whole before it has its name: written under a temporary name, then hard-linked (or renamed)
 *   to it. A lock is never seen empty, so a reader never takes a lock being written for a stale one.
 * - Taking a free lock is one link(): it fails if the name exists, so one of any number of contenders wins.
 * - Taking a stale lock needs a claim on that very lock: `<lock>.claim-<hash of its content>-<k>`, made like the lock
 *   (one winner per name). A claim whose maker is gone (killed while taking over) is passed by at k+1; a live one
 *   means someone else is taking over. The claimer then checks the lock still holds what it judged stale and renames
 *   its own over it. Only a claimer, or the lock's owner (dead), could change the lock between the two steps, so the
 *   check holds through the rename. Removing the stale lock and creating a new one (what the ledger did) let two
 *   contenders that had both read the stale lock each remove what the other had just made.
 * - A holder removes every claim: a claim is on a content the lock no longer holds (nor ever will: each holder's
 *   content has a random part), so a claimer still at work finds its check fail and starts again.
 *
 * The content: `<pid> <thread id> <random>`. A lock naming this process's pid and thread that this thread does not
 * hold is stale (a pid reused after a restart, as in a container); another thread's of this process is in use.
 */
export class LockBusy extends Error {
  constructor(readonly path: string, readonly pid: number | undefined, readonly why = pid === undefined ? 'its content names no process' : `process ${pid} holds it`) {
    super(`${path}: ${why}`);
    this.name = 'LockBusy';
  }
}

export interface HeldLock { readonly path: string; release(): void }

const held = new Set<string>();
/** A contender goes round once for each change another process made meanwhile; 100 changes in a row is no race. */
const ROUNDS = 100;
/** How long a contender waits for another that is taking the stale lock over this moment: 1, 2, 4 … 256 ms, ½ s in all. */
const CLAIM_WAITS = 9;
const pause = new Int32Array(new SharedArrayBuffer(4));

export function acquireLock(path: string): HeldLock {
  const key = resolve(path);
  if (held.has(key)) throw new LockBusy(path, process.pid);
  const mine = `${process.pid} ${threadId} ${randomBytes(12).toString('hex')}\n`;
  let waited = 0;
  for (let changes = 0; changes < ROUNDS;) {
    if (createWhole(path, path, mine)) return hold(path, key, mine);
    const current = readOrNone(path);
    if (current === undefined) { changes++; continue; } // released meanwhile
    const owner = ownerOf(current);
    if (owner.live) throw new LockBusy(path, owner.pid);
    const outcome = takeOver(path, current, mine);
    if (outcome === 'taken') return hold(path, key, mine);
    if (outcome === 'changed') { changes++; continue; }
    // Another process is taking it over this moment: it will hold the lock, or find it changed and let its claim go.
    // Waited for rather than named at once, since the one named might be about to let go.
    if (outcome.claimer === undefined || waited >= CLAIM_WAITS) throw new LockBusy(path, outcome.claimer, outcome.claimer === undefined ? undefined : `process ${outcome.claimer} is taking it over`);
    Atomics.wait(pause, 0, 0, 2 ** waited++);
  }
  throw new LockBusy(path, undefined, `it changed hands ${ROUNDS} times while pintae tried to take it`);
}

function hold(path: string, key: string, mine: string): HeldLock {
  held.add(key);
  removeLeftovers(path);
  return {
    path,
    release: () => {
      if (!held.delete(key)) return;
      // Only while it is still this holder's: a lock is taken over only from a dead holder, so it is.
      if (readOrNone(path) === mine) { try { unlinkSync(path); } catch { /* gone already */ } }
    },
  };
}

/** Takes over the stale lock whose content is `stale`: 'taken', 'changed' (look again), or who is taking it now. */
function takeOver(path: string, stale: string, mine: string): 'taken' | 'changed' | { claimer: number | undefined } {
  const prefix = `${path}.claim-${createHash('sha256').update(stale).digest('hex').slice(0, 32)}-`;
  let claim: string | undefined;
  for (let k = 1; claim === undefined; k++) {
    if (createWhole(path, `${prefix}${k}`, mine)) { claim = `${prefix}${k}`; break; }
    const other = readOrNone(`${prefix}${k}`);
    if (other === undefined) return 'changed'; // claims are removed once the lock has a new holder
    const claimer = ownerOf(other);
    if (claimer.live) return { claimer: claimer.pid };
  }
  if (readOrNone(path) !== stale) { rmSync(claim, { force: true }); return 'changed'; }
  const temporary = writeTemporary(path, mine);
  try { renameSync(temporary, path); } catch (e) { rmSync(temporary, { force: true }); throw e; }
  return 'taken';
}

/** Whether the lock's maker may still hold it: a live process, or content naming none (refused, never taken). */
function ownerOf(content: string): { pid: number | undefined; live: boolean } {
  const m = /^(\d+)(?:\s+(\d+))?/.exec(content.trim());
  const pid = m ? Number(m[1]) : undefined;
  if (pid === undefined || !Number.isSafeInteger(pid) || pid <= 0) return { pid: undefined, live: true };
  if (pid === process.pid) return { pid, live: m?.[2] !== undefined && Number(m[2]) !== threadId };
  return { pid, live: alive(pid) };
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** A file made whole under this name first: named after the lock (not after a claim), so no holder removes it. */
function writeTemporary(lock: string, content: string): string {
  const temporary = `${lock}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, content, { flag: 'wx' });
  return temporary;
}

/** Errors of link() on a file system without hard links. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** Makes `path` (the lock `lock`, or a claim on it) with `content`, whole, unless it exists (false). */
function createWhole(lock: string, path: string, content: string): boolean {
  const temporary = writeTemporary(lock, content);
  try {
    linkSync(temporary, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code ?? '')) throw e;
    // Created exclusively and written at once: a reader may see it empty for that moment, and then takes it as in
    // use, never as stale.
    try { writeFileSync(path, content, { flag: 'wx' }); return true; } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readOrNone(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

/** Claims (all, see above) and the temporary files of processes gone, beside a lock this process now holds. */
function removeLeftovers(path: string): void {
  const name = basename(path);
  let names: string[];
  try { names = readdirSync(dirname(path)); } catch { return; }
  for (const n of names) {
    if (!n.startsWith(`${name}.`)) continue;
    const rest = n.slice(name.length + 1);
    const temporary = /^tmp-(\d+)-[0-9a-f]+$/.exec(rest);
    if (/^claim-[0-9a-f]+-\d+$/.test(rest) || (temporary && Number(temporary[1]) !== process.pid && !alive(Number(temporary[1])))) {
      rmSync(join(dirname(path), n), { force: true });
    }
  }
}
