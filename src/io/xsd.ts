import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * UBL 2.1 Invoice XSD validation with libxml2 compiled to wasm (xmllint-wasm), loaded only when asked for.
 * The schema set is read from `xsdDir` (maindoc/ and common/ as in the OASIS release) and kept per process.
 */
const MAIN = 'maindoc/UBL-Invoice-2.1.xsd';
type FileInfo = { fileName: string; contents: string };
const loaded = new Map<string, { schema: FileInfo; preload: FileInfo[] }>();

function schemaSet(xsdDir: string) {
  let set = loaded.get(xsdDir);
  if (!set) {
    if (!existsSync(join(xsdDir, MAIN))) throw new Error(`${xsdDir}: no ${MAIN} here (give the directory holding maindoc/ and common/)`);
    // libxml2 resolves imports against each file's name, so names keep the release layout: maindoc/… imports ../common/….
    const read = (rel: string): FileInfo => ({ fileName: rel, contents: readFileSync(join(xsdDir, rel), 'utf8') });
    set = { schema: read(MAIN), preload: readdirSync(join(xsdDir, 'common')).filter((f) => f.endsWith('.xsd')).map((f) => read(`common/${f}`)) };
    loaded.set(xsdDir, set);
  }
  return set;
}

/** Validates many documents in one wasm run (the schema is compiled once); errors per document name, [] when valid. */
export async function validateWithXsd(docs: Array<{ name: string; xml: string | Uint8Array }>, xsdDir: string): Promise<Map<string, string[]>> {
  const { validateXML, memoryPages } = await import('xmllint-wasm');
  const { schema, preload } = schemaSet(xsdDir);
  const labels = docs.map((_, i) => `document-${i}.xml`);
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: labels[i]!, contents: d.xml })),
    schema, preload,
    // The default 32 MiB cap runs out on invoices of a few thousand lines; this is a cap, not an allocation.
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  const byName = new Map<string, string[]>(docs.map((d) => [d.name, []]));
  for (const e of result.errors) {
    if (/fails to validate\s*$/.test(e.rawMessage)) continue; // libxml2's per-file summary line, not a finding
    const i = labels.indexOf(e.loc?.fileName ?? '');
    const name = i >= 0 ? docs[i]!.name : docs[0]?.name ?? '';
    const text = e.rawMessage.trim().replace(/^document-\d+\.xml:/, 'line ').replace(/\{urn:oasis:names:specification:ubl:schema:xsd:(\w+)-2\}/g, (_, m: string) => ({ CommonBasicComponents: 'cbc:', CommonAggregateComponents: 'cac:' } as Record<string, string>)[m] ?? '');
    byName.get(name)?.push(text);
  }
  return byName;
}
