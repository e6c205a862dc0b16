import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { RuleSetError } from './errors.js';
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
  try { stat = lstatSync(path); } catch { throw new RuleSetError(`${source}: no such file or directory`); }
  const fileCaps = caps.files ?? DEFAULT_CAPS;
  const refusal = (e: unknown): never => { throw e instanceof SourceRefused ? new RuleSetError(e.message) : e; };
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
    if (depth > 32) throw new RuleSetError(`${join(source, relative(root, dir))}: directories nested more than 32 deep`);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (++seen > caps.files * 10) throw new RuleSetError(`${source}: more than ${caps.files * 10} entries`);
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p, depth + 1);
      else if (KIND(p)) {
        try { out.push({ path: p, content: readRuleFile(root, p, caps, { file: join(source, relative(root, p)) }, 'a rule file') }); } catch (e) {
          throw e instanceof SourceRefused ? new RuleSetError(e.message) : e;
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
  if (depth > caps.nesting) throw new RuleSetError(`${shown}: zips nested more than ${caps.nesting} deep (the cap on nesting)`);
  const refuse = (what: string): never => { throw new RuleSetError(`${shown}: ${what}`); };
  const declared = new Map<string, number>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (++totals.entries > caps.entries) refuse(`more than ${caps.entries} entries (the cap on a release's entries)`);
        if (f.name.endsWith('/') || !KEPT.test(f.name)) return false;
        if (declared.has(f.name)) refuse(`the entry ${f.name} appears twice`);
        if (f.name.split(/[\\/]/).some((s) => s === '..') || /^([\\/]|[A-Za-z]:)/.test(f.name)) refuse(`the entry ${f.name} names a place outside the zip`);
        if (f.originalSize > caps.fileBytes && !/\.zip$/i.test(f.name)) refuse(`the entry ${f.name} is larger than ${caps.fileBytes} bytes (the cap on one rule file)`);
        if (f.originalSize > (1 << 20) && f.originalSize > caps.ratio * Math.max(1, f.size)) refuse(`the entry ${f.name} inflates ${Math.round(f.originalSize / Math.max(1, f.size))} times (the cap on the compression ratio is ${caps.ratio})`);
        totals.bytes += f.originalSize;
        if (totals.bytes > caps.totalBytes) refuse(`more than ${caps.totalBytes} bytes inflated (the cap on a release's size)`);
        declared.set(f.name, f.originalSize);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof RuleSetError) throw e;
    return refuse(`not a zip pintae can read (${(e as Error).message})`);
  }
  const written: string[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (data.length !== declared.get(name)) refuse(`the entry ${name} does not inflate to the size it declares`);
    const target = resolve(dir, name);
    if (!target.startsWith(dir + sep)) refuse(`the entry ${name} names a place outside the zip`);
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
