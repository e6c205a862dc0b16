// Part of `npm run bench` (issue 23 item 4): a release as OpenPeppol publishes one — per layer a Schematron schema and
// the XSLT compiled from it, here pintae's built-in billing rules so laid out (write-release.mjs) — added with
// `rules add` from its Schematron and run on pintae's own evaluator, against the same release's XSLT on Saxon-JS (the
// stylesheets as published, compiled to SEF by pintae's pinned xslt3, in process) and on Java Saxon-HE (where java,
// javac and a Saxon-HE jar are present: bench-java.mjs, scripts/java/SaxonHeBench.java). CPU per document over the
// official examples, after warm-up rounds; both layers of the release on every document. Target (issue 23 "done
// when"): native at most a third of Java Saxon-HE's CPU per document.
// Run alone: npm run build && node scripts/bench-release.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileHarness, ok, saxonJar } from './bench-java.mjs';
import { writeRelease } from './write-release.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x) => x.toFixed(2);

export async function benchRelease(root, official) {
  const label = '  release added from its Schematron';
  const examples = ['invoice', 'creditnote'].map((d) => join(official, 'examples', d)).filter(existsSync);
  if (examples.length === 0) { console.log(`${label}: skipped (no official examples under ${official})`); return; }
  const files = examples.flatMap((d) => readdirSync(d).filter((x) => x.endsWith('.xml')).sort().map((x) => join(d, x)));
  const docs = files.map((x) => readFileSync(x, 'utf8'));
  const { compileSchematron } = await import(join(root, 'dist/schematron/compile.js'));
  const { addRuleSet, resolveRuleSet } = await import(join(root, 'dist/schematron/rulesets.js'));
  const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
  const { sefCacheDir } = await import(join(root, 'dist/schematron/sef.js'));
  const { parseXml } = await import(join(root, 'dist/xpath/xml.js'));
  const work = mkdtempSync(join(tmpdir(), 'pintae-bench-release-'));
  // The release's entries in a cache of their own; compiled stylesheets where the caller keeps them (compiled once).
  const env = { ...process.env, PINTAE_CACHE_DIR: join(work, 'cache'), PINTAE_SEF_CACHE_DIR: sefCacheDir(process.env) };
  try {
    const release = writeRelease(root, join(work, 'pint-ae-1.0.4'), compileSchematron);
    const native = await addRuleSet(release, { name: 'release', env });
    const layers = (await resolveRuleSet('release', env)).layers;
    const published = await addRuleSet(release, { name: 'release-xslt', env, engine: 'saxon-js' });
    const saxon = published.layers.map((l) => CompiledRules.fromFile(l.file, join(env.PINTAE_CACHE_DIR, 'rules', 'release-xslt', l.file)));

    const rounds = Number(process.env.BENCH_RULE_ROUNDS ?? 2);
    const reps = Number(process.env.BENCH_RULE_REPS ?? 7);
    // Like for like with Java below: the native engines get as many warm-up rounds as Java Saxon-HE does (V8's JIT
    // also keeps improving for thousands of documents: 0.55 ms/doc after 5 rounds, 0.44 after 150). Saxon-JS's figure
    // is not the target and costs 0.2 s a round, so it warms up briefly.
    const warmRounds = Number(process.env.BENCH_NATIVE_WARMUP ?? process.env.BENCH_JAVA_WARMUP ?? 600);
    const saxonWarmRounds = Number(process.env.BENCH_SAXONJS_WARMUP ?? 5);
    const cpuPerDoc = (run) => {
      const cpu = process.cpuUsage();
      for (let r = 0; r < rounds; r++) for (const xml of docs) run(xml);
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / 1e3 / (rounds * docs.length);
    };
    // Natively as `check` runs a set: the document read once by pintae's reader, every layer on that tree, the report
    // built (SvrlResult objects: what `check` turns into findings). Each layer from the text too (the document read
    // once per layer). The reading alone (parseXml) is measured the same way, for the split into reading and evaluating.
    const engines = {
      native: (xml) => { const doc = parseXml(xml); for (const l of layers) l.results(xml, doc); },
      nativeText: (xml) => { for (const l of layers) l.results(xml); },
      nativeParse: (xml) => parseXml(xml),
      saxon: (xml) => { for (const s of saxon) s.results(xml); },
    };
    // Warm-up rounds counted as Java's are, in passes over the examples (cpuPerDoc makes `rounds` passes). The native
    // engines are warmed and measured before Saxon-JS runs at all: Java runs in a process of its own, and Saxon-JS's
    // garbage (9 ms of work per document) was collected partly during native's measured rounds when they alternated,
    // charging native 0.15–0.2 ms/doc of Saxon-JS's collector (docs/decisions.md, "Per-document state kept by the
    // document").
    const measure = (names) => {
      for (const name of names) for (let w = 0; w < Math.ceil((name === 'saxon' ? saxonWarmRounds : warmRounds) / rounds); w++) cpuPerDoc(engines[name]);
      return Array.from({ length: reps }, () => Object.fromEntries(names.map((k) => [k, cpuPerDoc(engines[k])])));
    };
    const nativeRuns = measure(['native', 'nativeText', 'nativeParse']);
    const saxonRuns = measure(['saxon']);
    const runs = nativeRuns.map((r, i) => ({ ...r, ...saxonRuns[i] }));
    const nativeMs = median(runs.map((r) => r.native));
    const nativeTextMs = median(runs.map((r) => r.nativeText));
    const nativeParseMs = median(runs.map((r) => r.nativeParse));
    const saxonMs = median(runs.map((r) => r.saxon));
    const answered = layers.map((l) => (l.stats ? `${l.stats.native} native/${l.stats.fallbacks} fallback` : 'not native')).join(', ');

    // Java Saxon-HE on the release's .xslt files, as published.
    let java = 'Java Saxon-HE: ';
    let javaMs;
    const jar = saxonJar();
    const missing = [!ok('java', ['-version']) && 'java', !ok('javac', ['-version']) && 'javac', !jar && 'a Saxon-HE jar (Debian libsaxonhe-java, or $SAXON_HE_JAR)'].filter(Boolean);
    if (missing.length) java += `not measured, missing: ${missing.join('; ')}`;
    else {
      const { cacheDir } = await import(join(root, 'dist/io/cache-dir.js'));
      const classes = compileHarness(root, jar, cacheDir());
      // Far more warm-up than bench-java.mjs's 5 rounds: the JIT keeps improving Saxon-HE for thousands of
      // transforms (Saxon-HE 9.9 on OpenJDK 17 here, the release's two stylesheets on the 30 examples: 1.34 ms/doc
      // after 20 rounds, 0.93 after 100, 0.81 after 300, 0.67 after 600, 0.63 after 1,500), and the target is a ratio
      // to a warm Java. The harness reads each document once and applies both stylesheets to the tree, as `check`
      // does natively; it reports this thread's CPU and the process's (GC and JIT threads included, as Node's
      // process.cpuUsage() includes V8's): the ratio is taken on the process figures, like for like.
      const warmUp = Number(process.env.BENCH_JAVA_WARMUP ?? 600);
      const javaRounds = Number(process.env.BENCH_JAVA_ROUNDS ?? 50);
      const r = spawnSync('java', ['-cp', `${jar}:${classes}`, 'SaxonHeBench', release, String(warmUp), String(javaRounds), ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const line = /stylesheets=(\d+) .*cpu_ms_per_doc=([\d.]+) failed=(\d+) parse_ms_per_doc=([\d.]+) process_cpu_ms_per_doc=([\d.]+) process_parse_ms_per_doc=([\d.]+)/.exec(r.stdout);
      if (r.status !== 0 || !line) java += `failed (${(r.stderr || r.stdout).trim().split('\n').slice(0, 3).join(' | ')})`;
      else {
        const [thread, threadParse, process_, processParse] = [line[2], line[4], line[5], line[6]].map(Number);
        javaMs = process_;
        java += `${f(javaMs)} ms/doc (reading ${f(processParse)}, evaluating ${f(javaMs - processParse)}; this thread alone ${f(thread)}, reading ${f(threadParse)}; ` +
          `${line[1]} stylesheets on each document read once, process CPU after ${warmUp} warm-up rounds, ${javaRounds} measured${line[3] !== '0' ? `; ${line[3]} transforms failed` : ''})`;
      }
    }
    console.log(`${label} (${native.layers.map((l) => `${l.from} [${l.engine}]`).join(', ')}), ${docs.length} official examples, CPU per document, median of ${reps}, native after ${warmRounds} warm-up rounds:`);
    console.log(`    native ${f(nativeMs)} ms/doc (read once, as check runs it: reading ${f(nativeParseMs)}, evaluating ${f(nativeMs - nativeParseMs)}; ${f(nativeTextMs)} with each layer reading the text; ${answered})`);
    console.log(`    its XSLT on Saxon-JS ${f(saxonMs)} ms/doc (each stylesheet reading the text), ${java}`);
    const ratios = [`Saxon-JS/native = ${(saxonMs / nativeMs).toFixed(1)}×`];
    if (javaMs !== undefined) ratios.push(`native/Java = ${(nativeMs / javaMs).toFixed(2)}×   target ≤ 0.33×: ${nativeMs <= javaMs / 3 ? 'met' : 'MISSED'}`, `Saxon-JS/Java = ${(saxonMs / javaMs).toFixed(2)}×`);
    else ratios.push('target native ≤ ⅓ of Java Saxon-HE: not judged (no Java figure)');
    console.log(`    ${ratios.join(', ')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  (await import('./own-cache.mjs')).useOwnCache(root, 'pintae-bench-home');
  await benchRelease(root, process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae'));
}
