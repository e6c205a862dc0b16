/**
 * --jobs at the command line (issue 11, unbounded resources): what is not a whole number of 1 or more is a usage
 * error (exit 2, nothing on standard output); more than the cores available is lowered to them, with one line on
 * standard error, and the report is the one the cores' number of jobs gives.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
const VALIDATE = ['validate', `${FIXTURES}/invoices`, '--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--format', 'json'];
const GOLDEN = 'test/unit/ubl/golden';
const cores = availableParallelism();

describe('pintae --jobs (spawned)', () => {
  it.each([['0'], ['-1'], ['1.5'], ['two'], ['']])('validate --jobs=%j: a usage error, exit 2', async (value) => {
    const r = await run([...VALIDATE, `--jobs=${value}`]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: --jobs ${value}: give a whole number, 1 or more`);
    expect(r.stdout).toBe('');
  });

  it('check: --jobs 0 a usage error; above the cores lowered, with the report of --jobs <cores>', async () => {
    const refused = await run(['check', GOLDEN, '--jobs', '0', '--format', 'json']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe('pintae: --jobs 0: give a whole number, 1 or more');
    const [asked, fitting] = await Promise.all([run(['check', GOLDEN, '--jobs', '1000', '--format', 'json']), run(['check', GOLDEN, '--jobs', String(cores), '--format', 'json'])]);
    expect(asked.exitCode).toBe(0);
    expect(asked.stderr).toBe(`pintae: --jobs 1000: lowered to ${cores}, the number of cores available (more threads than cores only cost memory)`);
    expect(asked.stdout).toBe(fitting.stdout);
  });

  it.each([[String(cores + 1)], ['99999999999999999999']])('validate --jobs %s: lowered to the cores with one notice; the report of --jobs <cores>', async (value) => {
    const [asked, fitting] = await Promise.all([run([...VALIDATE, '--jobs', value]), run([...VALIDATE, '--jobs', String(cores)])]);
    expect(asked.exitCode).toBe(0);
    expect(asked.stderr).toBe(`pintae: --jobs ${value}: lowered to ${cores}, the number of cores available (more threads than cores only cost memory)`);
    expect(fitting.stderr).toBe('');
    expect(asked.stdout).toBe(fitting.stdout);
    expect(JSON.parse(asked.stdout).summary.invoices).toBeGreaterThan(10);
  });
});
