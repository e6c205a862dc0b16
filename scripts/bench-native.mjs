// Dev tool (not part of the build or the tests): CPU per document of the built-in billing rules on pintae's own
// evaluator, split into reading (parseXml) and evaluating, on the official examples and on a 25-line invoice built by
// pintae (the body bench-serve.mjs posts), and `validate` of that invoice in process. Several builds can be compared in one process, measured alternately so the
// machine's load hits each alike:
//   npm run build && node scripts/bench-native.mjs [--reps 15] [--rounds 4] [--warmup 30] [other-checkout ...]
// Each extra argument is a checkout whose `dist/` was built (e.g. `git archive` of an older commit, then npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, positionals } = parseArgs({ allowPositionals: true, options: {
  reps: { type: 'string', default: '15' }, rounds: { type: 'string', default: '4' }, warmup: { type: 'string', default: '30' },
} });
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const examples = ['invoice', 'creditnote'].map((d) => join(official, 'examples', d)).filter(existsSync)
  .flatMap((d) => readdirSync(d).filter((x) => x.endsWith('.xml')).sort().map((x) => readFileSync(join(d, x), 'utf8')));

/** The 25-line invoice of bench-serve.mjs, built to UBL by this checkout's CLI. */
function invoice25() {
  const base = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
  base.line_items = Array.from({ length: 25 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 2, unit_amount: 50, tax_amount: 5, unit: 'box' }));
  const r = spawnSync(process.execPath, [join(root, 'bin/pintae.js'), 'build', '-', '--entity', join(root, 'fixtures/entities/al-noor-trading.json'),
    '--rates', join(root, 'fixtures/rates/cbuae-2025.csv'), '--no-config', '--deterministic'], { input: JSON.stringify(base), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pintae build failed: ${r.stderr}`);
  return r.stdout;
}
const corpora = { 'official examples': examples, '25-line invoice': [invoice25()] };

/** The same invoice as JSON, for `validate` in process (the whole pipeline a serve worker runs per request). */
function invoice25Json() {
  const base = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
  base.line_items = Array.from({ length: 25 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 2, unit_amount: 50, tax_amount: 5, unit: 'box' }));
  return JSON.stringify(base, null, 2);
}

async function load(checkout) {
  const dist = join(resolve(checkout), 'dist');
  const { createValidator } = await import(join(dist, 'index.js'));
  const validator = await createValidator({ entity: join(root, 'fixtures/entities/al-noor-trading.json'), rates: join(root, 'fixtures/rates/cbuae-2025.csv'), config: false });
  const { engine } = await import(join(dist, 'xpath/index.js'));
  const { parseXml } = await import(join(dist, 'xpath/xml.js'));
  const { NativeRules } = await import(join(dist, 'schematron/native.js'));
  const plan = JSON.parse(readFileSync(join(dist, 'schematron/pint-ae.native.json'), 'utf8'));
  const rules = new NativeRules(engine, plan);
  return {
    name: checkout, parse: (xml) => parseXml(xml), run: (xml) => rules.results(parseXml(xml)), results: (xml) => rules.results(xml),
    validate: (json) => { if (!validator.validate(json).valid) throw new Error('the 25-line invoice is not valid'); },
  };
}

const builds = [await load(root), ...(await Promise.all(positionals.map(load)))];
const reps = Number(args.reps), rounds = Number(args.rounds), warmup = Number(args.warmup);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuPerDoc = (fn, docs, n) => {
  const t = process.cpuUsage();
  for (let r = 0; r < n; r++) for (const d of docs) fn(d);
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1e3 / (n * docs.length);
};

// Same reports from every build (a speed-up that changes an answer is a bug).
for (const [name, docs] of Object.entries(corpora)) {
  for (const b of builds.slice(1)) {
    for (const d of docs) if (JSON.stringify(b.results(d)) !== JSON.stringify(builds[0].results(d))) console.log(`!! ${name}: ${b.name} reports differently from ${root}`);
  }
}
for (const [name, docs] of Object.entries(corpora)) {
  const scale = Math.max(1, Math.round(30 / docs.length)); // about as many documents per round either way
  for (let w = 0; w < warmup; w++) for (const b of builds) { cpuPerDoc(b.run, docs, scale); cpuPerDoc(b.parse, docs, scale); }
  const runs = builds.map(() => ({ run: [], parse: [] }));
  for (let r = 0; r < reps; r++) {
    builds.forEach((b, i) => { runs[i].run.push(cpuPerDoc(b.run, docs, rounds * scale)); runs[i].parse.push(cpuPerDoc(b.parse, docs, rounds * scale)); });
  }
  console.log(`${name} (${docs.length} document${docs.length > 1 ? 's' : ''}), CPU ms per document, median of ${reps} (min–max of the total):`);
  builds.forEach((b, i) => {
    const total = median(runs[i].run), reading = median(runs[i].parse);
    console.log(`  ${b.name}: ${total.toFixed(3)} (reading ${reading.toFixed(3)}, evaluating ${(total - reading).toFixed(3)}) [${Math.min(...runs[i].run).toFixed(3)}–${Math.max(...runs[i].run).toFixed(3)}]`);
  });
}

// The whole pipeline per 25-line invoice (what one `pintae serve` request costs a worker, HTTP aside).
{
  const json = invoice25Json();
  for (let w = 0; w < warmup; w++) for (const b of builds) cpuPerDoc(b.validate, [json], 10);
  const runs = builds.map(() => []);
  for (let r = 0; r < reps; r++) builds.forEach((b, i) => runs[i].push(cpuPerDoc(b.validate, [json], rounds * 10)));
  console.log(`validate in process (createValidator), 25-line invoice, CPU ms per invoice, median of ${reps}:`);
  builds.forEach((b, i) => console.log(`  ${b.name}: ${median(runs[i]).toFixed(3)} [${Math.min(...runs[i]).toFixed(3)}–${Math.max(...runs[i]).toFixed(3)}]`));
}
