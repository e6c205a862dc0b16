/**
 * Issue 21, item 6, "The token never leaves": everything pintae prints or writes (every format, findings, errors,
 * reports, the ledger, files written with --output or --out-dir) has the token removed, also where a service or a
 * rule echoes it in part (any run of 8 or more of its characters), as a key or in a header. A service that echoes
 * the token it is sent (test/e2e/echo-api.ts) answers the real binary; each run's standard output, standard error
 * and every file under its working directory are searched for every run of 8 of the token, in every spelling. The
 * inputs that hold the token on purpose live in another directory. Each run also shows `[redacted]`, so the echo
 * did reach an output: a test that found nothing because nothing was echoed would prove nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES } from '../helpers/paths.js';
import { filesUnder, leakedRuns } from '../helpers/token-runs.js';
import { echoApi, echoes, type Route } from './echo-api.js';
import { DEEP } from '../helpers/depth.js';

/** A token as services issue them, and one a person typed, with the characters each report format escapes. */
const TOKENS = [['base64url', 'tPz8-LEAKCHECK_4qN9w2Xe7Rk'], ['typed by hand', 'my"pass&<word>\'%:,LEAK-42x']] as const;
const TODAY = '2025-11-22';
const OFFLINE = ['--entity', ENTITY, '--rates', RATES, '--today', TODAY];

const dirs: string[] = [];
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'pintae-redact-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

let api: Awaited<ReturnType<typeof echoApi>>;
let route: Route | undefined;
beforeAll(async () => { api = await echoApi((request) => route?.(request)); });
afterAll(() => api.close());

/** Inputs (which hold the token on purpose) go here, never under a run's working directory. */
let inputs: string;
beforeAll(() => { inputs = tempDir(); });

function invoiceFile(name: string, change: (inv: Record<string, any>) => void = () => {}): string {
  const inv = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
  change(inv);
  const path = join(inputs, name);
  writeFileSync(path, JSON.stringify(inv, null, 2));
  return path;
}

interface Run { token: string; args: string[]; via?: 'env' | 'file' }

/** Runs pintae in a fresh working directory; returns what it printed and wrote. */
async function run({ token, args, via = 'env' }: Run) {
  const cwd = tempDir();
  const env: Record<string, string> = { NO_COLOR: '1', PINTAE_BASE_URL: api.url };
  if (via === 'env') env.PINTAE_TOKEN = token;
  else {
    const file = join(inputs, `token-${dirs.length}`);
    writeFileSync(file, `${token}\n`);
    env.PINTAE_TOKEN_FILE = file;
  }
  const result = await execa('node', [BIN, ...args], { reject: false, cwd, env, extendEnv: false });
  return { ...result, cwd, files: filesUnder(cwd) };
}

/** Nothing of the token in any output, and the echo shown redacted somewhere. */
function expectRedacted(result: Awaited<ReturnType<typeof run>>, token: string): void {
  expect(leakedRuns(result.stdout, token), `stdout:\n${result.stdout}`).toEqual([]);
  expect(leakedRuns(result.stderr, token), `stderr:\n${result.stderr}`).toEqual([]);
  for (const f of result.files) {
    expect(leakedRuns(f.text, token), `${f.path}:\n${f.text}`).toEqual([]);
    expect(leakedRuns(f.path.slice(result.cwd.length), token), f.path).toEqual([]);
  }
  expect([result.stdout, result.stderr, ...result.files.map((f) => f.text)].join('\n')).toContain('[redacted]');
}

describe.each(TOKENS)('a %s token', (kind, token) => {
  const e = echoes(token);
  // Every case with the typed token, whose characters each format spells its own way: its runs of 8 include plain
  // ones ("LEAK-42x") as well as escaped ones, so it holds everything the base64url token's runs (spelled alike in
  // every format) can show, and more. The base64url token, as services issue it, takes a sample in npm test (each
  // command and error once, in JSON, and one report format) and every case under `npm run test:deep`: 26 spawns less.
  const every = DEEP || kind === 'typed by hand';
  const formats = (all: string[][]) => (every ? all : all.filter(([f]) => f === 'json'));
  const sampled = every ? it : it.skip;

  describe('echoed by the service', () => {
    it.each(formats([['text'], ['json']]))('push --format %s (then --wait): the answer, the status, the ledger', async (format) => {
      route = undefined;
      const result = await run({ token, args: ['push', invoiceFile('push.json'), '--no-validate', '--wait', '--timeout', '30', '--format', format] });
      // Accepted, then REJECTED at the status: exit 1, as with any service.
      expect(result.exitCode, result.stderr).toBe(1);
      expect(result.files.map((f) => f.path).some((p) => p.endsWith('ledger.jsonl'))).toBe(true);
      if (format === 'json') expect(JSON.parse(result.stdout).results[0].outcome).toBe('accepted');
      expectRedacted(result, token);
    });

    it.each(formats([['text'], ['json']]))('bulk --format %s: per-item answers and rule errors, the ledger', async (format) => {
      route = undefined;
      const file = join(inputs, 'bulk.json');
      const inv = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
      writeFileSync(file, JSON.stringify([{ ...inv, invoice_number: 'B-1' }, { ...inv, invoice_number: 'B-2' }]));
      const result = await run({ token, args: ['bulk', file, '--no-validate', '--format', format] });
      expect(result.exitCode, result.stderr).toBe(1); // the second item: 422
      const ledger = result.files.find((f) => f.path.endsWith('ledger.jsonl'))!;
      // Still a ledger: every line a record, the service's invoice_id kept with the token taken out.
      const records = ledger.text.trim().split('\n').map((l) => JSON.parse(l));
      expect(records.filter((r) => r.state === 'accepted').map((r) => r.invoice_id)).toEqual(['inv-[redacted]']);
      expectRedacted(result, token);
    });

    it.each(formats([['text'], ['json']]))('status --format %s: the status, its errors with the token as a key, an id the service does not know', async (format) => {
      route = undefined;
      const result = await run({ token, args: ['status', 'inv-1', `missing-${e.middle}`, '--format', format] });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/HTTP 404/);
      expectRedacted(result, token);
    });

    it('entities get --format json: the token as a JSON key', async () => {
      route = undefined;
      const result = await run({ token, args: ['entities', 'get', 'ent_one', '--format', 'json'] });
      expect(result.exitCode, result.stderr).toBe(0);
      const record = JSON.parse(result.stdout);
      expect(record['[redacted]']).toBe('a key');
      expect(record.company_name).toBe('[redacted]');
      expectRedacted(result, token);
    });

    it.each(formats([['text'], ['json']]))('entities list --format %s', async (format) => {
      route = undefined;
      const result = await run({ token, args: ['entities', 'list', '--format', format] });
      expect(result.exitCode, result.stderr).toBe(0);
      expectRedacted(result, token);
    });

    it('entities pull of every connected entity: one whose entity_id holds the token is not saved (its file name would)', async () => {
      route = undefined;
      const result = await run({ token, args: ['entities', 'pull'] });
      expect(result.exitCode, result.stderr).toBe(1);
      // (a typed token's slice is no file name at all, and is refused for that first)
      expect(result.stderr).toMatch(/ent_\[redacted\]: not saved \(the entity_id (holds the access token|cannot be a file name)\)/);
      expect(result.files.map((f) => f.path.slice(result.cwd.length))).toEqual([join('/.pintae', 'entities', 'ent_one.json')]);
      expectRedacted(result, token);
    });

    sampled('entities pull: the saved record', async () => {
      route = undefined;
      const result = await run({ token, args: ['entities', 'pull', 'ent_one'] });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.files.map((f) => f.path).some((p) => p.endsWith('ent_one.json'))).toBe(true);
      expectRedacted(result, token);
    });

    sampled.each([['json'], ['stylish']])('validate --remote --format %s: the service\'s findings', async (format) => {
      route = undefined;
      const result = await run({ token, args: ['validate', invoiceFile('remote.json'), '--remote', ...OFFLINE, '--no-schematron', '--format', format] });
      expect(result.exitCode).toBe(1);
      expectRedacted(result, token);
    });
  });

  describe('in an error', () => {
    it('a 401 whose body echoes the token, in part, as a bearer credential: the message on stderr', async () => {
      route = () => ({ status: 401, body: { message: `invalid token ${e.whole}`, errors: [{ field: e.lessLast, message: `got ${e.middle}` }] } });
      const result = await run({ token, args: ['entities', 'list'] });
      route = undefined;
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/HTTP 401/);
      expectRedacted(result, token);
    });

    it('a refusal in plain text, and a 500 retried', async () => {
      let calls = 0;
      route = ({ method }) => (method !== 'GET' ? undefined : ++calls === 1 ? { status: 500, text: `upstream: ${e.whole}` } : { status: 400, text: `bad request; token=${e.lessLast}` });
      const result = await run({ token, args: ['entities', 'get', 'ent_one'] });
      route = undefined;
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/retrying/);
      expect(result.stderr).toMatch(/HTTP 400/);
      expectRedacted(result, token);
    });

    it('push of an invoice the service refuses (422), with --format json', async () => {
      route = ({ method }) => (method === 'POST' ? { status: 422, body: { message: `rules failed for ${e.whole}`, errors: [{ section: e.lessLast, message: `echo ${e.middle}`, [e.whole]: 1 }] } } : undefined);
      const result = await run({ token, args: ['push', invoiceFile('refused.json'), '--no-validate', '--format', 'json'] });
      route = undefined;
      expect(result.exitCode).toBe(1);
      expect(JSON.parse(result.stdout).results[0].outcome).toBe('rejected');
      expectRedacted(result, token);
    });
  });

  describe('echoed by a rule (the invoice holds the token; no request is sent)', () => {
    // The token as an unknown key (pintae/unknown-field names it) and as a country (ibr-cl-14 quotes it).
    const holding = () => invoiceFile('holding.json', (inv) => { inv[e.whole] = 'x'; inv.buyer.country = e.lessLast; inv.buyer.name = `Buyer ${e.middle}`; });

    it.each(formats([['text'], ['json']]))('push --format %s prints the findings of the offline validation redacted', async (format) => {
      route = undefined;
      const before = api.requests.length;
      const result = await run({ token, args: ['push', holding(), ...OFFLINE, '--no-schematron', '--format', format] });
      expect(result.exitCode).toBe(1);
      expect(api.requests.length).toBe(before);
      expectRedacted(result, token);
    });

    it.each(formats([['json'], ['stylish'], ['sarif'], ['junit'], ['github'], ['html'], ['ndjson']]))('validate --format %s, on standard output and in an --output file', async (format) => {
      const printed = await run({ token, args: ['validate', holding(), ...OFFLINE, '--format', format] });
      expect(printed.exitCode).toBe(1);
      expectRedacted(printed, token);
      const written = await run({ token, args: ['validate', holding(), ...OFFLINE, '--format', format, '--output', `report.${format}`] });
      expect(written.exitCode).toBe(1);
      expect(written.files.map((f) => f.path).some((p) => p.endsWith(`report.${format}`))).toBe(true);
      expectRedacted(written, token);
    });

    sampled('with the token in PINTAE_TOKEN_FILE, not the environment', async () => {
      const result = await run({ token, via: 'file', args: ['validate', holding(), ...OFFLINE, '--format', 'json', '--output', 'report.json'] });
      expect(result.exitCode).toBe(1);
      expectRedacted(result, token);
    });

    sampled('with worker threads (--jobs 2), which register no secret of their own: the main thread writes', async () => {
      const dir = join(inputs, `jobs-${dirs.length}`);
      mkdirSync(dir);
      for (const n of [1, 2, 3]) writeFileSync(join(dir, `inv-${n}.json`), readFileSync(holding(), 'utf8'));
      const result = await run({ token, args: ['validate', dir, ...OFFLINE, '--jobs', '2', '--format', 'sarif', '--output', 'report.sarif'] });
      expect(result.exitCode, result.stderr).toBe(1);
      expectRedacted(result, token);
      const built = await run({ token, args: ['build', dir, ...OFFLINE, '--no-schematron', '--jobs', '2', '--out-dir', 'xml'] });
      expectRedacted(built, token);
    });

    sampled('build: the XML on standard output and in --out-dir; tdd --out-dir', async () => {
      const valid = invoiceFile('valid.json', (inv) => { inv.buyer.name = `Buyer ${e.whole}`; inv.line_items[1].description = `desc ${e.lessLast}`; });
      const printed = await run({ token, args: ['build', valid, ...OFFLINE] });
      expect(printed.exitCode, printed.stderr).toBe(0);
      expect(printed.stdout).toMatch(/^<\?xml/);
      expectRedacted(printed, token);
      const written = await run({ token, args: ['build', valid, ...OFFLINE, '--out-dir', 'xml'] });
      expect(written.exitCode, written.stderr).toBe(0);
      expect(written.files.some((f) => f.path.endsWith('.xml'))).toBe(true);
      expectRedacted(written, token);
      const tdd = await run({ token, args: ['tdd', valid, ...OFFLINE, '--receiver', '0242:123456', '--representative', '0242:654321', '--transport-id', 't-1', '--issued', '2025-11-22T10:00:00+04:00', '--out-dir', 'tdd'] });
      expect(tdd.exitCode, tdd.stderr).toBe(0);
      expect(tdd.files.some((f) => f.path.endsWith('.xml'))).toBe(true);
      expectRedacted(tdd, token);
    });
  });
});

describe('what redaction leaves alone', () => {
  it('a run without a token registered is printed as it was', async () => {
    const cwd = tempDir();
    const token = TOKENS[0][1];
    const file = invoiceFile('plain.json', (inv) => { inv.buyer.name = `Buyer ${token}`; });
    const result = await execa('node', [BIN, 'build', file, ...OFFLINE], { reject: false, cwd, env: { NO_COLOR: '1' }, extendEnv: false });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(token);
  });
});
