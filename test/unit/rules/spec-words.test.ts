/**
 * The spec audit (service-api.md read rule by rule): what the spec states word for word, held to it.
 * Every expected value below is quoted from the spec, with its section.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, run, setting, textsAt } from './support.js';

describe('7.2 "Messages shown": the service\'s words, character for character', () => {
  // 7.2: "Messages shown: TRN must be 15 characters long (contact_trn); total tax amount cannot be zero (tax);
  // tax amount cannot be zero on a line (invoice_items)."
  it.each([
    ['buyer TRN of 14 characters', 'contact_trn', 'TRN must be 15 characters long', setting('buyer.trn', '10098765430000')],
    ['buyer TRN of 16 characters', 'contact_trn', 'TRN must be 15 characters long', setting('buyer.trn', '1009876543000031')],
    ['zero tax on an S line', 'invoice_items', 'tax amount cannot be zero on a line', setting('line_items[0].tax_amount', 0)],
    ['zero tax on every S line', 'tax', 'total tax amount cannot be zero', (b: Record<string, any>) => { b.line_items[0].tax_amount = 0; b.line_items[1].tax_amount = 0; }],
  ])('%s → [%s] "%s"', (_name, section, message, mutate) => {
    const errors = dataOf(run(mutate)).errors.filter((e) => e.section === section);
    expect(errors.length, JSON.stringify(errors)).toBeGreaterThan(0);
    for (const e of errors) expect(e.message).toBe(message);
  });
});

describe('2.7 item_standard_id: "cac:StandardItemIdentification/cbc:ID"', () => {
  // 2.7 gives item_standard_id the XML cac:StandardItemIdentification/cbc:ID; 2.1 names item_type, not
  // item_standard_id, among the fields emitted only for reverse-charge lines.
  it('sent on a standard-rated line → delivered', () => {
    const outcome = run(setting('line_items[0].item_standard_id', '4006381333931'));
    expect(dataOf(outcome).errors).toEqual([]);
    const xml = outcome.kind === 'validated' ? outcome.xml! : '';
    expect(textsAt(xml, 'cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID')).toEqual(['4006381333931']);
    // 2.1: item_type stays reverse-charge only.
    expect(textsAt(xml, 'cac:InvoiceLine/cac:Item/cac:CommodityClassification/cbc:NatureCode')).toEqual([]);
  });
});

describe('7.2 tax: "Total tax or taxable amount zero"', () => {
  // Two zero-rated lines whose amounts cancel out: no line is zero, the invoice's taxable amount is.
  const cancelling = (b: Record<string, any>) => {
    b.line_items = [
      { description: 'Export freight', quantity: 1, unit_amount: 100, tax_amount: 0, tax_category: 'Z' },
      { description: 'Export freight, returned', quantity: -1, unit_amount: 100, tax_amount: 0, tax_category: 'Z' },
    ];
  };
  it('lines cancelling out → an error in section tax, at the lines', () => {
    expect(dataOf(run(cancelling)).errors).toEqual([expect.objectContaining({ section: 'tax', field: 'line_items' })]);
  });
  it('a line of its own zero is the line\'s error (invoice_items), not the taxable amount\'s as well', () => {
    const errors = dataOf(run((b) => { cancelling(b); b.line_items.pop(); b.line_items[0].quantity = 0; })).errors;
    expect(errors.map((e) => e.section)).toEqual(['invoice_items']);
  });
});

describe('2.6 a negative exchange_rate: every finding about it says what is wrong with it', () => {
  // PINT-AE ibr-002-ae reads the rate as digits with at most 6 decimals, so a minus sign fails it too: its words must
  // not say "more than 6 decimals" of -1.
  it('exchange_rate -1 on a USD invoice: no finding claims it has too many decimals', async () => {
    const { builtinRuleSet } = await import('../../../dist/schematron/rulesets.js');
    const { runFixture, fixtureEnv } = await import('./support.js');
    const errors = dataOf(runFixture('usd-with-rate.json', setting('exchange_rate', -1), fixtureEnv({ schematron: builtinRuleSet() }))).errors;
    expect(errors.map((e) => e.rule)).toContain('ibr-002-ae');
    for (const e of errors) expect(e.message).not.toMatch(/more than 6 decimals/);
    expect(errors.find((e) => e.rule === 'ibr-002-ae')!.message).toBe('exchange_rate -1 is negative: send the rate above 0, as digits with 6 decimals at most');
  });
});
