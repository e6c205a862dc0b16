import { reasonWords, type ReasonId } from '../messages/reasons.js';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, readSync, statSync, type Stats } from 'node:fs';

/**
 * An input that cannot be read, with the words a user reads. `code` is the errno it came from, if any, so callers can
 * tell "not there" (a usage error for a path given explicitly) from everything else (a located finding).
 */
export class InputError extends Error {
  constructor(message: string, readonly code?: string) { super(message); this.name = 'InputError'; }
}

/** What a file system entry is, in words, for everything that is not a regular file. */
export function kindOf(stat: Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** The file system's errors as pintae words them (src/messages/reasons.ts): a report says them in its language. */
const WORDS: Record<string, ReasonId> = {
  EACCES: 'reason.fs.denied',
  EPERM: 'reason.fs.denied',
  ENOENT: 'reason.fs.no-entry',
  ENOTDIR: 'reason.fs.not-directory',
  ELOOP: 'reason.fs.link-loop',
  ENAMETOOLONG: 'reason.fs.too-long',
  EIO: 'reason.fs.io',
  EMFILE: 'reason.fs.too-many-open',
  ENFILE: 'reason.fs.too-many-open',
  ENOSPC: 'reason.fs.no-space',
  EDQUOT: 'reason.fs.quota',
  EROFS: 'reason.fs.read-only',
  EISDIR: 'reason.fs.is-directory',
  ENXIO: 'reason.fs.no-reader',
  EFBIG: 'reason.fs.too-large',
  EPIPE: 'reason.fs.pipe-closed',
};

/** The one wording of a file system error a user reads: "permission denied" rather than "EACCES: permission denied, open 'x'". */
export function fsErrorWords(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err instanceof InputError) return err.message;
  const id = err?.code !== undefined && Object.hasOwn(WORDS, err.code) ? WORDS[err.code] : undefined;
  return id !== undefined ? reasonWords(id, {} as never) : (err?.message ?? String(e));
}

/**
 * The bytes of an input file. Only a regular file (reached through any symbolic links) is opened: a named pipe
 * nobody writes to would block forever, reading one would take data meant for another reader, and opening some
 * devices has effects of its own. The file is opened without blocking and checked again once open, so a file
 * swapped for a pipe between the two looks is still refused.
 */
export function readInputFile(path: string): Buffer {
  let stat: Stats;
  try { stat = statSync(path); } catch (e) { throw asInputError(e, path); }
  const kind = kindOf(stat);
  if (kind) throw new InputError(kind === 'a directory' ? reasonWords('reason.fs.is-directory', {}) : reasonWords('reason.fs.not-regular', { kind }), kind === 'a directory' ? 'EISDIR' : 'ENOTREG');
  let fd: number;
  try { fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK); } catch (e) { throw asInputError(e, path); }
  try {
    const opened = kindOf(fstatSync(fd));
    if (opened) throw new InputError(reasonWords('reason.fs.not-regular', { kind: opened }), 'ENOTREG');
    return readFileSync(fd);
  } catch (e) {
    throw asInputError(e, path);
  } finally {
    closeSync(fd);
  }
}

/** Where a symbolic link points when it points at nothing; undefined when the path is not such a link. */
export function danglingTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    const target = readlinkSync(path);
    try { statSync(path); return undefined; } catch (e) { return (e as NodeJS.ErrnoException).code === 'ENOENT' ? target : undefined; }
  } catch {
    return undefined;
  }
}

/** A list or stream past its cap; the caller says which option it was. */
export const tooLong = (maxBytes: number) => new InputError(`larger than ${maxBytes >= 1 << 20 ? `${maxBytes / (1 << 20)} MiB` : `${maxBytes} bytes`}, the most pintae reads there`, 'EFBIG');

/**
 * A list of paths (--files-from): a regular file, or a pipe, which is how `<(git diff --name-only)` arrives. A pipe
 * is read without blocking while nothing is written to it, so one that no process writes to reads as empty rather
 * than waiting forever; one whose writer is alive is read to its end, or up to the cap (a writer that never stops,
 * `<(yes)`, would otherwise fill the memory).
 */
export function readListFile(path: string, maxBytes = Infinity): string {
  let stat: Stats;
  try { stat = statSync(path); } catch (e) { throw asInputError(e, path); }
  if (!stat.isFIFO()) {
    if (stat.isFile() && stat.size > maxBytes) throw tooLong(maxBytes);
    const bytes = readInputFile(path);
    if (bytes.length > maxBytes) throw tooLong(maxBytes);
    return bytes.toString('utf8');
  }
  let fd: number;
  try { fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK); } catch (e) { throw asInputError(e, path); }
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(65536);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  try {
    for (;;) {
      let n: number;
      try { n = readSync(fd, buffer); } catch (e) {
        // EAGAIN: a writer holds the pipe open and has not written yet.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw asInputError(e, path);
        Atomics.wait(pause, 0, 0, 10);
        continue;
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw tooLong(maxBytes);
      chunks.push(Buffer.from(buffer.subarray(0, n)));
    }
  } finally {
    closeSync(fd);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function asInputError(e: unknown, path: string): InputError {
  if (e instanceof InputError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    const target = danglingTarget(path);
    if (target !== undefined) return new InputError(reasonWords('reason.fs.dangling', { target }), code);
  }
  return new InputError(fsErrorWords(e), code);
}
