import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Finding, RuleSetInfo } from '../model/types.js';
import { cacheDir } from '../io/cache-dir.js';
import { ruleSetError } from './errors.js';
import { compilerVersion, sha256 } from './sef-key.js';
import { CompiledRules } from './run.js';
import { RuleLimitError } from './sandbox/limit-error.js';
import { DamagedEntry, listEntries, NAME, readManifest, removeEntry, rulesDir, type Manifest } from './cache.js';
import type { AddOptions } from './add.js';
import { DEFAULT_RULE_LIMITS, type RuleLimits } from './limits.js';
import { svrlToFindings } from './findings.js';
import { NativeFirst, type RuleLayer } from './native-layer.js';
import { engine, engineWithParsed, withinLimits, XPathLimit, type XPathEngine } from '../xpath/index.js';
import { chooseByDate, type Dated, type DatedHow } from './dated.js';
import type { XDocument } from '../xpath/api.js';
import { own, type RulesFailure } from '../messages/own.js';

/** The rule id of the error a document gets when its rules could not be run on it: it always fails the document. */
export const RULES_FAILED = 'pintae/rules-failed';

export { DEFAULT_RULE_LIMITS, type RuleLimits } from './limits.js';
let ruleLimits: RuleLimits = DEFAULT_RULE_LIMITS;
/** The limits every rule run of this thread is held to (each worker thread is told them with its setup). */
export function setRuleLimits(limits: RuleLimits): void { ruleLimits = limits; }
export const currentRuleLimits = (): RuleLimits => ruleLimits;

/** Why a run stopped: a limit of the evaluator's own (XPathLimit) or the sandbox's, said alike; else the error's first line. */
function failureOf(e: unknown): RulesFailure {
  if (e instanceof XPathLimit) return e.kind === 'time' ? { kind: 'time', seconds: e.limit / 1000 } : { kind: 'memory', mb: Math.round(e.limit / (1 << 20)) };
  if (e instanceof RuleLimitError) {
    if (e.kind === 'time') return { kind: 'time', seconds: (e.limit ?? 0) / 1000 };
    if (e.kind === 'memory') return { kind: 'memory', mb: e.limit ?? 0, ...(e.detail ? { detail: e.detail } : {}) };
    return { kind: 'crash', ...(e.detail ? { detail: e.detail } : {}) };
  }
  return { kind: 'error', text: (e as Error).message.split('\n')[0]! };
}

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
    const limits = ruleLimits;
    return this.layers.flatMap((layer) => {
      try {
        return svrlToFindings(withinLimits({ cpuMs: limits.timeoutMs, heapBytes: limits.memoryMb * 2 ** 20 }, () => layer.results(xml, doc, limits)));
      } catch (e) {
        // Never "valid": a document the rules could not judge fails, whatever the reason (a limit, a damaged set).
        return [{ ...own('rules.failed', { set: this.name, layer: layer.name, why: failureOf(e) }), section: 'invoice_header', severity: 'error', rule: RULES_FAILED } satisfies Finding];
      }
    });
  }
}

export type { Engine, Manifest } from './cache.js';
export { sefCacheDir } from './sef-key.js';

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

/**
 * The engine for a built-in set: with the trees of its expressions the build wrote (build-rules.mjs), read instead of
 * parsed; the plain engine where that file is absent or not readable (it only saves time).
 */
function builtinEngine(file: string): XPathEngine {
  try {
    const trees = JSON.parse(readFileSync(builtinFile(file, '.parsed.json'), 'utf8')) as Record<string, unknown>;
    return engineWithParsed(new Map(Object.entries(trees)));
  } catch {
    return engine;
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
  if (!existsSync(sef) || !existsSync(hashFile)) throw ruleSetError('ruleset.builtin-missing', { file: existsSync(sef) ? hashFile : sef });
  const { hash } = JSON.parse(readFileSync(hashFile, 'utf8')) as { hash: string };
  const stylesheet = () => CompiledRules.fromFile(spec.file, sef);
  set = new RuleSet(spec.name, [saxon || !existsSync(plan) ? stylesheet() : new NativeFirst(plan, stylesheet, () => builtinEngine(spec.file), spec.file)], { customization: spec.customization, version: spec.version, hash, valid_from: spec.valid_from, valid_to: spec.valid_to });
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

/** `pintae rules add`: a release read, checked (guard/) and compiled into the cache under a name of its own. */
export async function addRuleSet(source: string, options: Omit<AddOptions, 'reserved' | 'known'> = {}): Promise<Manifest> {
  const { addRuleSet: add } = await import('./add.js');
  return add(source, { ...options, reserved: RESERVED, known: BUILTIN_SETS.map((b) => b.customization as string) });
}

/** `pintae rules remove NAME`: only the entry of that name; false when there is none. */
export function removeRuleSet(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (RESERVED.has(name)) throw ruleSetError('ruleset.remove-builtin', { name });
  return removeEntry(env, name);
}

/** The added sets whose entries are sound (a damaged one is left out here: rules list shows it, and using it says how to fix it). */
export function listRuleSets(env: NodeJS.ProcessEnv = process.env): Manifest[] {
  return listEntries(env).flatMap((e) => (e.manifest ? [e.manifest] : []));
}

/** Every entry of the cache, damaged ones included (`rules list`). */
export { listEntries } from './cache.js';

/** `--rules <name|path>`: builtin, a rule set added before, or a directory/zip/file added (and cached) on the spot. */
export async function resolveRuleSet(spec: string | undefined, env: NodeJS.ProcessEnv = process.env, limits?: RuleLimits): Promise<RuleSet | BuiltinRules> {
  if (limits) setRuleLimits(limits);
  if (spec === undefined || spec === 'builtin') {
    // The added sets that name a customization take part in the choice by date, beside the built-in ones; a damaged
    // entry might be one of them, so it stops the run with its file and the fix rather than leave the choice to chance.
    const entries = listEntries(env);
    const damaged = entries.find((e) => e.damaged);
    if (damaged) throw damaged.damaged!;
    const dated = entries.flatMap((e) => (e.manifest?.customizations?.length ? [e.manifest] : []));
    if (dated.length === 0) return builtinRuleSet();
    return new BuiltinRules('builtin', [...builtinRuleSet().sets, ...await Promise.all(dated.map((m) => loadAdded(m, env)))]);
  }
  if (spec === BUILTIN_SAXON) return builtinRuleSet(BUILTIN_SAXON);
  const pinned = BUILTIN_SETS.find((b) => b.name === spec);
  if (pinned) return pinnedBuiltinSet(pinned.name);
  const named = NAME.test(spec) && existsSync(join(rulesDir(env), spec)) ? readManifest(env, spec) : undefined;
  const manifest = named ?? (existsSync(spec) ? await addRuleSetCached(spec, env) : undefined);
  if (!manifest) throw ruleSetError('ruleset.unknown', { spec, reserved: [...RESERVED], added: listRuleSets(env).map((m) => m.name) });
  return loadAdded(manifest, env);
}

/**
 * An added set from the cache. Files written by other compilers (pintae, its static check or Saxon-JS upgraded) are
 * never run: the set is added again from its source, keeping what the user said of it, or refused when the source is
 * gone.
 */
async function loadAdded(added: Manifest, env: NodeJS.ProcessEnv): Promise<RuleSet> {
  let manifest = added;
  if (manifest.compiler !== compilerVersion()) {
    if (!existsSync(manifest.source)) {
      throw ruleSetError('ruleset.stale-gone', { name: manifest.name, compiler: manifest.compiler ?? undefined, source: manifest.source });
    }
    manifest = await addRuleSet(manifest.source, {
      name: manifest.name, env, customizations: manifest.customizations, version: manifest.version ?? undefined,
      validFrom: manifest.valid_from ?? undefined, validTo: manifest.valid_to ?? undefined, engine: manifest.asked_engine,
    });
  }
  const dir = join(rulesDir(env), manifest.name);
  const damaged = (file: string) => (reason: string) => new DamagedEntry(manifest.name, join(dir, file), reason);
  // The sandbox is loaded by a run that uses an added set: the built-in rules never need it (docs/performance.md, "Start-up").
  const { SandboxedRules } = await import('./sandbox/runner.js');
  return new RuleSet(manifest.name, manifest.layers.map((l) => {
    // Rules from anyone run on Saxon-JS only behind the sandbox's process boundary (sandbox/), within the limits.
    const stylesheet = () => SandboxedRules.fromFile(l.from, join(dir, l.file), { ruleSet: manifest.name, limits: { cpuMs: ruleLimits.timeoutMs, memoryMb: ruleLimits.memoryMb }, damaged: damaged(l.file) });
    return l.engine === 'native' && l.native ? new NativeFirst(join(dir, l.native), stylesheet, () => engine, l.from, damaged(l.native)) : stylesheet();
  }), { version: manifest.version, hash: manifest.hash, customizations: manifest.customizations ?? [], valid_from: manifest.valid_from ?? null, valid_to: manifest.valid_to ?? null });
}

/**
 * A path given to --rules is checked and compiled once, cached under the hash of its path: a later run reads its
 * files again and compiles anew when any of them changed (an edited include too), or the compilers did.
 */
async function addRuleSetCached(path: string, env: NodeJS.ProcessEnv): Promise<Manifest> {
  const name = `path-${sha256(resolve(path)).slice(0, 12)}`;
  let existing: Manifest | undefined;
  try { existing = existsSync(join(rulesDir(env), name)) ? readManifest(env, name) : undefined; } catch (e) {
    if (!(e instanceof DamagedEntry)) throw e; // pintae's own entry for this path: written anew below
  }
  if (existing?.compiler === compilerVersion() && existing.inputs !== undefined) {
    const { currentInputs } = await import('./add.js');
    if (currentInputs(path) === existing.inputs) return existing;
  }
  return addRuleSet(path, { name, env });
}
