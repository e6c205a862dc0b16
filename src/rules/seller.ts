import { finding } from '../messages/findings.js';
import type { Rule } from './types.js';
import { editDistance } from '../schema/spelling.js';
import { cliWords } from '../messages/cli.js';
import { error } from './types.js';
import { countryCode, isCountryCode } from '../codelists/countries.js';
import { emirateCode } from '../codelists/emirates.js';
import { registrationType } from '../codelists/tax.js';

export const UAE_TRN = /^1\d{12}03$/;

/** How many known entity ids a "not found" finding lists at most. */
const LISTED = 5;

/** The known ids, the nearest to the one sent first (edit distance, then name), at most LISTED of them. */
function nearestFirst(sent: string, known: readonly string[]): string[] {
  const near = known.map((id) => [editDistance(sent.toLowerCase(), id.toLowerCase()), id] as const);
  near.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const listed = near.slice(0, LISTED).map(([, id]) => id);
  return known.length > LISTED ? [...listed, `… (${known.length - LISTED} more)`] : listed;
}

export const sellerRules: Rule[] = [
  {
    id: 'seller.entity-found', section: 'seller_party', spec: '1.6, 4.1 (404)',
    check: ({ invoice, entity, knownEntities }) => entity ? [] : [error('seller_party',
      cliWords('entity.not-found', { id: invoice.entity_id, known: nearestFirst(invoice.entity_id, knownEntities?.() ?? []) }), { field: 'entity_id' })],
  },
  {
    id: 'seller.registry-code', section: 'endpoint_ids', spec: '2.3.5, 7.2 endpoint_ids',
    check: ({ entity }) => {
      if (!entity) return [];
      if (!entity.registry_code) return [error('endpoint_ids', finding('seller.no-registry-code', { entity: entity.entity_id }), { rule: 'ibr-081', field: 'entity_id' })];
      if (!/^\d{10}$/.test(entity.registry_code)) return [error('endpoint_ids', finding('seller.registry-code-digits', { entity: entity.entity_id, code: entity.registry_code }), { rule: 'ibr-081', field: 'entity_id' })];
      return [];
    },
  },
  {
    id: 'seller.trn', section: 'seller_party', spec: '2.12 trn, 7.3 (ibr-132-ae)',
    check: ({ entity, typeCode }) => {
      if (!entity) return [];
      if (!entity.trn) return typeCode === '480' ? [] : [error('seller_party', finding('seller.no-trn', { entity: entity.entity_id }), { rule: 'ibr-134-ae', field: 'entity_id' })];
      if (!UAE_TRN.test(entity.trn)) return [error('seller_party', finding('seller.trn-form', { trn: entity.trn }), { rule: 'ibr-132-ae', field: 'entity_id' })];
      return [];
    },
  },
  {
    id: 'seller.name-address', section: 'seller_party', spec: '2.12 (seller party elements)',
    check: ({ entity }) => {
      if (!entity) return [];
      const out = [];
      if (!entity.company_name) out.push(error('seller_party', finding('seller.no-name', { entity: entity.entity_id }), { rule: 'ibr-006', field: 'entity_id' }));
      const country = entity.country === undefined ? 'AE' : countryCode(entity.country);
      if (country !== 'AE') out.push(error('seller_party', finding('seller.country', { sent: String(entity.country) }), { rule: 'ibr-cl-14', field: 'entity_id' }));
      const missing = [['area', entity.area], ['city', entity.city], ['state', entity.state]].filter(([, v]) => !v).map(([k]) => k as string);
      if (missing.length) out.push(error('seller_party', finding('seller.address', { missing }), { rule: 'ibr-143-ae', field: 'entity_id' }));
      else if (!emirateCode(entity.state)) out.push(error('seller_party', finding('seller.emirate', { sent: String(entity.state) }), { rule: 'ibr-128-ae', field: 'entity_id' }));
      return out;
    },
  },
  {
    // Spec 2.3 items 1–3: the per-invoice block overrides the entity; a number on file falls back to TL.
    id: 'seller.registration-type', section: 'seller_party', spec: '2.3, 2.12 legal_registration_type',
    check: ({ invoice, entity }) => {
      if (!entity) return [];
      const block = invoice.seller;
      const sentType = block?.registration_type ?? entity.legal_registration_type;
      const hasNumber = Boolean(block?.legal_registration_id ?? entity.legal_registration_id);
      if (sentType === undefined) {
        return hasNumber ? [] : [error('seller_party', finding('seller.registration-type-missing'), { rule: 'ibr-173-ae', field: 'seller.registration_type' })];
      }
      const type = registrationType(sentType);
      if (!type) return [error('seller_party', finding('seller.registration-type', { sent: String(sentType) }), { rule: 'ibr-173-ae', field: 'entity_id' })];
      const fromBlock = block?.registration_type !== undefined;
      if (type === 'TL' && fromBlock && !block!.issuing_authority) {
        return [error('seller_party', finding('seller.issuing-authority'), { rule: 'ibr-172-ae', field: 'seller.issuing_authority' })];
      }
      if (type === 'PAS') {
        const passport = fromBlock ? block!.passport_country : entity.passport_country;
        // An entity's own passport country is in its record, which the invoice names by entity_id.
        const field = fromBlock ? 'seller.passport_country' : 'entity_id';
        if (!passport) return [error('seller_party', finding('seller.passport-country'), { rule: 'ibr-012-ae', field })];
        if (!isCountryCode(passport.toUpperCase())) return [error('seller_party', finding('seller.passport-country-code', { sent: passport }), { rule: 'ibr-013-ae', field })];
      }
      return [];
    },
  },
];
