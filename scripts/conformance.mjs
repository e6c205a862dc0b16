// `npm run conformance [-- --per-example N]`: the agreement tests (test/conformance/*agreement*) on a deeper mutated
// corpus than `npm test` runs: N mutants of every official example (default 150), outside CI; and the TDD part
// (test/conformance/tdd-agreement.test.ts) with --tdd-per-example M mutants of every TDD example (default 500). The official verdicts
// are cached on disk (node_modules/.cache/pintae-official-verdicts), so a second run costs only our own rules.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ options: { 'per-example': { type: 'string', default: '150' }, 'tdd-per-example': { type: 'string', default: '500' } }, allowPositionals: true });
const perExample = values['per-example'];
const tddPerExample = values['tdd-per-example'];
for (const [flag, v] of [['--per-example', perExample], ['--tdd-per-example', tddPerExample]]) {
  if (!/^\d+$/.test(v)) {
    console.error(`${flag} ${v}: a number of mutants per example is expected`);
    process.exit(2);
  }
}
const files = positionals.length ? positionals : ['test/conformance/schematron-agreement.test.ts', 'test/conformance/native-agreement.test.ts', 'test/conformance/tdd-agreement.test.ts'];
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...files], { cwd: root, stdio: 'inherit', env: { ...process.env, PINTAE_MUTANTS_PER_EXAMPLE: perExample, PINTAE_TDD_MUTANTS: tddPerExample } });
process.exit(run.status ?? 2);
