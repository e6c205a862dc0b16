/**
 * push and bulk keep an invalid invoice back and list why (qa9, a batch script): for a body sent wrapped,
 * `{"invoice": {…}}`, they listed five "… is required" errors and not the one mistake they follow from. The warnings
 * the errors follow from come first, marked warning; the count in the sentence stays the errors'.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSendables, type SubmitResult } from '../../../src/batch/submit-read.js';
import { discover } from '../../../src/batch/discover.js';
import { rowText } from '../../../src/cli/submit-report.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-submit-causes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an invalid invoice kept back', () => {
  it('lists the warning its errors follow from first', () => {
    const file = join(dir, 'wrapped.json');
    writeFileSync(file, JSON.stringify({ invoice: JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) }));
    const [row] = [...readSendables(discover([file]), fixtureEnv(), () => '')] as SubmitResult[];
    expect(row!.outcome).toBe('invalid');
    expect(row!.message).toBe('not sent: the offline validation finds 5 errors (--no-validate sends anyway)');
    expect(row!.errors![0]).toMatchObject({ severity: 'warning', field: 'invoice', message: expect.stringMatching(/^unknown field "invoice": invoice holds an invoice request body/) });
    expect(row!.errors!.slice(1).map((e) => e.field)).toEqual(['entity_id', 'invoice_number', 'date', 'buyer', 'line_items']);
    expect(rowText(row!, { color: false })).toMatch(/\n {6}warning {2}invoice_header {2}unknown field "invoice"/);
  });

  it('an empty list is said from the catalogue (in Arabic too)', () => {
    const file = join(dir, 'empty.json');
    writeFileSync(file, '[]');
    const [row] = [...readSendables(discover([file]), fixtureEnv(), () => '')] as SubmitResult[];
    expect(row!.outcome).toBe('unreadable');
    expect(rowText(row!, { color: false, lang: 'ar' })).toContain('لا يحوي الملف أي فاتورة (قائمة فارغة)');
  });
});
