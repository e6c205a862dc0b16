import { describe, expect, it } from 'vitest';
import { Ledger, type LedgerRecord } from '../../../src/batch/ledger.js';
import { Submitter, type Sendable } from '../../../src/api/submit.js';
import type { ApiClient } from '../../../src/api/client.js';

/** What a submission does given the ledger (issue 4): send, skip, resend as unknown, or refuse. */
const BASE = 'http://127.0.0.1:1';
const record = (state: LedgerRecord['state'], extra: Partial<LedgerRecord> = {}): LedgerRecord =>
  ({ time: '2026-01-01T00:00:00.000Z', state, base_url: BASE, entity_id: 'e1', invoice_number: 'INV-1', sha256: 'h1', ...extra });

describe('Submitter.plan', () => {
  const client = { baseUrl: BASE } as ApiClient;
  const item = (sha256: string): Sendable => ({ file: 'f.json', index: null, body: {}, entity_id: 'e1', invoice_number: 'INV-1', sha256 });
  const planner = (records: LedgerRecord[], force = false) => {
    const ledger = Ledger.memory();
    ledger.append(records);
    return new Submitter(client, ledger, { force, now: () => new Date(0) });
  };

  it('sends what the ledger has never seen, or saw rejected', () => {
    expect(planner([]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: false });
    expect(planner([record('sending'), record('rejected', { http: 422 })]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: false });
  });

  it('skips the same payload accepted before, with its invoice_id', () => {
    expect(planner([record('sending'), record('accepted', { invoice_id: 'i1' })]).plan(item('h1'))).toMatchObject({ action: 'skip', record: { invoice_id: 'i1' } });
  });

  it('resends a send whose outcome is unknown (crash or timeout), so that a 409 counts as our own', () => {
    expect(planner([record('sending')]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: true });
    expect(planner([record('sending'), record('unknown')]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: true });
    expect(planner([record('sending')]).plan(item('h2'))).toMatchObject({ action: 'send', unknownBefore: false });
  });

  it('refuses a changed payload under an accepted invoice_number unless forced', () => {
    const refused = planner([record('accepted', { invoice_id: 'i1' })]).plan(item('h2'));
    expect(refused).toMatchObject({ action: 'refuse' });
    expect((refused as { message: string }).message).toMatch(/accepted .* as i1 with different content.*--force/);
    expect(planner([record('accepted', { invoice_id: 'i1' })], true).plan(item('h2'))).toEqual({ action: 'send', unknownBefore: false });
  });
});
