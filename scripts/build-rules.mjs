// Part of `npm run build`: compiles pintae's own Schematron rule sets (schematron/*.sch) to Saxon-JS SEF in
// dist/schematron/. Build output, not committed; unchanged sources are not recompiled (keyed by the XSLT's hash).
import { mkdirSync, readdirSync, readFileSync, copyFileSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { compileSchematron } = await import(join(root, 'dist/schematron/compile.js'));
const { compileXsltCached } = await import(join(root, 'dist/schematron/sef.js'));
// PINTAE_SCH_DIR / PINTAE_SEF_OUT_DIR build a working copy of the rules elsewhere (rule authors working side by side).
const source = process.env.PINTAE_SCH_DIR ?? join(root, 'schematron');
const out = process.env.PINTAE_SEF_OUT_DIR ?? join(root, 'dist/schematron');
const cache = join(root, 'node_modules/.cache/pintae-sef');
mkdirSync(out, { recursive: true });
for (const file of readdirSync(source).filter((f) => f.endsWith('.sch'))) {
  const started = Date.now();
  const xslt = compileSchematron(readFileSync(join(source, file), 'utf8'), { baseDir: source });
  const { path } = await compileXsltCached(xslt, cache);
  const target = join(out, `${basename(file, '.sch')}.sef.json`);
  copyFileSync(path, target);
  console.log(`${join(source, file)} → ${target} (${Date.now() - started} ms)`);
}
