/**
 * Issue 12 item 1, the real binary spawned: a key that is not a field of spec 2.1–2.7 is a warning at the key itself
 * (rule pintae/unknown-field, the closest field suggested), aliases are fields, and the verdict does not move.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });
const dir = mkdtempSync(join(tmpdir(), 'pintae-unknown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'));
/** Writes the body pretty-printed, as an ERP export would be, and returns its file name and text. */
function write(name: string, body: unknown): { file: string; text: string } {
  const text = JSON.stringify(body, null, 2) + '\n';
  writeFileSync(join(dir, name), text);
  return { file: name, text };
}
/** Line and column (1-based) of the first `"key":` in the text: where the key's name starts. */
function keyAt(text: string, key: string): { line: number; column: number } {
  const offset = text.indexOf(`${JSON.stringify(key)}:`);
  expect(offset, key).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
const dataOf = (stdout: string, i = 0) => JSON.parse(stdout).results[i].response.data;
/** pintae's own findings of a result, beside its response: never in it (issue 24). */
const ownOf = (stdout: string, i = 0) => {
  const result = JSON.parse(stdout).results[i];
  expect(JSON.stringify(result.response)).not.toContain('pintae/');
  return result.pintae_findings ?? [];
};

describe('unknown fields (issue 12 item 1)', () => {
  it('a misspelled tax_category: a warning at the key, naming the field meant (the issue\'s own example)', async () => {
    const body = fixture('exempt.json');
    const { tax_category: _dropped, ...line } = body.line_items[0];
    body.line_items[0] = { ...line, tax_categroy: 'Exempt' };
    const { file, text } = write('typo.json', body);
    const r = await run(['validate', file, '--entity', ENTITY, '--format', 'json']);
    const warning = ownOf(r.stdout).find((w: { rule?: string }) => w.rule === 'pintae/unknown-field');
    expect(warning).toEqual({
      message: 'unknown field "tax_categroy" in line_items[0] (did you mean "tax_category"?)',
      section: 'invoice_items', rule: 'pintae/unknown-field', field: 'line_items[0].tax_categroy', suggestion: 'tax_category',
      severity: 'warning', ...keyAt(text, 'tax_categroy'), explains: expect.any(Array),
    });

    const stylish = await run(['validate', file, '--entity', ENTITY, '--format', 'stylish']);
    const at = keyAt(text, 'tax_categroy');
    expect(stylish.stdout).toMatch(new RegExp(`typo\\.json:${at.line}:${at.column} +warning .*unknown field "tax_categroy" in line_items\\[0\\] \\(did you mean "tax_category"\\?\\) +pintae/unknown-field +line_items\\[0\\]\\.tax_categroy`));
  });

  it('exchange_rte at the top level: no object named, exchange_rate suggested', async () => {
    const body = fixture('usd-with-rate.json');
    const { exchange_rate: rate, ...rest } = body;
    const { file, text } = write('rte.json', { ...rest, exchange_rte: rate });
    const r = await run(['validate', file, '--entity', ENTITY, '--rates', RATES, '--format', 'json']);
    expect(ownOf(r.stdout).filter((w: { rule?: string }) => w.rule === 'pintae/unknown-field')).toEqual([{
      message: 'unknown field "exchange_rte" (did you mean "exchange_rate"?)',
      section: 'invoice_header', rule: 'pintae/unknown-field', field: 'exchange_rte', suggestion: 'exchange_rate', severity: 'warning', ...keyAt(text, 'exchange_rte'),
    }]);
  });

  it('keys nothing resembles: a warning without a suggestion; the verdict and the errors stay what they were', async () => {
    const plain = fixture('standard.json');
    const extra = { ...plain, notes_for_accounts: 'ERP export 4411', buyer: { ...plain.buyer, crm_code: 'C-77' } };
    const a = write('plain.json', plain);
    const b = write('extra.json', extra);
    const r = await run(['validate', a.file, b.file, '--entity', ENTITY, '--format', 'json']);
    // Two invoices with one number in one run: the duplicate warning is on the second, and is not what is compared.
    const without = dataOf(r.stdout, 0);
    const withKeys = dataOf(r.stdout, 1);
    expect(r.exitCode).toBe(0);
    expect(withKeys.is_valid).toBe(true);
    expect(withKeys.errors).toEqual(without.errors);
    expect(ownOf(r.stdout, 1).filter((w: { rule?: string }) => w.rule === 'pintae/unknown-field')).toEqual([
      { message: 'unknown field "notes_for_accounts"', section: 'invoice_header', rule: 'pintae/unknown-field', field: 'notes_for_accounts', severity: 'warning', ...keyAt(b.text, 'notes_for_accounts') },
      { message: 'unknown field "crm_code" in buyer', section: 'buyer_party', rule: 'pintae/unknown-field', field: 'buyer.crm_code', severity: 'warning', ...keyAt(b.text, 'crm_code') },
    ].sort((x, y) => x.line - y.line));
  });

  it('the aliases of spec 2.1 and 2.7 are fields: no warning for tax_category_code, vat_category, category, delivery region/state', async () => {
    const body = fixture('export.json');
    const { state, ...delivery } = body.delivery;
    const line = body.line_items[0];
    const { tax_category: code, ...bare } = line;
    body.delivery = { ...delivery, region: state };
    body.line_items = [{ ...bare, tax_category_code: code }, { ...bare, vat_category: code }, { ...bare, category: code }];
    const { file } = write('aliases.json', body);
    const r = await run(['validate', file, '--entity', ENTITY, '--format', 'json']);
    // The one finding of pintae's own is the note on the fixture's date, before the built-in rules' validity: no unknown field.
    expect(dataOf(r.stdout).warnings).toEqual([]);
    expect(ownOf(r.stdout).map((w: { rule?: string }) => w.rule)).toEqual(['pintae/rules-validity']);
    expect(r.exitCode).toBe(0);
  });

  it('the shipped editor schema refuses the misspelled key and lists the categories (what an editor underlines)', async () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/invoice.schema.json'), 'utf8'));
    const line = schema.properties.line_items.items;
    expect(line.additionalProperties).toBe(false);
    expect(line.properties.tax_categroy).toBeUndefined();
    // Spec 2.7: the six codes and the labels it names.
    expect(line.properties.tax_category.enum).toEqual(expect.arrayContaining(['S', 'Z', 'E', 'O', 'AE', 'N', 'Zero Rated', 'Exempt', 'Reverse Charge']));
    // Spec 2.1: 30, 10, 20, 48, 49, and 1 for an invoice without payment fields.
    expect([...schema.properties.payment_means_code.enum].sort()).toEqual(['1', '10', '20', '30', '48', '49']);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.files).toContain('schemas');
  });
});
