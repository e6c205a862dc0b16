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
    expect(text).not.toContain('x-decimal');
    const validate = new Ajv({ strict: true, allowMatchingProperties: true }).addFormat('date', true).compile(JSON.parse(text));
    const body = read(join(FIXTURES, 'invoices/standard.json'));
    expect(validate({ ...body, total: '105.00' })).toBe(true);
    expect(validate({ ...body, total: 'a lot' })).toBe(false);
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

describe('the README\'s config example', () => {
  it('is a config file pintae accepts', async () => {
    const { readConfig } = await import('../../../src/config/load.js');
    const { mkdtempSync, writeFileSync: write, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /## Config file[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'pintae-readme-'));
    try {
      write(join(dir, 'pintae.config.json'), example);
      expect(readConfig(join(dir, 'pintae.config.json'))).toMatchObject({ format: 'stylish', rules: { 'ibr-127-ae': 'warning' }, entity: [join(dir, 'entities/al-noor-trading.json')] });
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
