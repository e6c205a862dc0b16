/**
 * Issue 22 item 9: the library checks its arguments as the CLI checks its options. Every option of createValidator
 * and every argument of its methods: a TypeError (a RangeError for a number out of range) with a plain sentence
 * naming the function and the option, never "Cannot read properties of null" or "bytes is not iterable".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createValidator, type Validator, type ValidatorOptions, type ValidatorResult } from '../../dist/validator.js';
import { ENTITY, FIXTURES, RATES } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-lib-args-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const configFile = (name: string, text: string) => { const file = join(dir, name); writeFileSync(file, text); return file; };
const base: ValidatorOptions = { entity: ENTITY, rates: RATES, today: '2026-11-22', ruleSet: false, config: false };
const refused = (options: unknown) => createValidator(options as ValidatorOptions).then(() => { throw new Error('accepted'); }, (e: Error) => e);

describe('createValidator refuses what the CLI refuses', () => {
  const typeErrors: Array<[string, unknown, RegExp]> = [
    ['null', null, /^createValidator: options must be an object, as \{ entity, rates, ruleSet \} \(got null\)$/],
    ['a number', 42, /options must be an object, .*\(got 42\)$/],
    ['an array', [], /options must be an object, .*\(got an array\)$/],
    ['an unknown option', { ...base, ruleset: 'builtin' }, /^createValidator: unknown option "ruleset" \(did you mean ruleSet or rules\?\); the options are entity, entities, rates,/],
    ['an unknown rule id', { ...base, rules: { 'ibr-127-a': 'off' } }, /^createValidator: rules: "ibr-127-a" is not a rule id pintae knows \(closest: ibr-127-ae/],
    ['a level "loud"', { ...base, rules: { 'ibr-127-ae': 'loud' } }, /^createValidator: rules\.ibr-127-ae must be one of "error", "warning", "info", "off" \(got "loud"\)$/],
    ['rules that are no object', { ...base, rules: 'ibr-127-ae' }, /^createValidator: rules must be an object of rule id and level/],
    ['rates: 42', { ...base, rates: 42 }, /^createValidator: rates must be a rate-table file \(JSON or CSV\) or a table from loadRates or parseRates \(got 42\)$/],
    ['today: "not-a-date"', { ...base, today: 'not-a-date' }, /^createValidator: today not-a-date: give a calendar date as YYYY-MM-DD$/],
    ['today: 2026-02-30', { ...base, today: '2026-02-30' }, /today 2026-02-30: give a calendar date/],
    ['today as a Date', { ...base, today: new Date() }, /^createValidator: today must be a date as YYYY-MM-DD \(got an object\)$/],
    ['ruleSet: true', { ...base, ruleSet: true }, /^createValidator: ruleSet must be builtin, a rule set added with pintae rules add, a path, or false for none \(got true\)$/],
    ['entity: 42', { ...base, entity: 42 }, /^createValidator: entity must be a file path or a list of file paths \(got 42\)$/],
    ['entity: []', { ...base, entity: [] }, /entity must be a file path or a list of file paths \(got an array\)/],
    ['entities: {}', { ...base, entities: {} }, /^createValidator: entities must be a list of entity records \(got an object\)$/],
    ['an entity record without entity_id', { ...base, entities: [{ company_name: 'X' }] }, /^createValidator: entities\[0\]: the entity record has no entity_id$/],
    ['an entity record that is null', { ...base, entities: [null] }, /^createValidator: entities\[0\]: an entity must be a JSON object$/],
    ['lineAmounts: "x"', { ...base, lineAmounts: 'x' }, /^createValidator: lineAmounts x: choose aed or document$/],
    ['deterministic: "yes"', { ...base, deterministic: 'yes' }, /^createValidator: deterministic must be true or false \(got "yes"\)$/],
    ['onWarning: "loud"', { ...base, onWarning: 'loud' }, /^createValidator: onWarning must be a function taking the warning's words \(got "loud"\)$/],
    ['uuid: 7', { ...base, uuid: 7 }, /^createValidator: uuid must be a UUID/],
    ['uuid: "x"', { ...base, uuid: 'x' }, /^createValidator: uuid x: not a UUID/],
    ['a cwd that is not there', { ...base, cwd: join(dir, 'nowhere') }, /^createValidator: cwd .*nowhere: no such directory$/],
    ['config: 42', { ...base, config: 42 }, /^createValidator: config must be a config file path, or true/],
    ['a config file that is not there', { ...base, config: join(dir, 'none.json') }, /^createValidator: config .*none\.json: no such file$/],
    ['tdd: "0242:1"', { ...base, tdd: '0242:1' }, /^createValidator: tdd must be an object/],
    ['tdd with a receiver under another scheme', { ...base, tdd: { receiver: '0235:1' } }, /^createValidator: tdd\.receiver 0235:1: the scheme must be 0242/],
    ['tdd with an unknown party', { ...base, tdd: { reciever: '0242:1' } }, /^createValidator: tdd: unknown option "reciever" \(did you mean receiver\?\)/],
    ['ruleTimeout: "soon"', { ...base, ruleTimeout: 'soon' }, /^createValidator: ruleTimeout must be a number \(got "soon"\)$/],
  ];
  it.each(typeErrors)('%s: a TypeError', async (_, options, message) => {
    const e = await refused(options);
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(message);
  });

  it.each([
    [{ ruleTimeout: 0 }, /^createValidator: ruleTimeout 0: a number from 0\.1 to 86400$/],
    [{ ruleMemory: 1 }, /^createValidator: ruleMemory 1: a number from 64 to 65536$/],
  ])('%o: a RangeError', async (options, message) => {
    const e = await refused({ ...base, ...options });
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toMatch(message);
  });

  it('a config file the CLI refuses: a TypeError located at the key, in the CLI\'s words', async () => {
    const unknownId = configFile('unknown-id.json', '{\n  "rules": {\n    "ibr-127-a": "off"\n  }\n}\n');
    const e = await refused({ ...base, config: unknownId });
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(new RegExp(`^createValidator: ${unknownId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:5: rules: "ibr-127-a" is not a rule id pintae knows \\(closest: ibr-127-ae`));
    const loud = configFile('loud.json', '{ "rules": { "ibr-127-ae": "loud" } }');
    expect((await refused({ ...base, config: loud })).message).toMatch(/^createValidator: .*loud\.json:1:28: rules\.ibr-127-ae must be one of "error", "warning", "info", "off"$/);
    const broken = configFile('broken.json', '{ "rules": ');
    expect(await refused({ ...base, config: broken })).toBeInstanceOf(TypeError);
  });

  it('takes what it took: the options by their names, absent ones, rules and a config file pintae knows', async () => {
    const good = configFile('good.json', JSON.stringify({ rules: { 'IBR-127-AE': 'warning' } }));
    await expect(createValidator({ ...base, config: good, rules: { 'ibr-132-ae': 'off' }, uuid: undefined, tdd: { receiver: '000773' } })).resolves.toBeDefined();
    await expect(createValidator()).resolves.toBeDefined();
  });
});

describe('its methods refuse what they cannot take', () => {
  let validator: Validator;
  let xml: string;
  beforeAll(async () => {
    validator = await createValidator({ ...base, deterministic: true, tdd: { receiver: '0242:000773', representative: '0242:000001' } });
    xml = validator.validate(JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'))).xml!;
  });

  const calls: Array<[string, (v: Validator) => unknown, RegExp]> = [
    ['check(undefined)', (v) => v.check(undefined as unknown as string), /^check: takes one XML document: text, or bytes \(a Uint8Array, a Buffer or an ArrayBuffer\) \(got undefined\)$/],
    ['check(42)', (v) => v.check(42 as unknown as string), /^check: takes one XML document.*\(got 42\)$/],
    ['check(null)', (v) => v.check(null as unknown as string), /\(got null\)$/],
    ['check({})', (v) => v.check({} as unknown as string), /\(got an object\)$/],
    ['validate(undefined)', (v) => v.validate(undefined), /^validate: takes one invoice request: an object, or JSON text or bytes \(got undefined\)$/],
    ['validate(null)', (v) => v.validate(null), /^validate: takes one invoice request.*\(got null\)$/],
    ['validate(42)', (v) => v.validate(42), /\(got 42\)$/],
    ['validateMany(undefined)', (v) => v.validateMany(undefined), /^validateMany: takes invoice requests: JSON text or bytes, an object, a bulk body \{ invoices: \[\.\.\.\] \} or an array \(got undefined\)$/],
    ['validateMany(true)', (v) => v.validateMany(true), /\(got true\)$/],
    ['tdd(undefined)', (v) => v.tdd(undefined), /^tdd: takes one invoice: UBL XML \(text or bytes\), or an invoice request \(an object, or JSON text\) \(got undefined\)$/],
    ['tdd(xml, null)', (v) => v.tdd(xml, null as unknown as undefined), /^tdd: options must be an object, as \{ type: 'S', role: 'sender' \} \(got null\)$/],
    ['tdd(xml, { tpye })', (v) => v.tdd(xml, { tpye: 'S' } as never), /^tdd: unknown option "tpye" \(did you mean type\?\)/],
    ['tdd(xml, { type: 5 })', (v) => v.tdd(xml, { type: 5 } as never), /^tdd: type must be a string \(got 5\)$/],
    ['tdd(xml, { type: "X" })', (v) => v.tdd(xml, { type: 'X' } as never), /^tdd: type X: choose S, R, W, F/],
  ];
  it.each(calls)('%s: a TypeError in words', (_, call, message) => {
    let error: unknown;
    try { call(validator); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
  });

  it('still takes what it took', () => {
    expect(validator.check(xml).valid).toBe(true);
    expect(validator.check(Buffer.from(xml)).valid).toBe(true);
    expect(validator.validate(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')).valid).toBe(true);
    expect(validator.validateMany([]).length + validator.validateMany({ invoices: [] }).length).toBe(0);
    expect(validator.tdd(xml, { transportId: '22222222-3333-4444-5555-666666666666', issued: '2025-02-06T08:00:00+04:00' }).ok).toBe(true);
  });
});

/** A result's validate response (spec 4.1); fails the test for a rejection or no response. */
function dataOf(r: ValidatorResult) {
  if (!r.response || !('data' in r.response)) throw new Error(`expected a validate response, got ${JSON.stringify(r.response)}`);
  return r.response.data;
}

describe('validateMany and blank invoice numbers', () => {
  it('two blank invoice_numbers are two invoices without a number, not a repeat (as objects and as text)', async () => {
    const validator = await createValidator(base);
    const invoice = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    const blanks = ['   ', ''].map((invoice_number) => ({ ...invoice, invoice_number }));
    for (const results of [validator.validateMany(blanks), validator.validateMany(JSON.stringify({ invoices: blanks }))]) {
      expect(results).toHaveLength(2);
      for (const r of results) {
        expect(dataOf(r).errors.map((e) => e.message)).toContain('invoice_number is required');
        expect(dataOf(r).warnings).toEqual([]);
      }
    }
    // A number repeated is still a repeat.
    const twice = validator.validateMany([invoice, invoice]);
    expect(dataOf(twice[1]!).warnings.map((w) => w.message)).toEqual([expect.stringMatching(/was already used for entity/)]);
  });
});
