import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

/** Writes a file atomically: a temporary file beside it, then a rename, so no half-written file is ever left. */
export function writeAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** A file written piece by piece into a temporary file beside it and renamed into place on commit (or removed on abort). */
export interface AtomicFile { write(chunk: string): void; commit(): void; abort(): void }

export function openAtomic(path: string): AtomicFile {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w');
  let open = true;
  const close = () => { if (open) { open = false; closeSync(fd); } };
  return {
    write(chunk) { if (chunk) writeSync(fd, chunk); },
    commit() { close(); try { renameSync(tmp, path); } catch (e) { rmSync(tmp, { force: true }); throw e; } },
    abort() { close(); rmSync(tmp, { force: true }); },
  };
}
