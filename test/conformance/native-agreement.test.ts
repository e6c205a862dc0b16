import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NativeRules } from '../../src/schematron/native.js';
import { compileNative } from '../../src/schematron/native-plan.js';
import type { SvrlResult } from '../../src/schematron/svrl.js';
import { validateInvoice } from '../../src/pipeline.js';
import { engine } from '../../src/xpath/index.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../helpers/paths.js';
import { builtFixtureDocuments, fixtureEnv } from '../helpers/pipeline.js';
import { ourRules } from './agreement.js';
import { agreementCorpus, officialExamples, type CorpusDoc } from './corpus.js';

/**
 * pintae's own XPath evaluator runs the built-in rules (src/schematron/native.ts); Saxon-JS runs the same rules compiled
 * to XSLT and is the reference. On every document both must give the same SVRL results, in the same order, or the
 * native engine must raise an error (the document then goes to Saxon-JS: slower, never different). The documents pintae
 * builds itself must all be answered natively: that is where the speed is needed.
 */
type Outcome = { results: SvrlResult[] } | { error: string };

let native: NativeRules;
beforeAll(async () => {
  native = await compileNative(readFileSync(join(ROOT, 'schematron/pint-ae.sch'), 'utf8'), engine, { baseDir: join(ROOT, 'schematron') });
  native.compileAll();
});
const nativeRules = () => native;

function outcome(run: () => SvrlResult[]): Outcome {
  try { return { results: run() }; } catch (e) { return { error: (e as Error).message.split('\n')[0]! }; }
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Comparison { documents: number; fallbacks: string[]; differences: string[] }

async function compare(docs: CorpusDoc[]): Promise<Comparison> {
  const fallbacks: string[] = []; const differences: string[] = [];
  for (const [i, doc] of docs.entries()) {
    if (i % 20 === 0) await breathe();
    const ours = outcome(() => nativeRules().results(doc.xml));
    if ('error' in ours) { fallbacks.push(`${doc.name}: ${ours.error}`); continue; }
    const reference = outcome(() => ourRules().results(doc.xml));
    if ('error' in reference) { differences.push(`${doc.name}: Saxon-JS raised ${reference.error}, native answered`); continue; }
    const a = JSON.stringify(ours.results); const b = JSON.stringify(reference.results.map((r) => ({ kind: r.kind, id: r.id, flag: r.flag, role: r.role, test: r.test, location: r.location, text: r.text })));
    if (a !== b) differences.push(`${doc.name}:\n    native  ${a.slice(0, 600)}\n    saxon   ${b.slice(0, 600)}`);
  }
  const summary = `${docs.length} documents: ${docs.length - fallbacks.length} answered natively, ${fallbacks.length} sent to Saxon-JS, ${differences.length} different`;
  console.log([summary, ...differences.slice(0, 10), ...fallbacks.slice(0, 10).map((f) => `  fallback ${f}`)].join('\n'));
  return { documents: docs.length, fallbacks, differences };
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
  });

  it('generated invoices of 1–50 lines: answered natively, identical', async () => {
    const docs = await generatedDocuments(40);
    expect(docs.length).toBe(40);
    const r = await compare(docs);
    expect(r.differences).toEqual([]);
    expect(r.fallbacks).toEqual([]);
  });

  describe.skipIf(!HAVE_OFFICIAL)('official material', () => {
    if (!HAVE_OFFICIAL) console.warn(`SKIPPED: official PINT-AE examples not found at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);
    it('official examples: identical', async () => {
      const r = await compare(officialExamples());
      expect(r.differences).toEqual([]);
      expect(r.fallbacks.length).toBeLessThanOrEqual(r.documents / 10);
    });
    it('mutated corpus: identical wherever answered natively', async () => {
      const r = await compare(agreementCorpus());
      expect(r.differences).toEqual([]);
      // Fallbacks are allowed (errors go to Saxon-JS) but must stay the exception.
      expect(r.fallbacks.length).toBeLessThanOrEqual(r.documents / 5);
    }, 600_000);
  });
});
