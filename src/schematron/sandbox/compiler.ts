import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { underBoundary } from './boundary.js';
import { track } from '../../io/write.js';

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
 * there (sef.ts); the area goes when its servers have gone, or as the process exits. A process killed outright (a
 * test worker ended by its pool) leaves its area: the next process to make one removes those of processes gone.
 */
const areas = new Set<string>();
let cleaning = false;
const AREA = /^pintae-compile-(\d+)-/;
export function makeArea(): string {
  if (!cleaning) {
    cleaning = true;
    process.once('exit', () => { for (const a of areas) rmSync(a, { recursive: true, force: true }); });
    sweep();
  }
  const area = mkdtempSync(join(tmpdir(), `pintae-compile-${process.pid}-`));
  areas.add(area);
  // A temporary like the compiles' working directories: a Ctrl-C while the area exists (the rules planned natively
  // before their XSLT is compiled) removes it and exits 130, rather than dying and leaving it to the next sweep.
  track(area, true);
  return area;
}
export function removeArea(area: string): void {
  areas.delete(area);
  rmSync(area, { recursive: true, force: true });
  track(area, false);
}

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch (e) { return (e as { code?: string }).code === 'EPERM'; } };
function sweep(): void {
  try {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(AREA.exec(name)?.[1] ?? process.pid);
      if (pid !== process.pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  } catch { /* a temporary directory that cannot be listed keeps what it holds */ }
}
