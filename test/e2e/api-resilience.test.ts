/**
 * Never lose or double an invoice: retries through injected 500/502 and lost answers, a bulk run killed with SIGKILL
 * and rerun, and the token kept out of every output and of the ledger. The sandbox's own store (read from its data
 * directory once it has closed) is the witness that each invoice_number exists exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, createEntity, invoice, OFFLINE, pintae, removeTempDirs, sandbox, storedCounts, tempDir, TOKEN, writeJson } from './api-helpers.js';

afterAll(removeTempDirs);

const numbers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(3, '0')}`);
const outputs: string[] = [];
const keep = <T extends { stdout: string; stderr: string }>(r: T): T => { outputs.push(r.stdout, r.stderr); return r; };

describe('retries', () => {
  it('through injected 500/502 before the store and lost answers after it: every invoice accepted exactly once', async () => {
    const sb = await sandbox({ failRate: 0.3, faults: { afterCommit: 0.3 }, seed: 2 });
    const cwd = tempDir();
    let entityId: string;
    try {
      entityId = await createEntity(sb.url);
      const all = numbers('RETRY', 14);
      const file = writeJson(cwd, 'many.json', all.slice(0, 13).map((n) => invoice('invoices/standard.json', entityId, n)));
      const singles = all.slice(13).map((n) => writeJson(cwd, `${n}.json`, invoice('invoices/standard.json', entityId, n)));
      const opts = { cwd, url: sb.url };
      const bulk = keep(await pintae(['bulk', file, '--no-validate', '--chunk', '3', '--format', 'json'], opts));
      expect(bulk.exitCode, bulk.stderr + bulk.stdout).toBe(0);
      expect(bulk.stderr).toMatch(/HTTP 50[02]; retrying in \d+ ms \(attempt 2\)/);
      const outcomes = JSON.parse(bulk.stdout).results.map((r: { outcome: string }) => r.outcome);
      expect(outcomes).toContain('recovered'); // in the bulk run itself (seeded faults: the same pattern every run)
      for (const single of singles) {
        const pushed = keep(await pintae(['push', single, '--no-validate', '--format', 'json'], opts));
        expect(pushed.exitCode, pushed.stderr + pushed.stdout).toBe(0);
        outcomes.push(JSON.parse(pushed.stdout).results[0].outcome);
      }
      expect(outcomes.every((o: string) => o === 'accepted' || o === 'recovered')).toBe(true);
      expect(outcomes).toContain('recovered'); // an answer lost after the store, recovered from the 409 of the resend
      const ledger = readFileSync(join(cwd, '.pintae', 'ledger.jsonl'), 'utf8');
      outputs.push(ledger);
      const accepted = new Set(ledger.trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.state === 'accepted').map((r) => r.invoice_number));
      expect([...accepted].sort()).toEqual(all);
    } finally {
      await sb.close();
    }
    const counts = storedCounts(sb.dataDir);
    expect([...counts.keys()].sort()).toEqual(numbers('RETRY', 14).map((n) => `${entityId!}/${n}`));
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });
});

describe('SIGKILL in the middle of a bulk run', () => {
  it('the rerun skips what was accepted, resends the unknown, and ends with each invoice at the service exactly once', async () => {
    // After two stored chunks (10 invoices) every stored bulk answer is held until the kill: the run is stopped half-way
    // by construction, not by racing it, and the third chunk is stored with its answer lost (the unknown to resend).
    let storedAnswers = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const sb = await sandbox({
      beforeAnswer: async ({ method, path, committed }) => {
        if (method === 'POST' && path.endsWith('/bulk') && committed && ++storedAnswers > 2) await released;
      },
    });
    const cwd = tempDir();
    const ledgerPath = join(cwd, '.pintae', 'ledger.jsonl');
    const all = numbers('KILL', 60);
    let entityId: string;
    try {
      entityId = await createEntity(sb.url);
      const file = writeJson(cwd, 'sixty.json', { invoices: all.map((n) => invoice('invoices/standard.json', entityId, n)) });
      const pulled = await pintae(['entities', 'pull', entityId], { cwd, url: sb.url });
      expect(pulled.exitCode).toBe(0);
      const args = ['bulk', file, ...OFFLINE, '--chunk', '5', '--format', 'json'];
      const child = pintae(args, { cwd, url: sb.url });
      const acceptedLines = () => (existsSync(ledgerPath) ? readFileSync(ledgerPath, 'utf8').split('\n').filter((l) => l.includes('"state":"accepted"')).length : 0);
      while (acceptedLines() < 10) {
        if (child.exitCode !== null) throw new Error('the bulk run ended before it could be killed');
        await new Promise((r) => setTimeout(r, 15));
      }
      child.kill('SIGKILL');
      const killed = await child;
      release();
      expect(killed.signal).toBe('SIGKILL');
      const before = readFileSync(ledgerPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const acceptedBefore = new Set(before.filter((r) => r.state === 'accepted').map((r) => r.invoice_number));
      expect(acceptedBefore.size).toBe(10);
      expect(existsSync(`${ledgerPath}.lock`)).toBe(true); // left behind by the killed process: the rerun takes it over

      const rerun = keep(await pintae(args, { cwd, url: sb.url }));
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      const rows = JSON.parse(rerun.stdout).results as Array<{ invoice_number: string; outcome: string; invoice_id: string }>;
      expect(rows.map((r) => r.invoice_number)).toEqual(all);
      for (const r of rows) {
        expect(r.outcome).toEqual(acceptedBefore.has(r.invoice_number) ? 'skipped' : expect.stringMatching(/^(accepted|recovered)$/));
        expect(r.invoice_id).toMatch(/\S/);
      }
      expect(new Set(rows.map((r) => r.invoice_id)).size).toBe(60);
      // Through the API: each invoice_id names its own invoice_number, and none was refused by the pipeline.
      for (const r of rows) {
        const status = await call(sb.url, TOKEN, 'GET', `/oauth/invoices/${r.invoice_id}/status`);
        expect(status.status).toBe(200);
        expect(status.body.invoice_number).toBe(r.invoice_number);
        expect(status.body.status).toMatch(/^(PROCESSING|SENT_TO_PEPPOL)$/);
      }
      outputs.push(readFileSync(ledgerPath, 'utf8'));
    } finally {
      release();
      await sb.close();
    }
    const counts = storedCounts(sb.dataDir);
    expect(counts.size).toBe(60);
    for (const n of all) expect(counts.get(`${entityId!}/${n}`)).toBe(1);
  });
});

describe('the token', () => {
  it('appears in no output of these runs and in no ledger', () => {
    expect(outputs.length).toBe(8); // stdout and stderr of 3 runs, and 2 ledgers
    for (const text of outputs) expect(text).not.toContain(TOKEN);
  });
});
