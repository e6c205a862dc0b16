/**
 * endpoint_ids and seller_party (spec 1.6, 2.3, 2.12, 7.2, 7.3) and the 4.2 rejection of an invalid
 * seller.registration_type. The seller party comes from the entity record (1.6), so most rows build an
 * entity in the test (through the same loader as --entity files) and send the untouched standard.json.
 */
import { describe, expect, it } from 'vitest';
import { toEntity } from '../../../src/io/entities.js';
import type { Entity } from '../../../src/model/types.js';
import {
  alNoor, all, envWithEntity, expectError, expectValid, parseXml, run, select, setting, type Expected, type Mutation,
} from './support.js';

type RawEntity = Record<string, unknown>;

/** al-noor-trading.json with changes; `undefined` removes a field. Loaded through toEntity like an --entity file. */
function entity(changes: RawEntity = {}): Entity {
  const raw: RawEntity = { ...alNoor(), ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete raw[k];
  return toEntity(raw, 'test entity');
}

const withEntity = (changes: RawEntity, mutate: Mutation = () => {}) => run(mutate, envWithEntity(entity(changes)));

/** An entity with neither a registration type nor a registration number (2.3 item 2). */
const NO_TYPE_NO_NUMBER: RawEntity = { legal_registration_type: undefined, legal_registration_id: undefined, issuing_authority: undefined };

const sellerParty = (extra: Partial<Expected> = {}): Expected => ({ section: 'seller_party', ...extra });

describe('base invoice and entity', () => {
  it('standard.json with al-noor-trading.json is valid', () => expectValid(run()));
  it('the entity rebuilt in the test (no changes) is valid too', () => expectValid(withEntity({})));

  it('2.3.4 (DESIGN: delivered form) + 2.3.5: seller EndpointID and PartyLegalEntity/CompanyID carry the registry code under 0235, PAS, AE; PartyTaxScheme the TRN', () => {
    const outcome = run();
    if (outcome.kind !== 'validated' || !outcome.xml) throw new Error('no XML');
    const tree = parseXml(outcome.xml);
    const [endpoint] = select(tree, 'cac:AccountingSupplierParty/cac:Party/cbc:EndpointID');
    expect(endpoint).toMatchObject({ text: '1001234567', attributes: { schemeID: '0235' } });
    const [legal] = select(tree, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID');
    expect(legal).toMatchObject({ text: '1001234567', attributes: { schemeID: '0235', schemeAgencyID: 'PAS', schemeAgencyName: 'AE' } });
    const [vat] = select(tree, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID');
    expect(vat!.text).toBe('100123456700003');
  });
});

describe('endpoint_ids (7.2: entity has no Peppol registry code)', () => {
  it.each<[string, RawEntity, Expected]>([
    ['7.2 entity without registry_code → endpoint_ids', { registry_code: undefined }, { section: 'endpoint_ids' }],
    ['7.2 + 2.8.5 entity with registry_code "" → endpoint_ids', { registry_code: '' }, { section: 'endpoint_ids' }],
    ['7.2 + 2.8.5 entity with registry_code null → endpoint_ids', { registry_code: null }, { section: 'endpoint_ids' }],
  ])('%s', (_name, changes, expected) => expectError(withEntity(changes), expected));

  it('7.2 an entity built in the test with no registry code at all → endpoint_ids, and nothing else is wrong', () => {
    const bare: Entity = {
      entity_id: 'ent_al_noor', company_name: 'Al Noor Trading LLC', trn: '100123456700003', country: 'AE', state: 'Dubai',
      city: 'Dubai', area: 'Al Quoz Industrial Area 3', legal_registration_type: 'TL', legal_registration_id: 'CN-1234567',
      issuing_authority: 'Dubai Department of Economy and Tourism',
    };
    const outcome = run(() => {}, envWithEntity(bare));
    expectError(outcome, { section: 'endpoint_ids' });
    if (outcome.kind === 'validated') expect(outcome.response.data.errors.every((e) => e.section === 'endpoint_ids')).toBe(true);
  });

  it('2.2/2.3.5 a registry code that is not the 10-digit UAE form → an error (not valid)', () => {
    expectError(withEntity({ registry_code: '12345' }), { section: ['endpoint_ids', 'seller_party'] });
  });
});

describe('seller_party: entity TRN (2.12, 7.3: not conformant → ibr-132-ae)', () => {
  it.each<[string, string]>([
    ['does not start with 1', '200123456700003'],
    ['does not end with 03', '100123456700004'],
    ['14 characters', '10012345670003'],
    ['16 characters', '1001234567000003'],
    ['a letter inside', '1001234567A0003'],
    ['Arabic-Indic digits', '١٠٠١٢٣٤٥٦٧٠٠٠٠٣'],
  ])('2.12/7.3 entity TRN %s → seller_party ibr-132-ae', (_name, trn) => {
    expectError(withEntity({ trn }), sellerParty({ rule: 'ibr-132-ae' }));
  });

  it('2.12 entity without a TRN (IBT-031 has nothing to carry) → seller_party', () => {
    expectError(withEntity({ trn: undefined }), sellerParty());
  });
});

describe('seller_party: registration type (2.3 items 1–3, 2.12)', () => {
  it.each<[string, RawEntity, Mutation, Expected]>([
    ['2.3.1/2.3.2 no type on the entity or in the seller block, no number on file → seller_party ibr-173-ae',
      NO_TYPE_NO_NUMBER, () => {}, sellerParty({ rule: 'ibr-173-ae' })],
    ['2.3.1/2.3.2 + 2.8.5 entity type "" and no number → seller_party ibr-173-ae',
      { ...NO_TYPE_NO_NUMBER, legal_registration_type: '' }, () => {}, sellerParty({ rule: 'ibr-173-ae' })],
    ['2.3.1/2.3.2 seller block with issuing_authority but no type, nothing on file → seller_party ibr-173-ae',
      NO_TYPE_NO_NUMBER, setting('seller', { issuing_authority: 'Dubai DET' }), sellerParty({ rule: 'ibr-173-ae' })],
    ['2.3.1/2.3.2 + 2.8.5 seller block registration_type "" (absent), nothing on file → seller_party ibr-173-ae',
      NO_TYPE_NO_NUMBER, setting('seller', { registration_type: '' }), sellerParty({ rule: 'ibr-173-ae' })],
    ['7.3 entity type outside the list ("XX" on the stored record) → seller_party ibr-173-ae',
      { legal_registration_type: 'XX' }, () => {}, sellerParty({ rule: 'ibr-173-ae' })],
    ['2.3.3 entity type PAS without passport_country → seller_party',
      { legal_registration_type: 'PAS', issuing_authority: undefined }, () => {}, sellerParty()],
    ['2.3.3 seller block PAS without passport_country → seller_party seller.passport_country',
      {}, setting('seller', { registration_type: 'PAS' }), sellerParty({ field: 'seller.passport_country' })],
    ['2.3.3 seller block "pas" (lower case) without passport_country → seller_party seller.passport_country',
      {}, setting('seller', { registration_type: 'pas' }), sellerParty({ field: 'seller.passport_country' })],
    ['2.3.3 + 2.8.5 seller block PAS with passport_country "" → seller_party seller.passport_country',
      {}, setting('seller', { registration_type: 'PAS', passport_country: '' }), sellerParty({ field: 'seller.passport_country' })],
    ['2.3 table/2.3.3 seller block TL without issuing_authority → seller_party seller.issuing_authority',
      {}, setting('seller', { registration_type: 'TL' }), sellerParty({ field: 'seller.issuing_authority' })],
    ['2.3 table/2.3.3 seller block TL without issuing_authority, entity without a type → seller_party seller.issuing_authority',
      NO_TYPE_NO_NUMBER, setting('seller', { registration_type: 'TL', legal_registration_id: 'CN-1' }), sellerParty({ field: 'seller.issuing_authority' })],
    ['2.3 table + 2.8.5 seller block TL with issuing_authority null → seller_party seller.issuing_authority',
      {}, setting('seller', { registration_type: 'TL', issuing_authority: null }), sellerParty({ field: 'seller.issuing_authority' })],
    ['2.3 table seller block "tl" (lower case) without issuing_authority → seller_party seller.issuing_authority',
      {}, setting('seller', { registration_type: 'tl' }), sellerParty({ field: 'seller.issuing_authority' })],
  ])('%s', (_name, changes, mutate, expected) => {
    const outcome = withEntity(changes, mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it.each<[string, RawEntity, Mutation]>([
    ['2.3.2 no type anywhere, a number on file → falls back to TL', { legal_registration_type: undefined }, () => {}],
    ['2.3.2/2.12 no type, a number on file, no issuing_authority → TL fallback with the generic authority label',
      { legal_registration_type: undefined, issuing_authority: undefined }, () => {}],
    ['2.12 trade_license_number (former name of legal_registration_id) counts as a number on file',
      { legal_registration_type: undefined, legal_registration_id: undefined, trade_license_number: 'CN-1234567' }, () => {}],
    ['2.12 entity type TL with issuing_authority blank → generic trade-licence-authority label, not an error',
      { issuing_authority: undefined }, () => {}],
    ['2.12 entity type "tl" on the record (lower case) is read as TL', { legal_registration_type: 'tl' }, () => {}],
    ['2.12 entity type EID, no authority', { legal_registration_type: 'EID', issuing_authority: undefined }, () => {}],
    ['2.12 entity type CD, no authority', { legal_registration_type: 'CD', issuing_authority: undefined }, () => {}],
    ['2.12 entity type PAS with passport_country', { legal_registration_type: 'PAS', passport_country: 'IN', issuing_authority: undefined }, () => {}],
    ['2.3.1 nothing on file; the seller block supplies EID', NO_TYPE_NO_NUMBER, setting('seller', { registration_type: 'EID', legal_registration_id: '784-1980-1234567-1' })],
    ['2.3.1 nothing on file; the seller block supplies CD without authority', NO_TYPE_NO_NUMBER, setting('seller', { registration_type: 'CD' })],
    ['2.3.1 nothing on file; the seller block supplies TL with issuing_authority', NO_TYPE_NO_NUMBER,
      setting('seller', { registration_type: 'TL', legal_registration_id: 'CN-1', issuing_authority: 'Dubai DET' })],
    ['2.3.1 nothing on file; the seller block supplies PAS with passport_country', NO_TYPE_NO_NUMBER,
      setting('seller', { registration_type: 'PAS', legal_registration_id: 'N1234567', passport_country: 'IN' })],
    ['2.3.1 the block overrides an entity type outside the list for this invoice', { legal_registration_type: 'XX' }, setting('seller', { registration_type: 'EID' })],
    ['2.3.1 the block overrides an entity PAS that lacks a passport country', { legal_registration_type: 'PAS', issuing_authority: undefined }, setting('seller', { registration_type: 'EID' })],
    ['2.3 seller block "tl" (lower case) with issuing_authority is accepted and normalised', {}, setting('seller', { registration_type: 'tl', issuing_authority: 'Dubai DET' })],
    ['2.3 seller block with legal_registration_id only: accepted, the entity type applies', {}, setting('seller', { legal_registration_id: 'CN-1234567' })],
    ['2.3 an empty seller block changes nothing', {}, setting('seller', {})],
  ])('%s → valid', (_name, changes, mutate) => {
    const outcome = withEntity(changes, mutate);
    expect(outcome.kind).toBe('validated');
    expectValid(outcome);
  });

  it('1.6 the seller block never changes the delivered seller party (2.3: not emitted)', () => {
    const plain = run();
    const blocked = run(setting('seller', { registration_type: 'EID', legal_registration_id: '784-1980-1234567-1' }));
    const party = (o: typeof plain) => {
      if (o.kind !== 'validated' || !o.xml) throw new Error('no XML');
      return JSON.stringify(select(parseXml(o.xml), 'cac:AccountingSupplierParty'));
    };
    expect(party(blocked)).toBe(party(plain));
  });
});

describe('4.2/2.3: an invalid seller.registration_type is rejected (400) before validation runs', () => {
  it.each<[string, unknown]>([
    ['2.3/4.2 "XX"', 'XX'],
    ['2.3/4.2 "Passport" (a label, not a code)', 'Passport'],
    ['2.3/4.2 "TLX"', 'TLX'],
    ['2.3/4.2 a number 3', 3],
    ['2.3/4.2 a boolean true', true],
  ])('%s → kind rejected naming seller.registration_type', (_name, value) => {
    const outcome = run(setting('seller', { registration_type: value, issuing_authority: 'x', passport_country: 'IN' }));
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    expect(outcome.response.errors).toContainEqual(expect.objectContaining({ field: 'seller.registration_type' }));
  });

  it('4.2 both seller and buyer types invalid → one rejection naming both fields', () => {
    const outcome = run(all(setting('seller', { registration_type: 'XX' }), setting('buyer.legal_registration_type', 'YY')));
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    const fields = outcome.response.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['seller.registration_type', 'buyer.legal_registration_type']));
  });

  it.each<[string, unknown]>([
    ['2.3 lower-case "tl"', 'tl'],
    ['2.3 lower-case "eid"', 'eid'],
    ['2.8.5 "" (read as absent)', ''],
    ['2.8.5 null (read as absent)', null],
  ])('%s → not rejected', (_name, value) => {
    expect(run(setting('seller', { registration_type: value, issuing_authority: 'Dubai DET' })).kind).toBe('validated');
  });
});
