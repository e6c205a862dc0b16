import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NativeRules } from '../../src/schematron/native.js';
import { compileNative } from '../../src/schematron/native.js';
import type { SvrlResult } from '../../src/schematron/svrl.js';
import { validateInvoice } from '../../src/pipeline.js';
import { engine } from '../../src/xpath/index.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../helpers/paths.js';
import { builtFixtureDocuments, fixtureEnv } from '../helpers/pipeline.js';
import { customizationOf, ourRules, type Customization } from './agreement.js';
import { agreementCorpus, CORPUS_TIMEOUT, officialExamples, type CorpusDoc } from './corpus.js';
import { depth } from '../helpers/depth.js';

/**
 * pintae's own XPath evaluator runs the built-in rules (src/schematron/native.ts); Saxon-JS runs the same rules compiled
 * to XSLT and is the reference. On every document both must give the same SVRL results, in the same order; an XPath
 * error fails the assert it hits in both (the guarded stylesheet's role evaluation-error; the error's wording is each
 * engine's own). Every document must be answered natively: the built-in rules never need Saxon-JS.
 */
type Outcome = { results: SvrlResult[] } | { error: string };

const native = new Map<Customization, NativeRules>();
beforeAll(async () => {
  for (const [customization, file] of [['billing', 'pint-ae.sch'], ['selfbilling', 'pint-ae-selfbilling.sch']] as const) {
    native.set(customization, (await compileNative(readFileSync(join(ROOT, 'schematron', file), 'utf8'), engine, { baseDir: join(ROOT, 'schematron') })).compileAll());
  }
});
/** Each document by the built-in set of its customization, in both engines. */
const nativeRules = (xml: string) => native.get(customizationOf(xml))!;

function outcome(run: () => SvrlResult[]): Outcome {
  try { return { results: run() }; } catch (e) { return { error: (e as Error).message.split('\n')[0]! }; }
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Comparison { documents: number; fallbacks: string[]; differences: string[]; eagerErrors: string[] }

const isFatal = (r: SvrlResult) => r.kind === 'failed-assert' && (r.flag ?? 'fatal') !== 'warning';

async function compare(docs: CorpusDoc[]): Promise<Comparison> {
  const fallbacks: string[] = []; const differences: string[] = []; const eagerErrors: string[] = [];
  for (const [i, doc] of docs.entries()) {
    if (i % 20 === 0) await breathe();
    const ours = outcome(() => nativeRules(doc.xml).results(doc.xml));
    if ('error' in ours) { fallbacks.push(`${doc.name}: ${ours.error}`); continue; }
    const reference = outcome(() => ourRules(customizationOf(doc.xml)).results(doc.xml));
    if ('error' in reference) { differences.push(`${doc.name}: Saxon-JS raised ${reference.error}, native answered`); continue; }
    // XPath errors fail the assert they hit in both engines (role evaluation-error); each words the error its own way.
    const same = (rs: SvrlResult[]) => JSON.stringify(rs.map((r) => ({ kind: r.kind, id: r.id, flag: r.flag, role: r.role, test: r.test, location: r.location, text: r.role === 'evaluation-error' ? 'Rule could not be evaluated' : r.text })));
    const a = same(ours.results); const b = same(reference.results);
    if (a === b) continue;
    // pintae's evaluator computes a sequence whole; Saxon-JS may stop early (`(x, error) = 'S'` is true at x), so an
    // assert can fail with an evaluation error natively that Saxon-JS passes (XPath 3.1 2.3.4 allows both). Such a
    // document counts apart, and only where Saxon-JS too finds it invalid: the verdict is the same.
    const extraErrorsOnly = same(ours.results.filter((r) => r.role !== 'evaluation-error' || reference.results.some((x) => x.role === 'evaluation-error' && x.id === r.id && x.location === r.location)));
    if (extraErrorsOnly === b && reference.results.some(isFatal)) eagerErrors.push(doc.name);
    else differences.push(`${doc.name}:\n    native  ${a.slice(0, 600)}\n    saxon   ${b.slice(0, 600)}`);
  }
  const summary = `${docs.length} documents: ${docs.length - fallbacks.length} answered natively, ${fallbacks.length} sent to Saxon-JS, ${differences.length} different, ${eagerErrors.length} with an evaluation error Saxon-JS does not reach (same verdict)`;
  console.log([summary, ...differences.slice(0, 10), ...fallbacks.slice(0, 10).map((f) => `  fallback ${f}`), ...eagerErrors.slice(0, 10).map((f) => `  eager error ${f}`)].join('\n'));
  return { documents: docs.length, fallbacks, differences, eagerErrors };
}

/** Invoices of 1–50 lines in every shape the fixtures have (the benchmark's generator), built by pintae. */
async function generatedDocuments(n: number): Promise<CorpusDoc[]> {
  const { corpus } = await import(join(ROOT, 'scripts/bench-corpus.mjs')) as { corpus(root: string, n: number): unknown[] };
  return corpus(ROOT, n).flatMap((body, i) => {
    const outcome = validateInvoice(body, fixtureEnv());
    return outcome.kind === 'validated' && outcome.xml ? [{ name: `generated #${i}`, xml: outcome.xml }] : [];
  });
}

describe('native rule engine against Saxon-JS on the same built-in rules', () => {
  it('the XML pintae builds for every fixture: answered natively, identical', async () => {
    const r = await compare(builtFixtureDocuments());
    expect(r.differences).toEqual([]);
    expect(r.fallbacks).toEqual([]);
    expect(r.eagerErrors).toEqual([]);
  });

  it('generated invoices of 1–50 lines: answered natively, identical', async () => {
    const count = depth(16, 40);
    const docs = await generatedDocuments(count);
    expect(docs.length).toBe(count);
    const r = await compare(docs);
    expect(r.differences).toEqual([]);
    expect(r.fallbacks).toEqual([]);
    expect(r.eagerErrors).toEqual([]);
  });

  describe.skipIf(!HAVE_OFFICIAL)('official material', () => {
    if (!HAVE_OFFICIAL) console.warn(`SKIPPED: official PINT-AE examples not found at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);
    it('official examples: identical', async () => {
      const r = await compare(officialExamples());
      expect(r.differences).toEqual([]);
      expect(r.fallbacks).toEqual([]);
      expect(r.eagerErrors).toEqual([]);
    });
    it('mutated corpus: answered natively (XPath errors included), identical', async () => {
      const r = await compare(agreementCorpus());
      expect(r.differences).toEqual([]);
      // The built-in rules never need Saxon-JS: `check` does not load it (issue 10).
      expect(r.fallbacks).toEqual([]);
      expect(r.eagerErrors.length).toBeLessThanOrEqual(r.documents / 100);
    }, CORPUS_TIMEOUT);
  });
});
