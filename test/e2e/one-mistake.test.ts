import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';

/*
 * Issue 12 "one mistake, one finding": each mistake alone in an otherwise valid invoice gives, in stylish, one root
 * finding at the file:line:column of the JSON field, naming the field and the fix; what follows from it is counted
 * under it, listed with --verbose, and still every error is in the JSON response (the service's answer).
 */

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, env: { NO_COLOR: '1' } });
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8')) as Record<string, any>;

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'pintae-one-mistake-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Writes the invoice pretty-printed (so positions are known): its path, and where the value after `needle` starts
 * (pintae places a finding at its field's value) or, with `at: 'key'`, where `needle` itself starts (an unknown key is
 * placed at the key: the name is the mistake).
 */
function write(name: string, invoice: unknown, needle: string, at: 'value' | 'key' = 'value'): { path: string; line: number; column: number } {
  const text = JSON.stringify(invoice, null, 2) + '\n';
  const path = join(dir, name);
  writeFileSync(path, text);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  const key = lines[line]!.indexOf(needle);
  const value = /^:\s*/.exec(lines[line]!.slice(key + needle.length));
  return { path, line: line + 1, column: key + 1 + (at === 'value' && value ? needle.length + value[0].length : 0) };
}

/** The finding lines of a stylish report (indented, starting with the file), and the "+N caused by this" lines. */
function stylishLines(stdout: string, path: string) {
  const lines = stdout.split('\n');
  return {
    // The fixtures' date is before the built-in rules' validity: that warning is a root of its own, not this mistake's.
    roots: lines.filter((l) => l.startsWith(`    ${path}:`) && !l.includes('pintae/rules-validity')),
    folded: lines.filter((l) => /^\s+\+\d+ caused by this/.test(l)),
    dependents: lines.filter((l) => /^\s+↳ /.test(l)),
  };
}

const validate = (path: string, ...more: string[]) => run(['validate', path, '--entity', ENTITY, ...more]);

describe('one mistake, one finding (spawned)', () => {
  it('a misspelled tax_category key: the unknown-field warning is the one root, the VAT errors of the line it leaves standard rated fold under it', async () => {
    const invoice = fixture('standard.json');
    invoice.line_items[1] = { description: 'Delivery and installation', quantity: 2, unit_amount: 150, tax_amount: 0, tax_categroy: 'Exempt', tax_exemption_reason: 'DL8.46.4' };
    const { path, line, column } = write('typo.json', invoice, '"tax_categroy"', 'key');
    const r = await validate(path, '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    const { roots, folded } = stylishLines(r.stdout, path);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toContain(`${path}:${line}:${column}`);
    expect(roots[0]).toContain('unknown field "tax_categroy" in line_items[1] (did you mean "tax_category"?)');
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatch(/\+\d+ caused by this \(\d+ errors?\)/);

    // The warning is pintae's own, beside the response (issue 24): it names what it explains, the response's
    // errors point nowhere outside the response.
    const result = JSON.parse((await validate(path, '--format', 'json')).stdout).results[0];
    const json = result.response.data;
    expect(json.errors.length).toBeGreaterThan(0);
    for (const e of json.errors) expect(e.cause).toBeUndefined();
    expect(result.pintae_findings.filter((f: { rule?: string }) => f.rule === 'pintae/unknown-field')).toEqual([
      expect.objectContaining({ explains: json.errors.map((_: unknown, i: number) => i) }),
    ]);
  });

  it('a foreign-currency invoice with no rate available: one root at currency saying to send exchange_rate or give --rates', async () => {
    const { path, line, column } = write('no-rate.json', fixture('usd-without-rate.json'), '"currency"');
    const r = await validate(path, '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    const { roots, folded } = stylishLines(r.stdout, path);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toContain(`${path}:${line}:${column}`);
    // Spec 7.3's words for the error, then the fix in the request's terms.
    expect(roots[0]).toContain('Currency exchange rate (BTUAE-04) required when currency differs from AED');
    expect(roots[0]).toMatch(/send exchange_rate .*--rates/);
    expect(folded[0]).toMatch(/\+2 caused by this/);

    const verbose = stylishLines((await validate(path, '--format', 'stylish', '--verbose')).stdout, path);
    expect(verbose.folded).toHaveLength(0);
    expect(verbose.dependents.map((l) => /ibr-\d+-ae/.exec(l)?.[0]).sort()).toEqual(['ibr-159-ae', 'ibr-175-ae']);

    // The response still lists every error; the official text stays as rule_text.
    const data = JSON.parse((await validate(path, '--format', 'json')).stdout).results[0].response.data;
    expect(data.total_errors).toBe(3);
    const official = data.errors.find((e: { rule?: string }) => e.rule === 'ibr-159-ae');
    expect(official.rule_text).toMatch(/^Currency exchange rate \[BTAE-04\] is MUST/);
    expect(official.message).not.toMatch(/is MUST/);
  });

  it('an unknown currency code: one root at currency, naming the closest code', async () => {
    const invoice = { ...fixture('standard.json'), currency: 'AEX', exchange_rate: 1 };
    const { path, line, column } = write('aex.json', invoice, '"currency"');
    const r = await validate(path, '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    const { roots, folded } = stylishLines(r.stdout, path);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toContain(`${path}:${line}:${column}`);
    expect(roots[0]).toContain('currency "AEX" is not an ISO 4217 currency code — did you mean "AED"?');
    expect(folded[0]).toMatch(/\+\d+ caused by this/);

    // github: one annotation, carrying the count.
    const gh = (await validate(path, '--format', 'github')).stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(gh).toHaveLength(1);
    expect(gh[0]).toMatch(/caused by this/);
  });

  it('an exempt line without tax_exemption_reason: one finding at the line, listing the four codes with their meanings', async () => {
    const invoice = fixture('standard.json');
    invoice.line_items[1] = { description: 'Delivery and installation', quantity: 2, unit_amount: 150, tax_amount: 0, tax_category: 'E' };
    const { path, line } = write('exempt.json', invoice, '"description": "Delivery and installation"');
    const r = await validate(path, '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    const { roots, folded } = stylishLines(r.stdout, path);
    expect(roots).toHaveLength(1);
    // The field is absent: the finding is at the line object that needs it (the line before its first key).
    expect(roots[0]).toContain(`${path}:${line - 1}:`);
    expect(roots[0]).toContain('line_items[1].tax_exemption_reason is required on an exempt (E) line');
    for (const code of ['DL8.46.1 (certain financial services)', 'DL8.46.2 (residential units lease or sale)', 'DL8.46.3 (bare land)', 'DL8.46.4 (local passenger transport)']) {
      expect(roots[0]).toContain(code);
    }
    expect(roots[0]).not.toContain('e.g.');
    expect(folded).toHaveLength(0);
  });
});
