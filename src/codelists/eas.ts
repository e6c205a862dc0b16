import { RULE_LISTS } from './rule-lists.data.js';

/** Peppol Electronic Address Scheme (EAS) codes, as the PINT-AE rules accept them (ibr-cl-25; the list the built-in rules hold). */
export const EAS_CODES: ReadonlySet<string> = new Set(RULE_LISTS['cl-eas']);

export function isEasCode(code: string): boolean {
  return EAS_CODES.has(code);
}

/**
 * A table looked up by text from a request (a country, a scheme): without Object.prototype, so "constructor" or
 * "toString" finds nothing rather than a function (which was written into the XML as a scheme).
 */
function byCode<T>(table: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, table));
}

export const UAE_SCHEME = '0235';

/**
 * The scheme a foreign buyer's bare tax number is filed under (spec 2.8 case 3): the EAS VAT-number scheme of
 * each country that publishes one, the single published schemes of US, AU, JP and NG, and Estonia's 0191.
 * Countries absent here (DK, SE, NO, FI, SG, MY, IS, BR and every other) fall back to the placeholder (case 4).
 */
export const TAX_NUMBER_SCHEME: Readonly<Record<string, string>> = byCode({
  HU: '9910', AT: '9914', ES: '9920', AD: '9922', AL: '9923', BA: '9924', BE: '9925', BG: '9926', CH: '9927',
  CY: '9928', CZ: '9929', DE: '9930', GB: '9932', GR: '9933', HR: '9934', IE: '9935', LI: '9936', LT: '9937',
  LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942', MT: '9943', NL: '9944', PL: '9945', PT: '9946',
  RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951', TR: '9952', VA: '9953', FR: '9957',
  IT: '0211', OM: '0248', US: '9959', AU: '0151', JP: '0221', NG: '0244', EE: '0191',
});

/** Countries named by spec 2.8 case 4 as publishing nothing usable: a tax number alone goes to the placeholder. */
export const NO_USABLE_SCHEME: ReadonlySet<string> = new Set(['DK', 'SE', 'NO', 'FI', 'SG', 'MY', 'IS', 'BR']);

/** Identifier lengths a scheme fixes (spec 2.1 participant_id, spec 8). */
export const SCHEME_ID_LENGTH: Readonly<Record<string, number>> = byCode({ '0235': 10, '0191': 8, '0088': 13 });

/** Digits of a tax number that a scheme keeps (spec 2.8: a UAE TRN gives 10, an Estonian number 8). */
export const SCHEME_TRUNCATION: Readonly<Record<string, number>> = byCode({ '0235': 10, '0191': 8 });

export const PLACEHOLDER = {
  deemedSupply: '9900000097',
  noIdentifier: '9900000098',
  export: '9900000099',
} as const;
