/**
 * contact_trn and buyer_party (spec 2.2, 2.8, 7.2, 7.3, 8) and the 4.2 rejection of an invalid buyer
 * legal_registration_type. Every row: standard.json with one mutation.
 */
import { describe, expect, it } from 'vitest';
import {
  all, expectError, expectValid, removing, run, select, parseXml, setting, type Expected, type Mutation,
} from './support.js';

const contact = (field?: string): Expected => ({ section: 'contact_trn', ...(field ? { field } : {}) });
const buyerParty = (field?: string): Expected => ({ section: 'buyer_party', ...(field ? { field } : {}) });

describe('base invoice', () => {
  it('standard.json, untouched, is valid', () => expectValid(run()));
});

describe('contact_trn (7.2: buyer TRN missing or not 15 characters, buyer name missing, buyer country missing or unsupported)', () => {
  it.each<[string, Mutation, Expected]>([
    ['8/7.2 UAE buyer TRN of 14 characters → contact_trn buyer.trn', setting('buyer.trn', '10098765430003'), contact('buyer.trn')],
    ['8/7.2 UAE buyer TRN of 16 characters → contact_trn buyer.trn', setting('buyer.trn', '1009876543000033'), contact('buyer.trn')],
    ['8/7.2 UAE buyer TRN of 10 characters → contact_trn buyer.trn', setting('buyer.trn', '1009876543'), contact('buyer.trn')],
    ['8/7.2 UAE buyer TRN written in groups "100 987 654 300 003" (19 characters) → contact_trn buyer.trn', setting('buyer.trn', '100 987 654 300 003'), contact('buyer.trn')],
    ['8/7.2 buyer country "United Arab Emirates" (a name read as AE) with a 14-character TRN → contact_trn buyer.trn',
      all(setting('buyer.country', 'United Arab Emirates'), setting('buyer.trn', '10098765430003')), contact('buyer.trn')],
    ['8/7.2 buyer country "ae" (lower-case code) with a 14-character TRN → contact_trn buyer.trn',
      all(setting('buyer.country', 'ae'), setting('buyer.trn', '10098765430003')), contact('buyer.trn')],
    ['7.3 UAE buyer with neither trn nor participant_id → contact_trn (buyer TRN missing)', removing('buyer.trn'), contact()],
    ['7.3 + 2.8.5 UAE buyer with trn "" (empty is absent) → contact_trn (buyer TRN missing)', setting('buyer.trn', ''), contact()],
    ['7.3 + 2.8.5 UAE buyer with trn null → contact_trn (buyer TRN missing)', setting('buyer.trn', null), contact()],
    ['7.3 + 2.8.5 UAE buyer with trn of blanks → contact_trn (buyer TRN missing)', setting('buyer.trn', '   '), contact()],
    ['7.3 buyer country missing reads as UAE; no trn → contact_trn', all(removing('buyer.country'), removing('buyer.trn')), contact()],
    ['2.2/7.2 buyer name missing → contact_trn buyer.name', removing('buyer.name'), contact('buyer.name')],
    ['2.2/7.2 + 2.8.5 buyer name "" → contact_trn buyer.name', setting('buyer.name', ''), contact('buyer.name')],
    ['2.2/7.2 + 2.8.5 buyer name null → contact_trn buyer.name', setting('buyer.name', null), contact('buyer.name')],
    ['2.2/7.2 buyer country missing → contact_trn buyer.country', removing('buyer.country'), contact('buyer.country')],
    ['2.2/7.2 + 2.8.5 buyer country "" → contact_trn buyer.country', setting('buyer.country', ''), contact('buyer.country')],
    ['2.2/7.2 buyer country unreadable "Atlantis" → contact_trn buyer.country', setting('buyer.country', 'Atlantis'), contact('buyer.country')],
    ['2.2/7.2 buyer country unreadable "XX" (not an ISO 3166-1 code) → contact_trn buyer.country', setting('buyer.country', 'XX'), contact('buyer.country')],
    ['2.2/7.2 buyer country unreadable "ARE" (alpha-3, spec says name or alpha-2) → contact_trn buyer.country', setting('buyer.country', 'ARE'), contact('buyer.country')],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it('2.2 "UAE buyer: 15-digit TRN": 15 characters that are not all digits → invalid, reported on buyer.trn', () => {
    expectError(run(setting('buyer.trn', '10098765430000A')), { section: ['contact_trn', 'buyer_party'], field: 'buyer.trn' });
  });

  it.each<[string, Mutation]>([
    ['2.2 country as a name "United Arab Emirates"', setting('buyer.country', 'United Arab Emirates')],
    ['2.2 country as a lower-case code "ae"', setting('buyer.country', 'ae')],
    ['2.2 UAE buyer addressed by participant_id (10-digit registry code) instead of trn', all(removing('buyer.trn'), setting('buyer.participant_id', '1009876543'))],
    ['2.8.5 participant_id "" is read as absent; the TRN addresses the buyer', setting('buyer.participant_id', '')],
    ['2.8.5 participant_id null is read as absent', setting('buyer.participant_id', null)],
    ['2.2/8 foreign buyer (GB) with its own 9-digit tax number: the 15-character rule is for a UAE buyer only',
      all(setting('buyer.country', 'GB'), setting('buyer.trn', '123456789'), setting('buyer.region', 'Greater London'), setting('buyer.city', 'London'),
        removing('buyer.legal_registration_id'), removing('buyer.legal_registration_type'), removing('buyer.authority_name'))],
    ['2.2 buyer email, phone, electronic_address are accepted without effect', all(setting('buyer.email', 'ap@gulf.example'), setting('buyer.phone', '+971 4 000 0000'), setting('buyer.electronic_address', 'x'))],
  ])('%s → valid', (_name, mutate) => expectValid(run(mutate)));
});

describe('buyer_party: legal registration (2.2, 2.3 item 3: TL, EID, PAS, CD)', () => {
  it.each<[string, Mutation, Expected]>([
    ['2.2 TL without authority_name → buyer_party buyer.authority_name', removing('buyer.authority_name'), buyerParty('buyer.authority_name')],
    ['2.2 + 2.8.5 TL with authority_name "" (read as absent) → buyer_party buyer.authority_name', setting('buyer.authority_name', ''), buyerParty('buyer.authority_name')],
    ['2.2 TL sent lower-case "tl" without authority_name → buyer_party buyer.authority_name',
      all(setting('buyer.legal_registration_type', 'tl'), removing('buyer.authority_name')), buyerParty('buyer.authority_name')],
    ['2.2 PAS without passport_country_code → buyer_party buyer.passport_country_code',
      all(setting('buyer.legal_registration_type', 'PAS'), removing('buyer.authority_name')), buyerParty('buyer.passport_country_code')],
    ['2.2 PAS with passport_country_code "" → buyer_party buyer.passport_country_code',
      all(setting('buyer.legal_registration_type', 'PAS'), setting('buyer.passport_country_code', '')), buyerParty('buyer.passport_country_code')],
    ['2.2 "pas" (lower case) without passport_country_code → buyer_party buyer.passport_country_code',
      all(setting('buyer.legal_registration_type', 'pas'), removing('buyer.authority_name')), buyerParty('buyer.passport_country_code')],
    ['2.2 PAS: authority_name does not stand in for passport_country_code → buyer_party buyer.passport_country_code',
      setting('buyer.legal_registration_type', 'PAS'), buyerParty('buyer.passport_country_code')],
  ])('%s', (_name, mutate, expected) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it.each<[string, Mutation]>([
    ['2.2 "tl" (lower case) is accepted and normalised', setting('buyer.legal_registration_type', 'tl')],
    ['2.2 "Tl" (mixed case) is accepted and normalised', setting('buyer.legal_registration_type', 'Tl')],
    ['2.2 EID with authority_name', setting('buyer.legal_registration_type', 'EID')],
    ['2.2 EID: authority optional', all(setting('buyer.legal_registration_type', 'EID'), removing('buyer.authority_name'))],
    ['2.2 CD: authority optional', all(setting('buyer.legal_registration_type', 'CD'), removing('buyer.authority_name'))],
    ['2.2 "cd" (lower case) is accepted and normalised', all(setting('buyer.legal_registration_type', 'cd'), removing('buyer.authority_name'))],
    ['2.2 PAS with passport_country_code', all(setting('buyer.legal_registration_type', 'PAS'), setting('buyer.passport_country_code', 'IN'), removing('buyer.authority_name'))],
    ['2.2 "pas" with passport_country_code', all(setting('buyer.legal_registration_type', 'pas'), setting('buyer.passport_country_code', 'IN'), removing('buyer.authority_name'))],
  ])('%s → valid', (_name, mutate) => {
    const outcome = run(mutate);
    expect(outcome.kind).toBe('validated');
    expectValid(outcome);
  });

  const companyId = (mutate: Mutation) => {
    const outcome = run(mutate);
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const [node] = select(parseXml(outcome.xml), 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID');
    return node!;
  };

  it('2.2 "tl" is emitted normalised: @schemeAgencyID TL, @schemeAgencyName the authority', () => {
    const node = companyId(setting('buyer.legal_registration_type', 'tl'));
    expect(node.text).toBe('TL-889900');
    expect(node.attributes.schemeAgencyID).toBe('TL');
    expect(node.attributes.schemeAgencyName).toBe('Dubai Department of Economy and Tourism');
  });

  it('2.2 "pas" is emitted as PAS with the passport country as @schemeAgencyName', () => {
    const node = companyId(all(setting('buyer.legal_registration_type', 'pas'), setting('buyer.passport_country_code', 'IN'), removing('buyer.authority_name')));
    expect(node.attributes.schemeAgencyID).toBe('PAS');
    expect(node.attributes.schemeAgencyName).toBe('IN');
  });
});

describe('2.2/2.8.1 buyer party as delivered', () => {
  it('2.2/2.8.1 UAE buyer with TRN → EndpointID 0235 + first 10 digits; PartyTaxScheme/CompanyID the full TRN', () => {
    const outcome = run();
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const tree = parseXml(outcome.xml);
    expect(select(tree, 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID')[0]).toMatchObject({ text: '1009876543', attributes: { schemeID: '0235' } });
    expect(select(tree, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')[0]!.text).toBe('100987654300003');
  });

  it('2.2 region of a UAE buyer is emitted as the emirate code ("Dubai" → DXB)', () => {
    const outcome = run();
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CountrySubentity').map((n) => n.text)).toEqual(['DXB']);
  });

  it('2.2 country given as a name is emitted as the ISO 3166-1 alpha-2 code', () => {
    const outcome = run(setting('buyer.country', 'United Arab Emirates'));
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    expect(select(parseXml(outcome.xml), 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode').map((n) => n.text)).toEqual(['AE']);
  });
});

describe('4.2: an invalid buyer.legal_registration_type is rejected (400) before validation runs', () => {
  it.each<[string, unknown]>([
    ['2.2/4.2 "XX"', 'XX'],
    ['2.2/4.2 "Trade Licence" (a label, not a code)', 'Trade Licence'],
    ['2.2/4.2 "T L"', 'T L'],
    ['2.2/4.2 "VAT"', 'VAT'],
    ['2.2/4.2 a number 1', 1],
  ])('%s → kind rejected naming buyer.legal_registration_type', (_name, value) => {
    const outcome = run(setting('buyer.legal_registration_type', value));
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    expect(outcome.response.errors).toContainEqual(expect.objectContaining({ field: 'buyer.legal_registration_type' }));
  });

  it('4.2 rejection wins over other errors in the same body', () => {
    const outcome = run(all(setting('buyer.legal_registration_type', 'XX'), setting('date', 'yesterday')));
    expect(outcome.kind).toBe('rejected');
  });

  it.each<[string, unknown]>([
    ['2.2 lower-case "tl"', 'tl'],
    ['2.8.5 "" (read as absent)', ''],
    ['2.8.5 null (read as absent)', null],
  ])('%s → not rejected', (_name, value) => {
    expect(run(setting('buyer.legal_registration_type', value)).kind).toBe('validated');
  });
});
