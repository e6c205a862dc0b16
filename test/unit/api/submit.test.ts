import { describe, expect, it } from 'vitest';
import { Ledger, ledgerAccount, type LedgerRecord } from '../../../src/batch/ledger.js';
import { Submitter, type Sendable } from '../../../src/api/submit.js';
import { ApiClient } from '../../../src/api/client.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptedServer } from './scripted-server.js';

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

describe('Submitter.sendChunk: the ledger around a send', () => {
  const TOKEN = 'tok-submit-unit-4242';
  const items: Sendable[] = ['A', 'B'].map((n) => ({ file: 'f.json', index: null, body: { entity_id: 'e1', invoice_number: n }, entity_id: 'e1', invoice_number: n, sha256: `h${n}` }));

  async function sendWith(steps: Parameters<typeof scriptedServer>[0]) {
    const server = await scriptedServer(steps);
    const dir = mkdtempSync(join(tmpdir(), 'pintae-submit-'));
    const client = new ApiClient({ baseUrl: server.url, token: TOKEN, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const ledger = Ledger.open(join(dir, 'ledger.jsonl'));
    try {
      const results = await new Submitter(client, ledger, { force: false, now: () => new Date(0) }).sendChunk(items);
      ledger.close();
      const text = readFileSync(join(dir, 'ledger.jsonl'), 'utf8');
      return { results, text, records: text.trim().split('\n').map((l) => JSON.parse(l)) };
    } finally {
      ledger.close();
      await client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('records sending before and the answers after; never the token', async () => {
    const { results, text, records } = await sendWith([{ status: 207, body: { results: [
      { invoice_number: 'A', status_code: 202, invoice_id: 'ia', status: 'PROCESSING' },
      { invoice_number: 'B', status_code: 422, message: 'rules' },
    ] } }]);
    expect(results.map((r) => r.outcome)).toEqual(['accepted', 'rejected']);
    expect(records.map((r) => [r.invoice_number, r.state])).toEqual([['A', 'sending'], ['B', 'sending'], ['A', 'accepted'], ['B', 'rejected']]);
    expect(records[2]).toMatchObject({ invoice_id: 'ia', status: 'PROCESSING', http: 202, sha256: 'hA' });
    expect(text).not.toContain(TOKEN);
  });

  it('a send that never left, after one whose outcome was unknown, stays unknown in the ledger', async () => {
    const server = await scriptedServer([{ status: 200 }]);
    await server.close();
    const client = new ApiClient({ baseUrl: server.url, token: TOKEN, retry: { attempts: 1 } });
    const ledger = Ledger.memory();
    ledger.append([{ time: 't', state: 'unknown', base_url: server.url, entity_id: 'e1', invoice_number: 'A', sha256: 'hA' }]);
    const submitter = new Submitter(client, ledger, { force: false, now: () => new Date(0) });
    try {
      const [a, b] = await submitter.sendChunk(items);
      expect([a!.outcome, b!.outcome]).toEqual(['unsent', 'unsent']);
      expect(a!.message).toMatch(/no answer after 1 attempt: the server refused the connection: .*\(ECONNREFUSED\)$/);
      expect(ledger.lookup(server.url, 'e1', 'A')!.last.state).toBe('unknown');
      expect(ledger.lookup(server.url, 'e1', 'B')!.last.state).toBe('unsent');
      expect(submitter.plan(items[0]!)).toEqual({ action: 'send', unknownBefore: true });
    } finally {
      await client.close();
    }
  });

  it('500 after every retry, or a 207 that cannot be read: unknown, which a rerun resends', async () => {
    for (const steps of [[{ status: 500 }], [{ status: 207, body: { results: [] } }]] as const) {
      const { results, records } = await sendWith([...steps]);
      expect(results.map((r) => r.outcome)).toEqual(['unknown', 'unknown']);
      expect(records.slice(2).map((r) => r.state)).toEqual(['unknown', 'unknown']);
      const ledger = Ledger.memory();
      ledger.append(records);
      expect(new Submitter({ baseUrl: records[0].base_url } as ApiClient, ledger, { force: false, now: () => new Date(0) }).plan(items[0]!)).toEqual({ action: 'send', unknownBefore: true });
    }
  });
});

describe('a ledger found in a checkout answers only for the account that wrote it (docs/decisions.md "What a checkout may decide (secco)")', () => {
  // A real client: its account is the fingerprint of its token. No request is made by plan().
  const client = new ApiClient({ baseUrl: BASE, token: 'tok-the-users-own-4242' });
  const item = (sha256: string): Sendable => ({ file: 'f.json', index: null, body: {}, entity_id: 'e1', invoice_number: 'INV-1', sha256 });
  const planner = (records: LedgerRecord[]) => {
    const ledger = Ledger.memory();
    ledger.append(records);
    return new Submitter(client, ledger, { force: false, now: () => new Date(0) });
  };

  it('another account\'s "accepted" (a customer\'s ledger copied, or one forged) is not skipped: sent, a 409 telling', () => {
    const forged = record('accepted', { invoice_id: 'forged-1', account: ledgerAccount('someone-else-token') });
    expect(planner([forged]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: true });
    // Nor refused as "changed since accepted": it was never accepted for this user.
    expect(planner([forged]).plan(item('h2'))).toEqual({ action: 'send', unknownBefore: false, changedBefore: true });
  });

  it('a record without an account (forged, or written by an older pintae) is not skipped either', () => {
    expect(planner([record('accepted', { invoice_id: 'i1' })]).plan(item('h1'))).toEqual({ action: 'send', unknownBefore: true });
  });

  it('this account\'s own records decide as before; the records it writes carry the account, never the token', async () => {
    const own = record('accepted', { invoice_id: 'i1', account: client.account });
    expect(planner([own]).plan(item('h1'))).toMatchObject({ action: 'skip', record: { invoice_id: 'i1' } });
    expect(planner([record('accepted', { account: ledgerAccount('x') }), own]).plan(item('h2'))).toMatchObject({ action: 'refuse' });
    expect(client.account).toBe(ledgerAccount('tok-the-users-own-4242'));
    expect(client.account).toMatch(/^[0-9a-f]{16}$/);
    const server = await scriptedServer([{ status: 202, body: { invoice_id: 'new-1', status: 'PROCESSING' } }]);
    const dir = mkdtempSync(join(tmpdir(), 'pintae-submit-'));
    try {
      const live = new ApiClient({ baseUrl: server.url, token: 'tok-the-users-own-4242', retry: { attempts: 1 } });
      const ledger = Ledger.open(join(dir, 'ledger.jsonl'));
      await new Submitter(live, ledger, { force: false, now: () => new Date(0) }).sendOne({ ...item('h1'), body: { entity_id: 'e1', invoice_number: 'INV-1' } });
      ledger.close();
      const text = readFileSync(join(dir, 'ledger.jsonl'), 'utf8');
      expect(text.trim().split('\n').map((l) => JSON.parse(l).account)).toEqual([client.account, client.account]);
      expect(text).not.toContain('tok-the-users-own');
      // Read back by a new run of the same account: skipped.
      const again = Ledger.open(join(dir, 'ledger.jsonl'));
      expect(new Submitter(live, again, { force: false, now: () => new Date(0) }).plan(item('h1'))).toMatchObject({ action: 'skip' });
      again.close();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
