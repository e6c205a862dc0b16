import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger, payloadHash, type LedgerRecord } from '../../../src/batch/ledger.js';

const root = mkdtempSync(join(tmpdir(), 'pintae-ledger-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `l${++n}`, 'ledger.jsonl');

const BASE = 'http://127.0.0.1:1';
const record = (state: LedgerRecord['state'], extra: Partial<LedgerRecord> = {}): LedgerRecord =>
  ({ time: '2026-01-01T00:00:00.000Z', state, base_url: BASE, entity_id: 'e1', invoice_number: 'INV-1', sha256: 'h1', ...extra });

describe('payloadHash', () => {
  it('is the same whatever the key order, and differs with the content', () => {
    expect(payloadHash({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(payloadHash({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
    expect(payloadHash({ a: 1 })).not.toBe(payloadHash({ a: 2 }));
    expect(payloadHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('Ledger', () => {
  it('appends JSON lines that a reopened ledger reads back; the latest record and the accepted one are kept', () => {
    const path = fresh();
    const ledger = Ledger.open(path);
    ledger.append([record('sending')]);
    ledger.append([record('accepted', { invoice_id: 'i1' })]);
    ledger.append([record('sending', { invoice_number: 'INV-2' })]);
    ledger.close();
    expect(readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l).state)).toEqual(['sending', 'accepted', 'sending']);
    const again = Ledger.open(path);
    expect(again.lookup(BASE, 'e1', 'INV-1')).toMatchObject({ last: { state: 'accepted' }, accepted: { invoice_id: 'i1' } });
    expect(again.lookup(BASE, 'e1', 'INV-2')).toMatchObject({ last: { state: 'sending' } });
    expect(again.lookup(BASE, 'e1', 'INV-2')?.accepted).toBeUndefined();
    expect(again.lookup('https://other.example', 'e1', 'INV-1')).toBeUndefined();
    again.close();
  });

  it('ignores a torn last line (a crash mid-write) and starts the next record on its own line', () => {
    const path = fresh();
    const ledger = Ledger.open(path);
    ledger.append([record('accepted', { invoice_id: 'i1' })]);
    ledger.close();
    appendFileSync(path, '{"time":"2026-01-01","state":"acc');
    const again = Ledger.open(path);
    expect(again.lookup(BASE, 'e1', 'INV-1')?.accepted?.invoice_id).toBe('i1');
    again.append([record('sending', { invoice_number: 'INV-3' })]);
    again.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(JSON.parse(lines[2]!).invoice_number).toBe('INV-3');
  });

  it('refuses a ledger damaged in the middle', () => {
    const path = fresh();
    Ledger.open(path).close();
    writeFileSync(path, `${JSON.stringify(record('sending'))}\nnot json\n${JSON.stringify(record('accepted'))}\n`);
    expect(() => Ledger.open(path)).toThrow(/ledger.jsonl:2:1: not a ledger record/);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('reads its text as every JSON is read (issue 22): bytes that are not UTF-8 damage it, unless a torn last write ends inside a character', () => {
    const path = fresh();
    Ledger.open(path).close();
    const line = (r: LedgerRecord) => Buffer.from(`${JSON.stringify(r)}\n`);
    writeFileSync(path, Buffer.concat([line(record('sending')), Buffer.from('{"time":"x","entity_id":"Soci'), Buffer.from([0xe9]), Buffer.from('t\u00e9"}\n'), line(record('accepted'))]));
    expect(() => Ledger.open(path)).toThrow(/ledger\.jsonl:2:30: byte 0xE9 is not UTF-8.*the ledger is damaged/);
    expect(existsSync(`${path}.lock`)).toBe(false);
    const torn = Buffer.from(`{"time":"2026-01-01","entity_id":"Soci\u00e9`);
    writeFileSync(path, Buffer.concat([line(record('accepted', { invoice_id: 'i1' })), torn.subarray(0, torn.length - 1)]));
    const again = Ledger.open(path);
    expect(again.lookup(BASE, 'e1', 'INV-1')?.accepted?.invoice_id).toBe('i1');
    again.append([record('sending', { invoice_number: 'INV-3' })]);
    again.close();
    expect(JSON.parse(readFileSync(path, 'utf8').split('\n')[2]!).invoice_number).toBe('INV-3');
  });

  it('is locked while open: a second run is refused; a lock left by a dead process is taken over', async () => {
    const path = fresh();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      Ledger.open(path).close();
      writeFileSync(`${path}.lock`, String(child.pid));
      expect(() => Ledger.open(path)).toThrow(new RegExp(`in use by process ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    const taken = Ledger.open(path);
    expect(readFileSync(`${path}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    taken.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('in memory (--no-ledger): remembers within the run, writes nothing', () => {
    const ledger = Ledger.memory();
    ledger.append([record('accepted', { invoice_id: 'i1' })]);
    expect(ledger.lookup(BASE, 'e1', 'INV-1')?.accepted?.invoice_id).toBe('i1');
    ledger.close();
  });
});

describe('Ledger paths', () => {
  it('a ledger path that is a directory is a usage error naming it, and leaves no lock', async () => {
    const { mkdirSync } = await import('node:fs');
    const path = join(root, 'a-directory');
    mkdirSync(path, { recursive: true });
    expect(() => Ledger.open(path)).toThrow(/ledger .*a-directory: is a directory, not a file/);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
