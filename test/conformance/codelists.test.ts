import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OFFICIAL_DIR } from '../helpers/paths.js';
import { EAS_CODES } from '../../src/codelists/eas.js';
import { CURRENCY_CODES } from '../../src/codelists/currencies.js';
import { countryCode, isCountryCode } from '../../src/codelists/countries.js';
import { EXEMPTION_REASONS, REVERSE_CHARGE_ITEM_TYPES } from '../../src/codelists/tax.js';

const DIR = join(OFFICIAL_DIR, 'codelists');
const HAVE = existsSync(DIR);
if (!HAVE) console.warn(`SKIPPED: official PINT-AE code lists not found at ${DIR} (set PINTAE_OFFICIAL_DIR)`);

/** Rows of a genericode list as arrays of their values (id first). */
function rows(file: string): string[][] {
  const text = readFileSync(join(DIR, file), 'utf8');
  return [...text.matchAll(/<gc:Row>([\s\S]*?)<\/gc:Row>/g)].map((m) => [...m[1]!.matchAll(/<gc:SimpleValue>([^<]*)/g)].map((v) => v[1]!.trim()));
}

describe.skipIf(!HAVE)('our code lists agree with the official PINT-AE 1.0.4 lists', () => {
  it('EAS: the same codes', () => {
    expect([...EAS_CODES].sort()).toEqual(rows('eas.gc').map((r) => r[0]).sort());
  });
  it('ISO 4217: every official currency code is known', () => {
    expect(rows('ISO4217.gc').map((r) => r[0]!).filter((c) => !CURRENCY_CODES.has(c))).toEqual([]);
  });
  it('ISO 3166: every official code is known, and every official name resolves to its code', () => {
    const list = rows('ISO3166.gc');
    expect(list.map((r) => r[0]!).filter((c) => !isCountryCode(c))).toEqual([]);
    expect(list.filter(([code, name]) => countryCode(name) !== code).map(([code, name]) => `${code} ${name}`)).toEqual([]);
  });
  it('UAE exemption reasons and reverse-charge item types', () => {
    expect(Object.keys(EXEMPTION_REASONS).sort()).toEqual(rows('Aligned-TaxExemptionCodes.gc').map((r) => r[0]).sort());
    expect(Object.keys(REVERSE_CHARGE_ITEM_TYPES).sort()).toEqual(rows('GoodsType.gc').map((r) => r[0]).sort());
  });
});
