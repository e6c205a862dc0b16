// Writes pintae's built-in billing rules laid out as OpenPeppol publishes a PINT-AE release (issue 23 item 2): per
// layer one self-contained ("preprocessed") Schematron schema and, under the same name, the XSLT compiled from it —
// PINT-UBL-validation-preprocessed.sch/.xslt (patterns UBL-model, Codesmodel) and PINT-jurisdiction-aligned-rules.sch/
// .xslt (UBL-modelaligned, Codesmodelaligned). Written the way the official 1.0.4 schemas are: queryBinding xslt2,
// phases without a defaultPhase, the functions embedded as xsl:function using xsd: and the rules using xs:, neither
// prefix declared anywhere (the ISO reference implementation binds both). The rules are the built-in ones, so a run of
// the release's two layers must report what the built-in set reports. The test (test/e2e/rules-release.test.ts) and
// the bench (bench-release.mjs) generate it into a temporary directory; it is never committed.
// Usage: node scripts/write-release.mjs <dir> (after npm run build).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = [
  ['PINT-UBL-validation-preprocessed', ['UBL-model', 'Codesmodel']],
  ['PINT-jurisdiction-aligned-rules', ['UBL-modelaligned', 'Codesmodelaligned']],
];

const inner = (text, element) => {
  const open = new RegExp(`<${element}\\b[^>]*>`).exec(text);
  const close = text.lastIndexOf(`</${element}>`);
  if (!open || close < 0) throw new Error(`no ${element} element`);
  return text.slice(open.index + open[0].length, close);
};

/** The release's schemas, name → text, made from schematron/pint-ae.sch and the files it includes. */
export function releaseSchemas(root) {
  const dir = join(root, 'schematron');
  const main = readFileSync(join(dir, 'pint-ae.sch'), 'utf8');
  const read = (href) => readFileSync(join(dir, href), 'utf8');
  // sch:ns without xs (left to the implicit binding), the title and the global lets, as written.
  const header = [...main.matchAll(/<sch:(?:title|ns|let)\b[^]*?(?:\/>|<\/sch:title>)/g)].map((m) => m[0]).filter((t) => !/prefix="xs"/.test(t));
  // Functions embedded in the schema, xs: spelled xsd: (as the official functions do), declared nowhere.
  const functions = [...main.matchAll(/<sch:include href="(pint-ae\/functions-[^"]+\.xsl)"\/>/g)]
    .map((m) => inner(read(m[1]), 'xsl:stylesheet').replace(/\bxs:/g, 'xsd:'));
  const patterns = new Map([...main.matchAll(/<sch:pattern id="([^"]+)">([^]*?)<\/sch:pattern>/g)].map((m) => [m[1],
    [...m[2].matchAll(/<sch:include href="([^"]+)"\/>/g)].map((i) => inner(read(i[1]), 'sch:rules')).join('\n')]));
  return new Map(LAYERS.map(([name, ids]) => [name, `<?xml version="1.0" encoding="UTF-8"?>
<!-- pintae's built-in PINT-AE billing rules laid out as a release (scripts/write-release.mjs): patterns ${ids.join(', ')}. -->
<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:pf="urn:pintae:functions" queryBinding="xslt2">
${header.join('\n')}
<sch:phase id="${name}_phase">${ids.map((id) => `<sch:active pattern="${id}"/>`).join('')}</sch:phase>
${functions.join('\n')}
${ids.map((id) => `<sch:pattern id="${id}">${patterns.get(id)}</sch:pattern>`).join('\n')}
</sch:schema>
`]));
}

/**
 * Writes the release into `out` (created): each schema and its XSLT, compiled by `compileSchematron` (pintae's,
 * src/ in tests, dist/ in scripts) as the fast stylesheet. Returns `out`.
 */
export function writeRelease(root, out, compileSchematron) {
  mkdirSync(out, { recursive: true });
  for (const [name, text] of releaseSchemas(root)) {
    writeFileSync(join(out, `${name}.sch`), text);
    writeFileSync(join(out, `${name}.xslt`), compileSchematron(text, { baseDir: out, guards: false }));
  }
  return out;
}

/** The release as a zip (every file of `dir` at the zip's root), written to `zipPath`. */
export async function zipRelease(dir, zipPath) {
  const { zipSync } = await import('fflate');
  const { readdirSync } = await import('node:fs');
  writeFileSync(zipPath, zipSync(Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f))]))));
  return zipPath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) { console.error('usage: node scripts/write-release.mjs <dir>'); process.exit(2); }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { compileSchematron } = await import(join(root, 'dist/schematron/compile.js'));
  console.log(writeRelease(root, resolve(out), compileSchematron));
}
