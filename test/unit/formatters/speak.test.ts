/**
 * Entries of the service's answer that stand for no finding carry no catalogue reference, and are said in a report's
 * language by matching their words (src/formatters/speak.ts, issue 26): the 400 rejection of a registration type
 * (spec 4.2), an unreadable input's error where it has a reference, and the lower layers' reasons (the JSON reader's,
 * the file system's). Words that do not match stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateText } from '../../../src/batch/work.js';
import { localized } from '../../../src/formatters/speak.js';
import { jsonResult } from '../../../src/formatters/json.js';
import { own } from '../../../src/messages/own.js';
import { speak } from '../../../src/messages/ref.js';
import { reasonAt } from '../../../src/io/errors.js';
import { fsErrorWords } from '../../../src/io/input-file.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { FIXTURES } from '../../helpers/paths.js';
import { fixtureEnv } from '../../helpers/pipeline.js';

const ARABIC = /[\u0600-\u06FF]/u;

describe('said by their words', () => {
  it('the 400 rejection of a registration type: Arabic, with its English; the response untouched', () => {
    const text = readFileSync(join(FIXTURES, 'invalid/rejected-registration-type.json'), 'utf8');
    const [r] = validateText('x.json', text, fixtureEnv(), false);
    expect(r!.rejected).toBe(true);
    const said = localized(r!, 'ar');
    const errors = (said.response as { errors: Array<{ message: string; message_en?: string }> }).errors;
    expect(errors[0]!.message).toMatch(ARABIC);
    expect(errors[0]!.message).toContain('buyer.legal_registration_type "LICENSE"');
    expect(errors[0]!.message_en).toBe('buyer.legal_registration_type "LICENSE" is not one of TL, EID, PAS, CD');
    const json = jsonResult(r!, 'ar') as { response: unknown; findings: { errors: Array<{ message: string }> } };
    expect(json.response).toEqual(r!.response);
    expect(json.findings.errors[0]!.message).toMatch(ARABIC);
  });

  it('an error with other words than its entry\'s is not said again; an input\'s error with a reference is, and the reference is never written', () => {
    const base: InvoiceResult = { file: 'x.json', index: null, valid: false, rejected: true, response: { message: 'The request is invalid', errors: [{ field: 'seller.registration_type', message: 'seller.registration_type 7 is not one of TL, EID, PAS, CD (changed)' }] }, findings: [], xml: null, xmlPath: null };
    const errors = (localized(base, 'ar').response as { errors: Array<{ message: string }> }).errors;
    expect(errors[0]!.message).toBe('seller.registration_type 7 is not one of TL, EID, PAS, CD (changed)');
    const words = own('tdd.nothing-built');
    const unreadable: InvoiceResult = { ...base, rejected: false, response: null, error: { ...words, line: 1, column: 1 } };
    const json = jsonResult(unreadable, 'ar') as { error: Record<string, unknown> };
    expect(json.error.message).toMatch(ARABIC);
    expect(json.error.message_en).toBe(words.message);
    expect(json.error).not.toHaveProperty('said');
    expect(jsonResult(unreadable, 'en')).not.toHaveProperty('error.said');
  });

  // The lower layers' reasons (src/messages/reasons.ts): the English is the reader's, the Arabic the catalogue's.
  const unreadable = (message: string, line?: number): InvoiceResult => ({ file: 'x.json', index: null, valid: false, rejected: false, response: null, findings: [], xml: null, xmlPath: null, error: { message, line: line ?? 1, column: 1 } });

  it('an input that is not JSON: the JSON reader\'s reason in Arabic, its English beside it, the place kept', () => {
    const [r] = validateText('x.json', '{"invoice_number": "A-1"', fixtureEnv(), false);
    expect(r!.error).toMatchObject({ message: "expected ',' or '}', found the end of the file", line: 1, column: 25 });
    const json = jsonResult(r!, 'ar') as { error: Record<string, unknown> };
    expect(json.error).toEqual({ message: "كان المتوقع ',' أو '}'، ووُجد نهاية الملف", message_en: "expected ',' or '}', found the end of the file", line: 1, column: 25 });
    const both = localized(r!, 'en+ar', '\n').error!;
    expect(both.message).toBe("expected ',' or '}', found the end of the file\nكان المتوقع ',' أو '}'، ووُجد نهاية الملف");
    expect(jsonResult(r!, 'en')).toMatchObject({ error: { message: "expected ',' or '}', found the end of the file" } });
  });

  it.each([
    ['unexpected "2" after the JSON value', '"2" غير متوقع بعد قيمة JSON'],
    ['unexpected "t"', '"t" غير متوقع'],
    ['expected a double-quoted property name, found "}"', 'كان المتوقع اسم خاصية بين علامتي تنصيص مزدوجتين، ووُجد "}"'],
    ['permission denied', 'الإذن مرفوض'],
    ['is a named pipe (FIFO), not a regular file: pintae reads regular files only (use - to read standard input)', 'هذا أنبوب مسمّى (FIFO)، وليس ملفاً عادياً: لا يقرأ pintae إلا الملفات العادية (استخدم - للقراءة من الإدخال القياسي)'],
    ['a symbolic link to gone.json, which does not exist', 'رابط رمزي إلى gone.json، وهو غير موجود'],
    // pintae's sentence about an input, with the file system's reason inside it: both said.
    ['this directory cannot be read: permission denied', 'تتعذر قراءة هذا المجلد: الإذن مرفوض'],
    ['the file holds no invoices (an empty list)', 'لا يحوي الملف أي فاتورة (قائمة فارغة)'],
  ])('an unreadable input\'s %j is said in Arabic', (en, ar) => {
    expect(localized(unreadable(en), 'ar').error).toMatchObject({ message: ar, message_en: en });
  });

  it('words that are no reason pintae words stay as they came', () => {
    for (const en of ['EWHATEVER: something odd', 'unexpected', 'permission denied!']) expect(localized(unreadable(en), 'ar').error).toMatchObject({ message: en, message_en: en });
  });

  it('a reason at a place, as the CLI says a usage error: the place kept, the reason in Arabic', () => {
    const e = reasonAt('--rates x.csv', fsErrorWords(Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' })));
    expect(e.message).toBe('--rates x.csv: permission denied');
    expect(speak(e.said!, 'ar')).toBe('--rates x.csv: الإذن مرفوض');
    expect(speak(e.said!, 'en+ar', '\n')).toBe('--rates x.csv: permission denied\n--rates x.csv: الإذن مرفوض');
  });
});
