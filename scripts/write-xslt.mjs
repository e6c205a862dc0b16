// Writes pintae's built-in Schematron rule sets compiled to XSLT 3.0 (the stylesheet Saxon-JS runs first, before its
// guarded twin: src/schematron/compile.ts) into a directory, one subdirectory per set, for engines that read XSLT:
// `npm run bench -- --java-xslt <dir>/billing` runs them on Java Saxon-HE. Usage: node scripts/write-xslt.mjs <dir>
// (after npm run build). The official rules exist here only as SEF (Saxon-JS's form), so they cannot be given to Java.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SETS = [['billing', 'pint-ae'], ['selfbilling', 'pint-ae-selfbilling']];

/** Writes <out>/<set>/<file>.xsl for each built-in set; returns the directories written. */
export async function writeBuiltinXslt(out) {
  const { compileSchematron } = await import(join(root, 'dist/schematron/compile.js'));
  const source = join(root, 'schematron');
  return SETS.map(([set, file]) => {
    const dir = join(out, set);
    mkdirSync(dir, { recursive: true });
    const xslt = compileSchematron(readFileSync(join(source, `${file}.sch`), 'utf8'), { baseDir: source, guards: false });
    writeFileSync(join(dir, `${file}.xsl`), xslt);
    return dir;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) { console.error('usage: node scripts/write-xslt.mjs <dir>'); process.exit(2); }
  for (const dir of await writeBuiltinXslt(resolve(out))) console.log(dir);
}
