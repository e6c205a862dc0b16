import type { Entity, Invoice } from '../model/types.js';
import type { Endpoint } from '../derive/endpoint.js';
import { invoiceTypeCode, toAed, type Totals } from '../derive/totals.js';
import { formatMoney, type Decimal } from '../derive/money.js';
import { compact, el, type XmlNode } from './node.js';
import { serializeXml } from './serialize.js';
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

/** The invoice as an object tree, element order per the UBL 2.1 Invoice XSD. */
export function invoiceTree(input: BuildInput): XmlNode {
  const { invoice, totals, uuid } = input;
  const currency = invoice.currency;
  const foreign = currency !== 'AED' && input.rate !== undefined;
  const amount = (v: Decimal) => el(formatMoney(v), { currencyID: currency });
  const lineCtx = { currency, rate: foreign ? input.rate : undefined, lineAmountsInAed: input.lineAmounts !== 'document' };
  return {
    Invoice: {
      '@xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      '@xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      '@xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      'cbc:CustomizationID': CUSTOMIZATION_ID,
      'cbc:ProfileID': PROFILE_ID,
      'cbc:ProfileExecutionID': invoice.transaction_type_code,
      'cbc:ID': uuid,
      'cbc:UUID': uuid,
      'cbc:IssueDate': invoice.date,
      'cbc:DueDate': invoice.due_date,
      'cbc:InvoiceTypeCode': invoiceTypeCode(invoice),
      'cbc:DocumentCurrencyCode': currency,
      'cbc:TaxCurrencyCode': foreign ? 'AED' : undefined,
      'cac:StatementDocumentReference': invoice.customs_declaration_ref ? { 'cbc:ID': invoice.customs_declaration_ref } : undefined,
      'cac:AdditionalDocumentReference': foreign ? {
        'cbc:ID': 'AED',
        'cbc:DocumentTypeCode': 'aedtotal-incl-vat',
        'cbc:DocumentDescription': `AED ${formatMoney(toAed(totals.total, input.rate!))}`,
      } : undefined,
      'cac:AccountingSupplierParty': supplierParty(input.entity),
      'cac:AccountingCustomerParty': customerParty(invoice.buyer, input.endpoint),
      'cac:Delivery': delivery(invoice),
      'cac:PaymentMeans': paymentMeans(invoice),
      'cac:TaxExchangeRate': foreign ? {
        'cbc:SourceCurrencyCode': currency,
        'cbc:TargetCurrencyCode': 'AED',
        'cbc:CalculationRate': input.rate!.toFixed(),
      } : undefined,
      'cac:TaxTotal': taxTotals(totals, currency, foreign ? input.rate : undefined),
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(totals.subTotal),
        'cbc:TaxExclusiveAmount': amount(totals.subTotal),
        'cbc:TaxInclusiveAmount': amount(totals.total),
        'cbc:PayableAmount': amount(totals.total),
      },
      'cac:InvoiceLine': invoice.line_items.map((line, i) => invoiceLine(line, i, lineCtx)),
    },
  };
}

/** The delivered UBL document as text. */
export function renderInvoice(input: BuildInput): string {
  const tree = compact(invoiceTree(input))!;
  return serializeXml(tree);
}
