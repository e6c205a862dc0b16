/**
 * Helpers for the sandbox tests: a sandbox started in-process from the built library (dist/, like the binary), and
 * real HTTP requests to it on 127.0.0.1. No HTTP layer is mocked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../dist/sandbox/index.js';
import { loadRates } from '../../dist/io/rates.js';
import { ENTITY, FIXTURES, RATES } from '../helpers/paths.js';

export const TODAY = '2026-11-22';
export const rates = loadRates(RATES);

const dirs: string[] = [];
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-sandbox-'));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); }

/** A sandbox with the fixtures' rate table and "today", short processing delays and the given extras. */
export function sandbox(options: Partial<SandboxOptions> & { dataDir: string }): Promise<Sandbox> {
  return startSandbox({ rates, today: () => TODAY, processingDelayMs: 5, ...options });
}

export interface Answer { status: number; body: any }

export async function call(sb: Sandbox, token: string | undefined, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(sb.url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The fixture entity as a create body: the sandbox assigns entity_id and (from the TRN) the registry code. */
export function entityBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { entity_id: _id, registry_code: _code, ...fields } = JSON.parse(readFileSync(ENTITY, 'utf8'));
  return { ...fields, ...overrides };
}

let trnCounter = 0;
/** A conformant UAE TRN (15 digits, starts 1, ends 03) not used by any other test entity. */
export function freshTrn(): string {
  trnCounter += 1;
  return `1${String(trnCounter).padStart(6, '0')}${String(Date.now() % 1e6).padStart(6, '0')}03`;
}

export async function createEntity(sb: Sandbox, token: string, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const answer = await call(sb, token, 'POST', '/oauth/entities', entityBody({ trn: freshTrn(), ...overrides }));
  if (answer.status !== 201) throw new Error(`entity not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export function invoice(name: string, entityId: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  const dir = name.startsWith('invalid/') ? '' : 'invoices/';
  return { ...JSON.parse(readFileSync(join(FIXTURES, `${dir}${name}.json`), 'utf8')), entity_id: entityId, ...overrides };
}

/** Polls the status endpoint until the invoice is terminal (bounded: a stuck invoice fails the test, not hangs it). */
export async function waitTerminal(sb: Sandbox, token: string, invoiceId: string, tries = 500): Promise<Record<string, any>> {
  for (let i = 0; i < tries; i++) {
    const answer = await call(sb, token, 'GET', `/oauth/invoices/${invoiceId}/status`);
    if (answer.status !== 200) throw new Error(`status ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.body.terminal) return answer.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`invoice ${invoiceId} did not reach a terminal state`);
}
