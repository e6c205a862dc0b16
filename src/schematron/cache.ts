import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { cacheDir } from '../io/cache-dir.js';
import { makeDirectories, track } from '../io/write.js';
import { RuleSetError, ruleSetError } from './errors.js';
import { ruleSetWorded } from '../messages/rule-sets.js';

/*
 * The rule cache (<cache>/rules) belongs to pintae, and pintae touches only its own entries there: a directory per
 * added rule set, named by a name that cannot leave it, written beside the old entry and swapped in, removed only by
 * name. Nothing else under the cache directory is ever deleted. A damaged entry is an error that names its file and
 * the fix, and never stops the other entries from being listed or used.
 */

export type Engine = 'native' | 'saxon-js';

export interface Manifest {
  name: string;
  version: string | null;
  source: string;
  /** sha256 of the rule sources, in layer order. */
  hash: string;
  /** sha256 of every file the rule set reads (layers and what they include, by path): a change anywhere recompiles. */
  inputs?: string;
  layers: Array<{
    file: string; from: string; kind: 'sch' | 'xslt' | 'sef';
    /** Which engine runs the layer: native (pintae's evaluator, its plan in `native`) or saxon-js. Absent: saxon-js. */
    engine?: Engine;
    /** The native plan's file, beside the SEF. */
    native?: string;
    /** Why a Schematron layer runs on Saxon-JS: what the evaluator could not compile. */
    unsupported?: string;
  }>;
  added: string;
  /** The CustomizationIDs it is written for (read from the release, or --customization); absent or empty: used only with --rules. */
  customizations?: string[];
  /** Validity by issue date (--valid-from, --valid-to), YYYY-MM-DD inclusive; null: open. */
  valid_from?: string | null;
  valid_to?: string | null;
  /** The compilers that wrote the cached files (compilerVersion()); a set compiled by others is compiled again. */
  compiler?: string;
  /** `rules add --engine saxon-js`: the release's stylesheets on Saxon-JS (kept when the set is compiled again). Absent: native. */
  asked_engine?: Engine;
}

/** A rule set's name: a directory name that cannot be `.`, `..` or a path. */
export const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const rulesDir = (env: NodeJS.ProcessEnv = process.env) => join(cacheDir(env), 'rules');

/** Why a name cannot name a rule set; undefined when it can. */
export function badName(name: string, reserved: ReadonlySet<string>): RuleSetError | undefined {
  if (!NAME.test(name)) return ruleSetError('ruleset.name-unusable', { name });
  if (reserved.has(name)) return ruleSetError('ruleset.name-reserved', { name, reserved: [...reserved] });
  return undefined;
}

/** The name a source gives a set by default: its file or directory name, lower-cased, other characters as '-'. */
export function defaultName(base: string): string {
  return base.replace(/\.(zip|sch|xslt|xsl|sef\.json)$/i, '').toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64);
}

/** A damaged entry: its file, what is wrong, and what to do. */
export class DamagedEntry extends RuleSetError {
  constructor(readonly entry: string, readonly file: string, readonly reason: string) {
    const { message, said } = ruleSetWorded('ruleset.damaged', { file, name: entry, reason });
    super(message, said);
    this.name = 'DamagedEntry';
  }
}

const FILE = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

/** A manifest as read: its JSON and its shape checked, so a damaged one is told apart from a valid one. */
export function readManifest(env: NodeJS.ProcessEnv, name: string): Manifest {
  const file = join(rulesDir(env), name, 'manifest.json');
  let m: Manifest;
  try { m = JSON.parse(readFileSync(file, 'utf8')) as Manifest; } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new DamagedEntry(name, file, code === 'ENOENT' ? 'no manifest.json' : code ? `cannot be read: ${code}` : `not JSON: ${(e as Error).message}`);
  }
  const wrong = shapeError(m, name);
  if (wrong) throw new DamagedEntry(name, file, wrong);
  for (const l of m.layers) {
    for (const f of [l.file, ...(l.native ? [l.native] : [])]) if (!existsSync(join(rulesDir(env), name, f))) throw new DamagedEntry(name, join(rulesDir(env), name, f), 'a compiled file is missing');
  }
  return m;
}

function shapeError(m: Manifest, name: string): string | undefined {
  if (m === null || typeof m !== 'object' || Array.isArray(m)) return 'not a manifest';
  if (m.name !== name) return `it names ${JSON.stringify(m.name)}, not ${JSON.stringify(name)}`;
  if (typeof m.source !== 'string' || typeof m.hash !== 'string' || typeof m.added !== 'string') return 'source, hash or added missing';
  if (!Array.isArray(m.layers) || m.layers.length === 0) return 'no layers';
  for (const l of m.layers) {
    if (l === null || typeof l !== 'object' || typeof l.file !== 'string' || !FILE.test(l.file) || (l.native !== undefined && (typeof l.native !== 'string' || !FILE.test(l.native)))) return 'a layer names no file of its entry';
  }
  if (m.customizations !== undefined && (!Array.isArray(m.customizations) || m.customizations.some((c) => typeof c !== 'string'))) return 'customizations are not strings';
  if (m.asked_engine !== undefined && m.asked_engine !== 'native' && m.asked_engine !== 'saxon-js') return 'asked_engine is neither native nor saxon-js';
  return undefined;
}

/** Every entry of the cache, each a manifest or the reason it is damaged; directories not named as entries are left alone. */
export function listEntries(env: NodeJS.ProcessEnv = process.env): Array<{ name: string; manifest?: Manifest; damaged?: DamagedEntry }> {
  const dir = rulesDir(env);
  let names: string[];
  try { names = readdirSync(dir); } catch { return []; }
  return names.filter((n) => NAME.test(n)).sort().map((name) => {
    try { return { name, manifest: readManifest(env, name) }; } catch (e) {
      if (e instanceof DamagedEntry) return { name, damaged: e };
      throw e;
    }
  });
}

/**
 * Writes an entry whole beside the old one and swaps it in: a reader sees the old entry or the new one, never a
 * half-written one, and a failure leaves the old entry as it was.
 */
export function writeEntry(env: NodeJS.ProcessEnv, name: string, files: Array<[string, string]>, manifest: Manifest): void {
  const dir = rulesDir(env);
  makeDirectories(dir);
  removeLeftovers(dir);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const fresh = join(dir, `.new-${name}-${tag}`);
  track(fresh, true);
  try {
    mkdirSync(fresh);
    for (const [file, content] of files) writeFileSync(join(fresh, file), content);
    writeFileSync(join(fresh, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    const target = join(dir, name);
    if (existsSync(target) || isLink(target)) {
      const old = join(dir, `.old-${name}-${tag}`);
      track(old, true);
      renameSync(target, old);
      renameSync(fresh, target);
      removeOwn(old);
      track(old, false);
    } else renameSync(fresh, target);
  } finally {
    if (existsSync(fresh)) rmSync(fresh, { recursive: true, force: true });
    track(fresh, false);
  }
}

/** What a process killed in the middle of a swap left (`.new-…` or `.old-…` of a pid no longer alive): pintae's own, and only those. */
function removeLeftovers(dir: string): void {
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const n of names) {
    const m = /^\.(?:new|old)-[a-z0-9][a-z0-9._-]{0,63}-(\d+)-[0-9a-f]{8}$/.exec(n);
    if (!m || alive(Number(m[1]))) continue;
    try { removeOwn(join(dir, n)); } catch { /* another process took it first */ }
  }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

function isLink(path: string): boolean {
  try { return lstatSync(path).isSymbolicLink(); } catch { return false; }
}

/** Removes one directory pintae wrote (a link in its place is unlinked, never followed). */
function removeOwn(path: string): void {
  if (isLink(path)) unlinkSync(path);
  else rmSync(path, { recursive: true, force: true });
}

/** `pintae rules remove NAME`: the entry of that name and nothing else; false when there is none. */
export function removeEntry(env: NodeJS.ProcessEnv, name: string): boolean {
  if (!NAME.test(name)) throw ruleSetError('ruleset.remove-name', { name });
  const target = join(rulesDir(env), name);
  if (!existsSync(target) && !isLink(target)) return false;
  removeOwn(target);
  return true;
}
