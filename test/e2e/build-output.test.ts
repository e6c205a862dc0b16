import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';

/**
 * `pintae build invoice.json --output invoice.xml` reads as "write the invoice to invoice.xml"; --output is the run's
 * report, JUnit by the .xml extension, and the invoice's XML goes to standard output. What is written stays as
 * documented; the run says it on standard error, with the two ways to get the invoice into a file.
 */
describe('build --output <name>.xml without --out-dir', () => {
  it('warns that the file is the report, not the invoice; the files are written as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-build-output-'));
    const r = await execa('node', [BIN, 'build', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--output', 'invoice.xml'], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("pintae: warning: --output invoice.xml is the run's report (JUnit, by its extension), not the invoice's XML, which goes to standard output: pintae build <input> > invoice.xml, or --out-dir <dir>");
    expect(r.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice /);
    expect(readFileSync(join(dir, 'invoice.xml'), 'utf8')).toMatch(/<testsuites name="pintae"/);
  });
});

/** `pintae tdd` over an --out-dir holding an earlier run's TDD of an input that fails now: left, and said by path. */
describe('tdd --out-dir over an earlier run\'s TDD', () => {
  it('an input that fails now: the old file is named and left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-tdd-stale-'));
    mkdirSync(join(dir, 'tdd'));
    writeFileSync(join(dir, 'tdd/tax.tdd.xml'), 'old');
    const r = await execa('node', [BIN, 'tdd', join(FIXTURES, 'invalid/tax.json'), '--entity', ENTITY, '--receiver', '0242:000773', '--representative', '0242:000001', '--out-dir', 'tdd'], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`pintae: warning: ${join('tdd', 'tax.tdd.xml')} is left from an earlier run: ${join(FIXTURES, 'invalid/tax.json')} failed this time, so its XML was not written — remove the old file before sending what is in tdd`);
    expect(readFileSync(join(dir, 'tdd/tax.tdd.xml'), 'utf8')).toBe('old');
  });
});
