import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { CompiledRules } from '../../src/schematron/run.js';
import { NativeFirst, type RuleLayer } from '../../src/schematron/native-layer.js';
import { engine } from '../../src/xpath/index.js';
import { OFFICIAL_DIR, ROOT } from '../helpers/paths.js';
import type { CorpusDoc } from './corpus.js';

/** A rule set's verdict on one document: the failed rule ids, or the error that stopped the run. */
export type Verdict = { failed: string[]; errors: string[] } | { crashed: string };

const OFFICIAL_LAYERS = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json'];
const CACHE = join(ROOT, 'node_modules/.cache/pintae-official-verdicts');

/** The two PINT-AE specifications: where their official rules lie, and which built-in set is ours for each. */
export type Customization = 'billing' | 'selfbilling';
const OFFICIAL_SEF: Record<Customization, string> = { billing: 'sef', selfbilling: 'selfbilling/sef' };
const OUR_FILE: Record<Customization, string> = { billing: 'pint-ae', selfbilling: 'pint-ae-selfbilling' };
const SELF_BILLING = 'urn:peppol:pint:selfbilling-1@ae-1';

/**
 * Which rules judge a document, chosen as a validator (and `pintae check`) chooses: by its first CustomizationID,
 * the billing rules for any other value or none. A mutant whose CustomizationID was changed is judged by the billing
 * rules on both sides.
 */
export function customizationOf(xml: string): Customization {
  const id = /<(?:[\w.-]+:)?CustomizationID\b[^>]*>([^<]*)</.exec(xml)?.[1]?.trim();
  return id === SELF_BILLING ? 'selfbilling' : 'billing';
}

const ours = new Map<Customization, CompiledRules>();
export function ourRules(customization: Customization = 'billing'): CompiledRules {
  const path = customization === 'billing' && process.env.PINTAE_OUR_SEF ? process.env.PINTAE_OUR_SEF : join(ROOT, `dist/schematron/${OUR_FILE[customization]}.sef.json`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
  return ours.get(customization) ?? (ours.set(customization, CompiledRules.fromFile('builtin', path)), ours.get(customization)!);
}

const official = new Map<Customization, CompiledRules[]>();
export function officialRules(customization: Customization = 'billing'): CompiledRules[] {
  return official.get(customization) ?? (official.set(customization, OFFICIAL_LAYERS.map((f) => new CompiledRules(f, readFileSync(join(OFFICIAL_DIR, OFFICIAL_SEF[customization], f), 'utf8')))), official.get(customization)!);
}

const native = new Map<Customization, RuleLayer>();
/** The built-in rules as `check` and `validate` run them: pintae's own evaluator (Saxon-JS behind it only for what it declines). */
function nativeRules(customization: Customization): RuleLayer {
  const plan = join(ROOT, `dist/schematron/${OUR_FILE[customization]}.native.json`);
  if (!existsSync(plan)) throw new Error(`${plan} is missing: run npm run build`);
  return native.get(customization) ?? (native.set(customization, new NativeFirst(plan, ourRules(customization), () => engine)), native.get(customization)!);
}

/** The failed rule ids of every layer of `sets` on one document (an XPath error fails its assertion), or how it crashed. */
export function verdictOf(sets: Array<Pick<RuleLayer, 'results'>>, xml: string): Verdict {
  const failed = new Set<string>(); const errors: string[] = [];
  try {
    for (const rules of sets) {
      for (const r of rules.results(xml)) {
        if (r.kind !== 'failed-assert') continue;
        failed.add(r.id ?? '?');
        if (r.role === 'evaluation-error') errors.push(r.id ?? '?');
      }
    }
  } catch (e) {
    return { crashed: (e as Error).message.split('\n')[0]! };
  }
  return { failed: [...failed].sort(), errors };
}

/**
 * The official verdict by the rules of the document's customization, cached on disk by document hash (and, for
 * self-billing, the customization): the official layers are the slow half of every run.
 */
export function officialVerdict(xml: string): Verdict {
  const customization = customizationOf(xml);
  const key = `${customization === 'billing' ? '' : `${customization}-`}${createHash('sha256').update(xml).digest('hex')}`;
  const file = join(CACHE, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Verdict;
  const verdict = verdictOf(officialRules(customization), xml);
  mkdirSync(CACHE, { recursive: true });
  // Atomic: parallel runs share this cache.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(verdict));
  renameSync(tmp, file);
  return verdict;
}

/** Our verdict as users get it (the native engine); PINTAE_OUR_ENGINE=saxon-js gives the same rules' on Saxon-JS. */
export function ourVerdict(xml: string): Verdict {
  const customization = customizationOf(xml);
  return verdictOf([process.env.PINTAE_OUR_ENGINE === 'saxon-js' ? ourRules(customization) : nativeRules(customization)], xml);
}

/**
 * Agreement on one document: the same set of failed rule ids. Where the official rules crash with an XPath error,
 * ours must not crash and must report the document invalid.
 */
export function agrees(officialV: Verdict, oursV: Verdict): boolean {
  if ('crashed' in oursV) return false;
  if ('crashed' in officialV) return oursV.failed.length > 0;
  return officialV.failed.join() === oursV.failed.join();
}

export interface AgreementReport {
  documents: number;
  agreeing: number;
  /** Per rule id: documents where only the official rules fail it, and where only ours do. */
  byRule: Map<string, { missed: string[]; extra: string[] }>;
  crashedOfficial: number;
}

/** Long synchronous runs starve vitest's worker channel ("Timeout calling onTaskUpdate"): yield now and then. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every document's failed rule ids by `reference` (the official rules) and by `candidate` (ours): the same set, or a disagreement filed by rule id. */
export async function compareCorpus(docs: CorpusDoc[], reference: (xml: string) => Verdict = officialVerdict, candidate: (xml: string) => Verdict = ourVerdict): Promise<AgreementReport> {
  const byRule = new Map<string, { missed: string[]; extra: string[] }>();
  const entry = (id: string) => byRule.get(id) ?? (byRule.set(id, { missed: [], extra: [] }), byRule.get(id)!);
  let agreeing = 0; let crashedOfficial = 0;
  for (const [i, doc] of docs.entries()) {
    if (i % 20 === 0) await breathe();
    const o = reference(doc.xml);
    const u = candidate(doc.xml);
    if ('crashed' in o) crashedOfficial++;
    if (agrees(o, u)) { agreeing++; continue; }
    if ('crashed' in u) { entry('(our rules crashed)').extra.push(`${doc.name}: ${u.crashed}`); continue; }
    if ('crashed' in o) { entry('(reference crashed, ours reported nothing)').missed.push(doc.name); continue; }
    for (const id of o.failed) if (!u.failed.includes(id)) entry(id).missed.push(doc.name);
    for (const id of u.failed) if (!o.failed.includes(id)) entry(id).extra.push(doc.name);
  }
  return { documents: docs.length, agreeing, byRule, crashedOfficial };
}
