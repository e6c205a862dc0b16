// Dev tool (not part of the build or the tests): where the time of our PINT-AE rule set goes, rule by rule.
//   node --expose-gc scripts/profile-rules.mjs [--sef path] [--reps N] [--rounds N] [--top N] [--only M0,M2] [--docs dir]
// Works on OUR compiled rules (dist/schematron/pint-ae.sef.json by default, `npm run build` first). The bare rules are
// the stylesheet with every rule's asserts removed (templates, matching and the walk on to the children kept): that is
// the cost of walking and matching alone. For each rule template, a variant of the bare rules keeps that rule's asserts
// and is timed against them over the official examples (CPU time, interleaved, repeated): the median difference per
// document is the cost of that rule's tests (their evaluation and their share of each transform's set-up).
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
  reps: { type: 'string', default: '5' }, rounds: { type: 'string', default: '2' }, top: { type: 'string', default: '25' },
  only: { type: 'string' }, docs: { type: 'string' },
} });
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const examplesDir = args.docs ?? join(official, 'examples/invoice');
const docs = readdirSync(examplesDir).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(examplesDir, f), 'utf8'));
const sefText = readFileSync(args.sef, 'utf8');

const walk = (n, f) => { f(n); for (const c of n.C ?? []) walk(c, f); };
const ruleTemplates = (sef) => {
  const out = [];
  walk(sef, (n) => { if (n.N === 'mode' && /^Q\{\}M\d+$/.test(n.name ?? '')) for (const t of n.C) if (t.N === 'templateRule' && Number(t.prio) >= 1000) out.push({ mode: n.name.slice(3), t }); });
  return out;
};
// Rule ids: literal id attributes, or the third field of a static report given to pintae-sch:report (see compile.ts).
const idsOf = (t) => {
  const s = new Set();
  walk(t, (n) => { if (n.N === 'str') { const f = n.val.split('\uE000'); const id = f.length >= 6 ? f[2] : n.val; if (/^(ibr|aligned)-/.test(id)) s.add(id); } });
  return [...s];
};
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
const gc = globalThis.gc ?? (() => {});
const run = (sef) => { for (const xml of docs) SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync'); };
// CPU time of this process, not wall time: other processes on the machine then matter much less.
const msPerDoc = (sef, rounds) => { gc(); const t = process.cpuUsage(); for (let r = 0; r < rounds; r++) run(sef); const u = process.cpuUsage(t); return (u.user + u.system) / 1e3 / (rounds * docs.length); };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const reps = Number(args.reps); const rounds = Number(args.rounds);

/** Median extra time (ms/doc) of a variant over the base, measured alternately so load from other processes hits both. */
function extra(base, variant) {
  run(variant);
  const d = [];
  for (let i = 0; i < reps; i++) { const b = msPerDoc(base, rounds); const v = msPerDoc(variant, rounds); d.push(v - b); }
  return median(d);
}

/** The rules with the asserts of every rule template removed, except the k-th when k is given. */
function bareRules(k) {
  const sef = JSON.parse(sefText);
  const templates = ruleTemplates(sef);
  templates.forEach(({ t }, i) => { if (i !== k) emptyBody(t); });
  return { sef: sign(sef), rule: k === undefined ? undefined : { mode: templates[k].mode, prio: templates[k].t.prio, ids: idsOf(templates[k].t) } };
}

const whole = JSON.parse(sefText);
const { sef: bare } = bareRules();
run(whole); run(bare);
console.log(`our rules: ${median(Array.from({ length: reps }, () => msPerDoc(whole, rounds))).toFixed(2)} ms/doc over ${docs.length} examples, of which the tests of all rules ${extra(bare, whole).toFixed(2)}`);

const only = args.only ? new Set(args.only.split(',')) : undefined;
const templates = ruleTemplates(whole);
const rows = [];
templates.forEach(({ mode }, k) => {
  if (only && !only.has(mode)) return;
  const { sef, rule } = bareRules(k);
  rows.push({ ...rule, ms: extra(bare, sef) });
  process.stderr.write(`\r${k + 1}/${templates.length}`);
});
process.stderr.write('\n');
rows.sort((a, b) => b.ms - a.ms);
for (const r of rows.slice(0, Number(args.top))) console.log(`${r.ms.toFixed(3).padStart(7)} ms/doc  ${r.mode} prio ${r.prio}  ${r.ids.join(' ')}`);
console.log(`sum over the rules: ${rows.reduce((s, r) => s + r.ms, 0).toFixed(2)} ms/doc`);
