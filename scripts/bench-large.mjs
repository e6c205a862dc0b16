// Large invoices and --jobs (issue 11), part of npm run bench: wall time and peak RSS of `pintae validate` and of
// `pintae check` on a 20,000-line invoice, of `pintae validate` on a 100,000-line invoice, and of --jobs 40 against
// --jobs 1 on 40 files. With a baseline (BENCH_LARGE_BASELINE=<git revision>, default the commit before this work;
// `none` skips it) that revision is built beside this checkout and measured the same way, the two alternating.
// Each figure is the median of BENCH_LARGE_REPS spawns (default 3); peak RSS needs /usr/bin/time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { largeInvoice, writeCorpus } from './bench-corpus.mjs';
import { buildBaseline } from './bench-check.mjs';

const DEFAULT_BASELINE = 'af3694f';
const TARGET = { rss20kMb: 300, rss100kMb: 1000, time100kS: 30 };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');
// The verdict, not the warnings: a later build may warn of more (the rules-validity warning on the fixtures' date).
const verdictOf = ({ invoices, valid, invalid, rejected, unreadable }) => ({ invoices, valid, invalid, rejected, unreadable });

/** Wall time (s) and peak RSS (MB, the whole process with its worker threads) of one spawn of `pintae`. */
function spawnTimed(root, args) {
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, join(root, 'bin/pintae.js'), ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`pintae ${args.join(' ')} (${root}): exit ${r.status}\n${r.stderr.slice(-2000)}`);
  return { s, mb: Number(r.stderr.trim().split('\n').at(-1)) / 1024, stdout: r.stdout };
}

/** Medians over `reps` spawns, the roots alternating so a drifting machine weighs on both alike. */
function measure(roots, args, reps) {
  const runs = roots.map(() => []);
  for (let i = 0; i < reps; i++) roots.forEach((root, k) => runs[k].push(spawnTimed(root, args)));
  return runs.map((rs) => ({ s: median(rs.map((r) => r.s)), mb: median(rs.map((r) => r.mb)), verdict: verdictOf(JSON.parse(rs[0].stdout).summary) }));
}

const fmt = (m) => `${m.s.toFixed(1)} s, ${m.mb.toFixed(0)} MB`;

export async function benchLarge(root) {
  if (!existsSync('/usr/bin/time')) { console.log('  large invoices: skipped (no /usr/bin/time to read peak RSS)'); return; }
  const reps = Number(process.env.BENCH_LARGE_REPS ?? 3);
  const revision = process.env.BENCH_LARGE_BASELINE ?? DEFAULT_BASELINE;
  const dir = mkdtempSync(join(tmpdir(), 'pintae-bench-large-'));
  let baseline;
  try { baseline = revision === 'none' ? undefined : buildBaseline(root, revision); } catch (e) { console.log(`  large invoices baseline ${revision}: could not be built (${e.message.split('\n')[0]})`); }
  try {
    const roots = baseline ? [root, baseline.dir] : [root];
    const entity = join(root, 'fixtures/entities/al-noor-trading.json');
    const common = ['--entity', entity, '--format', 'json', '--jobs', '1'];
    const report = (what, [now, before], target) => {
      const same = before && JSON.stringify(before.verdict) === JSON.stringify(now.verdict) ? ', same verdict' : before ? ', VERDICT DIFFERS' : '';
      console.log(`  ${what}: ${fmt(now)}${before ? ` (before, ${revision}: ${fmt(before)}${same})` : ''}   ${target(now)}   (${load()})`);
    };
    console.log(`large invoices (issue 11; medians of ${reps}; ${load()}):`);
    for (const lines of [20_000, 100_000]) writeFileSync(join(dir, `lines-${lines}.json`), largeInvoice(root, lines));
    report('validate, 20,000-line invoice', measure(roots, ['validate', join(dir, 'lines-20000.json'), ...common], reps), (m) => `target < ${TARGET.rss20kMb} MB: ${verdict(m.mb < TARGET.rss20kMb)}`);

    const xmlDir = join(dir, 'xml');
    const built = spawnSync(process.execPath, [join(root, 'bin/pintae.js'), 'build', join(dir, 'lines-20000.json'), '--entity', entity, '--deterministic', '--out-dir', xmlDir, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (built.status !== 0) throw new Error(`building the 20,000-line XML: ${built.stderr}`);
    const xml = join(xmlDir, readdirSync(xmlDir)[0]);
    report('check, the same invoice as UBL XML', measure(roots, ['check', xml, '--format', 'json', '--jobs', '1'], reps), (m) => `target < ${TARGET.rss20kMb} MB: ${verdict(m.mb < TARGET.rss20kMb)}`);

    report('validate, 100,000-line invoice', measure(roots, ['validate', join(dir, 'lines-100000.json'), ...common], reps),
      (m) => `target < ${TARGET.time100kS} s and < ${TARGET.rss100kMb} MB: ${verdict(m.s < TARGET.time100kS && m.mb < TARGET.rss100kMb)}`);

    const files = join(dir, 'forty');
    mkdirSync(files);
    writeCorpus(root, files, 40);
    const forty = (jobs) => measure(roots, ['validate', files, '--entity', entity, '--rates', join(root, 'fixtures/rates/cbuae-2025.csv'), '--format', 'json', '--jobs', String(jobs)], reps);
    report('validate --jobs 40, 40 files', forty(40), () => `(lowered to ${os.availableParallelism()} now)`);
    report('validate --jobs 1, the same 40 files', forty(1), () => '');
  } finally {
    baseline?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import('node:url');
  const { dirname } = await import('node:path');
  const { useOwnCache } = await import('./own-cache.mjs');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  useOwnCache(root, 'pintae-bench-home');
  await benchLarge(root);
}
