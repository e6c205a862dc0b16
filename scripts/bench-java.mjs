// Part of `npm run bench -- --java-xslt <dir>` (issue 13 item 6): the same documents through Java Saxon-HE, pintae's own
// evaluator and Saxon-JS, CPU per document, printed as ratios. Needs `java`, `javac` and a Saxon-HE jar (Debian
// libsaxonhe-java, or $SAXON_HE_JAR); without them, or without --java-xslt, the row says why it was skipped.
// The XSLT: `node scripts/write-xslt.mjs <dir>` writes pintae's built-in rules as XSLT (<dir>/billing); the official
// rules exist here only as SEF, which Java cannot run. The harness (scripts/java/SaxonHeBench.java) is compiled with
// javac into the cache directory on first use; it compiles the stylesheets once and measures this thread's CPU after
// warm-up rounds, so JVM start-up, stylesheet compilation and JIT warm-up are not in the Java figure (nor, by warm-up
// rounds, in the other two). Run alone: npm run build && node scripts/bench-java.mjs --java-xslt <dir>
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const ok = (cmd, args) => { try { return spawnSync(cmd, args, { encoding: 'utf8' }).status === 0; } catch { return false; } };

/** The value of --java-xslt in argv, if any. */
export function javaXsltArg(argv) {
  const i = argv.indexOf('--java-xslt');
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith('--java-xslt='))?.slice('--java-xslt='.length);
}

/** A Saxon-HE jar: $SAXON_HE_JAR, else the one Debian's libsaxonhe-java installs. */
export function saxonJar() {
  if (process.env.SAXON_HE_JAR) return existsSync(process.env.SAXON_HE_JAR) ? process.env.SAXON_HE_JAR : undefined;
  const listed = spawnSync('dpkg', ['-L', 'libsaxonhe-java'], { encoding: 'utf8' });
  const fromDpkg = listed.status === 0 ? listed.stdout.split('\n').find((l) => /\/usr\/share\/java\/Saxon-HE\.jar$/.test(l)) : undefined;
  return [fromDpkg, '/usr/share/java/Saxon-HE.jar'].find((p) => p && existsSync(p));
}

/** Compiles the harness once per source and jar into <cache>/bench-java/<hash>; returns the class directory. */
export function compileHarness(root, jar, cache) {
  const source = join(root, 'scripts/java/SaxonHeBench.java');
  const key = createHash('sha256').update(readFileSync(source)).update(jar).digest('hex').slice(0, 16);
  const out = join(cache, 'bench-java', key);
  if (!existsSync(join(out, 'SaxonHeBench.class'))) {
    mkdirSync(out, { recursive: true });
    const r = spawnSync('javac', ['-d', out, '-cp', jar, source], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`javac failed: ${r.stderr}`);
  }
  return out;
}

export async function benchJava(root, official, xsltDir) {
  const label = '  Java Saxon-HE';
  if (!xsltDir) {
    console.log(`${label}: skipped (no --java-xslt <dir>; node scripts/write-xslt.mjs <dir> writes the built-in rules as XSLT into <dir>/billing; the official rules are here only as SEF, which Java cannot run)`);
    return;
  }
  const dir = resolve(xsltDir);
  const stylesheets = existsSync(dir) ? readdirSync(dir).filter((f) => /\.xslt?$/.test(f)).sort() : [];
  const jar = saxonJar();
  const missing = [!ok('java', ['-version']) && 'java', !ok('javac', ['-version']) && 'javac', !jar && 'a Saxon-HE jar (Debian libsaxonhe-java, or $SAXON_HE_JAR)', stylesheets.length === 0 && `.xsl/.xslt files in ${dir}`].filter(Boolean);
  if (missing.length) { console.log(`${label}: skipped, missing: ${missing.join('; ')}. No ratio reported.`); return; }
  const examples = ['invoice', 'creditnote'].map((d) => join(official, 'examples', d)).filter(existsSync);
  if (examples.length === 0) { console.log(`${label}: skipped (no official examples under ${official})`); return; }
  const files = examples.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).sort().map((f) => join(d, f)));
  const docs = files.map((f) => readFileSync(f, 'utf8'));

  const { cacheDir } = await import(join(root, 'dist/io/cache-dir.js'));
  const classes = compileHarness(root, jar, cacheDir());
  const warmUp = Number(process.env.BENCH_JAVA_WARMUP ?? 5);
  const rounds = Number(process.env.BENCH_JAVA_ROUNDS ?? 10);
  const java = spawnSync('java', ['-cp', `${jar}:${classes}`, 'SaxonHeBench', dir, String(warmUp), String(rounds), ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = /cpu_ms_per_doc=([\d.]+) failed=(\d+)/.exec(java.stdout);
  if (java.status !== 0 || !line) { console.log(`${label}: failed (${(java.stderr || java.stdout).trim().split('\n').slice(0, 3).join(' | ')})`); return; }
  const javaMs = Number(line[1]);

  // The same stylesheets on Saxon-JS (compiled to SEF by pintae's pinned xslt3), and the built-in rules natively.
  const { compileXslt } = await import(join(root, 'dist/schematron/sef.js'));
  const { CompiledRules } = await import(join(root, 'dist/schematron/run.js'));
  const { builtinRuleSet } = await import(join(root, 'dist/schematron/rulesets.js'));
  const { writeBuiltinXslt } = await import('./write-xslt.mjs');
  const saxonJs = await Promise.all(stylesheets.map(async (f) => new CompiledRules(f, await compileXslt(readFileSync(join(dir, f), 'utf8')))));
  const native = builtinRuleSet().billing.layers[0];
  // Is the XSLT given the built-in billing rules? Then all three rows judge with the same rules.
  const { mkdtempSync, rmSync } = await import('node:fs');
  const tmp = mkdtempSync(join((await import('node:os')).tmpdir(), 'pintae-bench-java-'));
  let same = false;
  try {
    const [billing] = await writeBuiltinXslt(tmp);
    same = stylesheets.length === 1 && readFileSync(join(billing, 'pint-ae.xsl'), 'utf8') === readFileSync(join(dir, stylesheets[0]), 'utf8');
  } finally { rmSync(tmp, { recursive: true, force: true }); }

  const jsRounds = Number(process.env.BENCH_RULE_ROUNDS ?? 2);
  const reps = Number(process.env.BENCH_RULE_REPS ?? 7);
  const cpuPerDoc = (run) => {
    const cpu = process.cpuUsage();
    for (let r = 0; r < jsRounds; r++) for (const xml of docs) run(xml);
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1e3 / (jsRounds * docs.length);
  };
  const runNative = (xml) => native.results(xml);
  const runSaxonJs = (xml) => { for (const s of saxonJs) s.svrl(xml); };
  cpuPerDoc(runNative); cpuPerDoc(runSaxonJs); // warm-up: compiled rules, JIT
  const runs = Array.from({ length: reps }, () => ({ native: cpuPerDoc(runNative), saxonJs: cpuPerDoc(runSaxonJs) }));
  const nativeMs = median(runs.map((r) => r.native));
  const saxonJsMs = median(runs.map((r) => r.saxonJs));
  const f = (x) => x.toFixed(2);
  console.log(`${label}, ${stylesheets.length} stylesheet(s) from ${dir}, ${docs.length} official examples (CPU per document; Java: this thread after ${warmUp} warm-up rounds, ${rounds} measured, JVM start-up, stylesheet compilation and JIT warm-up excluded${line[2] !== '0' ? `; ${line[2]} transforms failed` : ''}):`);
  console.log(`    native (pintae's evaluator, built-in billing rules) ${f(nativeMs)} ms/doc, Saxon-JS ${f(saxonJsMs)} ms/doc, Java Saxon-HE ${f(javaMs)} ms/doc`);
  console.log(`    Saxon-JS/Java = ${(saxonJsMs / javaMs).toFixed(2)}×, native/Java = ${(nativeMs / javaMs).toFixed(2)}×, Saxon-JS/native = ${(saxonJsMs / nativeMs).toFixed(1)}×`
    + (same ? '   (the same rules on all three: the XSLT given is the built-in billing rules)' : '   (the XSLT given is not the built-in billing rules: the native figure is theirs, for scale only)'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await benchJava(root, process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae'), javaXsltArg(process.argv.slice(2)));
}
