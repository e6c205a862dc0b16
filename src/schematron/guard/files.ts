import { closeSync, fstatSync, lstatSync, openSync, readSync, realpathSync, constants } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Place, Refusal } from './source.js';

/**
 * Reading a rule set's files: only regular files inside its own root (its directory, or the directory a zip was
 * unpacked into), each within a size cap, and an include's href only as a relative path that stays there. A link is
 * followed only where it lands inside the root too; a device, a pipe or a socket is never opened (reading /dev/zero
 * or a FIFO never ends).
 */

/** Caps on what a rule set may hold; the defaults fit the official releases many times over. */
export interface SourceCaps {
  /** One schema, stylesheet or SEF file, in bytes. */
  fileBytes: number;
  /** Every file of the rule set together, in bytes. */
  totalBytes: number;
  /** Files of the rule set (layers and what they include). */
  files: number;
}
export const DEFAULT_CAPS: SourceCaps = { fileBytes: 64 << 20, totalBytes: 256 << 20, files: 2_000 };

export class SourceRefused extends Error {
  constructor(readonly refusal: Refusal) { super(`${refusal.file}${refusal.line ? `:${refusal.line}:${refusal.column ?? 1}` : ''}: ${refusal.construct}: ${refusal.reason}`); }
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/**
 * Reads one file of the rule set at `path` (absolute, inside the directory `root` by name): refused where it leaves the root
 * through a link, is not a regular file, or is larger than the cap. `place` and `construct` say where it was named.
 */
export function readRuleFile(root: string, path: string, caps: SourceCaps, place: Place, construct: string): Buffer {
  const refuse = (reason: string): never => { throw new SourceRefused({ ...place, construct, reason }); };
  try { lstatSync(path); } catch { return refuse('no such file in the rule set'); }
  // Judged by where it really is: a link, or a linked directory on the way, may lead out of the root.
  let real: string;
  try { real = realpathSync(path); } catch { return refuse('a link to nothing'); }
  if (!inside(realpathSync(root), real)) return refuse('a link that leaves the rule set\'s directory');
  const stat = lstatSync(real);
  if (!stat.isFile()) return refuse(stat.isDirectory() ? 'a directory, not a file' : 'not a regular file (a device, pipe or socket is never read)');
  if (stat.size > caps.fileBytes) return refuse(`larger than ${caps.fileBytes} bytes, the cap on one rule file`);
  // Opened without following a link and without blocking, then judged again by what was opened: the path cannot be
  // swapped for a pipe or a device between the check and the read.
  const fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return refuse('not a regular file');
    if (opened.size > caps.fileBytes) return refuse(`larger than ${caps.fileBytes} bytes, the cap on one rule file`);
    const buffer = Buffer.alloc(opened.size);
    let got = 0;
    while (got < buffer.length) {
      const n = readSync(fd, buffer, got, buffer.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === buffer.length ? buffer : buffer.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/**
 * Where an include's href leads: a relative path (percent-escapes decoded) from the including file's directory that
 * stays inside the root. Refused: a URL (any scheme), an absolute path, a query or fragment, a backslash, and any
 * path out of the root.
 */
export function includeTarget(root: string, fromDir: string, href: string, place: Place, construct: string): string {
  const refuse = (reason: string): never => { throw new SourceRefused({ ...place, construct, reason }); };
  if (href.trim() === '') return refuse('an include without an href');
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return refuse('an include of a URL: only files of the rule set\'s own directory are read');
  if (/[?#\\]/.test(href) || href.includes('\0')) return refuse('an include whose href is not a plain relative path');
  let decoded: string;
  try { decoded = decodeURIComponent(href); } catch { return refuse('an include whose href is not a valid URI'); }
  if (isAbsolute(decoded) || decoded.startsWith('/')) return refuse('an include of an absolute path: only files of the rule set\'s own directory are read');
  const target = resolve(fromDir, decoded);
  if (!inside(root, target)) return refuse('an include that leaves the rule set\'s directory');
  return target;
}
