// Runs the official PINT-AE rules (compiled SEF, test oracle) over XML files and prints failed asserts.
import SaxonJS from 'saxon-js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.env.PINTAE_OFFICIAL_DIR ?? '../shared/pint-ae';
const sefs = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json']
  .map((f) => JSON.parse(readFileSync(join(dir, 'sef', f), 'utf8')));
for (const file of process.argv.slice(2)) {
  const xml = readFileSync(file, 'utf8');
  const failed = [];
  for (const sef of sefs) {
    const out = SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
    for (const m of out.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
      const id = /\bid="([^"]*)"/.exec(m[1])?.[1]; const flag = /\bflag="([^"]*)"/.exec(m[1])?.[1];
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1]?.trim();
      failed.push(`${flag} ${id}: ${text?.slice(0, 160)}`);
    }
  }
  console.log(`${file}: ${failed.length ? '\n  ' + failed.join('\n  ') : 'OK'}`);
}
