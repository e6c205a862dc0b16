import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createValidator, type Validator } from '../../../dist/validator.js';
import { ENTITY, FIXTURES, RATES } from '../../helpers/paths.js';
import { ubl } from './ubl.js';

/** Issue 14 item 5: `tdd()` through createValidator, as `pintae tdd` makes it. */
let validator: Validator;
const FIXED = { issued: '2025-02-06T08:00:00+04:00', transportId: '22222222-3333-4444-5555-666666666666' };
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

beforeAll(async () => {
  validator = await createValidator({ entity: ENTITY, rates: RATES, today: '2026-11-22', deterministic: true, config: false, tdd: { receiver: '0242:000773', representative: '0242:000001' } });
});

describe('createValidator().tdd', () => {
  it('an invoice request (fixtures/invoices/standard.json: 1250.00 before VAT, 62.50 VAT): its TDD, the parties from createValidator', () => {
    const r = validator.tdd(fixture('invoices/standard.json'), FIXED);
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([]);
    expect(r.xml).toContain('<cbc:TaxAmount currencyID="AED">62.50</cbc:TaxAmount>');
    expect(r.xml).toContain('<cbc:TaxExclusiveAmount currencyID="AED">1250.00</cbc:TaxExclusiveAmount>');
    expect(r.xml).toMatch(/<cbc:ID>BTAE-20<\/cbc:ID>\s*<cbc:Value>1312.50<\/cbc:Value>/);
    expect(r.xml).toMatch(/<pxs:ReceivingParty>\s*<cbc:EndpointID schemeID="0242">000773</);
    // The same input and options give the same bytes, as text or as an object.
    expect(validator.tdd(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'), FIXED).xml).toBe(r.xml);
  });

  it('UBL XML, as text or bytes; the options given to tdd() win', () => {
    const xml = validator.validate(fixture('invoices/standard.json')).xml!;
    const r = validator.tdd(Buffer.from(xml), { ...FIXED, role: 'receiver', type: 'R', representative: '0242:999' });
    expect(r.error).toBeUndefined();
    expect(r.xml).toContain('<pxs:ReporterRole>02</pxs:ReporterRole>');
    expect(r.xml).toContain('<pxs:DocumentTypeCode>R</pxs:DocumentTypeCode>');
    expect(r.xml).toContain('<cbc:ID schemeID="0242">999</cbc:ID>');
  });

  it('a TDD given where its invoice was meant: refused in plain words at its root, pointing to check', () => {
    const r = validator.tdd(readFileSync(join(FIXTURES, 'tdd/standard-tdd.xml')), FIXED);
    expect(r.ok).toBe(false);
    expect(r.xml).toBeNull();
    expect(r.error).toMatchObject({ message: expect.stringMatching(/^this is a Tax Data Document, not an invoice or credit note: .*pintae check validates a TDD$/), line: 4, column: 1 });
  });

  it('without a transport id: a generated UUID, said in warnings', () => {
    const r = validator.tdd(fixture('invoices/standard.json'), { issued: FIXED.issued });
    expect(r.warnings).toHaveLength(1);
    const id = /generated one, ([0-9a-f-]{36})/.exec(r.warnings[0]!)![1];
    expect(r.xml).toContain(`<pxs:TransportHeaderID>${id}</pxs:TransportHeaderID>`);
  });

  it('an invoice that fails validation: refused for S with its findings; F makes a TDS of the document built', () => {
    const refused = validator.tdd(fixture('invalid/tax.json'), FIXED);
    expect(refused.ok).toBe(false);
    expect(refused.xml).toBeNull();
    expect(refused.findings.map((f) => f.rule)).toContain('ibr-co-14');
    // Given as JSON text, the findings carry the line and column of their field.
    expect(validator.tdd(readFileSync(join(FIXTURES, 'invalid/tax.json'), 'utf8'), FIXED).findings.find((f) => f.rule === 'ibr-co-14')?.line).toBeGreaterThan(1);
    const tds = validator.tdd(fixture('invalid/tax.json'), { ...FIXED, type: 'F' });
    expect(tds.ok).toBe(true);
    expect(tds.xml).toContain('<pxs:DocumentTypeCode>F</pxs:DocumentTypeCode>');
  });

  it('check(tddXml): the TDD made is valid under the TDD rules and the cross-checks; one whose extract disagrees is not', () => {
    const made = validator.tdd(fixture('invoices/standard.json'), FIXED).xml!;
    const good = validator.check(made);
    expect(good.response && 'data' in good.response ? good.response.data.errors : 'no response').toEqual([]);
    const tampered = made.replace('<cbc:TaxAmount currencyID="AED">62.50</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="AED">60.00</cbc:TaxAmount>');
    const bad = validator.check(tampered);
    expect(bad.valid).toBe(false);
    expect(bad.findings.map((f) => f.rule)).toContain('pintae/tdd-tax-total');
  });

  it('a bad option is a TypeError naming it; XML that is not well-formed is an error, located', () => {
    expect(() => validator.tdd(ubl(), { ...FIXED, type: 'X' as 'S' })).toThrow(/type X: choose S, R, W, F/);
    expect(() => validator.tdd(ubl(), { ...FIXED, issued: 'yesterday' })).toThrow(TypeError);
    expect(() => validator.tdd({ invoices: [fixture('invoices/standard.json')] }, FIXED)).toThrow(/tdd takes one invoice/);
    const broken = validator.tdd('<Invoice>\n  <a></b>\n</Invoice>', FIXED);
    expect(broken.ok).toBe(false);
    expect(broken.error).toMatchObject({ line: 2 });
  });
});
