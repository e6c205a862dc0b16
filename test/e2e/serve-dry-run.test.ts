/**
 * Issue 25, done-when: POST /oauth/invoices/validate answers exactly what `pintae validate --format json` gives as
 * `results[i].response` for the same body as a file — every fixture and a seeded sample of the fuzz corpus. The CLI
 * is the oracle at test time (never hard-coded answers), so the two stay one whatever a response comes to hold. Files
 * that repeat an invoice number go to separate CLI runs: within one run the CLI warns of the repeat, a stateless
 * server cannot. POST /v1/validate answers exactly the CLI's report of the same body on standard input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';
import { cleanUp, post, spawnServe, tempDir, type Served } from './serve-helpers.js';

afterAll(cleanUp);

const TODAY = '2025-06-02';
const PIPELINE = ['--entity', ENTITY, '--rates', RATES, '--today', TODAY, '--no-config'];
/** How many single-file mutants of the fuzz corpus (scripts/fuzz-corpus.mjs) are sent. */
const FUZZ_SAMPLE = 120;

/** The key the CLI warns of a repeat by; undefined for a body that is not one invoice object. */
function keyOf(bytes: Buffer): string | undefined {
  try {
    const v = JSON.parse(bytes.toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) && typeof v.entity_id === 'string' && typeof v.invoice_number === 'string'
      ? `${v.entity_id}\u0000${v.invoice_number.trim()}` : undefined;
  } catch { return undefined; }
}

/** Files split into runs in which no invoice number repeats. */
function runsWithoutRepeats(files: string[]): string[][] {
  const runs: Array<{ files: string[]; keys: Set<string> }> = [];
  for (const file of files) {
    const key = keyOf(readFileSync(file));
    let run = runs.find((r) => key === undefined || !r.keys.has(key));
    if (!run) runs.push(run = { files: [], keys: new Set() });
    run.files.push(file);
    if (key !== undefined) run.keys.add(key);
  }
  return runs.map((r) => r.files);
}

/** `pintae validate <files> --format json`: each file's one result. */
async function cliResults(files: string[]): Promise<Map<string, any>> {
  const out = new Map<string, any>();
  for (const run of runsWithoutRepeats(files)) {
    const { stdout } = await execa('node', [BIN, 'validate', ...run, ...PIPELINE, '--format', 'json', '--jobs', '1'], { cwd: ROOT, reject: false });
    for (const r of JSON.parse(stdout).results) {
      expect(out.has(r.file), `${r.file} gave one result`).toBe(false);
      out.set(r.file, r);
    }
  }
  return out;
}

const isBulk = (bytes: Buffer) => { try { const v = JSON.parse(bytes.toString('utf8')); return Array.isArray(v) || Array.isArray(v?.invoices); } catch { return false; } };

/** The server's answer against the CLI's result for the same bytes. */
async function compare(s: Served, file: string, cli: any): Promise<void> {
  const res = await post(`${s.url}/oauth/invoices/validate`, readFileSync(file));
  const body = await res.json() as any;
  if (cli.error) {
    // Not an invoice the CLI could read: the service's 400, located where the CLI locates it.
    expect(res.status, file).toBe(400);
    expect(body.errors[0], file).toMatchObject({ field: '(body)', line: cli.error.line, column: cli.error.column });
    // The same words, naming what each was given (qa9): the CLI's file is the service's request body.
    expect(body.errors[0].message, file).toContain(cli.error.message.replace(/\bthe file\b/g, 'the request body'));
    return;
  }
  expect(res.status, file).toBe(cli.rejected ? 400 : 200);
  expect(body, file).toEqual(cli.response);
}

describe('POST /oauth/invoices/validate answers exactly pintae validate\'s response', () => {
  let s: Served;
  beforeAll(async () => { s = await spawnServe(['--workers', '1', ...PIPELINE]); });

  it('for every fixture invoice', async () => {
    const files = ['invoices', 'invalid'].flatMap((d) => readdirSync(join(FIXTURES, d)).filter((f) => f.endsWith('.json')).sort().map((f) => join(FIXTURES, d, f)))
      .filter((f) => !isBulk(readFileSync(f)));
    expect(files.length).toBeGreaterThanOrEqual(20);
    const cli = await cliResults(files);
    for (const file of files) await compare(s, file, cli.get(file));
  });

  it(`for a seeded sample of ${FUZZ_SAMPLE} single-file mutants of the fuzz corpus`, async () => {
    const { writeFuzzCorpus } = await import(join(ROOT, 'scripts/fuzz-corpus.mjs')) as { writeFuzzCorpus(root: string, dir: string, o: Record<string, number>): unknown };
    const dir = tempDir();
    writeFuzzCorpus(ROOT, dir, { seed: 25, count: FUZZ_SAMPLE, bulkFiles: 0, singleShare: 1 });
    const files = readdirSync(dir).sort().map((f) => join(dir, f)).filter((f) => !isBulk(readFileSync(f)));
    expect(files.length).toBeGreaterThan(FUZZ_SAMPLE * 0.8);
    const cli = await cliResults(files);
    let judged = 0;
    for (const file of files) {
      await compare(s, file, cli.get(file));
      if (!cli.get(file).error) judged++;
    }
    // Most mutants are read and judged (the rest are damaged as bytes): the comparison is of real answers.
    expect(judged).toBeGreaterThan(files.length / 2);
  });

  it('POST /v1/validate answers the report of pintae validate - on the same body, a bulk body too', async () => {
    const bulk = JSON.stringify({ invoices: ['invoices/standard.json', 'invalid/tax.json', 'invoices/usd-with-rate.json', 'invoices/standard.json'].map((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8'))) }, null, 2);
    for (const body of [readFileSync(join(FIXTURES, 'invoices/export.json'), 'utf8'), bulk]) {
      const { stdout } = await execa('node', [BIN, 'validate', '-', ...PIPELINE, '--format', 'json'], { cwd: ROOT, input: body, reject: false });
      const served = await (await post(`${s.url}/v1/validate`, body)).json();
      expect(served).toEqual(JSON.parse(stdout));
    }
  });
});
