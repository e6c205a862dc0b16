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

const WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'a loop of symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EISDIR: 'is a directory',
  ENXIO: 'no process is at the other end',
  EFBIG: 'file too large',
  EPIPE: 'the reader closed the pipe',
};

/** The one wording of a file system error a user reads: "permission denied" rather than "EACCES: permission denied, open 'x'". */
export function fsErrorWords(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err instanceof InputError) return err.message;
  return (err?.code && WORDS[err.code]) ?? (err?.message ?? String(e));
}

const NOT_REGULAR_HINT = 'pintae reads regular files only (use - to read standard input)';

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
  if (kind) throw new InputError(kind === 'a directory' ? 'is a directory' : `is ${kind}, not a regular file: ${NOT_REGULAR_HINT}`, kind === 'a directory' ? 'EISDIR' : 'ENOTREG');
  let fd: number;
  try { fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK); } catch (e) { throw asInputError(e, path); }
  try {
    const opened = kindOf(fstatSync(fd));
    if (opened) throw new InputError(`is ${opened}, not a regular file: ${NOT_REGULAR_HINT}`, 'ENOTREG');
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
    if (target !== undefined) return new InputError(`a symbolic link to ${target}, which does not exist`, code);
  }
  return new InputError(fsErrorWords(e), code);
}
