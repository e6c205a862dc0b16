/**
 * Deep trees. A document nested deeper than any XML pintae reads (the reader refuses more than libxml2's 257 levels),
 * built as a tree directly: the evaluator's own walks must still not recurse, whatever tree they are given. And a
 * directory tree on disk, for the walk that finds input files.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import type { XDocument, XElement, XNode } from '../../src/xpath/api.js';

/** `depth` nested elements named `name` (document order numbered), the innermost holding `leaf`. */
export function deepDocument(depth: number, name: string, leaf: { element: string } | { text: string }): XDocument {
  const doc: XDocument = { kind: 9, parent: null, order: 0, children: [], elements: [] };
  let parent: XDocument | XElement = doc;
  let order = 1;
  const element = (local: string, at: XDocument | XElement): XElement => ({
    kind: 1, parent: at, order: order++, ns: '', local, prefix: '', attrs: [], children: [], elements: [], line: 1, column: 1,
  });
  for (let i = 0; i < depth; i++) {
    const e = element(name, parent);
    parent.children.push(e);
    parent.elements.push(e);
    parent = e;
  }
  const inner: XNode = 'element' in leaf ? element(leaf.element, parent) : { kind: 3, parent, order: order++, value: leaf.text };
  parent.children.push(inner);
  if (inner.kind === 1) parent.elements.push(inner);
  return doc;
}

/**
 * A directory tree `depth` levels deep below `base` (`base/d/d/…/d`, holding `leaf` at the bottom), made and removed by
 * a process of its own that walks it with chdir: a path that long (20,000 characters for 10,000 levels) is past
 * PATH_MAX, so no call given the whole path could reach the bottom, and `rm -rf` of it takes seconds on a busy disk.
 */
const DEEP_TREE = `
const fs = require('node:fs');
const [mode, base, depth, leaf] = process.argv.slice(1);
process.chdir(base);
if (mode === 'make') {
  for (let i = 0; i < Number(depth); i++) { fs.mkdirSync('d'); process.chdir('d'); }
  if (leaf) fs.writeFileSync(leaf, '{}');
} else {
  // Depth first with a stack of names, never a whole path: into the first subdirectory, out when one is empty.
  const down = [];
  for (;;) {
    const entries = fs.readdirSync('.', { withFileTypes: true });
    for (const e of entries) if (!e.isDirectory()) fs.unlinkSync(e.name);
    const sub = entries.find((e) => e.isDirectory());
    if (sub) { process.chdir(sub.name); down.push(sub.name); continue; }
    if (down.length === 0) break;
    process.chdir('..');
    fs.rmdirSync(down.pop());
  }
}`;

export function makeDeepDirectories(base: string, depth: number, leaf?: string): void {
  execFileSync(process.execPath, ['-e', DEEP_TREE, 'make', base, String(depth), leaf ?? '']);
}

/** Removes everything below `base` (however deep), leaving `base` itself. */
export function removeDeepDirectories(base: string): void {
  execFileSync(process.execPath, ['-e', DEEP_TREE, 'remove', base]);
}

/** Where a deep tree is quick to make and remove: memory (/dev/shm) where there is one, else the temporary directory. */
export function deepTreeRoot(): string {
  try { accessSync('/dev/shm', constants.W_OK); return '/dev/shm'; } catch { return tmpdir(); }
}
