/**
 * tax and legal_monetary (spec 2.1 sub_total / total_tax / total, 7.2) and the DESIGN choice on
 * "total tax amount cannot be zero". Base: standard.json, lines 950.00 + 300.00, tax 47.50 + 15.00.
 */
import { describe, expect, it } from 'vitest';
import {
  all, expectError, expectValid, parseXml, run, select, setting, type Body, type Expected, type Mutation,
} from './support.js';

const tax = (field?: string): Expected => ({ section: 'tax', ...(field ? { field } : {}) });
const monetary = (field: string): Expected => ({ section: 'legal_monetary', field });

/** Every line turned into a zero-tax line of the given category (valid for that category). */
const onlyCategory = (category: string, extra: Record<string, unknown> = {}): Mutation => (b: Body) => {
  for (const line of b.line_items) Object.assign(line, { tax_category: category, tax_amount: 0, ...extra });
};

describe('base invoice', () => {
  it('standard.json, untouched, is valid; totals 1250.00 / 62.50 / 1312.50 computed from the lines', () => {
    const outcome = run();
    expectValid(outcome);
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const tree = parseXml(outcome.xml);
    const at = (p: string) => select(tree, p).map((n) => n.text);
    expect(at('cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toEqual(['1250.00']);
    expect(at('cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toEqual(['1250.00']);
    expect(at('cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toEqual(['1312.50']);
    expect(at('cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['1312.50']);
    expect(at('cac:TaxTotal/cbc:TaxAmount')).toEqual(['62.50']);
  });
});

describe('tax (7.2: total tax zero; DESIGN: only when there is an S line)', () => {
  it.each<[string, Mutation, Expected]>([
    ['7.2 total tax zero with S lines: every S line taxed 0 → tax', (b) => { for (const l of b.line_items) l.tax_amount = 0; }, tax()],
    ['7.2 total tax zero with S lines: total_tax 0 sent → tax', setting('total_tax', 0), tax()],
    ['7.2 total tax zero with S lines: total_tax "0.00" sent → tax', setting('total_tax', '0.00'), tax()],
    ['7.2/DESIGN an S line among zero-rated lines, all tax 0 → tax', all(onlyCategory('Z'), setting('line_items[1].tax_category', 'S')), tax()],
    ['2.1 total_tax sent that disagrees with the lines (60.00 vs 62.50) → tax total_tax', setting('total_tax', 60), tax('total_tax')],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it.each<[string, Mutation]>([
    ['DESIGN only Z lines, total tax zero', onlyCategory('Z')],
    ['DESIGN only E lines (with reason), total tax zero', onlyCategory('E', { tax_exemption_reason: 'DL8.46.1' })],
    ['DESIGN only O lines, total tax zero', onlyCategory('O')],
    ['DESIGN only AE lines (item_type, item_standard_id), total tax zero', onlyCategory('AE', { item_type: 'DL8.48.8.2', item_standard_id: '4006381333931' })],
    ['DESIGN only N lines, total tax zero', onlyCategory('N')],
    ['DESIGN Z and E lines mixed, total tax zero', all(onlyCategory('Z'), (b) => Object.assign(b.line_items[1], { tax_category: 'E', tax_exemption_reason: 'DL8.46.2' }))],
    ['DESIGN only Z lines with total_tax 0 and totals sent', all(onlyCategory('Z'), setting('total_tax', 0), setting('sub_total', 1250), setting('total', 1250))],
  ])('%s → valid', (_name, mutate) => expectValid(run(mutate)));

  it('2.7/DESIGN only E and O lines → InvoiceTypeCode 480 (ibr-151-ae), still valid', () => {
    const mutate = all(onlyCategory('O'), (b: Body) => Object.assign(b.line_items[0], { tax_category: 'E', tax_exemption_reason: 'DL8.46.1' }));
    const outcome = run(mutate);
    expectValid(outcome);
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cbc:InvoiceTypeCode').map((n) => n.text)).toEqual(['480']);
  });
});

describe('legal_monetary (7.2: document totals)', () => {
  it.each<[string, Mutation, Expected]>([
    ['2.1 sub_total sent that disagrees with the lines (1000.00 vs 1250.00) → legal_monetary sub_total', setting('sub_total', 1000), monetary('sub_total')],
    ['2.1 sub_total off by one cent (1250.01) → legal_monetary sub_total', setting('sub_total', 1250.01), monetary('sub_total')],
    ['2.1 sub_total "1200" (numeric text) that disagrees → legal_monetary sub_total', setting('sub_total', '1200'), monetary('sub_total')],
    ['2.1 total sent that disagrees with sub_total + total_tax (1300.00 vs 1312.50) → legal_monetary total', setting('total', 1300), monetary('total')],
    ['2.1 total equal to sub_total only (tax left out) → legal_monetary total', setting('total', 1250), monetary('total')],
    ['2.1 total off by one cent (1312.49) → legal_monetary total', setting('total', 1312.49), monetary('total')],
    ['2.1 sub_total and total both sent, consistent with each other but not with the lines → legal_monetary sub_total',
      all(setting('sub_total', 1000), setting('total', 1062.5)), monetary('sub_total')],
    ['2.1 total sent negative → legal_monetary total', setting('total', -1312.5), monetary('total')],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it.each<[string, Mutation]>([
    ['2.1 sub_total, total_tax and total sent and correct', all(setting('sub_total', 1250), setting('total_tax', 62.5), setting('total', 1312.5))],
    ['2.1 only total sent, correct', setting('total', 1312.5)],
    ['2.1 + 2.8.5 sub_total null / total "" read as absent, computed from lines', all(setting('sub_total', null), setting('total', ''))],
  ])('%s → valid', (_name, mutate) => expectValid(run(mutate)));

  it('2.1 a discount line (line_amount 900 for 10 × 95) → LineExtensionAmount 1200.00 (900 + 300)', () => {
    const outcome = run(all(setting('line_items[0].line_amount', 900), setting('line_items[0].tax_amount', 45)));
    expectValid(outcome);
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount').map((n) => n.text)).toEqual(['1200.00']);
  });
});
