/**
 * invoice_header (spec 7.2): invoice number, issue date format, currency code, due date format,
 * transaction_type_code (2.5, 8), payment means (2.1, 4.1); 2.10 warnings.
 * Every row: standard.json with one mutation.
 */
import { describe, expect, it } from 'vitest';
import {
  all, dataOf, expectError, expectValid, fixtureEnv, removing, run, setting, textsAt, type Expected, type Mutation,
} from './support.js';

describe('base invoice', () => {
  it('standard.json, untouched, is valid and builds XML', () => {
    const outcome = run();
    expectValid(outcome);
    expect(outcome.kind === 'validated' && outcome.xml).toBeTruthy();
  });
});

const header = (field: string): Expected => ({ section: 'invoice_header', field });

describe('invoice_header errors (7.2)', () => {
  it.each<[string, Mutation, Expected]>([
    ['2.1 invoice_number: missing → invoice_header invoice_number', removing('invoice_number'), header('invoice_number')],
    ['2.1 invoice_number: empty string is absent (2.8.5) → invoice_header invoice_number', setting('invoice_number', ''), header('invoice_number')],
    ['2.1 date: missing → invoice_header date', removing('date'), header('date')],
    ['2.1 date YYYY-MM-DD: "10/03/2025" → invoice_header date', setting('date', '10/03/2025'), header('date')],
    ['2.1 date YYYY-MM-DD: "2025-3-10" (no zero padding) → invoice_header date', setting('date', '2025-3-10'), header('date')],
    ['2.1 date YYYY-MM-DD: "20250310" → invoice_header date', setting('date', '20250310'), header('date')],
    ['2.1 date YYYY-MM-DD: "2025-03-10T00:00:00Z" (a timestamp) → invoice_header date', setting('date', '2025-03-10T00:00:00Z'), header('date')],
    ['2.1 date YYYY-MM-DD: "2025-02-30" (no such day) → invoice_header date', setting('date', '2025-02-30'), header('date')],
    ['2.1 date YYYY-MM-DD: "2025-13-01" (no such month) → invoice_header date', setting('date', '2025-13-01'), header('date')],
    ['2.1 due_date YYYY-MM-DD: "09-04-2025" → invoice_header due_date', setting('due_date', '09-04-2025'), header('due_date')],
    ['2.1 due_date YYYY-MM-DD: "2025-04-31" (no such day) → invoice_header due_date', setting('due_date', '2025-04-31'), header('due_date')],
    ['2.1 due_date YYYY-MM-DD: "next month" → invoice_header due_date', setting('due_date', 'next month'), header('due_date')],
    ['2.1 currency ISO 4217: "XYZ" → invoice_header currency', setting('currency', 'XYZ'), header('currency')],
    ['2.1 currency ISO 4217: "US" (two letters) → invoice_header currency', setting('currency', 'US'), header('currency')],
    ['2.1 currency ISO 4217: "DOLLAR" → invoice_header currency', setting('currency', 'DOLLAR'), header('currency')],
    ['2.1 currency ISO 4217: "AED " + "X" ("AEDX") → invoice_header currency', setting('currency', 'AEDX'), header('currency')],
    ['2.1 currency ISO 4217: "د.إ" (a symbol, not a code) → invoice_header currency', setting('currency', 'د.إ'), header('currency')],
    ['2.5/8 transaction_type_code: 7 characters → invoice_header transaction_type_code', setting('transaction_type_code', '0000000'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: 9 characters → invoice_header transaction_type_code', setting('transaction_type_code', '000000000'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: 1 character → invoice_header transaction_type_code', setting('transaction_type_code', '0'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: "0000000A" (letter) → invoice_header transaction_type_code', setting('transaction_type_code', '0000000A'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: "00000002" (digit other than 0/1) → invoice_header transaction_type_code', setting('transaction_type_code', '00000002'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: "0000 000" (space) → invoice_header transaction_type_code', setting('transaction_type_code', '0000 000'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: "０００００００１" (full-width digits) → invoice_header transaction_type_code', setting('transaction_type_code', '０００００００１'), header('transaction_type_code')],
    ['2.5/8 transaction_type_code: "00000000\\n1" (newline) → invoice_header transaction_type_code', setting('transaction_type_code', '0000000\n1'), header('transaction_type_code')],
    ['2.1 payment_means_code: "99" is not one of 30, 10, 20, 48, 49 → invoice_header payment_means_code', setting('payment_means_code', '99'), header('payment_means_code')],
    ['2.1/4.1 payment_account_id: required when payment_means_code is 30 → invoice_header payment_account_id', removing('payment_account_id'), header('payment_account_id')],
    ['2.1 actual_delivery_date YYYY-MM-DD: "March 10" → invoice_header actual_delivery_date', setting('actual_delivery_date', 'March 10'), header('actual_delivery_date')],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind, 'validate answers 200 with errors, not a 400 (4.2)').toBe('validated');
    expectError(outcome, expected);
  });
});

describe('invoice_header: accepted values', () => {
  it.each<[string, Mutation]>([
    ['2.5 transaction_type_code "00000000": an ordinary tax invoice', setting('transaction_type_code', '00000000')],
    ['2.5 + 2.8.5 transaction_type_code "": read as absent, default 00000000 (not a length error)', setting('transaction_type_code', '')],
    ['2.5 + 2.8.5 transaction_type_code null: read as absent, default 00000000', setting('transaction_type_code', null)],
    ['2.1 currency "AED" sent explicitly', setting('currency', 'AED')],
    ['2.1 + 2.8.5 currency "": read as absent, default AED', setting('currency', '')],
    ['2.1 + 2.8.5 currency null: read as absent, default AED', setting('currency', null)],
    ['2.1 invoice_type "Tax Invoice": accepted, no effect', setting('invoice_type', 'Tax Invoice')],
    ['2.1 invoice_type "Credit Note": accepted, no effect (always 380)', setting('invoice_type', 'Credit Note')],
    ['2.1 reference: free text, kept on the record only', setting('reference', 'PO 4711 / project "Marina"')],
    ...(['10', '20', '48', '49'] as const).map((code): [string, Mutation] => [`2.1 payment_means_code "${code}" is one of the listed codes`, all(setting('payment_means_code', code), removing('payment_account_id'))]),
  ])('%s → valid', (_name, mutate) => {
    expectValid(run(mutate));
  });

  it('2.5 transaction_type_code "" → ProfileExecutionID 00000000 (2.9 default)', () => {
    const outcome = run(setting('transaction_type_code', ''));
    expect(outcome.kind === 'validated' && textsAt(outcome.xml!, 'cbc:ProfileExecutionID')).toEqual(['00000000']);
  });

  it('2.1/1.8 invoice_type "Credit Note" → still InvoiceTypeCode 380', () => {
    const outcome = run(setting('invoice_type', 'Credit Note'));
    expect(outcome.kind === 'validated' && textsAt(outcome.xml!, 'cbc:InvoiceTypeCode')).toEqual(['380']);
  });

  it('2.1/2.9 date and due_date reach cbc:IssueDate and cbc:DueDate', () => {
    const outcome = run();
    const xml = outcome.kind === 'validated' ? outcome.xml! : '';
    expect(textsAt(xml, 'cbc:IssueDate')).toEqual(['2025-03-10']);
    expect(textsAt(xml, 'cbc:DueDate')).toEqual(['2025-04-09']);
  });
});

describe('2.10 warnings: a duplicate invoice number', () => {
  it('2.10 env.duplicate on a valid invoice → one warning, is_valid stays true, no errors', () => {
    const data = dataOf(run(() => {}, fixtureEnv({ duplicate: true })));
    expect(data.is_valid).toBe(true);
    expect(data.errors).toEqual([]);
    expect(data.total_errors).toBe(0);
    expect(data.warnings.length).toBeGreaterThanOrEqual(1);
    expect(data.warnings[0]).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });

  it('2.10 the valid-and-ready message stays for a valid invoice with a warning', () => {
    const clean = run();
    const warned = run(() => {}, fixtureEnv({ duplicate: true }));
    expect(warned.kind === 'validated' && warned.response.message).toBe(clean.kind === 'validated' && clean.response.message);
  });

  it('2.10 no duplicate → no warnings', () => {
    expect(dataOf(run()).warnings).toEqual([]);
  });

  it('2.10 env.duplicate on an invalid invoice → the warning is there too and does not count as an error', () => {
    const data = dataOf(run(setting('currency', 'XYZ'), fixtureEnv({ duplicate: true })));
    expect(data.is_valid).toBe(false);
    expect(data.warnings.length).toBeGreaterThanOrEqual(1);
    expect(data.total_errors).toBe(data.errors.length);
  });

  it('2.10 echo: entity_id and invoice_number are echoed, total_errors counts errors', () => {
    const data = dataOf(run(all(setting('currency', 'XYZ'), setting('date', 'x'))));
    expect(data.entity_id).toBe('ent_al_noor');
    expect(data.invoice_number).toBe('INV-2025-0001');
    expect(data.total_errors).toBe(data.errors.length);
    expect(data.total_errors).toBeGreaterThanOrEqual(1);
  });
});
