// npm run bench:serve: `pintae serve` under load (issue 25 item 7), reported as figures against the targets (never
// asserted in tests). A load generator (autocannon) posts 1-line and 25-line invoices to POST
// /oauth/invoices/validate at concurrency 1, 8, 32 and 128 — requests per second, p50 and p99 latency — with the same
// invoices through the CLI beside them (one process per invoice, as a caller without a server pays, and one batch
// run); then memory (RSS of the server process, its worker threads included) under constant load.
//   --duration <s>         each load cell (default 10)
//   --memory-minutes <m>   the memory run (default 10; 0 skips it)
//   --workers <n>          worker threads of the server (default: one per core)
// Targets: >= 400 validations/s of 25-line invoices at concurrency 32; p99 <= 50 ms at concurrency 8; memory flat
// within 10% over the memory run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/pintae.js');
const entity = join(root, 'fixtures/entities/al-noor-trading.json');
const rates = join(root, 'fixtures/rates/cbuae-2025.csv');

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const MEMORY_MINUTES = arg('memory-minutes', 10);
const WORKERS = arg('workers', os.availableParallelism());
const CONCURRENCY = [1, 8, 32, 128];
const TARGET = { perSec25At32: 400, p99At8Ms: 50, memoryGrowth: 0.10 };

/** The fixture invoice with `lines` lines of its first line's kind (a valid invoice of that size). */
function invoice(lines) {
  const base = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
  base.line_items = Array.from({ length: lines }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 2, unit_amount: 50, tax_amount: 5, unit: 'box' }));
  return JSON.stringify(base, null, 2);
}
const BODIES = { '1-line': invoice(1), '25-line': invoice(25) };

function startServer() {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--workers', String(WORKERS), '--entity', entity, '--rates', rates, '--no-config'], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve({ child, url: out.split('\n')[0] }); });
    child.once('exit', (code) => reject(new Error(`pintae serve exited (${code}) before it listened`)));
  });
}

const load = (url, body, connections, duration) => new Promise((resolve, reject) => {
  autocannon({ url: `${url}/oauth/invoices/validate`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections, duration }, (e, r) => (e ? reject(e) : resolve(r)));
});

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The CLI beside the server: one process per invoice (median of 5), and one batch run of 200 files with --jobs. */
function cli(name, body) {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-bench-serve-'));
  try {
    const file = join(dir, 'invoice.json');
    writeFileSync(file, body);
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      spawnSync(process.execPath, [bin, 'validate', file, '--entity', entity, '--rates', rates, '--no-config', '--format', 'json'], { stdio: 'ignore' });
      times.push(performance.now() - t);
    }
    const batchDir = join(dir, 'batch');
    spawnSync('mkdir', [batchDir]);
    for (let i = 0; i < 200; i++) writeFileSync(join(batchDir, `${i}.json`), body.replace('INV-2025-0001', `INV-B-${i}`));
    const t = performance.now();
    spawnSync(process.execPath, [bin, 'validate', batchDir, '--entity', entity, '--rates', rates, '--no-config', '--format', 'json', '--jobs', String(WORKERS)], { stdio: 'ignore' });
    const batchS = (performance.now() - t) / 1000;
    return { name, perProcessMs: median(times), perProcessPerSec: 1000 / median(times), batchPerSec: 200 / batchS };
  } finally { rmSync(dir, { recursive: true, force: true }); }
}

const { child, url } = await startServer();
try {
  console.log(`pintae serve, ${WORKERS} worker(s), on a ${os.availableParallelism()}-core ${os.cpus()[0]?.model ?? ''}; load by autocannon, ${DURATION} s a cell`);
  for (const [name, body] of Object.entries(BODIES)) {
    const answer = await (await fetch(`${url}/oauth/invoices/validate`, { method: 'POST', body })).json();
    if (!answer.data?.is_valid) throw new Error(`the ${name} bench invoice is not valid: ${JSON.stringify(answer.data?.errors)}`);
  }
  const rows = [];
  for (const [name, body] of Object.entries(BODIES)) {
    await load(url, body, 8, 2); // warm-up, not reported
    for (const c of CONCURRENCY) {
      const r = await load(url, body, c, DURATION);
      rows.push({ invoice: name, concurrency: c, perSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      console.log(`${name.padEnd(8)} c=${String(c).padStart(3)}  ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx}${r.non2xx ? ` ${JSON.stringify(Object.fromEntries(Object.entries(r.statusCodeStats).filter(([k]) => k !== '200').map(([k, v]) => [k, v.count])))}` : ''}  errors ${r.errors}`);
    }
  }
  console.log('\nthe CLI, same invoices:');
  for (const [name, body] of Object.entries(BODIES)) {
    const c = cli(name, body);
    console.log(`${name.padEnd(8)} one process per invoice: ${c.perProcessMs.toFixed(0)} ms (${c.perProcessPerSec.toFixed(1)}/s); batch of 200 files, --jobs ${WORKERS}: ${c.batchPerSec.toFixed(0)}/s`);
  }
  const at = (n, c) => rows.find((r) => r.invoice === n && r.concurrency === c);
  console.log(`\ntarget: >= ${TARGET.perSec25At32}/s of 25-line invoices at c=32: ${at('25-line', 32).perSec.toFixed(0)}/s — ${at('25-line', 32).perSec >= TARGET.perSec25At32 ? 'met' : 'MISSED'}`);
  console.log(`target: p99 <= ${TARGET.p99At8Ms} ms at c=8: 1-line ${at('1-line', 8).p99} ms, 25-line ${at('25-line', 8).p99} ms — ${Math.max(at('1-line', 8).p99, at('25-line', 8).p99) <= TARGET.p99At8Ms ? 'met' : 'MISSED'}`);
  if (MEMORY_MINUTES > 0) {
    const samples = [];
    const seconds = MEMORY_MINUTES * 60;
    const timer = setInterval(() => samples.push(rssMb(child.pid)), 5000);
    const r = await load(url, BODIES['25-line'], 8, seconds);
    clearInterval(timer);
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const first = median(samples.slice(0, tenth));
    const last = median(samples.slice(-tenth));
    const growth = (last - first) / first;
    console.log(`\nmemory over ${MEMORY_MINUTES} min of constant load (25-line, c=8, ${r.requests.total} requests): RSS ${first.toFixed(0)} MB in the first tenth, ${last.toFixed(0)} MB in the last, peak ${Math.max(...samples).toFixed(0)} MB: ${(growth * 100).toFixed(1)}% — ${Math.abs(growth) <= TARGET.memoryGrowth ? 'met' : 'MISSED'} (flat within ${TARGET.memoryGrowth * 100}%)`);
  }
} finally {
  child.kill('SIGTERM');
}
