import type { XDocument, XElement } from '../xpath/api.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewValue } from '../model/view.js';
import { attr, labelled, UblReader, withMeaning, type FieldOf } from './ubl.js';
import { addressItems, partyBlock } from './document-parties.js';
import { chargesTable, linesTable, vatTable, type KeepLine } from './document-lines.js';
import { lookup } from '../codelists/lookup.js';
import { paymentMeaning, transactionMeaning, typeCodeMeaning } from './meanings.js';

export interface DocumentViewOptions {
  /** Location → request field: the source map of a document pintae built (validate); none for `check`. */
  fieldOf?: FieldOf;
  /** The request's invoice_number, which the delivered document does not carry (its cbc:ID is a generated UUID). */
  invoiceNumber?: string;
  keepLine: KeepLine;
}

const text = (u: UblReader, e: XElement | undefined) => u.value(e)?.text.trim();

function details(u: UblReader, root: XElement, invoiceNumber: string | undefined): ViewBlock {
  const typeCode = u.at(root, 'InvoiceTypeCode') ?? u.at(root, 'CreditNoteTypeCode');
  const execution = u.at(root, 'ProfileExecutionID');
  const period = u.at(root, 'InvoicePeriod');
  const id = u.value(u.at(root, 'ID'));
  const uuid = u.value(u.at(root, 'UUID'));
  const items: ViewItem[] = [
    ...(invoiceNumber !== undefined ? [{ label: 'Invoice number', text: invoiceNumber, field: 'invoice_number' }] : []),
    ...labelled(invoiceNumber !== undefined ? 'Document ID' : root.local === 'CreditNote' ? 'Credit note number' : 'Invoice number', id),
    ...(uuid && uuid.text !== id?.text ? labelled('UUID', uuid) : []),
    ...u.item('Issue date', root, 'IssueDate'),
    ...u.item('Issue time', root, 'IssueTime'),
    ...u.item('Due date', root, 'DueDate'),
    ...u.item('Tax point date', root, 'TaxPointDate'),
    ...labelled('Period', period && u.value(u.at(period, 'StartDate')) && {
      ...u.source(period), text: `${text(u, u.at(period, 'StartDate')) ?? ''} – ${text(u, u.at(period, 'EndDate')) ?? ''}`,
    }),
    ...labelled('Type', u.value(typeCode, withMeaning(typeCodeMeaning(text(u, typeCode))))),
    ...labelled('Transaction type', u.value(execution, withMeaning(transactionMeaning(text(u, execution))))),
    ...u.item('Currency', root, 'DocumentCurrencyCode'),
    ...u.item('Tax currency', root, 'TaxCurrencyCode'),
    ...u.item('Buyer reference', root, 'BuyerReference'),
    ...u.item('Order', root, 'OrderReference/ID'),
    ...u.item('Contract', root, 'ContractDocumentReference/ID'),
    ...u.item('Project', root, 'ProjectReference/ID'),
    ...u.all(root, 'BillingReference').flatMap((b) => u.item('Preceding invoice', b, 'InvoiceDocumentReference/ID')),
    ...u.all(root, 'Note').flatMap((n) => labelled('Note', u.value(n))),
    ...u.item('Specification', root, 'CustomizationID'),
  ];
  return { title: 'Invoice details', items };
}

function payment(u: UblReader, root: XElement): ViewBlock | undefined {
  const items = u.all(root, 'PaymentMeans').flatMap((m): ViewItem[] => {
    const code = u.at(m, 'PaymentMeansCode');
    const name = code ? attr(code, 'name') : undefined;
    return [
      ...labelled('Payment means', u.value(code, withMeaning(paymentMeaning(text(u, code)) ?? name))),
      ...u.item('Account (IBAN)', m, 'PayeeFinancialAccount/ID'),
      ...u.item('Account name', m, 'PayeeFinancialAccount/Name'),
      ...u.item('Payment reference', m, 'PaymentID'),
      ...u.item('Card', m, 'CardAccount/PrimaryAccountNumberID'),
      ...u.item('Mandate', m, 'PaymentMandate/ID'),
    ];
  });
  for (const terms of u.all(root, 'PaymentTerms')) items.push(...u.item('Payment terms', terms, 'Note'));
  const first = u.at(root, 'PaymentMeans') ?? u.at(root, 'PaymentTerms');
  return items.length ? { title: 'Payment', ...u.source(first), items } : undefined;
}

/** The tax totals: the one in the invoice currency (with the breakdown) and the one in the tax currency (IBT-111). */
function taxTotals(u: UblReader, root: XElement, currency: string | undefined, taxCurrency: string | undefined) {
  const all = u.all(root, 'TaxTotal');
  const currencyOf = (t: XElement) => { const a = u.at(t, 'TaxAmount'); return a ? attr(a, 'currencyID') : undefined; };
  const main = all.find((t) => u.at(t, 'TaxSubtotal')) ?? all.find((t) => currencyOf(t) === currency) ?? all[0];
  const aed = taxCurrency !== undefined && taxCurrency !== currency ? all.find((t) => t !== main && currencyOf(t) === taxCurrency) : undefined;
  return { main, aed };
}

function totals(u: UblReader, root: XElement, currency: string | undefined, vat: XElement | undefined): ViewBlock | undefined {
  const m = u.at(root, 'LegalMonetaryTotal');
  if (!m && !vat) return undefined;
  const amount = (label: string, e: XElement | undefined) => labelled(label, u.amount(e, currency));
  return {
    title: `Totals${currency ? ` (${currency})` : ''}`,
    ...u.source(m),
    items: [
      ...amount('Sum of line net amounts', u.at(m, 'LineExtensionAmount')),
      ...amount('Allowances', u.at(m, 'AllowanceTotalAmount')),
      ...amount('Charges', u.at(m, 'ChargeTotalAmount')),
      ...amount('Total without VAT', u.at(m, 'TaxExclusiveAmount')),
      ...amount('VAT', u.at(vat, 'TaxAmount')),
      ...amount('Total with VAT', u.at(m, 'TaxInclusiveAmount')),
      ...amount('Paid in advance', u.at(m, 'PrepaidAmount')),
      ...amount('Rounding', u.at(m, 'PayableRoundingAmount')),
      ...amount('Amount due', u.at(m, 'PayableAmount')),
    ],
  };
}

/** A foreign-currency invoice's figures in AED (spec 2.6.2): the rate, the VAT and the total with VAT in AED. */
function aed(u: UblReader, root: XElement, currency: string | undefined, taxCurrency: string | undefined, aedTax: XElement | undefined): ViewBlock | undefined {
  const rate = u.at(root, 'TaxExchangeRate');
  const total = u.all(root, 'AdditionalDocumentReference').find((r) => text(u, u.at(r, 'DocumentTypeCode')) === 'aedtotal-incl-vat');
  if (!rate && !aedTax && !total && (taxCurrency === undefined || taxCurrency === currency)) return undefined;
  const source = text(u, u.at(rate, 'SourceCurrencyCode')) ?? currency ?? '?';
  const target = text(u, u.at(rate, 'TargetCurrencyCode')) ?? taxCurrency ?? 'AED';
  const calculation = u.value(u.at(rate, 'CalculationRate'), { numeric: true });
  return {
    title: `In ${target}`,
    ...u.source(rate),
    items: [
      ...labelled('Exchange rate', calculation && { ...calculation, meaning: `${target} per 1 ${source}` }),
      ...labelled('VAT', u.amount(u.at(aedTax, 'TaxAmount'), target)),
      ...labelled('Total with VAT', aedTotal(u, total)),
    ],
  };
}

/** BTAE-20 as the official example writes it (`AED 11337.01`, docs/decisions.md): the amount, placed at its reference. */
function aedTotal(u: UblReader, reference: XElement | undefined): ViewValue | undefined {
  const description = u.value(u.at(reference, 'DocumentDescription'));
  if (!description) return undefined;
  const amount = /^\s*AED\s+(-?\d+(?:\.\d+)?)\s*$/.exec(description.text)?.[1];
  return { ...description, ...u.source(reference), ...(description.field ? { field: description.field } : {}), ...(amount ? { text: amount, numeric: true } : {}) };
}

function delivery(u: UblReader, root: XElement): ViewBlock | undefined {
  const d = u.at(root, 'Delivery');
  const customs = u.at(root, 'StatementDocumentReference');
  if (!d && !customs) return undefined;
  const place = u.at(d, 'DeliveryLocation');
  const locationId = u.at(place, 'ID');
  const export_ = text(u, u.at(root, 'ProfileExecutionID'))?.[7] === '1';
  return {
    title: export_ ? 'Delivery and export' : 'Delivery',
    ...u.source(d ?? customs),
    items: [
      ...u.item('Delivery date', d, 'ActualDeliveryDate'),
      ...u.item('Deliver to', d, 'DeliveryParty/PartyName/Name'),
      ...labelled('Location ID', locationId && u.value(locationId) && { ...u.value(locationId)!, ...withMeaning(attr(locationId, 'schemeID') && `scheme ${attr(locationId, 'schemeID')}`) }),
      ...addressItems(u, u.at(place, 'Address')),
      ...u.item('Incoterms', d, 'DeliveryTerms/ID'),
      ...u.item('Customs declaration', customs, 'ID'),
    ],
  };
}

const TITLES: Readonly<Record<string, string>> = { 380: 'Tax invoice', 480: 'Commercial invoice', 381: 'Credit note' };

/** The view of a UBL invoice or credit note (`check`'s input, or the document `validate` built). */
export function documentView(doc: XDocument, options: DocumentViewOptions): InvoiceView | undefined {
  const root = doc.elements[0];
  if (!root) return undefined;
  const u = new UblReader(options.fieldOf);
  const currency = text(u, u.at(root, 'DocumentCurrencyCode'));
  const taxCurrency = text(u, u.at(root, 'TaxCurrencyCode'));
  const { main, aed: aedTax } = taxTotals(u, root, currency, taxCurrency);
  const typeCode = text(u, u.at(root, 'InvoiceTypeCode') ?? u.at(root, 'CreditNoteTypeCode'));
  const number = options.invoiceNumber !== undefined ? { text: options.invoiceNumber, field: 'invoice_number' } : u.value(u.at(root, 'ID'));
  const charges = chargesTable(u, root, currency);
  return {
    source: 'document',
    title: (typeCode !== undefined ? lookup(TITLES, typeCode) : undefined) ?? (root.local === 'CreditNote' ? 'Credit note' : 'Invoice'),
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    seller: partyBlock(u, 'Seller', u.at(root, 'AccountingSupplierParty'), true) ?? { title: 'Seller', items: [] },
    buyer: partyBlock(u, 'Buyer', u.at(root, 'AccountingCustomerParty')) ?? { title: 'Buyer', items: [] },
    details: details(u, root, options.invoiceNumber),
    ...opt('payment', payment(u, root)),
    // A document pintae built has its lines from line_items: findings on the lines as a whole are shown at the table.
    lines: { ...linesTable(u, root, currency, options.keepLine), ...(options.fieldOf ? { field: 'line_items' } : {}) },
    ...opt('vat', vatTable(u, main, currency)),
    ...opt('charges', charges),
    ...opt('totals', totals(u, root, currency, main)),
    ...opt('aed', aed(u, root, currency, taxCurrency, aedTax)),
    ...opt('delivery', delivery(u, root)),
  };
}

const opt = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : { [key]: value } as { [P in K]: V });
