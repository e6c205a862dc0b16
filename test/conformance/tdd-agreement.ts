import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { CompiledRules } from '../../src/schematron/run.js';
import { NativeFirst } from '../../src/schematron/native-layer.js';
import { engine } from '../../src/xpath/index.js';
import { ROOT, TDD_OFFICIAL_DIR } from '../helpers/paths.js';
import type { CorpusDoc } from './corpus.js';
import { compareCorpus, verdictOf, type AgreementReport, type Verdict } from './agreement.js';

/** The official AE TDD rules (one layer, test oracle) against pintae's own (schematron/pint-ae-tdd.sch), on Saxon-JS and natively. */
const CACHE = join(ROOT, 'node_modules/.cache/pintae-official-tdd-verdicts');
let official: CompiledRules | undefined;
let saxon: CompiledRules | undefined;
let native: NativeFirst | undefined;

const ours = () => {
  const sef = join(ROOT, 'dist/schematron/pint-ae-tdd.sef.json');
  if (!existsSync(sef)) throw new Error(`${sef} is missing: run npm run build`);
  return (saxon ??= CompiledRules.fromFile('pint-ae-tdd', sef));
};
/** Our rules as `check` runs them; `fallbacks` counts documents the evaluator handed to Saxon-JS. */
export const nativeTdd = () => (native ??= new NativeFirst(join(ROOT, 'dist/schematron/pint-ae-tdd.native.json'), ours(), () => engine));

/** The official verdict, cached on disk by document hash (the official run is the slow half). */
export function officialTddVerdict(xml: string): Verdict {
  const file = join(CACHE, `${createHash('sha256').update(xml).digest('hex')}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Verdict;
  official ??= new CompiledRules('peppol-ae-tdd', readFileSync(join(TDD_OFFICIAL_DIR, 'sef/peppol-ae-tdd.sef.json'), 'utf8'));
  const verdict = verdictOf([official], xml);
  mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(verdict));
  renameSync(tmp, file);
  return verdict;
}

export const ourTddVerdict = (xml: string, engineName: 'native' | 'saxon-js' = 'native'): Verdict => verdictOf([engineName === 'native' ? nativeTdd() : ours()], xml);

/** The same comparison as the PINT-AE agreement's, with the reference and candidate given. */
export const compareTdd = compareCorpus;

export function printReport(title: string, r: AgreementReport, show = 5): string {
  const pct = ((100 * r.agreeing) / r.documents).toFixed(1);
  const lines = [`${title}: ${r.agreeing}/${r.documents} documents agree (${pct}%); reference crashed on ${r.crashedOfficial}`];
  for (const [id, d] of [...r.byRule].sort((a, b) => (b[1].missed.length + b[1].extra.length) - (a[1].missed.length + a[1].extra.length))) {
    lines.push(`  ${id.padEnd(24)} missed ${String(d.missed.length).padStart(4)}  extra ${String(d.extra.length).padStart(4)}`);
    for (const n of [...d.missed.map((x) => `missed: ${x}`), ...d.extra.map((x) => `extra:  ${x}`)].slice(0, show)) lines.push(`      ${n}`);
  }
  return lines.join('\n');
}
