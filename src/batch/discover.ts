import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { UsageError } from '../io/errors.js';

/** One input: a file path as the user gave or as a directory/glob expanded it, or standard input. */
export type Source = { kind: 'file'; path: string } | { kind: 'stdin'; path: '-' };

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(path));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) out.push(path);
  }
  return out;
}

/** Expands paths (files, directories searched for *.json, globs, `-`) in the order given; each file once. */
export function discover(paths: string[], stdinAllowed = true): Source[] {
  if (paths.length === 0) throw new UsageError('no input: give invoice JSON files, directories, globs, or - for standard input');
  const seen = new Set<string>();
  const out: Source[] = [];
  const add = (path: string) => { if (!seen.has(path)) { seen.add(path); out.push({ kind: 'file', path }); } };
  for (const p of paths) {
    if (p === '-') {
      if (!stdinAllowed) throw new UsageError('- (standard input) can be given once');
      if (!seen.has('-')) { seen.add('-'); out.push({ kind: 'stdin', path: '-' }); }
      continue;
    }
    let stat;
    try { stat = statSync(p); } catch { stat = undefined; }
    if (stat?.isDirectory()) {
      const files = jsonFilesUnder(p);
      if (files.length === 0) throw new UsageError(`${p}: the directory holds no .json files`);
      files.forEach(add);
    } else if (stat?.isFile()) add(p);
    else if (isDynamicPattern(p)) {
      const files = globSync(p, { onlyFiles: true, expandDirectories: false }).sort();
      if (files.length === 0) throw new UsageError(`${p}: no file matches this pattern`);
      files.forEach(add);
    } else throw new UsageError(`${p}: no such file or directory`);
  }
  return out;
}
