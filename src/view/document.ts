import type { XDocument, XElement } from '../xpath/api.js';
import type { InvoiceView, ViewBlock, ViewItem, ViewValue } from '../model/view.js';
import { attr, labelled, UblReader, withMeaning, type FieldOf } from './ubl.js';
import { addressItems, partyBlock } from './document-parties.js';
import { chargesTable, linesTable, vatTable, type KeepLine } from './document-lines.js';
import { lookup } from '../codelists/lookup.js';
import { paymentMeaning, transactionMeaning, typeCodeMeaning } from './meanings.js';
import { said, type ViewWordId } from '../messages/view.js';

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
    ...(invoiceNumber !== undefined ? [{ label: said('label.invoice-number'), text: invoiceNumber, field: 'invoice_number' }] : []),
    ...labelled(said(invoiceNumber !== undefined ? 'label.document-id' : root.local === 'CreditNote' ? 'label.credit-note-number' : 'label.invoice-number'), id),
    ...(uuid && uuid.text !== id?.text ? labelled(said('label.uuid'), uuid) : []),
    ...u.item(said('label.issue-date'), root, 'IssueDate'),
    ...u.item(said('label.issue-time'), root, 'IssueTime'),
    ...u.item(said('label.due-date'), root, 'DueDate'),
    ...u.item(said('label.tax-point-date'), root, 'TaxPointDate'),
    ...labelled(said('label.period'), period && u.value(u.at(period, 'StartDate')) && {
      ...u.source(period), text: `${text(u, u.at(period, 'StartDate')) ?? ''} – ${text(u, u.at(period, 'EndDate')) ?? ''}`,
    }),
    ...labelled(said('label.type'), u.value(typeCode, withMeaning(typeCodeMeaning(text(u, typeCode))))),
    ...labelled(said('label.transaction-type'), u.value(execution, withMeaning(transactionMeaning(text(u, execution))))),
    ...u.item(said('label.currency'), root, 'DocumentCurrencyCode'),
    ...u.item(said('label.tax-currency'), root, 'TaxCurrencyCode'),
    ...u.item(said('label.buyer-reference'), root, 'BuyerReference'),
    ...u.item(said('label.order'), root, 'OrderReference/ID'),
    ...u.item(said('label.contract'), root, 'ContractDocumentReference/ID'),
    ...u.item(said('label.project'), root, 'ProjectReference/ID'),
    ...u.all(root, 'BillingReference').flatMap((b) => u.item(said('label.preceding-invoice'), b, 'InvoiceDocumentReference/ID')),
    ...u.all(root, 'Note').flatMap((n) => labelled(said('label.note'), u.value(n))),
    ...u.item(said('label.specification'), root, 'CustomizationID'),
  ];
  return { title: said('block.details'), items };
}

function payment(u: UblReader, root: XElement): ViewBlock | undefined {
  const items = u.all(root, 'PaymentMeans').flatMap((m): ViewItem[] => {
    const code = u.at(m, 'PaymentMeansCode');
    const name = code ? attr(code, 'name') : undefined;
    return [
      ...labelled(said('label.payment-means'), u.value(code, withMeaning(paymentMeaning(text(u, code)) ?? name))),
      ...u.item(said('label.account'), m, 'PayeeFinancialAccount/ID'),
      ...u.item(said('label.account-name'), m, 'PayeeFinancialAccount/Name'),
      ...u.item(said('label.payment-reference'), m, 'PaymentID'),
      ...u.item(said('label.card'), m, 'CardAccount/PrimaryAccountNumberID'),
      ...u.item(said('label.mandate'), m, 'PaymentMandate/ID'),
    ];
  });
  for (const terms of u.all(root, 'PaymentTerms')) items.push(...u.item(said('label.payment-terms'), terms, 'Note'));
  const first = u.at(root, 'PaymentMeans') ?? u.at(root, 'PaymentTerms');
  return items.length ? { title: said('block.payment'), ...u.source(first), items } : undefined;
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
  const amount = (label: ViewWordId, e: XElement | undefined) => labelled(said(label), u.amount(e, currency));
  return {
    title: currency ? said('block.totals-in', { currency }) : said('block.totals'),
    ...u.source(m),
    items: [
      ...amount('label.line-net-sum', u.at(m, 'LineExtensionAmount')),
      ...amount('label.allowances', u.at(m, 'AllowanceTotalAmount')),
      ...amount('label.charges', u.at(m, 'ChargeTotalAmount')),
      ...amount('label.total-without-vat', u.at(m, 'TaxExclusiveAmount')),
      ...amount('label.vat', u.at(vat, 'TaxAmount')),
      ...amount('label.total-with-vat', u.at(m, 'TaxInclusiveAmount')),
      ...amount('label.paid-in-advance', u.at(m, 'PrepaidAmount')),
      ...amount('label.rounding', u.at(m, 'PayableRoundingAmount')),
      ...amount('label.amount-due', u.at(m, 'PayableAmount')),
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
    title: said('block.in-currency', { currency: target }),
    ...u.source(rate),
    items: [
      ...labelled(said('label.exchange-rate'), calculation && { ...calculation, meaning: said('label.per-unit', { target, source }) }),
      ...labelled(said('label.vat'), u.amount(u.at(aedTax, 'TaxAmount'), target)),
      ...labelled(said('label.total-with-vat'), aedTotal(u, total)),
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
    title: said(export_ ? 'block.delivery-export' : 'block.delivery'),
    ...u.source(d ?? customs),
    items: [
      ...u.item(said('label.delivery-date'), d, 'ActualDeliveryDate'),
      ...u.item(said('label.deliver-to'), d, 'DeliveryParty/PartyName/Name'),
      ...labelled(said('label.location-id'), locationId && u.value(locationId) && { ...u.value(locationId)!, ...withMeaning(attr(locationId, 'schemeID') ? said('word.scheme', { scheme: attr(locationId, 'schemeID')! }) : undefined) }),
      ...addressItems(u, u.at(place, 'Address')),
      ...u.item(said('label.incoterms'), d, 'DeliveryTerms/ID'),
      ...u.item(said('label.customs-declaration'), customs, 'ID'),
    ],
  };
}

const TITLES: Readonly<Record<string, ViewWordId>> = { 380: 'doc.tax-invoice', 480: 'doc.commercial-invoice', 381: 'doc.credit-note' };

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
    title: said((typeCode !== undefined ? lookup(TITLES, typeCode) : undefined) ?? (root.local === 'CreditNote' ? 'doc.credit-note' : 'doc.invoice')),
    ...(number ? { number } : {}),
    ...(currency ? { currency } : {}),
    seller: partyBlock(u, said('block.seller'), u.at(root, 'AccountingSupplierParty'), true) ?? { title: said('block.seller'), items: [] },
    buyer: partyBlock(u, said('block.buyer'), u.at(root, 'AccountingCustomerParty')) ?? { title: said('block.buyer'), items: [] },
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
