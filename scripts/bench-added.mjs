// Part of `npm run bench` (issue 13): CPU per document of a Schematron rule set added from `.sch` — the built-in sources
// added as if they were a release, and the ISO-constructs test schema — on pintae's own evaluator against the same set
// on Saxon-JS (its compiled stylesheets, fast then guarded). Both read the document's text; alternating repetitions,
// medians. Target (issue 13 "done when"): native at least 3× faster. Run alone: npm run build && node scripts/bench-added.mjs
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchAdded(root, official) {
  const dirs = ['invoice', 'creditnote'].map((d) => join(official, 'examples', d)).filter(existsSync);
  if (dirs.length === 0) { console.log(`  added .sch rule sets: skipped (no official examples under ${official})`); return; }
  const docs = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(d, f), 'utf8')));
  const { addRuleSet, resolveRuleSet } = await import(join(root, 'dist/schematron/rulesets.js'));
  const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
  const cache = mkdtempSync(join(tmpdir(), 'pintae-bench-added-'));
  const env = { ...process.env, PINTAE_CACHE_DIR: cache };
  const rounds = Number(process.env.BENCH_RULE_ROUNDS ?? 2);
  const reps = Number(process.env.BENCH_RULE_REPS ?? 7);
  try {
    for (const [label, source] of [['built-in sources added from .sch', join(root, 'schematron/pint-ae.sch')], ['ISO-constructs test schema', join(root, 'test/fixtures/schematron/iso/iso-constructs.sch')]]) {
      const manifest = await addRuleSet(source, { name: 'bench', env });
      const layer = manifest.layers[0];
      const native = (await resolveRuleSet('bench', env)).layers[0];
      const saxon = CompiledRules.fromFile(layer.file, join(cache, 'rules', 'bench', layer.file));
      const cpuPerDoc = (engine) => {
        const cpu = process.cpuUsage();
        for (let r = 0; r < rounds; r++) for (const xml of docs) engine.results(xml);
        const used = process.cpuUsage(cpu);
        return (used.user + used.system) / 1e3 / (rounds * docs.length);
      };
      cpuPerDoc(native); cpuPerDoc(saxon); // warm-up: compiled rules, JIT
      const runs = Array.from({ length: reps }, () => ({ native: cpuPerDoc(native), saxon: cpuPerDoc(saxon) }));
      const ratio = median(runs.map((r) => r.saxon / r.native));
      const stats = native.stats ? ` (${native.stats.native} answered natively, ${native.stats.fallbacks} sent to Saxon-JS)` : ' (not native: Saxon-JS alone)';
      console.log(`  ${label} (engine ${layer.engine}), ${docs.length} official examples, median of ${reps}: native ${median(runs.map((r) => r.native)).toFixed(2)} ms/doc CPU, `
        + `Saxon-JS ${median(runs.map((r) => r.saxon)).toFixed(2)} ms/doc CPU; Saxon-JS/native = ${ratio.toFixed(1)}×   target ≥ 3×: ${ratio >= 3 ? 'met' : 'MISSED'}${stats}`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await benchAdded(root, process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae'));
}
