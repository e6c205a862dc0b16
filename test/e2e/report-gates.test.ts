/**
 * Gates (--fail-severity, --max-warnings), rule overrides and the config file end to end: the real binary spawned
 * (execa) in temporary repositories (a directory holding .git, where the config search stops).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const STANDARD = join(ROOT, 'fixtures/invoices/standard.json');
const HEADER = join(ROOT, 'fixtures/invalid/invoice-header.json');
// The findings these tests gate on come from the rule engine and the run itself (ibr-127-ae, ibr-152-ae, IBT-080, the
// duplicate-number warning); the PINT-AE rules are left out (--no-schematron) to keep each spawn short. The report
// formats tests run with them.
const ENTITIES = ['--entity', ENTITY, '--rates', RATES, '--no-schematron'];
const FAST = ['--no-schematron'];
const STACK = /\n\s+at |\bat .+:\d+:\d+\)?$/m;

const run = (args: string[], cwd = ROOT) => execa('node', [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });
const dirs: string[] = [];
function repo(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-gates-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) { mkdirSync(join(dir, path, '..'), { recursive: true }); writeFileSync(join(dir, path), text); }
  return dir;
}
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** Two copies of a valid invoice in one bulk body: the second gets the duplicate-number warning (spec 2.10), nothing else. */
function twiceValid(dir: string): string {
  const body = JSON.parse(readFileSync(STANDARD, 'utf8'));
  const file = join(dir, 'twice.json');
  writeFileSync(file, JSON.stringify({ invoices: [body, body] }));
  return file;
}

/** The header fixture fails three rules of the engine: ibr-127-ae, ibr-152-ae and IBT-080 (all invoice_header). */
const OVERRIDES = { rules: { 'ibr-127-ae': 'warning', 'ibr-152-ae': 'off', 'ibt-080': 'off' } };

describe.concurrent('gates (spawned)', () => {
  it('warnings pass by default; --fail-severity warning and --max-warnings make them fail', async () => {
    const dir = repo();
    const input = twiceValid(dir);
    const [plain, severity, under, over] = await Promise.all([
      run(['validate', input, ...ENTITIES, '--format', 'json'], dir),
      run(['validate', input, ...ENTITIES, '--format', 'json', '--fail-severity', 'warning'], dir),
      run(['validate', input, ...ENTITIES, '--format', 'json', '--max-warnings', '1'], dir),
      run(['validate', input, ...ENTITIES, '--format', 'json', '--max-warnings', '0'], dir),
    ]);
    expect(JSON.parse(plain.stdout).summary).toMatchObject({ invoices: 2, valid: 2, warnings: 1 });
    expect([plain.exitCode, severity.exitCode, under.exitCode, over.exitCode]).toEqual([0, 1, 0, 1]);
  });

  it('refuses a bad gate value with exit 2 and a one-line message', async () => {
    const r = await run(['validate', STANDARD, ...ENTITIES, '--max-warnings', 'many']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('pintae: --max-warnings many: give a whole number, 0 or more');
  });
});

describe.concurrent('rule overrides from the config file (spawned)', () => {
  it('relaxed and silenced rules change pintae\'s verdict, and the report says so', async () => {
    const dir = repo({ 'pintae.config.json': JSON.stringify(OVERRIDES) });
    const r = await run(['validate', HEADER, ...ENTITIES, '--format', 'json'], dir);
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.overrides).toEqual([
      { rule: 'ibr-127-ae', level: 'warning', applied: 1 }, { rule: 'ibr-152-ae', level: 'off', applied: 1 }, { rule: 'ibt-080', level: 'off', applied: 1 },
    ]);
    const [result] = doc.results;
    expect(result.valid).toBe(true);
    expect(result.response.data).toMatchObject({ is_valid: true, total_errors: 0, errors: [] });
    expect(result.response.data.warnings).toEqual([expect.objectContaining({ rule: 'ibr-127-ae', field: 'due_date', overridden: { from: 'error', to: 'warning' } })]);
    expect(result.suppressed.map((f: any) => [f.rule, f.overridden.to])).toEqual([['ibr-152-ae', 'off'], ['IBT-080', 'off']]);
    expect(doc.summary).toMatchObject({ valid: 1, invalid: 0, warnings: 1, suppressed: 2 });
  });

  it('shows the overrides in stylish too; the relaxed warning fails under --fail-severity warning; --no-config restores the errors', async () => {
    const dir = repo({ 'pintae.config.json': JSON.stringify(OVERRIDES) });
    const [stylish, strict, none] = await Promise.all([
      run(['validate', HEADER, ...ENTITIES, '--format', 'stylish'], dir),
      run(['validate', HEADER, ...ENTITIES, '--format', 'json', '--fail-severity', 'warning'], dir),
      run(['validate', HEADER, ...ENTITIES, '--format', 'json', '--no-config'], dir),
    ]);
    expect(stylish.exitCode).toBe(0);
    expect(stylish.stdout.split('\n')[0]).toBe('rule overrides in force (config file): ibr-127-ae → warning, ibr-152-ae → off, ibt-080 → off');
    expect(stylish.stdout).toContain('1 warning, 2 findings turned off by rule overrides');
    expect(strict.exitCode).toBe(1);
    expect(none.exitCode).toBe(1);
    expect(JSON.parse(none.stdout).results[0].response.data.total_errors).toBe(3);
    expect(JSON.parse(none.stdout).overrides).toBeUndefined();
  });

  it('build writes the XML of an invoice valid by pintae\'s verdict, and exits 0 with it', async () => {
    const dir = repo({ 'pintae.config.json': JSON.stringify(OVERRIDES) });
    const [relaxed, strict] = await Promise.all([
      run(['build', HEADER, ...ENTITIES, '--out-dir', join(dir, 'relaxed'), '--format', 'json'], dir),
      run(['build', HEADER, ...ENTITIES, '--out-dir', join(dir, 'strict'), '--format', 'json', '--no-config'], dir),
    ]);
    expect(relaxed.exitCode).toBe(0);
    expect(readdirSync(join(dir, 'relaxed'))).toEqual(['invoice-header.xml']);
    expect(JSON.parse(relaxed.stdout).results[0].xml).toBe(join(dir, 'relaxed/invoice-header.xml'));
    expect(strict.exitCode).toBe(1);
    expect(readdirSync(join(dir, 'strict'))).toEqual([]);
  });
});

describe.concurrent('the config file (spawned)', () => {
  it('is found upward from the working directory; its paths are relative to it; its format applies; the command line wins', async () => {
    const dir = repo({
      'pintae.config.json': JSON.stringify({ entity: 'data/entity.json', rates: 'data/rates.csv', format: 'junit' }),
      'invoices/deep/.keep': '',
    });
    mkdirSync(join(dir, 'data'), { recursive: true });
    copyFileSync(ENTITY, join(dir, 'data/entity.json'));
    copyFileSync(RATES, join(dir, 'data/rates.csv'));
    copyFileSync(join(FIXTURES, 'invoices/standard.json'), join(dir, 'invoices/deep/standard.json'));
    const cwd = join(dir, 'invoices/deep');
    const [fromConfig, overridden] = await Promise.all([run(['validate', 'standard.json', ...FAST], cwd), run(['validate', 'standard.json', '--format', 'json', ...FAST], cwd)]);
    expect(fromConfig.exitCode).toBe(0);
    expect(fromConfig.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="pintae" tests="1" failures="0" errors="0">/);
    expect(overridden.exitCode).toBe(0);
    expect(JSON.parse(overridden.stdout).results[0].valid).toBe(true);
  });

  it('--config names one explicitly (any name); .pintaerc.json is found like pintae.config.json', async () => {
    const dir = repo({ 'ci/strict.json': '{"failSeverity": "warning"}', 'sub/.pintaerc.json': '{"maxWarnings": 0}' });
    const input = twiceValid(dir);
    const [named, rc] = await Promise.all([
      run(['validate', input, ...ENTITIES, '--format', 'json', '--config', 'ci/strict.json'], dir),
      run(['validate', input, ...ENTITIES, '--format', 'json'], join(dir, 'sub')),
    ]);
    expect(named.exitCode).toBe(1);
    expect(rc.exitCode).toBe(1);
  });

  it('an unknown key or a wrong type is a located usage error: exit 2, file:line:column, no stack trace', async () => {
    const dir = repo({ 'pintae.config.json': '{\n  "format": "json",\n  "failseverity": "warning",\n  "maxWarnings": "10"\n}\n' });
    const r = await run(['validate', STANDARD, ...ENTITIES], dir);
    expect(r.exitCode).toBe(2);
    const file = join(dir, 'pintae.config.json');
    expect(r.stderr.split('\n')).toEqual([
      `pintae: ${file}:3:3: unknown key "failseverity" (known keys: entity, rates, ruleSet, format, failSeverity, lang, maxWarnings, rules, baseUrl, tdd)`,
      `${file}:4:18: maxWarnings must be a whole number`,
    ]);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toBe('');
  });
});
