import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import { ioError } from '../messages/io.js';
import { danglingTarget, fsErrorWords, InputError, readInputFile } from '../io/input-file.js';
import { textOrThrow } from '../io/text.js';
import { Found, type Source, type Walk } from './walk.js';

export type { Source } from './walk.js';

/** picomatch (CommonJS) loaded on the first glob: a run of plain files and directories never loads it. */
let loadedPicomatch: typeof Picomatch | undefined;
const picomatchLib = (): typeof Picomatch => (loadedPicomatch ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch);

/** What a command reads: the extension a directory is searched for, and whether `-` (standard input) is allowed. */
export interface InputKind { ext: string; noun: string; stdin: boolean }
export const JSON_INPUTS: InputKind = { ext: '.json', noun: 'invoice JSON files, directories, globs, or - for standard input', stdin: true };
export const XML_INPUTS: InputKind = { ext: '.xml', noun: 'UBL invoice XML files, directories, globs, or - for standard input', stdin: true };

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
  const match = picomatchLib()(glob);
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
  if (paths.length === 0) throw ioError('io.input.none', { noun: kind.noun });
  const found = new Found();
  for (const p of paths) {
    if (p === '-') {
      if (!kind.stdin) throw ioError('io.input.no-stdin', {});
      found.add({ kind: 'stdin', path: '-' });
      continue;
    }
    let isDir = false;
    try { isDir = statSync(p).isDirectory(); } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (picomatchLib().scan(p).isGlob) { expandGlob(p, found); continue; }
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        const target = danglingTarget(p);
        throw target !== undefined ? ioError('io.path.dangling', { path: p, target }) : ioError('io.path.missing', { path: p });
      }
      found.add({ kind: 'unreadable', path: p, message: fsErrorWords(e) });
      continue;
    }
    if (!isDir) { found.add({ kind: 'file', path: p }); continue; }
    const before = found.out.length;
    found.walk(p, byExtension(kind.ext), dirId(p));
    if (found.out.length === before) {
      // A folder of the other command's documents (validate given received XML, check given exported JSON): which to run.
      const other = kind.ext === '.json' ? '.xml' : '.json';
      if (holdsFilesEnding(p, other)) throw ioError(other === '.xml' ? 'io.input.empty-directory.xml' : 'io.input.empty-directory.json', { path: p });
      throw ioError('io.input.empty-directory', { path: p, ext: kind.ext });
    }
  }
  return found.out;
}

/** Whether a directory holds a file whose name ends so, at its top (a look, not a walk). */
function holdsFilesEnding(dir: string, ext: string): boolean {
  try { return readdirSync(dir, { withFileTypes: true }).some((e) => !e.name.startsWith('.') && e.name.toLowerCase().endsWith(ext) && (e.isFile() || e.isSymbolicLink())); } catch { return false; }
}

function expandGlob(pattern: string, found: Found): void {
  const { base, glob } = picomatchLib().scan(pattern);
  const root = base === '' ? '.' : base;
  const here = new Found();
  try {
    here.walk(root, byPattern(glob), dirId(root));
  } catch { /* the base does not exist: nothing matches */ }
  const matches = here.out;
  if (matches.length === 0) throw ioError('io.input.no-match', { pattern });
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
