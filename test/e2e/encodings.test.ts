/**
 * Issue 22, item 1: every JSON (and CSV) pintae reads is UTF-8, with or without a byte-order mark, or UTF-16 with one;
 * any other bytes are a located error at the byte, in words a person can act on, that input is not judged and no XML
 * is written for it. Nothing is ever replaced by U+FFFD. Through the spawned binary: invoices from files and standard
 * input, entity records, rate tables, the config file, reports to merge, tdd, an API answer and the sandbox's bodies.
 * The Windows-1252 and UTF-16 bytes are made here, from the bundled example.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES } from '../helpers/paths.js';
import { removeTempDirs, sandbox, tempDir, TOKEN } from './api-helpers.js';
import { createValidator } from '../../dist/index.js';

const STANDARD = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8').replace('Gulf Office Supplies FZ-LLC', 'Café Société LLC');
/** Where the first é of the buyer's name stands in STANDARD (line 9, after `    "name": "Caf`). */
const AT = { line: 9, column: 17 };
const SAID_1252 = 'byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8';

/** Latin-1 is Windows-1252 for every character used here. */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.from(utf16le(text)).swap16();

let dir: string;
beforeAll(() => { dir = tempDir(); });
afterAll(removeTempDirs);

const put = (name: string, bytes: Uint8Array) => { const path = join(dir, name); writeFileSync(path, bytes); return path; };
const run = (args: string[], input?: Uint8Array) => execa('node', [BIN, ...args], { reject: false, cwd: dir, input, encoding: 'utf8', env: { NO_COLOR: '1' } });
const noReplacement = (r: { stdout: string; stderr: string }) => { expect(r.stdout).not.toContain('\uFFFD'); expect(r.stderr).not.toContain('\uFFFD'); };

describe('invoices', () => {
  it('Windows-1252: refused at the byte, in words; not judged, no XML written', async () => {
    const file = put('w1252.json', cp1252(STANDARD));
    const out = join(dir, 'out-1252');
    const r = await run(['validate', file, '--entity', ENTITY, '--out-dir', out, '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result).toMatchObject({ valid: false, response: null, error: { message: SAID_1252, ...AT } });
    expect(readdirSync(out)).toEqual([]);
    noReplacement(r);
    const stylish = await run(['validate', file, '--entity', ENTITY, '--format', 'stylish']);
    expect(stylish.stdout).toContain(`w1252.json:${AT.line}:${AT.column}: ${SAID_1252}`);
  });

  it.each([['UTF-16LE', utf16le], ['UTF-16BE', utf16be]])(
    '%s: read, judged valid, and the name delivered as sent', async (name, encode) => {
      const file = put(`${name.replace(/\W+/g, '-')}.json`, encode(STANDARD));
      const r = await run(['build', file, '--entity', ENTITY, '--deterministic']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain('<cbc:RegistrationName>Café Société LLC</cbc:RegistrationName>');
    });

  it('a bulk body in UTF-16: every invoice read, findings on the lines of the text', async () => {
    const bulk = JSON.stringify({ invoices: [JSON.parse(STANDARD), { ...JSON.parse(STANDARD), invoice_number: 'INV-2', currency: 'XXX' }] }, null, 2);
    const r = await run(['validate', put('bulk16.json', utf16le(bulk)), '--entity', ENTITY, '--rates', RATES, '--format', 'json']);
    const results = JSON.parse(r.stdout).results;
    expect(results.map((x: { valid: boolean }) => x.valid)).toEqual([true, false]);
    const lines = bulk.split('\n');
    const currency = results[1].response.data.errors.find((e: { field?: string }) => e.field === 'currency');
    expect(lines[currency.line - 1]).toContain('"currency": "XXX"');
  });

  it('UTF-16 without a byte-order mark: said so', async () => {
    const r = await run(['validate', put('nobom.json', Buffer.from(STANDARD, 'utf16le')), '--entity', ENTITY, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).results[0].error).toEqual({ message: expect.stringContaining('the file looks like UTF-16LE without a byte-order mark'), line: 1, column: 1 });
  });

  it('standard input is read by the same rule', async () => {
    const r = await run(['validate', '-', '--entity', ENTITY, '--format', 'json'], cp1252(STANDARD));
    expect(r.exitCode).toBe(1);
    // Standard input is no file (qa9): the words name it.
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({ file: '-', error: { message: SAID_1252.replace('the file', 'standard input'), ...AT } });
    const utf16 = await run(['validate', '-', '--entity', ENTITY, '--format', 'json'], utf16le(STANDARD));
    expect(utf16.exitCode, utf16.stdout).toBe(0);
  });

  it('with workers (--jobs 2), the same error at the same place, for a file and for standard input', async () => {
    const other = put('fine.json', Buffer.from(STANDARD.replace('INV-2025-0001', 'INV-2025-0002')));
    const r = await run(['validate', '-', join(dir, 'w1252.json'), other, '--entity', ENTITY, '--format', 'json', '--jobs', '2'], cp1252(STANDARD));
    const results = JSON.parse(r.stdout).results;
    expect(results.map((x: { file: string; error?: unknown }) => [x.file.replace(/.*\//, ''), x.error])).toEqual([
      ['-', { message: SAID_1252.replace('the file', 'standard input'), ...AT }], ['w1252.json', { message: SAID_1252, ...AT }], ['fine.json', undefined],
    ]);
  });

  it('tdd: no TDD made of bytes that are not text; a UTF-16 request body makes one', async () => {
    const out = join(dir, 'tdd-out');
    mkdirSync(out);
    const parties = ['--receiver', '0242:000773', '--representative', '0242:000001', '--transport-id', 'b3b4c4a0-0000-4000-8000-000000000001', '--entity', ENTITY, '--out-dir', out];
    const bad = await run(['tdd', join(dir, 'w1252.json'), ...parties]);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain(`w1252.json:${AT.line}:${AT.column}: error: ${SAID_1252}`);
    expect(readdirSync(out)).toEqual([]);
    const good = await run(['tdd', join(dir, 'UTF-16LE.json'), ...parties]);
    expect(good.exitCode, good.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['UTF-16LE.tdd.xml']);
  });

  it('the library reads bytes as the CLI reads a file', async () => {
    const validator = await createValidator({ entity: ENTITY, ruleSet: false });
    // A document handed to a function is no file (qa9): the words name what the caller gave.
    expect(validator.validate(cp1252(STANDARD))).toMatchObject({ valid: false, response: null, error: { message: SAID_1252.replace('the file', 'the document given'), ...AT } });
    expect(validator.validate(utf16be(STANDARD)).valid).toBe(true);
    expect(validator.validate(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(STANDARD)])).valid).toBe(true);
  });
});

describe('what a run needs: a usage error at file:line:column', () => {
  it('an entity record in Windows-1252', async () => {
    const entity = readFileSync(ENTITY, 'utf8').replace(/"company_name": "[^"]*"/, '"company_name": "Al Noor Négoce"');
    const file = put('entity-1252.json', cp1252(entity));
    const line = entity.split('\n').findIndex((l) => l.includes('Négoce'));
    const column = entity.split('\n')[line]!.indexOf('é') + 1;
    const r = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: ${file}:${line + 1}:${column}: ${SAID_1252}`);
    const utf16 = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', put('entity-16.json', utf16le(entity)), '--format', 'json']);
    expect(utf16.exitCode, utf16.stderr).toBe(0);
  });

  it('a rate table (CSV) in Windows-1252, and one in UTF-16', async () => {
    const csv = readFileSync(RATES, 'utf8');
    const bad = put('rates-1252.csv', cp1252(`# taux publiés\n${csv}`));
    const r = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--rates', bad]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: ${bad}:1:13: ${SAID_1252}`);
    const usd = JSON.stringify({ ...JSON.parse(STANDARD), currency: 'USD' });
    const good = await run(['validate', put('usd.json', Buffer.from(usd)), '--entity', ENTITY, '--rates', put('rates-16.csv', utf16le(csv)), '--format', 'json']);
    expect(good.exitCode, good.stdout).toBe(0);
  });

  it('the config file', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'pintae.config.json'), cp1252('{\n  "entity": "Société.json"\n}\n'));
    const r = await execa('node', [BIN, 'validate', join(FIXTURES, 'invoices/standard.json')], { reject: false, cwd: project, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: ${join(project, 'pintae.config.json')}:2:18: ${SAID_1252}`);
  });

  it('a report to merge', async () => {
    const report = put('shard-1252.json', cp1252('{"note": "publié"}'));
    const r = await run(['merge-reports', report]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: ${report}:1:16: ${SAID_1252}`);
  });
});

describe('over HTTP', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // A service whose error answer is Windows-1252 text under a JSON content type.
    server = createServer((_, res) => { res.writeHead(404, { 'content-type': 'application/json' }); res.end(cp1252('{"message":"facture inconnue: entité"}')); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an API answer that is not text is said to be so, never shown with U+FFFD', async () => {
    const r = await execa('node', [BIN, 'status', 'inv-1'], { reject: false, cwd: dir, env: { NO_COLOR: '1', PINTAE_BASE_URL: url, PINTAE_TOKEN: TOKEN } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('(an answer that is not text pintae reads, not shown: 1:36: byte 0xE9 is not UTF-8; the answer looks like Windows-1252)');
    noReplacement(r);
  });

  it('the sandbox refuses a request body that is not text (400), at its byte', async () => {
    const sb = await sandbox();
    try {
      const res = await fetch(`${sb.url}/oauth/invoices/validate`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: cp1252(STANDARD) });
      expect(res.status).toBe(400);
      expect((await res.json() as { message: string }).message).toBe(`The request body is not UTF-8 JSON: ${AT.line}:${AT.column}: ${SAID_1252.replace('the file', 'the request body')}`);
    } finally {
      await sb.close();
    }
  });
});
