/**
 * Issue 23 item 3: pintae reads each code list as its built-in rules hold it, everywhere (normalize, did-you-mean
 * suggestions, the view's meanings). The rules' lists themselves are held to the official rules by
 * test/conformance/codelists-enforced.test.ts; this file holds everything else to the rules' lists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_LISTS } from '../../../src/codelists/rule-lists.data.js';
import { CURRENCY_CODES, isCurrencyCode, isTddCurrencyCode, TDD_CURRENCY_CODES } from '../../../src/codelists/currencies.js';
import { EAS_CODES } from '../../../src/codelists/eas.js';
import { UNIT_CODES, unitCode } from '../../../src/codelists/units.js';
import { isCountryCode } from '../../../src/codelists/countries.js';
import { COUNTRY_NAMES } from '../../../src/codelists/countries.data.js';
import { EMIRATE_CODES } from '../../../src/codelists/emirates.js';
import { REVERSE_CHARGE_ITEM_TYPES, TAX_CATEGORIES } from '../../../src/codelists/tax.js';
import { categoryMeaning, countryMeaning, emirateMeaning, itemTypeMeaning, paymentMeaning, unitMeaning } from '../../../src/view/meanings.js';
import { ROOT } from '../../helpers/paths.js';
// @ts-expect-error: a plain script, no types
import { generate } from '../../../scripts/gen-codelists.mjs';

const list = (name: keyof typeof RULE_LISTS) => [...RULE_LISTS[name]].sort();
const sorted = (xs: Iterable<string>) => [...xs].sort();
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;
const twoChars = [...ALNUM].flatMap((a) => [...ALNUM].map((b) => a + b));

describe('the code lists of src/codelists are the built-in rules\' lists', () => {
  it('rule-lists.data.ts is generated from the rules as they are now (node scripts/gen-codelists.mjs)', () => {
    expect(readFileSync(join(ROOT, 'src/codelists/rule-lists.data.ts'), 'utf8')).toBe(generate());
  });
  it('currencies: the PINT-AE list (ibr-cl-03/04/05) and the TDD list (ibr-tdd-30-1/31-1)', () => {
    expect(sorted(CURRENCY_CODES)).toEqual(list('cl-iso4217'));
    expect(sorted(TDD_CURRENCY_CODES)).toEqual(list('tdd-iso4217'));
    // Withdrawn codes no longer pass as currencies of an invoice (the official rules flag them); CNH does.
    for (const c of ['ANG', 'BGN', 'CUC', 'SLL', 'ZWL']) expect(isCurrencyCode(c), c).toBe(false);
    expect(isCurrencyCode('CNH')).toBe(true);
    expect(isTddCurrencyCode('ANG')).toBe(true);
    expect(isTddCurrencyCode('XCG')).toBe(false);
  });
  it('EAS (ibr-cl-25)', () => expect(sorted(EAS_CODES)).toEqual(list('cl-eas')));
  it('countries (ibr-cl-14/15): every one- or two-character code is a country exactly when the rules accept it', () => {
    const accepted = new Set<string>(RULE_LISTS['cl-iso3166']);
    expect(twoChars.filter((c) => isCountryCode(c) !== accepted.has(c))).toEqual([]);
    expect(sorted(Object.keys(COUNTRY_NAMES)).filter((c) => !accepted.has(c))).toEqual([]);
  });
  it('tax categories (ibr-139-ae) and reverse-charge item types (ibr-006-ae)', () => {
    expect(sorted(TAX_CATEGORIES)).toEqual(list('cl-ae-tax-category'));
    expect(sorted(Object.keys(REVERSE_CHARGE_ITEM_TYPES))).toEqual(list('cl-ae-rcm-goods'));
  });
  it('emirates (ibr-128-ae, whose list is written in the rule)', () => {
    const rule = readFileSync(join(ROOT, 'schematron/pint-ae/uae-model-1.sch'), 'utf8');
    const inRule = /id="ibr-128-ae"[^>]*test="[^"]*cbc:CountrySubentity = \(([^)]*)\)/.exec(rule)![1]!.split(',').map((c) => c.trim().replace(/'/g, ''));
    expect(sorted(EMIRATE_CODES)).toEqual(sorted(inRule));
  });
});

describe('normalize reads the units the rules accept (spec 2.7: a Rec 20 code passes, anything else is a label or EA)', () => {
  it('every unit code of ibr-cl-23 passes as sent, in either case', () => {
    expect(sorted(UNIT_CODES)).toEqual(list('cl-rec20'));
    for (const c of RULE_LISTS['cl-rec20']) expect(unitCode(c), c).toBe(c);
    expect(unitCode('xbx')).toBe('XBX');
  });
  it('a withdrawn code the rules flag is not passed on: PCE is a piece (H87), NPR and ST fall back to EA', () => {
    expect(unitCode('PCE')).toBe('H87');
    expect(unitCode('NPR')).toBe('EA');
    expect(unitCode('ST')).toBe('EA');
    for (const c of twoChars) {
      const u = unitCode(c);
      expect(UNIT_CODES.has(u), `${c} → ${u}`).toBe(true);
    }
  });
});

describe('the view names only codes the rules accept', () => {
  it('every code with a meaning is one of its rule\'s codes, and every code of the small lists has one', () => {
    const check = (codes: readonly string[], meaning: (c: string) => unknown, all: boolean, candidates: string[]) => {
      const accepted = new Set(codes);
      expect(candidates.filter((c) => meaning(c) !== undefined && !accepted.has(c)), 'a meaning for a code the rules flag').toEqual([]);
      if (all) expect(codes.filter((c) => meaning(c) === undefined), 'an accepted code without a meaning').toEqual([]);
    };
    const threeLetters = [...LETTERS].flatMap((a) => [...LETTERS].flatMap((b) => [...LETTERS].map((c) => a + b + c)));
    const numbers = Array.from({ length: 1000 }, (_, i) => String(i));
    check(RULE_LISTS['cl-ae-tax-category'], categoryMeaning, true, twoChars);
    check(EMIRATE_CODES, emirateMeaning, true, threeLetters);
    check(RULE_LISTS['cl-ae-rcm-goods'], itemTypeMeaning, true, [...Object.keys(REVERSE_CHARGE_ITEM_TYPES), 'DL8.48.3.4', 'DL8.48.8']);
    check(RULE_LISTS['cl-iso3166'], countryMeaning, false, twoChars);
    check(RULE_LISTS['cl-uncl4461'], paymentMeaning, false, [...numbers, ...twoChars, 'ZZZ']);
    check(RULE_LISTS['cl-rec20'], unitMeaning, false, [...twoChars, ...threeLetters]);
  });
});
