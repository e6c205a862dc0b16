import type { Invoice } from '../model/types.js';
import { PAYMENT_MEANS } from '../codelists/tax.js';
import { el, type XmlNode } from './node.js';

/** cac:PaymentMeans (spec 2.1; DESIGN payment-means default): the code with its label as @name, and the IBAN. */
export function paymentMeans(invoice: Invoice): XmlNode {
  const code = invoice.payment_means_code;
  return {
    // The key the code was read from; with no payment field at all, the field that would have carried it.
    $: invoice.payment_means_key ?? 'payment_means_code',
    'cbc:PaymentMeansCode': el(code, { name: PAYMENT_MEANS[code] }),
    'cac:PayeeFinancialAccount': invoice.payment_account_id ? { $: 'payment_account_id', 'cbc:ID': invoice.payment_account_id } : undefined,
  };
}
