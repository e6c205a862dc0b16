/**
 * Buyer electronic address (EndpointID) derivation, spec 2.8 — expected values taken from the spec
 * (/work/shared/spec/service-api.md: 2.2 buyer object, 2.5 transaction_type_code, 2.8, 7.2, 7.3, 8),
 * never from what the code happens to do. Every row names the passage it comes from.
 */
import { describe, expect, it } from 'vitest';
import { deriveBuyerEndpoint, type EndpointResult } from '../../../src/derive/endpoint.js';
import { normalizeInvoice } from '../../../src/normalize/invoice.js';
import { pruneEmpty } from '../../../src/normalize/prune.js';
import type { Buyer } from '../../../src/model/types.js';

/** Spec 2.5: positions 1..8 = free zone, deemed supply, margin, summary, continuous, agent, e-commerce, export. */
const ORDINARY = '00000000';
const EXPORT = '00000001';
const DEEMED = '01000000';
const DEEMED_EXPORT = '01000001';
const FREE_ZONE = '10000000';

/** Spec 2.8 placeholder addresses. */
const DEEMED_SUPPLY_ID = '9900000097';
const NO_IDENTIFIER_ID = '9900000098';
const EXPORT_ID = '9900000099';

const UAE_TRN = '100234567890003'; // 15 digits (spec 8), starts with 1, ends with 03
const UAE_TRN_FIRST_10 = '1002345678';

interface Addressed { spec: string; buyer: Buyer; ttc: string; scheme: string; id: string }
interface Refused {
  spec: string;
  buyer: Buyer;
  ttc: string;
  /** Only what the spec names: IBT-049-1 in 7.3, contact_trn in 7.2. */
  rule?: string;
  section?: string;
  message?: RegExp;
}

function expectAddressed(result: EndpointResult, scheme: string, id: string): void {
  expect(result.findings).toEqual([]);
  expect(result.endpoint).not.toBeNull();
  expect({ scheme: result.endpoint!.scheme, id: result.endpoint!.id }).toEqual({ scheme, id });
}

function expectRefused(result: EndpointResult, row: Pick<Refused, 'rule' | 'section' | 'message'>): void {
  expect(result.endpoint).toBeNull();
  expect(result.findings.length).toBeGreaterThan(0);
  for (const f of result.findings) expect(f.severity).toBe('error');
  if (row.rule) expect(result.findings.map((f) => f.rule)).toContain(row.rule);
  if (row.section) expect(result.findings.map((f) => f.section)).toContain(row.section);
  if (row.message) expect(result.findings.map((f) => f.message).join('\n')).toMatch(row.message);
}

describe('deriveBuyerEndpoint: spec 2.8 table row 1, deemed supply (position 2 = 1)', () => {
  const rows: Addressed[] = [
    { spec: '2.8 row 1: deemed supply, UAE buyer with TRN → 0235:9900000097', buyer: { country: 'AE', trn: UAE_TRN }, ttc: DEEMED, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1: deemed supply wins over a participant id (UAE)', buyer: { country: 'AE', participant_id: '1009999999' }, ttc: DEEMED, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1: deemed supply wins over a participant id with scheme (foreign)', buyer: { country: 'DE', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: DEEMED, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1: deemed supply wins over the export flag (no identifier)', buyer: { country: 'US' }, ttc: DEEMED_EXPORT, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1: deemed supply wins over participant id and export flag together', buyer: { country: 'GB', participant_id: 'GB123456789', participant_scheme: '9932' }, ttc: DEEMED_EXPORT, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1: deemed supply wins over a foreign tax number', buyer: { country: 'FR', trn: 'FR12345678901' }, ttc: DEEMED, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.8 row 1 (first match wins): deemed supply, UAE buyer without identifier is filed, not refused', buyer: { country: 'AE' }, ttc: DEEMED, scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.5 + 2.8 row 1: position 2 decides even with other flags set (11100000)', buyer: { country: 'DE', trn: 'DE123456789' }, ttc: '11100000', scheme: '0235', id: DEEMED_SUPPLY_ID },
    { spec: '2.5 + 2.8 row 3: position 1 (free zone) is not deemed supply → foreign no-identifier placeholder', buyer: { country: 'DE' }, ttc: FREE_ZONE, scheme: '0235', id: NO_IDENTIFIER_ID },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 table row 2, export (position 8 = 1)', () => {
  const rows: Addressed[] = [
    { spec: '2.8 row 2: export, foreign buyer with neither trn nor participant_id → 0235:9900000099', buyer: { country: 'US' }, ttc: EXPORT, scheme: '0235', id: EXPORT_ID },
    { spec: '2.8 row 2: export, foreign buyer sending only participant_scheme (no trn, no participant_id) → 0235:9900000099', buyer: { country: 'DE', participant_scheme: '9930' }, ttc: EXPORT, scheme: '0235', id: EXPORT_ID },
    { spec: '2.8 row 2 before row 3 (first match wins): export, UAE buyer with neither → 0235:9900000099', buyer: { country: 'AE' }, ttc: EXPORT, scheme: '0235', id: EXPORT_ID },
    { spec: '2.8 row 2 + 2.8.7: export, foreign tax number in a VAT-scheme country is used, not the placeholder (DE 9930)', buyer: { country: 'DE', trn: 'DE123456789' }, ttc: EXPORT, scheme: '9930', id: 'DE123456789' },
    { spec: '2.8 row 2 + 2.8 case 2: export, foreign participant id with scheme used as sent', buyer: { country: 'GB', participant_id: 'GB123456789', participant_scheme: '9932' }, ttc: EXPORT, scheme: '9932', id: 'GB123456789' },
    { spec: '2.8 row 2 + 2.8 case 4: export, tax number only in DK → 0235:9900000099', buyer: { country: 'DK', trn: 'DK12345678' }, ttc: EXPORT, scheme: '0235', id: EXPORT_ID },
    { spec: '2.8 row 2 + 2.8 case 1: export, UAE buyer with TRN → 0235 + first 10 digits', buyer: { country: 'AE', trn: UAE_TRN }, ttc: EXPORT, scheme: '0235', id: UAE_TRN_FIRST_10 },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 case 1 and 7.3, UAE buyer (country AE or missing)', () => {
  const addressed: Addressed[] = [
    { spec: '2.8 case 1: UAE buyer TRN → 0235 + first 10 digits', buyer: { country: 'AE', trn: UAE_TRN }, ttc: ORDINARY, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.8 case 1: "first 10 digits" of a TRN written with separators (100-2345-6789-0003)', buyer: { country: 'AE', trn: '100-2345-6789-0003' }, ttc: ORDINARY, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.8 case 1: UAE buyer TRN (another) → 0235 + first 10 digits', buyer: { country: 'AE', trn: '104567890123403' }, ttc: ORDINARY, scheme: '0235', id: '1045678901' },
    { spec: '2.8 case 1 + 2.2 participant_scheme: UAE TRN with participant_scheme 0235 stated', buyer: { country: 'AE', trn: UAE_TRN, participant_scheme: '0235' }, ttc: ORDINARY, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.8 case 1: UAE participant id without scheme → 0235:<id> verbatim', buyer: { country: 'AE', participant_id: '1009999999' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '2.8 case 1: UAE participant id with participant_scheme 0235 → 0235:<id>', buyer: { country: 'AE', participant_id: '1009999999', participant_scheme: '0235' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '2.2 participant_id combined form: UAE 0235:<id>', buyer: { country: 'AE', participant_id: '0235:1009999999' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '2.2 participant_id wins over trn (UAE buyer)', buyer: { country: 'AE', trn: UAE_TRN, participant_id: '1009999999' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '7.3: missing country treated as UAE — TRN → 0235 + first 10 digits', buyer: { trn: UAE_TRN }, ttc: ORDINARY, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '7.3: missing country treated as UAE — participant id without scheme → 0235:<id>', buyer: { participant_id: '1009999999' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '2.8.7 + 2.8 case 1: UAE TRN of wrong length (12 digits) still gives 0235 + first 10, never a placeholder', buyer: { country: 'AE', trn: '123456789012' }, ttc: ORDINARY, scheme: '0235', id: '1234567890' },
    { spec: '2.8.7 + 2.8 case 1: short UAE TRN (7 digits) is kept whole, never a placeholder', buyer: { country: 'AE', trn: '1234567' }, ttc: ORDINARY, scheme: '0235', id: '1234567' },
  ];
  it.each(addressed)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));

  const UAE_REQUIRED = /buyer\.trn or buyer\.participant_id is required for a UAE buyer/;
  const refused: Refused[] = [
    { spec: '2.8 case 1 + row 3 + 7.2/7.3: UAE buyer with no identifier → refused in contact_trn', buyer: { country: 'AE' }, ttc: ORDINARY, section: 'contact_trn', message: UAE_REQUIRED },
    { spec: '7.3: missing country, no identifier → refused as a UAE buyer in contact_trn', buyer: {}, ttc: ORDINARY, section: 'contact_trn', message: UAE_REQUIRED },
    { spec: '2.8 case 1 + 7.3: UAE buyer with only participant_scheme 0235 (no identifier) → refused in contact_trn', buyer: { country: 'AE', participant_scheme: '0235' }, ttc: ORDINARY, section: 'contact_trn', message: UAE_REQUIRED },
    { spec: '2.8 row 3: UAE buyer with no identifier on a non-export, non-deemed invoice (free zone flag) → refused in contact_trn', buyer: { country: 'AE' }, ttc: FREE_ZONE, section: 'contact_trn', message: UAE_REQUIRED },
    { spec: '2.8 case 1: UAE buyer TRN addressed under scheme 9930 → refused', buyer: { country: 'AE', trn: UAE_TRN, participant_scheme: '9930' }, ttc: ORDINARY },
    { spec: '2.8 case 1: UAE participant id under scheme 0088 → refused', buyer: { country: 'AE', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: ORDINARY },
    { spec: '2.8 case 1 + 2.2 combined form: UAE participant id 0088:<id> → refused', buyer: { country: 'AE', participant_id: '0088:4035811991021' }, ttc: ORDINARY },
    { spec: '2.8 case 1 + 7.3: missing country (UAE) with participant id under 9930 → refused', buyer: { participant_id: 'DE123456789', participant_scheme: '9930' }, ttc: ORDINARY },
    { spec: '2.8 case 6: UAE participant id under a scheme not on the EAS list (9999) → refused', buyer: { country: 'AE', participant_id: '1009999999', participant_scheme: '9999' }, ttc: ORDINARY },
    { spec: '2.8 case 1 + 2.8.7: export, UAE participant id under 0088 → refused, not the export placeholder', buyer: { country: 'AE', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: EXPORT },
  ];
  it.each(refused)('$spec', ({ buyer, ttc, ...expected }) => expectRefused(deriveBuyerEndpoint(buyer, ttc), expected));
});

describe('deriveBuyerEndpoint: spec 2.8 case 2, foreign buyer with participant id', () => {
  const rows: Addressed[] = [
    { spec: '2.8 case 2: participant id with scheme used as sent (GLN 0088, 13 chars)', buyer: { country: 'DE', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: ORDINARY, scheme: '0088', id: '4035811991021' },
    { spec: '2.8 case 2 + 2.2: DUNS 0060 stated, used as sent', buyer: { country: 'US', participant_id: '123456789', participant_scheme: '0060' }, ttc: ORDINARY, scheme: '0060', id: '123456789' },
    { spec: '2.8 case 2 + 2.2: LEI 0199 stated, used as sent', buyer: { country: 'GB', participant_id: '5493001KJTIIGC8Y1R12', participant_scheme: '0199' }, ttc: ORDINARY, scheme: '0199', id: '5493001KJTIIGC8Y1R12' },
    { spec: '2.8 case 2: scheme stated for a case-4 country (DK 0184) used as sent', buyer: { country: 'DK', participant_id: '12345678', participant_scheme: '0184' }, ttc: ORDINARY, scheme: '0184', id: '12345678' },
    { spec: '2.2 participant_id verbatim, never truncated: spaces and length kept', buyer: { country: 'FR', participant_id: 'FR 12 345678901', participant_scheme: '9957' }, ttc: ORDINARY, scheme: '9957', id: 'FR 12 345678901' },
    { spec: '2.8 case 2: without scheme, scheme filled from country (DE → 9930)', buyer: { country: 'DE', participant_id: 'DE123456789' }, ttc: ORDINARY, scheme: '9930', id: 'DE123456789' },
    { spec: '2.8 case 2: without scheme, scheme filled from country (FR → 9957)', buyer: { country: 'FR', participant_id: 'FR12345678901' }, ttc: ORDINARY, scheme: '9957', id: 'FR12345678901' },
    { spec: '2.8 case 2: without scheme, scheme filled from country (BE → 9925)', buyer: { country: 'BE', participant_id: 'BE0123456789' }, ttc: ORDINARY, scheme: '9925', id: 'BE0123456789' },
    { spec: '2.8 case 2 + 2.8 case 3: without scheme, US → 9959', buyer: { country: 'US', participant_id: '123456789' }, ttc: ORDINARY, scheme: '9959', id: '123456789' },
    { spec: '2.2 participant_scheme default: Estonia → 0191 (8 chars)', buyer: { country: 'EE', participant_id: '10123456' }, ttc: ORDINARY, scheme: '0191', id: '10123456' },
    { spec: '2.2 participant_scheme default "that country\'s VAT scheme": Oman → 0248 (EAS "Oman VATIN")', buyer: { country: 'OM', participant_id: 'OM1234567890' }, ttc: ORDINARY, scheme: '0248', id: 'OM1234567890' },
    { spec: '2.2 combined form <scheme>:<id>: BE 0208:<id>', buyer: { country: 'BE', participant_id: '0208:0123456789' }, ttc: ORDINARY, scheme: '0208', id: '0123456789' },
    { spec: '2.2 combined form <scheme>:<id>: GLN 0088:<13 digits>', buyer: { country: 'NL', participant_id: '0088:8712345678906' }, ttc: ORDINARY, scheme: '0088', id: '8712345678906' },
    { spec: '2.2 combined form for a case-4 country: SE 0007:<id>', buyer: { country: 'SE', participant_id: '0007:5567321707' }, ttc: ORDINARY, scheme: '0007', id: '5567321707' },
    { spec: '2.2 participant_id wins over trn (foreign buyer)', buyer: { country: 'DE', trn: 'DE111111111', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: ORDINARY, scheme: '0088', id: '4035811991021' },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 case 3, foreign buyer with tax number only, country publishes a scheme', () => {
  const rows: Addressed[] = [
    { spec: '2.8 case 3: DE VAT scheme 9930 + whole number', buyer: { country: 'DE', trn: 'DE123456789' }, ttc: ORDINARY, scheme: '9930', id: 'DE123456789' },
    { spec: '2.8 case 3: FR VAT scheme 9957 + whole number', buyer: { country: 'FR', trn: 'FR12345678901' }, ttc: ORDINARY, scheme: '9957', id: 'FR12345678901' },
    { spec: '2.8 case 3: BE VAT scheme 9925 + whole number', buyer: { country: 'BE', trn: 'BE0123456789' }, ttc: ORDINARY, scheme: '9925', id: 'BE0123456789' },
    { spec: '2.8 case 3: GB VAT scheme 9932 + whole number', buyer: { country: 'GB', trn: 'GB123456789' }, ttc: ORDINARY, scheme: '9932', id: 'GB123456789' },
    { spec: '2.8 case 3: NL VAT scheme 9944 + whole number (letters kept)', buyer: { country: 'NL', trn: 'NL123456789B01' }, ttc: ORDINARY, scheme: '9944', id: 'NL123456789B01' },
    { spec: '2.8 case 3: US 9959 + whole number (hyphen kept)', buyer: { country: 'US', trn: '12-3456789' }, ttc: ORDINARY, scheme: '9959', id: '12-3456789' },
    { spec: '2.8 case 3: AU 0151 + whole number', buyer: { country: 'AU', trn: '51824753556' }, ttc: ORDINARY, scheme: '0151', id: '51824753556' },
    { spec: '2.8 case 3: JP 0221 + whole number', buyer: { country: 'JP', trn: 'T1234567890123' }, ttc: ORDINARY, scheme: '0221', id: 'T1234567890123' },
    { spec: '2.8 case 3: NG 0244 + whole number', buyer: { country: 'NG', trn: '12345678-0001' }, ttc: ORDINARY, scheme: '0244', id: '12345678-0001' },
    { spec: '2.8 case 3: Estonia 0191 first 8 digits (9-digit number)', buyer: { country: 'EE', trn: '101234567' }, ttc: ORDINARY, scheme: '0191', id: '10123456' },
    { spec: '2.8 case 3: Estonia 0191 first 8 digits (EE-prefixed VAT number)', buyer: { country: 'EE', trn: 'EE101234567' }, ttc: ORDINARY, scheme: '0191', id: '10123456' },
    { spec: '2.8 case 3: Estonia 0191, an 8-digit number is kept whole', buyer: { country: 'EE', trn: '10123456' }, ttc: ORDINARY, scheme: '0191', id: '10123456' },
    { spec: '2.8 case 3: IT publishes a VAT scheme (EAS 0211 PARTITA IVA) → 0211 + whole number', buyer: { country: 'IT', trn: 'IT12345678901' }, ttc: ORDINARY, scheme: '0211', id: 'IT12345678901' },
    { spec: '2.8 case 3: OM publishes a VAT scheme (EAS 0248 Oman VATIN) → 0248 + whole number', buyer: { country: 'OM', trn: 'OM1234567890' }, ttc: ORDINARY, scheme: '0248', id: 'OM1234567890' },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 case 4 and 7.3 last paragraph, tax number only, no usable scheme', () => {
  const countries: Array<[string, string]> = [
    ['DK', 'DK12345678'], ['SE', 'SE556732170701'], ['NO', '923609016MVA'], ['FI', 'FI12345678'],
    ['SG', '200312345A'], ['MY', 'C1234567890'], ['IS', '1234567890'], ['BR', '12.345.678/0001-95'],
    ['CN', '91110000100000000X'], ['IN', '27AAPFU0939F1ZV'],
  ];
  const rows: Addressed[] = countries.map(([country, trn]) => ({
    spec: `2.8 case 4 + 7.3: ${country} tax number only → 0235:9900000099, never a scheme error`,
    buyer: { country, trn }, ttc: ORDINARY, scheme: '0235', id: EXPORT_ID,
  }));
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 table row 3, foreign buyer without any identifier', () => {
  const rows: Addressed[] = [
    { spec: '2.8 row 3: foreign buyer (DE) without identifier → 0235:9900000098', buyer: { country: 'DE' }, ttc: ORDINARY, scheme: '0235', id: NO_IDENTIFIER_ID },
    { spec: '2.8 row 3: foreign buyer (US) without identifier → 0235:9900000098', buyer: { country: 'US' }, ttc: ORDINARY, scheme: '0235', id: NO_IDENTIFIER_ID },
    { spec: '2.8 row 3: foreign buyer (DK) without identifier → 0235:9900000098', buyer: { country: 'DK' }, ttc: ORDINARY, scheme: '0235', id: NO_IDENTIFIER_ID },
    { spec: '2.8 row 3: foreign buyer with only participant_scheme (no identifier) → 0235:9900000098', buyer: { country: 'FR', participant_scheme: '9957' }, ttc: ORDINARY, scheme: '0235', id: NO_IDENTIFIER_ID },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));
});

describe('deriveBuyerEndpoint: spec 2.8 case 6 and 7.3, refused foreign schemes (IBT-049-1)', () => {
  const rows: Refused[] = [
    { spec: '2.8 case 6 + 7.3: foreign participant id under 0235 → refused IBT-049-1', buyer: { country: 'DE', participant_id: '1009999999', participant_scheme: '0235' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 2.2 combined form: foreign 0235:<id> → refused IBT-049-1', buyer: { country: 'US', participant_id: '0235:1009999999' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 2.8.7: export, foreign participant id under 0235 → refused IBT-049-1, not the export placeholder', buyer: { country: 'GB', participant_id: '1009999999', participant_scheme: '0235' }, ttc: EXPORT, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 2.2 "never 0235 for a non-UAE buyer" + 7.3: foreign tax number with participant_scheme 0235 → refused IBT-049-1', buyer: { country: 'DE', trn: 'DE123456789', participant_scheme: '0235' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 7.3: scheme not on the EAS list (9999) → refused IBT-049-1', buyer: { country: 'DE', participant_id: 'DE123456789', participant_scheme: '9999' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 7.3: withdrawn scheme 9901 (not on the EAS list) in combined form → refused IBT-049-1', buyer: { country: 'DK', participant_id: '9901:12345678' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 7.3: non-numeric scheme "GLN" → refused IBT-049-1', buyer: { country: 'DE', participant_id: '4035811991021', participant_scheme: 'GLN' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '2.8 case 6 + 2.2 "must be a valid EAS code": foreign tax number with participant_scheme 9999 → refused IBT-049-1', buyer: { country: 'DE', trn: 'DE123456789', participant_scheme: '9999' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '7.3 + 2.8.7: participant id without scheme in DK (no usable scheme) → refused IBT-049-1, not a placeholder', buyer: { country: 'DK', participant_id: '12345678' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '7.3 + 2.8.7: participant id without scheme in BR (no usable scheme) → refused IBT-049-1, not a placeholder', buyer: { country: 'BR', participant_id: '12345678000195' }, ttc: ORDINARY, rule: 'IBT-049-1' },
    { spec: '7.3 + 2.8.7: export, participant id without scheme in SG → refused IBT-049-1, not the export placeholder', buyer: { country: 'SG', participant_id: '200312345A' }, ttc: EXPORT, rule: 'IBT-049-1' },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, ...expected }) => expectRefused(deriveBuyerEndpoint(buyer, ttc), expected));
});

describe('deriveBuyerEndpoint: spec 2.2 and 8, participant_id length follows the scheme', () => {
  const ok: Addressed[] = [
    { spec: '2.2/8: 0235 takes 10 characters', buyer: { country: 'AE', participant_id: '1009999999' }, ttc: ORDINARY, scheme: '0235', id: '1009999999' },
    { spec: '2.2/8: 0191 takes 8 characters (scheme stated)', buyer: { country: 'EE', participant_id: '10123456', participant_scheme: '0191' }, ttc: ORDINARY, scheme: '0191', id: '10123456' },
    { spec: '2.2/8: 0088 takes 13 characters', buyer: { country: 'DE', participant_id: '4035811991021', participant_scheme: '0088' }, ttc: ORDINARY, scheme: '0088', id: '4035811991021' },
  ];
  it.each(ok)('$spec', ({ buyer, ttc, scheme, id }) => expectAddressed(deriveBuyerEndpoint(buyer, ttc), scheme, id));

  const wrong: Refused[] = [
    { spec: '2.2/8 + 2.8.7: 0235 with 9 characters → refused, not a placeholder', buyer: { country: 'AE', participant_id: '100999999' }, ttc: ORDINARY },
    { spec: '2.2/8 + 2.8.7: 0235 with 11 characters → refused', buyer: { country: 'AE', participant_id: '10099999991', participant_scheme: '0235' }, ttc: ORDINARY },
    { spec: '2.2 "never truncated": a 15-digit TRN sent as a UAE participant id is refused, not cut to 10', buyer: { country: 'AE', participant_id: UAE_TRN }, ttc: ORDINARY },
    { spec: '2.2/8: 0235 combined form with 9 characters → refused', buyer: { country: 'AE', participant_id: '0235:100999999' }, ttc: ORDINARY },
    { spec: '2.2/8: 0191 (defaulted from EE) with 9 characters → refused, not truncated', buyer: { country: 'EE', participant_id: '101234567' }, ttc: ORDINARY },
    { spec: '2.2/8: 0191 stated with 7 characters → refused', buyer: { country: 'EE', participant_id: '1012345', participant_scheme: '0191' }, ttc: ORDINARY },
    { spec: '2.2/8: 0088 with 12 characters → refused', buyer: { country: 'DE', participant_id: '403581199102', participant_scheme: '0088' }, ttc: ORDINARY },
    { spec: '2.2/8: 0088 combined form with 14 characters → refused', buyer: { country: 'NL', participant_id: '0088:87123456789061' }, ttc: ORDINARY },
    { spec: '2.2/8 + 2.8.7: export, 0088 with 12 characters → refused, not the export placeholder', buyer: { country: 'DE', participant_id: '403581199102', participant_scheme: '0088' }, ttc: EXPORT },
  ];
  it.each(wrong)('$spec', ({ buyer, ttc, ...expected }) => expectRefused(deriveBuyerEndpoint(buyer, ttc), expected));
});

/**
 * Spec 2.8.5 ("empty or null identifier fields are read as absent") and 2.2 country ("name or ISO code") concern the
 * request body, so these rows go through the same steps the pipeline runs before derivation: prune → normalize → derive.
 */
describe('deriveBuyerEndpoint after pruneEmpty + normalizeInvoice: spec 2.8.5 and 2.2 country', () => {
  type Raw = Record<string, unknown>;
  const derive = (buyer: Raw, ttc?: string): EndpointResult => {
    const body = pruneEmpty({
      entity_id: 'ent-1', invoice_number: 'INV-1', date: '2025-03-03', transaction_type_code: ttc,
      buyer: { name: 'Buyer LLC', ...buyer },
      line_items: [{ description: 'Item', quantity: 1, unit_amount: 100, tax_amount: 5 }],
    }) as Raw;
    const invoice = normalizeInvoice(body);
    return deriveBuyerEndpoint(invoice.buyer, invoice.transaction_type_code);
  };
  interface RawRow { spec: string; buyer: Raw; ttc?: string; scheme?: string; id?: string; section?: string }
  const rows: RawRow[] = [
    { spec: '2.8.5: empty trn and null participant_id read as absent → foreign no-identifier 0235:9900000098', buyer: { country: 'DE', trn: '', participant_id: null }, scheme: '0235', id: NO_IDENTIFIER_ID },
    { spec: '2.8.5: empty participant_id read as absent → UAE TRN used', buyer: { country: 'AE', trn: UAE_TRN, participant_id: '' }, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.8.5: empty participant_scheme read as absent → scheme filled from country (DE 9930)', buyer: { country: 'DE', participant_id: 'DE123456789', participant_scheme: '' }, scheme: '9930', id: 'DE123456789' },
    { spec: '2.8.5: blank participant_scheme read as absent → combined form used (0208)', buyer: { country: 'BE', participant_id: '0208:0123456789', participant_scheme: '   ' }, scheme: '0208', id: '0123456789' },
    { spec: '2.8.5: null participant_scheme with UAE TRN → 0235', buyer: { country: 'AE', trn: UAE_TRN, participant_scheme: null }, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.8.5 + 2.8 row 2: export with empty trn and participant_id → 0235:9900000099', buyer: { country: 'US', trn: '', participant_id: '' }, ttc: EXPORT, scheme: '0235', id: EXPORT_ID },
    { spec: '2.8.5 + 7.3: empty country reads as missing → UAE rule, no identifier refused in contact_trn', buyer: { country: '', trn: '' }, section: 'contact_trn' },
    { spec: '7.3: country absent entirely → UAE rule, TRN → 0235 + first 10 digits', buyer: { trn: UAE_TRN }, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.2 country by name: "United Arab Emirates" with TRN → 0235 + first 10 digits', buyer: { country: 'United Arab Emirates', trn: UAE_TRN }, scheme: '0235', id: UAE_TRN_FIRST_10 },
    { spec: '2.2 country by name + 7.3: "UAE" without identifier → refused in contact_trn', buyer: { country: 'UAE' }, section: 'contact_trn' },
    { spec: '2.2 country code in lower case: "ae" with participant id → 0235:<id>', buyer: { country: 'ae', participant_id: '1009999999' }, scheme: '0235', id: '1009999999' },
    { spec: '2.2 country by name + 2.8 case 3: "Germany" tax number → 9930 + whole number', buyer: { country: 'Germany', trn: 'DE123456789' }, scheme: '9930', id: 'DE123456789' },
    { spec: '2.2 country by name + 2.8 case 3: "estonia" tax number → 0191 first 8 digits', buyer: { country: 'estonia', trn: 'EE101234567' }, scheme: '0191', id: '10123456' },
    { spec: '2.2 country by name + 2.8 case 4: "Denmark" tax number → 0235:9900000099', buyer: { country: 'Denmark', trn: 'DK12345678' }, scheme: '0235', id: EXPORT_ID },
    { spec: '2.2 country alias + 2.8 case 3: "USA" tax number → 9959', buyer: { country: 'USA', trn: '12-3456789' }, scheme: '9959', id: '12-3456789' },
  ];
  it.each(rows)('$spec', ({ buyer, ttc, scheme, id, section }) => {
    const result = derive(buyer, ttc);
    if (scheme !== undefined) expectAddressed(result, scheme, id!);
    else expectRefused(result, { section });
  });
});
