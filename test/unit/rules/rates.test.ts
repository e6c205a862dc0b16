/**
 * Foreign currency (spec 2.6, 7.3 BTUAE-04) with the bundled CBUAE table fixtures/rates/cbuae-2025.csv
 * (USD 3.6725 on 2025-03-03..07 and 10..14; EUR daily on the same business days, 2025-03-07 = 3.9802,
 * 2025-03-10 = 3.9715; GBP only on 03-03, 03-07 = 4.7403, 03-14). DESIGN: the latest rate on or before the
 * invoice date, at most 7 calendar days back. fixtureEnv's today is 2026-11-22.
 */
import { describe, expect, it } from 'vitest';
import type { PipelineEnv } from '../../../src/pipeline.js';
import {
  all, dataOf, expectError, expectValid, fixtureEnv, parseXml, run, select, setting, type Mutation,
} from './support.js';
import { fixtureRates } from '../../helpers/pipeline.js';

const inCurrency = (currency: string, date: string, more: Mutation = () => {}): Mutation =>
  all(setting('currency', currency), setting('date', date), setting('due_date', '2025-04-30'), more);

function xmlOf(mutate: Mutation, env: PipelineEnv = fixtureEnv()) {
  const outcome = run(mutate, env);
  if (outcome.kind !== 'validated' || !outcome.xml) throw new Error(`no XML: ${JSON.stringify(outcome.response)}`);
  return { outcome, tree: parseXml(outcome.xml) };
}
const texts = (tree: ReturnType<typeof parseXml>, path: string) => select(tree, path).map((n) => n.text);

describe('base invoice', () => {
  it('standard.json (AED), untouched, is valid; the helper table is the bundled one', () => {
    expectValid(run());
    expect(fixtureRates.size).toBeGreaterThan(0);
  });
});

describe('2.6.3 rate found: used in cac:TaxExchangeRate/cbc:CalculationRate', () => {
  it.each<[string, Mutation, Partial<PipelineEnv>, string]>([
    ['2.6.3 supplied exchange_rate 4.1234 is used as sent, not the table rate 3.9715', inCurrency('EUR', '2025-03-10', setting('exchange_rate', 4.1234)), {}, '4.1234'],
    ['2.6.3 supplied exchange_rate 3.971234 (six decimals) is used as sent', inCurrency('EUR', '2025-03-10', setting('exchange_rate', 3.971234)), {}, '3.971234'],
    ['2.6.3 supplied exchange_rate for a currency not in the table (JPY 0.0245) is used', inCurrency('JPY', '2025-03-10', setting('exchange_rate', 0.0245)), {}, '0.0245'],
    ['2.6.3/2.6.4 supplied exchange_rate for a date after today: never part of the lookup, used as sent', inCurrency('EUR', '2025-03-10', setting('exchange_rate', 3.99)), { today: '2025-03-01' }, '3.99'],
    ['2.6.3 supplied exchange_rate with no rate table at all', inCurrency('USD', '2025-03-10', setting('exchange_rate', 3.6725)), { rates: undefined }, '3.6725'],
    ['2.6.3 omitted: EUR on Monday 2025-03-10 → the Bank rate of that date 3.9715', inCurrency('EUR', '2025-03-10'), {}, '3.9715'],
    ['2.6.3 omitted: EUR on Friday 2025-03-07 → 3.9802', inCurrency('EUR', '2025-03-07'), {}, '3.9802'],
    ['2.6.3 weekend: EUR on Saturday 2025-03-08 → previous Friday 2025-03-07, 3.9802', inCurrency('EUR', '2025-03-08'), {}, '3.9802'],
    ['2.6.3 weekend: EUR on Sunday 2025-03-09 → previous Friday 2025-03-07, 3.9802', inCurrency('EUR', '2025-03-09'), {}, '3.9802'],
    ['2.6.3 weekend: USD on Sunday 2025-03-09 → previous Friday, 3.6725', inCurrency('USD', '2025-03-09'), {}, '3.6725'],
    ['2.6.3 + DESIGN last published day: GBP on Wed 2025-03-12 → 2025-03-07 (5 days back), 4.7403', inCurrency('GBP', '2025-03-12'), {}, '4.7403'],
    ['2.6.3 + DESIGN 7 days back is still found: USD on Fri 2025-03-21 → 2025-03-14, 3.6725', inCurrency('USD', '2025-03-21'), {}, '3.6725'],
    ['2.6.3 + 2.8.5 exchange_rate null is omitted → table rate 3.9715', inCurrency('EUR', '2025-03-10', setting('exchange_rate', null)), {}, '3.9715'],
    ['2.6.3 + 2.8.5 exchange_rate "" is omitted → table rate 3.9715', inCurrency('EUR', '2025-03-10', setting('exchange_rate', '')), {}, '3.9715'],
    ['2.6.3 today equal to the invoice date is not the future → 3.9715', inCurrency('EUR', '2025-03-10'), { today: '2025-03-10' }, '3.9715'],
  ])('%s', (_name, mutate, env, rate) => {
    const { outcome, tree } = xmlOf(mutate, fixtureEnv(env));
    expectValid(outcome);
    expect(texts(tree, 'cac:TaxExchangeRate/cbc:CalculationRate')).toEqual([rate]);
  });

  it('2.6.2 EUR invoice: TaxCurrencyCode AED, rate EUR→AED, a second TaxTotal in AED, BTAE-20 AED total; own totals not rewritten', () => {
    const { outcome, tree } = xmlOf(inCurrency('EUR', '2025-03-10'));
    expectValid(outcome);
    expect(texts(tree, 'cbc:DocumentCurrencyCode')).toEqual(['EUR']);
    expect(texts(tree, 'cbc:TaxCurrencyCode')).toEqual(['AED']);
    expect(texts(tree, 'cac:TaxExchangeRate/cbc:SourceCurrencyCode')).toEqual(['EUR']);
    expect(texts(tree, 'cac:TaxExchangeRate/cbc:TargetCurrencyCode')).toEqual(['AED']);
    const totals = select(tree, 'cac:TaxTotal/cbc:TaxAmount');
    expect(totals.map((n) => [n.text, n.attributes.currencyID])).toEqual([['62.50', 'EUR'], ['248.22', 'AED']]); // 62.50 × 3.9715 = 248.21875
    const refs = select(tree, 'cac:AdditionalDocumentReference');
    expect(JSON.stringify(refs)).toContain('aedtotal-incl-vat');
    expect(JSON.stringify(refs)).toContain('5212.59'); // 1312.50 × 3.9715 = 5212.59375
    expect(texts(tree, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['1312.50']);
    expect(select(tree, 'cac:LegalMonetaryTotal/cbc:PayableAmount')[0]!.attributes.currencyID).toBe('EUR');
  });

  it('2.6.3 supplied rate 4.1234 is never re-priced: the AED tax total uses it (62.50 × 4.1234 = 257.71)', () => {
    const { tree } = xmlOf(inCurrency('EUR', '2025-03-10', setting('exchange_rate', 4.1234)));
    expect(select(tree, 'cac:TaxTotal/cbc:TaxAmount').map((n) => n.text)).toEqual(['62.50', '257.71']);
  });
});

describe('2.6.5/7.3 no rate: error naming BTUAE-04, no rate invented', () => {
  const btuae04 = (data: ReturnType<typeof dataOf>) =>
    data.errors.some((e) => e.rule === 'BTUAE-04' || /BTUAE-04/.test(e.message));

  it.each<[string, Mutation, Partial<PipelineEnv>]>([
    ['DESIGN more than 7 days back: USD on Sat 2025-03-22 (last rate 2025-03-14, 8 days)', inCurrency('USD', '2025-03-22'), {}],
    ['DESIGN more than 7 days back: USD on 2025-03-31', inCurrency('USD', '2025-03-31'), {}],
    ['2.6.5 no rate on or before the date: GBP on 2025-03-02 (first GBP rate 2025-03-03)', inCurrency('GBP', '2025-03-02'), {}],
    ['2.6.5 DESIGN 7-day window: EUR on 2025-02-20 (table starts 2025-03-03)', inCurrency('EUR', '2025-02-20'), {}],
    ['2.6.5 unpublished currency: JPY on 2025-03-10', inCurrency('JPY', '2025-03-10'), {}],
    ['2.6.5 unpublished currency: SAR on 2025-03-10', inCurrency('SAR', '2025-03-10'), {}],
    ['2.6.5 date in the future: EUR 2025-03-10 with today 2025-03-09', inCurrency('EUR', '2025-03-10'), { today: '2025-03-09' }],
    ['2.6.5 date in the future even when the table lists it: USD 2025-03-14 with today 2025-03-13', inCurrency('USD', '2025-03-14'), { today: '2025-03-13' }],
    ['2.6.5 date in the future: weekend 2025-03-08 with today 2025-03-07 (Friday rate exists)', inCurrency('EUR', '2025-03-08'), { today: '2025-03-07' }],
    ['2.6.5 no rate table given and none sent: USD 2025-03-10', inCurrency('USD', '2025-03-10'), { rates: undefined }],
    ['2.6.5 + 2.8.5 exchange_rate "" is none sent: JPY 2025-03-10', inCurrency('JPY', '2025-03-10', setting('exchange_rate', '')), {}],
  ])('%s → error naming BTUAE-04', (_name, mutate, env) => {
    const outcome = run(mutate, fixtureEnv(env));
    expect(outcome.kind).toBe('validated');
    const data = dataOf(outcome);
    expect(data.is_valid).toBe(false);
    expect(btuae04(data), JSON.stringify(data.errors)).toBe(true);
    if (outcome.kind === 'validated' && outcome.xml) {
      expect(select(parseXml(outcome.xml), 'cac:TaxExchangeRate'), 'no rate is invented').toEqual([]);
    }
  });

  it('7.3 the missing-rate error names the rule on the error itself', () => {
    expectError(run(inCurrency('JPY', '2025-03-10')), { rule: 'BTUAE-04' });
  });
});

describe('2.6.3 + DESIGN: a supplied rate must be usable as sent', () => {
  it.each<[string, number]>([
    ['seven decimals (DESIGN: as sent, at most six; never re-priced)', 3.6725123],
    ['zero', 0],
    ['negative', -3.6725],
  ])('USD with exchange_rate of %s → error on exchange_rate', (_name, value) => {
    expectError(run(inCurrency('USD', '2025-03-10', setting('exchange_rate', value))), { field: 'exchange_rate' });
  });
});

describe('2.6.1 AED invoice: exchange_rate ignored', () => {
  it.each<[string, Mutation]>([
    ['2.6.1 AED by default, exchange_rate 3.5 sent', setting('exchange_rate', 3.5)],
    ['2.6.1 AED explicit, exchange_rate 3.6725 sent', all(setting('currency', 'AED'), setting('exchange_rate', 3.6725))],
    ['2.6.1 AED, exchange_rate 0 sent (ignored, so not an error)', setting('exchange_rate', 0)],
    ['2.6.1 AED, exchange_rate -1 sent (ignored, so not an error)', setting('exchange_rate', -1)],
    ['2.6.1 AED, exchange_rate with 9 decimals (ignored)', setting('exchange_rate', 3.672512345)],
  ])('%s → valid; no TaxCurrencyCode, no TaxExchangeRate, one TaxTotal in AED', (_name, mutate) => {
    const { outcome, tree } = xmlOf(mutate);
    expectValid(outcome);
    expect(texts(tree, 'cbc:DocumentCurrencyCode')).toEqual(['AED']);
    expect(select(tree, 'cbc:TaxCurrencyCode')).toEqual([]);
    expect(select(tree, 'cac:TaxExchangeRate')).toEqual([]);
    expect(select(tree, 'cac:TaxTotal').length).toBe(1);
    expect(select(tree, 'cac:TaxTotal/cbc:TaxAmount')[0]!.attributes.currencyID).toBe('AED');
  });

  it('2.6.1 AED: the document is identical with and without a sent exchange_rate', () => {
    const a = run();
    const b = run(setting('exchange_rate', 3.5));
    expect(a.kind === 'validated' && a.xml).toBe(b.kind === 'validated' && b.xml);
  });
});
