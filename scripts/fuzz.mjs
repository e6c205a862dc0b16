// `npm run fuzz -- --count 20000 [--seed 11] [--round 2000] [--keep]`: the long fuzz run of issue 11, outside CI.
// Writes the corpus of scripts/fuzz-corpus.mjs in rounds, runs the real binary on each round with --jobs 1 and
// --jobs 2, and prints what went wrong: internal errors, stack traces, exit codes other than 0/1/2, inputs or
// findings without a line and column, results lost, and --jobs differences. test/e2e/fuzz.test.ts runs one round.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFuzzCorpus } from './fuzz-corpus.mjs';
import { useOwnCache } from './own-cache.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
useOwnCache(ROOT, 'pintae-fuzz-home');

function pintae(args, cwd) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/pintae.js'), ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    const out = []; const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

const located = (x) => Number.isInteger(x?.line) && x.line >= 1 && Number.isInteger(x?.column) && x.column >= 1;

/**
 * True when line:column lies inside the text as pintae reads it (src/io/text.ts: UTF-8 or UTF-16 with a byte-order
 * mark, the mark not counted; a file it refuses is taken a byte a character, which holds every place before its
 * first bad byte).
 */
function inside(text, { line, column }) {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  return line <= lines.length && column <= lines[line - 1].length + 1;
}

/** Everything wrong with one run's report; `texts` reads an input's text for the bounds of its positions. */
function inspect(run, expectedResults, texts) {
  const problems = [];
  if (![0, 1, 2].includes(run.code)) problems.push(`exit code ${run.code}`);
  else if (run.code === 2) problems.push('exit code 2 (an internal fault: the corpus has no usage error)');
  if (/\n\s+at |Maximum call stack|internal error/i.test(run.stderr)) problems.push(`stderr: ${run.stderr.slice(0, 300)}`);
  let report;
  try { report = JSON.parse(run.stdout); } catch { problems.push('stdout is not a JSON report'); return { problems, internal: 0, results: [] }; }
  const results = report.results;
  let internal = 0;
  if (results.length !== expectedResults) problems.push(`${results.length} results for ${expectedResults} invoices and files`);
  for (const r of results) {
    const at = `${r.file}${r.index === null ? '' : `[${r.index}]`}`;
    if (r.error?.internal || /internal error|call stack/i.test(r.error?.message ?? '')) { internal++; problems.push(`${at}: ${r.error.message}`); }
    if (r.error && !(located(r.error) && inside(texts(r.file), r.error))) problems.push(`${at}: unreadable input not located inside the file (${r.error.line}:${r.error.column})`);
    const entries = !r.response ? [] : 'data' in r.response ? [...r.response.data.errors, ...r.response.data.warnings] : r.response.errors;
    for (const e of entries) if (!located(e)) problems.push(`${at}: finding without line and column: ${e.message}`);
  }
  return { problems, internal, results };
}

/** One round: a corpus of `count` invoices, validated with --jobs 1 and --jobs 2. */
export async function fuzzRound({ seed, count, bulkFiles = 4, singleShare = 0.1, keep = false }) {
  const dir = mkdtempSync(join(tmpdir(), `pintae-fuzz-${seed}-`));
  try {
    const corpus = writeFuzzCorpus(ROOT, dir, { seed, count, bulkFiles, singleShare });
    const args = ['validate', dir, '--entity', join(ROOT, 'fixtures/entities/al-noor-trading.json'), '--rates', join(ROOT, 'fixtures/rates/cbuae-2025.csv'), '--today', '2026-01-15', '--format', 'json'];
    const started = performance.now();
    const [one, two] = await Promise.all([pintae([...args, '--jobs', '1'], dir), pintae([...args, '--jobs', '2'], dir)]);
    const seconds = (performance.now() - started) / 1000;
    const cache = new Map();
    const { decodeText } = await import(new URL('../dist/io/text.js', import.meta.url).href);
    const read = (file) => { const bytes = readFileSync(file); const d = decodeText(bytes); return d.ok ? d.text : bytes.toString('latin1'); };
    const texts = (file) => { if (!cache.has(file)) cache.set(file, read(file)); return cache.get(file); };
    const a = inspect(one, corpus.results, texts);
    const b = inspect(two, corpus.results, texts);
    let jobsDifferences = 0;
    if (one.stdout !== two.stdout) {
      const n = Math.max(a.results.length, b.results.length);
      for (let i = 0; i < n; i++) if (JSON.stringify(a.results[i]) !== JSON.stringify(b.results[i])) jobsDifferences++;
      jobsDifferences = Math.max(jobsDifferences, 1);
    }
    return {
      seed, ...corpus, seconds, internal: a.internal + b.internal, jobsDifferences,
      problems: [...a.problems.map((p) => `--jobs 1: ${p}`), ...b.problems.map((p) => `--jobs 2: ${p}`)],
      exitCodes: [one.code, two.code], dir: keep ? dir : undefined,
    };
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv) {
  const option = (name, fallback) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? Number(argv[i + 1]) : fallback; };
  const count = option('count', 2000);
  const round = option('round', 2000);
  const seed = option('seed', 11);
  const keep = argv.includes('--keep');
  const totals = { invoices: 0, files: 0, internal: 0, jobsDifferences: 0, problems: 0, seconds: 0 };
  for (let done = 0, r = 0; done < count; done += round, r++) {
    const result = await fuzzRound({ seed: seed + r, count: Math.min(round, count - done), keep });
    totals.invoices += result.invoices; totals.files += result.files; totals.internal += result.internal;
    totals.jobsDifferences += result.jobsDifferences; totals.problems += result.problems.length; totals.seconds += result.seconds;
    process.stdout.write(`round ${r + 1} (seed ${result.seed}): ${result.invoices} invoices in ${result.files} files, exit ${result.exitCodes.join('/')}, `
      + `${result.internal} internal errors, ${result.jobsDifferences} --jobs differences, ${result.problems.length} problems, ${result.seconds.toFixed(1)} s${result.dir ? `, kept in ${result.dir}` : ''}\n`);
    for (const p of result.problems.slice(0, 20)) process.stdout.write(`  ${p}\n`);
  }
  process.stdout.write(`total: ${totals.invoices} invoices in ${totals.files} files; internal errors: ${totals.internal}; --jobs differences: ${totals.jobsDifferences}; `
    + `problems of any kind (internal errors included): ${totals.problems}; ${totals.seconds.toFixed(1)} s validating (both runs of a round in parallel)\n`);
  return totals.internal + totals.jobsDifferences + totals.problems === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
