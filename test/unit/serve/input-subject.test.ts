/**
 * What a message calls the input (qa9 item 2): `pintae serve` and the library said "the file is empty", "the file
 * looks like Windows-1252" of a request body or a document handed to a function. The caller says what the input is
 * (src/messages/subject.ts); the CLI keeps "the file"; Arabic follows each.
 */
import { describe, expect, it } from 'vitest';
import { serveTask, type ServeEnv } from '../../../src/serve/work.js';
import { bodyText, BodyNotText } from '../../../src/server/body.js';
import { validateText } from '../../../src/batch/work.js';
import { checkFile } from '../../../src/batch/check-work.js';
import { localized } from '../../../src/formatters/speak.js';
import { createValidator } from '../../../dist/validator.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { ENTITY } from '../../helpers/paths.js';

const env: ServeEnv = { pipeline: fixtureEnv(), rules: {}, gates: { failSeverity: 'error' }, tdd: { receiver: '0242:000001', representative: '0242:000002' } };
const LATIN1 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]); // {"a":"é"} in Windows-1252
const errorOf = (body: string) => JSON.parse(body).results?.[0]?.error ?? JSON.parse(body).error;

describe('pintae serve: a request body', () => {
  it('empty, an empty list, cut short: the request body, in English and Arabic', () => {
    expect(errorOf(serveTask({ op: 'validate', text: '', format: 'json', lang: 'en' }, env).body).message).toBe('the request body is empty');
    expect(errorOf(serveTask({ op: 'validate', text: '[]', format: 'json', lang: 'en' }, env).body).message).toBe('the request body holds no invoices (an empty list)');
    expect(errorOf(serveTask({ op: 'validate', text: '{"a":', format: 'json', lang: 'en' }, env).body).message).toBe('a value was expected, but the request body ends here');
    expect(errorOf(serveTask({ op: 'check', bytes: new Uint8Array(), format: 'json', lang: 'en' }, env).body).message).toBe('the request body is empty');
    expect(errorOf(serveTask({ op: 'tdd', text: ' ', query: {}, lang: 'en' }, env).body).message).toBe('the request body is empty');
    expect(errorOf(serveTask({ op: 'validate', text: '', format: 'json', lang: 'ar' }, env).body)).toEqual({ message: 'متن الطلب فارغ', message_en: 'the request body is empty', line: 1, column: 1 });
    const dryRun = JSON.parse(serveTask({ op: 'dry-run', text: '' }, env).body);
    expect(dryRun.errors[0].message).toBe('the request body is empty');
  });

  it('bytes that are not UTF-8: the request body looks like Windows-1252', () => {
    let thrown: unknown;
    try { bodyText(LATIN1); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(BodyNotText);
    expect((thrown as BodyNotText).message).toBe('byte 0xE9 is not UTF-8; the request body looks like Windows-1252 — save it as UTF-8');
  });
});

describe('the library: the document given', () => {
  it('validate, validateMany, check and tdd say "the document given"', async () => {
    const v = await createValidator({ entity: ENTITY, ruleSet: false, config: false });
    expect(v.validate('').error?.message).toBe('the document given is empty');
    expect(v.validate(LATIN1).error?.message).toBe('byte 0xE9 is not UTF-8; the document given looks like Windows-1252 — save it as UTF-8');
    expect(v.validateMany('{"invoices": []}')[0]!.error?.message).toBe('the document given holds no invoices (an empty list)');
    expect(v.check('  ').error?.message).toBe('the document given is empty');
    expect(v.check('{"invoice_number": "A-1"}').error?.message).toBe('this holds JSON, not XML: to validate an invoice request body, call validate()');
    expect(v.tdd('', { receiver: '0242:000001', representative: '0242:000002', transportId: 't-1' }).error?.message).toBe('the document given is empty');
  });
});

describe('the command line keeps "the file"', () => {
  it('an empty file, said in Arabic too; a non-UTF-8 file in Arabic (the decoder\'s words were English only)', () => {
    const [empty] = validateText('a.json', '', fixtureEnv(), false) as InvoiceResult[];
    expect(empty!.error?.message).toBe('the file is empty');
    expect(localized(empty!, 'ar').error?.message).toBe('الملف فارغ');
    const latin = { ...empty!, error: { message: 'byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8', line: 1, column: 7 } };
    expect(localized(latin, 'ar').error?.message).toBe('البايت 0xE9 ليس UTF-8؛ يبدو الملف بترميز Windows-1252 — احفظه بترميز UTF-8');
  });

  it('standard input (-) is said as such, not as a file', () => {
    const [empty] = validateText('-', ' ', fixtureEnv(), false) as InvoiceResult[];
    expect(empty!.error?.message).toBe('standard input is empty');
    expect(localized(empty!, 'ar').error?.message).toBe('الإدخال القياسي فارغ');
    expect(checkFile('-', undefined, undefined, new Uint8Array()).error?.message).toBe('standard input is empty');
  });
});
