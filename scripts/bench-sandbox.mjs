// The cost of the rule-set sandbox (issue 21; docs/decisions.md "Saxon-JS behind a process boundary"): the official
// PINT-AE rules (both compiled layers, shared/pint-ae/sef) on the official examples, run by Saxon-JS in pintae's
// process (CompiledRules) and in the sandboxed child (SandboxedRules), the two alternating pass by pass. Per document:
// wall time, and CPU time (in-process: this process; sandboxed: this process, its bridge thread included, plus the
// child's, read from /proc). Also the child's start (first document, Saxon-JS loaded and the SEF parsed).
// After a build: node scripts/bench-sandbox.mjs [passes, default 5]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
const { SandboxedRules, sandboxChildPids } = await import(join(root, 'dist/schematron/sandbox/runner.js'));
const { sandboxSupport } = await import(join(root, 'dist/schematron/sandbox/boundary.js'));
const { readCpuMs } = await import(join(root, 'dist/schematron/sandbox/usage.js'));

const layers = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json'].map((f) => join(official, 'sef', f));
if (!layers.every((f) => existsSync(f))) { console.log(`sandbox: skipped (no official SEF under ${official}/sef)`); process.exit(0); }
const dirs = ['examples/invoice', 'examples/creditnote'].map((d) => join(official, d));
const docs = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(d, f), 'utf8')));
const passes = Number(process.argv[2] ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const childCpu = () => sandboxChildPids().reduce((sum, pid) => sum + (readCpuMs(pid) ?? 0), 0);

const inProcess = layers.map((f, k) => new CompiledRules(`layer${k}`, readFileSync(f, 'utf8')));
const sandboxed = layers.map((f, k) => SandboxedRules.fromFile(`layer${k}`, f));

let t = process.hrtime.bigint();
for (const s of sandboxed) s.svrl(docs[0]);
const startMs = Number(process.hrtime.bigint() - t) / 1e6;
for (const c of inProcess) c.svrl(docs[0]);

const measure = (runners, child) => {
  const t0 = process.hrtime.bigint();
  const [c0, k0] = [cpuMs(), child ? childCpu() : 0];
  let same = 0;
  for (const doc of docs) for (const r of runners) same += r.svrl(doc).length;
  return { wall: Number(process.hrtime.bigint() - t0) / 1e6 / docs.length, cpu: (cpuMs() - c0 + (child ? childCpu() - k0 : 0)) / docs.length, same };
};
const runs = { in: [], sb: [] };
for (let p = 0; p < passes; p++) {
  runs.in.push(measure(inProcess, false));
  runs.sb.push(measure(sandboxed, true));
}
for (const doc of docs) for (const k of layers.keys()) if (inProcess[k].svrl(doc) !== sandboxed[k].svrl(doc)) throw new Error('the sandboxed SVRL differs');
const f = (x) => x.toFixed(1).padStart(6);
const support = sandboxSupport();
console.log(`rule-set sandbox (${process.version}; ${'layers' in support ? support.layers.join(', ') : support.unavailable}):`);
console.log(`  official rules, both layers, ${docs.length} examples, median of ${passes} passes, per document:`);
const [wi, ws, ci, cs] = [median(runs.in.map((r) => r.wall)), median(runs.sb.map((r) => r.wall)), median(runs.in.map((r) => r.cpu)), median(runs.sb.map((r) => r.cpu))];
console.log(`    wall  in-process ${f(wi)} ms   sandboxed ${f(ws)} ms   (+${(ws - wi).toFixed(1)} ms)`);
console.log(`    CPU   in-process ${f(ci)} ms   sandboxed ${f(cs)} ms   (+${(cs - ci).toFixed(1)} ms, parent and child)`);
console.log(`  child start and first document (both layers): ${startMs.toFixed(0)} ms; SVRL identical on every example`);
