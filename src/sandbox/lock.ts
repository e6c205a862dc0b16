import { join } from 'node:path';
import { acquireLock, LockBusy } from '../io/lock-file.js';

/**
 * One sandbox per data directory: two servers on the same records could each accept the same invoice number. The lock
 * file (src/io/lock-file.ts) holds the owner's pid; a lock whose process is gone (killed) is taken over by exactly one
 * of the sandboxes starting. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    const lock = acquireLock(join(dataDir, '.lock'));
    return () => lock.release();
  } catch (e) {
    if (!(e instanceof LockBusy)) throw e;
    throw new Error(e.pid === undefined
      ? `could not lock the data directory ${dataDir} (${e.why}; if no sandbox runs, remove ${e.path})`
      : `the data directory ${dataDir} is in use by another sandbox (process ${e.pid})`);
  }
}
