// npm run bench: speed and memory of the offline pipeline, reported as figures (never asserted in tests).
//   1. cold: wall time of `node bin/pintae.js validate <one file>` (process start to exit), median of 5 runs
//   2. warm: invoices per second through validateInvoice in one process over a generated corpus (1,000 invoices)
//   3. CLI batch: wall time and peak RSS of `pintae validate` on the 1,000 files
//   4. PINT-AE rules on the official examples: cold `pintae check` of one file; warm per-document time of the built-in
//      rules and of the official rules (both layers, PINTAE_OFFICIAL_DIR, default ../shared/pint-ae), both through Saxon-JS,
//      alternating, BENCH_RULE_REPS times (default 7) of BENCH_RULE_ROUNDS passes (default 2): medians and their ratio
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/pintae.js');
const entity = join(root, 'fixtures/entities/al-noor-trading.json');
const rates = join(root, 'fixtures/rates/cbuae-2025.csv');
const fixtures = readdirSync(join(root, 'fixtures/invoices')).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(readFileSync(join(root, 'fixtures/invoices', f), 'utf8')));
const N = Number(process.env.BENCH_INVOICES ?? 1000);

/** A corpus of realistic variety: each fixture shape, 1–50 lines, distinct invoice numbers. */
function corpus(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const base = structuredClone(fixtures[i % fixtures.length]);
    base.invoice_number = `BENCH-${String(i).padStart(5, '0')}`;
    const lines = 1 + ((i * 7) % 50);
    const template = base.line_items;
    base.line_items = Array.from({ length: lines }, (_, k) => ({ ...template[k % template.length], description: `${template[k % template.length].description} #${k + 1}` }));
    delete base.sub_total; delete base.total_tax; delete base.total;
    out.push(base);
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 1) => x.toFixed(d);

const dir = mkdtempSync(join(tmpdir(), 'pintae-bench-'));
try {
  const invoices = corpus(N);
  invoices.forEach((inv, i) => writeFileSync(join(dir, `inv-${String(i).padStart(5, '0')}.json`), JSON.stringify(inv)));
  const one = join(root, 'fixtures/invoices/standard.json');

  const cold = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    spawnSync(process.execPath, [bin, 'validate', one, '--entity', entity, '--format', 'json'], { stdio: 'ignore' });
    cold.push(Number(process.hrtime.bigint() - t) / 1e6);
  }

  const { validateInvoice } = await import(join(root, 'dist/pipeline.js'));
  const { loadEntityFile } = await import(join(root, 'dist/io/entities.js'));
  const { loadRates } = await import(join(root, 'dist/io/rates.js'));
  const entities = loadEntityFile(entity);
  const env = { findEntity: (id) => entities.get(id), rates: loadRates(rates), today: '2026-11-22', uuid: { kind: 'deterministic' } };
  for (const inv of invoices.slice(0, 50)) validateInvoice(inv, env); // warm-up
  const t0 = process.hrtime.bigint();
  let valid = 0;
  for (const inv of invoices) if (validateInvoice(inv, env).response.data?.is_valid) valid++;
  const warmMs = Number(process.hrtime.bigint() - t0) / 1e6;

  const t1 = process.hrtime.bigint();
  const batch = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, bin, 'validate', dir, '--entity', entity, '--rates', rates, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const batchMs = Number(process.hrtime.bigint() - t1) / 1e6;
  const peakKb = Number((batch.stderr.trim().split('\n').pop() ?? '').trim());

  const lines = invoices.reduce((s, inv) => s + inv.line_items.length, 0);
  console.log(`pintae bench (${N} invoices, ${lines} lines, node ${process.version})`);
  console.log(`  cold validate, one file (median of 5):   ${fmt(median(cold), 0)} ms wall`);
  console.log(`  warm pipeline, in process:               ${fmt(warmMs / N, 3)} ms/invoice, ${fmt(N / (warmMs / 1000), 0)} invoices/s (${valid} valid)`);
  console.log(`  CLI validate on ${N} files:             ${fmt(batchMs, 0)} ms wall, ${fmt(N / (batchMs / 1000), 0)} invoices/s, peak RSS ${Number.isFinite(peakKb) && peakKb > 0 ? fmt(peakKb / 1024, 0) + ' MB' : 'n/a (no /usr/bin/time)'}`);

  const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
  const examplesDir = join(official, 'examples/invoice');
  if (existsSync(examplesDir)) {
    const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(examplesDir, f), 'utf8'));
    const coldCheck = [];
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      spawnSync(process.execPath, [bin, 'check', join(examplesDir, 'Standard tax invoice.xml'), '--format', 'json'], { stdio: 'ignore' });
      coldCheck.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
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
    perDoc(ours); perDoc(theirs); // warm-up
    const runs = Array.from({ length: reps }, () => ({ ours: perDoc(ours), theirs: perDoc(theirs) }));
    const med = (f) => median(runs.map(f));
    console.log(`  cold check, one example (median of 5):   ${fmt(median(coldCheck), 0)} ms wall (built-in rules)`);
    console.log(`  PINT-AE rules, warm, ${examples.length} official examples (median of ${reps}, both layers of the official rules):`);
    console.log(`    built-in ${fmt(med((r) => r.ours.wall), 1)} ms/doc, official ${fmt(med((r) => r.theirs.wall), 1)} ms/doc wall; official/built-in = ${fmt(med((r) => r.theirs.wall / r.ours.wall), 2)}×`);
    console.log(`    built-in ${fmt(med((r) => r.ours.cpu), 1)} ms/doc, official ${fmt(med((r) => r.theirs.cpu), 1)} ms/doc CPU;  official/built-in = ${fmt(med((r) => r.theirs.cpu / r.ours.cpu), 2)}×`);
  } else console.log(`  PINT-AE rules: skipped (no official examples at ${examplesDir})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
