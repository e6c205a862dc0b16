import type { Finding } from '../model/types.js';
import type { Rule } from './types.js';
import { error, flag } from './types.js';
import { isCurrencyCode } from '../codelists/currencies.js';
import { isCountryCode } from '../codelists/countries.js';
import { emirateCode } from '../codelists/emirates.js';
import { say } from '../messages/table.js';
import { finding } from '../messages/findings.js';

/** Transaction-type flags whose mandatory PINT-AE data this API has no field for (spec 2.5 vs the official rules). */
const FLAGS_WITHOUT_FIELDS: Array<[number, string]> = [[1, 'ibr-007-ae'], [4, 'ibr-138-ae'], [6, 'ibr-137-ae']];

/** The deliver-to fields an export needs besides the country (spec 2.4, 7.3), with their IBT ids. */
const DELIVER_TO = [['address_line1', 'IBT-075'], ['city', 'IBT-077'], ['country_subdivision', 'IBT-079']] as const;

export const headerRules: Rule[] = [
  {
    id: 'header.currency', section: 'invoice_header', spec: '2.1 currency (ISO 4217)',
    check: ({ invoice }) => isCurrencyCode(invoice.currency) ? []
      : [error('invoice_header', say('ibr-cl-04', { field: 'currency', sent: invoice.currency }), { rule: 'ibr-cl-04', field: 'currency' })],
  },
  {
    id: 'header.due-date', section: 'invoice_header', spec: '2.1 due_date, ibr-127-ae',
    check: ({ invoice, totals }) => !invoice.due_date && totals.total.isPositive() && !totals.total.isZero() && !flag(invoice, 2)
      ? [error('invoice_header', finding('header.due-date'), { rule: 'ibr-127-ae', field: 'due_date' })]
      : [],
  },
  {
    id: 'header.transaction-type', section: 'invoice_header', spec: '2.5',
    check: ({ invoice, typeCode }) => {
      const out: Finding[] = [];
      for (const [position, rule] of FLAGS_WITHOUT_FIELDS) {
        if (flag(invoice, position)) out.push(error('invoice_header', finding('header.flag-without-field', { code: invoice.transaction_type_code, position }), { rule, field: 'transaction_type_code' }));
      }
      if (flag(invoice, 3) && !invoice.line_items.some((l) => l.tax_category === 'N')) {
        out.push(error('invoice_header', finding('header.margin-needs-n'), { rule: 'ibr-116-ae', field: 'transaction_type_code' }));
      }
      if (typeCode === '480' && (flag(invoice, 2) || flag(invoice, 3) || flag(invoice, 4))) {
        out.push(error('invoice_header', finding('header.480-flags'), { rule: 'ibr-157-ae', field: 'transaction_type_code' }));
      }
      return out;
    },
  },
  {
    id: 'header.export-delivery', section: 'invoice_header', spec: '2.4, 4.1, 7.3',
    check: ({ invoice }) => {
      const d = invoice.delivery;
      const out: Finding[] = [];
      const needsAddress = flag(invoice, 8) || flag(invoice, 7);
      const missing = DELIVER_TO.filter(([name]) => !d?.[name]);
      if (needsAddress && missing.length) {
        // Spec 7.3 names each deliver-to field of an export by its IBT id: a block that lacks some gets one finding
        // per field, at it. No block at all is one mistake, one finding (ibr-152-ae, the rule of the whole address);
        // e-commerce (position 7) is not in 7.3 and keeps its PINT-AE rule.
        if (flag(invoice, 8) && d) {
          for (const [name, ibt] of missing) out.push(error('invoice_header', finding('header.export-delivery-field', { name, ibt }), { rule: ibt, field: `delivery.${name}` }));
        } else {
          const rule = flag(invoice, 8) ? 'ibr-152-ae' : 'ibr-142-ae';
          out.push(error('invoice_header', finding('header.delivery-address'), { rule, field: 'delivery' }));
        }
      }
      if (flag(invoice, 8) && !d?.country) out.push(error('invoice_header', finding('header.delivery-country'), { rule: 'IBT-080', field: 'delivery.country' }));
      if (d?.country !== undefined) {
        if (!isCountryCode(d.country)) out.push(error('invoice_header', say('ibr-cl-14', { field: 'delivery.country', sent: d.country }), { rule: 'ibr-cl-14', field: 'delivery.country' }));
        else if (flag(invoice, 8) && d.country === 'AE') out.push(error('invoice_header', finding('header.export-to-ae'), { rule: 'ibr-152-ae', field: 'delivery.country' }));
        else if (d.country === 'AE' && d.country_subdivision && !emirateCode(d.country_subdivision)) out.push(error('invoice_header', finding('header.delivery-emirate', { sent: d.country_subdivision }), { rule: 'ibr-128-ae', field: 'delivery.country_subdivision' }));
      }
      return out;
    },
  },
  {
    id: 'header.exchange-rate', section: 'invoice_header', spec: '2.6, 7.3 (BTUAE-04)',
    check: ({ invoice, rate }) => {
      if (invoice.currency === 'AED') return [];
      const sent = invoice.exchange_rate;
      if (sent !== undefined) {
        if (!sent.isPositive() || sent.isZero()) return [error('invoice_header', finding('header.rate-not-positive'), { rule: 'BTUAE-04', field: 'exchange_rate' })];
        if (sent.decimalPlaces() > 6) return [error('invoice_header', finding('header.rate-decimals', { sent: sent.toString() }), { rule: 'ibr-002-ae', field: 'exchange_rate' })];
        return [];
      }
      // No rate was sent (a sent one is always used): the finding is placed at the currency that asks for one.
      return rate ? [] : [error('invoice_header', say('BTUAE-04', { field: 'currency', currency: invoice.currency, date: invoice.date }), { rule: 'BTUAE-04', field: 'currency' })];
    },
  },
  {
    id: 'header.payment', section: 'invoice_header', spec: '2.1 payment_*, 4.1, ibr-192-ae',
    check: ({ invoice }) => {
      const out: Finding[] = [];
      if (invoice.payment_method) out.push(error('invoice_header', finding('header.payment-label', { sent: invoice.payment_method }), { field: 'payment_method' }));
      if (invoice.payment_means_code === '30' && !invoice.payment_account_id) out.push(error('invoice_header', finding('header.iban'), { rule: 'ibr-192-ae', field: 'payment_account_id' }));
      return out;
    },
  },
];
