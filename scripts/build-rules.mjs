// Part of `npm run build`: compiles pintae's own Schematron rule sets (schematron/*.sch) to Saxon-JS SEF in
// dist/schematron/, each twice (see src/schematron/compile.ts): <name>.sef.json, the fast stylesheet, and
// <name>.guarded.sef.json, its twin that turns XPath errors into failed asserts. Build output, not committed;
// unchanged sources are not recompiled (keyed by the XSLT's hash). Beside them <name>.native.json, the schema read for
// pintae's own XPath evaluator (src/schematron/native-plan.ts), written only when every rule compiles natively, with
// <name>.parsed.json, the trees of its expressions; and <name>.hash.json, the hash a report names the rule set by (src/schematron/rulesets.ts).
import { mkdirSync, readdirSync, readFileSync, copyFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { compileSchematron } = await import(join(root, 'dist/schematron/compile.js'));
const { compileXsltCached } = await import(join(root, 'dist/schematron/sef.js'));
const { planNative } = await import(join(root, 'dist/schematron/native-plan.js'));
const { NativeRules } = await import(join(root, 'dist/schematron/native.js'));
const { engine, parsedTrees } = await import(join(root, 'dist/xpath/index.js'));
// PINTAE_SCH_DIR / PINTAE_SEF_OUT_DIR build a working copy of the rules elsewhere (rule authors working side by side).
const source = process.env.PINTAE_SCH_DIR ?? join(root, 'schematron');
const out = process.env.PINTAE_SEF_OUT_DIR ?? join(root, 'dist/schematron');
const cache = join(root, 'node_modules/.cache/pintae-sef');
mkdirSync(out, { recursive: true });
// Every file under a subdirectory may be included by any top-level schema: each schema's hash covers them all.
const shared = readdirSync(source, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.parentPath !== source && /\.(sch|xsl|xslt)$/.test(e.name))
  .map((e) => join(e.parentPath, e.name)).sort();
for (const file of readdirSync(source).filter((f) => f.endsWith('.sch'))) {
  const started = Date.now();
  const text = readFileSync(join(source, file), 'utf8');
  const hash = createHash('sha256');
  for (const part of [text, ...shared.map((p) => `${p.slice(source.length)}\n${readFileSync(p, 'utf8')}`)]) hash.update(createHash('sha256').update(part).digest('hex'));
  writeFileSync(join(out, `${basename(file, '.sch')}.hash.json`), JSON.stringify({ hash: hash.digest('hex') }) + '\n');
  const targets = [[false, `${basename(file, '.sch')}.sef.json`], [true, `${basename(file, '.sch')}.guarded.sef.json`]];
  await Promise.all(targets.map(async ([guards, name]) => {
    const { path } = await compileXsltCached(compileSchematron(text, { baseDir: source, guards }), cache);
    copyFileSync(path, join(out, name));
  }));
  const planFile = join(out, `${basename(file, '.sch')}.native.json`);
  const parsedFile = join(out, `${basename(file, '.sch')}.parsed.json`);
  let native;
  try {
    const plan = planNative(text, { baseDir: source });
    // Every expression the rules compile, with the tree the parser makes of it: a CLI process reads these trees
    // instead of parsing ~430 expressions while the parser's code is cold (engineWithParsed, rulesets.ts).
    const compiledTexts = new Set();
    const recording = {
      ...engine,
      compile: (expr, context) => { compiledTexts.add(expr); return engine.compile(expr, context); },
      compileTest: (expr, context) => { compiledTexts.add(expr); return engine.compileTest(expr, context); },
      // The XPath of xsl:function bodies too (read on a function's first call).
      defineFunctions: (stylesheets, namespaces) => engine.defineFunctions(stylesheets, namespaces, (expr) => compiledTexts.add(expr)),
    };
    new NativeRules(recording, plan).compileAll();
    writeFileSync(`${parsedFile}.tmp`, JSON.stringify(parsedTrees([...compiledTexts].sort())));
    writeFileSync(`${planFile}.tmp`, JSON.stringify(plan));
    renameSync(`${parsedFile}.tmp`, parsedFile);
    renameSync(`${planFile}.tmp`, planFile);
    native = planFile;
  } catch (e) {
    // Not an error: these rules then run on Saxon-JS alone.
    rmSync(planFile, { force: true });
    rmSync(parsedFile, { force: true });
    native = `no native plan (${e.message.split('\n')[0]}): Saxon-JS alone`;
  }
  console.log(`${join(source, file)} → ${[...targets.map(([, name]) => join(out, name)), native].join(', ')} (${Date.now() - started} ms)`);
}
