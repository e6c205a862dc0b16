// Bulk submission throughput (issue 4), called from bench.mjs: `pintae bulk` against the sandbox on 127.0.0.1.
//   1. invoices/s through `pintae bulk` (offline validation with the PINT-AE rules, ledger, chunks of 50), 1,000 invoices
//   2. the same without the PINT-AE rules, and the same with --no-ledger: the ledger's share of the run
//   3. ledger appends alone: 1,000 invoices recorded as in a bulk run (a fsync'd `sending` and answer append per chunk)
// The sandbox's asynchronous pipeline is held back (long processing delay) so that only submission is measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/pintae.js');
/** The sandbox lives in this process: children are awaited, never spawned synchronously (that would block it). */
function spawnAsync(args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = ''; let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export async function benchBulk(n = Number(process.env.BENCH_BULK_INVOICES ?? 1000)) {
  const { startSandbox } = await import(join(root, 'dist/sandbox/index.js'));
  const { loadRates } = await import(join(root, 'dist/io/rates.js'));
  const { Ledger } = await import(join(root, 'dist/batch/ledger.js'));
  const dir = mkdtempSync(join(tmpdir(), 'pintae-bench-bulk-'));
  const token = 'bench-token-0000';
  const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), tokens: { [token]: 'bench' }, rates: loadRates(join(root, 'fixtures/rates/cbuae-2025.csv')), processingDelayMs: 3_600_000 });
  try {
    const { entity_id: _i, registry_code: _r, ...fields } = JSON.parse(readFileSync(join(root, 'fixtures/entities/al-noor-trading.json'), 'utf8'));
    const created = await fetch(`${sandbox.url}/oauth/entities`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(fields) });
    const entityId = (await created.json()).data.entity_id;
    const template = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
    const env = { ...process.env, PINTAE_TOKEN: token, PINTAE_BASE_URL: sandbox.url, NO_COLOR: '1' };
    const pulled = await spawnAsync([bin, 'entities', 'pull', entityId], { cwd: dir, env });
    if (pulled.status !== 0) throw new Error(`bench bulk: entities pull: ${pulled.stderr}`);
    const run = async (label, extra) => {
      const file = join(dir, `${label}.json`);
      writeFileSync(file, JSON.stringify({ invoices: Array.from({ length: n }, (_, i) => ({ ...template, entity_id: entityId, invoice_number: `${label}-${i}` })) }));
      const t = process.hrtime.bigint();
      const r = await spawnAsync([bin, 'bulk', file, '--chunk', '50', '--format', 'json', ...extra], { cwd: dir, env });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (r.status !== 0) throw new Error(`bench bulk ${label}: exit ${r.status}: ${r.stderr.slice(0, 500)} ${r.stdout.slice(-1500)}`);
      return ms;
    };
    const full = await run('full', ['--rates', join(root, 'fixtures/rates/cbuae-2025.csv')]);
    const lean = await run('lean', ['--no-schematron']);
    const noLedger = await run('noledger', ['--no-schematron', '--no-ledger']);
    const ledger = Ledger.open(join(dir, 'alone', 'ledger.jsonl'));
    const t = process.hrtime.bigint();
    for (let c = 0; c < n; c += 50) {
      const rec = (i, state) => ({ time: new Date().toISOString(), state, base_url: sandbox.url, entity_id: entityId, invoice_number: `A-${i}`, sha256: 'f'.repeat(64) });
      const ids = Array.from({ length: Math.min(50, n - c) }, (_, k) => c + k);
      ledger.append(ids.map((i) => rec(i, 'sending')));
      ledger.append(ids.map((i) => ({ ...rec(i, 'accepted'), invoice_id: `inv-${i}`, status: 'PROCESSING', http: 202 })));
    }
    const appendMs = Number(process.hrtime.bigint() - t) / 1e6;
    ledger.close();
    console.log(`  bulk to the sandbox, ${n} invoices, chunks of 50:`);
    console.log(`    offline validation with PINT-AE rules + ledger: ${fmt(full)} ms, ${fmt(n / (full / 1000))} invoices/s`);
    console.log(`    without PINT-AE rules, with ledger:             ${fmt(lean)} ms, ${fmt(n / (lean / 1000))} invoices/s`);
    console.log(`    without PINT-AE rules, --no-ledger:             ${fmt(noLedger)} ms, ${fmt(n / (noLedger / 1000))} invoices/s (ledger share ≈ ${fmt(lean - noLedger)} ms, noisy)`);
    console.log(`    ledger appends alone (${2 * Math.ceil(n / 50)} fsync'd appends): ${fmt(appendMs, 1)} ms, ${fmt((appendMs * 1000) / n, 0)} µs per invoice`);
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBulk();
