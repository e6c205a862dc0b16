// Dev tool (not part of the build or the tests): `pintae serve` of two or more checkouts compared under the same load,
// alternately, so the machine's other work hits each alike: 25-line invoices (bench-serve.mjs's body) posted to
// POST /oauth/invoices/validate at concurrency 32, 2 workers each, a 5-second warm-up, then 5 rounds of 8 seconds.
//   npm run build && node scripts/bench-serve-ab.mjs . ../other-checkout
// Each argument is a checkout whose dist/ was built (e.g. a `git archive` of an older commit, then npm run build).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const checkouts = process.argv.slice(2).map((c) => resolve(c));
if (checkouts.length === 0) { console.error('usage: node scripts/bench-serve-ab.mjs <checkout> [<checkout> ...]'); process.exit(2); }
const base = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
base.line_items = Array.from({ length: 25 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 2, unit_amount: 50, tax_amount: 5, unit: 'box' }));
const body = JSON.stringify(base, null, 2);

const start = (checkout) => new Promise((done, fail) => {
  const child = spawn(process.execPath, [join(checkout, 'bin/pintae.js'), 'serve', '--port', '0', '--workers', '2', '--entity', join(root, 'fixtures/entities/al-noor-trading.json'),
    '--rates', join(root, 'fixtures/rates/cbuae-2025.csv'), '--no-config'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) done({ child, url: out.split('\n')[0] }); });
  child.once('exit', (code) => fail(new Error(`pintae serve of ${checkout} exited (${code}) before it listened`)));
});
const load = (url, duration) => new Promise((done, fail) => autocannon({ url: `${url}/oauth/invoices/validate`, method: 'POST', body,
  headers: { 'content-type': 'application/json' }, connections: 32, duration }, (e, r) => (e ? fail(e) : done(r))));

const servers = [];
try {
  for (const c of checkouts) servers.push(await start(c));
  for (const s of servers) await load(s.url, 5);
  const rates = checkouts.map(() => []);
  for (let round = 0; round < 5; round++) for (let i = 0; i < servers.length; i++) rates[i].push((await load(servers[i].url, 8)).requests.average);
  console.log('25-line invoices at c=32, req/s per round (alternating), median:');
  checkouts.forEach((c, i) => console.log(`  ${c}: ${rates[i].map((x) => x.toFixed(0)).join(' ')}; median ${[...rates[i]].sort((a, b) => a - b)[2].toFixed(0)}`));
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
