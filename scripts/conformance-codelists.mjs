// `npm run conformance:codelists [-- --rules ibr-cl-16,ibr-005-ae] [--sets billing,selfbilling,tdd] [--report file.jsonl]`:
// the code-list conformance test (test/conformance/codelists-enforced.test.ts) over every candidate of issue 23 instead of
// npm test's sample: every code of every official and pintae list, and the systematic codes (about 110,000 a rule;
// the three TDD rules on the document root, probed one document per candidate, take the systematic codes up to three
// characters). Every rule of the three built-in sets by default; the official rules are the slow half (about half a
// millisecond a flagged candidate, so minutes a rule). --report appends, per rule, the differences and where the
// official answer and the official code-list files differ (JSON lines), for docs/decisions.md.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let values;
try {
  ({ values } = parseArgs({ options: { rules: { type: 'string' }, sets: { type: 'string' }, report: { type: 'string' } } }));
} catch (e) {
  console.error(`${e.message}\nusage: npm run conformance:codelists -- [--rules id,id] [--sets billing,selfbilling,tdd] [--report file]`);
  process.exit(2);
}
const sets = values.sets?.split(',').filter(Boolean) ?? [];
const unknown = sets.filter((s) => !['billing', 'selfbilling', 'tdd'].includes(s));
if (unknown.length) {
  console.error(`--sets ${values.sets}: each of billing, selfbilling, tdd expected`);
  process.exit(2);
}
const env = { ...process.env, PINTAE_CODELISTS: 'full' };
if (values.rules) env.PINTAE_CODELIST_RULES = values.rules;
if (sets.length) env.PINTAE_CODELIST_SETS = sets.join(',');
if (values.report) env.PINTAE_CODELIST_REPORT = resolve(values.report);
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', 'test/conformance/codelists-enforced.test.ts'], { cwd: root, stdio: 'inherit', env });
process.exit(run.status ?? 2);
