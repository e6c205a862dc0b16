import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';
import { join } from 'node:path';

const run = (args: string[], input?: string) => execa('node', [BIN, ...args], { reject: false, input, env: { NO_COLOR: '1' } });

describe('pintae validate (spawned)', () => {
  it('exits 0 and prints a valid verdict for the bundled example (README first command)', async () => {
    const r = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--format', 'stylish']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('valid');
    expect(r.stdout).toMatch(/1 invoice in 1 file: 1 valid, 0 invalid, 0 rejected/);
  });

  it('exits 1 when the entity cannot be found, and says how to supply it', async () => {
    const r = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--format', 'json'], undefined);
    expect(r.exitCode).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.results[0].response.data.is_valid).toBe(false);
    expect(report.results[0].response.data.errors[0].message).toMatch(/--entity/);
  });

  it('exits 2 for a path that does not exist, with a message and no stack trace', async () => {
    const r = await run(['validate', 'no-such-file.json']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('no-such-file.json: no such file or directory');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
