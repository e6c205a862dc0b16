/**
 * The sandbox's invoice endpoints (spec 4.1–4.4, 3, 2.10, 2.11) over real HTTP, held against `validateInvoice` run
 * in-process on the same body and entity: the sandbox and offline validation must not disagree.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { validateInvoice } from '../../dist/pipeline.js';
import { placeInBody } from '../../dist/batch/work.js';
import { builtinRuleSet } from '../../dist/schematron/rulesets.js';
import { toEntity } from '../../dist/io/entities.js';
import { FIXTURES } from '../helpers/paths.js';
import { call, createEntity, invoice, rates, removeTempDirs, sandbox, tempDir, TODAY, waitTerminal } from './sandbox-client.js';

const A = 'tok-a';
const B = 'tok-b';
let sb: Sandbox;
let entity: Record<string, any>;
let otherEntity: Record<string, any>;

beforeAll(async () => {
  sb = await sandbox({ dataDir: tempDir(), tokens: { [A]: 'app_a', [B]: 'app_b' } });
  entity = await createEntity(sb, A);
  otherEntity = await createEntity(sb, B);
});
afterAll(async () => { await sb?.close(); removeTempDirs(); });

/** What offline validation answers for this body with the sandbox's entity record (spec 4.2: the identical engine). */
function offline(body: unknown, record = entity) {
  const seller = toEntity(record, 'test');
  return validateInvoice(body, { findEntity: (id: string) => (id === seller.entity_id ? seller : undefined), rates, today: TODAY, schematron: builtinRuleSet() });
}

/** Offline validation placed in the body as sent (call() sends JSON.stringify(body)), as the sandbox places its answer. */
function offlineSent(body: unknown) {
  const outcome = offline(body);
  placeInBody(JSON.stringify(body), outcome);
  return outcome;
}

let serial = 0;
const number = (prefix: string) => `${prefix}-${++serial}`;
const essentials = (errors: any[]) => errors.map(({ message, section, rule }) => ({ message, section, rule }));

describe('POST /oauth/invoices then the status (spec 4.1, 3, 4.4)', () => {
  it('answers 202 PROCESSING, and the invoice ends SENT_TO_PEPPOL with category success', async () => {
    const body = invoice('standard', entity.entity_id, { invoice_number: number('OK') });
    const pushed = await call(sb, A, 'POST', '/oauth/invoices', body);
    expect(pushed.status).toBe(202);
    expect(pushed.body).toEqual({ message: expect.any(String), invoice_id: expect.any(String), status: 'PROCESSING' });
    const status = await waitTerminal(sb, A, pushed.body.invoice_id);
    expect(status).toMatchObject({ invoice_id: pushed.body.invoice_id, invoice_number: body.invoice_number, direction: 'sent', status: 'SENT_TO_PEPPOL', category: 'success', terminal: true });
    expect(status).not.toHaveProperty('errors');
  });

  it('reports PINT-AE and rule failures after the 202 as VALIDATION_FAILED with the failing rules (no 422)', async () => {
    const body = invoice('invalid/tax', entity.entity_id, { invoice_number: number('TAX') });
    const pushed = await call(sb, A, 'POST', '/oauth/invoices', body);
    expect(pushed.status).toBe(202);
    const status = await waitTerminal(sb, A, pushed.body.invoice_id);
    expect(status).toMatchObject({ status: 'VALIDATION_FAILED', category: 'failed', terminal: true });
    const expected = offline(body);
    if (expected.kind !== 'validated') throw new Error('expected a validated outcome');
    expect(expected.response.data.errors.length).toBeGreaterThan(0);
    expect(essentials(status.errors)).toEqual(essentials(expected.response.data.errors));
  });

  it('agrees with offline validation on every fixture: valid → SENT_TO_PEPPOL, invalid → 400 or VALIDATION_FAILED with the same errors', async () => {
    const names = [
      ...readdirSync(join(FIXTURES, 'invoices')).map((f) => f.replace(/\.json$/, '')),
      ...readdirSync(join(FIXTURES, 'invalid')).filter((f) => !['malformed.json', 'endpoint-ids.json'].includes(f)).map((f) => `invalid/${f.replace(/\.json$/, '')}`),
    ];
    const pushed = await Promise.all(names.map(async (name) => {
      const body = invoice(name, entity.entity_id, { invoice_number: number(name) });
      return { name, body, answer: await call(sb, A, 'POST', '/oauth/invoices', body) };
    }));
    let sent = 0;
    let failed = 0;
    let refused = 0;
    for (const { name, body, answer } of pushed) {
      const expected = offline(body);
      if (answer.status === 400) {
        expect(expected.kind === 'rejected' || !expected.response.data.is_valid, name).toBe(true);
        refused++;
        continue;
      }
      expect(answer.status, name).toBe(202);
      const status = await waitTerminal(sb, A, answer.body.invoice_id);
      if (expected.kind !== 'validated') throw new Error(`${name}: offline rejected it, the sandbox accepted it`);
      if (expected.response.data.is_valid) { expect(status.status, name).toBe('SENT_TO_PEPPOL'); sent++; }
      else { expect(status.status, name).toBe('VALIDATION_FAILED'); expect(essentials(status.errors), name).toEqual(essentials(expected.response.data.errors)); failed++; }
    }
    // Every valid fixture is delivered; the invalid ones split between refusal and failure after the 202.
    expect(sent).toBe(readdirSync(join(FIXTURES, 'invoices')).length);
    expect(failed).toBeGreaterThanOrEqual(4);
    expect(refused).toBeGreaterThanOrEqual(2);
  });

  it('fails an invoice of an entity without a registry code (not registered for sending) in endpoint_ids', async () => {
    const unregistered = await createEntity(sb, A, { trn: 'XYZ123456700003' });
    const pushed = await call(sb, A, 'POST', '/oauth/invoices', invoice('standard', unregistered.entity_id, { invoice_number: number('UNREG') }));
    expect(pushed.status).toBe(202);
    const status = await waitTerminal(sb, A, pushed.body.invoice_id);
    expect(status.status).toBe('VALIDATION_FAILED');
    expect(status.errors.map((e: any) => e.section)).toContain('endpoint_ids');
  });

  it('answers 409 with the existing invoice_id for a repeated invoice_number of the entity', async () => {
    const body = invoice('standard', entity.entity_id, { invoice_number: number('DUP') });
    const first = await call(sb, A, 'POST', '/oauth/invoices', body);
    const second = await call(sb, A, 'POST', '/oauth/invoices', { ...body, invoice_number: ` ${body.invoice_number} ` });
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(second.body.invoice_id).toBe(first.body.invoice_id);
  });

  it("answers 404 for a missing entity or another application's, and for their invoices' status", async () => {
    for (const entityId of ['ent_nobody', otherEntity.entity_id]) {
      const answer = await call(sb, A, 'POST', '/oauth/invoices', invoice('standard', entityId, { invoice_number: number('NF') }));
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/not found or does not belong/);
    }
    const theirs = await call(sb, B, 'POST', '/oauth/invoices', invoice('standard', otherEntity.entity_id, { invoice_number: number('B') }));
    expect(theirs.status).toBe(202);
    expect((await call(sb, A, 'GET', `/oauth/invoices/${theirs.body.invoice_id}/status`)).status).toBe(404);
    expect((await call(sb, A, 'GET', '/oauth/invoices/no-such-invoice/status')).status).toBe(404);
  });
});

describe('400 on push (spec 4.1: schema and conditional rules)', () => {
  const cases: Array<[string, (n: string) => Record<string, any>, string]> = [
    ['a missing required field', (n) => { const b = invoice('standard', entity.entity_id, { invoice_number: n }); delete b.line_items; return b; }, 'line_items'],
    ['a bad date', (n) => invoice('standard', entity.entity_id, { invoice_number: n, date: '10/03/2025' }), 'date'],
    ['an invalid registration type', (n) => invoice('invalid/rejected-registration-type', entity.entity_id, { invoice_number: n }), 'buyer.legal_registration_type'],
    ['payment code 30 without payment_account_id', (n) => invoice('standard', entity.entity_id, { invoice_number: n, payment_account_id: undefined }), 'payment_account_id'],
    ['an export without delivery', (n) => invoice('export', entity.entity_id, { invoice_number: n, delivery: undefined }), 'delivery'],
    ['a UAE buyer without trn or participant_id', (n) => { const b = invoice('standard', entity.entity_id, { invoice_number: n }); delete b.buyer.trn; return b; }, 'buyer.trn'],
    ['TL without the authority name', (n) => { const b = invoice('standard', entity.entity_id, { invoice_number: n }); delete b.buyer.authority_name; return b; }, 'buyer.authority_name'],
    ['PAS without the passport country', (n) => { const b = invoice('standard', entity.entity_id, { invoice_number: n }); b.buyer.legal_registration_type = 'PAS'; return b; }, 'buyer.passport_country_code'],
  ];
  for (const [what, make, field] of cases) {
    it(`refuses ${what} with the field named, and consumes no invoice number`, async () => {
      const n = number('BAD');
      const answer = await call(sb, A, 'POST', '/oauth/invoices', make(n));
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: any) => e.field)).toContain(field);
      const fixed = await call(sb, A, 'POST', '/oauth/invoices', invoice('standard', entity.entity_id, { invoice_number: n }));
      expect(fixed.status).toBe(202);
    });
  }

  it('refuses a body that is not a JSON object', async () => {
    expect((await call(sb, A, 'POST', '/oauth/invoices', '[]')).status).toBe(400);
    expect((await call(sb, A, 'POST', '/oauth/invoices', 'not json')).status).toBe(400);
  });
});

describe('POST /oauth/invoices/validate (spec 4.2, 2.10)', () => {
  it('answers 200 with exactly what offline validation answers, valid or not', async () => {
    for (const name of ['standard', 'usd-without-rate', 'export', 'invalid/tax', 'invalid/seller-party', 'invalid/wrong-types']) {
      const body = invoice(name, entity.entity_id, { invoice_number: number('V') });
      const answer = await call(sb, A, 'POST', '/oauth/invoices/validate', body);
      const expected = offlineSent(body);
      expect(answer.status, name).toBe(200);
      if (expected.kind !== 'validated') throw new Error(`${name}: rejected offline`);
      expect(answer.body, name).toEqual(expected.response);
    }
  });

  it('answers 400 for an invalid registration type, 404 for an entity that is not reachable', async () => {
    const rejected = await call(sb, A, 'POST', '/oauth/invoices/validate', invoice('invalid/rejected-registration-type', entity.entity_id));
    expect(rejected.status).toBe(400);
    expect(rejected.body).toEqual(offlineSent(invoice('invalid/rejected-registration-type', entity.entity_id)).response);
    expect((await call(sb, A, 'POST', '/oauth/invoices/validate', invoice('standard', otherEntity.entity_id))).status).toBe(404);
  });

  it('stores nothing, and warns of an invoice number already submitted (a push would answer 409)', async () => {
    const body = invoice('standard', entity.entity_id, { invoice_number: number('DRY') });
    const dry = await call(sb, A, 'POST', '/oauth/invoices/validate', body);
    // Not submitted yet: no warning at all (the note on the fixture's date is pintae's own, never in the answer).
    expect(dry.body.data.warnings).toEqual([]);
    const pushed = await call(sb, A, 'POST', '/oauth/invoices', body);
    expect(pushed.status).toBe(202);
    const again = await call(sb, A, 'POST', '/oauth/invoices/validate', body);
    expect(again.status).toBe(200);
    expect(again.body.data.is_valid).toBe(true);
    expect(again.body.data.warnings).toEqual([
      expect.objectContaining({ field: 'invoice_number', invoice_id: pushed.body.invoice_id, message: expect.stringMatching(/409/) }),
    ]);
  });
});

describe('POST /oauth/invoices/bulk (spec 4.3)', () => {
  it('answers 207 with one result per item; a failing item does not block the others', async () => {
    const taken = number('BULK');
    expect((await call(sb, A, 'POST', '/oauth/invoices', invoice('standard', entity.entity_id, { invoice_number: taken }))).status).toBe(202);
    const good = number('BULK');
    const items = [
      invoice('standard', entity.entity_id, { invoice_number: good }),
      invoice('standard', entity.entity_id, { invoice_number: taken }),
      invoice('standard', entity.entity_id, { invoice_number: number('BULK'), date: 'yesterday' }),
      invoice('standard', otherEntity.entity_id, { invoice_number: number('BULK') }),
      invoice('invalid/tax', entity.entity_id, { invoice_number: number('BULK') }),
    ];
    const answer = await call(sb, A, 'POST', '/oauth/invoices/bulk', { invoices: items });
    expect(answer.status).toBe(207);
    expect(answer.body.results.map((r: any) => [r.invoice_number, r.status_code])).toEqual(items.map((it, i) => [it.invoice_number, [202, 409, 400, 404, 202][i]]));
    const [accepted, duplicate, , , failing] = answer.body.results;
    expect(accepted).toMatchObject({ status: 'PROCESSING', invoice_id: expect.any(String) });
    expect(duplicate.invoice_id).toEqual(expect.any(String));
    expect((await waitTerminal(sb, A, accepted.invoice_id)).status).toBe('SENT_TO_PEPPOL');
    expect((await waitTerminal(sb, A, failing.invoice_id)).status).toBe('VALIDATION_FAILED');
  });

  it('refuses a body without an invoices array, or with an empty one (400)', async () => {
    for (const body of [{}, { invoices: [] }, { invoices: 'x' }, []]) {
      expect((await call(sb, A, 'POST', '/oauth/invoices/bulk', body)).status).toBe(400);
    }
  });
});
