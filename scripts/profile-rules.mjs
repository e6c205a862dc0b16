// Dev tool (not part of the build or the tests): where the time of our PINT-AE rule set goes, rule by rule.
//   node scripts/profile-rules.mjs [--sef path] [--reps N] [--rounds N] [--top N] [--only M0,M2]
// Works on OUR compiled rules (dist/schematron/pint-ae.sef.json by default, `npm run build` first): for each rule
// template it builds a variant in memory with that rule's asserts removed (the walk on to the children kept) and times
// it against the unmodified rules over the official examples, interleaved, repeated; the median saving per document is
// the cost of that rule's tests. A variant with every rule removed gives the cost of walking and matching alone.
// Saxon-JS refuses a SEF whose checksum does not match; a modified SEF is re-signed with the checksum Saxon-JS reports.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SaxonJS = require('saxon-js');
const { values: args } = parseArgs({ options: {
  sef: { type: 'string', default: join(root, 'dist/schematron/pint-ae.sef.json') },
  reps: { type: 'string', default: '5' }, rounds: { type: 'string', default: '1' }, top: { type: 'string', default: '25' },
  only: { type: 'string' },
} });
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const examplesDir = join(official, 'examples/invoice');
const docs = readdirSync(examplesDir).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(examplesDir, f), 'utf8'));
const sefText = readFileSync(args.sef, 'utf8');

const walk = (n, f) => { f(n); for (const c of n.C ?? []) walk(c, f); };
const ruleTemplates = (sef) => {
  const out = [];
  walk(sef, (n) => { if (n.N === 'mode' && /^Q\{\}M\d+$/.test(n.name ?? '')) for (const t of n.C) if (t.N === 'templateRule' && Number(t.prio) >= 1000) out.push({ mode: n.name.slice(3), t }); });
  return out;
};
const idsOf = (t) => { const s = new Set(); walk(t, (n) => { if (n.N === 'str' && /^(ibr|aligned)-/.test(n.val)) s.add(n.val); }); return [...s]; };
/** The rule's action reduced to its xsl:apply-templates (the asserts removed). */
const emptyBody = (t) => {
  const i = t.C.findIndex((c) => c.role === 'action');
  const walkOn = t.C[i].N === 'sequence' ? t.C[i].C.find((c) => c.N === 'applyT') : undefined;
  if (walkOn) t.C[i] = { ...walkOn, role: 'action' };
};
const sign = (sef) => {
  sef['Σ'] = '0';
  try { SaxonJS.transform({ stylesheetInternal: structuredClone(sef), sourceText: '<a/>', destination: 'serialized' }, 'sync'); }
  catch (e) { const m = /!= ([0-9a-f]+)/.exec(e.message); if (!m) throw e; sef['Σ'] = m[1]; }
  return sef;
};
const run = (sef) => { for (const xml of docs) SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync'); };
const msPerDoc = (sef, rounds) => { const t = process.hrtime.bigint(); for (let r = 0; r < rounds; r++) run(sef); return Number(process.hrtime.bigint() - t) / 1e6 / (rounds * docs.length); };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const reps = Number(args.reps); const rounds = Number(args.rounds);

/** Median saving (ms/doc) of a variant against the base, measured alternately so load from other processes hits both. */
function saving(base, variant) {
  run(variant);
  const d = [];
  for (let i = 0; i < reps; i++) { const b = msPerDoc(base, rounds); const v = msPerDoc(variant, rounds); d.push(b - v); }
  return median(d);
}

const base = JSON.parse(sefText);
run(base); run(base);
const baseMs = median(Array.from({ length: reps }, () => msPerDoc(base, rounds)));
const bare = JSON.parse(sefText);
for (const { t } of ruleTemplates(bare)) emptyBody(t);
console.log(`our rules: ${baseMs.toFixed(2)} ms/doc over ${docs.length} examples; every rule's tests removed saves ${saving(base, sign(bare)).toFixed(2)} ms/doc`);

const only = args.only ? new Set(args.only.split(',')) : undefined;
const count = ruleTemplates(base).length;
const rows = [];
for (let k = 0; k < count; k++) {
  const variant = JSON.parse(sefText);
  const { mode, t } = ruleTemplates(variant)[k];
  if (only && !only.has(mode)) continue;
  const ids = idsOf(t);
  emptyBody(t);
  rows.push({ mode, prio: t.prio, ids, ms: saving(base, sign(variant)) });
  process.stderr.write(`\r${k + 1}/${count}`);
}
process.stderr.write('\n');
rows.sort((a, b) => b.ms - a.ms);
for (const r of rows.slice(0, Number(args.top))) console.log(`${r.ms.toFixed(3).padStart(7)} ms/doc  ${r.mode} prio ${r.prio}  ${r.ids.join(' ')}`);
console.log(`sum of per-rule savings: ${rows.reduce((s, r) => s + r.ms, 0).toFixed(2)} ms/doc`);
