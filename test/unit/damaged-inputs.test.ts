/**
 * Issue 11, item 9 ("smaller ones"), class "damaged inputs are located, worded errors": a rate table with impossible
 * dates or rows that contradict each other, a damaged ledger line and a damaged sandbox record. Each used to be
 * accepted or to fail with "Cannot read properties of undefined (reading 'trim')" and no file or line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRates } from '../../src/io/rates.js';
import { UsageError } from '../../src/io/errors.js';
import { Ledger } from '../../src/batch/ledger.js';
import { Store } from '../../src/sandbox/store.js';
import { speak } from '../../src/messages/ref.js';

const dirs: string[] = [];
const temp = () => { const d = mkdtempSync(join(tmpdir(), 'pintae-damaged-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** The message of the UsageError `fn` throws (any other exception fails the test). */
function refusal(fn: () => unknown): string {
  try { fn(); } catch (e) { expect(e).toBeInstanceOf(UsageError); return (e as Error).message; }
  throw new Error('expected a refusal');
}

describe('rate tables: days that exist, one rate per currency and day, every error at file:line:column', () => {
  it.each([
    ['2025-02-30', 'r.csv:3:1: date "2025-02-30" is not a calendar date in YYYY-MM-DD form'],
    ['2025-02-29', 'r.csv:3:1: date "2025-02-29" is not a calendar date in YYYY-MM-DD form'],
    ['2025-13-01', 'r.csv:3:1: date "2025-13-01" is not a calendar date in YYYY-MM-DD form'],
    ['2025-04-31', 'r.csv:3:1: date "2025-04-31" is not a calendar date in YYYY-MM-DD form'],
    ['2025-00-10', 'r.csv:3:1: date "2025-00-10" is not a calendar date in YYYY-MM-DD form'],
  ])('CSV: %s is refused', (date, message) => {
    expect(refusal(() => parseRates(`date,currency,rate\n2025-03-03,USD,3.6725\n${date},USD,3.6725\n`, 'r.csv'))).toBe(message);
  });

  it('a leap day exists; the same rate twice is a repeat, not a conflict', () => {
    const table = parseRates('2024-02-29,USD,3.6725\n2025-03-03,EUR,3.9\n2025-03-03,eur,3.90\n', 'r.csv');
    expect(table.get('USD', '2024-02-29')?.toString()).toBe('3.6725');
    expect(table.get('EUR', '2025-03-03')?.toString()).toBe('3.9');
  });

  it('two different rates for one currency and day: refused at the second, naming the first', () => {
    expect(refusal(() => parseRates('date,currency,rate\n2025-03-03,USD,3.6725\n2025-03-04,USD,3.6725\n 2025-03-03, usd, 3.6730\n', 'r.csv')))
      .toBe('r.csv:4:19: a second USD rate for 2025-03-03 (3.673) conflicts with 3.6725 at line 2; keep the one the Bank published');
    expect(refusal(() => parseRates('[\n {"date": "2025-03-03", "currency": "USD", "rate": 3.6725},\n {"date": "2025-03-03", "currency": "USD", "rate": "3.7"}\n]', 'r.json')))
      .toBe('r.json:3:52: a second USD rate for 2025-03-03 (3.7) conflicts with 3.6725 at line 2; keep the one the Bank published');
  });

  it('JSON rows: cells of the wrong type and rows that are not objects are located, never thrown as TypeErrors', () => {
    expect(refusal(() => parseRates('[{"date": {"toString": 1}, "currency": "USD", "rate": 1}]', 'r.json'))).toBe('r.json:1:11: date (an object) is not a calendar date in YYYY-MM-DD form');
    expect(refusal(() => parseRates('[{"date": "2025-03-03", "currency": ["USD"], "rate": 1}]', 'r.json'))).toBe('r.json:1:37: currency (a list) is not a three-letter code');
    expect(refusal(() => parseRates(`[{"date": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "currency": "USD", "rate": 1}]`, 'r.json'))).toBe('r.json:1:11: date (a list) is not a calendar date in YYYY-MM-DD form');
    expect(refusal(() => parseRates('[\n  "2025-03-03,USD,1"\n]', 'r.json'))).toBe('r.json:2:3: date null is not a calendar date in YYYY-MM-DD form');
    expect(refusal(() => parseRates('{"date": "2025-03-03"}', 'r.json'))).toBe('r.json:1:1: a JSON rate table is an array of {date, currency, rate}');
    expect(refusal(() => parseRates('\n\n2025-03-03,USD\n', 'r.csv'))).toBe('r.csv:3:1: expected date,currency,rate');
  });
});

describe('the ledger: a damaged line anywhere but a torn last one stops the run with its line and column', () => {
  const good = JSON.stringify({ time: 't', state: 'accepted', base_url: 'http://x', entity_id: 'e', invoice_number: 'N', sha256: 'h' });
  it.each([
    ['{}', ':2:1: not a ledger record (time is missing)'],
    ['null', ':2:1: not a ledger record (expected a JSON object)'],
    ['[1]', ':2:1: not a ledger record (expected a JSON object)'],
    ['{"time": "t", "state": "accepted", "base_url": "http://x", "entity_id": "e", "sha256": "h"}', ':2:1: not a ledger record (invoice_number is missing)'],
    ['{"time": "t", "state": "accepted", "base_url": "http://x", "entity_id": "e", "invoice_number": 7, "sha256": "h"}', ':2:96: not a ledger record (invoice_number is not a string)'],
    ['{"time": "t", "state": "maybe", "base_url": "http://x", "entity_id": "e", "invoice_number": "N", "sha256": "h"}', ':2:24: not a ledger record (state is not one of sending, accepted, rejected, unknown, unsent)'],
    ['{"time": "t", "state": "acc', ':2:28: not a ledger record (unterminated string)'],
    [`${good.slice(0, -1)}, "invoice_id": {"toString": 1}}`, `:2:${good.length + 16}: not a ledger record (invoice_id is not a string)`],
  ])('%s', (line, message) => {
    const path = join(temp(), 'ledger.jsonl');
    writeFileSync(path, `${good}\n${line}\n${good}\n`);
    expect(refusal(() => Ledger.open(path))).toBe(`${path}${message}; the ledger is damaged (move it aside to start a new one)`);
  });
});

describe('sandbox records: a damaged record stops the start with its file, line and column', () => {
  const invoice = { invoice_id: 'i1', application_id: 'a', entity_id: 'e', invoice_number: 'N', body: {}, status: 'PROCESSING', stage: 'received', errors: [], xml: null, history: [], received_at: 't', updated_at: 't' };
  const start = (name: string, text: string, kind = 'invoices') => {
    const dir = temp();
    mkdirSync(join(dir, kind), { recursive: true });
    writeFileSync(join(dir, kind, name), text);
    return refusal(() => new Store(dir)).replace(dir, '<data>');
  };
  const { invoice_number: _n, ...noNumber } = invoice;

  it.each([
    ['a record without its invoice_number', JSON.stringify(noNumber, null, 2), '<data>/invoices/i1.json:1:1: not a readable sandbox invoice record: invoice_number is missing (it must be a non-empty string)'],
    ['an invoice_number of the wrong type', JSON.stringify({ ...invoice, invoice_number: 12 }, null, 2), '<data>/invoices/i1.json:5:21: not a readable sandbox invoice record: invoice_number must be a non-empty string'],
    ['an unknown status', JSON.stringify({ ...invoice, status: 'LOST' }, null, 2), '<data>/invoices/i1.json:7:13: not a readable sandbox invoice record: status must be one of PROCESSING, VALIDATION_FAILED, SENT_TO_PEPPOL, DELIVERY_FAILED'],
    ['a body nested past the limit', JSON.stringify({ ...invoice, body: { reference: '@' } }).replace('"@"', '['.repeat(100) + ']'.repeat(100)), '<data>/invoices/i1.json:1:85: not a readable sandbox invoice record: body is nested more than 64 levels deep'],
    ['text that is not JSON', '{"invoice_id": "i1",\n  "body": {', '<data>/invoices/i1.json:2:12: not a readable sandbox invoice record: expected a double-quoted property name, found the end of the file'],
    ['a JSON value that is not an object', '[]', '<data>/invoices/i1.json:1:1: not a readable sandbox invoice record: expected a JSON object'],
  ])('%s', (_name, text, message) => {
    expect(start('i1.json', text)).toBe(`${message} (restore the file, or move it out of the data directory)`);
  });

  it('each is said in Arabic too, no English left but the field names, values and paths (pintae sandbox --lang ar)', () => {
    const said = (name: string, text: string, kind = 'invoices') => {
      const dir = temp();
      mkdirSync(join(dir, kind), { recursive: true });
      writeFileSync(join(dir, kind, name), text);
      try { new Store(dir); } catch (e) { return speak((e as UsageError).said!, 'ar')!.replace(dir, '<data>'); }
      throw new Error('started');
    };
    expect(said('i1.json', JSON.stringify({ ...invoice, status: 'LOST' }, null, 2)))
      .toBe('<data>/invoices/i1.json:7:13: ليس سجلاً مقروءاً من سجلات sandbox (فاتورة): status يجب أن يكون أحد: PROCESSING، VALIDATION_FAILED، SENT_TO_PEPPOL، DELIVERY_FAILED (استعد الملف، أو انقله خارج مجلد البيانات)');
    expect(said('e.json', '{"entity_id": "e", "account_id": "a", "user_id": null, "created_at": "t", "updated_at": "t"}', 'entities'))
      .toBe('<data>/entities/e.json:1:1: ليس سجلاً مقروءاً من سجلات sandbox (كيان): applications غير موجود (يجب أن يكون قائمة معرّفات تطبيقات) (استعد الملف، أو انقله خارج مجلد البيانات)');
    const english = /\b(not|readable|record|must|missing|expected|restore|found|nested|string|object|list)\b/;
    for (const text of [JSON.stringify(noNumber), JSON.stringify({ ...invoice, invoice_number: 12 }), '{"invoice_id": "i1",\n  "body": {', '[]',
      JSON.stringify({ ...invoice, body: { reference: '@' } }).replace('"@"', '['.repeat(100) + ']'.repeat(100)), JSON.stringify({ ...invoice, history: [1] }),
      JSON.stringify({ ...invoice, xml: 5 }), JSON.stringify({ ...invoice, received_at: 5 })]) {
      expect(said('i1.json', text).replace(/^[^:]*:\d+:\d+: /, ''), text).not.toMatch(english);
    }
  });

  it('an entity record without its applications', () => {
    expect(start('e.json', '{"entity_id": "e", "account_id": "a", "user_id": null, "created_at": "t", "updated_at": "t"}', 'entities'))
      .toBe('<data>/entities/e.json:1:1: not a readable sandbox entity record: applications is missing (it must be a list of application ids) (restore the file, or move it out of the data directory)');
  });
});
