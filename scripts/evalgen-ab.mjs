// PHASE 1 EXPERIMENT (issue 23 item 4, round 5), not part of the build: tests compiled to JavaScript source (src/xpath/gen.ts)
// against the closures, on the built-in billing rules and the official examples.
//   node scripts/evalgen-ab.mjs inproc [reps]       both in one process, alternating (and: same reports, coverage)
//   node scripts/evalgen-ab.mjs single [reps]       this process's build (PINTAE_EVALGEN=0/1) alone
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const official = process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae');
const docs = ['invoice', 'creditnote'].map((d) => join(official, 'examples', d)).filter(existsSync)
  .flatMap((d) => readdirSync(d).filter((x) => x.endsWith('.xml')).sort().map((x) => readFileSync(join(d, x), 'utf8')));
const dist = join(root, 'dist');
const { engine } = await import(join(dist, 'xpath/index.js'));
const { GEN } = await import(join(dist, 'xpath/evaluate.js'));
const { genStats } = await import(join(dist, 'xpath/gen.js'));
const { parseXml } = await import(join(dist, 'xpath/xml.js'));
const { NativeRules } = await import(join(dist, 'schematron/native.js'));
const plan = JSON.parse(readFileSync(join(dist, 'schematron/pint-ae.native.json'), 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpu = (fn, n) => { const t = process.cpuUsage(); for (let r = 0; r < n; r++) for (const x of docs) fn(x); const u = process.cpuUsage(t); return (u.user + u.system) / 1e3 / (n * docs.length); };

/** A rule set compiled with the generator on or off (compiled on first use: every example run once now). */
function make(on) {
  GEN.on = on;
  GEN.time = process.env.PINTAE_EVALGEN_TIME === '1';
  const rules = new NativeRules(engine, plan);
  const results = docs.map((x) => rules.results(parseXml(x)));
  GEN.on = false;
  return { rules, results, run: (x) => rules.results(parseXml(x)) };
}
const mode = process.argv[2] ?? 'inproc', reps = Number(process.argv[3] ?? 15), rounds = 4, warm = Number(process.env.WARM ?? 150);
const parse = (x) => parseXml(x);
if (mode === 'inproc') {
  const on = make(true), off = make(false);
  for (let i = 0; i < docs.length; i++) assert.deepStrictEqual(on.results[i], off.results[i], `example ${i}: different reports`);
  // Mutants: an element removed, emptied, given another text, or repeated (deterministic).
  let seed = 7; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const texts = ['', ' ', 'X', '-1', '0', '1.005', 'abc', 'AED', '2025-13-40', 'NaN', '  a  b '];
  let nm = 0, nr = 0;
  for (const x of docs) for (let m = 0; m < 40; m++) {
    const spans = [...x.matchAll(/<([\w:]+)(\s[^>]*)?>([^<]*)<\/\1>/g)];
    const s = spans[Math.floor(rnd() * spans.length)];
    const k = Math.floor(rnd() * 4), i = s.index, e = i + s[0].length;
    const t = texts[Math.floor(rnd() * texts.length)];
    const y = k === 0 ? x.slice(0, i) + x.slice(e) : k === 1 ? x.slice(0, i) + `<${s[1]}${s[2] ?? ''}></${s[1]}>` + x.slice(e)
      : k === 2 ? x.slice(0, i) + `<${s[1]}${s[2] ?? ''}>${t}</${s[1]}>` + x.slice(e) : x.slice(0, e) + s[0] + x.slice(e);
    let a, b;
    try { a = on.rules.results(parseXml(y)); } catch (err) { a = String(err); }
    try { b = off.rules.results(parseXml(y)); } catch (err) { b = String(err); }
    assert.deepStrictEqual(a, b, `mutant: different reports`);
    nm++; nr += Array.isArray(a) ? a.length : 0;
  }
  console.log(`same reports on ${docs.length} examples and ${nm} mutants (${nr} results)`);
  for (let w = 0; w < warm; w++) { cpu(on.run, 1); cpu(off.run, 1); cpu(parse, 1); }
  const a = [], b = [], p = [], ta = { full: [], other: [] }, tb = { full: [], other: [] };
  const n = rounds * docs.length;
  const take = (t) => { t.full.push(genStats.nsFull / n / 1e3); t.other.push(genStats.nsOther / n / 1e3); for (const k of Object.keys(genStats)) genStats[k] = 0; };
  for (let r = 0; r < reps; r++) {
    for (const k of Object.keys(genStats)) genStats[k] = 0;
    a.push(cpu(off.run, rounds)); take(ta); b.push(cpu(on.run, rounds)); take(tb); p.push(cpu(parse, rounds));
  }
  if (GEN.time) console.log(`timed, µs/doc: closures covered ${median(ta.full).toFixed(1)} others ${median(ta.other).toFixed(1)}; generated covered ${median(tb.full).toFixed(1)} others ${median(tb.other).toFixed(1)}`);
  const rd = median(p);
  console.log(`closures ${median(a).toFixed(3)} (evaluating ${(median(a) - rd).toFixed(3)}), generated ${median(b).toFixed(3)} (evaluating ${(median(b) - rd).toFixed(3)}), reading ${rd.toFixed(3)} ms/doc`);
} else if (mode === 'single') {
  const s = make(process.env.PINTAE_EVALGEN === '1');
  for (let w = 0; w < warm; w++) { cpu(s.run, 1); cpu(parse, 1); }
  const a = [], p = [];
  for (let r = 0; r < reps; r++) { a.push(cpu(s.run, rounds)); p.push(cpu(parse, rounds)); }
  if (GEN.time) { for (const k of Object.keys(genStats)) genStats[k] = 0; cpu(s.run, rounds); const n = rounds * docs.length;
    console.log(`per doc: tests ${(genStats.tests / n).toFixed(1)}, fully covered ${(genStats.full / n).toFixed(1)}; µs in covered ${(genStats.nsFull / n / 1e3).toFixed(1)}, others ${(genStats.nsOther / n / 1e3).toFixed(1)}`); }
  console.log(`${process.env.PINTAE_EVALGEN === '1' ? 'generated' : 'closures'}${GEN.fullOnly ? ' (full only)' : ''}: ${median(a).toFixed(3)} (evaluating ${(median(a) - median(p)).toFixed(3)}) ms/doc`);
}
