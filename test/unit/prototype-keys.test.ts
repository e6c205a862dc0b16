/**
 * Issue 11, class "prototype keys": keys named __proto__, constructor or prototype are plain data everywhere, and
 * text that names a member of Object.prototype ("constructor", "toString", "__proto__") is only text. JSON.parse
 * makes `__proto__` an own key; a copy by assignment (`out[k] = v`) turned it into the prototype of the copy, so
 * `{"__proto__": <a valid invoice>}` was reported valid though the body has no field of its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateInvoice } from '../../src/pipeline.js';
import { toEntity, loadEntityFile } from '../../src/io/entities.js';
import { parseRates } from '../../src/io/rates.js';
import { readConfig } from '../../src/config/load.js';
import { Ledger } from '../../src/batch/ledger.js';
import { Store } from '../../src/sandbox/store.js';
import { entityFields } from '../../src/cli/commands/entities.js';
import { dataOf, fixtureEnv, ownOf } from '../helpers/pipeline.js';
import { FIXTURES } from '../helpers/paths.js';

const STANDARD = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');
const dirs: string[] = [];
const temp = () => { const d = mkdtempSync(join(tmpdir(), 'pintae-proto-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** The verdict on a request body given as JSON text (JSON.parse makes "__proto__" an own key, as any reader does). */
const verdict = (text: string) => dataOf(validateInvoice(JSON.parse(text), fixtureEnv({ uuid: { kind: 'fixed', value: '00000000-0000-4000-8000-000000000000' } })));
const xmlOf = (text: string) => {
  const outcome = validateInvoice(JSON.parse(text), fixtureEnv({ uuid: { kind: 'fixed', value: '00000000-0000-4000-8000-000000000000' } }));
  return outcome.kind === 'validated' ? outcome.xml : null;
};

describe('prototype keys in a request body are data', () => {
  it('{"__proto__": <a valid invoice>} has no field of its own: every required field is missing', () => {
    const data = verdict(`{"__proto__": ${STANDARD}}`);
    expect(data.is_valid).toBe(false);
    expect(data.errors.map((e) => e.field)).toEqual(['entity_id', 'invoice_number', 'date', 'buyer', 'line_items']);
  });

  it('a buyer or line whose fields sit under "__proto__" lacks them', () => {
    const body = JSON.parse(STANDARD);
    const text = JSON.stringify({ ...body, buyer: { '@': 1 }, line_items: [{ '@': 2 }] })
      .replace('"@":1', `"__proto__": ${JSON.stringify(body.buyer)}`).replace('"@":2', `"__proto__": ${JSON.stringify(body.line_items[0])}`);
    const fields = verdict(text).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['buyer.name', 'buyer.country', 'line_items[0].description', 'line_items[0].quantity']));
  });

  it('extra keys __proto__, constructor and prototype, at any level, change nothing in the verdict or the XML', () => {
    const body = JSON.parse(STANDARD);
    const extra = '"__proto__": {"invoice_number": "X"}, "constructor": {"name": "Y"}, "prototype": 5';
    const text = JSON.stringify({ ...body, buyer: { ...body.buyer, '@': 1 }, line_items: [{ ...body.line_items[0], '@': 1 }, body.line_items[1]], '@': 1 }).replaceAll('"@":1', extra);
    // Unknown keys like any other (issue 12): a warning each beside the response, the verdict and the document unchanged.
    expect(verdict(text)).toEqual(verdict(STANDARD));
    const own = (t: string) => ownOf(validateInvoice(JSON.parse(t), fixtureEnv()));
    expect(own(STANDARD)).toEqual([]);
    expect(own(text).map((w) => w.field)).toEqual(['buyer.__proto__', 'buyer.constructor', 'buyer.prototype', 'line_items[0].__proto__', 'line_items[0].constructor', 'line_items[0].prototype', '__proto__', 'constructor', 'prototype']);
    expect(xmlOf(text)).toBe(xmlOf(STANDARD));
  });

  it('text naming an Object.prototype member is looked up as text: unit, category, region, payment label', () => {
    const body = JSON.parse(STANDARD);
    const unit = xmlOf(JSON.stringify({ ...body, line_items: body.line_items.map((l: object) => ({ ...l, unit: 'constructor' })) }));
    expect(unit).toContain('unitCode="EA"');
    expect(unit).not.toContain('function');
    const category = verdict(JSON.stringify({ ...body, line_items: [{ ...body.line_items[0], tax_category: 'constructor' }] }));
    expect(category.errors.map((e) => e.message)).toEqual([
      'line_items[0].tax_category "constructor" is not a tax category: send one of S (standard rated, 5%), Z (zero rated), E (exempt), O (out of scope), AE (reverse charge), N (margin scheme), or its label (Standard Rated, Zero Rated, Exempt, Out of Scope, Reverse Charge, Margin Scheme)',
    ]);
    const region = verdict(JSON.stringify({ ...body, buyer: { ...body.buyer, region: 'toString' } }));
    expect(region.errors).toEqual([expect.objectContaining({ rule: 'ibr-128-ae', field: 'buyer.region' })]);
    const { payment_means_code: _code, ...noCode } = body;
    const label = verdict(JSON.stringify({ ...noCode, payment_method: 'constructor' }));
    expect(label.is_valid).toBe(false);
    expect(JSON.stringify(label)).not.toContain('function');
  });

  it('a buyer country naming an Object.prototype member has no tax-number scheme: the placeholder address, no function text', () => {
    const body = JSON.parse(STANDARD);
    for (const country of ['constructor', 'toString', '__proto__']) {
      const xml = xmlOf(JSON.stringify({ ...body, buyer: { ...body.buyer, country } }));
      expect(xml, country).not.toBeNull();
      expect(xml, country).not.toMatch(/function|\[object/);
      expect(xml, country).toContain('<cbc:EndpointID schemeID="0235">9900000099</cbc:EndpointID>');
    }
  });
});

describe('prototype keys in the files pintae reads are data', () => {
  it('entity records: fields under "__proto__" are not the record’s', () => {
    expect(() => toEntity(JSON.parse('{"__proto__": {"entity_id": "e1"}}'), 'e.json')).toThrow(/has no entity_id/);
    const dir = temp();
    writeFileSync(join(dir, 'e.json'), '{"entity_id": "e1", "constructor": "x", "prototype": 1, "__proto__": {"trn": "100000000000003"}}');
    expect(loadEntityFile(join(dir, 'e.json')).get('e1')).toMatchObject({ entity_id: 'e1', trn: undefined });
  });

  it('rate tables: a row whose fields sit under "__proto__" is refused at its place', () => {
    expect(() => parseRates('[\n  {"__proto__": {"date": "2025-03-03", "currency": "USD", "rate": "3.6725"}}\n]', 'r.json')).toThrow(/^r\.json:2:3: date null is not a calendar date/);
    expect(parseRates('[{"date": "2025-03-03", "currency": "USD", "rate": "3.6725", "constructor": 1}]', 'r.json').get('USD', '2025-03-03')?.toString()).toBe('3.6725');
  });

  it('the config file: "__proto__" is an unknown key, located, not a way to set defaults', () => {
    const dir = temp();
    writeFileSync(join(dir, 'pintae.config.json'), '{\n  "__proto__": {"format": "junit"}\n}');
    expect(() => readConfig(join(dir, 'pintae.config.json'))).toThrow(/pintae\.config\.json:2:3: unknown key "__proto__"/);
    writeFileSync(join(dir, 'pintae.config.json'), '{"rules": {"constructor": "off"}}');
    expect(readConfig(join(dir, 'pintae.config.json')).rules).toEqual({ constructor: 'off' });
  });

  it('the ledger: a line whose fields sit under "__proto__" is a damaged line, located', () => {
    const path = join(temp(), 'ledger.jsonl');
    const record = { time: 't', state: 'accepted', base_url: 'http://x', entity_id: 'e', invoice_number: 'N', sha256: 'h' };
    writeFileSync(path, `${JSON.stringify({ __proto__: null, ...record })}\n{"__proto__": ${JSON.stringify(record)}}\n`);
    expect(() => Ledger.open(path)).toThrow(/ledger\.jsonl:2:1: not a ledger record \(time is missing\)/);
  });

  it('sandbox records: an entity record under "__proto__" stops the start with its file and place', () => {
    const dir = temp();
    mkdirSync(join(dir, 'entities'), { recursive: true });
    writeFileSync(join(dir, 'entities', 'ent_1.json'), '{"__proto__": {"entity_id": "ent_1", "account_id": "a", "user_id": null, "applications": ["a"], "created_at": "t", "updated_at": "t"}}');
    expect(() => new Store(dir)).toThrow(/ent_1\.json:1:1: not a readable sandbox entity record: entity_id is missing/);
  });

  it('entities create --set __proto__=x is a field like any other', () => {
    const fields = entityFields(undefined, ['__proto__=x', 'constructor=y']);
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});
