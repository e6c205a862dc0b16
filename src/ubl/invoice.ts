import type { Entity, Invoice } from '../model/types.js';
import type { Endpoint } from '../derive/endpoint.js';
import { invoiceTypeCode, toAed, type Totals } from '../derive/totals.js';
import { formatMoney, type Decimal } from '../derive/money.js';
import { compact, el, Items, val, type XmlNode } from './node.js';
import { serializeWithSources, type Serialized } from './serialize.js';
import { customerParty, supplierParty } from './parties.js';
import { delivery } from './delivery.js';
import { paymentMeans } from './payment.js';
import { taxTotals } from './tax.js';
import { invoiceLine } from './lines.js';

export const CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PROFILE_ID = 'urn:peppol:bis:billing';

export interface BuildInput {
  invoice: Invoice;
  entity: Entity;
  endpoint: Endpoint;
  totals: Totals;
  /** cbc:ID and cbc:UUID (spec 2.9: one generated UUID, the same in both). */
  uuid: string;
  /** AED per unit of the invoice currency; undefined for an AED invoice. */
  rate?: Decimal;
  /** Per-line BTAE-08/10 of a foreign-currency invoice: AED (default, spec 2.6.2) or the document currency. */
  lineAmounts?: 'aed' | 'document';
}

/** The invoice as an object tree, element order per the UBL 2.1 Invoice XSD; `$` keys name each element's request field. */
export function invoiceTree(input: BuildInput): XmlNode {
  const { invoice, totals, uuid } = input;
  const currency = invoice.currency;
  const foreign = currency !== 'AED' && input.rate !== undefined;
  const rateField = invoice.exchange_rate !== undefined ? 'exchange_rate' : 'currency';
  const amount = (v: Decimal, source: string) => el(formatMoney(v), { currencyID: currency }, source, { currencyID: 'currency' });
  const lineCtx = { currency, rate: foreign ? input.rate : undefined, lineAmountsInAed: input.lineAmounts !== 'document' };
  // Totals are the sender's own figures where sent (spec 2.6.2), else computed from the lines.
  const subTotal = invoice.sub_total !== undefined ? 'sub_total' : 'line_items';
  const total = invoice.total !== undefined ? 'total' : 'line_items';
  return {
    Invoice: {
      '@xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      '@xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      '@xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      'cbc:CustomizationID': CUSTOMIZATION_ID,
      'cbc:ProfileID': PROFILE_ID,
      'cbc:ProfileExecutionID': val(invoice.transaction_type_code, 'transaction_type_code'),
      // The generated UUID stands for the invoice record, which the request names by its invoice_number.
      'cbc:ID': val(uuid, 'invoice_number'),
      'cbc:UUID': val(uuid, 'invoice_number'),
      'cbc:IssueDate': val(invoice.date, 'date'),
      'cbc:DueDate': val(invoice.due_date, 'due_date'),
      // 380 or 480 follows from the lines' categories (DESIGN).
      'cbc:InvoiceTypeCode': val(invoiceTypeCode(invoice), 'line_items'),
      'cbc:DocumentCurrencyCode': val(currency, 'currency'),
      'cbc:TaxCurrencyCode': foreign ? val('AED', 'currency') : undefined,
      'cac:StatementDocumentReference': invoice.customs_declaration_ref
        ? { $: 'customs_declaration_ref', 'cbc:ID': invoice.customs_declaration_ref } : undefined,
      'cac:AdditionalDocumentReference': foreign ? {
        $: rateField,
        'cbc:ID': 'AED',
        'cbc:DocumentTypeCode': 'aedtotal-incl-vat',
        'cbc:DocumentDescription': `AED ${formatMoney(toAed(totals.total, input.rate!))}`,
      } : undefined,
      'cac:AccountingSupplierParty': supplierParty(input.entity),
      'cac:AccountingCustomerParty': customerParty(invoice.buyer, input.endpoint),
      'cac:Delivery': delivery(invoice),
      'cac:PaymentMeans': paymentMeans(invoice),
      'cac:TaxExchangeRate': foreign ? {
        $: rateField,
        'cbc:SourceCurrencyCode': val(currency, 'currency'),
        'cbc:TargetCurrencyCode': val('AED', 'currency'),
        'cbc:CalculationRate': input.rate!.toFixed(),
      } : undefined,
      'cac:TaxTotal': taxTotals(invoice, totals, foreign ? input.rate : undefined),
      'cac:LegalMonetaryTotal': {
        $: total,
        'cbc:LineExtensionAmount': amount(totals.subTotal, subTotal),
        'cbc:TaxExclusiveAmount': amount(totals.subTotal, subTotal),
        'cbc:TaxInclusiveAmount': amount(totals.total, total),
        'cbc:PayableAmount': amount(totals.total, total),
      },
      'cac:InvoiceLine': new Items(invoice.line_items.length, (i) => invoiceLine(invoice.line_items[i]!, i, lineCtx)),
    },
  };
}

/**
 * The delivered UBL document as text, with its source map (location → request field, serialize.ts); `withTree`: with
 * the tree pintae's reader would make of the text (Serialized.doc), for the rules.
 */
export function renderInvoiceWithSources(input: BuildInput, withTree = false): Serialized {
  return serializeWithSources(compact(invoiceTree(input))!, withTree);
}

/** The delivered UBL document as text. */
export function renderInvoice(input: BuildInput): string {
  return renderInvoiceWithSources(input).xml;
}
