import type { Finding } from '../model/types.js';
import type { Rule } from './types.js';
import { error, flag } from './types.js';
import { isCountryCode } from '../codelists/countries.js';
import { emirateCode } from '../codelists/emirates.js';
import { isUaeBuyer } from '../derive/endpoint.js';
import { UAE_TRN } from './seller.js';
import { say } from '../messages/table.js';

export const buyerRules: Rule[] = [
  {
    id: 'buyer.country', section: 'contact_trn', spec: '2.2 country, 7.2 contact_trn',
    check: ({ invoice: { buyer } }) => buyer.countrySent !== undefined && !isCountryCode(buyer.country ?? '')
      ? [error('contact_trn', say('ibr-cl-14', { field: 'buyer.country', sent: buyer.countrySent }), { field: 'buyer.country', rule: 'ibr-cl-14' })]
      : [],
  },
  {
    id: 'buyer.trn', section: 'contact_trn', spec: '2.2 trn, 7.2, 8 (buyer TRN 15 characters), ibr-132-ae',
    check: ({ invoice: { buyer } }) => {
      if (!isUaeBuyer(buyer) || !buyer.trn) return [];
      if (buyer.trn.length !== 15) return [error('contact_trn', `TRN must be 15 characters long (buyer.trn has ${buyer.trn.length})`, { field: 'buyer.trn' })];
      if (!UAE_TRN.test(buyer.trn)) return [error('buyer_party', say('ibr-132-ae', { field: 'buyer.trn', sent: buyer.trn }), { field: 'buyer.trn', rule: 'ibr-132-ae' })];
      return [];
    },
  },
  {
    id: 'buyer.endpoint', section: 'buyer_party', spec: '2.8, 7.3',
    check: ({ endpoint }) => endpoint.findings,
  },
  {
    id: 'buyer.address', section: 'buyer_party', spec: '2.2 (PostalAddress), ibr-144-ae, ibr-128-ae',
    check: ({ invoice: { buyer } }) => {
      const missing = [['address_line1', buyer.address_line1], ['city', buyer.city], ['region', buyer.region]].filter(([, v]) => !v).map(([k]) => `buyer.${k}`);
      if (missing.length) return [error('buyer_party', `Buyer postal address needs address line 1, city and subdivision (IBT-050, IBT-052, IBT-054): ${missing.join(', ')} missing`, { rule: 'ibr-144-ae', field: missing[0] })];
      if (buyer.country === 'AE' && !emirateCode(buyer.region)) return [error('buyer_party', `buyer.region ${buyer.region} is not an emirate (AUH, DXB, SHJ, UAQ, FUJ, AJM, RAK)`, { rule: 'ibr-128-ae', field: 'buyer.region' })];
      return [];
    },
  },
  {
    id: 'buyer.legal-registration', section: 'buyer_party', spec: '2.2 legal_registration_*, authority_name, passport_country_code',
    check: ({ invoice: { buyer }, endpoint }) => {
      const out: Finding[] = [];
      const type = buyer.legal_registration_type;
      if (type === 'TL' && !buyer.authority_name) out.push(error('buyer_party', 'buyer.authority_name is required when legal_registration_type is TL (BTAE-11)', { rule: 'ibr-101-ae', field: 'buyer.authority_name' }));
      if (type === 'PAS') {
        if (!buyer.passport_country_code) out.push(error('buyer_party', 'buyer.passport_country_code is required when legal_registration_type is PAS (BTAE-19)', { rule: 'ibr-010-ae', field: 'buyer.passport_country_code' }));
        else if (!isCountryCode(buyer.passport_country_code.toUpperCase())) out.push(error('buyer_party', `buyer.passport_country_code ${buyer.passport_country_code} is not an ISO 3166-1 code`, { rule: 'ibr-011-ae', field: 'buyer.passport_country_code' }));
      }
      const ep = endpoint.endpoint;
      if (ep?.scheme === '0235') {
        if (buyer.legal_registration_id && !type) out.push(error('buyer_party', 'buyer.legal_registration_type (BTAE-16) is required with a legal_registration_id for a buyer addressed under 0235', { rule: 'ibr-180-ae', field: 'buyer.legal_registration_type' }));
        if (!/^[19]/.test(ep.id) && !buyer.legal_registration_id) out.push(error('buyer_party', `buyer.legal_registration_id (IBT-047) is required for the buyer address 0235:${ep.id}`, { rule: 'ibr-149-ae', field: 'buyer.legal_registration_id' }));
      }
      return out;
    },
  },
  {
    id: 'buyer.vat-identifier', section: 'buyer_party', spec: 'ibr-135-ae, ibr-103-ae, ibr-136-ae',
    check: ({ invoice, endpoint, typeCode }) => {
      const { buyer } = invoice;
      const out: Finding[] = [];
      const ep = endpoint.endpoint;
      if (ep?.scheme === '0235' && !flag(invoice, 8) && !ep.id.startsWith('1') && !buyer.trn) {
        out.push(error('buyer_party', `buyer.trn (IBT-048) is required for the buyer address 0235:${ep.id} on an invoice that is not an export`, { rule: 'ibr-135-ae', field: 'buyer.trn' }));
      }
      if (!buyer.trn && invoice.line_items.some((l) => l.tax_category === 'AE')) {
        out.push(error('buyer_party', 'buyer.trn is required on a reverse-charge (AE) invoice', { rule: 'ibr-103-ae', field: 'buyer.trn' }));
      }
      if (typeCode === '480' && !buyer.legal_registration_id) {
        out.push(error('buyer_party', 'buyer.legal_registration_id (IBT-047) is required when every line is exempt or out of scope (invoice type 480)', { rule: 'ibr-136-ae', field: 'buyer.legal_registration_id' }));
      }
      return out;
    },
  },
];
