/**
 * What a terminal shows of an input or of a service's answer is text, never an escape sequence it acts on: an invoice
 * number, a key, a file name or an answer holding ESC [2J (clear the screen), ESC ] 0;…BEL (set the window's title) or
 * ESC [8m (hide what follows) is written with the character escaped (`\u001b`), the form pintae already quotes values
 * in ("unknown field \"da\u001b[2Jte\""). Found by validating a customer's payload at a terminal: the screen cleared.
 */
import { describe, expect, it } from 'vitest';
import { stylish } from '../../../src/formatters/stylish.js';
import { visible, visibleCopy } from '../../../src/messages/visible.js';
import { finalText, rowText } from '../../../src/cli/submit-report.js';
import { formatStatus } from '../../../src/cli/commands/status.js';
import { entityTable } from '../../../src/cli/commands/entities.js';
import { comparisonText, type Row } from '../../../src/cli/commands/validate-remote.js';
import type { Verdict } from '../../../src/api/compare.js';
import { ApiError } from '../../../src/api/errors.js';
import { finding, reportOf, unreadable, validated } from './support.js';

const ESC = '\u001b';
const BEL = '\u0007';
const CSI = '\u009b';
/** Any character a terminal acts on: C0 but tab and line feed, DEL, C1. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

describe('visible', () => {
  it('escapes C0 (but tab and line feed), DEL and C1 as JSON does, and leaves other text, Arabic included, as it is', () => {
    expect(visible(`a${ESC}[2Jb${BEL}c\rd\be\u007f${CSI}f\tg\nh`)).toBe('a\\u001b[2Jb\\u0007c\\u000dd\\u0008e\\u007f\\u009bf\tg\nh');
    expect(visible('فاتورة INV-1 — 12,500.00')).toBe('فاتورة INV-1 — 12,500.00');
  });

  it('copies only what changes: objects without a control character are the same objects', () => {
    const clean = { a: 'x', list: [{ b: 'y' }] };
    expect(visibleCopy(clean)).toBe(clean);
    const dirty = { a: 'x', list: [{ b: `y${ESC}` }, { c: 'z' }], n: 3, none: null };
    const copy = visibleCopy(dirty);
    expect(copy).toEqual({ a: 'x', list: [{ b: 'y\\u001b' }, { c: 'z' }], n: 3, none: null });
    expect(copy.list[1]).toBe(dirty.list[1]);
    expect(dirty.list[0]!.b).toBe(`y${ESC}`);
  });
});

describe('reports a terminal shows', () => {
  it('stylish: the invoice number, the file name, a field and a message of the input', () => {
    const out = stylish(reportOf([
      validated(`in/${ESC}]0;owned${BEL}.json`, `INV${ESC}[2J-1`, [
        finding('error', 'invoice_header', `Entity ent${ESC}[8m was not found`, { field: `da${ESC}[2Jte` }),
      ]),
      unreadable(`in/b${ESC}[2J.json`, `byte ${ESC}[8m`, 1, 1),
    ]), { color: true });
    expect(out).not.toMatch(/\u001b(?!\[\d+m)/u); // only pintae's own colours remain
    expect(out.replace(/\u001b\[\d+m/gu, '')).not.toMatch(CONTROL);
    expect(out).toContain('INV\\u001b[2J-1');
    expect(out).toContain('in/\\u001b]0;owned\\u0007.json');
    expect(out).toContain('Entity ent\\u001b[8m was not found');
    expect(out).toContain('da\\u001b[2Jte');
    expect(out).toContain('in/b\\u001b[2J.json:1:1: byte \\u001b[8m');
  });

  it('push and bulk lines, the statuses --wait reached, status, entities list and validate --remote: the service\'s answers', () => {
    const row = {
      file: 'a.json', index: null, entity_id: 'e', invoice_number: `INV${ESC}[2J`, outcome: 'rejected' as const, http: 400,
      message: `refused${ESC}]0;x${BEL}`, errors: [{ message: `bad${ESC}[8m`, section: 'tax' }],
      invoice_id: `id${CSI}2J`, final: { invoice_id: `id${CSI}2J`, status: `FAILED${ESC}[2J`, terminal: true, errors: [{ message: `no${ESC}[2J` }] },
    };
    const status = { invoice_id: 'i-1', invoice_number: `N${ESC}[2J`, status: `SENT${ESC}[8m`, category: 'success', terminal: true, errors: [{ message: `m${BEL}` }] };
    const answer = (message: string): Verdict => ({ kind: 'validated', response: { message: 'x', data: { is_valid: false, entity_id: 'e', invoice_number: 'A', total_errors: 1, errors: [{ section: 'tax', message }], warnings: [] } } as never });
    const remoteRows: Row[] = [{ file: 'a.json', index: null, invoice_number: `A${ESC}[2J`, offline: answer('mine'), remote: answer(`theirs${ESC}[2J`),
      difference: { verdict: false, onlyOffline: ['[tax] mine'], onlyRemote: [`[tax] theirs${ESC}[2J`] } }];
    const texts = [
      rowText(row, { color: true }), rowText(row, { color: true, lang: 'ar' }), finalText(row, { color: true }), formatStatus(status, true),
      entityTable([{ entity_id: 'ent_1', company_name: `Al Noor${ESC}]0;x${BEL}`, trn: '100123456700003' }]), comparisonText(remoteRows, true, false),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/\u001b(?!\[\d+m)/u);
      expect(text.replace(/\u001b\[\d+m/gu, '')).not.toMatch(CONTROL);
    }
    expect(texts[0]).toContain('INV\\u001b[2J');
    expect(texts[0]).toContain('refused\\u001b]0;x\\u0007');
    expect(texts[0]).toContain('bad\\u001b[8m');
    expect(texts[2]).toContain('FAILED\\u001b[2J');
    expect(texts[3]).toContain('SENT\\u001b[8m');
    expect(texts[4]).toContain('Al Noor\\u001b]0;x\\u0007');
    expect(texts[5]).toContain('theirs\\u001b[2J');
  });

  it('an error the service answered, in the sentence pintae says on standard error', () => {
    const e = new ApiError(404, { message: `Invoice x${ESC}[2J was not found`, errors: [{ field: `a${BEL}`, message: `b${CSI}2J` }] }, 'GET', '/oauth/invoices/x/status');
    expect(e.message).not.toMatch(CONTROL);
    expect(e.message).toContain('Invoice x\\u001b[2J was not found; a\\u0007: b\\u009b2J');
  });
});

describe('a line feed in a file name (qa9)', () => {
  it('stylish keeps each finding on one line: the file name is written with \\u000a, never split (nor a line forged)', () => {
    const file = 'in/new\n    forged.json:1:1  info  all fine.json';
    const out = stylish(reportOf([validated(file, 'INV-1', [finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date', line: 2, column: 3 })])]), { color: false });
    expect(out.split('\n')).not.toContainEqual(expect.stringMatching(/^\s+forged\.json/));
    expect(out).toContain('in/new\\u000a    forged.json:1:1  info  all fine.json:2:3  error');
  });
});
