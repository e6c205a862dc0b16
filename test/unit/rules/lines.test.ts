/**
 * invoice_items (spec 2.7, 7.2, 7.3, 8): per-line rules, category aliases and labels (2.1/2.7), empty values
 * read as absent (2.8.5). Every row: standard.json with one mutation of line 0 (or of the line list).
 */
import { describe, expect, it } from 'vitest';
import {
  all, expectError, expectValid, parseXml, removing, run, select, setting, type Body, type Expected, type Mutation,
} from './support.js';

const item = (field: string, extra: Partial<Expected> = {}): Expected => ({ section: 'invoice_items', field: `line_items[0].${field}`, ...extra });

/** Line 0 (10 × 95 = 950.00) turned into a valid line of another category with zero tax. */
const zeroTaxLine = (category: string, extra: Record<string, unknown> = {}): Mutation => (b: Body) => {
  Object.assign(b.line_items[0], { tax_category: category, tax_amount: 0, ...extra });
};
const VALID_EXTRA: Record<string, Record<string, unknown>> = {
  S: {}, Z: {}, O: {}, N: {},
  E: { tax_exemption_reason: 'DL8.46.4' },
  AE: { item_type: 'DL8.48.8.2', item_standard_id: '4006381333931' },
};

/** The category a line is delivered with: cac:InvoiceLine[n]/cac:Item/cac:ClassifiedTaxCategory/cbc:ID. */
function deliveredCategories(mutate: Mutation): string[] {
  const outcome = run(mutate);
  if (outcome.kind !== 'validated' || !outcome.xml) throw new Error(`no XML: ${JSON.stringify(outcome.response)}`);
  return select(parseXml(outcome.xml), 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:ID').map((n) => n.text);
}

describe('base invoice', () => {
  it('standard.json, untouched, is valid; both lines are S', () => {
    expectValid(run());
    expect(deliveredCategories(() => {})).toEqual(['S', 'S']);
  });
});

describe('invoice_items errors (2.7, 7.2, 7.3, 8)', () => {
  it.each<[string, Mutation, Expected]>([
    ['8/2.7 unit_amount 0 (zero price) → invoice_items unit_amount', setting('line_items[0].unit_amount', 0), item('unit_amount')],
    ['8/2.7 unit_amount "0.00" (zero price as text) → invoice_items unit_amount', setting('line_items[0].unit_amount', '0.00'), item('unit_amount')],
    ['8/2.7 unit_amount -95 (must be > 0) → invoice_items unit_amount', all(setting('line_items[0].unit_amount', -95), setting('line_items[0].tax_amount', -47.5)), item('unit_amount')],
    ['8/2.7 unit_amount -0.01 → invoice_items unit_amount', setting('line_items[0].unit_amount', -0.01), item('unit_amount')],
    ['2.7 unit_amount missing (required) → invoice_items unit_amount', removing('line_items[0].unit_amount'), item('unit_amount')],
    ['2.7 quantity missing (required) → invoice_items quantity', removing('line_items[0].quantity'), item('quantity')],
    ['2.7 tax_amount missing (required) → invoice_items tax_amount', removing('line_items[0].tax_amount'), item('tax_amount')],
    ['7.2 zero line amount: line_amount 0 sent → invoice_items line_amount', setting('line_items[0].line_amount', 0), item('line_amount')],
    ['7.2 zero line amount: quantity 0 → invoice_items on line 0', all(setting('line_items[0].quantity', 0), setting('line_items[0].tax_amount', 0)),
      { section: 'invoice_items', field: /^line_items\[0\]/ }],
    ['7.2/2.7 S: tax_amount 0 (zero tax on S) → invoice_items tax_amount ibr-190-ae', setting('line_items[0].tax_amount', 0), item('tax_amount', { rule: 'ibr-190-ae' })],
    ['7.2/2.7 S by default (no category sent): tax_amount 0 → invoice_items tax_amount', setting('line_items[1].tax_amount', 0),
      { section: 'invoice_items', field: 'line_items[1].tax_amount' }],
    ['7.2/2.7 S by label "Standard Rated": tax_amount 0 → invoice_items tax_amount', all(setting('line_items[0].tax_category', 'Standard Rated'), setting('line_items[0].tax_amount', 0)), item('tax_amount')],
    ...(['Z', 'E', 'O', 'AE', 'N'] as const).map((c): [string, Mutation, Expected] => [
      `2.7 ${c}: non-zero tax_amount is fatal → invoice_items tax_amount`,
      all(zeroTaxLine(c, VALID_EXTRA[c]), setting('line_items[0].tax_amount', 47.5)), item('tax_amount')]),
    ['2.7 Z sent as "Zero Rated": non-zero tax_amount → invoice_items tax_amount', all(zeroTaxLine('Zero Rated'), setting('line_items[0].tax_amount', 1)), item('tax_amount')],
    ['2.7 Z: a negative tax_amount is non-zero too → invoice_items tax_amount', all(zeroTaxLine('Z'), setting('line_items[0].tax_amount', -0.01)), item('tax_amount')],
    ['2.7/7.3 E without tax_exemption_reason → invoice_items ibr-167-ae', zeroTaxLine('E'), item('tax_exemption_reason', { rule: 'ibr-167-ae' })],
    ['2.7/7.3 + 2.8.5 E with tax_exemption_reason "" → invoice_items ibr-167-ae', zeroTaxLine('E', { tax_exemption_reason: '' }), item('tax_exemption_reason', { rule: 'ibr-167-ae' })],
    ['2.7/7.3 + 2.8.5 E with tax_exemption_reason null → invoice_items ibr-167-ae', zeroTaxLine('E', { tax_exemption_reason: null }), item('tax_exemption_reason', { rule: 'ibr-167-ae' })],
    ['2.7/7.3 "Exempt" (label) without tax_exemption_reason → invoice_items ibr-167-ae', zeroTaxLine('Exempt'), item('tax_exemption_reason', { rule: 'ibr-167-ae' })],
    ['2.7/7.3 E via vat_category alias without tax_exemption_reason → invoice_items ibr-167-ae',
      all(removing('line_items[0].tax_category'), setting('line_items[0].vat_category', 'E'), setting('line_items[0].tax_amount', 0)), item('tax_exemption_reason', { rule: 'ibr-167-ae' })],
    ['2.7 AE without item_type → invoice_items item_type', zeroTaxLine('AE', { item_standard_id: '4006381333931' }), item('item_type')],
    ['2.7 AE without item_standard_id → invoice_items item_standard_id', zeroTaxLine('AE', { item_type: 'DL8.48.8.2' }), item('item_standard_id')],
    ['2.7 "Reverse Charge" (label) without item_type → invoice_items item_type', zeroTaxLine('Reverse Charge', { item_standard_id: '4006381333931' }), item('item_type')],
    ['2.7 AE with item_type "" (absent, 2.8.5) → invoice_items item_type', zeroTaxLine('AE', { item_type: '', item_standard_id: '4006381333931' }), item('item_type')],
    ['2.7 unknown category "X" → reported against the line (invoice_items tax_category)', setting('line_items[0].tax_category', 'X'), item('tax_category')],
    ['2.7 unknown category "Luxury" → invoice_items tax_category', setting('line_items[0].tax_category', 'Luxury'), item('tax_category')],
    ['2.7 unknown category "10%" → invoice_items tax_category', setting('line_items[0].tax_category', '10%'), item('tax_category')],
    ['2.7 unknown category via tax_category_code alias → invoice_items tax_category(_code)', all(removing('line_items[0].tax_category'), setting('line_items[0].tax_category_code', 'Q')),
      { section: 'invoice_items', field: /^line_items\[0\]\.tax_category/ }],
    ['2.7 unknown category "G" (a UNCL 5305 code outside the UAE list) → invoice_items tax_category', setting('line_items[0].tax_category', 'G'), item('tax_category')],
    ['2.7/7.2 description missing → invoice_items description', removing('line_items[0].description'), item('description')],
    ['2.7/7.2 + 2.8.5 description "" → invoice_items description', setting('line_items[0].description', ''), item('description')],
    ['2.7/7.2 + 2.8.5 description null → invoice_items description', setting('line_items[0].description', null), item('description')],
    ['8/2.1 at least one line: line_items [] → invoice_items line_items', setting('line_items', []), { section: 'invoice_items', field: 'line_items' }],
    ['8/2.1 at least one line: line_items missing → invoice_items line_items', removing('line_items'), { section: 'invoice_items', field: 'line_items' }],
    ['8/2.1 + 2.8.5 line_items null → invoice_items line_items', setting('line_items', null), { section: 'invoice_items', field: 'line_items' }],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it('2.7 S "must charge VAT at 5%": a tax_amount that is not 5% of the line amount (10.00 on 950.00) → an error on the line or the tax', () => {
    expectError(run(setting('line_items[0].tax_amount', 10)), { section: ['invoice_items', 'tax'] });
  });

  it('7.2 each line is reported on its own: zero price on line 1 names line_items[1]', () => {
    expectError(run(setting('line_items[1].unit_amount', 0)), { section: 'invoice_items', field: 'line_items[1].unit_amount' });
  });
});

describe('invoice_items: accepted lines', () => {
  it.each<[string, Mutation]>([
    ...(['Z', 'E', 'O', 'AE', 'N'] as const).map((c): [string, Mutation] => [`2.7 ${c} line with zero tax ("a zero tax amount is valid on every category except S")`, zeroTaxLine(c, VALID_EXTRA[c])]),
    ['2.7 exemption reason outside the listed four ("the list is open, carried as sent")', zeroTaxLine('E', { tax_exemption_reason: 'DL8.46.9' })],
    ['8 unit_amount 0.01 (> 0)', all(setting('line_items[0].unit_amount', 0.01), setting('line_items[0].quantity', 100), setting('line_items[0].tax_amount', 0.05))],
    ['2.7 tax_rate 10 on S: the emitted percent is forced from the category, the sent value replaced', setting('line_items[0].tax_rate', 10)],
    ['2.7 tax_rate 0 on S: replaced', setting('line_items[0].tax_rate', 0)],
    ['2.1 discount through a lower line_amount (900 for 10 × 95, tax 45)', all(setting('line_items[0].line_amount', 900), setting('line_items[0].tax_amount', 45))],
    ['2.7 unit untranslatable "bananas" falls back to EA', setting('line_items[0].unit', 'bananas')],
    ['2.7 account_code missing: default 200, stored only', removing('line_items[0].account_code')],
    ['2.1 item_name, hs_code, service_code, discount_percent, account_code accepted without effect',
      all(setting('line_items[0].item_name', 'Paper'), setting('line_items[0].hs_code', '4802.56'), setting('line_items[0].service_code', 'SVC'), setting('line_items[0].discount_percent', 0), setting('line_items[0].account_code', '400'))],
    ['2.7 + 2.8.5 tax_category "" is absent → default S', setting('line_items[0].tax_category', '')],
    ['2.7 + 2.8.5 tax_category null is absent → default S', setting('line_items[0].tax_category', null)],
    ['2.7 categories mixed on one invoice (S, Z)', zeroTaxLine('Z')],
    ['2.7 one line is enough (8: at least one)', (b) => { b.line_items = [b.line_items[0]]; }],
  ])('%s → valid', (_name, mutate) => expectValid(run(mutate)));

  it('2.7 tax_rate 10 on S → cbc:Percent 5 on the line', () => {
    const outcome = run(setting('line_items[0].tax_rate', 10));
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const percents = select(parseXml(outcome.xml), 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent').map((n) => Number(n.text));
    expect(percents).toEqual([5, 5]);
  });

  it('2.7 E line: tax_exemption_reason reaches cbc:TaxExemptionReasonCode', () => {
    const outcome = run(zeroTaxLine('E', { tax_exemption_reason: 'DL8.46.4' }));
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:TaxExemptionReasonCode').map((n) => n.text)).toEqual(['DL8.46.4']);
  });

  it('2.7 Z "no exemption reason": a reason sent on a Z line is refused or not delivered', () => {
    const outcome = run(zeroTaxLine('Z', { tax_exemption_reason: 'DL8.46.1' }));
    if (outcome.kind !== 'validated') throw new Error('rejected');
    if (!outcome.response.data.is_valid) return;
    expect(select(parseXml(outcome.xml!), 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:TaxExemptionReasonCode')).toEqual([]);
  });

  it('2.7 AE line: item_type → CommodityClassification/NatureCode, item_standard_id → StandardItemIdentification/ID', () => {
    const outcome = run(zeroTaxLine('AE', VALID_EXTRA.AE));
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const tree = parseXml(outcome.xml);
    expect(select(tree, 'cac:InvoiceLine/cac:Item/cac:CommodityClassification/cbc:NatureCode').map((n) => n.text)).toEqual(['DL8.48.8.2']);
    expect(select(tree, 'cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID').map((n) => n.text)).toEqual(['4006381333931']);
  });

  it('2.1 lines are numbered 1, 2, 3 in the order sent', () => {
    const outcome = run((b) => { b.line_items.push({ ...b.line_items[0], description: 'third' }); });
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const tree = parseXml(outcome.xml);
    expect(select(tree, 'cac:InvoiceLine/cbc:ID').map((n) => n.text)).toEqual(['1', '2', '3']);
    expect(select(tree, 'cac:InvoiceLine/cac:Item/cbc:Name').map((n) => n.text)[2]).toBe('third');
  });
});

describe('2.1/2.7 category aliases and labels', () => {
  // [field, sent value, delivered code]
  const rows: Array<[string, string, string, string]> = [
    ['2.7 tax_category "Z"', 'tax_category', 'Z', 'Z'],
    ['2.7 tax_category "z" (lower case)', 'tax_category', 'z', 'Z'],
    ['2.7 alias tax_category_code "Z"', 'tax_category_code', 'Z', 'Z'],
    ['2.7 alias vat_category "Z"', 'vat_category', 'Z', 'Z'],
    ['2.7 alias category "Z"', 'category', 'Z', 'Z'],
    ['2.7 label "Zero Rated"', 'tax_category', 'Zero Rated', 'Z'],
    ['2.7 label "zero rated" (lower case)', 'tax_category', 'zero rated', 'Z'],
    ['2.7 alias vat_category + label "Zero Rated"', 'vat_category', 'Zero Rated', 'Z'],
    ['2.7 label "Exempt"', 'tax_category', 'Exempt', 'E'],
    ['2.7 alias category + label "Exempt"', 'category', 'Exempt', 'E'],
    ['2.7 label "Reverse Charge"', 'tax_category', 'Reverse Charge', 'AE'],
    ['2.7 alias tax_category_code + label "Reverse Charge"', 'tax_category_code', 'Reverse Charge', 'AE'],
    ['2.7 alias tax_category_code "O"', 'tax_category_code', 'O', 'O'],
    ['2.7 alias category "N"', 'category', 'N', 'N'],
    ['2.7 alias vat_category "S"', 'vat_category', 'S', 'S'],
  ];

  it.each(rows)('%s → valid, delivered as the code', (_name, field, value, code) => {
    const mutate: Mutation = (b) => {
      const line = b.line_items[0];
      delete line.tax_category;
      line[field] = value;
      Object.assign(line, VALID_EXTRA[code], code === 'S' ? {} : { tax_amount: 0 });
    };
    expectValid(run(mutate));
    expect(deliveredCategories(mutate)).toEqual([code, 'S']);
  });

  it.each(rows.filter(([, , , code]) => code !== 'S'))('%s → a non-zero tax is fatal (the alias is read, not ignored)', (_name, field, value, code) => {
    const mutate: Mutation = (b) => {
      const line = b.line_items[0];
      delete line.tax_category;
      line[field] = value;
      Object.assign(line, VALID_EXTRA[code]);
    };
    expectError(run(mutate), item('tax_amount'));
  });

  it('2.7 + 2.8.5 tax_category "" with alias vat_category "Z": the empty field is absent, the alias applies', () => {
    const mutate = all(setting('line_items[0].tax_category', ''), setting('line_items[0].vat_category', 'Z'), setting('line_items[0].tax_amount', 0));
    expectValid(run(mutate));
    expect(deliveredCategories(mutate)).toEqual(['Z', 'S']);
  });

  it('2.7 categories mixed on one invoice: each delivered as its own cac:TaxSubtotal', () => {
    const outcome = run(zeroTaxLine('Z'));
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const ids = select(parseXml(outcome.xml), 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID').map((n) => n.text);
    expect([...ids].sort()).toEqual(['S', 'Z']);
  });
});
