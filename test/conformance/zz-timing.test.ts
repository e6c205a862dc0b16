import { it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
it('timing', async () => {
  let t = performance.now();
  const m = await import('../helpers/xsd.js');
  const tImport = performance.now() - t;
  const dir = '/work/shared/pint-ae/examples/invoice';
  const files = readdirSync(dir).sort();
  const docs = files.map((f) => readFileSync(join(dir, f), 'utf8'));
  t = performance.now(); await m.validateAgainstUblXsd(docs[0]); const first = performance.now() - t;
  const warm: number[] = [];
  for (const d of docs) { t = performance.now(); await m.validateAgainstUblXsd(d); warm.push(performance.now() - t); }
  warm.sort((a, b) => a - b);
  t = performance.now(); await Promise.all(docs.map((d) => m.validateAgainstUblXsd(d))); const par = performance.now() - t;
  const { validateXML } = await import('xmllint-wasm');
  const { readFileSync: r } = await import('node:fs');
  t = performance.now();
  const fsRead = performance.now();
  // disk load only
  const X = '/work/shared/pint-ae/xsd';
  const pre = readdirSync(X + '/common').map((f) => ({ fileName: 'common/' + f, contents: r(`${X}/common/${f}`, 'utf8') }));
  const diskMs = performance.now() - fsRead;
  t = performance.now();
  const b = await validateXML({ xml: docs.map((c, i) => ({ fileName: `d${i}.xml`, contents: c })), schema: { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: r(`${X}/maindoc/UBL-Invoice-2.1.xsd`, 'utf8') }, preload: pre });
  const batch = performance.now() - t;
  console.log({ tImport, diskMs, first, warmMedian: warm[13], warmMin: warm[0], warmMax: warm[26], parallel27: par, batch27OneCall: batch, batchValid: b.valid });
});
