// `pintae check` on the official examples (issue 10), part of npm run bench: CPU per document of the whole check
// (read, well-formedness, what the document is, the built-in rules, finding positions) warm in one process, and a cold
// `pintae check` of one file. With a baseline (BENCH_CHECK_BASELINE=<git revision>, default the commit before the
// document layer) that revision is built in a temporary worktree beside this one and measured the same way, the two
// alternating, so the figures compare like with like on a machine whose speed drifts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEFAULT_BASELINE = 'daa00dd';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One child process: warm up, then CPU per document of checkXml over every example, `rounds` times. */
const MEASURE = `
const [root, dir, rounds] = process.argv.slice(1);
const { readdirSync, readFileSync } = await import('node:fs');
const { join } = await import('node:path');
const { checkXml } = await import(join(root, 'dist/check.js'));
const { builtinRuleSet } = await import(join(root, 'dist/schematron/rulesets.js'));
const rules = builtinRuleSet();
const docs = readdirSync(dir).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(dir, f)));
// The baseline's checkXml takes text (it read files as UTF-8); the document layer's takes the file's bytes.
const input = Number(process.env.TAKES_TEXT) ? (b) => b.toString('utf8') : (b) => b;
let invalid = 0;
for (const d of docs) if (!checkXml(input(d), rules).response?.data.is_valid) invalid++;
const cpu = process.cpuUsage();
for (let r = 0; r < Number(rounds); r++) for (const d of docs) checkXml(input(d), rules);
const used = process.cpuUsage(cpu);
const saxon = await import(join(root, 'dist/io/saxon.js'));
console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1e3 / (Number(rounds) * docs.length), docs: docs.length, invalid, saxon: saxon.saxonLoaded?.() ?? 'unknown' }));
`;

function measure(root, dir, rounds, takesText) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', MEASURE, root, dir, String(rounds)], { encoding: 'utf8', env: { ...process.env, TAKES_TEXT: takesText ? '1' : '0' } });
  if (r.status !== 0) throw new Error(`measuring ${root}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

function cold(root, file) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    spawnSync(process.execPath, [join(root, 'bin/pintae.js'), 'check', file, '--format', 'json'], { encoding: 'utf8' });
    runs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(runs);
}

/** The baseline revision built beside this checkout, sharing its node_modules (same dependencies). */
export function buildBaseline(root, revision) {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-baseline-'));
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, revision], { stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'ignore' });
  execFileSync(process.execPath, [join(dir, 'scripts/build-rules.mjs')], { cwd: dir, stdio: 'ignore' });
  return { dir, remove: () => { execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' }); rmSync(dir, { recursive: true, force: true }); } };
}

export async function benchCheck(root, official) {
  const dir = join(official, 'examples/invoice');
  if (!existsSync(dir)) { console.log(`  check: skipped (no official examples at ${dir})`); return; }
  const rounds = Number(process.env.BENCH_CHECK_ROUNDS ?? 20);
  const reps = Number(process.env.BENCH_CHECK_REPS ?? 5);
  const revision = process.env.BENCH_CHECK_BASELINE ?? DEFAULT_BASELINE;
  let baseline;
  try { baseline = revision === 'none' ? undefined : buildBaseline(root, revision); } catch (e) { console.log(`  check baseline ${revision}: could not be built (${e.message.split('\n')[0]})`); }
  try {
    const now = []; const before = [];
    for (let i = 0; i < reps; i++) {
      now.push(measure(root, dir, rounds, false));
      if (baseline) before.push(measure(baseline.dir, dir, rounds, true));
    }
    const n = now[0].docs;
    const cpuNow = median(now.map((r) => r.cpuMs));
    console.log(`  check, warm, ${n} official examples (median of ${reps} processes × ${rounds} rounds): ${cpuNow.toFixed(2)} ms CPU/document; Saxon-JS loaded: ${now[0].saxon}`);
    const example = join(dir, 'Standard tax invoice.xml');
    const coldNow = cold(root, example);
    if (baseline) {
      const cpuBefore = median(before.map((r) => r.cpuMs));
      const coldBefore = cold(baseline.dir, example);
      const less = 100 * (1 - cpuNow / cpuBefore);
      console.log(`    before (${revision}): ${cpuBefore.toFixed(2)} ms CPU/document → ${less.toFixed(0)}% less (target ≥ 25%: ${less >= 25 ? 'met' : 'MISSED'})`);
      console.log(`  cold check, one example (median of 5): ${coldNow.toFixed(0)} ms wall (before: ${coldBefore.toFixed(0)} ms)`);
    } else console.log(`  cold check, one example (median of 5): ${coldNow.toFixed(0)} ms wall`);
  } finally {
    baseline?.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import('node:url');
  const { dirname } = await import('node:path');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await benchCheck(root, process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae'));
}
