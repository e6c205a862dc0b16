import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { compileSchematron } from '../../src/schematron/compile.js';
import { NativeFirst } from '../../src/schematron/native-layer.js';
import { addRuleSet, resolveRuleSet, type Manifest } from '../../src/schematron/rulesets.js';
import { addedRuleSet } from '../helpers/rule-sets.js';
import { CompiledRules } from '../../src/schematron/run.js';
import { SandboxedRules } from '../../src/schematron/sandbox/runner.js';
import type { SvrlResult } from '../../src/schematron/svrl.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../helpers/paths.js';
import { agreementCorpus, type CorpusDoc } from './corpus.js';
import { depth } from '../helpers/depth.js';

/**
 * Rule sets added from Schematron (`pintae rules add x.sch`) run on pintae's evaluator; Saxon-JS, running the same
 * set's compiled stylesheets, is the oracle. Each of the test schemas (test/fixtures/schematron/iso) and the built-in
 * sources added as if they were a release go through addRuleSet and resolveRuleSet as a user's would, and on the
 * official examples (invoices and credit notes) and mutations of them both engines must give the same report, result
 * for result, every document answered natively.
 */
const ISO = join(ROOT, 'test/fixtures/schematron/iso');
const env = { ...process.env, PINTAE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'pintae-engines-')) };

/** The built-in sources laid out as a release: rules/pint-ae.sch, rules/pint-ae/*, and an XSLT of the same rules. */
function releaseZip(): string {
  const files: Record<string, Uint8Array> = {};
  const add = (dir: string, into: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) add(join(dir, e.name), `${into}${e.name}/`);
      else files[`${into}${e.name}`] = readFileSync(join(dir, e.name));
    }
  };
  add(join(ROOT, 'schematron'), 'rules/');
  // A billing release holds the billing rules: the self-billing and TDD sets beside them here would be more schemas.
  delete files['rules/pint-ae-selfbilling.sch'];
  delete files['rules/pint-ae-tdd.sch'];
  files['rules/pint-ae-preprocessed.xslt'] = new TextEncoder().encode(compileSchematron(readFileSync(join(ROOT, 'schematron/pint-ae.sch'), 'utf8'), { baseDir: join(ROOT, 'schematron') }));
  const zip = join(mkdtempSync(join(tmpdir(), 'pintae-release-zip-')), 'pintae-rules-1.0.4.zip');
  writeFileSync(zip, zipSync(files));
  return zip;
}

/**
 * The official examples, some mutants of each (`perExample`) and the credit notes. One mutant per example in npm test
 * (each schema's thresholds below are met on it: documents failing, XPath errors, diagnostics firing), three for the
 * keys schema, whose failures come from the mutations alone; six for every schema under `npm run test:deep`. Each
 * document runs on both engines for each schema, so the corpus is most of this file's time.
 */
function documents(perExample: number): CorpusDoc[] {
  const dir = join(OFFICIAL_DIR, 'examples/creditnote');
  const creditNotes = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => ({ name: `creditnote/${f}`, xml: readFileSync(join(dir, f), 'utf8') }));
  return [...agreementCorpus(perExample), ...creditNotes];
}

// The wording of an XPath error is each engine's own; everything else must match.
const comparable = (rs: SvrlResult[]) => rs.map((r) => (r.role === 'evaluation-error' ? { ...r, text: 'Rule could not be evaluated' } : r));

async function bothEngines(source: string, name: string): Promise<{ manifest: Manifest; native: NativeFirst; saxon: CompiledRules }> {
  const manifest = await addRuleSet(source, { name, env });
  const set = await addedRuleSet(name, env);
  expect(set.layers).toHaveLength(1);
  const native = set.layers[0] as NativeFirst;
  expect(native).toBeInstanceOf(NativeFirst);
  const layer = manifest.layers[0]!;
  return { manifest, native, saxon: CompiledRules.fromFile(layer.file, join(env.PINTAE_CACHE_DIR, 'rules', name, layer.file)) };
}

function compare(native: NativeFirst, saxon: CompiledRules, docs: CorpusDoc[], maxFallbacks = 0): { failing: number; errors: number } {
  let failing = 0; let errors = 0;
  for (const doc of docs) {
    const expected = comparable(saxon.results(doc.xml));
    expect(comparable(native.results(doc.xml)), doc.name).toEqual(expected);
    if (expected.length > 0) failing++;
    if (expected.some((r) => r.role === 'evaluation-error')) errors++;
  }
  expect(native.stats.fallbacks).toBeLessThanOrEqual(maxFallbacks);
  expect(native.stats.native + native.stats.fallbacks).toBe(docs.length);
  return { failing, errors };
}

describe.skipIf(!HAVE_OFFICIAL)('rule sets added from .sch: native engine against Saxon-JS', () => {
  const docs = HAVE_OFFICIAL ? documents(depth(1, 6)) : [];

  it('the ISO-constructs test schema (phases, lets at every level, abstract patterns and rules, includes, xsl:function, diagnostics)', async () => {
    const { manifest, native, saxon } = await bothEngines(join(ISO, 'iso-constructs.sch'), 'iso-constructs');
    expect(manifest.layers[0]).toMatchObject({ engine: 'native', native: 'iso-constructs.native.json' });
    const { failing, errors } = compare(native, saxon, docs);
    // The schema must bite: documents with failures, and documents where an XPath error fails an assert alone.
    expect(failing).toBeGreaterThan(10);
    expect(errors).toBeGreaterThan(0);
  });

  it('the built-in rules added as if they were a release zip (its .sch, the fragments it includes, and compiled XSLT beside them)', async () => {
    const { manifest, native, saxon } = await bothEngines(releaseZip(), 'builtin-as-release');
    // The schema stands for the release: the fragments it includes and the compiled copy beside it are no layers.
    expect(manifest.layers).toEqual([expect.objectContaining({ from: 'rules/pint-ae.sch', kind: 'sch', engine: 'native' })]);
    // Every third document: test/conformance/native-agreement.test.ts runs these rules on both engines over the whole
    // corpus already; here the point is the path of an added release (the suite's time is shared by two cores).
    const some = docs.filter((_, i) => i % 3 === 0);
    const { failing } = compare(native, saxon, some);
    expect(failing).toBeGreaterThan(some.length / 3);
  });

  it('the keys test schema (xsl:key, key() in rules, in messages and in a function, several values at once)', async () => {
    const { manifest, native, saxon } = await bothEngines(join(ISO, 'keys.sch'), 'keys');
    expect(manifest.layers[0]).toMatchObject({ engine: 'native' });
    const docs = documents(depth(3, 6));
    // An XPath error while indexing a key (a line with two IDs given to normalize-space) is left to Saxon-JS, which
    // decides when it builds an index and so which asserts the error reaches: such a document may fall back.
    const { failing } = compare(native, saxon, docs, Math.ceil(docs.length * 0.02));
    expect(failing).toBeGreaterThan(5);
  });

  it('diagnostics named by asserts and reports: svrl:diagnostic-reference on both engines, carried in the finding\'s message', async () => {
    const { manifest, native, saxon } = await bothEngines(join(ISO, 'diagnostics.sch'), 'diagnostics');
    expect(manifest.layers[0]).toMatchObject({ engine: 'native' });
    compare(native, saxon, docs);
    const results = docs.flatMap((d) => saxon.results(d.xml));
    const named = (id: string) => results.filter((r) => r.id === id && r.role !== 'evaluation-error');
    // Each case must bite: two diagnostics in the order named, a static one, one through a parameter, one with an error.
    expect(named('dg-001').length).toBeGreaterThan(10);
    expect(named('dg-001')[0]!.diagnostics!.map((d) => d.id)).toEqual(['dg-amount', 'dg-static']);
    // (The space between two value-ofs is a whitespace-only text node, which the schema reader drops on both engines.)
    expect(named('dg-001')[0]!.diagnostics![0]!.text).toMatch(/^Line \S+: [\d.]+ ?[A-Z]{3}\.$/);
    expect(named('dg-001')[0]!.diagnostics![1]!.text).toBe("See the line's item block.");
    expect(named('dg-010')[0]!.diagnostics).toEqual([{ id: 'dg-total', text: expect.stringMatching(/^cbc:PayableAmount is [\d.]+ ?[A-Z]{3}\.$/) }]);
    expect(named('dg-003').length).toBeGreaterThan(0);
    expect(results.some((r) => r.id === 'dg-003' && r.role === 'evaluation-error')).toBe(true);
    const set = await resolveRuleSet('diagnostics', env);
    const doc = docs.find((d) => named('dg-010').length && saxon.results(d.xml).some((r) => r.id === 'dg-010'))!;
    expect(set.run(doc.xml).find((f) => f.rule === 'dg-010')!.message).toMatch(/is 1000 or more\. \(cbc:PayableAmount is [\d.]+ ?[A-Z]{3}\.\)$/);
  });

  it('issue 13\'s XPST0081 case: xmlns:xsd on sch:schema, used only inside an embedded xsl:function, on both engines', async () => {
    const { manifest, native, saxon } = await bothEngines(join(ISO, 'xsd-prefix.sch'), 'xsd-prefix');
    expect(manifest.layers[0]).toMatchObject({ engine: 'native' });
    const { failing } = compare(native, saxon, docs);
    expect(failing).toBeGreaterThan(5);
  });

  it.each([
    // current() in tests, lets, messages, a path's predicate, and a rule context's last-step predicate.
    ['current.sch', ['cu-010']],
    // Lets with content (temporary trees) at schema, pattern and rule level, read by path and atomized.
    ['let-content.sch', ['lc-001', 'lc-002', 'lc-004']],
    // xsl:for-each in functions (the simple map operator natively), nested, with position() and last().
    ['for-each.sch', ['fe-002']],
  ])('%s runs natively, with the same report as on Saxon-JS', async (file, firing) => {
    const { manifest, native, saxon } = await bothEngines(join(ISO, file), file.replace('.sch', ''));
    expect(manifest.layers[0]).toMatchObject({ engine: 'native' });
    compare(native, saxon, docs);
    const fired = new Set(docs.flatMap((d) => saxon.results(d.xml).map((r) => r.id)));
    for (const id of firing) expect(fired, id).toContain(id);
  });

  it('a schema with a construct the evaluator lacks (xsl:for-each with xsl:sort in a function) runs on Saxon-JS, and says so', async () => {
    const manifest = await addRuleSet(join(ISO, 'fallback.sch'), { name: 'fallback', env });
    expect(manifest.layers[0]).toMatchObject({ engine: 'saxon-js', unsupported: expect.stringMatching(/xsl:for-each/) });
    const set = await addedRuleSet('fallback', env);
    // On Saxon-JS, and (a rule set from anyone) behind the process boundary.
    expect(set.layers[0]).toBeInstanceOf(SandboxedRules);
    const bad = docs[0]!.xml.replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/, '$&$&');
    expect(set.run(docs[0]!.xml)).toEqual([]);
    expect(set.run(bad).map((f) => f.message)).toEqual(['[fb-001] Line IDs are not unique.']);
  });
});
