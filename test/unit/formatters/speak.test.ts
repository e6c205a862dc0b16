/**
 * Entries of the service's answer that stand for no finding carry no catalogue reference, and are said in a report's
 * language by matching their words (src/formatters/speak.ts, issue 26): the 400 rejection of a registration type
 * (spec 4.2) and an unreadable input's error where it has a reference. Words that do not match stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateText } from '../../../src/batch/work.js';
import { localized } from '../../../src/formatters/speak.js';
import { jsonResult } from '../../../src/formatters/json.js';
import { own } from '../../../src/messages/own.js';
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
});
