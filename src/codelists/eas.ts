/** Peppol Electronic Address Scheme (EAS) codes, as OpenPeppol publishes the list. */
const CODES = `0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0154 0158 0177 0183 0184 0188 0190 0191 0192
0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 0216 0218 0221 0230 0235 0240 0242 0244
0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935
9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959`;

export const EAS_CODES: ReadonlySet<string> = new Set(CODES.split(/\s+/));

export function isEasCode(code: string): boolean {
  return EAS_CODES.has(code);
}

export const UAE_SCHEME = '0235';

/**
 * The scheme a foreign buyer's bare tax number is filed under (spec 2.8 case 3): the EAS VAT-number scheme of
 * each country that publishes one, the single published schemes of US, AU, JP and NG, and Estonia's 0191.
 * Countries absent here (DK, SE, NO, FI, SG, MY, IS, BR and every other) fall back to the placeholder (case 4).
 */
export const TAX_NUMBER_SCHEME: Readonly<Record<string, string>> = {
  HU: '9910', AT: '9914', ES: '9920', AD: '9922', AL: '9923', BA: '9924', BE: '9925', BG: '9926', CH: '9927',
  CY: '9928', CZ: '9929', DE: '9930', GB: '9932', GR: '9933', HR: '9934', IE: '9935', LI: '9936', LT: '9937',
  LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942', MT: '9943', NL: '9944', PL: '9945', PT: '9946',
  RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951', TR: '9952', VA: '9953', FR: '9957',
  IT: '0211', OM: '0248', US: '9959', AU: '0151', JP: '0221', NG: '0244', EE: '0191',
};

/** Countries named by spec 2.8 case 4 as publishing nothing usable: a tax number alone goes to the placeholder. */
export const NO_USABLE_SCHEME: ReadonlySet<string> = new Set(['DK', 'SE', 'NO', 'FI', 'SG', 'MY', 'IS', 'BR']);

/** Identifier lengths a scheme fixes (spec 2.1 participant_id, spec 8). */
export const SCHEME_ID_LENGTH: Readonly<Record<string, number>> = { '0235': 10, '0191': 8, '0088': 13 };

/** Digits of a tax number that a scheme keeps (spec 2.8: a UAE TRN gives 10, an Estonian number 8). */
export const SCHEME_TRUNCATION: Readonly<Record<string, number>> = { '0235': 10, '0191': 8 };

export const PLACEHOLDER = {
  deemedSupply: '9900000097',
  noIdentifier: '9900000098',
  export: '9900000099',
} as const;
