import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { reasonAt, UsageError } from './errors.js';
import { ioError } from '../messages/io.js';
import { danglingTarget, fsErrorWords, kindOf } from './input-file.js';

/**
 * Files named by options (--entity, --rates, --config, --ledger, PINTAE_TOKEN_FILE, --files-from): each must be a
 * regular file within a cap, or the run stops with a usage error naming the option, the path and what is there.
 * /dev/zero read whole never ends (a run grew to 9 GB), a named pipe nobody writes to never answers, and a directory
 * said "EISDIR". The cap is checked before reading and again while reading, since a file can grow in between.
 */
export interface OptionFile {
  /** How the user named it: `--entity`, `PINTAE_TOKEN_FILE`. Starts every message. */
  what: string;
  maxBytes: number;
  /** The path as the user wrote it, where pintae reads it resolved (a config's path relative to another directory). */
  shown?: string;
}

export const MiB = 1 << 20;

/** "16 MiB", "64 KiB": caps as a person reads them. */
export function bytesInWords(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

const tooLarge = (spec: OptionFile, path: string) =>
  ioError('io.file.too-large', { what: spec.what, path, cap: bytesInWords(spec.maxBytes) });

/** What is at `path`, through links: its stat, or a usage error saying why there is nothing readable there. */
export function statOptionPath(path: string, what: string, shown = path): Stats {
  try { return statSync(path); } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const target = code === 'ENOENT' ? danglingTarget(path) : undefined;
    if (target !== undefined) throw ioError('io.file.dangling', { what, path: shown, target });
    if (code === 'ENOENT') throw ioError('io.file.missing', { what, path: shown });
    throw reasonAt(`${what} ${shown}`, fsErrorWords(e));
  }
}

/** The refusal of anything but a regular file, in the words every option file shares. */
export function notRegular(what: string, path: string, stat: Stats, ledger = false): UsageError {
  return ioError('io.file.not-regular', { what, path, kind: kindOf(stat) ?? 'not a regular file', ledger });
}

/**
 * The bytes of a file named by an option. Opened without blocking (a pipe swapped in after the check does not hang
 * the open) and judged again by what was opened.
 */
export function readOptionFile(path: string, spec: OptionFile): Buffer {
  const shown = spec.shown ?? path;
  const stat = statOptionPath(path, spec.what, shown);
  if (!stat.isFile()) throw notRegular(spec.what, shown, stat);
  if (stat.size > spec.maxBytes) throw tooLarge(spec, shown);
  let fd: number;
  try { fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)); } catch (e) { throw reasonAt(`${spec.what} ${shown}`, fsErrorWords(e)); }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw notRegular(spec.what, shown, opened);
    return readCapped(fd, spec, shown);
  } catch (e) {
    throw e instanceof UsageError ? e : reasonAt(`${spec.what} ${shown}`, fsErrorWords(e));
  } finally {
    closeSync(fd);
  }
}

/** Reads `fd` to its end, refusing it once it holds more than the cap (one byte past it is enough to tell). */
function readCapped(fd: number, spec: OptionFile, path: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.min(1 << 20, spec.maxBytes + 1 - total));
    const n = readSync(fd, buffer, 0, buffer.length, null);
    if (n === 0) break;
    chunks.push(buffer.subarray(0, n));
    total += n;
    if (total > spec.maxBytes) throw tooLarge(spec, path);
  }
  return Buffer.concat(chunks, total);
}
