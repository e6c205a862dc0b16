import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MiB, readOptionFile } from './option-file.js';

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
    // Regular files only, each within a cap: a pipe or /dev/zero named like a schema must not hang or fill the run.
    const read = (rel: string): FileInfo => ({ fileName: rel, contents: readOptionFile(join(xsdDir, rel), { what: '--xsd', maxBytes: 16 * MiB }).toString('utf8') });
    set = { schema: read(MAIN), preload: readdirSync(join(xsdDir, 'common')).filter((f) => f.endsWith('.xsd')).map((f) => read(`common/${f}`)) };
    loaded.set(xsdDir, set);
  }
  return set;
}

/** XSD errors per document name ([] when valid), and what libxml2 said that belongs to no document. */
export interface XsdVerdicts { errors: Map<string, string[]>; unplaced: string[] }

/** Validates many documents in one wasm run (the schema is compiled once). */
export async function validateWithXsd(docs: Array<{ name: string; xml: string | Uint8Array }>, xsdDir: string): Promise<XsdVerdicts> {
  const { schema, preload } = schemaSet(xsdDir);
  // Nothing to validate (every input a TDD, unreadable or not well-formed): xmllint given no file prints its usage.
  if (docs.length === 0) return { errors: new Map(), unplaced: [] };
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
