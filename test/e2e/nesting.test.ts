/**
 * Issue 11, class "deep nesting", end to end: one deeply nested invoice used to turn its whole bulk file into one
 * internal error (exit 2), with a different answer under --jobs (a worker's stack is bigger), and the sandbox
 * answered 500. Now: a located finding for that invoice, the same report in any thread, a 400 (or a 207 item).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';
import { call, createEntity, removeTempDirs, sandbox, tempDir } from './sandbox-client.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-nesting-'));
afterAll(() => { rmSync(dir, { recursive: true, force: true }); removeTempDirs(); });

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
const arrays = (n: number) => '['.repeat(n) + '0' + ']'.repeat(n);
const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const standard = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) as Record<string, unknown>;
const item = (number: string, reference?: string) =>
  reference === undefined ? JSON.stringify({ ...standard, invoice_number: number }) : JSON.stringify({ ...standard, invoice_number: number, reference: '@' }).replace('"@"', reference);

describe('pintae validate: a deeply nested invoice is one located finding, the same with --jobs 1 and 2', () => {
  writeFileSync(join(dir, 'a-bulk.json'), `{"invoices": [\n${item('OK-1')},\n${arrays(3_000)},\n${item('DEEP-3', objects(6_000))},\n${item('OK-4')}\n]}`);
  writeFileSync(join(dir, 'b-broken.json'), arrays(200_000).slice(0, -1));
  writeFileSync(join(dir, 'c-single.json'), item('DEEP-5', arrays(100_000)));

  it('reports every invoice of the file, places the deep ones, and exits 1 (not 2)', async () => {
    const common = ['validate', dir, '--entity', ENTITY, '--rates', RATES, '--format', 'json'];
    const [one, two] = await Promise.all([run([...common, '--jobs', '1']), run([...common, '--jobs', '2'])]);
    expect(one.stderr).not.toMatch(/\n\s+at |internal/);
    expect([one.exitCode, two.exitCode]).toEqual([1, 1]);
    expect(two.stdout).toBe(one.stdout);
    const results = JSON.parse(one.stdout).results as any[];
    const firstError = (r: any) => r.error ?? r.response.data.errors[0];
    expect(results.map((r) => [r.file.slice(dir.length + 1), r.index, r.valid])).toEqual([
      ['a-bulk.json', 0, true], ['a-bulk.json', 1, false], ['a-bulk.json', 2, false], ['a-bulk.json', 3, true],
      ['b-broken.json', null, false], ['c-single.json', null, false],
    ]);
    expect(firstError(results[1])).toMatchObject({ message: expect.stringMatching(/^The invoice body is nested more than 64 levels/), line: 3, column: 65 });
    const referenceAt = item('DEEP-3', objects(6_000)).indexOf('{"a":');
    expect(firstError(results[2])).toMatchObject({ message: expect.stringMatching(/^reference is nested/), line: 4, column: referenceAt + 63 * 5 + 1 });
    expect(firstError(results[4])).toMatchObject({ message: "expected ',' or ']', found the end of the file", line: 1, column: 400_001 });
    expect(firstError(results[5])).toMatchObject({ message: expect.stringMatching(/^reference is nested/), line: 1 });
    expect(results.some((r) => r.error?.internal)).toBe(false);
  });
});

describe('pintae check: a document nested 10,000 levels deep is refused at the element past the limit', () => {
  it('a located error, exit 1, no stack trace', async () => {
    const file = join(dir, 'deep.xml');
    writeFileSync(file, `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">\n${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</Invoice>`);
    const r = await run(['check', file, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at |Maximum call stack/);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.error).toMatchObject({ message: expect.stringMatching(/nested more than 257 deep/), line: 2, column: 256 * 3 + 1 });
  });
});

// Shares no run of 8 characters with the working directory's name (pintae-nesting-…): pintae redacts any such run.
const TOKEN = 'tok-N3st-5d8e';

describe('the sandbox: a deeply nested body is a 400, a 200 with the finding, or its own 207 item (never a 500)', () => {
  it('push, validate and bulk; validate --remote and entities create do not send one', async () => {
    const sb = await sandbox({ dataDir: tempDir(), tokens: { t: 'app', [TOKEN]: 'app' } });
    try {
      const entity = await createEntity(sb, 't');
      const body = (number: string, reference?: string) => item(number, reference).replace('"ent_al_noor"', JSON.stringify(entity.entity_id));
      const pushed = await call(sb, 't', 'POST', '/oauth/invoices', body('P-1', arrays(5_000)));
      expect(pushed.status).toBe(400);
      expect(pushed.body.errors[0]).toMatchObject({ field: expect.stringMatching(/^reference\[0\]/), message: expect.stringMatching(/nested more than 64/) });
      const validated = await call(sb, 't', 'POST', '/oauth/invoices/validate', body('V-1', objects(5_000)));
      expect(validated.status).toBe(200);
      expect(validated.body.data).toMatchObject({ is_valid: false, total_errors: 1 });
      const bulk = await call(sb, 't', 'POST', '/oauth/invoices/bulk', `{"invoices": [${body('B-1')}, ${arrays(5_000)}, ${body('B-3', objects(5_000))}, ${body('B-4')}]}`);
      expect(bulk.status).toBe(207);
      expect(bulk.body.results.map((r: any) => r.status_code)).toEqual([202, 400, 400, 202]);
      writeFileSync(join(dir, 'remote.json'), `[${body('R-1')}, ${body('R-2', arrays(5_000))}]`);
      writeFileSync(join(dir, 'entity.json'), `{"company_name": "X",\n "trn": ${arrays(5_000)}}`);
      const env = { NO_COLOR: '1', PINTAE_BASE_URL: sb.url, PINTAE_TOKEN: TOKEN };
      const [remote, created] = await Promise.all([
        execa('node', [BIN, 'validate', '--remote', join(dir, 'remote.json'), '--rates', RATES, '--format', 'json', '--no-schematron'], { reject: false, cwd: dir, env }),
        execa('node', [BIN, 'entities', 'create', join(dir, 'entity.json')], { reject: false, cwd: dir, env }),
      ]);
      expect(remote.stderr).not.toMatch(/internal|\n\s+at /);
      expect(JSON.parse(remote.stdout).results.map((r: any) => r.error ?? r.difference)).toEqual([null, expect.stringMatching(/^not sent: reference is nested more than 64/)]);
      expect(created.exitCode).toBe(2);
      expect(created.stderr).toBe(`pintae: ${join(dir, 'entity.json')}:2:${9 + 63}: trn is nested more than 64 levels deep (no entity field is more than a string)`);
    } finally {
      await sb.close();
    }
  });
});
