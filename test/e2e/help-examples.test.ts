/**
 * Issue 24 item 5: every example of every --help is run, as written, by a shell in a directory holding the files it
 * names, and does what its words say. The examples are read from the help texts themselves, so an example added
 * without an expectation here fails the first test. What no example can hold is put in by the test, each said where
 * it is done: values only the service knows (inv_123, ent_123 become ids the sandbox gave), the sandbox's port (0, so
 * two runs never collide), `curl` (a stand-in on PATH printing a local invoice: no network in tests), and the
 * official release zips (made from $PINTAE_OFFICIAL_DIR; those examples skip visibly without it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa, type Result } from 'execa';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { BIN, ENTITY, FIXTURES, HAVE_OFFICIAL, OFFICIAL_DIR, RATES } from '../helpers/paths.js';
import { call, createEntity, invoice, removeTempDirs, sandbox, tempDir, TOKEN } from './api-helpers.js';

if (!HAVE_OFFICIAL) console.warn(`SKIPPED: the help examples that add an official rule set release, or check against the UBL 2.1 XSD: no official material at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);

const COMMANDS = [[], ['validate'], ['build'], ['check'], ['tdd'], ['merge-reports'], ['rules'], ['rules', 'add'], ['rules', 'list'], ['rules', 'remove'],
  ['push'], ['bulk'], ['status'], ['entities'], ['sandbox'], ['serve']];

/** Each example of a command's help: the comment saying what it does, and the command line. */
async function examplesOf(command: string[]): Promise<Array<{ what: string; line: string }>> {
  const { stdout } = await execa('node', [BIN, ...command, '--help']);
  const lines = stdout.split('\n');
  const tail = lines.slice(lines.lastIndexOf('Examples:') + 1);
  const out = [];
  for (let i = 0; i + 1 < tail.length; i += 2) out.push({ what: tail[i]!.replace(/^ {2}# /, ''), line: tail[i + 1]!.trim() });
  return out;
}

interface Ctx { dir: string; entityId: string; url?: string; ids?: string[] }
type Outcome = Result<{ reject: false }> & { exitCode: number };
interface Expectation {
  /** Runs against a sandbox, with an entity of its own there. */
  api?: boolean;
  /** Needs the official release (a zip made from $PINTAE_OFFICIAL_DIR). */
  official?: boolean;
  /** Starts a server: its first line is read, it is asked, then stopped. */
  serves?: boolean;
  /** For a server: the path asked, and the statuses its answer may have (default: the sandbox's entities, 401 without a token). */
  probe?: { path: string; status: number[] };
  /** What the test puts in where the example holds a value only the service knows. */
  rewrite?: (line: string, ctx: Ctx) => string;
  /** Runs before the example, in its directory (an earlier step the example's words take for granted). */
  before?: (ctx: Ctx, sh: (line: string) => Promise<Outcome>) => Promise<void>;
  check: (r: Outcome, ctx: Ctx) => void | Promise<void>;
}

const lastLine = (s: string) => s.trimEnd().split('\n').at(-1);
const addRelease = async (_: Ctx, sh: (line: string) => Promise<Outcome>) => { expect((await sh('pintae rules add PINT-AE-1.0.3.zip --name pint-ae-1.0.3')).exitCode).toBe(0); };

const EXPECT: Record<string, Expectation> = {
  'pintae validate exports/ --entity seller.json': {
    check: (r) => {
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toMatch(/^exports\/a\.json\n {2}✔ INV-2025-0001 valid/);
      expect(r.stdout).toMatch(/\nexports\/c\.json\n {2}✖ BAD-TAX-1 \d+ errors?/);
      expect(lastLine(r.stdout)).toMatch(/^✖ 3 invoices in 3 files: 2 valid, 1 invalid, 0 rejected/);
    },
  },
  'pintae check received/*.xml': {
    check: (r) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^received\/a\.xml\n {2}✔ \S+ valid/);
      expect(lastLine(r.stdout)).toMatch(/^✔ 2 invoices in 2 files: 2 valid, 0 invalid, 0 rejected/);
    },
  },
  'pintae validate --help': {
    check: (r) => {
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/^Usage: pintae validate[\s\S]*\nExamples:\n/);
      // The exit codes as the README and docs/reference/exit-codes.md give them (qa9: 130 and 143 were missing).
      expect(r.stdout).toMatch(/\n {2}2 {2}usage error, internal fault, or a report that could not be delivered\n {2}130, 143 {2}interrupted \(SIGINT, SIGTERM\)/);
    },
  },
  'pintae validate exports/ --entity seller.json --rates cbuae.csv': {
    check: (r) => { expect(r.exitCode).toBe(1); expect(lastLine(r.stdout)).toMatch(/^✖ 3 invoices in 3 files: 2 valid, 1 invalid, 0 rejected/); },
  },
  'pintae validate exports/ --format junit --output report.xml --quiet --max-warnings 0': {
    check: (r, { dir }) => {
      expect(r.exitCode).toBe(1);
      // The failures and the summary line in the log; the entity from .pintae/entities/.
      expect(r.stdout).toMatch(/^exports\/c\.json\n {2}✖ BAD-TAX-1 \d+ errors?[^\n]*\n {4}exports\/c\.json:\d+:\d+ +error /);
      expect(r.stdout).not.toContain('exports/a.json');
      expect(r.stdout).toMatch(/\n✖ 3 invoices in 3 files: 2 valid, 1 invalid, 0 rejected/);
      expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toMatch(/<testsuite name="exports\/c\.json"[^>]*failures="[1-9]/);
    },
  },
  'pintae validate invoice.json --remote --format json': {
    api: true,
    check: (r) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).results[0]).toMatchObject({ difference: null, offline: { data: { is_valid: true } }, remote: { data: { is_valid: true } } });
    },
  },
  'pintae build invoice.json --entity seller.json > invoice.xml': {
    check: (r, { dir }) => {
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe('');
      expect(readFileSync(join(dir, 'invoice.xml'), 'utf8')).toMatch(/^<\?xml[^>]*>\n<Invoice [\s\S]*<cbc:IssueDate>2025-03-10<\/cbc:IssueDate>/);
    },
  },
  'pintae build exports/ --out-dir xml/ --deterministic': {
    before: async (_, sh) => { await sh('pintae build exports/ --out-dir xml/ --deterministic; mv xml first'); },
    check: (r, { dir }) => {
      expect(r.exitCode).toBe(1);
      expect(readdirSync(join(dir, 'xml')).sort()).toEqual(['a.xml', 'b.xml']);
      for (const f of ['a.xml', 'b.xml']) expect(readFileSync(join(dir, 'xml', f), 'utf8')).toBe(readFileSync(join(dir, 'first', f), 'utf8'));
    },
  },
  'curl -s https://example.com/invoice.xml | pintae check - --xsd ubl-2.1/xsd': {
    official: true,
    check: (r) => { expect(r.exitCode, r.stderr).toBe(0); expect(r.stdout).toMatch(/^-\n {2}✔ \S+ valid/); },
  },
  'pintae check received/ --rules pint-ae-1.0.3': {
    official: true, before: addRelease,
    check: (r) => { expect(r.stdout).toMatch(/\(rules pint-ae-1\.0\.3/); expect(lastLine(r.stdout)).toMatch(/^. 2 invoices in 2 files: /); },
  },
  'pintae tdd invoice.xml --receiver 0242:000773 --representative 0242:000001 --transport-id 5f1c9a7e-2b4d-4e8a-9c31-7d0e6f5a2b18': {
    check: (r) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^<\?xml[^>]*>\n<([\w-]+:)?TaxData /);
      expect(r.stdout).toContain('5f1c9a7e-2b4d-4e8a-9c31-7d0e6f5a2b18');
    },
  },
  'pintae tdd received/ --role receiver --out-dir tdd/': {
    check: (r, { dir }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(readdirSync(join(dir, 'tdd')).sort()).toEqual(['a.tdd.xml', 'b.tdd.xml']);
      expect(readFileSync(join(dir, 'tdd/a.tdd.xml'), 'utf8')).toMatch(/ReporterRole>02</);
    },
  },
  'pintae tdd broken.xml --type F --role receiver': {
    check: (r) => { expect(r.exitCode, r.stderr).toBe(0); expect(r.stdout).toMatch(/DocumentTypeCode>F</); expect(r.stdout).toMatch(/ReporterRole>02</); },
  },
  'pintae merge-reports shard-1.json shard-2.json shard-3.json --format json > report.json': {
    before: async (_, sh) => { await Promise.all([1, 2, 3].map((k) => sh(`pintae validate exports/ --entity seller.json --shard ${k}/3 --format json --output shard-${k}.json`))); },
    check: (r, { dir }) => {
      expect(r.exitCode).toBe(1);
      expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).summary).toMatchObject({ files: 3, invoices: 3, valid: 2, invalid: 1 });
    },
  },
  'pintae merge-reports shard-*.json': {
    before: async (_, sh) => { await Promise.all([1, 2, 3].map((k) => sh(`pintae validate exports/ --entity seller.json --shard ${k}/3 --format json --output shard-${k}.json`))); },
    check: (r) => { expect(r.exitCode).toBe(1); expect(r.stdout).toMatch(/^exports\//); expect(lastLine(r.stdout)).toMatch(/^✖ 3 invoices in 3 files: 2 valid, 1 invalid/); },
  },
  'pintae rules add PINT-AE-1.0.3.zip --name pint-ae-1.0.3': {
    official: true,
    check: async (r, { dir }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/added pint-ae-1\.0\.3/);
      expect((await shell('pintae rules list', dir)).stdout).toMatch(/\npint-ae-1\.0\.3 /);
    },
  },
  'pintae rules list': { check: (r) => { expect(r.exitCode).toBe(0); expect(r.stdout).toMatch(/^NAME +CUSTOMIZATION[\s\S]*\nbuiltin /); } },
  'pintae rules remove pint-ae-1.0.3': {
    official: true, before: addRelease,
    check: async (r, { dir }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect((await shell('pintae rules list', dir)).stdout).not.toContain('pint-ae-1.0.3');
    },
  },
  'pintae rules add PINT-AE-1.0.5.zip --name pint-ae-1.0.5-xslt --engine saxon-js': {
    official: true,
    check: async (r, { dir }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      const sets = JSON.parse((await shell('pintae rules list --format json', dir)).stdout).rulesets;
      expect(sets.find((s: { name: string }) => s.name === 'pint-ae-1.0.5-xslt')).toMatchObject({ engine: 'saxon-js' });
    },
  },
  'pintae rules add PINT-AE-1.0.5.zip --customization urn:peppol:pint:billing-1@ae-1 --valid-from 2026-12-01': {
    official: true,
    check: async (r, { dir }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      const sets = JSON.parse((await shell('pintae rules list --format json', dir)).stdout).rulesets;
      expect(sets.find((s: { name: string }) => s.name === 'pint-ae-1.0.5')).toMatchObject({ customization: 'urn:peppol:pint:billing-1@ae-1', valid_from: '2026-12-01' });
    },
  },
  'pintae rules list --format json': { check: (r) => { expect(r.exitCode).toBe(0); expect(JSON.parse(r.stdout).rulesets[0].name).toBe('builtin'); } },
  'pintae push invoice.json --wait': {
    api: true,
    check: (r) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^✔ INV-2025-0001 {2}accepted \(202\)/);
      expect(r.stdout).toMatch(/\n→ INV-2025-0001 {2}\S+ {2}SENT_TO_PEPPOL \(success\)\n/);
    },
  },
  'cat invoice.json | pintae push - --format json': {
    api: true,
    check: (r) => { expect(r.exitCode, r.stderr).toBe(0); expect(JSON.parse(r.stdout).results[0]).toMatchObject({ outcome: 'accepted', invoice_number: 'INV-2025-0001' }); },
  },
  'pintae bulk exports/': {
    api: true,
    check: async (r, { dir, url }) => {
      expect(r.exitCode).toBe(1); // exports/c.json is invalid offline, and not sent
      expect(lastLine(r.stdout)).toBe('3 invoices: 2 accepted, 1 invalid');
      const again = await shell('pintae bulk exports/', dir, { PINTAE_BASE_URL: url!, PINTAE_TOKEN: TOKEN });
      expect(lastLine(again.stdout)).toBe('3 invoices: 2 skipped, 1 invalid');
    },
  },
  'pintae bulk exports/*.json --chunk 100 --wait --timeout 1800': {
    api: true,
    check: (r) => {
      expect(r.exitCode).toBe(1);
      expect(r.stdout.split('\n').filter((l) => /^→ \S+ {2}\S+ {2}SENT_TO_PEPPOL \(success\)$/.test(l))).toHaveLength(2);
    },
  },
  'pintae status inv_123 inv_456': {
    api: true,
    rewrite: (line, { ids }) => line.replace('inv_123', ids![0]!).replace('inv_456', ids![1]!),
    check: (r, { ids }) => { expect(r.stdout.split('\n').filter((l) => /^. \S+ {2}STATUS-/.test(l)).map((l) => l.split(' ')[1])).toEqual(ids); },
  },
  'pintae status inv_123 --wait --timeout 300': {
    api: true,
    rewrite: (line, { ids }) => line.replace('inv_123', ids![0]!),
    check: (r, { ids }) => { expect(r.exitCode, r.stderr).toBe(0); expect(r.stdout).toMatch(new RegExp(`^✔ ${ids![0]} {2}STATUS-1 {2}SENT_TO_PEPPOL \\(success\\)`)); },
  },
  'pintae entities create entity.json': {
    api: true,
    check: (r) => { expect(r.exitCode, r.stderr).toBe(0); expect(r.stderr).toBe(''); expect(JSON.parse(r.stdout)).toMatchObject({ entity_id: expect.any(String), company_name: 'Al Noor Trading LLC' }); },
  },
  'pintae entities update ent_123 --set city=Sharjah': {
    api: true,
    rewrite: (line, { entityId }) => line.replace('ent_123', entityId),
    check: (r, { entityId }) => { expect(r.exitCode, r.stderr).toBe(0); expect(JSON.parse(r.stdout)).toMatchObject({ entity_id: entityId, city: 'Sharjah' }); },
  },
  'pintae entities pull': {
    api: true,
    check: (r, { dir, entityId }) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${entityId}  → ${join(dir, '.pintae/entities', `${entityId}.json`)}`);
      expect(JSON.parse(readFileSync(join(dir, '.pintae/entities', `${entityId}.json`), 'utf8')).entity_id).toBe(entityId);
    },
  },
  'pintae serve --entity sellers/ --rates cbuae.csv': {
    serves: true, rewrite: (line) => `${line} --port 0 --workers 1`, probe: { path: '/readyz', status: [200, 503] }, check: () => {},
  },
  'pintae serve --host 0.0.0.0 --token-file /run/secrets/pintae-token': {
    // Tests listen on the loopback only: the host and the secret's path are put in by the test.
    serves: true, rewrite: (line) => `${line.replace('0.0.0.0', '127.0.0.1').replace('/run/secrets/pintae-token', 'token.txt')} --port 0 --workers 1`,
    probe: { path: '/v1/validate', status: [401] }, check: () => {},
  },
  'curl -s --data-binary @invoice.json http://127.0.0.1:8080/oauth/invoices/validate': {
    // The real curl, against a serve the test started on a free port (the example's 8080 may be taken).
    before: async (ctx) => { ctx.url = await startServe(ctx.dir); },
    rewrite: (line, ctx) => line.replace('curl', '/usr/bin/curl').replace('http://127.0.0.1:8080', ctx.url!),
    check: (r) => {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ data: { is_valid: true, invoice_number: 'INV-2025-0001' } });
    },
  },
  'pintae sandbox --port 8787': { serves: true, rewrite: (line) => line.replace('--port 8787', '--port 0'), check: () => {} },
  'pintae sandbox --fail-rate 0.05 --after-commit-rate 0.05 --seed 7': { serves: true, rewrite: (line) => `${line} --port 0`, check: () => {} },
};

let bin: string;
/** The example's shell: `pintae` is the binary under test; `curl` a stand-in printing received/a.xml. */
function shell(line: string, dir: string, extra: Record<string, string> = {}) {
  return execa('sh', ['-c', line], {
    cwd: dir, reject: false, extendEnv: false,
    env: { PATH: `${bin}:/usr/bin:/bin`, NO_COLOR: '1', HOME: dir, PINTAE_CACHE_DIR: join(dir, '.cache'), ...extra },
  }) as Promise<Outcome>;
}

let built: string;
let sb: Awaited<ReturnType<typeof sandbox>>;

beforeAll(async () => {
  bin = tempDir();
  writeFileSync(join(bin, 'pintae'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  writeFileSync(join(bin, 'curl'), '#!/bin/sh\nexec cat "$PWD/received/a.xml"\n');
  for (const f of ['pintae', 'curl']) chmodSync(join(bin, f), 0o755);
  built = tempDir();
  const r = await execa('node', [BIN, 'build', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--deterministic'], { reject: false });
  writeFileSync(join(built, 'standard.xml'), r.stdout);
  sb = await sandbox();
});
const serving: Array<ReturnType<typeof execa>> = [];
afterAll(async () => {
  for (const child of serving) child.kill('SIGTERM');
  await Promise.all(serving.map((c) => c.catch(() => undefined)));
  await sb?.close();
  removeTempDirs();
});

/** `pintae serve` in an example's directory, for the examples that ask it: its URL, once it is ready. */
async function startServe(dir: string): Promise<string> {
  const child = execa('node', [BIN, 'serve', '--port', '0', '--workers', '1', '--entity', 'seller.json'], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
  serving.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('\n')) resolve(out.split('\n')[0]!.trim()); });
    child.on('exit', () => reject(new Error(`serve stopped: ${out}`)));
  });
  for (;;) {
    if ((await fetch(`${url}/readyz`)).status === 200) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The official compiled rules as a release zip: the same bytes for every example that adds one (made once, not twice per example). */
let zipped: Uint8Array | undefined;
function officialZip(): Uint8Array {
  if (zipped) return zipped;
  const entries: Record<string, Uint8Array> = {};
  for (const f of readdirSync(join(OFFICIAL_DIR, 'sef'))) entries[`trn-invoice/schematron/${f}`] = readFileSync(join(OFFICIAL_DIR, 'sef', f));
  return (zipped = zipSync(entries));
}

/** The directory an example runs in: the files its words name, for the seller `entityId` (the sandbox's, or the fixture's). */
async function workspace(api: boolean, official: boolean): Promise<Ctx> {
  const dir = tempDir();
  mkdirSync(join(dir, '.git'));
  let record = JSON.parse(readFileSync(ENTITY, 'utf8'));
  let ctx: Ctx = { dir, entityId: record.entity_id };
  if (api) {
    const entityId = await createEntity(sb.url);
    record = { entity_id: entityId, ...(await call(sb.url, TOKEN, 'GET', `/oauth/entities/${entityId}`)).body.data };
    ctx = { dir, entityId, url: sb.url };
  }
  const body = (file: string, extra: Record<string, unknown> = {}) => JSON.stringify({ ...JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')), entity_id: ctx.entityId, ...extra }, null, 2);
  const files: Record<string, string> = {
    'seller.json': JSON.stringify(record, null, 2),
    [`.pintae/entities/${ctx.entityId}.json`]: JSON.stringify(record, null, 2),
    'entity.json': JSON.stringify({ ...JSON.parse(readFileSync(ENTITY, 'utf8')), entity_id: undefined, registry_code: undefined, trn: `1${String(Date.now()).slice(-8)}${String(process.pid % 1e4).padStart(4, '0')}03` }),
    'cbuae.csv': readFileSync(RATES, 'utf8'),
    'invoice.json': body('invoices/standard.json'),
    'exports/a.json': body('invoices/standard.json'),
    'exports/b.json': body('invoices/zero-rated.json'),
    'exports/c.json': body('invalid/tax.json'),
    'received/a.xml': readFileSync(join(built, 'standard.xml'), 'utf8'),
    'received/b.xml': readFileSync(join(built, 'standard.xml'), 'utf8'),
    'invoice.xml': readFileSync(join(built, 'standard.xml'), 'utf8'),
    'broken.xml': readFileSync(join(built, 'standard.xml'), 'utf8').replace(/<cbc:DueDate>[^<]*<\/cbc:DueDate>/, ''),
    'pintae.config.json': JSON.stringify({ tdd: { receiver: '0242:000773', representative: '0242:000001' } }),
    'sellers/al-noor.json': JSON.stringify(record, null, 2),
    'token.txt': 'a-serve-token-of-this-test\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (official) {
    for (const zip of ['PINT-AE-1.0.3.zip', 'PINT-AE-1.0.5.zip']) writeFileSync(join(dir, zip), officialZip());
    mkdirSync(join(dir, 'ubl-2.1'));
    symlinkSync(join(OFFICIAL_DIR, 'xsd'), join(dir, 'ubl-2.1/xsd'));
  }
  if (api) {
    // Two invoices at the service, for the status examples.
    ctx.ids = [];
    for (const n of ['STATUS-1', 'STATUS-2']) ctx.ids.push((await call(sb.url, TOKEN, 'POST', '/oauth/invoices', invoice('invoices/standard.json', ctx.entityId, n))).body.invoice_id);
  }
  return ctx;
}

// Concurrent: most of an example's time is a process starting; the two cores are shared with the other test files.
describe.concurrent('every --help example (spawned, through a shell)', () => {
  it('has an expectation here, and every expectation an example', async () => {
    const lines = new Set((await Promise.all(COMMANDS.map(examplesOf))).flat().map((e) => e.line));
    expect([...lines].sort()).toEqual(Object.keys(EXPECT).sort());
  });

  it.each(Object.keys(EXPECT))('%s', async (line) => {
    const e = EXPECT[line]!;
    if (e.official && !HAVE_OFFICIAL) return;
    const ctx = await workspace(e.api === true, e.official === true);
    const env: Record<string, string> = ctx.url ? { PINTAE_BASE_URL: ctx.url, PINTAE_TOKEN: TOKEN } : {};
    const sh = (l: string) => shell(l, ctx.dir, env);
    await e.before?.(ctx, sh);
    const command = e.rewrite?.(line, ctx) ?? line;
    if (e.serves) {
      // A server the test started: its URL on the first line of standard output; asked once, then stopped.
      const child = execa('sh', ['-c', `exec ${command}`], { cwd: ctx.dir, reject: false, extendEnv: false, env: { PATH: `${bin}:/usr/bin:/bin`, NO_COLOR: '1', HOME: ctx.dir } });
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('\n')) resolve(out.split('\n')[0]!.trim()); });
        child.on('exit', () => reject(new Error(`the sandbox stopped: ${out}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const probe = e.probe ?? { path: '/oauth/entities', status: [401, 500, 502] }; // no token; the faulty sandbox may fail first, as asked
      const answer = await fetch(`${url}${probe.path}`, probe.path === '/v1/validate' ? { method: 'POST', body: '{}' } : undefined);
      expect(probe.status).toContain(answer.status);
      child.kill('SIGTERM');
      const ended = await child;
      if (line.startsWith('pintae sandbox')) expect(existsSync(join(ctx.dir, '.pintae/sandbox'))).toBe(true);
      else expect(ended.exitCode, ended.stderr).toBe(0); // serve drains and exits 0 on SIGTERM
      return;
    }
    await e.check(await sh(command), ctx);
  });
});
