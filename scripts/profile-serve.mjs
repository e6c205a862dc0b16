// Dev tool (not part of the build or the tests): the CPU of one `pintae serve` validation, in process.
//   node scripts/profile-serve.mjs [--lines 25] [--n 200] [--rounds 7] [--warm 300] [--stages] [--pool] [--loop S]
// The body is the one `npm run bench:serve` posts (scripts/bench-serve.mjs: standard.json with `--lines` lines), judged as
// POST /oauth/invoices/validate judges it in a worker (src/serve/work.ts serveTask, op dry-run), with the server's setup
// (--entity, --rates, no config). Figures are CPU time of this process (process.cpuUsage: user + system, every thread),
// never wall time, so other processes on a shared machine matter much less: the median of --rounds rounds of --n
// validations each, after --warm validations not counted; the spread (min–max) says how noisy the rounds were.
//   --stages  the time of each stage, measured alone on the same input (their sum is close to, not exactly, the whole)
//   --pool    the same validations through the server's worker pool (src/serve/pool.ts, one worker, one request at a
//             time): what the round trip to a worker adds (posting the task, structured clone, the answer back)
//   --loop S  only validate for S seconds of CPU (for `node --cpu-prof scripts/profile-serve.mjs --loop 20`)
// `npm run build` first: it loads dist/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(join(root, 'dist', p));
const { values: args } = parseArgs({ options: {
  lines: { type: 'string', default: '25' }, n: { type: 'string', default: '200' }, rounds: { type: 'string', default: '7' },
  warm: { type: 'string', default: '300' }, stages: { type: 'boolean', default: false }, pool: { type: 'boolean', default: false },
  loop: { type: 'string' },
} });
const N = Number(args.n); const ROUNDS = Number(args.rounds); const WARM = Number(args.warm);

/** scripts/bench-serve.mjs's invoice: the fixture with `lines` lines of one kind. */
function invoice(lines) {
  const base = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
  base.line_items = Array.from({ length: lines }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 2, unit_amount: 50, tax_amount: 5, unit: 'box' }));
  return JSON.stringify(base, null, 2);
}
const text = invoice(Number(args.lines));

const { resolveServeSetup } = await dist('serve/setup.js');
const { serveEnv } = await dist('serve/env.js');
const { serveTask } = await dist('serve/work.js');
const options = { entity: join(root, 'fixtures/entities/al-noor-trading.json'), rates: join(root, 'fixtures/rates/cbuae-2025.csv'), config: false };
const { setup } = resolveServeSetup(options);
const env = await serveEnv(setup);
const task = { op: 'dry-run', text };

const answer = serveTask(task, env);
const body = JSON.parse(answer.body);
if (answer.status !== 200 || !body.data?.is_valid) throw new Error(`the bench invoice is not valid: ${answer.body}`);

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** CPU ms per call of `f`: median of ROUNDS rounds of N calls, after WARM calls; with the spread. */
function measure(f, n = N, warm = WARM) {
  for (let i = 0; i < warm; i++) f();
  const per = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = cpuMs();
    for (let i = 0; i < n; i++) f();
    per.push((cpuMs() - t) / n);
  }
  return { median: median(per), min: Math.min(...per), max: Math.max(...per) };
}
const show = (m) => `${m.median.toFixed(3)} ms (rounds ${m.min.toFixed(3)}–${m.max.toFixed(3)})`;

if (args.loop) {
  const until = cpuMs() + Number(args.loop) * 1000;
  let n = 0;
  while (cpuMs() < until) { for (let i = 0; i < 20; i++) serveTask(task, env); n += 20; }
  console.log(`${n} validations`);
  process.exit(0);
}

console.log(`${args.lines}-line invoice (${text.length} characters), CPU per validation, median of ${ROUNDS} rounds of ${N} (after ${WARM}):`);
const whole = measure(() => serveTask(task, env));
console.log(`serveTask (dry run), in process: ${show(whole)}`);

if (args.stages) {
  const { parseJson } = await dist('io/json.js');
  const { pruneEmpty } = await dist('normalize/prune.js');
  const { checkSchema } = await dist('schema/check.js');
  const { unknownFields } = await dist('schema/unknown-fields.js');
  const { normalizeInvoice } = await dist('normalize/invoice.js');
  const { computeTotals, invoiceTypeCode } = await dist('derive/totals.js');
  const { deriveBuyerEndpoint } = await dist('derive/endpoint.js');
  const { runRules } = await dist('rules/index.js');
  const { renderInvoiceWithSources } = await dist('ubl/invoice.js');
  const { invoiceUuid } = await dist('derive/uuid.js');
  const { parseXml } = await dist('xpath/xml.js');
  const { validateInvoice } = await dist('pipeline.js');
  const { jsonPositions, withAncestors } = await dist('io/positions.js');
  const { chooseForBuilt } = await dist('schematron/choice.js');

  const value = parseJson(text).value;
  const pruned = pruneEmpty(value);
  const inv = normalizeInvoice(pruned);
  const entity = env.pipeline.findEntity(inv.entity_id);
  const endpoint = deriveBuyerEndpoint(inv.buyer, inv.transaction_type_code);
  const totals = computeTotals(inv);
  const input = { invoice: inv, entity, endpoint: endpoint.endpoint, totals, rate: undefined, lineAmounts: env.pipeline.lineAmounts, uuid: invoiceUuid({ kind: 'random' }, inv.entity_id, inv.invoice_number) };
  const built = renderInvoiceWithSources(input);
  const chosen = chooseForBuilt(env.pipeline.schematron, built.xml, inv.date).rules;
  const doc = parseXml(built.xml);
  const noRules = { ...env.pipeline, schematron: undefined, duplicate: false };
  const wanted = withAncestors('/invoice_number', new Set());
  const stages = [
    ['JSON.parse (parseJson)', () => parseJson(text)],
    ['pruneEmpty + unknownFields', () => { pruneEmpty(value); unknownFields(value); }],
    ['checkSchema (ajv + value forms)', () => checkSchema(pruned)],
    ['normalizeInvoice', () => normalizeInvoice(pruned)],
    ['computeTotals', () => computeTotals(inv)],
    ['runRules (rule engine)', () => runRules({ invoice: inv, entity, endpoint, rate: undefined, totals, typeCode: invoiceTypeCode(inv), knownEntities: env.pipeline.knownEntities })],
    ['build UBL + serialise (renderInvoiceWithSources)', () => renderInvoiceWithSources(input)],
    ['the same, with the tree the rules read', () => renderInvoiceWithSources(input, true)],
    ['parseXml of the built XML', () => parseXml(built.xml)],
    ['PINT-AE rules on the tree (native)', () => chosen.run(built.xml, doc)],
    ['PINT-AE rules from the text (parse + run)', () => chosen.run(built.xml)],
    ['validateInvoice without PINT-AE rules', () => validateInvoice(value, noRules)],
    ['validateInvoice whole', () => validateInvoice(value, { ...env.pipeline, duplicate: false })],
    ['jsonPositions (placing, nothing failed)', () => jsonPositions(text, wanted)],
    ['JSON.stringify of the answer', () => JSON.stringify(body)],
  ];
  for (const [name, f] of stages) console.log(`  ${name.padEnd(50)} ${show(measure(f))}`);
}

if (args.pool) {
  const { ServePool } = await dist('serve/pool.js');
  const pool = new ServePool({ size: 1, maxQueue: 8, setup });
  await pool.ready;
  for (let i = 0; i < WARM; i++) await pool.run(task);
  const per = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = cpuMs();
    for (let i = 0; i < N; i++) await pool.run(task);
    per.push((cpuMs() - t) / N);
  }
  await pool.close();
  const m = { median: median(per), min: Math.min(...per), max: Math.max(...per) };
  console.log(`through the worker pool (1 worker, sequential; the process's CPU, both threads): ${show(m)}; the round trip adds ${(m.median - whole.median).toFixed(3)} ms`);
}
