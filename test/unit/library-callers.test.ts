/**
 * The library as an ERP's code calls it (qalib; docs/decisions.md "The library as its callers meet it (qalib)"):
 * bytes in the forms Node and fetch hand them over, objects read once and as JSON would carry them to the service,
 * and whatever a caller's getter or Proxy throws said as a TypeError, never passed on as a non-Error.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createValidator, type Validator, type ValidatorResult } from '../../dist/validator.js';
import { parseRates } from '../../dist/io/rates.js';
import { createServer } from '../../dist/serve/index.js';
import { ENTITY, FIXTURES, RATES } from '../helpers/paths.js';

const text = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');
const body = () => JSON.parse(text) as Record<string, unknown>;
/** A result without the positions that only text gives. */
const unplaced = (r: ValidatorResult) => JSON.parse(JSON.stringify({ ...r, position: undefined }, (k, v: unknown) => (k === 'line' || k === 'column' ? undefined : v)));
const thrown = (f: () => unknown): unknown => { try { f(); } catch (e) { return e; } return 'returned'; };

let v: Validator;
beforeAll(async () => { v = await createValidator({ entity: ENTITY, rates: RATES, today: '2026-11-22', deterministic: true, ruleSet: false }); });

describe('bytes, in every form they come in', () => {
  it('an ArrayBuffer (fetch\'s arrayBuffer()) and a DataView are the bytes they hold, as a Buffer is', () => {
    const bytes = new TextEncoder().encode(text);
    const expected = v.validate(Buffer.from(bytes));
    expect(expected.valid).toBe(true);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect(v.validate(arrayBuffer)).toEqual(expected);
    // A view of part of a larger buffer: only its own bytes.
    const larger = new Uint8Array(bytes.length + 8);
    larger.set(bytes, 4);
    expect(v.validate(new DataView(larger.buffer, 4, bytes.length))).toEqual(expected);
    expect(v.validateMany(arrayBuffer)).toEqual([expected]);
  });

  it('check and tdd take an ArrayBuffer of XML', () => {
    const xml = v.validate(text).xml!;
    const bytes = new TextEncoder().encode(xml);
    const fromBuffer = v.check(Buffer.from(bytes));
    expect(fromBuffer.valid).toBe(true);
    expect(v.check(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))).toEqual(fromBuffer);
    const parties = { receiver: '0242:000773', representative: '0242:000001', transportId: '22222222-3333-4444-5555-666666666666', issued: '2025-03-10T09:30:00+04:00' };
    expect(v.tdd(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), parties)).toEqual(v.tdd(xml, parties));
  });
});

describe('an object is read once, as JSON carries it', () => {
  it('a property set to undefined is absent, as in the JSON sent: no unknown-field warning the service would never see', () => {
    const given = { ...body(), buyer_email: undefined, notes: undefined };
    expect(unplaced(v.validate(given))).toEqual(unplaced(v.validate(JSON.stringify(given))));
    expect(v.validate(given).pintae_findings ?? []).toEqual([]);
  });

  it('each value is read once: a getter is not asked again between the checks and the document built', () => {
    let reads = 0;
    const given = body();
    Object.defineProperty(given, 'date', { enumerable: true, get: () => (++reads === 1 ? '2025-03-10' : '2025-03-1') });
    const result = v.validate(given);
    expect(reads).toBe(1);
    expect(result.valid).toBe(true);
    expect(result.xml).toContain('<cbc:IssueDate>2025-03-10</cbc:IssueDate>');
  });

  it('a key "__proto__" (JSON.parse makes one) stays a key', () => {
    const given = JSON.parse(text.replace('{', '{"__proto__": {"x": 1},')) as object;
    expect(unplaced(v.validate(given))).toEqual(unplaced(v.validate(text.replace('{', '{"__proto__": {"x": 1},'))));
  });
});

describe('what JSON cannot carry is refused as JSON.stringify refuses it', () => {
  it('a value that holds itself: a TypeError at the place it does', () => {
    const given = body();
    (given.line_items as Array<Record<string, unknown>>)[1]!.again = given;
    const e = thrown(() => v.validate(given));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toBe('validate: the value given holds itself at line_items[1].again (a circular structure): JSON cannot carry it to the service');
  });

  it('an object shared so often that JSON would never end: a RangeError, at once', () => {
    let shared: Record<string, unknown> = { name: 'x' };
    for (let i = 0; i < 40; i++) shared = { left: shared, right: shared };
    const e = thrown(() => v.validate({ ...body(), buyer: shared }));
    expect(e).toBeInstanceOf(RangeError);
    expect((e as Error).message).toBe('validate: the value given holds more than 2,000,000 values as JSON would carry it (an object used in several places counts each time)');
  });

  it('an object used twice is judged twice, and nesting past the limit as its JSON text is', () => {
    const given = body();
    const line = (given.line_items as unknown[])[0];
    given.line_items = [line, line];
    expect(unplaced(v.validate(given))).toEqual(unplaced(v.validate(JSON.stringify(given))));
    let deep: unknown = {};
    for (let i = 0; i < 200; i++) deep = { deeper: deep };
    const nested = { ...body(), buyer: deep };
    expect(unplaced(v.validate(nested))).toEqual(unplaced(v.validate(JSON.stringify(nested))));
    expect(JSON.stringify(v.validate(nested).response)).toContain('nested more than 64 levels deep');
  });
});

describe('what a caller\'s getter or Proxy throws is said, as a TypeError', () => {
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['validate: a getter throwing a string', () => v.validate({ ...body(), get date() { throw 'no date'; } }), /^validate: the value given could not be read at date: reading it threw "no date"$/],
    ['validate: a getter in a line throwing an Error', () => v.validate({ ...body(), line_items: [{ get quantity() { throw new Error('lazy load failed'); } }] }), /^validate: the value given could not be read at line_items\[0\]\.quantity: reading it threw lazy load failed$/],
    ['validate: a Proxy whose keys throw a number', () => v.validate(new Proxy({}, { ownKeys() { throw 7; } })), /^validate: the value given could not be read: reading it threw 7$/],
    ['validate: a revoked Proxy', () => { const p = Proxy.revocable({}, {}); p.revoke(); return v.validate(p.proxy); }, /^validate: the value given could not be read: reading it threw .*revoked/],
    ['validateMany: an invoice of the list throwing', () => v.validateMany([body(), { get entity_id() { throw null; } }]), /^validateMany: the value given could not be read at \[1\]\.entity_id: reading it threw null$/],
    ['tdd: options throwing', () => v.tdd(body(), { get type() { throw 'x'; } } as never), /^tdd: the options given could not be read at type: reading it threw "x"$/],
    ['createServer: options throwing', () => createServer({ get workers() { throw 'x'; } } as never), /^createServer: the options given could not be read at workers: reading it threw "x"$/],
  ];
  it.each(cases)('%s', (_, call, said) => {
    const e = thrown(call);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(said);
    expect((e as Error).cause).toBeDefined();
  });

  it('createValidator: options throwing reject the promise with a TypeError', async () => {
    const e = await createValidator({ get entity() { throw 'x'; } } as never).then(() => 'resolved', (x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toBe('createValidator: the options given could not be read at entity: reading it threw "x"');
  });
});

describe('today, for a validator that lives for days', () => {
  afterEach(() => { vi.useRealTimers(); });
  const usd = () => ({ ...JSON.parse(readFileSync(join(FIXTURES, 'invoices/usd-without-rate.json'), 'utf8')), date: '2026-03-10', due_date: '2026-04-10' });
  const rates = parseRates('date,currency,rate\n2026-03-09,USD,3.6725\n2026-03-10,USD,3.6725\n', 'rates.csv');

  it('is the day of each call, as the service\'s is: an invoice dated after the validator was made finds its rate', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-09T12:00:00Z'));
    const made = await createValidator({ entity: ENTITY, rates, ruleSet: false });
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
    const result = made.validate(usd());
    expect(result.response && 'data' in result.response ? result.response.data.errors : undefined).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('stays the day given when one is given (the CLI\'s --today)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
    const fixed = await createValidator({ entity: ENTITY, rates, ruleSet: false, today: '2026-03-09' });
    const result = fixed.validate(usd());
    expect(result.valid).toBe(false);
    expect(result.response && 'data' in result.response ? result.response.data.errors.map((e) => e.message).join() : '').toMatch(/no Central Bank rate on 2026-03-10/);
  });
});

describe('the embedded service and its caller\'s callbacks', () => {
  it('a log function that throws loses its line, never the server: no unhandled rejection, the fault told to onWarning', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => { rejections.push(reason); };
    process.on('unhandledRejection', onRejection);
    const warnings: string[] = [];
    const server = createServer({ workers: 1, ruleSet: false, log: () => { throw 'disk full'; }, onWarning: (w) => warnings.push(w) });
    try {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const { port } = server.address() as { port: number };
      for (let i = 0; i < 2; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await new Promise((r) => setImmediate(r));
    } finally {
      await server.drain(1000);
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
    expect(warnings).toEqual(Array(2).fill('pintae serve: the log function threw ("disk full"); that request\'s log line is lost, the server goes on'));
  });
});
