/**
 * Issue 24, the real binary spawned: the frictions "Suggestions by spelling only" and "Wrong folding with several
 * unknown keys", each shown gone. An unknown key is suggested as the field it means (item 4), a value in a common
 * wrong form gets pintae's hint with the value to send (item 4), and with several unknown keys each finding is folded
 * under the key it follows from (item 7).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-words-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8')) as Record<string, any>;
/** Moves `from` to `to` in `object`, as an export that names the field otherwise would send it. */
const rename = (object: Record<string, any>, from: string, to: string) => { object[to] = object[from]; delete object[from]; };
function write(name: string, body: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(body, null, 2) + '\n');
  return name;
}
const validate = (file: string, ...more: string[]) =>
  execa('node', [BIN, 'validate', file, '--entity', ENTITY, ...more], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });

/** A stylish report's findings: each root's line, with the lines of what is folded under it (--verbose). */
function tree(stdout: string): Array<{ root: string; dependents: string[] }> {
  const out: Array<{ root: string; dependents: string[] }> = [];
  for (const line of stdout.split('\n')) {
    if (/^ {4}\S+\.json:\d+:\d+ /.test(line)) out.push({ root: line, dependents: [] });
    else if (/^ {6}↳ /.test(line)) out.at(-1)!.dependents.push(line);
  }
  return out;
}
const rootOf = (t: ReturnType<typeof tree>, text: string) => t.find((n) => n.root.includes(text));

describe('suggestions by meaning (issue 24 item 4)', () => {
  it('"invoice_date" is offered date, not invoice_type, and "date is required" is folded under it', async () => {
    const body = fixture('standard.json');
    rename(body, 'date', 'invoice_date');
    const r = await validate(write('invoice-date.json', body), '--format', 'stylish', '--verbose');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).not.toContain('invoice_type');
    const key = rootOf(tree(r.stdout), 'unknown field "invoice_date" (did you mean "date"?)');
    expect(key).toBeDefined();
    expect(key!.dependents).toHaveLength(1);
    expect(key!.dependents[0]).toContain('date is required');
  });

  it('"unit_price" on a line is offered unit_amount', async () => {
    const body = fixture('standard.json');
    rename(body.line_items[0], 'unit_amount', 'unit_price');
    const r = await validate(write('unit-price.json', body), '--format', 'stylish', '--verbose');
    expect(r.exitCode).toBe(1);
    const key = rootOf(tree(r.stdout), 'unknown field "unit_price" in line_items[0] (did you mean "unit_amount"?)');
    expect(key!.dependents.map((d) => /error +\S+ +(.*?)  /.exec(d)?.[1])).toEqual(['line_items[0].unit_amount is required']);
  });
});

describe('values with their fix (issue 24 item 4)', () => {
  it('"unit_amount": "12,500.00": the value quoted and 12500.00 to send; nothing said of a size', async () => {
    const body = fixture('standard.json');
    body.line_items[0].unit_amount = '12,500.00';
    const file = write('thousands.json', body);
    const r = await validate(file, '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).not.toContain('10,000,000,000,000');
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('line_items[0].unit_amount must be a number'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]!.trim()).toBe('"12,500.00" has a comma between thousands: send 12500.00');

    // JSON: the message stays the response's; the advice is pintae's own `hint` beside it.
    const json = await validate(file, '--format', 'json');
    const error = JSON.parse(json.stdout).results[0].response.data.errors.find((e: { field?: string }) => e.field === 'line_items[0].unit_amount');
    expect(error).toMatchObject({ message: 'line_items[0].unit_amount must be a number', hint: '"12,500.00" has a comma between thousands: send 12500.00' });

    // github: one annotation a finding, the advice after the message.
    const gh = await validate(file, '--format', 'github');
    expect(gh.stdout).toMatch(/^::error .*line_items\[0\]\.unit_amount must be a number — "12,500\.00" has a comma between thousands: send 12500\.00/m);
  });

  it('"date": "15/06/2026": the value quoted and "2026-06-15" to send; a date day and month cannot tell apart gets both', async () => {
    const body = fixture('standard.json');
    body.date = '15/06/2026';
    body.due_date = '03/07/2026';
    const r = await validate(write('dates.json', body), '--format', 'stylish');
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.split('\n');
    const after = (text: string) => lines[lines.findIndex((l) => l.includes(text)) + 1]!.trim();
    expect(after('  date must be a calendar date in YYYY-MM-DD form')).toBe('"15/06/2026" is a date in DD/MM/YYYY form: send "2026-06-15" (YYYY-MM-DD)');
    expect(after('due_date must be a calendar date in YYYY-MM-DD form')).toBe(
      '"03/07/2026" is a date in DD/MM/YYYY or MM/DD/YYYY form, and its day and month are both 12 or less, so either is meant: send "2026-07-03" (3 July) or "2026-03-07" (7 March), in YYYY-MM-DD form');
  });
});

describe('folding with several unknown keys (issue 24 item 7)', () => {
  it('tax_categroy and invoice_date: "total tax amount cannot be zero" (7.2) is under tax_categroy, "date is required" under invoice_date', async () => {
    const body = fixture('exempt.json');
    rename(body.line_items[0], 'tax_category', 'tax_categroy');
    rename(body, 'date', 'invoice_date');
    const r = await validate(write('two-keys.json', body), '--format', 'stylish', '--verbose');
    expect(r.exitCode).toBe(1);
    const t = tree(r.stdout);
    const category = rootOf(t, 'unknown field "tax_categroy"')!;
    const date = rootOf(t, 'unknown field "invoice_date"')!;
    expect(category.dependents.some((d) => d.includes('total tax amount cannot be zero'))).toBe(true);
    expect(category.dependents.some((d) => d.includes('ibr-190-ae'))).toBe(true);
    expect(date.dependents.map((d) => /error +\S+ +(.*?)  /.exec(d)?.[1])).toEqual(['date is required']);
  });

  it('tax_categroy and unit_price: the unit_price warning is shown as a root, not hidden under tax_categroy', async () => {
    const body = fixture('exempt.json');
    rename(body.line_items[0], 'tax_category', 'tax_categroy');
    rename(body.line_items[0], 'unit_amount', 'unit_price');
    const file = write('price-and-category.json', body);
    // Without --verbose, what follows from a root is only counted: each key must still have its own line.
    const r = await validate(file, '--format', 'stylish');
    const t = tree(r.stdout);
    expect(rootOf(t, 'unknown field "unit_price" in line_items[0] (did you mean "unit_amount"?)')).toBeDefined();
    expect(rootOf(t, 'unknown field "tax_categroy" in line_items[0] (did you mean "tax_category"?)')).toBeDefined();
    const verbose = tree((await validate(file, '--format', 'stylish', '--verbose')).stdout);
    expect(rootOf(verbose, 'unknown field "unit_price"')!.dependents.map((d) => /error +\S+ +(.*?)  /.exec(d)?.[1])).toEqual(['line_items[0].unit_amount is required']);
    expect(rootOf(verbose, 'unknown field "tax_categroy"')!.dependents.every((d) => !d.includes('unknown field'))).toBe(true);
  });
});
