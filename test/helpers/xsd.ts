/**
 * UBL 2.1 Invoice XSD validation for tests, backed by libxml2 compiled to wasm
 * (xmllint-wasm), so no native xmllint or network access is needed.
 *
 * The schema is the official copy under OFFICIAL_DIR/xsd: a test oracle, never
 * copied into the project. Tests that use this must skip when HAVE_XSD is false.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { OFFICIAL_DIR } from './paths.js';

export const XSD_DIR = join(OFFICIAL_DIR, 'xsd');
export const HAVE_XSD = existsSync(join(XSD_DIR, 'maindoc/UBL-Invoice-2.1.xsd'));

// xmllint-wasm writes every file to "/" + fileName in its in-memory file system
// and runs with "/" as the working directory. libxml2 resolves schemaLocation
// against the importing file's *name*, so the files must keep the layout of the
// xsd directory: the main schema as "maindoc/UBL-Invoice-2.1.xsd" makes its
// "../common/X.xsd" imports resolve to "common/X.xsd", and the modules in
// common/ import each other by bare name, which stays inside "common/".
// Flat names (no directory) fail with schema compile error 5.
const MAIN_SCHEMA = 'maindoc/UBL-Invoice-2.1.xsd';

let schemaFiles: { schema: XMLFileInfo; preload: XMLFileInfo[] } | undefined;

/** Read the schema set once per process; xmllint-wasm needs it all in memory. */
function loadSchema() {
  if (!schemaFiles) {
    const read = (rel: string): XMLFileInfo => ({ fileName: rel, contents: readFileSync(join(XSD_DIR, rel), 'utf8') });
    schemaFiles = {
      schema: read(MAIN_SCHEMA),
      preload: readdirSync(join(XSD_DIR, 'common'))
        .filter((f) => f.endsWith('.xsd'))
        .map((f) => read(`common/${f}`)),
    };
  }
  return schemaFiles;
}

// libxml2 names elements as {namespace-uri}Local; the usual prefixes are far
// easier to read in a failing test's output.
const PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'inv',
};
const shortenNames = (s: string) => s.replace(/\{([^}]+)\}/g, (m, ns: string) => (PREFIXES[ns] ? `${PREFIXES[ns]}:` : m));

/**
 * Validate one XML document against the UBL 2.1 Invoice schema.
 * Malformed XML is reported as invalid (parser errors); a broken schema set
 * rejects, since that is a harness problem rather than a finding about the document.
 * Each call starts a fresh wasm worker that recompiles the schema (the library
 * keeps no state between calls), so expect a few hundred ms per document.
 */
export async function validateAgainstUblXsd(
  xml: string,
  fileName = 'invoice.xml',
): Promise<{ valid: boolean; errors: string[] }> {
  if (!HAVE_XSD) throw new Error(`UBL XSD not found under ${XSD_DIR} (set PINTAE_OFFICIAL_DIR)`);
  const { schema, preload } = loadSchema();
  // The name is only a label in error lines, but it is also written to the
  // wasm file system and passed as a CLI argument: keep it at the root (away
  // from common/ and maindoc/) and never let it look like an option.
  const label = basename(fileName).replace(/(^|\s)-/g, '$1_');
  const result = await validateXML({
    xml: { fileName: label, contents: xml },
    schema,
    preload,
    // The library's default 32 MiB cap runs out of memory (a rejection, not a
    // finding) on an ~8 MB / 2000-line invoice; this is a cap, not an allocation.
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  const lines = result.errors.map((e) => shortenNames(e.rawMessage.trim())).filter(Boolean);
  // libxml2 follows a parser error with an echo of the offending source line
  // (and a caret); keep only the located "label:line: ..." messages, unless
  // that would hide why the document failed.
  const located = lines.filter((l) => l.startsWith(`${label}:`));
  return { valid: result.valid, errors: located.length || result.valid ? located : lines };
}

/**
 * Validate many documents in one wasm run, so the schema is compiled once (a few hundred ms in all instead of
 * per document). Returns each document's errors by name; a document without errors is valid.
 */
export async function validateManyAgainstUblXsd(docs: Array<{ name: string; xml: string }>): Promise<Map<string, string[]>> {
  if (!HAVE_XSD) throw new Error(`UBL XSD not found under ${XSD_DIR} (set PINTAE_OFFICIAL_DIR)`);
  const { schema, preload } = loadSchema();
  const labels = docs.map((d, i) => `doc${i}-${basename(d.name).replace(/[^\w.]+/g, '_')}`);
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: labels[i]!, contents: d.xml })),
    schema, preload, maxMemoryPages: 512 * memoryPages.MiB,
  });
  const byName = new Map<string, string[]>(docs.map((d) => [d.name, []]));
  for (const e of result.errors) {
    const i = labels.indexOf(e.loc?.fileName ?? '');
    const name = i >= 0 ? docs[i]!.name : '(unattributed)';
    byName.set(name, [...(byName.get(name) ?? []), shortenNames(e.rawMessage.trim())]);
  }
  return byName;
}
