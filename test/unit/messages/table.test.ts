import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../dist/pipeline.js';
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import { WORDS, requestWords } from '../../../src/messages/table.js';
import { speak } from '../../../src/messages/ref.js';
import { builtFixtureEnv } from '../../helpers/pipeline-built.js';
import { FIXTURES } from '../../helpers/paths.js';

/*
 * Issue 12 "words a person understands": each mistake below, alone in the standard invoice, is one a request can
 * make; every PINT-AE rule it trips on the built document must be said in the request's terms (the official text kept
 * as rule_text), and the mistake must give one root finding, naming the field it is at.
 */

type Body = Record<string, any>;
const standard = (): Body => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
const env = builtFixtureEnv({ schematron: builtinRuleSet(), rates: undefined });
const line0 = (b: Body, fields: Body) => { b.line_items[0] = { ...b.line_items[0], ...fields }; };

const MISTAKES: Array<[string, (b: Body) => void, string]> = [
  ['unknown currency', (b) => { b.currency = 'AEX'; b.exchange_rate = 1; }, 'currency'],
  ['foreign currency, no rate', (b) => { b.currency = 'USD'; }, 'currency'],
  ['rate with 7 decimals', (b) => { b.currency = 'USD'; b.exchange_rate = 3.6725001; }, 'exchange_rate'],
  ['VAT on a zero-rated line', (b) => line0(b, { tax_category: 'Z' }), 'line_items[0].tax_amount'],
  ['VAT on an exempt line', (b) => line0(b, { tax_category: 'E', tax_exemption_reason: 'DL8.46.1' }), 'line_items[0].tax_amount'],
  ['VAT on an out-of-scope line', (b) => line0(b, { tax_category: 'O' }), 'line_items[0].tax_amount'],
  ['VAT on a reverse-charge line', (b) => line0(b, { tax_category: 'AE', item_type: 'DL8.48.8.1', item_standard_id: '1' }), 'line_items[0].tax_amount'],
  ['VAT on a margin-scheme line', (b) => line0(b, { tax_category: 'N' }), 'line_items[0].tax_amount'],
  ['exempt line without a reason', (b) => line0(b, { tax_category: 'E', tax_amount: 0 }), 'line_items[0].tax_exemption_reason'],
  ['reverse-charge item type not on the list', (b) => line0(b, { tax_category: 'AE', tax_amount: 0, item_type: 'DL8.48.9', item_standard_id: '1' }), 'line_items[0].item_type'],
  ['buyer TRN not conformant', (b) => { b.buyer.trn = '100987654300009'; }, 'buyer.trn'],
  ['buyer country not a code', (b) => { b.buyer.country = 'XX'; }, 'buyer.country'],
  ['delivery address without a country', (b) => { b.delivery = { address_line1: 'Warehouse 4', city: 'Dubai' }; }, 'delivery.country'],
  ['unreadable category', (b) => line0(b, { tax_category: 'Standart' }), 'line_items[0].tax_category'],
];

describe('one mistake: one root finding in the terms of the request', () => {
  for (const [name, mutate, field] of MISTAKES) {
    it(name, () => {
      const body = standard();
      mutate(body);
      const outcome = validateInvoice(body, env);
      if (outcome.kind !== 'validated') throw new Error('rejected');
      const all = [...outcome.response.data.errors, ...outcome.response.data.warnings];
      // The fixtures' date is before the built-in rules' validity: that warning is a root of its own, not this mistake's.
      const roots = all.filter((f) => f.cause === undefined && f.rule !== 'pintae/rules-validity');
      expect(roots.map((f) => f.field)).toEqual([field]);
      expect(roots[0]!.message).toContain(field.replace(/^line_items\[0\]\./, ''));
      for (const f of all) {
        // A PINT-AE finding keeps the official text aside and says the mistake in its own words.
        if (f.rule_text !== undefined) expect(f.message, `${f.rule}: ${f.rule_text}`).not.toBe(f.rule_text);
        expect(f.message).not.toMatch(/\bis MUST\b|\[IBT-\d+\]/);
      }
    });
  }
});

describe('the words of the table', () => {
  it('every entry names the field it is given, and code-list entries the nearest code', () => {
    for (const rule of Object.keys(WORDS)) {
      const text = requestWords(rule, { field: 'line_items[3].tax_amount', sent: 'AEX', currency: 'USD', date: '2025-03-10' })!.message;
      expect(text.length, rule).toBeGreaterThan(20);
    }
    expect(requestWords('ibr-cl-04', { field: 'currency', sent: 'AEX' })?.message).toBe('currency "AEX" is not an ISO 4217 currency code — did you mean "AED"?');
  });

  it('an unreadable category names the category its nearest label stands for, and none where every code is as near', () => {
    const said = (sent: string) => requestWords('ibr-139-ae', { field: 'line_items[0].tax_category', sent })!.message;
    expect(said('Standart')).toMatch(/ — did you mean "S" \(standard rated, 5%\)\?$/);
    expect(said('Exmept')).toMatch(/ — did you mean "E" \(exempt\)\?$/);
    expect(said('X')).not.toContain('did you mean');
  });

  it('exemption and reverse-charge findings list the codes with their meanings (spec 2.7)', () => {
    const exempt = requestWords('ibr-167-ae', { field: 'line_items[0].tax_exemption_reason' })!.message;
    expect(exempt).toContain('DL8.46.1 (certain financial services), DL8.46.2 (residential units lease or sale), DL8.46.3 (bare land), DL8.46.4 (local passenger transport)');
    const item = requestWords('ibr-166-ae', { field: 'line_items[0].item_type' })!.message;
    expect(item).toContain('DL8.48.8.1 (gold and diamonds), DL8.48.8.2 (electronic devices), DL8.48.3.1 (crude or refined oil), DL8.48.3.2 (natural gas), DL8.48.3.3 (pure hydrocarbons)');
  });
});

describe('the PINT-AE rules a request was measured to trip in the official English (docs/decisions.md)', () => {
  it('ibr-080: a buyer TRN with no digits leaves the electronic address empty, said in the request\'s terms and in Arabic', () => {
    const body = standard();
    body.buyer.trn = 'X';
    const outcome = validateInvoice(body, env);
    if (outcome.kind !== 'validated') throw new Error('rejected');
    const f = outcome.findings.find((x) => x.rule === 'ibr-080');
    expect(f?.rule_text).toBe('The Buyer electronic address (ibt-049) MUST be provided.');
    expect(f!.message).toContain('buyer.trn');
    expect(speak(f!.said!, 'ar')).toMatch(/العنوان الإلكتروني للمشتري/u);
  });
});
