// npm run bench: speed and memory of pintae, reported as figures against the issue 5 targets (never asserted in tests).
//   1. cold: wall time of `pintae validate <one file>` (process start to exit, built-in rules), median of 5 spawns
//   2. warm pipeline in one process, without the PINT-AE rules (schema, rule engine, XML), over the corpus
//   3. CLI batch: wall time, invoices/s and peak RSS of `pintae validate <dir of N files>` with --jobs 1 and --jobs 2,
//      with the built-in rules and with the official rules (PINTAE_OFFICIAL_DIR, default ../shared/pint-ae, sef/)
//   4. PINT-AE rules on the official examples (issue 3): cold `pintae check` of one example; warm per-document time of
//      the built-in rules and of the official rules (both layers), both through Saxon-JS
//   5. Java Saxon-HE over the same documents with `npm run bench -- --java-xslt <dir>` (bench-java.mjs; the built-in
//      rules as XSLT: node scripts/write-xslt.mjs <dir>, then <dir>/billing), as ratios to Saxon-JS and the native engine
//   6. the XML reader: official examples, and 10,000 / 20,000 / 40,000 attributes, namespace declarations and elements
//      at the depth limit (scripts/bench-xml.mjs; its time must grow linearly)
//   7. `pintae check` CPU per document on the official examples against a baseline build (bench-check.mjs)
//   8. large invoices (bench-large.mjs): validate and check of a 20,000-line invoice, validate of a 100,000-line one
//      (wall time, peak RSS), --jobs 40 against --jobs 1 on 40 files; against a baseline build
//   9. CPU per document of a rule set added from .sch (the built-in sources as if a release) on the native engine
//      against Saxon-JS (bench-added.mjs)
//  10. a release as OpenPeppol lays one out (.sch and .xslt of each layer; the built-in rules, write-release.mjs) added
//      from its Schematron, natively, against its XSLT on Saxon-JS and on Java Saxon-HE where present (bench-release.mjs)
// The corpus (scripts/bench-corpus.mjs) is generated into a temporary directory and removed afterwards.
// BENCH_INVOICES (default 1000) and BENCH_RULE_ROUNDS (default 5) shrink a run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus, corpus } from './bench-corpus.mjs';
import { useOwnCache } from './own-cache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
useOwnCache(root, 'pintae-bench-home');
const bin = join(root, 'bin/pintae.js');
const entity = join(root, 'fixtures/entities/al-noor-trading.json');
const rates = join(root, 'fixtures/rates/cbuae-2025.csv');
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const N = Number(process.env.BENCH_INVOICES ?? 1000);
const TARGET = { coldMs: 600, jobs2PerSec: 150, rssMb: 600 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 1) => x.toFixed(d);
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const hasTime = existsSync('/usr/bin/time');

/**
 * Wall time, CPU time (user + system, all threads) and peak RSS (the node process; worker threads share it) of one
 * spawn. CPU time says what the work costs even when other processes share the machine; wall time is what a user waits.
 */
function timed(args, env = {}) {
  const t = process.hrtime.bigint();
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ...env } })
    : spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const [kb, user, sys] = hasTime ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
  if (r.status === 2) throw new Error(`pintae ${args.join(' ')} failed:\n${r.stderr}`);
  return { ms, cpuMs: (user + sys) * 1000, rssMb: kb / 1024, stdout: r.stdout };
}

/** Median wall and CPU time of 5 spawns. */
function coldMedian(args) {
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(timed(args));
  return { ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)) };
}

/** The load average at this moment: figures taken on a busy machine say so. */
const load = () => `load ${(os.loadavg()[0]).toFixed(1)} on ${os.availableParallelism()} cores`;

const dir = mkdtempSync(join(tmpdir(), 'pintae-bench-'));
const cache = join(dir, '.cache');
try {
  const corpusDir = join(dir, 'corpus');
  spawnSync('mkdir', [corpusDir]);
  const lines = writeCorpus(root, corpusDir, N);
  console.log(`pintae bench (${N} invoices, ${lines} lines, node ${process.version}, ${load()})`);

  const cold = coldMedian(['validate', join(root, 'fixtures/invoices/standard.json'), '--entity', entity, '--format', 'json', '--jobs', '1']);
  console.log(`  cold validate, one file (median of 5):    ${fmt(cold.ms, 0)} ms wall, ${fmt(cold.cpuMs, 0)} ms CPU   target < ${TARGET.coldMs} ms wall: ${verdict(cold.ms < TARGET.coldMs)}`);

  const { validateInvoice } = await import(join(root, 'dist/pipeline.js'));
  const { loadEntityFile } = await import(join(root, 'dist/io/entities.js'));
  const { loadRates } = await import(join(root, 'dist/io/rates.js'));
  const entities = loadEntityFile(entity);
  const env = { findEntity: (id) => entities.get(id), rates: loadRates(rates), today: '2026-11-22', uuid: { kind: 'deterministic' } };
  const invoices = corpus(root, N);
  for (const inv of invoices.slice(0, 50)) validateInvoice(inv, env);
  const t0 = process.hrtime.bigint();
  let valid = 0;
  for (const inv of invoices) if (validateInvoice(inv, env).response.data?.is_valid) valid++;
  const warmMs = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`  warm pipeline in process, no PINT-AE rules: ${fmt(warmMs / N, 2)} ms/invoice, ${fmt(N / (warmMs / 1000), 0)} invoices/s (${valid} valid)`);

  const haveOfficial = existsSync(join(official, 'sef'));
  const ruleSets = [['built-in', []], ['built-in on Saxon-JS alone', ['--rules', 'builtin-saxon']]];
  if (haveOfficial) {
    spawnSync(process.execPath, [bin, 'rules', 'add', join(official, 'sef'), '--name', 'official'], { env: { ...process.env, PINTAE_CACHE_DIR: cache } });
    ruleSets.push(['official', ['--rules', 'official']]);
  }
  for (const [name, ruleArgs] of ruleSets) {
    for (const jobs of [1, 2]) {
      const r = timed(['validate', corpusDir, '--entity', entity, '--rates', rates, '--format', 'json', '--jobs', String(jobs), ...ruleArgs], { PINTAE_CACHE_DIR: cache });
      const perSec = N / (r.ms / 1000);
      const report = JSON.parse(r.stdout).summary;
      const checks = [];
      if (name === 'built-in' && jobs === 2) checks.push(`target ≥ ${TARGET.jobs2PerSec}/s: ${verdict(perSec >= TARGET.jobs2PerSec)}`);
      if (hasTime) checks.push(`RSS target < ${TARGET.rssMb} MB: ${verdict(r.rssMb < TARGET.rssMb)}`);
      console.log(`  CLI validate ${N} files, ${name} rules, --jobs ${jobs}: ${fmt(r.ms / 1000, 1)} s wall, ${fmt(perSec, 1)} invoices/s, `
        + `${fmt(r.cpuMs / N, 1)} ms CPU/invoice, peak RSS ${hasTime ? fmt(r.rssMb, 0) + ' MB' : 'n/a (no /usr/bin/time)'} (${report.valid} valid, ${load()})   ${checks.join('; ')}`);
    }
  }
  if (!haveOfficial) console.log(`  official rules: skipped (no ${join(official, 'sef')})`);

  const examplesDir = join(official, 'examples/invoice');
  if (existsSync(examplesDir)) {
    const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(examplesDir, f), 'utf8'));
    const coldCheck = coldMedian(['check', join(examplesDir, 'Standard tax invoice.xml'), '--format', 'json']);
    const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
    const { saxonPatched } = await import(join(root, 'dist/io/saxon.js'));
    const { builtinRuleSet } = await import(join(root, 'dist/schematron/rulesets.js'));
    const native = builtinRuleSet().billing.layers[0];
    const nativeSets = [{ svrl: (xml) => native.results(xml) }];
    const ours = [CompiledRules.fromFile('builtin', join(root, 'dist/schematron/pint-ae.sef.json'))];
    const theirs = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json']
      .map((f) => new CompiledRules(f, readFileSync(join(official, 'sef', f), 'utf8')));
    // Built-in and official alternate, REPS times, so load from other processes hits both alike: medians of the wall
    // time per document, and the median of the per-repetition ratios (also in CPU time of this process, steadier still).
    const perDoc = (sets) => {
      const wall = process.hrtime.bigint(); const cpu = process.cpuUsage();
      for (let r = 0; r < rounds; r++) for (const xml of examples) for (const s of sets) s.svrl(xml);
      const used = process.cpuUsage(cpu);
      const n = rounds * examples.length;
      return { wall: Number(process.hrtime.bigint() - wall) / 1e6 / n, cpu: (used.user + used.system) / 1e3 / n };
    };
    const rounds = Number(process.env.BENCH_RULE_ROUNDS ?? 2);
    const reps = Number(process.env.BENCH_RULE_REPS ?? 7);
    perDoc(nativeSets); perDoc(ours); perDoc(theirs); // warm-up
    const runs = Array.from({ length: reps }, () => ({ native: perDoc(nativeSets), ours: perDoc(ours), theirs: perDoc(theirs) }));
    const med = (f) => median(runs.map(f));
    console.log(`  cold check, one example (median of 5):    ${fmt(coldCheck.ms, 0)} ms wall, ${fmt(coldCheck.cpuMs, 0)} ms CPU (built-in rules)`);
    console.log(`  PINT-AE rules, warm, ${examples.length} official examples (median of ${reps}, both layers of the official rules; Saxon-JS, ${saxonPatched()} speed patches applied):`);
    console.log(`    built-in ${fmt(med((r) => r.ours.wall), 1)} ms/doc, official ${fmt(med((r) => r.theirs.wall), 1)} ms/doc wall; official/built-in = ${fmt(med((r) => r.theirs.wall / r.ours.wall), 2)}×`);
    console.log(`    built-in ${fmt(med((r) => r.ours.cpu), 1)} ms/doc, official ${fmt(med((r) => r.theirs.cpu), 1)} ms/doc CPU;  official/built-in = ${fmt(med((r) => r.theirs.cpu / r.ours.cpu), 2)}×`);
    const stats = native.stats ? ` (${native.stats.native} documents answered natively, ${native.stats.fallbacks} sent to Saxon-JS${native.stats.unsupported ? `; native engine unavailable: ${native.stats.unsupported}` : ''})` : '';
    console.log(`    built-in on pintae's own evaluator ${fmt(med((r) => r.native.wall), 2)} ms/doc wall, ${fmt(med((r) => r.native.cpu), 2)} ms/doc CPU; official/native = ${fmt(med((r) => r.theirs.cpu / r.native.cpu), 1)}× CPU${stats}`);
  } else console.log(`  PINT-AE rules: skipped (no official examples at ${examplesDir})`);

  await (await import('./bench-java.mjs')).benchJava(root, official, (await import('./bench-java.mjs')).javaXsltArg(process.argv.slice(2)));
  await (await import('./bench-xml.mjs')).benchXml(root, official);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// `pintae check` before and after the document layer (issue 10): self-contained in bench-check.mjs.
console.log('check (issue 10):');
await (await import('./bench-check.mjs')).benchCheck(root, official);

// Rule sets added from .sch, native engine against Saxon-JS (issue 13): self-contained in bench-added.mjs.
console.log('added Schematron rule sets (issue 13):');
await (await import('./bench-added.mjs')).benchAdded(root, official);

// A release added from its Schematron, native, against its XSLT on Saxon-JS and Java Saxon-HE (issue 23): bench-release.mjs.
console.log('a release added from its Schematron (issue 23):');
await (await import('./bench-release.mjs')).benchRelease(root, official);

// Bulk submission through the sandbox (issue 4): self-contained in bench-bulk.mjs.
await (await import('./bench-bulk.mjs')).benchBulk();

// Large invoices and --jobs (issue 11): self-contained in bench-large.mjs.
await (await import('./bench-large.mjs')).benchLarge(root);
