import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { underBoundary } from './boundary.js';

const require = createRequire(import.meta.url);

/*
 * The xslt3 compiler behind the same boundary as the rule sets it compiles (issue 21): compiling XSLT runs code (a
 * static parameter, use-when, an xsl:include reach the file system and, through ixsl:window(), the whole of
 * JavaScript). It may read its own code (xslt3 and what it loads: saxon-js, axios and theirs) and its sources, and
 * write only where its output goes. docs/decisions.md "Saxon-JS behind a process boundary".
 */

/** A package's directory and those of all it depends on, found as Node finds them (node_modules up the tree). */
export function packageClosure(name: string): string[] {
  const find = (dep: string, from: string): string | undefined => {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', dep);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(dir) === dir) return undefined;
    }
  };
  const seen = new Set<string>();
  const queue = [dirname(require.resolve(`${name}/package.json`))];
  while (queue.length > 0) {
    const dir = queue.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const deps = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
    for (const dep of Object.keys(deps)) { const found = find(dep, dir); if (found) queue.push(found); }
  }
  return [...seen];
}

let xslt3Packages: string[] | undefined;

/** `node <script>` for the xslt3 compiler: reads of its code and of `readable`, writes of `writable` only. */
export function compilerCommand(script: string[], readable: string[], writable: string[]): { file: string; args: string[] } | { unavailable: string } {
  return underBoundary({ readable: [...(xslt3Packages ??= packageClosure('xslt3')), ...readable], writable }, script);
}

/** Whether `path` lies inside `dir`. */
export const inside = (path: string, dir: string) => { const r = relative(dir, path); return r !== '' && !r.startsWith('..') && !isAbsolute(r); };

/**
 * A warm compile server's area: the one directory it may read and write. Its compiles' sources and outputs are made
 * there (sef.ts); the area goes when its servers have gone, or with the process.
 */
const areas = new Set<string>();
let cleaning = false;
export function makeArea(): string {
  const area = mkdtempSync(join(tmpdir(), 'pintae-compile-'));
  if (!cleaning) process.once('exit', () => { for (const a of areas) rmSync(a, { recursive: true, force: true }); });
  cleaning = true;
  areas.add(area);
  return area;
}
export function removeArea(area: string): void {
  areas.delete(area);
  rmSync(area, { recursive: true, force: true });
}
