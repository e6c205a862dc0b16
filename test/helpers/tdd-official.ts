/**
 * The official AE TDD material (../shared/ae-tdd, beside the PINT-AE folder): the TDD XSD and the official TDD rules,
 * compiled (one layer). Test oracles only: read from where they are, never copied into the project.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { saxon } from '../../src/io/saxon.js';
import { OFFICIAL_DIR, TDD_OFFICIAL_DIR } from './paths.js';
import type { FailedAssert } from './official.js';

export const TDD_DIR = TDD_OFFICIAL_DIR;
export const HAVE_TDD = existsSync(join(TDD_DIR, 'sef/peppol-ae-tdd.sef.json')) && existsSync(join(OFFICIAL_DIR, 'xsd/common'));
if (!HAVE_TDD) console.warn(`SKIPPED: the official AE TDD material was not found at ${TDD_DIR} (set PINTAE_OFFICIAL_DIR; ae-tdd sits beside it)`);

let sef: unknown;

/** Every failed assert of the official TDD rules on one document. */
export function runOfficialTddRules(xml: string): FailedAssert[] {
  sef ??= JSON.parse(readFileSync(join(TDD_DIR, 'sef/peppol-ae-tdd.sef.json'), 'utf8'));
  const svrl: string = saxon().transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
  const failed: FailedAssert[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    failed.push({ id: attr('id'), flag: attr('flag'), location: attr('location'), text: /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1]?.trim() ?? '' });
  }
  return failed;
}

let schema: { schema: XMLFileInfo; preload: XMLFileInfo[] } | undefined;

/**
 * The TDD XSD imports the UBL modules as ../../pint-ae/xsd/common/…: libxml2 resolves them against the schema's name,
 * so the files keep that layout under a two-level root (tdd/xsd/ and pint-ae/xsd/common/).
 */
function loadSchema() {
  if (!schema) {
    const common = join(OFFICIAL_DIR, 'xsd/common');
    schema = {
      schema: { fileName: 'tdd/xsd/peppol-tdd-1.0.0.xsd', contents: readFileSync(join(TDD_DIR, 'xsd/peppol-tdd-1.0.0.xsd'), 'utf8') },
      preload: readdirSync(common).filter((f) => f.endsWith('.xsd')).map((f) => ({ fileName: `pint-ae/xsd/common/${f}`, contents: readFileSync(join(common, f), 'utf8') })),
    };
  }
  return schema;
}

/** XSD errors of each document by name (none: valid), in one wasm run. */
export async function validateTddXsd(docs: Array<{ name: string; xml: string }>): Promise<Map<string, string[]>> {
  const { schema: main, preload } = loadSchema();
  const labels = docs.map((_, i) => `tdd${i}.xml`);
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: labels[i]!, contents: d.xml })),
    schema: main, preload, maxMemoryPages: 512 * memoryPages.MiB,
  });
  const byName = new Map<string, string[]>(docs.map((d) => [d.name, []]));
  for (const e of result.errors) {
    if (/ fails to validate$/.test(e.rawMessage.trim())) continue;
    const i = labels.indexOf(e.loc?.fileName ?? '');
    const name = i >= 0 ? docs[i]!.name : '(unattributed)';
    byName.set(name, [...(byName.get(name) ?? []), e.rawMessage.trim()]);
  }
  if (!result.valid && docs.every((d) => !byName.get(d.name)!.length)) byName.set('(unattributed)', [result.rawOutput]);
  return byName;
}
