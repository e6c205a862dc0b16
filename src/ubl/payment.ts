import type { Invoice } from '../model/types.js';
import { PAYMENT_MEANS } from '../codelists/tax.js';
import { el, type XmlNode } from './node.js';

/** cac:PaymentMeans (spec 2.1; DESIGN payment-means default): the code with its label as @name, and the IBAN. */
export function paymentMeans(invoice: Invoice): XmlNode {
  const code = invoice.payment_means_code;
  return {
    'cbc:PaymentMeansCode': el(code, { name: PAYMENT_MEANS[code] }),
    'cac:PayeeFinancialAccount': invoice.payment_account_id ? { 'cbc:ID': invoice.payment_account_id } : undefined,
  };
}
