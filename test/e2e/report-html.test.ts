/**
 * `--format html` end to end (issue 12 item 6): the real binary writes one self-contained page, to a file named by
 * --output (html chosen by its extension) or to standard output, for validate and check alike.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
const dir = mkdtempSync(join(tmpdir(), 'pintae-html-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--format html', () => {
  it('--output report.html writes the page while the terminal gets the failures and the summary line', async () => {
    const out = join(dir, 'report.html');
    const { exitCode, stdout } = await run(['validate', 'fixtures/invalid/invoice-items.json', 'fixtures/invoices/standard.json', '--entity', ENTITY, '--rates', RATES, '--output', out, '--format', 'html']);
    expect(exitCode).toBe(1);
    // Both fixtures are dated before the built-in rules' validity: a note each.
    expect(stdout.split('\n').at(-1)).toBe('✖ 2 invoices in 2 files: 1 valid, 1 invalid, 0 rejected, 2 notes');
    expect(stdout).toMatch(/^fixtures\/invalid\/invoice-items\.json\n {2}✖ BAD-ITEMS-1 2 errors/);
    expect(stdout).not.toContain('standard.json');
    expect(stdout).not.toContain('<html');
    const page = readFileSync(out, 'utf8');
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).toContain('rules builtin-billing 1.0.4'); // beside each built document, as check's page names its set
    expect(page).toContain('BAD-ITEMS-1');
    expect(page).toContain('INV-2025-0001');
    expect(page).toMatch(/ibr-190-ae/);
  });

  it('a .html --output gets html without --format', async () => {
    const out = join(dir, 'by-extension.html');
    const { exitCode, stdout } = await run(['validate', 'fixtures/invoices/standard.json', '--entity', ENTITY, '--no-schematron', '--output', out]);
    expect(exitCode).toBe(0);
    expect(stdout.trim()).toBe('✔ 1 invoice in 1 file: 1 valid, 0 invalid, 0 rejected');
    expect(readFileSync(out, 'utf8')).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>\n$/);
  });

  it('check --format html prints the page of the documents read', async () => {
    const xml = join(dir, 'xml');
    await run(['build', 'fixtures/invoices/usd-with-rate.json', '--entity', ENTITY, '--rates', RATES, '--out-dir', xml, '--no-schematron']);
    const { exitCode, stdout } = await run(['check', join(xml, 'usd-with-rate.xml'), '--format', 'html']);
    expect(exitCode).toBe(0);
    expect(stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(stdout).toContain('Gulf Office Supplies FZ-LLC');
    expect(stdout).toContain('3.6725');
  });
});
