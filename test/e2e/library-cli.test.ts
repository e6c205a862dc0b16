/**
 * The library answers what the CLI answers (issue 12 item 7): `createValidator` imported by the package's own name
 * (its exports map), against the real binary spawned on every fixture — validate of every request, check of every
 * document built from them, and both again with rule overrides from a config file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Validator, ValidatorResult } from '../../dist/index.js';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

const TODAY = '2026-11-22';
const fixtureFiles = ['invoices', 'invalid'].flatMap((d) => readdirSync(join(FIXTURES, d)).filter((f) => f.endsWith('.json')).sort().map((f) => join(FIXTURES, d, f)));

interface CliResult { file: string; valid: boolean; rejected: boolean; response: unknown; error?: { message: string; line?: number; column?: number }; position?: unknown; suppressed?: unknown; xml: string | null }
async function cli(args: string[]): Promise<CliResult[]> {
  const { stdout, exitCode, stderr } = await execa('node', [BIN, ...args, '--format', 'json'], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
  expect([0, 1], stderr).toContain(exitCode);
  return (JSON.parse(stdout) as { results: CliResult[] }).results;
}

/** What of a result both give: the verdict, the service's answer (positions included), the reading error, the overrides' effect. */
const comparable = (r: CliResult | ValidatorResult) => ({
  valid: r.valid, rejected: r.rejected, response: r.response, error: r.error ?? null, position: r.position ?? null, suppressed: r.suppressed ?? null,
  rule_set: (r as { rule_set?: unknown }).rule_set ?? null,
  // What check read (invoice, credit_note, tdd, other): the CLI's report says it, and so does check()'s result (qalib).
  document: (r as { document?: unknown }).document ?? null,
  pintae_findings: (r as { pintae_findings?: unknown }).pintae_findings ?? null,
});

describe('library and CLI', () => {
  let dir: string;
  let createValidator: (typeof import('../../dist/index.js'))['createValidator'];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pintae-lib-'));
    // By the package's name: the exports map is what a user's import goes through.
    ({ createValidator } = await import('pintae' as string) as typeof import('../../dist/index.js'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const options = { entity: ENTITY, rates: RATES, today: TODAY, deterministic: true };
  const cliOptions = ['--entity', ENTITY, '--rates', RATES, '--today', TODAY, '--deterministic'];

  for (const overrides of [false, true]) {
    const title = overrides ? ', with rule overrides from a config file' : '';
    it(`agree on validate and check of every fixture${title}`, async () => {
      const config = join(dir, `config-${overrides}.json`);
      const rules = { 'ibr-132-ae': 'warning', 'ibr-127-ae': 'off', 'aligned-ibrp-s-09': 'warning' } as const;
      writeFileSync(config, JSON.stringify(overrides ? { rules } : {}));
      const validator: Validator = await createValidator({ ...options, ...(overrides ? { config } : {}) });

      const xmlDir = join(dir, `xml-${overrides}`);
      const validated = await cli(['validate', ...fixtureFiles, ...cliOptions, '--config', config, '--out-dir', xmlDir]);
      expect(validated).toHaveLength(fixtureFiles.length);
      validated.forEach((c, i) => {
        const lib = validator.validate(readFileSync(fixtureFiles[i]!, 'utf8'));
        expect(comparable(lib), c.file).toEqual(comparable(c));
        if (c.xml !== null || lib.xml !== null) expect(lib.xml, c.file).toBe(readFileSync(join(xmlDir, `${basename(c.file, '.json')}.xml`), 'utf8'));
      });

      const built = readdirSync(xmlDir).filter((f) => f.endsWith('.xml')).sort().map((f) => join(xmlDir, f));
      expect(built.length).toBeGreaterThanOrEqual(12);
      const checked = await cli(['check', ...built, '--config', config]);
      checked.forEach((c, i) => expect(comparable(validator.check(readFileSync(built[i]!))), c.file).toEqual(comparable(c)));
      // Both name the rule set that judged each document (issue 13 item 2).
      expect(checked.every((c) => (c as { rule_set?: { name: string } }).rule_set?.name === 'builtin-billing')).toBe(true);
      if (overrides) expect(validated.some((r) => r.suppressed)).toBe(true);
    });
  }

  it('gives an object the same answer as its JSON text, but for the positions', async () => {
    const validator = await createValidator({ ...options, ruleSet: 'builtin' });
    for (const file of fixtureFiles) {
      const text = readFileSync(file, 'utf8');
      let body: unknown;
      try { body = JSON.parse(text); } catch { continue; }
      const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'line' || k === 'column' || k === 'position' ? undefined : x)));
      expect(strip(comparable(validator.validate(body))), file).toEqual(strip(comparable(validator.validate(text))));
    }
  });

  it('refuses several invoices in validate, and takes them in validateMany as one CLI run does', async () => {
    const validator = await createValidator({ ...options, ruleSet: false });
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    expect(() => validator.validate([body, body])).toThrow(/validateMany/);
    expect(() => validator.validate(JSON.stringify({ invoices: [body] }))).toThrow(/validateMany/);
    const file = join(dir, 'two.json');
    writeFileSync(file, JSON.stringify({ invoices: [body, body] }, null, 2));
    const viaCli = await cli(['validate', file, ...cliOptions, '--no-schematron', '--no-config']);
    const viaText = validator.validateMany(readFileSync(file, 'utf8'));
    expect(viaText.map(comparable)).toEqual(viaCli.map(comparable));
    const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'line' || k === 'column' || k === 'position' ? undefined : x)));
    expect(strip(validator.validateMany([body, body]).map(comparable))).toEqual(strip(viaCli.map(comparable)));
    expect(viaText[1]!.response && 'data' in viaText[1]!.response ? viaText[1]!.response.data.warnings.length : 0).toBe(1);
  });

  it('refuses what the CLI refuses, in the same words (issue 22)', async () => {
    const unknownId = join(dir, 'unknown-id.json');
    writeFileSync(unknownId, '{\n  "rules": {\n    "ibr-127-a": "off"\n  }\n}\n');
    const cases: Array<[string[], Record<string, unknown>]> = [
      [['--today', 'not-a-date'], { today: 'not-a-date' }],
      [['--rule-timeout', '0'], { ruleTimeout: 0 }],
      [['--line-amounts', 'x'], { lineAmounts: 'x' }],
      [['--uuid', 'x'], { uuid: 'x' }],
      [['--config', unknownId], { config: unknownId }],
    ];
    const file = join(FIXTURES, 'invoices/standard.json');
    // The CLI names --flag-name where the library names flagName, after the function it was given to.
    const camel = (text: string) => text.replace(/^--([a-z-]+)/, (_, flag: string) => flag.replace(/-([a-z])/g, (__, c: string) => c.toUpperCase()));
    for (const [flags, option] of cases) {
      const r = await execa('node', [BIN, 'validate', file, '--entity', ENTITY, '--rates', RATES, ...(flags[0] === '--config' ? [] : ['--no-config']), ...flags], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
      expect(r.exitCode, flags.join(' ')).toBe(2);
      const said = r.stderr.trim().replace(/^pintae: /, '');
      const thrown = await createValidator({ entity: ENTITY, rates: RATES, ...option }).then(() => undefined, (e: Error) => e);
      expect(thrown, flags.join(' ')).toBeInstanceOf(flags[0] === '--rule-timeout' ? RangeError : TypeError);
      expect(thrown!.message.replace(/^createValidator: /, ''), flags.join(' ')).toBe(camel(said));
    }
  });
});
