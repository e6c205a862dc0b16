/**
 * Issue 12 item 8, the real binary spawned with the built-in PINT-AE rules: each condition spec 2.3, 2.7, 2.12 and
 * 7.3 ties to a rule id names that id, whatever value trips it, and it is the invoice's only error. One run validates
 * every case (each file one mistake in an otherwise valid fixture; the entity cases under their own entity_id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-rule-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });

type Body = Record<string, any>;
const fixture = (name: string): Body => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'));
const entity = JSON.parse(readFileSync(ENTITY, 'utf8'));
/** standard.json with one S line of 200.00 in place of its lines. */
const oneLine = (line: Body): Body => ({ ...fixture('standard.json'), line_items: [{ description: 'Consulting', quantity: 1, unit_amount: 200, tax_amount: 10, ...line }] });
function exportWithout(key: string): Body {
  const body = fixture('export.json');
  delete body.delivery[key];
  return body;
}
function exemptWithoutReason(): Body {
  const body = fixture('exempt.json');
  delete body.line_items[0].tax_exemption_reason;
  return body;
}

/** The entity record under another id with some fields changed (undefined removes one). */
function entityAs(id: string, changes: Body): Body {
  const record: Body = { ...entity, entity_id: id, ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete record[k];
  return record;
}
const ENTITIES = [
  entity,
  entityAs('ent_trn_short', { trn: '10012345670003' }),
  entityAs('ent_trn_ending', { trn: '100123456700001' }),
  entityAs('ent_type_xx', { legal_registration_type: 'XX' }),
  entityAs('ent_no_registration', { legal_registration_type: undefined, legal_registration_id: undefined, issuing_authority: undefined }),
];
const forEntity = (id: string): Body => ({ ...fixture('standard.json'), entity_id: id });

type Expected = { rule: string; section: string; field?: string };
const S_LINE: Expected = { rule: 'ibr-190-ae', section: 'invoice_items', field: 'line_items[0].tax_amount' };
/** file name → [the mistake (spec), the body, the one error it must give]. */
const CASES: Record<string, [string, Body, Expected]> = {
  's-14-on-200': ['2.7: S must charge 5%; 14.00 on 200.00', oneLine({ tax_amount: 14 }), S_LINE],
  's-10-on-180': ['2.7: S, 10.00 on a line discounted to 180.00', oneLine({ line_amount: 180, tax_amount: 10 }), S_LINE],
  's-9-on-200': ['2.7: S, too little VAT', oneLine({ tax_amount: 9 }), S_LINE],
  's-zero': ['2.7: S, zero VAT on a line (another line keeps the invoice total above zero)',
    { ...oneLine({ tax_amount: 0 }), line_items: [{ description: 'a', quantity: 1, unit_amount: 200, tax_amount: 0 }, { description: 'b', quantity: 1, unit_amount: 100, tax_amount: 5 }] }, S_LINE],
  'exempt-no-reason': ['2.7/7.3: E line without tax_exemption_reason', exemptWithoutReason(),
    { rule: 'ibr-167-ae', section: 'invoice_items', field: 'line_items[0].tax_exemption_reason' }],
  'trn-14-digits': ['2.12/7.3: entity TRN of 14 digits', forEntity('ent_trn_short'), { rule: 'ibr-132-ae', section: 'seller_party' }],
  'trn-not-03': ['2.12/7.3: entity TRN of 15 digits not ending 03', forEntity('ent_trn_ending'), { rule: 'ibr-132-ae', section: 'seller_party' }],
  'type-outside-list': ['2.3/7.3: registration type outside the list', forEntity('ent_type_xx'), { rule: 'ibr-173-ae', section: 'seller_party' }],
  'type-missing': ['2.3/7.3: neither a registration type nor a number', forEntity('ent_no_registration'), { rule: 'ibr-173-ae', section: 'seller_party' }],
  'export-no-street': ['7.3: export without delivery address line 1', exportWithout('address_line1'), { rule: 'IBT-075', section: 'invoice_header', field: 'delivery.address_line1' }],
  'export-no-city': ['7.3: export without delivery city', exportWithout('city'), { rule: 'IBT-077', section: 'invoice_header', field: 'delivery.city' }],
  'export-no-subdivision': ['7.3: export without delivery subdivision', exportWithout('state'), { rule: 'IBT-079', section: 'invoice_header', field: 'delivery.country_subdivision' }],
  'export-no-country': ['7.3: export without delivery.country', exportWithout('country'), { rule: 'IBT-080', section: 'invoice_header', field: 'delivery.country' }],
};

let results: Map<string, { errors: Expected[] }>;
beforeAll(async () => {
  writeFileSync(join(dir, 'entities.json'), JSON.stringify(ENTITIES));
  for (const [name, [, body]] of Object.entries(CASES)) writeFileSync(join(dir, `${name}.json`), JSON.stringify({ ...body, invoice_number: name }, null, 2));
  const files = readdirSync(dir).filter((f) => f !== 'entities.json').sort();
  const r = await run(['validate', ...files, '--entity', 'entities.json', '--format', 'json']);
  expect(r.exitCode, r.stderr).toBe(1);
  results = new Map(JSON.parse(r.stdout).results.map((x: any) => [x.file.replace(/\.json$/, ''), { errors: x.response.data.errors }]));
});

describe('the rule id the spec names is named, whatever the value (issue 12 item 8)', () => {
  it.each(Object.entries(CASES).map(([name, [spec, , expected]]) => [spec, name, expected] as const))('%s → exactly that error', (_spec, name, expected) => {
    const errors = results.get(name)!.errors;
    expect(errors.map(({ rule, section, field }) => ({ rule, section, ...(expected.field ? { field } : {}) }))).toEqual([expected]);
  });

  it('2.7/1.8 ibr-151-ae: an invoice of only E and O lines is valid and built as invoice type 480', async () => {
    const body = fixture('exempt.json');
    body.line_items.push({ description: 'Out of scope fee', quantity: 1, unit_amount: 50, tax_amount: 0, tax_category: 'O' });
    const sub = mkdtempSync(join(dir, 'eo-'));
    writeFileSync(join(sub, 'e-and-o.json'), JSON.stringify(body));
    const r = await run(['build', join(sub, 'e-and-o.json'), '--entity', ENTITY, '--out-dir', join(sub, 'out'), '--format', 'json']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    const [xml] = readdirSync(join(sub, 'out'));
    expect(readFileSync(join(sub, 'out', xml!), 'utf8')).toMatch(/<cbc:InvoiceTypeCode>480<\/cbc:InvoiceTypeCode>/);
  });
});
