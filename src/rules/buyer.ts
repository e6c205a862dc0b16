import { finding } from '../messages/findings.js';
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
      if (buyer.trn.length !== 15) return [error('contact_trn', finding('buyer.trn-length'), { field: 'buyer.trn' })];
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
      if (missing.length) return [error('buyer_party', finding('buyer.address', { missing }), { rule: 'ibr-144-ae', field: missing[0] })];
      if (buyer.country === 'AE' && !emirateCode(buyer.region)) return [error('buyer_party', finding('buyer.region', { sent: String(buyer.region) }), { rule: 'ibr-128-ae', field: 'buyer.region' })];
      return [];
    },
  },
  {
    id: 'buyer.legal-registration', section: 'buyer_party', spec: '2.2 legal_registration_*, authority_name, passport_country_code',
    check: ({ invoice: { buyer }, endpoint }) => {
      const out: Finding[] = [];
      const type = buyer.legal_registration_type;
      if (type === 'TL' && !buyer.authority_name) out.push(error('buyer_party', finding('buyer.authority'), { rule: 'ibr-101-ae', field: 'buyer.authority_name' }));
      if (type === 'PAS') {
        if (!buyer.passport_country_code) out.push(error('buyer_party', finding('buyer.passport-country'), { rule: 'ibr-010-ae', field: 'buyer.passport_country_code' }));
        else if (!isCountryCode(buyer.passport_country_code.toUpperCase())) out.push(error('buyer_party', finding('buyer.passport-country-code', { sent: buyer.passport_country_code }), { rule: 'ibr-011-ae', field: 'buyer.passport_country_code' }));
      }
      const ep = endpoint.endpoint;
      if (ep?.scheme === '0235') {
        if (buyer.legal_registration_id && !type) out.push(error('buyer_party', finding('buyer.registration-type-0235'), { rule: 'ibr-180-ae', field: 'buyer.legal_registration_type' }));
        if (!/^[19]/.test(ep.id) && !buyer.legal_registration_id) out.push(error('buyer_party', finding('buyer.registration-id-0235', { id: ep.id }), { rule: 'ibr-149-ae', field: 'buyer.legal_registration_id' }));
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
        out.push(error('buyer_party', finding('buyer.trn-0235', { id: ep.id }), { rule: 'ibr-135-ae', field: 'buyer.trn' }));
      }
      if (!buyer.trn && invoice.line_items.some((l) => l.tax_category === 'AE')) {
        out.push(error('buyer_party', finding('buyer.trn-reverse-charge'), { rule: 'ibr-103-ae', field: 'buyer.trn' }));
      }
      if (typeCode === '480' && !buyer.legal_registration_id) {
        out.push(error('buyer_party', finding('buyer.registration-480'), { rule: 'ibr-136-ae', field: 'buyer.legal_registration_id' }));
      }
      return out;
    },
  },
];
