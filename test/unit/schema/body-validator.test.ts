/**
 * The request-body validator `npm run build` generates as standalone code (scripts/build-schema.mjs) against the one
 * ajv compiles at run time from the same schema: the same verdict and the same errors on every fixture and on
 * seeded mutations of them, and a stale module is never used.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureBodies, mutatedFixtures } from '../../helpers/mutations.js';
import { ROOT } from '../../helpers/paths.js';

const DIST = join(ROOT, 'dist/schema');
type Validator = ((body: unknown) => boolean) & { errors?: Array<{ keyword: string; instancePath: string; params: unknown }> | null };
interface BodyValidatorModule {
  STANDALONE_FILE: string;
  bodyValidatorKey(): string;
  compileBodyValidator(): Validator;
  loadBodyValidator(file?: string): Validator;
}
// The built module, as a pintae process loads it: the standalone file lies beside it in dist/ only.
const built = (await import(join(DIST, 'body-validator.js'))) as BodyValidatorModule;
const standaloneFile = join(DIST, built.STANDALONE_FILE);
const require = createRequire(import.meta.url);

const verdict = (validate: Validator, body: unknown) => {
  const valid = validate(body);
  return { valid, errors: (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, params: e.params })) };
};

describe('the standalone request-body validator', () => {
  it('is current: generated from this schema and set-up, so a pintae process uses it', () => {
    const standalone = require(standaloneFile) as Validator & { key: string };
    expect(standalone.key).toBe(built.bodyValidatorKey());
    expect(built.loadBodyValidator()).toBe(standalone);
    expect(readFileSync(standaloneFile, 'utf8')).not.toMatch(/require\("ajv"\)|require\("\.\.?\//);
  });

  it('answers as the validator compiled at run time: fixtures and 1,500 seeded mutations', () => {
    const standalone = require(standaloneFile) as Validator;
    const compiled = built.compileBodyValidator();
    const bodies = [...fixtureBodies(), ...mutatedFixtures(1500, 4242)];
    const amounts = ['1e13', '-9999999999999.99', '.5', '5.', ' 7 ', '0x10', '1e3', '', 'NaN', Infinity, -1e13 + 1, 1e13, true, null, [], {}];
    for (const amount of amounts) bodies.push({ name: `amount ${String(amount)}`, body: { ...fixtureBodies()[0]!.body, line_items: [{ quantity: amount, unit_amount: amount }] } });
    let invalid = 0;
    for (const { name, body } of bodies) {
      const expected = verdict(compiled, body);
      if (!expected.valid) invalid++;
      expect(verdict(standalone, body), name).toEqual(expected);
    }
    expect(invalid).toBeGreaterThan(100);
  });

  it('an amount is a JSON number or a numeric string, of magnitude below 10^13 (spec 2.7; x-decimal)', () => {
    const base = fixtureBodies().find((f) => f.name === 'invoices/standard.json')!.body;
    const line = (base.line_items as Array<Record<string, unknown>>)[0]!;
    const accepts = (amount: unknown) => [built.compileBodyValidator(), require(standaloneFile) as Validator]
      .map((v) => v({ ...base, line_items: [{ ...line, unit_amount: amount }] }));
    for (const good of [10, 0, -2.5, 9999999999999.99, '10', '-1.5', '+3', '.5', '5.', ' 7 ', '9999999999999']) expect(accepts(good), String(good)).toEqual([true, true]);
    for (const bad of [1e13, -1e13, Infinity, NaN, '10000000000000', '1e3', '0x10', '', ' ', 'NaN', '1,5', '--1', true, [], {}]) expect(accepts(bad), JSON.stringify(bad)).toEqual([false, false]);
  });

  it('a module generated from another schema or set-up, missing or damaged, is not used: the schema is compiled instead', () => {
    // Inside the project, where the module's require of ajv-formats resolves.
    mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/pintae-body-'));
    const stale = join(dir, 'stale.cjs');
    writeFileSync(stale, readFileSync(standaloneFile, 'utf8').replace(/module\.exports\.key = "[0-9a-f]+"/, 'module.exports.key = "0"'));
    const validator = built.loadBodyValidator(stale);
    expect(validator).not.toBe(require(stale));
    expect(verdict(validator, { entity_id: 1 }).valid).toBe(false);
    expect(built.loadBodyValidator(join(dir, 'missing.cjs'))).toBeTypeOf('function');
    const damaged = join(dir, 'damaged.cjs');
    writeFileSync(damaged, readFileSync(standaloneFile, 'utf8').slice(0, 2000));
    expect(verdict(built.loadBodyValidator(damaged), { entity_id: 1 }).valid).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
