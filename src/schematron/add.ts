import { basename, dirname, join, resolve, sep } from 'node:path';
import { RuleSetError, ruleSetError } from './errors.js';
import { compileScope, compileXsltCached, compileXsltFileCached, compilerVersion, sefCacheDir, sha256 } from './sef.js';
import { guardedPath } from './run.js';
import { inspectRuleSet, RuleSetRefused, staticCheckOn, type ReadFile, type Refusal } from './guard/index.js';
import { inspectSef } from './guard/sef.js';
import { KIND, readRelease, type Release, type SourceFile } from './release.js';
import { badName, defaultName, readManifest, writeEntry, type Engine, type Manifest } from './cache.js';
import { isIsoDate } from './dated.js';
import { engine } from '../xpath/index.js';

/** A guarded twin (compile.ts) goes with the SEF it backs, never as a layer of its own. */
const isTwin = (path: string) => path.endsWith('.guarded.sef.json');

/** A Schematron schema (root sch:schema), not a fragment some schema includes (a pattern, rules, a rule). */
const SCH_NS = 'http://purl.oclc.org/dsdl/schematron';
function isSchematronSchema(f: SourceFile): boolean {
  if (KIND(f.path) !== 'sch') return false;
  const root = /^(?:\s|<\?[^]*?\?>|<!--[^]*?-->|<!DOCTYPE[^[>]*(?:\[[^]*?\])?\s*>)*<([\w.-]+:)?schema[\s>]/.exec(f.content.toString('utf8', 0, 64 << 10));
  return root !== null && f.content.includes(SCH_NS);
}

/**
 * The layers of a release. Where it holds Schematron schemas, those (pintae compiles them, and runs them on its own
 * evaluator where it can); else every stylesheet and SEF, preferring a compiled SEF over the XSLT of the same name in
 * the same folder. Identical copies (the invoice and credit-note folders of a PINT release carry the same rules)
 * count once; files of one name in different folders with other content are layers each. Asked for Saxon-JS
 * (`rules add --engine saxon-js`), the release's own stylesheets and SEFs where it has any, else its schemas.
 */
export function chooseLayers(files: SourceFile[], engine: Engine = 'native'): SourceFile[] {
  const rank = { sef: 0, xslt: 1, sch: 2 } as const;
  const byStem = new Map<string, SourceFile>();
  const seenContent = new Set<string>();
  // A release's XSLT is its Schematron compiled (as OpenPeppol publishes them, PINT-UBL-validation-preprocessed.sch
  // beside PINT-UBL-validation-preprocessed.xslt): taking both would run every rule twice, so the schemas, when there
  // are any, stand for the release alone; its stylesheets, when Saxon-JS is asked for.
  const schemas = files.filter(isSchematronSchema);
  const stylesheets = files.filter((f) => KIND(f.path) !== 'sch');
  const candidates = engine === 'saxon-js' ? (stylesheets.length > 0 ? stylesheets : schemas) : schemas.length > 0 ? schemas : stylesheets;
  const sorted = [...candidates].sort((a, b) => rank[KIND(a.path)!] - rank[KIND(b.path)!] || a.path.localeCompare(b.path));
  for (const f of sorted) {
    if (isTwin(f.path)) continue;
    const stem = f.path.replace(/\.(sef\.json|xslt|xsl|sch)$/i, '');
    if (byStem.has(stem)) continue;
    const hash = sha256(f.content);
    if (seenContent.has(hash)) continue;
    seenContent.add(hash);
    byStem.set(stem, f);
  }
  return [...byStem.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** A file name in the entry for each layer: its base name, or (where two share one) its path within the release. */
function layerFiles(layers: SourceFile[], release: Release): string[] {
  const base = (l: SourceFile) => basename(l.path).replace(/\.(sef\.json|xslt|xsl|sch)$/i, '');
  const counts = new Map<string, number>();
  for (const l of layers) counts.set(base(l), (counts.get(base(l)) ?? 0) + 1);
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._@-]+/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return layers.map((l) => safe(counts.get(base(l))! > 1 ? l.path.slice(release.root.length + 1).replace(/\.(sef\.json|xslt|xsl|sch)$/i, '').split(sep).join('_') : base(l)) || 'layer');
}

const VERSION = /(\d+\.\d+(?:\.\d+)?)/;


interface CompiledLayer { sef: string; guarded?: string; plan?: string; unsupported?: string }

/**
 * The compiled form of one layer, held to the SEF check whatever the source said (guard/sef.ts). A schema also gets
 * its native plan, unless Saxon-JS was asked for.
 */
async function compileLayer(layer: SourceFile, reads: ReadFile[], release: Release, env?: NodeJS.ProcessEnv, wanted: Engine = 'native'): Promise<CompiledLayer> {
  const sefCache = sefCacheDir(env);
  const shown = release.display(layer.path);
  const kind = KIND(layer.path)!;
  const checked = (sef: string, what: string): string => {
    if (!staticCheckOn()) return sef;
    const refusals: Refusal[] = inspectSef(`${shown} (${what})`, JSON.parse(sef));
    if (refusals.length > 0) throw new RuleSetRefused(refusals);
    return sef;
  };
  if (kind === 'sef') {
    const twin = release.files.find((f) => f.path === guardedPath(layer.path))?.content.toString('utf8');
    if (twin !== undefined) checked(twin, 'its guarded twin');
    return { sef: layer.content.toString('utf8'), guarded: twin };
  }
  if (kind === 'xslt') {
    // Compiled where it lies, so its relative includes resolve; cached under the content of every file it reads.
    const key = sha256(reads.map((r) => `${r.path.slice(release.root.length)}\n${sha256(r.content)}`).join('\n'));
    return { sef: checked((await compileXsltFileCached(layer.path, key, sefCache, release.root)).sef, 'compiled') };
  }
  const { compileSchematron } = await import('./compile.js');
  const options = { baseDir: dirname(layer.path), root: release.root };
  const text = layer.content.toString('utf8');
  const [sef, guarded] = await Promise.all([false, true].map(async (guards) => (await compileXsltCached(compileSchematron(text, { ...options, guards }), sefCache)).sef));
  checked(sef!, 'compiled'); checked(guarded!, 'compiled');
  if (wanted === 'saxon-js') return { sef: sef!, guarded };
  // The same schema for pintae's evaluator; what it cannot compile leaves the layer on Saxon-JS (a decline, not an error).
  const { planNative } = await import('./native-plan.js');
  const { NativeRules } = await import('./native.js');
  try {
    const plan = planNative(text, options);
    new NativeRules(engine, plan).compileAll();
    return { sef: sef!, guarded, plan: JSON.stringify(plan) };
  } catch (e) {
    if ((e as Error).name === 'SchematronError') throw e;
    return { sef: sef!, guarded, unsupported: (e as Error).message.split('\n')[0] };
  }
}

/** `pintae rules add`: what the release does not say of itself. */
export interface AddOptions {
  name?: string;
  env?: NodeJS.ProcessEnv;
  /** What the release does not say: its CustomizationID(s), version, and validity by issue date (YYYY-MM-DD). */
  customizations?: string[];
  version?: string;
  validFrom?: string;
  validTo?: string;
  /** Names no added set may take (the built-in ones). */
  reserved?: ReadonlySet<string>;
  /** The CustomizationIDs of the built-in sets, by which a release that names exactly one is recognized. */
  known?: string[];
  /**
   * `native` (default): a release's Schematron, run on pintae's evaluator where it compiles every rule. `saxon-js`: its
   * XSLT or SEF where it has them (else its Schematron compiled to XSLT), run on Saxon-JS.
   */
  engine?: Engine;
  /** Told the entry an add replaced under the same name when it held other rules (another hash): `rules add` says so. */
  replaced?: (previous: Manifest) => void;
}

/** The user's validity, checked: real dates, the start not after the end. */
function validity(options: AddOptions): { valid_from: string | null; valid_to: string | null } {
  for (const [flag, v] of [['--valid-from', options.validFrom], ['--valid-to', options.validTo]] as const) {
    if (v !== undefined && !isIsoDate(v)) throw ruleSetError('ruleset.date', { flag, value: v });
  }
  if (options.validFrom && options.validTo && options.validFrom > options.validTo) throw ruleSetError('ruleset.dates-order', { from: options.validFrom, to: options.validTo });
  return { valid_from: options.validFrom ?? null, valid_to: options.validTo ?? null };
}

/**
 * The content hash of every file a rule set reads, by its place in the release (a SEF's guarded twin too): what keys
 * a set given by path.
 */
export function inputsHash(perLayer: ReadFile[][], release: Release): string {
  const twins = release.files.filter((f) => isTwin(f.path));
  return sha256([...perLayer.flat(), ...twins].map((r) => `${r.path.slice(release.root.length)}\n${sha256(r.content)}`).join('\n'));
}

/**
 * The inputs hash of the release at `source` as it is now. Its schemas and stylesheets are checked again on the way
 * (their includes are found so), its SEFs only hashed: a changed one makes another hash, and is checked when added.
 */
export function currentInputs(source: string): string {
  const release = readRelease(source);
  try {
    const layers = chooseLayers(release.files);
    return inputsHash(inspectRuleSet(release.root, layers.map((l) => ({ ...l, kind: KIND(l.path)! })), release.display, undefined, { sefs: false }), release);
  } finally {
    release.close();
  }
}

/** Reads, checks and compiles a release; the entry is written only when every layer compiled and passed. */
export async function addRuleSet(source: string, options: AddOptions = {}): Promise<Manifest> {
  const dates = validity(options);
  const wanted = options.engine ?? 'native';
  if (wanted !== 'native' && wanted !== 'saxon-js') throw ruleSetError('ruleset.engine', { engine: String(wanted) });
  const reserved = options.reserved ?? new Set<string>();
  const name = options.name ?? defaultName(basename(source.replace(/[\\/]+$/, '')));
  const bad = badName(name, reserved);
  if (bad) throw options.name === undefined ? ruleSetError('ruleset.default-name', { reason: bad.message, source }) : bad;
  const release = readRelease(source);
  try {
    const layers = chooseLayers(release.files, wanted);
    if (layers.length === 0) {
      const single = release.files.length === 1 && KIND(release.files[0]!.path) === 'sch' ? await notASchema(release.files[0]!, source) : undefined;
      throw single ?? ruleSetError('ruleset.no-rule-files', { source });
    }
    const reads = inspectRuleSet(release.root, layers.map((l) => ({ ...l, kind: KIND(l.path)! })), release.display);
    const files = layerFiles(layers, release);
    const out: Array<[string, string]> = [];
    const compiled: Manifest['layers'] = [];
    // The set's compiles on compile servers of its own: a compile runs code, and no other set's may have left one altered.
    await compileScope.run(`set:${name}:${release.root}`, async () => { for (const [i, layer] of layers.entries()) {
      let c: CompiledLayer;
      try { c = await compileLayer(layer, reads[i]!, release, options.env, wanted); } catch (e) {
        if (e instanceof RuleSetRefused) throw e;
        throw ruleSetError('ruleset.layer-failed', { at: release.display(layer.path), reason: userPaths((e as Error).message, release) });
      }
      const file = `${files[i]}.sef.json`;
      out.push([file, c.sef]);
      if (c.guarded !== undefined) out.push([guardedPath(file), c.guarded]);
      const native = c.plan === undefined ? undefined : `${files[i]}.native.json`;
      if (native) out.push([native, c.plan!]);
      compiled.push({ file, from: release.within(layer.path), kind: KIND(layer.path)!, engine: native ? 'native' : 'saxon-js', ...(native ? { native } : {}), ...(c.unsupported ? { unsupported: c.unsupported } : {}) });
    } });
    const known = options.known ?? [];
    const named = known.filter((id) => layers.some((l) => l.content.includes(id)));
    const manifest: Manifest = {
      name,
      version: VERSION.exec(basename(source))?.[1] ?? VERSION.exec(layers.map((l) => release.display(l.path)).join(' '))?.[1] ?? options.version ?? null,
      source: resolve(source),
      hash: sha256(layers.map((l) => sha256(l.content)).join('')),
      inputs: inputsHash(reads, release),
      layers: compiled,
      added: new Date().toISOString(),
      // A release naming exactly one of the built-in sets' specifications is written for it; two (the billing rules
      // tell billing from self-billing) or none say nothing: --customization then.
      customizations: options.customizations?.length ? options.customizations : named.length === 1 ? named : [],
      ...dates,
      ...(wanted === 'saxon-js' ? { asked_engine: wanted } : {}),
      compiler: compilerVersion(),
    };
    const env = options.env ?? process.env;
    let previous: Manifest | undefined;
    try { previous = readManifest(env, name); } catch { /* none, or a damaged one: nothing to tell */ }
    writeEntry(env, name, out, manifest);
    if (previous && previous.hash !== manifest.hash) options.replaced?.(previous);
    return manifest;
  } finally {
    release.close();
  }
}

/** A message with the working copy's paths replaced by the user's names for them. */
function userPaths(message: string, release: Release): string {
  const root = release.root;
  const prefix = release.display(join(root, '\u0000')).slice(0, -1);
  return message.split(`file://${root}${sep}`).join(prefix).split(`${root}${sep}`).join(prefix);
}

/** Why a .sch file given alone is no Schematron schema: where its XML breaks (`source:line:column: …`), or what its root is. */
async function notASchema(f: SourceFile, source: string): Promise<RuleSetError> {
  const { readXmlDocument, rootElement } = await import('../io/xml.js');
  const read = readXmlDocument(f.content);
  if (!read.ok) return ruleSetError('ruleset.not-well-formed', { at: `${source}${read.line ? `:${read.line}:${read.column ?? 1}` : ''}`, reason: read.message });
  const root = rootElement(read.doc);
  return ruleSetError('ruleset.not-schematron', { source, root: root ? `{${root.ns}}${root.local}` : undefined, ns: SCH_NS });
}
