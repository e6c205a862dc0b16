/**
 * The sandbox across restarts (persistence, resumed processing), the gateway's 403 of spec 7.1, concurrent identical
 * pushes, and injected faults; real HTTP on 127.0.0.1, sandboxes started and closed by the tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { call, createEntity, invoice, removeTempDirs, sandbox, tempDir, waitTerminal } from './sandbox-client.js';

const A = 'tok-a';
const tokens = { [A]: 'app_a' };
const open: Sandbox[] = [];
async function start(options: Parameters<typeof sandbox>[0]): Promise<Sandbox> {
  const sb = await sandbox({ tokens, ...options });
  open.push(sb);
  return sb;
}
async function stop(sb: Sandbox): Promise<void> {
  open.splice(open.indexOf(sb), 1);
  await sb.close();
}
afterAll(async () => { for (const sb of open) await sb.close(); removeTempDirs(); });

const HOUR = 3_600_000;
const invoiceFiles = (dir: string) => readdirSync(join(dir, 'invoices')).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
const record = (dir: string, id: string) => JSON.parse(readFileSync(join(dir, 'invoices', `${id}.json`), 'utf8'));

/** Waits until the asynchronous pipeline has saved the invoice at the given step (bounded). */
async function waitStage(dir: string, id: string, stage: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (existsSync(join(dir, 'invoices', `${id}.json`)) && record(dir, id).stage === stage) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`invoice ${id} never reached stage ${stage}`);
}

describe('persistence (a restart loses nothing)', () => {
  it('keeps entities, invoices and the number index, and resumes an invoice still PROCESSING', async () => {
    const dir = tempDir();
    const first = await start({ dataDir: dir, processingDelayMs: HOUR });
    const entity = await createEntity(first, A);
    const body = invoice('standard', entity.entity_id, { invoice_number: 'RESTART-1' });
    const pushed = await call(first, A, 'POST', '/oauth/invoices', body);
    expect(pushed.status).toBe(202);
    expect((await call(first, A, 'GET', `/oauth/invoices/${pushed.body.invoice_id}/status`)).body).toMatchObject({ status: 'PROCESSING', terminal: false, category: 'processing' });
    await stop(first);

    const second = await start({ dataDir: dir });
    expect((await call(second, A, 'GET', `/oauth/entities/${entity.entity_id}`)).body.data).toEqual(entity);
    const again = await call(second, A, 'POST', '/oauth/invoices', body);
    expect(again.status).toBe(409);
    expect(again.body.invoice_id).toBe(pushed.body.invoice_id);
    expect((await waitTerminal(second, A, pushed.body.invoice_id)).status).toBe('SENT_TO_PEPPOL');
    expect(invoiceFiles(dir)).toHaveLength(1);
  });
});

describe('one sandbox per data directory', () => {
  it('refuses a second sandbox on a directory in use, and takes over once the first has closed', async () => {
    const dir = tempDir();
    const first = await start({ dataDir: dir });
    await expect(sandbox({ dataDir: dir, tokens })).rejects.toThrow(/in use by another sandbox/);
    await stop(first);
    await stop(await start({ dataDir: dir }));
  });
});

describe("the gateway's partner check (spec 2.3.4, 7.1)", () => {
  it("fails delivery with 403 Invoice Not From A Partner's Organization when the document's seller is not the entity's registry code", async () => {
    const dir = tempDir();
    // Delivery is held back, so the registration can change between conversion and delivery.
    const first = await start({ dataDir: dir, processingDelayMs: 0, deliveryDelayMs: HOUR });
    const moved = await createEntity(first, A);
    const dropped = await createEntity(first, A);
    const kept = await createEntity(first, A);
    const ids: Record<string, string> = {};
    for (const [name, entity] of [['moved', moved], ['dropped', dropped], ['kept', kept]] as const) {
      const pushed = await call(first, A, 'POST', '/oauth/invoices', invoice('standard', entity.entity_id, { invoice_number: `GW-${name}` }));
      ids[name] = pushed.body.invoice_id;
      await waitStage(dir, pushed.body.invoice_id, 'converted');
    }
    expect(record(dir, ids.moved!).xml).toContain(`>${moved.registry_code}</cbc:CompanyID>`);
    // The entity re-registered under another code, or its registration was withdrawn, after its invoice was converted.
    expect((await call(first, A, 'PATCH', `/oauth/entities/${moved.entity_id}`, { registry_code: '1999999999' })).status).toBe(200);
    expect((await call(first, A, 'PATCH', `/oauth/entities/${dropped.entity_id}`, { registry_code: null })).status).toBe(200);
    await stop(first);

    const second = await start({ dataDir: dir, processingDelayMs: 0, deliveryDelayMs: 0 });
    for (const name of ['moved', 'dropped']) {
      const status = await waitTerminal(second, A, ids[name]!);
      expect(status, name).toMatchObject({ status: 'DELIVERY_FAILED', category: 'failed', terminal: true });
      expect(status.errors, name).toEqual([expect.objectContaining({ status_code: 403, message: "Invoice Not From A Partner's Organization", section: 'seller_party' })]);
    }
    expect((await waitTerminal(second, A, ids.kept!)).status).toBe('SENT_TO_PEPPOL');
  });
});

describe('concurrency', () => {
  it('stores exactly one invoice for many parallel identical pushes; the others get 409 with its id', async () => {
    const dir = tempDir();
    const sb = await start({ dataDir: dir, latencyMs: 5 });
    const entity = await createEntity(sb, A);
    const body = invoice('standard', entity.entity_id, { invoice_number: 'PAR-1' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => call(sb, A, 'POST', '/oauth/invoices', body)));
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.invoice_id)).toEqual(Array(39).fill(accepted[0]!.body.invoice_id));
    const bulk = await call(sb, A, 'POST', '/oauth/invoices/bulk', { invoices: [{ ...body, invoice_number: 'PAR-2' }, { ...body, invoice_number: 'PAR-2' }] });
    expect(bulk.body.results.map((r: any) => r.status_code)).toEqual([202, 409]);
    expect(invoiceFiles(dir)).toHaveLength(2);
  });
});

describe('fault injection', () => {
  it('--fail-rate 1 answers every request 500 or 502 before anything is stored', async () => {
    const dir = tempDir();
    const sb = await start({ dataDir: dir, failRate: 1, seed: 3 });
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await call(sb, A, 'POST', '/oauth/invoices', invoice('standard', 'ent_x', { invoice_number: `F-${i}` }))).status);
    expect(new Set(statuses)).toEqual(new Set([500, 502]));
    expect(invoiceFiles(dir)).toHaveLength(0);
  });

  it('replays the same fault pattern under the same seed, and lets the rest through', async () => {
    const pattern = async (seed: number) => {
      const sb = await start({ dataDir: tempDir(), failRate: 0.5, seed });
      const out = [];
      for (let i = 0; i < 24; i++) out.push((await call(sb, A, 'GET', '/oauth/entities')).status);
      await stop(sb);
      return out;
    };
    const first = await pattern(11);
    expect(await pattern(11)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 502]));
  });

  it('after-commit faults store the invoice, then lose the answer (dropped connection or 502); validate and 409 tell', async () => {
    const dir = tempDir();
    const setup = await start({ dataDir: dir });
    const entity = await createEntity(setup, A);
    await stop(setup);
    const sb = await start({ dataDir: dir, faults: { afterCommit: 1 }, seed: 5 });
    const outcomes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const body = invoice('standard', entity.entity_id, { invoice_number: `AC-${i}` });
      const outcome = await call(sb, A, 'POST', '/oauth/invoices', body).then((a) => String(a.status), () => 'dropped');
      outcomes.add(outcome);
      // The send is unknown to the client; the dry run reveals the stored invoice without storing anything.
      const dry = await call(sb, A, 'POST', '/oauth/invoices/validate', body);
      // The 409 warning (the fixture's date before the rules' validity gives another, without invoice_id).
      const stored = dry.body.data.warnings.find((w: { invoice_id?: string }) => w.invoice_id !== undefined)?.invoice_id;
      expect(stored, `AC-${i}`).toEqual(expect.any(String));
      const retry = await call(sb, A, 'POST', '/oauth/invoices', body).catch(() => undefined);
      // A retry is refused as a duplicate before it is stored, so no fault strikes it: 409 with the first id.
      expect(retry?.status).toBe(409);
      expect(retry?.body.invoice_id).toBe(stored);
    }
    expect(outcomes).toEqual(new Set(['dropped', '502']));
    expect(invoiceFiles(dir)).toHaveLength(8);
  });

  it('--latency delays answers without changing them', async () => {
    const sb = await start({ dataDir: tempDir(), latencyMs: 30 });
    expect((await call(sb, A, 'GET', '/oauth/entities')).status).toBe(200);
  });
});
