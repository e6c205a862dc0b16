import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { RuleSetError, ruleSetError } from './errors.js';
import { DEFAULT_CAPS, readRuleFile, SourceRefused, type SourceCaps } from './guard/files.js';
import { removeWorkDirectory, workDirectory } from './sef.js';

/*
 * A rule set as published, read as it stands: a directory, a zip (the OpenPeppol release is a zip of zips), or one
 * file. Its files keep their layout (a zip is unpacked into a working directory), so relative includes resolve as
 * their authors wrote them, and every message names the user's files (`release.zip!/billing/rules.sch`), never the
 * working copy. Reading is bounded: the caps below, each named in its refusal.
 */

export type Kind = 'sch' | 'xslt' | 'sef';
/** A candidate layer: where it is on disk (absolute), and its bytes. */
export interface SourceFile { path: string; content: Buffer }

export const KIND = (path: string): Kind | undefined =>
  path.endsWith('.sef.json') ? 'sef' : /\.(xslt|xsl)$/i.test(path) ? 'xslt' : /\.sch$/i.test(path) ? 'sch' : undefined;

/** Caps on a zip, checked from its directory before anything is inflated. */
export interface ZipCaps {
  entries: number;
  /** Bytes of every kept entry inflated, inner zips' entries included. */
  totalBytes: number;
  /** Inflated bytes per compressed byte of one entry (of more than a MiB: small repetitive files are harmless). */
  ratio: number;
  /** Zips inside zips: the release itself is 1, the per-document zips it holds 2. */
  nesting: number;
  fileBytes: number;
}
export const ZIP_CAPS: ZipCaps = { entries: 10_000, totalBytes: DEFAULT_CAPS.totalBytes, ratio: 200, nesting: 2, fileBytes: DEFAULT_CAPS.fileBytes };

/** Entries a zip release is unpacked with: rule files, the XML they may include, and the zips inside. */
const KEPT = /\.(sch|xsl|xslt|sef\.json|xml|zip)$/i;

export interface Release {
  /** The directory every file of the rule set lies under, which no include may leave. */
  root: string;
  files: SourceFile[];
  /** How the user names a file of the release. */
  display(path: string): string;
  /** Its place within the release (for a single file, its name): how `rules list` names a layer. */
  within(path: string): string;
  /** Removes the working copy of a zip (nothing for a directory or a file). */
  close(): void;
}

/** Reads the release at `source` (as the user wrote it). */
export function readRelease(source: string, caps: { zip?: ZipCaps; files?: SourceCaps } = {}): Release {
  const path = resolve(source);
  let stat;
  try { stat = lstatSync(path); } catch { throw ruleSetError('ruleset.source-missing', { source }); }
  const fileCaps = caps.files ?? DEFAULT_CAPS;
  const refusal = (e: unknown): never => { throw e instanceof SourceRefused ? ruleSetError('ruleset.refusal', { refusal: e.refusal }) : e; };
  if (stat.isDirectory()) {
    const files = filesOfDirectory(path, source, fileCaps);
    return { root: path, files, display: (p) => join(source, relative(path, p)), within: (p) => relative(path, p).split(sep).join('/'), close: () => {} };
  }
  if (path.toLowerCase().endsWith('.zip')) {
    let bytes: Buffer;
    try { bytes = readRuleFile(dirname(path), path, { ...fileCaps, fileBytes: fileCaps.totalBytes }, { file: source }, 'the zip'); } catch (e) { return refusal(e); }
    const dir = workDirectory('pintae-release-');
    try {
      const written = unpack(bytes, dir, source, caps.zip ?? ZIP_CAPS);
      const files = written.filter((p) => KIND(p) !== undefined).map((p) => ({ path: p, content: readRuleFile(dir, p, fileCaps, { file: source }, 'an entry') }));
      const within = (p: string) => relative(dir, p).split(sep).join('/').replace(/(\.zip)\.d\//gi, '$1!/');
      return { root: dir, files, display: (p) => `${source}!/${within(p)}`, within, close: () => removeWorkDirectory(dir) };
    } catch (e) {
      removeWorkDirectory(dir);
      return refusal(e);
    }
  }
  if (!KIND(path)) return { root: dirname(path), files: [], display: (p) => join(dirname(source), relative(dirname(path), p)), within: (p) => basename(p), close: () => {} };
  const root = dirname(path);
  const display = (p: string) => (p === path ? source : join(dirname(source), relative(root, p)));
  try {
    const files = [{ path, content: readRuleFile(root, path, fileCaps, { file: source }, 'the rule file') }];
    // A SEF compiled by pintae comes with its guarded twin beside it (compile.ts); taken along where it is there.
    const twin = path.replace(/\.sef\.json$/, '.guarded.sef.json');
    if (twin !== path && exists(twin)) files.push({ path: twin, content: readRuleFile(root, twin, fileCaps, { file: display(twin) }, 'the guarded twin') });
    return { root, files, display, within: (p) => relative(root, p).split(sep).join('/'), close: () => {} };
  } catch (e) { return refusal(e); }
}

const exists = (p: string) => { try { lstatSync(p); return true; } catch { return false; } };

/** The rule files of a directory tree: regular files only (read through readRuleFile), bounded in count and depth. */
function filesOfDirectory(root: string, source: string, caps: SourceCaps): SourceFile[] {
  const out: SourceFile[] = [];
  let seen = 0;
  const walk = (dir: string, depth: number) => {
    if (depth > 32) throw ruleSetError('ruleset.dirs-deep', { dir: join(source, relative(root, dir)), limit: 32 });
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (++seen > caps.files * 10) throw ruleSetError('ruleset.dir-entries', { source, limit: caps.files * 10 });
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p, depth + 1);
      else if (KIND(p)) {
        try { out.push({ path: p, content: readRuleFile(root, p, caps, { file: join(source, relative(root, p)) }, 'a rule file') }); } catch (e) {
          throw e instanceof SourceRefused ? ruleSetError('ruleset.refusal', { refusal: e.refusal }) : e;
        }
      }
    }
  };
  walk(root, 0);
  return out;
}

/**
 * Unpacks the kept entries of a zip into `dir` (a zip inside into a directory of its name), every cap checked on the
 * zip's own directory before an entry is inflated; fflate inflates an entry into a buffer of its declared size, so an
 * entry that lies about its size is cut there and refused. Returns the files written.
 */
function unpack(bytes: Uint8Array, dir: string, shown: string, caps: ZipCaps, depth = 1, totals = { bytes: 0, entries: 0 }): string[] {
  if (depth > caps.nesting) throw ruleSetError('ruleset.zip-nested', { zip: shown, limit: caps.nesting });
  const declared = new Map<string, number>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (++totals.entries > caps.entries) throw ruleSetError('ruleset.zip-entries', { zip: shown, limit: caps.entries });
        if (f.name.endsWith('/') || !KEPT.test(f.name)) return false;
        if (declared.has(f.name)) throw ruleSetError('ruleset.zip-twice', { zip: shown, entry: f.name });
        if (f.name.split(/[\\/]/).some((s) => s === '..') || /^([\\/]|[A-Za-z]:)/.test(f.name)) throw ruleSetError('ruleset.zip-outside', { zip: shown, entry: f.name });
        if (f.originalSize > caps.fileBytes && !/\.zip$/i.test(f.name)) throw ruleSetError('ruleset.zip-large', { zip: shown, entry: f.name, limit: caps.fileBytes });
        if (f.originalSize > (1 << 20) && f.originalSize > caps.ratio * Math.max(1, f.size)) throw ruleSetError('ruleset.zip-ratio', { zip: shown, entry: f.name, ratio: Math.round(f.originalSize / Math.max(1, f.size)), limit: caps.ratio });
        totals.bytes += f.originalSize;
        if (totals.bytes > caps.totalBytes) throw ruleSetError('ruleset.zip-size', { zip: shown, limit: caps.totalBytes });
        declared.set(f.name, f.originalSize);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof RuleSetError) throw e;
    throw ruleSetError('ruleset.zip-unreadable', { zip: shown, reason: (e as Error).message });
  }
  const written: string[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (data.length !== declared.get(name)) throw ruleSetError('ruleset.zip-lies', { zip: shown, entry: name });
    const target = resolve(dir, name);
    if (!target.startsWith(dir + sep)) throw ruleSetError('ruleset.zip-outside', { zip: shown, entry: name });
    if (/\.zip$/i.test(name)) {
      const inner = `${target}.d`;
      mkdirSync(inner, { recursive: true });
      written.push(...unpack(data, inner, `${shown}!/${name}`, caps, depth + 1, totals));
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
    written.push(target);
  }
  return written.sort();
}

export const releaseName = (source: string) => basename(resolve(source));
