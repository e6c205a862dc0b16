import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { UsageError } from '../io/errors.js';
import { danglingTarget, fsErrorWords, InputError, readInputFile } from '../io/input-file.js';
import { textOrThrow } from '../io/text.js';

/**
 * One input: a file path as the user gave it or as a directory or glob expanded it, standard input, or an entry
 * discovery found but could not follow (an unlistable directory, a broken link, a loop of links): the last is
 * reported at its path like any unreadable file, so nothing is skipped without a word.
 */
export type Source =
  | { kind: 'file'; path: string }
  | { kind: 'stdin'; path: '-' }
  | { kind: 'unreadable'; path: string; message: string };

/** What a command reads: the extension a directory is searched for, and whether `-` (standard input) is allowed. */
export interface InputKind { ext: string; noun: string; stdin: boolean }
export const JSON_INPUTS: InputKind = { ext: '.json', noun: 'invoice JSON files, directories, globs, or - for standard input', stdin: true };
export const XML_INPUTS: InputKind = { ext: '.xml', noun: 'UBL invoice XML files, directories, globs, or - for standard input', stdin: true };

/** How a walk decides which entries are inputs: by extension below a directory, or by a glob's pattern. */
interface Walk { accepts(rel: string, name: string): boolean; maxDepth: number; skip(name: string): boolean }

class Found {
  readonly out: Source[] = [];
  private readonly seen = new Set<string>();

  add(source: Source): void {
    if (this.seen.has(source.path)) return;
    this.seen.add(source.path);
    this.out.push(source);
  }

  /**
   * The inputs below `dir`, depth first in name order. Symbolic links are followed, to files and to directories
   * alike; a link back to a directory being walked (identified by device and inode, so bind mounts count too) is
   * reported as a loop instead of being followed again.
   */
  walk(dir: string, walk: Walk, ancestors: Set<string>, rel = '', depth = 1): void {
    let entries: Dirent[];
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch (e) {
      this.add({ kind: 'unreadable', path: dir, message: `this directory cannot be read: ${fsErrorWords(e)}` });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (walk.skip(entry.name)) continue;
      const path = join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) { this.descend(path, walk, ancestors, relPath, depth); continue; }
      if (entry.isFile()) { if (walk.accepts(relPath, entry.name)) this.add({ kind: 'file', path }); continue; }
      // A link (or an entry the file system would not type): what it leads to decides.
      let leadsToDir = false;
      try { leadsToDir = statSync(path).isDirectory(); } catch (e) {
        if (walk.accepts(relPath, entry.name)) this.add({ kind: 'unreadable', path, message: linkProblem(path, e) });
        continue;
      }
      if (leadsToDir) this.descend(path, walk, ancestors, relPath, depth);
      // Pipes, sockets and devices named like an input are handed on: the reader refuses them, naming what they are.
      else if (walk.accepts(relPath, entry.name)) this.add({ kind: 'file', path });
    }
  }

  private descend(path: string, walk: Walk, ancestors: Set<string>, rel: string, depth: number): void {
    if (depth >= walk.maxDepth) return;
    let id: string;
    try { const s = statSync(path); id = `${s.dev}:${s.ino}`; } catch (e) {
      this.add({ kind: 'unreadable', path, message: `this directory cannot be read: ${fsErrorWords(e)}` });
      return;
    }
    if (ancestors.has(id)) {
      this.add({ kind: 'unreadable', path, message: 'leads back to a directory that contains it: not followed (a loop)' });
      return;
    }
    this.walk(path, walk, new Set(ancestors).add(id), rel, depth + 1);
  }
}

function linkProblem(path: string, e: unknown): string {
  const target = danglingTarget(path);
  return target !== undefined ? `a symbolic link to ${target}, which does not exist` : fsErrorWords(e);
}

function dirId(path: string): string {
  const s = statSync(path);
  return `${s.dev}:${s.ino}`;
}

/** A directory given as input: every file named *<ext> below it; hidden entries and node_modules are not searched. */
function byExtension(ext: string): Walk {
  return { accepts: (_rel, name) => name.toLowerCase().endsWith(ext), maxDepth: Infinity, skip: (name) => name.startsWith('.') || name === 'node_modules' };
}

/**
 * A glob, expanded by walking its static base: every entry the pattern matches (pipes and broken links included,
 * so they are reported rather than dropped). Without `**` or braces the walk goes no deeper than the pattern.
 */
function byPattern(glob: string): Walk {
  const match = picomatch(glob);
  const maxDepth = /\*\*|\{/.test(glob) ? Infinity : glob.split('/').length;
  const dotted = /(^|\/)\./.test(glob);
  return { accepts: (rel) => match(rel), maxDepth, skip: (name) => name.startsWith('.') && !dotted };
}

/**
 * Expands paths (files, directories, globs, `-`) in the order given; each path once. A directory is searched for
 * files named *<ext>; a glob's matches are taken in path order. A path that does not exist and matches nothing is a
 * usage error; a path that exists but cannot be read is an input of its own, reported where it is.
 */
export function discover(paths: string[], kind: InputKind = JSON_INPUTS): Source[] {
  if (paths.length === 0) throw new UsageError(`no input: give ${kind.noun}`);
  const found = new Found();
  for (const p of paths) {
    if (p === '-') {
      if (!kind.stdin) throw new UsageError('- (standard input) is not an input here: give files, directories or globs');
      found.add({ kind: 'stdin', path: '-' });
      continue;
    }
    let isDir = false;
    try { isDir = statSync(p).isDirectory(); } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (picomatch.scan(p).isGlob) { expandGlob(p, found); continue; }
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        const target = danglingTarget(p);
        throw new UsageError(target !== undefined ? `${p}: a symbolic link to ${target}, which does not exist` : `${p}: no such file or directory`);
      }
      found.add({ kind: 'unreadable', path: p, message: fsErrorWords(e) });
      continue;
    }
    if (!isDir) { found.add({ kind: 'file', path: p }); continue; }
    const before = found.out.length;
    found.walk(p, byExtension(kind.ext), new Set([dirId(p)]));
    if (found.out.length === before) throw new UsageError(`${p}: the directory holds no ${kind.ext} files`);
  }
  return found.out;
}

function expandGlob(pattern: string, found: Found): void {
  const { base, glob } = picomatch.scan(pattern);
  const root = base === '' ? '.' : base;
  const here = new Found();
  try {
    here.walk(root, byPattern(glob), new Set([dirId(root)]));
  } catch { /* the base does not exist: nothing matches */ }
  const matches = here.out;
  if (matches.length === 0) throw new UsageError(`${pattern}: no file matches this pattern`);
  // Glob matches are in path order, as they always were.
  for (const s of matches.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) found.add(s);
}

/**
 * The text of one input: standard input through `readStdin`, a file through the one input reader and the one
 * decoder. An input discovery could not follow throws its message; bytes that are not text throw UndecodableText,
 * which carries their place. Every command that reads inputs goes through here.
 */
export function readSource(source: Source, readStdin: () => string): string {
  if (source.kind === 'stdin') return readStdin();
  if (source.kind === 'unreadable') throw new InputError(source.message);
  return textOrThrow(readInputFile(source.path));
}
