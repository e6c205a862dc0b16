import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cacheDir } from '../io/cache-dir.js';
import { PINTAE_VERSION } from '../version.js';

/*
 * What names a compiled stylesheet in the cache: the compilers' versions and the hash of what was compiled. Apart from
 * sef.ts, which compiles (the xslt3 servers, the sandbox's boundary), so that a run that only reads added rule sets
 * (rulesets.ts: is an entry current?) loads none of the compiling side (docs/performance.md, "Start-up").
 */

const require = createRequire(import.meta.url);

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Where compiled stylesheets are kept by the hash of the compilers and what they were compiled from: $PINTAE_SEF_CACHE_DIR, else <cache>/sef. */
export function sefCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PINTAE_SEF_CACHE_DIR ?? join(cacheDir(env), 'sef');
}

/**
 * The static check's version (src/schematron/guard/): part of the compilers' key, so a rule set compiled before the
 * check (or before it was tightened) is checked and compiled again, never run as it was.
 */
const GUARD = 'guard@1';

let compilers: string | undefined;
/**
 * The versions of everything that turns rules into what pintae runs: the xslt3 compiler, the saxon-js run time its
 * SEF is written for, and pintae (its Schematron compiler and native plans). Part of every compile-cache key, so an
 * upgrade never reuses another version's output.
 */
export function compilerVersion(): string {
  const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
  const own = PINTAE_VERSION;
  return (compilers ??= `xslt3@${version('xslt3')} saxon-js@${version('saxon-js')} pintae@${own} ${GUARD}`);
}

