import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { Finding, RuleSetInfo } from '../model/types.js';
import { writeAtomic } from '../io/write.js';
import { cacheDir } from '../io/cache-dir.js';
import { readXmlDocument, rootElement } from '../io/xml.js';
import { RuleSetError } from './errors.js';
import { compileXsltCached, compilerVersion, removeWorkDirectory, sha256, workDirectory } from './sef.js';
import { CompiledRules, guardedPath } from './run.js';
import { svrlToFindings } from './findings.js';
import { NativeFirst, type RuleLayer } from './native-layer.js';
import { engine } from '../xpath/index.js';
import { chooseByDate, isIsoDate, type Dated, type DatedHow } from './dated.js';
import type { XDocument } from '../xpath/api.js';

/** A set of compiled layers run together on every document (the official release has two). */
export class RuleSet {
  readonly info: RuleSetInfo;
  /** The CustomizationIDs the set is written for (an added release may name none: it is then used only with --rules). */
  readonly customizations: string[];
  constructor(readonly name: string, readonly layers: RuleLayer[], info?: Partial<Omit<RuleSetInfo, 'name'>> & { customizations?: string[] }) {
    this.customizations = info?.customizations ?? (info?.customization ? [info.customization] : []);
    this.info = {
      name, customization: info?.customization ?? this.customizations[0] ?? null, version: info?.version ?? null, hash: info?.hash ?? '',
      valid_from: info?.valid_from ?? null, valid_to: info?.valid_to ?? null,
    };
  }

  /** What the choice by date needs of the set. */
  get dated(): Dated {
    return { customizations: this.customizations, version: this.info.version, valid_from: this.info.valid_from ?? null, valid_to: this.info.valid_to ?? null };
  }

  /** The set as a report names it for a document of one of its customizations. */
  infoFor(customization: string): RuleSetInfo {
    return this.customizations.includes(customization) ? { ...this.info, customization } : this.info;
  }

  /**
   * Every layer's findings on one document; a layer that cannot process it yields one error. `doc` is the tree pintae's
   * reader made of the text, when the caller has one: the native engine runs on it (the document is read once).
   */
  run(xml: string, doc?: XDocument): Finding[] {
    return this.layers.flatMap((layer) => {
      try {
        return svrlToFindings(layer.results(xml, doc));
      } catch (e) {
        return [{ message: `The PINT-AE rules (${this.name}, ${layer.name}) could not be run on this document: ${(e as Error).message.split('\n')[0]}`, section: 'invoice_header', severity: 'error' } satisfies Finding];
      }
    });
  }
}

export interface Manifest {
  name: string;
  version: string | null;
  source: string;
  /** sha256 of the rule sources, in layer order. */
  hash: string;
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
}

export type Engine = 'native' | 'saxon-js';

/** The engine(s) of a rule set, for `rules list`: native, saxon-js, or both for a set whose layers differ. */
export function engineOf(m: Manifest): string {
  return [...new Set(m.layers.map((l) => l.engine ?? 'saxon-js'))].join('+');
}

/** Compiled rule sets live under `<cacheDir>/rules`. */
export { cacheDir };

/** The built-in rule sets, one per PINT-AE specification: compiled by `npm run build` from schematron/<file>.sch. */
export const BUILTIN_SETS = [
  { file: 'pint-ae', name: 'builtin-billing', customization: 'urn:peppol:pint:billing-1@ae-1', version: '1.0.4', valid_from: '2026-05-28', valid_to: null },
  { file: 'pint-ae-selfbilling', name: 'builtin-selfbilling', customization: 'urn:peppol:pint:selfbilling-1@ae-1', version: '1.0.4', valid_from: '2026-05-28', valid_to: null },
  // The AE Tax Data Document rules (a pxs:TaxData root): valid with the PINT-AE 1.0.4 sets whose invoices it reports (docs/decisions.md).
  { file: 'pint-ae-tdd', name: 'builtin-tdd', customization: 'urn:peppol:taxdata:ae-1', version: '1.0.4', valid_from: '2026-05-28', valid_to: null },
] as const;
type BuiltinName = (typeof BUILTIN_SETS)[number]['name'];
const builtinFile = (file: string, suffix: string) => fileURLToPath(new URL(`./${file}${suffix}`, import.meta.url));

/** The built-in rules run by Saxon-JS alone (`--rules builtin-saxon`): the reference the native engine is held to. */
export const BUILTIN_SAXON = 'builtin-saxon';
/** Names no added rule set may take: they name the built-in rules. */
const RESERVED = new Set<string>(['builtin', BUILTIN_SAXON, ...BUILTIN_SETS.map((b) => b.name)]);

/** A set chosen for one document, and how its issue date chose it. */
export interface DatedChoice { rules: RuleSet; info: RuleSetInfo; byDate: DatedHow }

/**
 * The rules chosen per document: of the sets written for the document's CustomizationID (the built-in ones, and the
 * added ones that name it), the newest whose validity covers the document's issue date (see dated.ts). `run` is the
 * billing set valid on the document's issue date, for a caller that judges documents pintae built (billing documents).
 */
export class BuiltinRules {
  constructor(readonly name: string, readonly sets: RuleSet[]) {}
  get billing(): RuleSet { return this.sets[0]!; }
  get info(): RuleSetInfo { return this.billing.info; }
  /** A billing document pintae built (validate): the billing set valid on its issue date (pintae's writer spells it cbc:IssueDate). */
  run(xml: string, doc?: XDocument): Finding[] {
    const date = /<cbc:IssueDate>([^<]*)<\/cbc:IssueDate>/.exec(xml)?.[1]?.trim();
    return (this.choose(BUILTIN_SETS[0].customization, date)?.rules ?? this.billing).run(xml, doc);
  }
  choose(customization: string, issueDate?: string): DatedChoice | undefined {
    const chosen = chooseByDate(this.sets.map((rules) => ({ ...rules.dated, rules })), customization, issueDate);
    return chosen && { rules: chosen.set.rules, info: chosen.set.rules.infoFor(customization), byDate: chosen.how };
  }
}

const builtinSets = new Map<string, RuleSet>();
/**
 * One built-in set: run by pintae's own XPath evaluator, with Saxon-JS behind it for whatever the evaluator cannot
 * answer (see NativeFirst); or, `saxon`, by Saxon-JS alone. Compiled on its first document.
 */
function builtinSet(spec: (typeof BUILTIN_SETS)[number], saxon: boolean): RuleSet {
  const key = `${spec.name}${saxon ? ':saxon' : ''}`;
  let set = builtinSets.get(key);
  if (set) return set;
  const sef = builtinFile(spec.file, '.sef.json');
  const plan = builtinFile(spec.file, '.native.json');
  const hashFile = builtinFile(spec.file, '.hash.json');
  if (!existsSync(sef) || !existsSync(hashFile)) throw new RuleSetError(`the built-in rules are not compiled (${existsSync(sef) ? hashFile : sef} is missing): run npm run build`);
  const { hash } = JSON.parse(readFileSync(hashFile, 'utf8')) as { hash: string };
  const stylesheet = () => CompiledRules.fromFile(spec.file, sef);
  set = new RuleSet(spec.name, [saxon || !existsSync(plan) ? stylesheet() : new NativeFirst(plan, stylesheet, () => engine, spec.file)], { customization: spec.customization, version: spec.version, hash, valid_from: spec.valid_from, valid_to: spec.valid_to });
  builtinSets.set(key, set);
  return set;
}

const builtins = new Map<string, BuiltinRules>();
/** The built-in rules, chosen per document (`builtin`), or on Saxon-JS alone (`builtin-saxon`). */
export function builtinRuleSet(name: 'builtin' | typeof BUILTIN_SAXON = 'builtin'): BuiltinRules {
  let rules = builtins.get(name);
  if (!rules) builtins.set(name, (rules = new BuiltinRules(name, BUILTIN_SETS.map((spec) => builtinSet(spec, name === BUILTIN_SAXON)))));
  return rules;
}

/** What `rules list` shows of each built-in set (before any is loaded). */
export function builtinInfos(): RuleSetInfo[] {
  return BUILTIN_SETS.map((spec) => {
    const hashFile = builtinFile(spec.file, '.hash.json');
    const hash = existsSync(hashFile) ? (JSON.parse(readFileSync(hashFile, 'utf8')) as { hash: string }).hash : '';
    return { name: spec.name, customization: spec.customization, version: spec.version, hash, valid_from: spec.valid_from, valid_to: spec.valid_to };
  });
}

/** One built-in set for every document (`--rules builtin-selfbilling`). */
export function pinnedBuiltinSet(name: BuiltinName): RuleSet {
  return builtinSet(BUILTIN_SETS.find((b) => b.name === name)!, false);
}

type SourceFile = { path: string; content: Buffer };

/** A guarded twin (compile.ts) goes with the SEF it backs, never as a layer of its own. */
const isTwin = (path: string) => path.endsWith('.guarded.sef.json');

const KIND = (path: string): 'sch' | 'xslt' | 'sef' | undefined =>
  path.endsWith('.sef.json') ? 'sef' : /\.(xslt|xsl)$/i.test(path) ? 'xslt' : /\.sch$/i.test(path) ? 'sch' : undefined;

function filesOfDirectory(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (KIND(p)) out.push({ path: relative(dir, p), content: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

function filesOfZip(path: string): SourceFile[] {
  const entries = unzipSync(new Uint8Array(readFileSync(path)), { filter: (f) => KIND(f.name) !== undefined || f.name.toLowerCase().endsWith('.zip') });
  const out: SourceFile[] = [];
  for (const [name, data] of Object.entries(entries)) {
    // OpenPeppol ships the release as a zip holding per-document-type zips.
    if (name.toLowerCase().endsWith('.zip')) {
      for (const [inner, innerData] of Object.entries(unzipSync(data, { filter: (f) => KIND(f.name) !== undefined }))) out.push({ path: `${name}/${inner}`, content: Buffer.from(innerData) });
    } else out.push({ path: name, content: Buffer.from(data) });
  }
  return out;
}

/** One rule file, with the guarded twin of a SEF when it lies beside it. */
function filesOfSingle(path: string): SourceFile[] {
  const twin = guardedPath(path);
  return [path, ...(twin !== path && existsSync(twin) ? [twin] : [])].map((p) => ({ path: basename(p), content: readFileSync(p) }));
}

/** A Schematron schema (root sch:schema), not a fragment some schema includes (a pattern, rules, a rule). */
const SCH_NS = 'http://purl.oclc.org/dsdl/schematron';

function isSchematronSchema(f: SourceFile): boolean {
  if (KIND(f.path) !== 'sch') return false;
  const root = /^(?:\s|<\?[^]*?\?>|<!--[^]*?-->|<!DOCTYPE[^>]*>)*<([\w.-]+:)?schema[\s>]/.exec(f.content.toString('utf8', 0, 64 << 10));
  return root !== null && f.content.includes(SCH_NS);
}

/** Why a .sch file given alone is no Schematron schema: where its XML breaks (`:line:column: …`), or what its root is. */
function notASchema(f: SourceFile): string {
  const read = readXmlDocument(f.content);
  if (!read.ok) return `${read.line ? `:${read.line}:${read.column ?? 1}` : ''}: not well-formed XML: ${read.message}`;
  const root = rootElement(read.doc);
  return `: not an ISO Schematron schema (its root element is ${root ? `{${root.ns}}${root.local}` : 'missing'}; expected schema in the namespace ${SCH_NS})`;
}

/**
 * The layers of a release. Where it holds Schematron schemas, those (pintae compiles them, and runs them on its own
 * evaluator where it can); else one file per rule-set base name, preferring compiled SEF over XSLT. Identical copies
 * (the invoice and credit-note folders of a PINT release carry the same rules) count once. Credit-note-only and
 * self-billing copies are skipped when an invoice copy exists.
 */
export function chooseLayers(files: SourceFile[]): SourceFile[] {
  const rank = { sef: 0, xslt: 1, sch: 2 } as const;
  const byBase = new Map<string, SourceFile>();
  const seenContent = new Set<string>();
  // A release's XSLT is its Schematron compiled, under a name of its own ("…-preprocessed"): taking both would run
  // every rule twice, so the schemas, when there are any, stand for the release alone.
  const schemas = files.filter(isSchematronSchema);
  const candidates = schemas.length > 0 ? schemas : files.filter((f) => KIND(f.path) !== 'sch');
  const sorted = [...candidates].sort((a, b) => rank[KIND(a.path)!] - rank[KIND(b.path)!] || a.path.localeCompare(b.path));
  for (const f of sorted) {
    if (isTwin(f.path)) continue;
    const base = basename(f.path).replace(/\.(sef\.json|xslt|xsl|sch)$/i, '');
    if (byBase.has(base)) continue;
    const hash = sha256(f.content);
    if (seenContent.has(hash)) continue;
    seenContent.add(hash);
    byBase.set(base, f);
  }
  return [...byBase.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const VERSION = /(\d+\.\d+(?:\.\d+)?)/;

/** Where compiled stylesheets are kept by the hash of the compilers and the XSLT: $PINTAE_SEF_CACHE_DIR, else <cache>/sef. */
export function sefCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PINTAE_SEF_CACHE_DIR ?? join(cacheDir(env), 'sef');
}

/** A layer's SEF and the guarded twin that goes with it (compiled from Schematron, or found beside a SEF), and for Schematron the native plan. */
async function compileLayer(file: SourceFile, files: SourceFile[], workDir: string, env?: NodeJS.ProcessEnv): Promise<{ sef: string; guarded?: string; plan?: string; unsupported?: string }> {
  // Compiling costs seconds a stylesheet: the same XSLT, by the same compilers, is compiled once (a release added
  // again, or under another name, or the built-in sources that npm run build compiled into PINTAE_SEF_CACHE_DIR).
  const sefCache = sefCacheDir(env);
  const compileXslt = async (xslt: string) => (await compileXsltCached(xslt, sefCache)).sef;
  const kind = KIND(file.path)!;
  const text = file.content.toString('utf8');
  if (kind === 'sef') {
    JSON.parse(text);
    const twin = files.find((f) => f.path === guardedPath(file.path))?.content.toString('utf8');
    if (twin !== undefined) JSON.parse(twin);
    return { sef: text, guarded: twin };
  }
  if (kind === 'xslt') return { sef: await compileXslt(text) };
  const { compileSchematron } = await import('./compile.js');
  // Includes resolve from the file's own directory (a release directory or zip keeps its layout only on disk).
  const baseDir = join(workDir, dirname(file.path));
  const [sef, guarded] = await Promise.all([false, true].map((guards) => compileXslt(compileSchematron(text, { baseDir, guards }))));
  // The same schema for pintae's evaluator; what it cannot compile leaves the layer on Saxon-JS (a decline, not an error).
  const { planNative } = await import('./native-plan.js');
  const { NativeRules } = await import('./native.js');
  try {
    const plan = planNative(text, { baseDir });
    new NativeRules(engine, plan).compileAll();
    return { sef: sef!, guarded, plan: JSON.stringify(plan) };
  } catch (e) {
    if ((e as Error).name === 'SchematronError') throw e;
    return { sef: sef!, guarded, unsupported: (e as Error).message.split('\n')[0] };
  }
}

function unpack(files: SourceFile[]): string {
  const dir = workDirectory('pintae-release-');
  for (const f of files) {
    const target = resolve(dir, f.path);
    if (!target.startsWith(dir + sep)) continue; // a zip entry naming a place outside (../) is not a source
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.content);
  }
  return dir;
}

/** `pintae rules add`: compiles a directory, zip or single rule file once into the cache; returns its manifest. */
export interface AddOptions {
  name?: string;
  env?: NodeJS.ProcessEnv;
  /** What the release does not say: its CustomizationID(s), version, and validity by issue date (YYYY-MM-DD). */
  customizations?: string[];
  version?: string;
  validFrom?: string;
  validTo?: string;
}

/** The user's validity, checked: real dates, the start not after the end. */
function validity(options: AddOptions): { valid_from: string | null; valid_to: string | null } {
  for (const [flag, v] of [['--valid-from', options.validFrom], ['--valid-to', options.validTo]] as const) {
    if (v !== undefined && !isIsoDate(v)) throw new RuleSetError(`${flag} ${v}: not a date (YYYY-MM-DD)`);
  }
  if (options.validFrom && options.validTo && options.validFrom > options.validTo) throw new RuleSetError(`--valid-from ${options.validFrom} is after --valid-to ${options.validTo}`);
  return { valid_from: options.validFrom ?? null, valid_to: options.validTo ?? null };
}

const PINT_AE_IDS = BUILTIN_SETS.map((b) => b.customization as string);
/**
 * The CustomizationID a release is written for, where its rule sources name exactly one of the built-in sets'
 * specifications (billing, self-billing, the AE TDD; a release naming two, as the billing rules do to tell billing
 * from self-billing, or none, says nothing: --customization then).
 */
function customizationsOfRelease(layers: SourceFile[]): string[] {
  const named = PINT_AE_IDS.filter((id) => layers.some((l) => l.content.includes(id)));
  return named.length === 1 ? named : [];
}

export async function addRuleSet(source: string, options: AddOptions = {}): Promise<Manifest> {
  const dates = validity(options);
  const path = resolve(source);
  if (!existsSync(path)) throw new RuleSetError(`${source}: no such file or directory`);
  const stat = statSync(path);
  const files = stat.isDirectory() ? filesOfDirectory(path) : path.toLowerCase().endsWith('.zip') ? filesOfZip(path) : KIND(path) ? filesOfSingle(path) : [];
  const layers = chooseLayers(files);
  if (layers.length === 0) {
    const single = files.length === 1 && KIND(path) === 'sch' ? notASchema(files[0]!) : undefined;
    throw new RuleSetError(single ? `${source}${single}` : `${source}: no rule files found (.sch, .xslt or .sef.json)`);
  }
  const name = options.name ?? basename(path).replace(/\.(zip|sch|xslt|xsl|sef\.json)$/i, '');
  if (!/^[\w.@-]+$/.test(name) || RESERVED.has(name)) throw new RuleSetError(`rule set name ${JSON.stringify(name)} is not usable: letters, digits, . _ - @ only, and not ${[...RESERVED].map((r) => JSON.stringify(r)).join(', ')}`);
  const target = join(cacheDir(options.env), 'rules', name);
  // A zip's sources are written out, so a schema's includes resolve as they would in the release's directory.
  const unpacked = !stat.isDirectory() && path.toLowerCase().endsWith('.zip') ? unpack(files) : undefined;
  const workDir = unpacked ?? (stat.isDirectory() ? path : dirname(path));
  const compiled: Manifest['layers'] = [];
  const sefs: Array<[string, string]> = [];
  for (const layer of layers) {
    let out: Awaited<ReturnType<typeof compileLayer>>;
    try { out = await compileLayer(layer, files, workDir, options.env); } catch (e) {
      if (unpacked) removeWorkDirectory(unpacked);
      throw new RuleSetError(`${layer.path}: ${(e as Error).message}`);
    }
    const base = basename(layer.path).replace(/\.(sef\.json|xslt|xsl|sch)$/i, '');
    const file = `${base}.sef.json`;
    sefs.push([file, out.sef]);
    if (out.guarded !== undefined) sefs.push([guardedPath(file), out.guarded]);
    const native = out.plan === undefined ? undefined : `${base}.native.json`;
    if (native) sefs.push([native, out.plan!]);
    compiled.push({ file, from: layer.path, kind: KIND(layer.path)!, engine: native ? 'native' : 'saxon-js', ...(native ? { native } : {}), ...(out.unsupported ? { unsupported: out.unsupported } : {}) });
  }
  if (unpacked) removeWorkDirectory(unpacked);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  // The cache is pintae's state, read back as written: a compiled set with a token's run redacted would be a different set.
  for (const [file, sef] of sefs) writeAtomic(join(target, file), sef, { verbatim: true });
  const manifest: Manifest = {
    name,
    version: VERSION.exec(basename(path))?.[1] ?? VERSION.exec(layers.map((l) => l.path).join(' '))?.[1] ?? options.version ?? null,
    source: path,
    hash: sha256(layers.map((l) => sha256(l.content)).join('')),
    layers: compiled,
    added: new Date().toISOString(),
    customizations: options.customizations?.length ? options.customizations : customizationsOfRelease(layers),
    ...dates,
    compiler: compilerVersion(),
  };
  writeAtomic(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { verbatim: true });
  return manifest;
}

export function listRuleSets(env: NodeJS.ProcessEnv = process.env): Manifest[] {
  const dir = join(cacheDir(env), 'rules');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const file = join(dir, name, 'manifest.json');
    return existsSync(file) ? [JSON.parse(readFileSync(file, 'utf8')) as Manifest] : [];
  });
}

/** `--rules <name|path>`: builtin, a rule set added before, or a directory/zip/file added (and cached) on the spot. */
export async function resolveRuleSet(spec: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<RuleSet | BuiltinRules> {
  if (spec === undefined || spec === 'builtin') {
    // The added sets that name a customization take part in the choice by date, beside the built-in ones.
    const dated = listRuleSets(env).filter((m) => m.customizations?.length);
    if (dated.length === 0) return builtinRuleSet();
    return new BuiltinRules('builtin', [...builtinRuleSet().sets, ...await Promise.all(dated.map((m) => loadAdded(m, env)))]);
  }
  if (spec === BUILTIN_SAXON) return builtinRuleSet(BUILTIN_SAXON);
  const pinned = BUILTIN_SETS.find((b) => b.name === spec);
  if (pinned) return pinnedBuiltinSet(pinned.name);
  const added = listRuleSets(env).find((m) => m.name === spec);
  const manifest = added ?? (existsSync(spec) ? await addRuleSetCached(spec, env) : undefined);
  if (!manifest) throw new RuleSetError(`--rules ${spec}: neither ${[...RESERVED].join(', ')}, a rule set added with pintae rules add (${listRuleSets(env).map((m) => m.name).join(', ') || 'none yet'}), nor a path`);
  return loadAdded(manifest, env);
}

/** An added set from the cache; files written by another compiler (pintae or Saxon-JS upgraded) are compiled again from a source still there, keeping what the user said of the set. */
async function loadAdded(added: Manifest, env: NodeJS.ProcessEnv): Promise<RuleSet> {
  let manifest = added;
  if (manifest.compiler !== compilerVersion() && existsSync(manifest.source)) {
    manifest = await addRuleSet(manifest.source, {
      name: manifest.name, env, customizations: manifest.customizations, version: manifest.version ?? undefined,
      validFrom: manifest.valid_from ?? undefined, validTo: manifest.valid_to ?? undefined,
    });
  }
  const dir = join(cacheDir(env), 'rules', manifest.name);
  return new RuleSet(manifest.name, manifest.layers.map((l) => {
    const stylesheet = () => CompiledRules.fromFile(l.file, join(dir, l.file));
    return l.engine === 'native' && l.native ? new NativeFirst(join(dir, l.native), stylesheet, () => engine, l.file) : stylesheet();
  }), { version: manifest.version, hash: manifest.hash, customizations: manifest.customizations ?? [], valid_from: manifest.valid_from ?? null, valid_to: manifest.valid_to ?? null });
}

/** A path given to --rules is compiled once: a second run finds it under the hash of its path. */
async function addRuleSetCached(path: string, env: NodeJS.ProcessEnv): Promise<Manifest> {
  const name = `path-${sha256(resolve(path)).slice(0, 12)}`;
  const existing = listRuleSets(env).find((m) => m.name === name);
  const stamp = statSync(path).mtimeMs;
  if (existing && Date.parse(existing.added) > stamp && existing.compiler === compilerVersion()) return existing;
  return addRuleSet(path, { name, env });
}

