import { chmodSync, closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { ioWorded, type IoMessageId } from '../messages/io.js';
import type { MessageRef } from '../messages/ref.js';
import { fsErrorWords, kindOf } from './input-file.js';
import { Redactor } from './secrets.js';

/**
 * `mkdir -p` without Node's own recursive mkdir, which never returns where a parent refuses new entries with ENOENT
 * (a directory under /proc: node 20 loops there forever). The missing directories are made one by one from the
 * nearest one that exists, so any refusal is an error at once.
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const d of missing) {
    try { mkdirSync(d); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; }
  }
}

/**
 * Where a write to `path` lands. A regular file (or none yet) is replaced atomically: a temporary file beside it,
 * then a rename. Through a symbolic link that is the file the link leads to, so the link stays a link. A named pipe
 * or a character device (/dev/null, /dev/stdout, a terminal) is written through: renaming over it would replace the
 * node itself and the reader at the other end would get nothing.
 */
export type OutputTarget = { kind: 'file'; path: string; mode?: number } | { kind: 'stream'; path: string; what: string };

/** A write that failed, worded for the user (exit 2: the output cannot be delivered). */
export class OutputError extends UsageError {
  constructor(message: string, said?: MessageRef) { super(message, 'output', said); this.name = 'OutputError'; }
}

/** An OutputError said from the catalogue (src/messages/io.ts), so the CLI says it in the run's language. */
function refused<K extends IoMessageId>(id: K, params: Parameters<typeof ioWorded<K>>[1]): OutputError {
  const words = ioWorded(id, params);
  return new OutputError(words.message, words.said);
}

const fail = (path: string, e: unknown): OutputError => (e instanceof OutputError ? e : refused('io.output.cannot-write', { path, reason: fsErrorWords(e) }));

export function outputTarget(path: string, options: { linkReplaced?: boolean } = {}): OutputTarget {
  // A name pintae chose in a folder (WriteOptions.linkReplaced): a link there is replaced itself, its target untouched.
  if (options.linkReplaced && isLink(path)) return { kind: 'file', path: resolve(path) };
  let stat: Stats | undefined;
  try { stat = statSync(path); } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(path, e);
  }
  if (!stat) return { kind: 'file', path: danglingEnd(path) };
  if (stat.isFile()) return { kind: 'file', path: realpathSync.native(path), mode: stat.mode & 0o7777 };
  const what = kindOf(stat)!;
  if (stat.isFIFO() || stat.isCharacterDevice()) return { kind: 'stream', path, what };
  // A directory, a socket, or a block device, which is a disk: writing over one would destroy what it holds.
  throw refused('io.output.not-a-file', { path, what });
}

const isLink = (path: string): boolean => { try { return lstatSync(path).isSymbolicLink(); } catch { return false; } };

/** The path a chain of symbolic links ends at when its end does not exist yet (the file a write will create). */
function danglingEnd(path: string): string {
  let at = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) return at;
      link = readlinkSync(at);
    } catch {
      return at;
    }
    at = resolve(dirname(at), link);
  }
  throw refused('io.output.link-loop', { path });
}

/**
 * Temporary files of this process not yet renamed into place, and its working directories (a stylesheet being
 * compiled, a release unpacked). A signal or an exit before they are done with removes them (the CLI calls
 * removePendingTemporaries, and is told when the first one appears and the last one goes); a `kill -9` cannot, so
 * the next run removes the files of dead processes.
 */
const pending = new Set<string>();
let watcher: ((pending: number) => void) | undefined;

/** `listener` is told the count now (temporaries made before it watched) and on every change. */
export function watchPendingTemporaries(listener: (pending: number) => void): void { watcher = listener; listener(pending.size); }

/** Marks a temporary file or directory of this process as pending (`on`) or done with. */
export function track(tmp: string, on: boolean): void {
  const before = pending.size;
  if (on) pending.add(tmp); else pending.delete(tmp);
  if (pending.size !== before) watcher?.(pending.size);
}

export function removePendingTemporaries(): void {
  for (const tmp of pending) rmSync(tmp, { recursive: true, force: true });
  pending.clear();
  watcher?.(0);
}

const temporaryOf = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
const TEMPORARY = /^\.(.+)\.(\d+)\.(\d+)\.tmp$/;

/**
 * Removes, in `dir`, the temporary files left by pintae processes that are gone (a `kill -9`, a power cut) for the
 * targets `target` accepts. A process still alive keeps its own; a pid that is alive but another program's only
 * means a file stays until a later run.
 */
export function removeStaleTemporaries(dir: string, target: (name: string) => boolean): void {
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const name of names) {
    const m = TEMPORARY.exec(name);
    if (!m || !target(m[1]!) || processAlive(Number(m[2]))) continue;
    rmSync(join(dir, name), { force: true });
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** A file written piece by piece: atomically (renamed into place on commit, removed on abort) or through a stream. */
export interface AtomicFile { write(chunk: string): void; commit(): void; abort(): void }

/**
 * `verbatim`: the bytes are pintae's own state, never shown to anyone and read back as they were written (a compiled
 * rule set in the cache). Everything else a user gets (a report, XML, a saved entity) is redacted here.
 */
export interface WriteOptions {
  verbatim?: boolean;
  /**
   * The file's name is pintae's, in a folder it writes many files into (an --out-dir, the entity store, the sandbox's
   * records): a symbolic link found at that name was put there by whoever made the folder (a checkout, an unzipped
   * package), not named by the user, so it is replaced by the file like any stale entry, never written through to
   * where it points (docs/decisions.md "What a checkout may decide (secco)"). A path the user names (--output) is
   * still written through its link.
   */
  linkReplaced?: boolean;
}

/**
 * Every file written through here has the registered secrets removed (src/io/secrets.ts): the one choke point for
 * files, as the CLI's wrapper of standard output and error is for the terminal, so no writer can forget it. A
 * report arrives in pieces, so one Redactor per file finds a token split across two of them; what it holds back
 * is written on commit.
 */
function redacting(file: AtomicFile, options: WriteOptions): AtomicFile {
  if (options.verbatim) return file;
  const redactor = new Redactor();
  return {
    write: (chunk) => file.write(redactor.push(chunk)),
    commit: () => { file.write(redactor.end()); file.commit(); },
    abort: () => file.abort(),
  };
}

export function openAtomic(path: string, options: WriteOptions = {}): AtomicFile {
  return redacting(openFile(path, options.linkReplaced === true), options);
}

function openFile(path: string, linkReplaced = false): AtomicFile {
  const target = outputTarget(path, { linkReplaced });
  if (target.kind === 'stream') return openStream(path, target.path);
  const tmp = temporaryOf(target.path);
  let fd: number;
  try {
    makeDirectories(dirname(target.path));
    track(tmp, true);
    // Created with the replaced file's permissions from the start: a private report is never readable by others.
    fd = openSync(tmp, 'wx', target.mode ?? 0o666);
  } catch (e) {
    track(tmp, false);
    throw fail(path, e);
  }
  let open = true;
  const close = () => { if (open) { open = false; closeSync(fd); } };
  const discard = () => { close(); rmSync(tmp, { force: true }); track(tmp, false); };
  return {
    write(chunk) {
      if (!chunk) return;
      try { writeSync(fd, chunk); } catch (e) { discard(); throw fail(path, e); }
    },
    commit() {
      try {
        close();
        // openSync's mode is filtered by the umask; the file replaced keeps the permissions it had.
        if (target.mode !== undefined) chmodSync(tmp, target.mode);
        renameSync(tmp, target.path);
        track(tmp, false);
      } catch (e) {
        discard();
        throw fail(path, e);
      }
    },
    abort: discard,
  };
}

function openStream(shown: string, path: string): AtomicFile {
  const fd = openThrough(shown, path);
  let open = true;
  const close = () => { if (open) { open = false; closeSync(fd); } };
  return {
    write(chunk) {
      if (!chunk) return;
      try { writeSync(fd, chunk); } catch (e) { close(); throw fail(shown, e); }
    },
    commit: close,
    abort: close,
  };
}

/**
 * Opens a pipe or device for writing. A named pipe is first opened without blocking, which fails at once when no
 * process reads it: opening it plainly would wait for a reader that may never come. That first descriptor stays
 * open until the plain one is, since a pipe left without any writer, even for a moment, tells its reader it ended.
 */
function openThrough(shown: string, path: string): number {
  let pipe = false;
  let probe: number | undefined;
  try {
    pipe = statSync(path).isFIFO();
    if (pipe) probe = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    const fd = openSync(path, constants.O_WRONLY);
    const stat = fstatSync(fd);
    if (!stat.isFIFO() && !stat.isCharacterDevice()) { closeSync(fd); throw refused('io.output.changed', { path: shown, what: kindOf(stat) ?? 'a regular file' }); }
    return fd;
  } catch (e) {
    if (pipe && (e as NodeJS.ErrnoException).code === 'ENXIO') throw refused('io.output.no-reader', { path: shown });
    throw fail(shown, e);
  } finally {
    if (probe !== undefined) closeSync(probe);
  }
}

/** Writes a whole file, by the rules of openAtomic: nobody ever sees it half written. */
export function writeAtomic(path: string, content: string, options: WriteOptions = {}): void {
  const file = openAtomic(path, options);
  try {
    file.write(content);
  } catch (e) {
    file.abort();
    throw e;
  }
  file.commit();
}

/**
 * Makes sure files can be created in `dir` before any work is done, by creating and removing one: the permission
 * bits alone do not say (root, read-only mounts, access lists). `create` makes the directory first; otherwise a
 * missing directory is judged by the nearest one that exists, where it would be made, so a run that stops early
 * has made nothing.
 */
export function checkWritableDirectory(dir: string, create: boolean, shown: { path: string; there: boolean } = { path: dir, there: true }): void {
  try {
    let at = resolve(dir);
    if (create) makeDirectories(at);
    else while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
    const probe = join(at, `.pintae-probe.${process.pid}.${Date.now()}.tmp`);
    // Tracked like any temporary, so a Ctrl-C that lands between its creation and removal does not leave it behind.
    track(probe, true);
    try {
      closeSync(openSync(probe, 'wx'));
      rmSync(probe, { force: true });
    } finally {
      track(probe, false);
    }
  } catch (e) {
    throw refused('io.output.cannot-write', { ...shown, reason: fsErrorWords(e) });
  }
}

/**
 * Everything about an output file that can be known before the run: a directory or a block device named, a
 * directory the file cannot be created in, a pipe no process reads. A regular file is opened later, with the first
 * piece of output, so a run that stops before leaves nothing; a pipe or device is opened now (opening a pipe to try
 * it and closing it again would tell its reader the output had ended). Also removes the temporaries that processes
 * killed while writing this same file left beside it.
 */
export function prepareOutput(path: string): { open: () => AtomicFile; file?: string } {
  // `reports/` names a directory whether or not it exists yet: written as a file, the report would take its name.
  if (/[\\/]$/.test(path) && !existsSync(path)) throw refused('io.output.slash', { path });
  const target = outputTarget(path);
  if (target.kind === 'stream') {
    const opened = redacting(openStream(path, target.path), {});
    return { open: () => opened };
  }
  // A report file its owner made read-only is not replaced, though the directory would let a rename do it (and root
  // ignores the bits): the user said it is not to change (docs/decisions.md "A read-only report file").
  if (target.mode !== undefined && (target.mode & 0o222) === 0) throw refused('io.output.read-only', { path });
  checkWritableDirectory(dirname(target.path), false, { path, there: false });
  removeStaleTemporaries(dirname(target.path), (name) => name === basename(target.path));
  // `file`: the regular file a write replaces, by its real path (links followed), or where it will be created.
  return { open: () => openAtomic(path), file: target.path };
}
