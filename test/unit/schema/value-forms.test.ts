/**
 * Issue 24 item 4: a value in a common wrong form gets pintae's hint, quoting it and giving the value to send. The
 * expected values are the readings of each text by hand (the request wants amounts with a point for decimals and
 * nothing between thousands, spec 2.7; dates YYYY-MM-DD, spec 2.1; a TRN of 15 digits, spec 2.2), not the code's output.
 */
import { describe, expect, it } from 'vitest';
import { dateFix, numberFix, trnFix } from '../../../src/schema/value-forms.js';
import { valueFixWords } from '../../../src/messages/values.js';
import { valueKindAt } from '../../../src/findings/hints.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { dataOf, fixtureEnv } from '../../helpers/pipeline.js';
import { base } from '../rules/support.js';

const words = (fix: ReturnType<typeof numberFix>) => (fix === undefined ? undefined : valueFixWords(fix));

describe('amounts in a wrong form (issue 24 item 4)', () => {
  it.each<[string, string]>([
    ['12,500.00', '"12,500.00" has a comma between thousands: send 12500.00'],
    ['1,250,000', '"1,250,000" has a comma between thousands: send 1250000'],
    ['12,50,000.00', '"12,50,000.00" has a comma between thousands: send 1250000.00'],
    ['12 500.00', '"12 500.00" has a space between thousands: send 12500.00'],
    ['12\u00a0500,00', '"12\u00a0500,00" has a space between thousands and has a decimal comma: send 12500.00'],
    ["12'500.50", '"12\'500.50" has an apostrophe between thousands: send 12500.50'],
    ['1.250.000', '"1.250.000" has a point between thousands: send 1250000'],
    ['1.250,00', '"1.250,00" has a point between thousands and has a decimal comma: send 1250.00'],
    ['12,5', '"12,5" has a decimal comma: send 12.5'],
    ['0,250', '"0,250" has a decimal comma: send 0.250'],
    ['1250,500', '"1250,500" has a decimal comma: send 1250.500'],
    ['AED 100', '"AED 100" has its currency in it (AED; the currency field states it): send 100'],
    ['100 AED', '"100 AED" has its currency in it (AED; the currency field states it): send 100'],
    ['د.إ 100', '"د.إ 100" has its currency in it (AED; the currency field states it): send 100'],
    ['100 د.إ', '"100 د.إ" has its currency in it (AED; the currency field states it): send 100'],
    ['$100', '"$100" has its currency in it (USD; the currency field states it): send 100'],
    ['usd 99.90', '"usd 99.90" has its currency in it (USD; the currency field states it): send 99.90'],
    ['Dhs 1,200.50', '"Dhs 1,200.50" has its currency in it (AED; the currency field states it) and has a comma between thousands: send 1200.50'],
    ['(150.00)', '"(150.00)" is in parentheses for a negative amount: send -150.00'],
  ])('%j', (sent, expected) => {
    expect(words(numberFix(sent, false))).toBe(expected);
  });

  it('"1,250": both readings, as the comma may be either separator', () => {
    expect(numberFix('1,250', false)).toMatchObject({ fixed: '1250', or: '1.250' });
    expect(words(numberFix('1,250', false))).toBe('"1,250" reads as 1250 with a comma between thousands or as 1.250 with a decimal comma: send 1250 or 1.250 (a point for decimals, nothing between thousands)');
    expect(words(numberFix('AED 1,250', false))).toBe('"AED 1,250" has its currency in it (AED; the currency field states it), and reads as 1250 with a comma between thousands or as 1.250 with a decimal comma: send 1250 or 1.250 (a point for decimals, nothing between thousands)');
  });

  it('a percent sign is a wrong form of a rate only', () => {
    expect(words(numberFix('5%', true))).toBe('"5%" has a percent sign (the field is a percentage already): send 5');
    expect(words(numberFix('5 %', true))).toBe('"5 %" has a percent sign (the field is a percentage already): send 5');
    expect(numberFix('5%', false)).toBeUndefined();
  });

  it.each(['abc', '12.50', '1,25,0', '12,500.00.00', 'XYZ 100', '1,2,3', '', '€', '--5', '1e5', '12,500,00', '99999999999999'])('no reading for %j', (sent) => {
    expect(numberFix(sent, true)).toBeUndefined();
  });
});

describe('dates in a wrong form (issue 24 item 4)', () => {
  it.each<[string, string]>([
    ['15/06/2026', '"15/06/2026" is a date in DD/MM/YYYY form: send "2026-06-15" (YYYY-MM-DD)'],
    ['15-06-2026', '"15-06-2026" is a date in DD-MM-YYYY form: send "2026-06-15" (YYYY-MM-DD)'],
    ['15.06.2026', '"15.06.2026" is a date in DD.MM.YYYY form: send "2026-06-15" (YYYY-MM-DD)'],
    ['2026/06/15', '"2026/06/15" is a date in YYYY/MM/DD form: send "2026-06-15" (YYYY-MM-DD)'],
    ['2026.6.5', '"2026.6.5" is a date in YYYY.MM.DD form: send "2026-06-05" (YYYY-MM-DD)'],
    ['2026-6-5', '"2026-6-5" is a date in YYYY-M-D form: send "2026-06-05" (YYYY-MM-DD)'],
    ['06/15/2026', '"06/15/2026" is a date in MM/DD/YYYY form: send "2026-06-15" (YYYY-MM-DD)'],
    ['5/5/2026', '"5/5/2026" is a date in DD/MM/YYYY form: send "2026-05-05" (YYYY-MM-DD)'],
    ['15-Jun-2026', '"15-Jun-2026" is a date in words: send "2026-06-15" (YYYY-MM-DD)'],
    ['15 June 2026', '"15 June 2026" is a date in words: send "2026-06-15" (YYYY-MM-DD)'],
    ['June 15, 2026', '"June 15, 2026" is a date in words: send "2026-06-15" (YYYY-MM-DD)'],
    ['2026-06-15T00:00:00', '"2026-06-15T00:00:00" has a time of day: send the date alone, "2026-06-15"'],
    ['2026-06-15 10:30', '"2026-06-15 10:30" has a time of day: send the date alone, "2026-06-15"'],
  ])('%j', (sent, expected) => {
    expect(words(dateFix(sent))).toBe(expected);
  });

  it('day and month both 12 or less: ambiguous, both readings given', () => {
    expect(dateFix('03/06/2026')).toMatchObject({ readings: ['2026-06-03', '2026-03-06'] });
    expect(words(dateFix('03/06/2026'))).toBe('"03/06/2026" is a date in DD/MM/YYYY or MM/DD/YYYY form, and its day and month are both 12 or less, so either is meant: send "2026-06-03" (3 June) or "2026-03-06" (6 March), in YYYY-MM-DD form');
    expect(dateFix('12.11.2026')).toMatchObject({ readings: ['2026-11-12', '2026-12-11'] });
  });

  it('a day the calendar does not have is said so, in its own form or the one it was read in', () => {
    expect(words(dateFix('2026-02-30'))).toBe('"2026-02-30" names 30 February 2026, a day the calendar does not have: February 2026 has 28 days');
    expect(words(dateFix('29/02/2028'))).toBe('"29/02/2028" is a date in DD/MM/YYYY form: send "2028-02-29" (YYYY-MM-DD)');
    expect(words(dateFix('31/06/2026'))).toBe('"31/06/2026" (DD/MM/YYYY) names 31 June 2026, a day the calendar does not have: June 2026 has 30 days');
  });

  it.each(['2026-06-15', '15/06/26', '32/01/2026', '13/13/2026', '00/05/2026', 'tomorrow', '2026-13-01', '15 Juneteenth 2026'])('no reading for %j', (sent) => {
    expect(dateFix(sent)).toBeUndefined();
  });
});

describe('a TRN with spaces or dashes (issue 24 item 4)', () => {
  it.each<[string, string]>([
    ['100-1234-5678-9003', '"100-1234-5678-9003" has dashes: send the 15 digits alone, "100123456789003"'],
    ['100 1234 5678 9003', '"100 1234 5678 9003" has spaces: send the 15 digits alone, "100123456789003"'],
    ['TRN: 100123456789003', '"TRN: 100123456789003" has a "TRN" label: send the 15 digits alone, "100123456789003"'],
    ['TRN 100-1234 5678-9003', '"TRN 100-1234 5678-9003" has a "TRN" label, spaces and dashes: send the 15 digits alone, "100123456789003"'],
  ])('%j', (sent, expected) => {
    expect(words(trnFix(sent))).toBe(expected);
  });

  it.each(['100123456789003', '100-1234-5678-900', 'ABC-1234-5678-9003', '100-1234-5678-90033'])('no reading for %j', (sent) => {
    expect(trnFix(sent)).toBeUndefined();
  });
});

describe('which fields are read how', () => {
  it.each<[string, string | undefined]>([
    ['line_items[3].unit_amount', 'amount'], ['line_items[0].tax_rate', 'percent'], ['line_items[0].discount_percent', 'percent'],
    ['total', 'amount'], ['exchange_rate', 'amount'], ['date', 'date'], ['due_date', 'date'], ['actual_delivery_date', 'date'],
    ['buyer.trn', 'trn'], ['buyer.name', undefined], ['line_items[0].description', undefined], ['invoice_date', undefined],
  ])('%s → %s', (field, kind) => {
    expect(valueKindAt(field)).toBe(kind);
  });
});

describe('in the validate response: a hint beside the finding, the message left as it was', () => {
  it('an amount with a thousands separator, a date in DD/MM/YYYY form, a TRN with dashes', () => {
    const body = base();
    body.line_items[0].unit_amount = '12,500.00';
    body.date = '15/06/2026';
    body.buyer.trn = '100-9876-5430-0003';
    const data = dataOf(validateInvoice(body, fixtureEnv()));
    const at = (field: string) => data.errors.filter((e) => e.field === field);
    expect(at('line_items[0].unit_amount')).toMatchObject([{
      message: 'line_items[0].unit_amount must be a number', hint: '"12,500.00" has a comma between thousands: send 12500.00',
    }]);
    expect(at('date')).toMatchObject([{
      message: 'date must be a calendar date in YYYY-MM-DD form', hint: '"15/06/2026" is a date in DD/MM/YYYY form: send "2026-06-15" (YYYY-MM-DD)',
    }]);
    expect(at('buyer.trn')[0]).toMatchObject({
      message: 'TRN must be 15 characters long', hint: '"100-9876-5430-0003" has dashes: send the 15 digits alone, "100987654300003"',
    });
    // Every other finding is as it was: no hint where no value is in a wrong form.
    expect(data.errors.filter((e) => e.hint === undefined && ['line_items[0].unit_amount', 'date', 'buyer.trn'].includes(e.field!))).toEqual([]);
    expect(data.errors.filter((e) => e.hint !== undefined && !['line_items[0].unit_amount', 'date', 'buyer.trn'].includes(e.field!))).toEqual([]);
  });

  it('an amount too large is told its size; text that is no number is not', () => {
    const body = base();
    body.line_items[0].unit_amount = '99999999999999';
    body.line_items[1].unit_amount = 'twelve';
    const errors = dataOf(validateInvoice(body, fixtureEnv())).errors;
    expect(errors.find((e) => e.field === 'line_items[0].unit_amount')).toMatchObject({ message: 'line_items[0].unit_amount must be an amount below 10,000,000,000,000' });
    expect(errors.find((e) => e.field === 'line_items[1].unit_amount')).toEqual(expect.objectContaining({ message: 'line_items[1].unit_amount must be a number' }));
    expect(errors.find((e) => e.field === 'line_items[1].unit_amount')!.hint).toBeUndefined();
  });
});
