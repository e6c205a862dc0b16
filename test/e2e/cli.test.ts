/**
 * End-to-end tests of the real binary: `node bin/pintae.js` spawned with execa (DESIGN: test tiers, exit codes 0/1/2,
 * data on stdout, atomic writes, determinism). Every spawn runs from the project root so that relative paths are
 * reported exactly as given; every file a test writes lives in its own temporary directory, removed afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const UNREGISTERED = join(FIXTURES, 'entities/unregistered.json');
const CUSTOMIZATION = '<cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>';
const FIXED_UUID = '123e4567-e89b-12d3-a456-426614174000';
const ANSI = /\u001b\[/;
const STACK = /\n\s+at |\bat .+:\d+:\d+\)?$/m;

const STANDARD = 'fixtures/invoices/standard.json';
const TAX = 'fixtures/invalid/tax.json';
const REJECTED = 'fixtures/invalid/rejected-registration-type.json';
const MALFORMED = 'fixtures/invalid/malformed.json';
const WRONG_TYPES = 'fixtures/invalid/wrong-types.json';
const ENTITIES = ['--entity', ENTITY, '--rates', RATES];

const VALID_FIXTURES = readdirSync(join(FIXTURES, 'invoices')).filter((f) => f.endsWith('.json')).sort();
const INVALID_FIXTURES = readdirSync(join(FIXTURES, 'invalid')).filter((f) => f.endsWith('.json') && f !== 'malformed.json').sort();

function run(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return execa('node', [BIN, ...args], {
    reject: false,
    cwd: ROOT,
    input: options.input,
    env: { NO_COLOR: '1', ...options.env },
  });
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-e2e-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

const fixture = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const fixtureJson = (path: string) => JSON.parse(fixture(path)) as Record<string, unknown>;

interface JsonReport {
  results: Array<{
    file: string;
    index: number | null;
    position?: { line: number; column: number };
    valid: boolean;
    rejected: boolean;
    response: any;
    pintae_findings?: any[];
    error?: { message: string; line?: number; column?: number };
    rule_set?: Record<string, unknown>;
    xml: string | null;
  }>;
  summary: { files: number; invoices: number; valid: number; invalid: number; rejected: number; unreadable: number; warnings: number; notes: number; suppressed: number };
}
const report = (stdout: string): JsonReport => JSON.parse(stdout);

const keys = (o: object) => Object.keys(o).sort();
const RESULT_KEYS = ['file', 'index', 'rejected', 'response', 'valid', 'xml'];
/**
 * The fixtures are dated 2025-03-10, before the built-in rules' validity (1.0.4, from 2026-05-28): each document built
 * from one is judged by 1.0.4 with this note (severity info) beside the response, never in it (issue 24).
 */
const BEFORE_RULES = { rule: 'pintae/rules-validity', field: 'date', section: 'invoice_header', severity: 'info' };

/** The validate response (spec 2.10) as the json formatter must carry it. */
function expectValidateResponse(response: any): void {
  expect(keys(response)).toEqual(['data', 'message']);
  expect(typeof response.message).toBe('string');
  expect(keys(response.data)).toEqual(['entity_id', 'errors', 'invoice_number', 'is_valid', 'total_errors', 'warnings']);
  expect(typeof response.data.is_valid).toBe('boolean');
  expect(response.data.total_errors).toBe(response.data.errors.length);
  expect(Array.isArray(response.data.warnings)).toBe(true);
  for (const e of response.data.errors) {
    expect(typeof e.message).toBe('string');
    expect(typeof e.section).toBe('string');
    for (const k of Object.keys(e)) expect(['message', 'section', 'rule', 'field', 'location', 'line', 'column', 'cause', 'rule_text', 'hint']).toContain(k);
    expect([e.line, e.column]).toEqual([expect.any(Number), expect.any(Number)]);
  }
  expect(response.data.is_valid).toBe(response.data.errors.length === 0);
}

/** The 400-style rejection: {message, errors: [{field, message}]}. */
function expectRejectedResponse(response: any): void {
  expect(keys(response)).toEqual(['errors', 'message']);
  expect(typeof response.message).toBe('string');
  expect(response.errors.length).toBeGreaterThan(0);
  for (const e of response.errors) {
    expect(keys(e)).toEqual(['column', 'field', 'line', 'message']);
    expect(typeof e.field).toBe('string');
    expect(typeof e.message).toBe('string');
  }
}

/** A usage error: exit 2, nothing on stdout, one line on stderr starting `pintae:`, no stack trace. */
function expectUsageError(r: { exitCode?: number; stdout: string; stderr: string }, fragment?: string | RegExp): void {
  expect(r.exitCode).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pintae: /);
  expect(r.stderr).not.toMatch(STACK);
  if (fragment) expect(lines[0]).toMatch(fragment);
}

/** Every entry of an out dir: only finished .xml files, no temporary or hidden leftovers. */
function expectCleanOutDir(dir: string): string[] {
  const names = readdirSync(dir).sort();
  for (const name of names) {
    expect(name).not.toMatch(/\.tmp$/);
    expect(name.startsWith('.')).toBe(false);
    expect(name).toMatch(/\.xml$/);
  }
  return names;
}

function expectPintAeXml(path: string): string {
  const xml = readFileSync(path, 'utf8');
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toContain(CUSTOMIZATION);
  return xml;
}

const idOf = (xml: string) => /<cbc:ID>([^<]*)<\/cbc:ID>/.exec(xml)?.[1];
const uuidOf = (xml: string) => /<cbc:UUID>([^<]*)<\/cbc:UUID>/.exec(xml)?.[1];

describe.concurrent('pintae exit codes (spawned)', () => {
  it('exits 0 when every input is valid', async () => {
    const r = await run(['validate', ...VALID_FIXTURES.map((f) => `fixtures/invoices/${f}`), ...ENTITIES, '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => x.valid)).toEqual(VALID_FIXTURES.map(() => true));
    expect(summary).toEqual({ files: VALID_FIXTURES.length, invoices: VALID_FIXTURES.length, valid: VALID_FIXTURES.length, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, notes: VALID_FIXTURES.length, suppressed: 0 });
    expect(results.map((x) => x.rule_set)).toEqual(VALID_FIXTURES.map(() => expect.objectContaining({ name: 'builtin-billing', version: '1.0.4', chosen: 'customization', by_date: 'before' })));
  });

  it('exits 1 for an invalid file alone', async () => {
    const r = await run(['validate', TAX, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    expect(report(r.stdout).results.map((x) => x.valid)).toEqual([false]);
  });

  // The fixtures as data through one run: each gets a result of its own, in the order given (one spawn, not one each).
  it('judges every fixture of fixtures/invalid invalid, each in the documented shape, and exits 1', async () => {
    const paths = INVALID_FIXTURES.map((name) => `fixtures/invalid/${name}`);
    const r = await run(['validate', ...paths, ...ENTITIES, '--entity', UNREGISTERED, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results.map((x) => x.file)).toEqual(paths);
    for (const [i, result] of results.entries()) {
      expect(result.valid, paths[i]).toBe(false);
      if (INVALID_FIXTURES[i] === 'rejected-registration-type.json') {
        expect(result.rejected).toBe(true);
        expectRejectedResponse(result.response);
      } else {
        expect(result.rejected, paths[i]).toBe(false);
        expectValidateResponse(result.response);
        expect(result.response.data.total_errors, paths[i]).toBeGreaterThan(0);
      }
    }
  });

  it.each([
    ['an invalid', TAX],
    ['a rejected', REJECTED],
    ['an unreadable (malformed)', MALFORMED],
  ])('exits 1 when one valid file is accompanied by %s one', async (_, other) => {
    const r = await run(['validate', STANDARD, other, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results).toHaveLength(2);
    expect(results[0].valid).toBe(true);
    expect(results[1].valid).toBe(false);
  });

  it('exits 1 in the stylish format too', async () => {
    const r = await run(['validate', STANDARD, TAX, ...ENTITIES, '--format', 'stylish']);
    expect(r.exitCode).toBe(1);
  });

  it.each<[string, string[], string | RegExp | undefined]>([
    ['an unknown option', ['validate', STANDARD, '--bogus'], /--bogus/],
    ['an unknown top-level option', ['--bogus'], /--bogus/],
    ['an unknown command', ['frobnicate'], /frobnicate/],
    ['--format without its value', ['validate', STANDARD, '--format'], /--format/],
    ['an unknown --format', ['validate', STANDARD, ...ENTITIES, '--format', 'xml'], /--format xml/],
    ['build of several inputs without --out-dir', ['build', STANDARD, TAX, ...ENTITIES], /for 2 inputs give --out-dir/],
    ['--uuid with a non-UUID', ['validate', STANDARD, ...ENTITIES, '--uuid', 'not-a-uuid'], /--uuid/],
    ['--uuid together with --deterministic', ['validate', STANDARD, ...ENTITIES, '--uuid', FIXED_UUID, '--deterministic'], /--uuid.*--deterministic/],
    ['no path at all', ['validate', ...ENTITIES], /no input/],
    ['a path that does not exist', ['validate', 'fixtures/no-such-file.json', ...ENTITIES], /fixtures\/no-such-file\.json: no such file or directory/],
    ['a glob matching nothing', ['validate', 'fixtures/nothing-here/*.json', ...ENTITIES], /fixtures\/nothing-here\/\*\.json/],
    ['a missing --entity file', ['validate', STANDARD, '--entity', 'fixtures/entities/missing.json'], /--entity fixtures\/entities\/missing\.json/],
    ['a missing --rates file', ['validate', STANDARD, '--entity', ENTITY, '--rates', 'fixtures/rates/missing.csv'], /--rates fixtures\/rates\/missing\.csv/],
  ])('exits 2 with one `pintae:` line on stderr for %s', async (_, args, fragment) => {
    expectUsageError(await run(args), fragment);
  });

  it('exits 2 for a directory without .json files', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'not an invoice');
    mkdirSync(join(dir, 'sub'));
    expectUsageError(await run(['validate', dir, ...ENTITIES]), /holds no \.json files/);
  });

  it('exits 2 without a stack trace when --out-dir is an existing file', async () => {
    const dir = tempDir();
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, '');
    expectUsageError(await run(['validate', STANDARD, ...ENTITIES, '--out-dir', file]));
  });

  it.each([['--help'], ['validate', '--help'], ['build', '--help']])('%s documents the exit codes', async (...args) => {
    const r = await run(args);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/exit codes/i);
    expect(r.stdout).toMatch(/^\s*0\s+.*pass/m);
    expect(r.stdout).toMatch(/^\s*1\s+.*fail/m);
    expect(r.stdout).toMatch(/^\s*2\s+.*usage/m);
  });
});

describe.concurrent('pintae --format json (spawned)', () => {
  it('reports a valid, an invalid, a rejected and an unreadable file in the documented shape', async () => {
    const r = await run(['validate', STANDARD, TAX, REJECTED, MALFORMED, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(keys(report(r.stdout))).toEqual(['results', 'summary']);
    expect(results.map((x) => x.file)).toEqual([STANDARD, TAX, REJECTED, MALFORMED]);

    const [valid, invalid, rejected, unreadable] = results;
    for (const x of [valid, invalid, rejected]) {
      // A document was built of the valid and the invalid one: the rule set that judged it is named.
      expect(keys(x)).toEqual([...RESULT_KEYS, 'position', ...(x === rejected ? [] : ['pintae_findings', 'rule_set'])].sort());
      expect(x.position).toEqual({ line: expect.any(Number), column: expect.any(Number) });
      expect(x.index).toBeNull();
      expect(x.xml).toBeNull();
    }

    expect(valid).toMatchObject({ valid: true, rejected: false });
    expectValidateResponse(valid.response);
    expect(valid.response.data).toMatchObject({ is_valid: true, entity_id: 'ent_al_noor', invoice_number: 'INV-2025-0001', total_errors: 0, errors: [], warnings: [] });
    expect(valid.pintae_findings).toEqual([expect.objectContaining(BEFORE_RULES)]);

    expect(invalid).toMatchObject({ valid: false, rejected: false });
    expectValidateResponse(invalid.response);
    expect(invalid.response.data).toMatchObject({ is_valid: false, entity_id: 'ent_al_noor', invoice_number: 'BAD-TAX-1' });
    expect(invalid.response.data.errors[0].section).toBe('tax');
    expect(invalid.response.message).not.toBe(valid.response.message);

    expect(rejected).toMatchObject({ valid: false, rejected: true });
    expectRejectedResponse(rejected.response);
    expect(rejected.response.errors[0].field).toBe('buyer.legal_registration_type');

    expect(keys(unreadable)).toEqual([...RESULT_KEYS, 'error'].sort());
    expect(unreadable).toMatchObject({ index: null, valid: false, rejected: false, response: null, xml: null });

    expect(keys(summary)).toEqual(['files', 'invalid', 'invoices', 'notes', 'rejected', 'suppressed', 'unreadable', 'valid', 'warnings']);
    expect(summary).toEqual({ files: 4, invoices: 3, valid: 1, invalid: 1, rejected: 1, unreadable: 1, warnings: 0, notes: 2, suppressed: 0 });
  });

  it('total_errors equals errors.length for every invalid fixture', async () => {
    const r = await run(['validate', 'fixtures/invalid', ...ENTITIES, '--entity', UNREGISTERED, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results).toHaveLength(INVALID_FIXTURES.length + 1);
    for (const x of results) {
      if (x.response && 'data' in x.response) {
        expectValidateResponse(x.response);
        expect(x.response.data.total_errors).toBeGreaterThan(0);
      }
    }
    expect(summary.invoices).toBe(summary.valid + summary.invalid + summary.rejected);
    expect(summary).toMatchObject({ files: INVALID_FIXTURES.length + 1, valid: 0, rejected: 1, unreadable: 1 });
  });

  // Issue 24 item 5: stylish wherever standard output goes (as ESLint, tsc and Prettier print); JSON when asked.
  it('is what --format json gives; a pipe without --format gets stylish, uncoloured', async () => {
    const piped = await run(['validate', STANDARD, ...ENTITIES]);
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout).toMatch(/^fixtures\/invoices\/standard\.json\n {2}✔ INV-2025-0001 valid/);
    expect(piped.stdout).toMatch(/\n✔ 1 invoice in 1 file: 1 valid, 0 invalid, 0 rejected/);
    expect(piped.stdout).not.toMatch(/\u001b\[/);
    const json = await run(['validate', STANDARD, ...ENTITIES, '--format', 'json']);
    expect(json.exitCode).toBe(0);
    expect(report(json.stdout).results[0].valid).toBe(true);
  });
});

describe.concurrent('pintae inputs (spawned)', () => {
  it('validates several files in the order given, one result each', async () => {
    const files = ['fixtures/invoices/zero-rated.json', STANDARD, 'fixtures/invoices/exempt.json'];
    const r = await run(['validate', ...files, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => [x.file, x.index, x.valid])).toEqual(files.map((f) => [f, null, true]));
    expect(summary).toMatchObject({ files: 3, invoices: 3, valid: 3 });
  });

  it('searches a directory recursively for *.json and nothing else', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'a.json'), fixture(STANDARD));
    writeFileSync(join(dir, 'nested', 'b.json'), fixture('fixtures/invoices/zero-rated.json'));
    writeFileSync(join(dir, 'nested', 'deeper', 'c.json'), fixture('fixtures/invoices/exempt.json'));
    writeFileSync(join(dir, 'nested', 'readme.txt'), 'not an invoice');
    const r = await run(['validate', dir, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const { results } = report(r.stdout);
    expect(results.map((x) => x.file).sort()).toEqual([
      join(dir, 'a.json'), join(dir, 'nested', 'b.json'), join(dir, 'nested', 'deeper', 'c.json'),
    ].sort());
    expect(results.every((x) => x.valid)).toBe(true);
  });

  it('expands a quoted glob itself', async () => {
    const r = await run(['validate', 'fixtures/invoices/*.json', ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => x.file).sort()).toEqual(VALID_FIXTURES.map((f) => `fixtures/invoices/${f}`));
    expect(summary).toMatchObject({ files: VALID_FIXTURES.length, valid: VALID_FIXTURES.length });
  });

  it('reads - from standard input', async () => {
    const r = await run(['validate', '-', ...ENTITIES, '--format', 'json'], { input: fixture(STANDARD) });
    expect(r.exitCode).toBe(0);
    const { results } = report(r.stdout);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ file: '-', index: null, valid: true });
    expect(results[0].response.data.invoice_number).toBe('INV-2025-0001');
  });

  it('reads - from standard input beside files', async () => {
    const r = await run(['validate', STANDARD, '-', ...ENTITIES, '--format', 'json'], { input: fixture(TAX) });
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results.map((x) => [x.file, x.valid])).toEqual([[STANDARD, true], ['-', false]]);
    expect(results[1].response.data.invoice_number).toBe('BAD-TAX-1');
  });

  it('gives one result per item of a bulk body {"invoices": [...]}, indexed 0..n-1', async () => {
    const dir = tempDir();
    const bulk = join(dir, 'bulk.json');
    writeFileSync(bulk, JSON.stringify({ invoices: [fixtureJson(STANDARD), fixtureJson(TAX), fixtureJson('fixtures/invoices/zero-rated.json')] }, null, 2));
    const r = await run(['validate', bulk, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => [x.file, x.index, x.valid])).toEqual([[bulk, 0, true], [bulk, 1, false], [bulk, 2, true]]);
    expect(results.map((x) => x.response.data.invoice_number)).toEqual(['INV-2025-0001', 'BAD-TAX-1', 'INV-2025-0003']);
    expect(summary).toEqual({ files: 1, invoices: 3, valid: 2, invalid: 1, rejected: 0, unreadable: 0, warnings: 0, notes: 3, suppressed: 0 });
  });

  it('gives one result per item of a top-level array, indexed 0..n-1', async () => {
    const dir = tempDir();
    const array = join(dir, 'array.json');
    writeFileSync(array, JSON.stringify([fixtureJson(STANDARD), fixtureJson(REJECTED)]));
    const r = await run(['validate', array, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => [x.file, x.index, x.valid, x.rejected])).toEqual([[array, 0, true, false], [array, 1, false, true]]);
    expectRejectedResponse(results[1].response);
    expect(summary).toEqual({ files: 1, invoices: 2, valid: 1, invalid: 0, rejected: 1, unreadable: 0, warnings: 0, notes: 1, suppressed: 0 });
  });

  it('reads a bulk body from standard input', async () => {
    const r = await run(['validate', '-', ...ENTITIES, '--format', 'json'], { input: JSON.stringify({ invoices: [fixtureJson(STANDARD), fixtureJson('fixtures/invoices/exempt.json')] }) });
    expect(r.exitCode).toBe(0);
    expect(report(r.stdout).results.map((x) => [x.file, x.index])).toEqual([['-', 0], ['-', 1]]);
  });

  it('locates malformed JSON (line and column) for that file only; the other files go on', async () => {
    const r = await run(['validate', STANDARD, MALFORMED, TAX, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results.map((x) => x.file)).toEqual([STANDARD, MALFORMED, TAX]);
    expect(results[0].valid).toBe(true);
    expect(results[2].response.data.invoice_number).toBe('BAD-TAX-1');
    const bad = results[1];
    expect(bad).toMatchObject({ valid: false, rejected: false, response: null, xml: null });
    // malformed.json line 6: `    { "description": "x", "quantity": 1, }` — the `}` after the trailing comma is column 42.
    expect(bad.error).toMatchObject({ line: 6, column: 42 });
    expect(bad.error!.message.length).toBeGreaterThan(0);
    expect(summary).toMatchObject({ files: 3, invoices: 2, unreadable: 1 });
  });

  it('shows the location of malformed JSON as file:line:column in the stylish format', async () => {
    const r = await run(['validate', MALFORMED, STANDARD, ...ENTITIES, '--format', 'stylish']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain(`${MALFORMED}:6:42:`);
    expect(r.stdout).toMatch(/INV-2025-0001 valid/);
  });

  it('locates an unexpected token at the token, with a one-line message', async () => {
    const dir = tempDir();
    const file = join(dir, 'token.json');
    // line 3, column 21 is the `o` of `oops`
    writeFileSync(file, '{\n  "entity_id": "ent_al_noor",\n  "invoice_number": oops\n}\n');
    const r = await run(['validate', file, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const [result] = report(r.stdout).results;
    expect(result.error).toMatchObject({ line: 3, column: 21 });
    expect(result.error!.message).not.toContain('\n');
  });

  it('reports an empty file as unreadable without stopping the run', async () => {
    const dir = tempDir();
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    const r = await run(['validate', empty, STANDARD, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results[0]).toMatchObject({ file: empty, index: null, valid: false, response: null, xml: null });
    expect(results[0].error!.message).toMatch(/empty/);
    expect(results[1].valid).toBe(true);
    expect(summary).toEqual({ files: 2, invoices: 1, valid: 1, invalid: 0, rejected: 0, unreadable: 1, warnings: 0, notes: 1, suppressed: 0 });
  });

  it('reports a file holding [] as holding no invoices', async () => {
    const dir = tempDir();
    const none = join(dir, 'none.json');
    writeFileSync(none, '[]\n');
    const r = await run(['validate', none, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results, summary } = report(r.stdout);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ file: none, index: null, valid: false, response: null });
    expect(results[0].error!.message).toMatch(/no invoices/);
    expect(summary).toEqual({ files: 1, invoices: 0, valid: 0, invalid: 0, rejected: 0, unreadable: 1, warnings: 0, notes: 0, suppressed: 0 });
  });
});

describe.concurrent('pintae --out-dir (spawned)', () => {
  it('validate writes <input name>.xml for every buildable invoice, valid or not', async () => {
    const out = join(tempDir(), 'out');
    const r = await run(['validate', STANDARD, TAX, REJECTED, WRONG_TYPES, MALFORMED, ...ENTITIES, '--out-dir', out, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results.map((x) => x.xml)).toEqual([join(out, 'standard.xml'), join(out, 'tax.xml'), null, null, null]);
    expect(expectCleanOutDir(out)).toEqual(['standard.xml', 'tax.xml']);
    for (const name of ['standard.xml', 'tax.xml']) expectPintAeXml(join(out, name));
  });

  it('validate writes <name>-<index>.xml for the items of a bulk body and of an array', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    writeFileSync(join(dir, 'bulk.json'), JSON.stringify({ invoices: [fixtureJson(STANDARD), fixtureJson(TAX)] }));
    writeFileSync(join(dir, 'list.json'), JSON.stringify([fixtureJson('fixtures/invoices/exempt.json'), fixtureJson(REJECTED), fixtureJson('fixtures/invoices/zero-rated.json')]));
    const r = await run(['validate', join(dir, 'bulk.json'), join(dir, 'list.json'), ...ENTITIES, '--out-dir', out, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results.map((x) => x.xml)).toEqual([join(out, 'bulk-0.xml'), join(out, 'bulk-1.xml'), join(out, 'list-0.xml'), null, join(out, 'list-2.xml')]);
    expect(expectCleanOutDir(out)).toEqual(['bulk-0.xml', 'bulk-1.xml', 'list-0.xml', 'list-2.xml']);
    for (const name of readdirSync(out)) expectPintAeXml(join(out, name));
  });

  it('validate writes the XML of standard input', async () => {
    const out = join(tempDir(), 'out');
    const r = await run(['validate', '-', ...ENTITIES, '--out-dir', out, '--format', 'json'], { input: fixture(STANDARD) });
    expect(r.exitCode).toBe(0);
    const [result] = report(r.stdout).results;
    expect(result.xml).not.toBeNull();
    expect(expectCleanOutDir(out)).toHaveLength(1);
    expectPintAeXml(result.xml!);
  });

  it('validate does not overwrite the XML of two inputs with the same name', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'a', 'invoice.json'), fixture(STANDARD));
    writeFileSync(join(dir, 'b', 'invoice.json'), fixture('fixtures/invoices/exempt.json'));
    const r = await run(['validate', join(dir, 'a', 'invoice.json'), join(dir, 'b', 'invoice.json'), ...ENTITIES, '--out-dir', out, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const paths = report(r.stdout).results.map((x) => x.xml!);
    expect(new Set(paths).size).toBe(2);
    expect(expectCleanOutDir(out)).toHaveLength(2);
    // standard.json has only S lines, exempt.json an E line: each XML is its own input's
    expect(readFileSync(paths[0], 'utf8')).not.toContain('<cbc:ID>E</cbc:ID>');
    expect(readFileSync(paths[1], 'utf8')).toContain('<cbc:ID>E</cbc:ID>');
  });

  it('build writes only valid invoices and exits 1 naming why for the invalid ones', async () => {
    const out = join(tempDir(), 'out');
    const r = await run(['build', STANDARD, TAX, REJECTED, ...ENTITIES, '--out-dir', out, '--format', 'stylish']);
    expect(r.exitCode).toBe(1);
    expect(expectCleanOutDir(out)).toEqual(['standard.xml']);
    expectPintAeXml(join(out, 'standard.xml'));
    expect(r.stdout).toContain('BAD-TAX-1');
    expect(r.stdout).toMatch(/total_tax/);
    expect(r.stdout).toMatch(/rejected/);
    expect(r.stdout).toMatch(/LICENSE/);
  });

  it('build reports the XML path of valid invoices only in the json format', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    writeFileSync(join(dir, 'bulk.json'), JSON.stringify({ invoices: [fixtureJson(TAX), fixtureJson(STANDARD)] }));
    const r = await run(['build', join(dir, 'bulk.json'), ...ENTITIES, '--out-dir', out, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const { results } = report(r.stdout);
    expect(results.map((x) => x.xml)).toEqual([null, join(out, 'bulk-1.xml')]);
    expect(results[0].response.data.total_errors).toBeGreaterThan(0);
    expect(expectCleanOutDir(out)).toEqual(['bulk-1.xml']);
  });

  it('build exits 0 and writes every file when all are valid', async () => {
    const out = join(tempDir(), 'out');
    const r = await run(['build', 'fixtures/invoices', ...ENTITIES, '--out-dir', out]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const names = expectCleanOutDir(out);
    expect(names).toEqual(VALID_FIXTURES.map((f) => f.replace(/\.json$/, '.xml')));
    for (const name of names) expectPintAeXml(join(out, name));
  });
});

describe.concurrent('pintae determinism (spawned)', () => {
  it('--deterministic twice on the same input gives byte-identical XML', async () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const inputs = [STANDARD, 'fixtures/invoices/usd-with-rate.json', 'fixtures/invoices/mixed-categories.json'];
    const [ra, rb] = await Promise.all([
      run(['build', ...inputs, ...ENTITIES, '--deterministic', '--out-dir', a]),
      run(['build', ...inputs, ...ENTITIES, '--deterministic', '--out-dir', b]),
    ]);
    expect([ra.exitCode, rb.exitCode]).toEqual([0, 0]);
    const names = expectCleanOutDir(a);
    expect(names).toHaveLength(3);
    expect(expectCleanOutDir(b)).toEqual(names);
    for (const name of names) expect(readFileSync(join(a, name)).equals(readFileSync(join(b, name)))).toBe(true);
    const xml = expectPintAeXml(join(a, 'standard.xml'));
    expect(idOf(xml)).toBe(uuidOf(xml));
    expect(uuidOf(xml)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('--deterministic gives the same XML from a file and from standard input', async () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const [ra, rb] = await Promise.all([
      run(['build', STANDARD, ...ENTITIES, '--deterministic', '--out-dir', a]),
      run(['build', '-', ...ENTITIES, '--deterministic', '--out-dir', b], { input: fixture(STANDARD) }),
    ]);
    expect([ra.exitCode, rb.exitCode]).toEqual([0, 0]);
    const [fa] = readdirSync(a);
    const [fb] = readdirSync(b);
    expect(readFileSync(join(a, fa)).equals(readFileSync(join(b, fb)))).toBe(true);
  });

  it('without --deterministic or --uuid each run gets a fresh UUID', async () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    await Promise.all([
      run(['build', STANDARD, ...ENTITIES, '--out-dir', a]),
      run(['build', STANDARD, ...ENTITIES, '--out-dir', b]),
    ]);
    expect(uuidOf(readFileSync(join(a, 'standard.xml'), 'utf8'))).not.toBe(uuidOf(readFileSync(join(b, 'standard.xml'), 'utf8')));
  });

  it('--uuid appears in both cbc:ID and cbc:UUID, and twice gives byte-identical XML', async () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const [ra, rb] = await Promise.all([
      run(['build', STANDARD, ...ENTITIES, '--uuid', FIXED_UUID, '--out-dir', a]),
      run(['validate', STANDARD, ...ENTITIES, '--uuid', FIXED_UUID, '--out-dir', b, '--format', 'json']),
    ]);
    expect([ra.exitCode, rb.exitCode]).toEqual([0, 0]);
    const xml = expectPintAeXml(join(a, 'standard.xml'));
    expect(xml).toContain(`<cbc:ID>${FIXED_UUID}</cbc:ID>`);
    expect(xml).toContain(`<cbc:UUID>${FIXED_UUID}</cbc:UUID>`);
    expect(readFileSync(join(a, 'standard.xml')).equals(readFileSync(join(b, 'standard.xml')))).toBe(true);
  });
});

describe.concurrent('pintae duplicate invoice numbers (spawned)', () => {
  it('warns on the second use of an invoice_number for the same entity in one run, which stays valid', async () => {
    const dir = tempDir();
    const [first, second] = [join(dir, 'first.json'), join(dir, 'second.json')];
    writeFileSync(first, fixture(STANDARD));
    writeFileSync(second, fixture(STANDARD));
    const r = await run(['validate', first, second, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const { results, summary } = report(r.stdout);
    expect(results[0].valid).toBe(true);
    expect(results[0].response.data.warnings).toEqual([]);
    expect(results[0].pintae_findings).toEqual([expect.objectContaining(BEFORE_RULES)]);
    expect(results[1].valid).toBe(true);
    expect(results[1].response.data.is_valid).toBe(true);
    expect(results[1].response.data.errors).toEqual([]);
    // The service's own warning (spec 2.10): a push would get 409.
    expect(results[1].response.data.warnings).toHaveLength(1);
    expect(results[1].response.data.warnings[0].message).toContain('INV-2025-0001');
    expect(typeof results[1].response.data.warnings[0].section).toBe('string');
    expect(summary).toMatchObject({ invoices: 2, valid: 2, invalid: 0 });
  });

  it('does not call two blank invoice_numbers a repeat: each lacks a number, and says so (fuzzing found "invoice_number undefined was already used")', async () => {
    const dir = tempDir();
    const bulk = join(dir, 'blank.json');
    writeFileSync(bulk, JSON.stringify({ invoices: ['   ', ''].map((invoice_number) => ({ ...fixtureJson(STANDARD), invoice_number })) }));
    const r = await run(['validate', bulk, ...ENTITIES, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    for (const result of report(r.stdout).results) {
      expect(result.response.data.errors).toEqual([expect.objectContaining({ message: 'invoice_number is required', field: 'invoice_number' })]);
      expect(result.response.data.warnings).toEqual([]);
    }
  });

  it('does not warn when another entity uses the same invoice_number', async () => {
    const dir = tempDir();
    const [mine, theirs] = [join(dir, 'mine.json'), join(dir, 'theirs.json')];
    writeFileSync(mine, fixture(STANDARD));
    writeFileSync(theirs, JSON.stringify({ ...fixtureJson(STANDARD), entity_id: 'ent_desert_rose' }));
    const r = await run(['validate', mine, theirs, ...ENTITIES, '--entity', UNREGISTERED, '--format', 'json']);
    const { results } = report(r.stdout);
    expect(results[1].response.data.entity_id).toBe('ent_desert_rose');
    expect(results[1].response.data.warnings).toEqual([]);
    expect(results[1].pintae_findings).toEqual([expect.objectContaining(BEFORE_RULES)]);
  });
});

describe.concurrent('pintae stylish format (spawned)', () => {
  it('groups per file and ends with a summary line, without ANSI escapes under NO_COLOR', async () => {
    const dir = tempDir();
    const bulk = join(dir, 'bulk.json');
    writeFileSync(bulk, JSON.stringify({ invoices: [fixtureJson(STANDARD), fixtureJson(TAX)] }));
    const r = await run(['validate', STANDARD, bulk, MALFORMED, REJECTED, ...ENTITIES, '--format', 'stylish']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).not.toMatch(ANSI);
    expect(r.stderr).not.toMatch(ANSI);

    const blocks = r.stdout.trimEnd().split(/\n\s*\n/).map((b) => b.split('\n'));
    const summary = blocks.pop()!;
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatch(/^✖ 4 invoices in 4 files: 2 valid, 1 invalid, 1 rejected, 1 unreadable, 1 warning, 3 notes$/);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(summary[0]);

    // one block per file: the file's path unindented, then its invoices indented
    expect(blocks.map((b) => b[0])).toEqual([STANDARD, bulk, MALFORMED, REJECTED]);
    for (const block of blocks) for (const line of block.slice(1)) expect(line).toMatch(/^\s+\S/);
    expect(blocks[0].join('\n')).toMatch(/INV-2025-0001 valid/);
    expect(blocks[1].join('\n')).toMatch(/\[0\] INV-2025-0001 valid/);
    expect(blocks[1].join('\n')).toMatch(/\[1\] BAD-TAX-1 1 error/);
    expect(blocks[2].join('\n')).toContain(`${MALFORMED}:6:42`);
    expect(blocks[3].join('\n')).toMatch(/rejected/);
  });

  it('ends with an all-valid summary line', async () => {
    const r = await run(['validate', 'fixtures/invoices', ...ENTITIES, '--format', 'stylish']);
    expect(r.exitCode).toBe(0);
    const n = VALID_FIXTURES.length;
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`✔ ${n} invoices in ${n} files: ${n} valid, 0 invalid, 0 rejected, ${n} notes`);
    // Each invoice's status line names the rules that judged its document.
    expect(r.stdout.match(/ valid {2}\(rules builtin-billing 1\.0\.4\)$/gm)).toHaveLength(n);
    expect(r.stdout).not.toMatch(ANSI);
  });

  it('colours only when asked to (FORCE_COLOR, NO_COLOR unset) — the control for the NO_COLOR checks', async () => {
    const r = await run(['validate', STANDARD, TAX, ...ENTITIES, '--format', 'stylish'], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(ANSI);
  });

  it('NO_COLOR wins over FORCE_COLOR', async () => {
    const r = await run(['validate', STANDARD, TAX, ...ENTITIES, '--format', 'stylish'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(r.stdout).not.toMatch(ANSI);
  });
});

describe.concurrent('pintae leaves nothing behind', () => {
  it('a usage error writes no XML, even for the inputs that were fine', async () => {
    const out = join(tempDir(), 'out');
    const r = await run(['validate', STANDARD, 'fixtures/no-such-file.json', ...ENTITIES, '--out-dir', out]);
    expectUsageError(r, /no-such-file\.json/);
    expect(existsSync(out)).toBe(false);
  });

  it('writes no file outside --out-dir', async () => {
    const dir = tempDir();
    const input = join(dir, 'invoice.json');
    writeFileSync(input, fixture(STANDARD));
    const r = await run(['validate', input, ...ENTITIES, '--out-dir', join(dir, 'out'), '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['invoice.json', 'out']);
    expect(existsSync(join(dir, 'out', 'invoice.xml'))).toBe(true);
  });
});

describe('pintae and a reader that stops early (pintae … | head)', () => {
  it('stops quietly when its stdout pipe is closed: no stack trace', async () => {
    // The pipe is closed before pintae writes anything, so its first write meets EPIPE.
    const child = execa('node', [BIN, 'validate', join(FIXTURES, 'invoices'), '--entity', ENTITY, '--rates', RATES, '--format', 'ndjson', '--no-schematron'], { reject: false, env: { NO_COLOR: '1' }, stdout: 'pipe' });
    child.stdout!.destroy();
    const result = await child;
    expect(result.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect([0, 2]).toContain(result.exitCode);
  });
});
