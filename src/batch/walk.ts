import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { danglingTarget, fsErrorWords } from '../io/input-file.js';
import { reasonWords } from '../messages/reasons.js';
import { ioWords } from '../messages/io.js';

/**
 * One input: a file path as the user gave it or as a directory or glob expanded it, standard input, or an entry
 * discovery found but could not follow (an unlistable directory, a broken link, a loop of links): the last is
 * reported at its path like any unreadable file, so nothing is skipped without a word.
 */
export type Source =
  | { kind: 'file'; path: string }
  | { kind: 'stdin'; path: '-' }
  | { kind: 'unreadable'; path: string; message: string };

/** How a walk decides which entries are inputs: by extension below a directory, or by a glob's pattern. */
export interface Walk { accepts(rel: string, name: string): boolean; maxDepth: number; skip(name: string): boolean }

/**
 * How deep a directory given as input (or a glob's `**`) is searched. Past it a directory is reported, not entered:
 * paths grow with depth, and a tree thousands of levels deep (made by a script gone wrong, or on purpose) is no
 * place invoices are kept. The walk keeps its own stack, so the limit is a choice, not what the call stack allows.
 */
export const MAX_DIRECTORY_DEPTH = 256;

/** A directory being listed: its entries, and the next one to look at. */
interface Frame { dir: string; rel: string; depth: number; id: string | undefined; entries: Dirent[]; next: number }

export class Found {
  readonly out: Source[] = [];
  private readonly seen = new Set<string>();

  /**
   * Adds an input once: a path is known by where it resolves to, so `a.json`, `./a.json` and a directory's walk
   * reaching `a.json` are one input (kept as first named), never judged twice and warned a duplicate of itself.
   */
  add(source: Source): void {
    const key = source.kind === 'stdin' ? '-' : resolve(source.path);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.out.push(source);
  }

  /**
   * The inputs below `root` (whose device and inode are `rootId`), depth first in name order. Symbolic links are
   * followed, to files and to directories alike; a link back to a directory being walked (identified by device and
   * inode, so bind mounts count too) is reported as a loop instead of being followed again. An explicit stack, not
   * recursion: a tree of any depth is walked without running out of call stack.
   */
  walk(root: string, walk: Walk, rootId: string): void {
    // The directories from the root down to the one being listed: one set, entered and left as the walk goes.
    const ancestors = new Set([rootId]);
    const stack: Frame[] = [];
    const enter = (dir: string, rel: string, depth: number, id: string | undefined) => {
      let entries: Dirent[];
      try { entries = readdirSync(dir, { withFileTypes: true }); } catch (e) {
        this.add({ kind: 'unreadable', path: dir, message: ioWords('io.input.directory-unreadable', { reason: fsErrorWords(e) }) });
        return;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      if (id !== undefined) ancestors.add(id);
      stack.push({ dir, rel, depth, id, entries, next: 0 });
    };
    enter(root, '', 1, undefined);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const entry = frame.entries[frame.next++];
      if (entry === undefined) {
        stack.pop();
        if (frame.id !== undefined) ancestors.delete(frame.id);
        continue;
      }
      if (walk.skip(entry.name)) continue;
      const path = join(frame.dir, entry.name);
      const relPath = frame.rel ? `${frame.rel}/${entry.name}` : entry.name;
      let leadsToDir = entry.isDirectory();
      if (!leadsToDir && entry.isFile()) { if (walk.accepts(relPath, entry.name)) this.add({ kind: 'file', path }); continue; }
      if (!leadsToDir) {
        // A link (or an entry the file system would not type): what it leads to decides.
        try { leadsToDir = statSync(path).isDirectory(); } catch (e) {
          if (walk.accepts(relPath, entry.name)) this.add({ kind: 'unreadable', path, message: linkProblem(path, e) });
          continue;
        }
      }
      if (leadsToDir) {
        const id = this.nextDirectory(path, walk, frame.depth, ancestors);
        if (id !== undefined) enter(path, relPath, frame.depth + 1, id);
      } else if (walk.accepts(relPath, entry.name)) {
        // Pipes, sockets and devices named like an input are handed on: the reader refuses them, naming what they are.
        this.add({ kind: 'file', path });
      }
    }
  }

  /** The identity of a directory the walk goes into next, or undefined where it stops (a limit, a loop, an error). */
  private nextDirectory(path: string, walk: Walk, depth: number, ancestors: Set<string>): string | undefined {
    if (depth >= walk.maxDepth) return undefined;
    if (depth > MAX_DIRECTORY_DEPTH) {
      this.add({ kind: 'unreadable', path, message: ioWords('io.input.too-deep', { depth: MAX_DIRECTORY_DEPTH }) });
      return undefined;
    }
    let id: string;
    try { const s = statSync(path); id = `${s.dev}:${s.ino}`; } catch (e) {
      this.add({ kind: 'unreadable', path, message: ioWords('io.input.directory-unreadable', { reason: fsErrorWords(e) }) });
      return undefined;
    }
    if (ancestors.has(id)) {
      this.add({ kind: 'unreadable', path, message: ioWords('io.input.loop', {}) });
      return undefined;
    }
    return id;
  }
}

function linkProblem(path: string, e: unknown): string {
  const target = danglingTarget(path);
  return target !== undefined ? reasonWords('reason.fs.dangling', { target }) : fsErrorWords(e);
}

