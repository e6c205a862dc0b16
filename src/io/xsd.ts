import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MiB, readOptionFile } from './option-file.js';

/**
 * UBL 2.1 XSD validation with libxml2 compiled to wasm (xmllint-wasm), loaded only when asked for. Each document is
 * validated against the schema of its root, UBL-Invoice-2.1.xsd or UBL-CreditNote-2.1.xsd; a document with another
 * root is the caller's to report (`notUblWords`). The schema set is read from `xsdDir` (maindoc/ and common/ as in
 * the OASIS release) and kept per process.
 */
export const UBL_SCHEMAS = {
  Invoice: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', main: 'maindoc/UBL-Invoice-2.1.xsd' },
  CreditNote: { ns: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', main: 'maindoc/UBL-CreditNote-2.1.xsd' },
} as const;
export type UblRoot = keyof typeof UBL_SCHEMAS;

type FileInfo = { fileName: string; contents: string };
const commons = new Map<string, FileInfo[]>();
const mains = new Map<string, FileInfo>();

/** The UBL document a root element names (local name and namespace both), or undefined. */
export function ublRootOf(root: { ns: string; local: string }): UblRoot | undefined {
  const entry = Object.entries(UBL_SCHEMAS).find(([local, { ns }]) => root.local === local && root.ns === ns);
  return entry?.[0] as UblRoot | undefined;
}

/** What a document no UBL schema describes is told, located at its root (the `line N:` of libxml2's messages). */
export function notUblWords(root: { ns: string; local: string; prefix: string; line: number }): string {
  const name = `${root.prefix ? `${root.prefix}:` : ''}${root.local}`;
  return `line ${root.line}: not judged: the root element <${name}>${root.ns ? ` in the namespace ${root.ns}` : ' in no namespace'} is neither a UBL 2.1 Invoice nor a CreditNote, the documents these schemas describe`;
}

// libxml2 resolves imports against each file's name, so names keep the release layout: maindoc/… imports ../common/….
// Regular files only, each within a cap: a pipe or /dev/zero named like a schema must not hang or fill the run.
const reader = (xsdDir: string) => (rel: string): FileInfo => ({ fileName: rel, contents: readOptionFile(join(xsdDir, rel), { what: '--xsd', maxBytes: 16 * MiB }).toString('utf8') });

function schemaSet(xsdDir: string, root: UblRoot): { schema: FileInfo; preload: FileInfo[] } {
  const main = UBL_SCHEMAS[root].main;
  // The invoice schema is asked for whatever the documents: a directory without it is no UBL release.
  for (const needed of new Set([UBL_SCHEMAS.Invoice.main, main])) {
    if (!existsSync(join(xsdDir, needed))) throw new Error(`${xsdDir}: no ${needed} here (give the directory holding maindoc/ and common/)`);
  }
  const read = reader(xsdDir);
  let preload = commons.get(xsdDir);
  if (!preload) commons.set(xsdDir, preload = readdirSync(join(xsdDir, 'common')).filter((f) => f.endsWith('.xsd')).map((f) => read(`common/${f}`)));
  let schema = mains.get(join(xsdDir, main));
  if (!schema) mains.set(join(xsdDir, main), schema = read(main));
  return { schema, preload };
}

/** XSD errors per document name ([] when valid), and what libxml2 said that belongs to no document. */
export interface XsdVerdicts { errors: Map<string, string[]>; unplaced: string[] }

/** Validates many documents in one wasm run per schema (each schema is compiled once). */
export async function validateWithXsd(docs: Array<{ name: string; xml: string | Uint8Array; root: UblRoot }>, xsdDir: string): Promise<XsdVerdicts> {
  schemaSet(xsdDir, 'Invoice');
  const verdicts: XsdVerdicts = { errors: new Map(), unplaced: [] };
  // Nothing to validate (every input a TDD, unreadable or not well-formed): xmllint given no file prints its usage.
  for (const root of Object.keys(UBL_SCHEMAS) as UblRoot[]) {
    const group = docs.filter((d) => d.root === root);
    if (group.length === 0) continue;
    const { errors, unplaced } = await validateGroup(group, schemaSet(xsdDir, root));
    for (const [name, list] of errors) verdicts.errors.set(name, list);
    verdicts.unplaced.push(...unplaced);
  }
  return verdicts;
}

async function validateGroup(docs: Array<{ name: string; xml: string | Uint8Array }>, { schema, preload }: { schema: FileInfo; preload: FileInfo[] }): Promise<XsdVerdicts> {
  const { validateXML, memoryPages } = await import('xmllint-wasm');
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: label(i), contents: d.xml })),
    schema, preload,
    // The default 32 MiB cap runs out on invoices of a few thousand lines; this is a cap, not an allocation.
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  if (result.valid) return { errors: new Map(docs.map((d) => [d.name, []])), unplaced: [] };
  return placeXsdOutput(result.rawOutput, docs.map((d) => d.name));
}

const label = (i: number) => `document-${i}.xml`;
const SUMMARY = /^document-(\d+)\.xml (validates|fails to validate)$/;
const MESSAGE = /^document-(\d+)\.xml:(\d+):\s*(.*)$/;
const NO_MESSAGE = 'does not validate against the UBL 2.1 schema (libxml2 gave no message)';
const NO_VERDICT = 'the UBL 2.1 schema check gave no verdict for this file (libxml2 stopped before it)';

/**
 * Puts each line of xmllint's output on the document it is about. Documents are validated one after the other, each
 * ending with a "validates" or "fails to validate" line, which is the verdict. A message names its document; the
 * lines after one (the source line and a caret) are its context, not messages. A line that names no document and
 * follows no message was printed while the next document to get a verdict was read, so it is that document's (used
 * only when the document fails). A parser warning on a document that validates is not an error; a document that
 * fails without any message still fails. Lines after the last verdict belong to no document and are returned apart,
 * never charged to another file.
 */
export function placeXsdOutput(output: string, names: string[]): XsdVerdicts {
  const errors = new Map<string, string[]>(names.map((n) => [n, []]));
  const judged = new Set<number>();
  const strays: string[] = [];
  let free: string[] = [];
  let afterMessage = false;
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    const summary = SUMMARY.exec(line);
    if (summary) {
      const i = Number(summary[1]);
      judged.add(i);
      const mine = errors.get(names[i] ?? '');
      if (summary[2] === 'fails to validate' && mine?.length === 0) mine.push(...(free.length ? free : [NO_MESSAGE]));
      free = [];
      afterMessage = false;
      continue;
    }
    const message = MESSAGE.exec(line);
    if (message) {
      afterMessage = true;
      const text = message[3]!.trim();
      if (/^parser warning\b/.test(text) || text === '') continue;
      const mine = errors.get(names[Number(message[1])] ?? '');
      if (mine) mine.push(`line ${message[2]}: ${shortNames(text)}`); else strays.push(shortNames(line));
      continue;
    }
    if (line !== '' && line !== '^' && !afterMessage) free.push(shortNames(line));
  }
  names.forEach((name, i) => { if (!judged.has(i) && errors.get(name)!.length === 0) errors.get(name)!.push(NO_VERDICT); });
  return { errors, unplaced: [...strays, ...free] };
}

const PREFIXES: Record<string, string> = { CommonBasicComponents: 'cbc:', CommonAggregateComponents: 'cac:' };
const shortNames = (text: string) => text.replace(/\{urn:oasis:names:specification:ubl:schema:xsd:(\w+)-2\}/g, (_, m: string) => PREFIXES[m] ?? '');
