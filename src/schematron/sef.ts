import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeDirectories, track, writeAtomic } from '../io/write.js';
import { ruleSetError } from './errors.js';
import { compileArea, runXslt3 } from './xslt3.js';
import { compilerVersion, sha256 } from './sef-key.js';

export { compileScope } from './xslt3.js';
export { compilerVersion, sefCacheDir, sha256 } from './sef-key.js';


/** A working directory that a Ctrl-C in the middle of a compile (seconds) removes too (src/cli/signals.ts). */
export function workDirectory(prefix: string, parent = tmpdir()): string {
  const dir = mkdtempSync(join(parent, prefix));
  track(dir, true);
  return dir;
}
export function removeWorkDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  track(dir, false);
}

/**
 * XSLT 3.0 file → SEF (Saxon-JS's compiled form) with the xslt3 package's compiler (xslt3.ts: a warm child process,
 * else a process per compile). Compiling costs seconds, so callers keep the result (compileXsltCached). Compiling
 * the file where it lies lets its relative xsl:include and xsl:import resolve.
 */
export async function compileXsltFile(sourcePath: string, how: 'server' | 'process' = 'server', root?: string): Promise<string> {
  const source = resolve(sourcePath);
  // The output in a sandboxed server's area, where alone it may write.
  const work = workDirectory('pintae-sef-', how === 'server' ? compileArea() : undefined);
  try {
    const target = join(work, 'rules.sef.json');
    const outcome = await runXslt3([`-xsl:${sourcePath}`, `-export:${target}`, '-nogo', '-relocate:on'], { source, target, ...(root ? { root: resolve(root) } : {}) }, how);
    if (outcome.exitCode !== 0) {
      const detail = outcome.messages.trim().split('\n').slice(0, 8).join('\n');
      throw ruleSetError('ruleset.xslt-failed', { detail });
    }
    if (!existsSync(target)) throw ruleSetError('ruleset.no-sef', {});
    return readFileSync(target, 'utf8');
  } finally {
    removeWorkDirectory(work);
  }
}

/** XSLT text → SEF text. */
export async function compileXslt(xslt: string): Promise<string> {
  const work = workDirectory('pintae-xslt-', compileArea());
  try {
    const source = join(work, 'rules.xslt');
    writeFileSync(source, xslt);
    return await compileXsltFile(source);
  } finally {
    removeWorkDirectory(work);
  }
}

/** compileXslt with the result kept in `cacheDir` under the hash of the compilers' versions and the XSLT text. */
export async function compileXsltCached(xslt: string, cacheDir: string): Promise<{ sef: string; path: string; hash: string }> {
  const hash = sha256(`${compilerVersion()}\n${xslt}`);
  const path = join(cacheDir, `${hash}.sef.json`);
  if (existsSync(path)) return { sef: readFileSync(path, 'utf8'), path, hash };
  const sef = await compileXslt(xslt);
  makeDirectories(cacheDir);
  writeAtomic(path, sef, { verbatim: true }); // a cache entry, read back as written (src/io/write.ts)
  return { sef, path, hash };
}

/**
 * An XSLT file compiled where it lies (its includes resolve beside it), kept in `cacheDir` under `key`: the hash of
 * every file it reads, which the caller computed (guard/index.ts), with the compilers' versions.
 */
export async function compileXsltFileCached(sourcePath: string, key: string, cacheDir: string, root?: string): Promise<{ sef: string; path: string }> {
  const path = join(cacheDir, `${sha256(`${compilerVersion()}\nfile\n${key}`)}.sef.json`);
  if (existsSync(path)) return { sef: readFileSync(path, 'utf8'), path };
  const sef = await compileXsltFile(sourcePath, 'server', root);
  makeDirectories(cacheDir);
  writeAtomic(path, sef, { verbatim: true }); // a cache entry, read back as written (src/io/write.ts)
  return { sef, path };
}
