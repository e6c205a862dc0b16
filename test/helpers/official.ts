import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The project's one saxon-js instance: a second copy in the same process disturbs the first's global state.
import { saxon } from '../../src/io/saxon.js';
import { OFFICIAL_DIR } from './paths.js';

/** Both official PINT-AE layers, compiled (test oracle only; never copied into the project). */
const LAYERS = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json'];
let sefs: unknown[] | undefined;

export interface FailedAssert { id: string; flag: string; text: string; location: string }

/** Runs both layers on the document and returns every failed assert (SOURCE.md shows this call). */
export function runOfficialRules(xml: string): FailedAssert[] {
  sefs ??= LAYERS.map((f) => JSON.parse(readFileSync(join(OFFICIAL_DIR, 'sef', f), 'utf8')));
  const failed: FailedAssert[] = [];
  for (const sef of sefs) {
    const svrl: string = saxon().transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
    for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
      const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
      failed.push({ id: attr('id'), flag: attr('flag'), location: attr('location'), text: /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1]?.trim() ?? '' });
    }
  }
  return failed;
}
