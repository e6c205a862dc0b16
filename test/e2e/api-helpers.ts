/**
 * Helpers for the live-API command tests: a sandbox started in-process from the built library (dist/, like the
 * binary) on 127.0.0.1, and the real binary spawned against it. No HTTP layer is mocked.
 */
import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../dist/sandbox/index.js';
import { Store } from '../../dist/sandbox/store.js';
import { loadRates } from '../../dist/io/rates.js';
import { BIN, ENTITY, FIXTURES, RATES } from '../helpers/paths.js';

export const TODAY = '2026-11-22';
/** Recognizable, so that a leak anywhere is found by a plain substring search. */
export const TOKEN = 'tok-LEAKCHECK-9f27c41e';
export const OTHER_TOKEN = 'tok-other-app-5d11';

const dirs: string[] = [];
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-api-'));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); }

export function sandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox & { dataDir: string }> {
  const dataDir = options.dataDir ?? tempDir();
  return startSandbox({
    rates: loadRates(RATES), today: () => TODAY, processingDelayMs: 5,
    tokens: { [TOKEN]: 'app-main', [OTHER_TOKEN]: 'app-other' }, ...options, dataDir,
  }).then((sb) => ({ ...sb, dataDir }));
}

/** Spawns `pintae <args>` in `cwd` with the sandbox's URL and the token in the environment (never an argument). */
export function pintae(args: string[], options: { cwd: string; url?: string; token?: string | null; env?: Record<string, string> }): ResultPromise<{ reject: false }> {
  const env: Record<string, string> = { NO_COLOR: '1', ...(options.url ? { PINTAE_BASE_URL: options.url } : {}), ...options.env };
  if (options.token !== null) env.PINTAE_TOKEN = options.token ?? TOKEN;
  return execa('node', [BIN, ...args], { reject: false, cwd: options.cwd, env, extendEnv: false });
}

/** A runner of pintae against the sandbox that keeps every output, so a test can search them all for the token. */
export function recordingRunner(where: () => { cwd: string; url: string }) {
  const outputs: string[] = [];
  const run = async (args: string[], extra: Partial<Parameters<typeof pintae>[1]> = {}) => {
    const result = await pintae(args, { ...where(), ...extra });
    outputs.push(result.stdout, result.stderr);
    return result;
  };
  return { outputs, run };
}

export async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let trns = 0;
/** The fixture entity under a fresh conformant TRN (15 digits, starts 1, ends 03), created for `token`'s application. */
export async function createEntity(url: string, token = TOKEN): Promise<string> {
  const { entity_id: _i, registry_code: _r, ...fields } = JSON.parse(readFileSync(ENTITY, 'utf8'));
  trns += 1;
  const trn = `1${String(trns).padStart(4, '0')}${String(process.pid % 1e4).padStart(4, '0')}${String(Date.now() % 1e4).padStart(4, '0')}03`;
  const answer = await call(url, token, 'POST', '/oauth/entities', { ...fields, trn });
  if (answer.status !== 201) throw new Error(`entity not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.entity_id;
}

/** A fixture invoice for `entityId`, with its own invoice_number. */
export function invoice(name: string, entityId: string, invoiceNumber: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')), entity_id: entityId, invoice_number: invoiceNumber, ...overrides };
}

export function writeJson(dir: string, name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value, null, 2));
  return path;
}

/** The sandbox's stored invoices (read from its data directory after it closed): how many per entity and number. */
export function storedCounts(dataDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of new Store(dataDir).invoices.values()) counts.set(`${r.entity_id}/${r.invoice_number}`, (counts.get(`${r.entity_id}/${r.invoice_number}`) ?? 0) + 1);
  return counts;
}

/** Fixture options for the offline validation of push/bulk. */
export const OFFLINE = ['--rates', RATES, '--today', TODAY, '--no-schematron'];
/** The whole offline pipeline, PINT-AE rules included. */
export const FULL = ['--rates', RATES, '--today', TODAY];
