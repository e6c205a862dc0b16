/** The JSON Schemas shipped in schemas/: current with the code, and usable by any draft-07 validator (editors). */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { invoiceSchema } from '../../../src/schema/invoice.schema.js';
import { checkSchema } from '../../../src/schema/check.js';
import { pruneEmpty } from '../../../src/normalize/prune.js';
import { FORMAT_NAMES } from '../../../src/formatters/index.js';
import { FIXTURES, ROOT } from '../../helpers/paths.js';
// @ts-expect-error a plain .mjs script
import { invoiceSchemaText, INVOICE_SCHEMA_FILE } from '../../../scripts/gen-schemas.mjs';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('schemas/invoice.schema.json', () => {
  it('is what scripts/gen-schemas.mjs makes of src/schema/invoice.schema.ts (run `npm run schemas` when this fails)', () => {
    expect(readFileSync(INVOICE_SCHEMA_FILE, 'utf8')).toBe(invoiceSchemaText(invoiceSchema));
  });

  it('accepts every valid fixture and, like pintae, refuses the wrong-types fixture', () => {
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(read(join(ROOT, 'schemas/invoice.schema.json')));
    for (const f of readdirSync(join(FIXTURES, 'invoices')).filter((n) => n.endsWith('.json'))) {
      const body = read(join(FIXTURES, 'invoices', f));
      expect(validate(body) ? [] : validate.errors, f).toEqual([]);
    }
    const wrong = read(join(FIXTURES, 'invalid/wrong-types.json'));
    expect(checkSchema(pruneEmpty(wrong) as Record<string, unknown>).length).toBeGreaterThan(0);
    expect(validate(wrong)).toBe(false);
  });

  it('states amounts as a number or a numeric string, in standard vocabulary only', () => {
    const text = readFileSync(join(ROOT, 'schemas/invoice.schema.json'), 'utf8');
    expect(text).not.toMatch(/"x-/);
    const validate = new Ajv({ strict: true, allowMatchingProperties: true }).addFormat('date', true).compile(JSON.parse(text));
    const body = read(join(FIXTURES, 'invoices/standard.json'));
    expect(validate({ ...body, total: '105.00' })).toBe(true);
    expect(validate({ ...body, total: 'a lot' })).toBe(false);
  });
});

describe('schemas/invoice.schema.json for editors (issue 12): stricter than pintae, never the other way round', () => {
  const editor = () => {
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    return ajv.compile(read(join(ROOT, 'schemas/invoice.schema.json')));
  };
  const standard = () => read(join(FIXTURES, 'invoices/standard.json'));
  /** Every object of the schema with its path, and every property node. */
  const objects = (node: any, path = '(body)', out: Array<[string, any]> = []): Array<[string, any]> => {
    if (node.type === 'array') return objects(node.items, `${path}[]`, out);
    if (node.type !== 'object') return out;
    out.push([path, node]);
    for (const [k, v] of Object.entries(node.properties)) objects(v, path === '(body)' ? k : `${path}.${k}`, out);
    return out;
  };

  it('describes every field and refuses unknown keys in every object', () => {
    for (const [path, node] of objects(read(join(ROOT, 'schemas/invoice.schema.json')))) {
      expect(node.additionalProperties, path).toBe(false);
      for (const [k, v] of Object.entries<any>(node.properties)) expect(v.description, `${path}.${k}`).toMatch(/\w{3}/);
    }
  });

  it.each<[string, (b: any) => void]>([
    ['a misspelled line key', (b) => { b.line_items[0].tax_categroy = 'Exempt'; }],
    ['a misspelled top-level key', (b) => { b.exchange_rte = 3.6725; }],
    ['a misspelled buyer key', (b) => { b.buyer.nmae = 'X'; }],
    ['a category outside the spec list', (b) => { b.line_items[0].tax_category = 'Exmpt'; }],
    ['a currency that is not ISO 4217', (b) => { b.currency = 'AEX'; }],
    ['a registration type outside TL, EID, PAS, CD', (b) => { b.buyer.legal_registration_type = 'XX'; }],
    ['a reverse-charge item type outside spec 2.7', (b) => { b.line_items[0].item_type = 'DL8.48.9'; }],
    ['a participant scheme not on the EAS list', (b) => { b.buyer.participant_scheme = '1234'; }],
  ])('underlines %s', (_name, mutate) => {
    const body = standard();
    mutate(body);
    expect(editor()(body)).toBe(false);
  });

  it.each<[string, (b: any) => void]>([
    ['a category code', (b) => { b.line_items[0].tax_category = 'Z'; }],
    ['a category label of spec 2.7', (b) => { b.line_items[0].tax_category = 'Zero Rated'; }],
    ['a category under an alias name', (b) => { b.line_items[0].vat_category = 'Reverse Charge'; }],
    ['a lower-case registration type (spec 2.2)', (b) => { b.buyer.legal_registration_type = 'tl'; }],
  ])('accepts %s', (_name, mutate) => {
    const body = standard();
    mutate(body);
    expect(editor()(body) ? [] : editor().errors).toEqual([]);
  });

  it('every value an editor enumeration offers is one pintae reads as valid', async () => {
    const { taxCategory, registrationType, REVERSE_CHARGE_ITEM_TYPES } = await import('../../../src/codelists/tax.js');
    const { isCurrencyCode } = await import('../../../src/codelists/currencies.js');
    const { isEasCode } = await import('../../../src/codelists/eas.js');
    const props = read(join(ROOT, 'schemas/invoice.schema.json')).properties;
    const line = props.line_items.items.properties;
    for (const name of ['tax_category', 'tax_category_code', 'vat_category', 'category']) for (const v of line[name].enum) expect(taxCategory(v), v).toBeDefined();
    for (const v of [...props.buyer.properties.legal_registration_type.enum, ...props.seller.properties.registration_type.enum]) expect(registrationType(v), v).toBeDefined();
    for (const v of props.currency.enum) expect(isCurrencyCode(v), v).toBe(true);
    for (const v of props.buyer.properties.participant_scheme.enum) expect(isEasCode(v), v).toBe(true);
    for (const v of line.item_type.enum) expect(Object.hasOwn(REVERSE_CHARGE_ITEM_TYPES, v), v).toBe(true);
  });

  it('the schema pintae validates with stays as lax as the service: a label variant or an unknown key is no schema error', () => {
    const body = standard();
    body.line_items[0].tax_category = 'zero-rated';
    body.line_items[0].notes = 'x';
    expect(editor()(body)).toBe(false);
    expect(checkSchema(pruneEmpty(body) as Record<string, unknown>)).toEqual([]);
  });
});

describe('schemas/pintae.config.schema.json', () => {
  it('lists exactly the report formats pintae has', () => {
    expect(read(join(ROOT, 'schemas/pintae.config.schema.json')).properties.format.enum).toEqual(FORMAT_NAMES);
  });

  it('is a strict draft-07 schema', () => {
    expect(() => new Ajv({ strict: true }).compile(read(join(ROOT, 'schemas/pintae.config.schema.json')))).not.toThrow();
  });

  it('ships in the package', () => {
    expect(read(join(ROOT, 'package.json')).files).toContain('schemas');
  });
});

describe('the config example of docs/reference/configuration.md', () => {
  it('is a config file pintae accepts', async () => {
    const { readConfig } = await import('../../../src/config/load.js');
    const { mkdtempSync, writeFileSync: write, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const page = readFileSync(join(ROOT, 'docs/reference/configuration.md'), 'utf8');
    const example = /# Configuration[\s\S]*?```json\n([\s\S]*?)```/.exec(page)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'pintae-readme-'));
    try {
      write(join(dir, 'pintae.config.json'), example);
      expect(readConfig(join(dir, 'pintae.config.json'))).toMatchObject({ format: 'stylish', rules: { 'ibr-127-ae': 'warning' }, entity: [join(dir, 'entities/al-noor-trading.json')] });
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
