import { lookup } from '../codelists/lookup.js';
/*
 * Where a PINT-AE rule's assert looks, when that is not the node it is reported on. A rule reports at its context
 * node: a rule on the document (`/ubl:Invoice`) at `/Invoice`, a code-list rule on an amount at the amount while it
 * tests the amount's @currencyID, a breakdown rule at cac:TaxCategory while it tests ../cbc:TaxAmount. Such a finding
 * is placed on the element the assert reads (`at`, relative to the finding's location, `..` allowed), and when the
 * document lacks that element, on `field`: the request field that would have carried it (`line_items[]` takes the
 * line of the finding's location). Only rules that can fire on a document pintae builds are listed; any other finding
 * goes to the nearest element that has a source (source-map.ts).
 */
export interface RuleTarget {
  at?: string;
  field?: string;
  /** For an assert that several elements must exist: the first of these the document lacks decides the field. */
  required?: ReadonlyArray<readonly [at: string, field: string]>;
}

const on = (at: string, field?: string): RuleTarget => (field === undefined ? { at } : { at, field });

const SUPPLIER = on('AccountingSupplierParty', 'entity_id');
const PROFILE = on('ProfileExecutionID', 'transaction_type_code');
const ADDRESS = 'Delivery/DeliveryLocation/Address';
const DELIVERY_ADDRESS: RuleTarget = {
  ...on(ADDRESS, 'delivery'),
  required: [[`${ADDRESS}/StreetName`, 'delivery.address_line1'], [`${ADDRESS}/CityName`, 'delivery.city'],
    [`${ADDRESS}/CountrySubentity`, 'delivery.country_subdivision']],
};
const CUSTOMER_PARTY = 'AccountingCustomerParty/Party';

/** Rules on the document root: the element each assert is about. */
const ROOT: Record<string, RuleTarget> = {
  'ibr-002': on('ID', 'invoice_number'),
  'ibr-193-ae': on('UUID', 'invoice_number'),
  'ibr-003': on('IssueDate', 'date'),
  'ibr-004': on('InvoiceTypeCode', 'line_items'),
  'ibr-005': on('DocumentCurrencyCode', 'currency'),
  'ibr-006': SUPPLIER, 'ibr-008': SUPPLIER, 'ibr-098': SUPPLIER, 'ibr-099': SUPPLIER, 'ibr-100': SUPPLIER,
  'aligned-ibrp-sr-12': SUPPLIER, 'ibr-134-ae': SUPPLIER,
  'ibr-007': on(`${CUSTOMER_PARTY}/PartyLegalEntity/RegistrationName`, 'buyer.name'),
  'ibr-102': on(`${CUSTOMER_PARTY}/PartyLegalEntity/RegistrationName`, 'buyer.name'),
  'ibr-010': on(`${CUSTOMER_PARTY}/PostalAddress`, 'buyer'),
  'ibr-103': on(`${CUSTOMER_PARTY}/PartyLegalEntity/CompanyID`, 'buyer.legal_registration_id'),
  'ibr-136-ae': on(`${CUSTOMER_PARTY}/PartyLegalEntity/CompanyID`, 'buyer.legal_registration_id'),
  'ibr-104': on(`${CUSTOMER_PARTY}/PartyTaxScheme/CompanyID`, 'buyer.trn'),
  'ibr-016': { field: 'line_items' },
  'ibr-107': on('Delivery', 'delivery'),
  'ibr-142-ae': DELIVERY_ADDRESS, 'ibr-152-ae': DELIVERY_ADDRESS,
  'ibr-co-15': on('LegalMonetaryTotal/TaxInclusiveAmount', 'total'),
  'ibr-127-ae': on('DueDate', 'due_date'),
  'ibr-151-ae': on('InvoiceTypeCode', 'line_items'),
  'ibr-122-ae': on('InvoiceTypeCode', 'line_items'),
  'ibr-191-ae': on('PaymentMeans', 'payment_means_code'),
  'ibr-140-ae': on('TaxCurrencyCode', 'currency'),
  // The AED figures of a foreign-currency invoice (spec 2.6.2) exist because of the rate.
  'ibr-159-ae': on('TaxExchangeRate/CalculationRate', 'exchange_rate'),
  'ibr-153-ae': on('TaxExchangeRate', 'exchange_rate'),
  'ibr-175-ae': on('TaxTotal[2]', 'exchange_rate'),
  'ibr-053': on('TaxTotal[2]', 'exchange_rate'),
  'ibr-084': on('TaxTotal[2]', 'exchange_rate'),
  'ibr-007-ae': PROFILE, 'ibr-137-ae': PROFILE, 'ibr-138-ae': PROFILE, 'ibr-157-ae': PROFILE, 'ibr-116-ae': PROFILE,
  'ibr-176-ae': PROFILE, 'ibr-154-ae': PROFILE,
  // A category used on a line without its breakdown: the lines decide the breakdown.
  'aligned-ibrp-e-01': { field: 'line_items' }, 'aligned-ibrp-o-01': { field: 'line_items' }, 'aligned-ibrp-s-01': { field: 'line_items' },
  'aligned-ibrp-z-01': { field: 'line_items' }, 'aligned-ibrp-ae-01-ae': { field: 'line_items' }, 'ibr-105-ae': { field: 'line_items' },
  'ibr-190-ae': { field: 'line_items' },
};

/** Rules on an aggregate or a leaf whose assert reads a child, an attribute or a sibling. */
const INNER: Record<string, RuleTarget> = {
  // cac:TaxTotal
  'ibr-124': on('TaxAmount'), 'ibr-co-14': on('TaxAmount'),
  // cac:LegalMonetaryTotal
  'ibr-012': on('LineExtensionAmount'), 'ibr-co-10': on('LineExtensionAmount'),
  'ibr-013': on('TaxExclusiveAmount'), 'ibr-123': on('TaxExclusiveAmount'), 'ibr-co-13': on('TaxExclusiveAmount'),
  'ibr-014': on('TaxInclusiveAmount'), 'ibr-125': on('TaxInclusiveAmount'),
  'ibr-015': on('PayableAmount'), 'ibr-091': on('PayableAmount'), 'ibr-co-16': on('PayableAmount'),
  // cac:InvoiceLine
  'ibr-147-ae': on('LineExtensionAmount'), 'ibr-024': on('LineExtensionAmount'),
  'ibr-022': on('InvoicedQuantity', 'line_items[].quantity'), 'ibr-023': on('InvoicedQuantity/@unitCode', 'line_items[].unit'),
  'ibr-025': on('Item/Name', 'line_items[].description'),
  'ibr-026': on('Price/PriceAmount', 'line_items[].unit_amount'), 'ibr-027': on('Price/PriceAmount', 'line_items[].unit_amount'),
  'ibr-028': on('Price', 'line_items[].unit_amount'), 'ibr-087': on('Price/BaseQuantity', 'line_items[].unit_amount'),
  'ibr-104-ae': on('ItemPriceExtension', 'line_items[].tax_amount'), 'ibr-194-ae': on('ItemPriceExtension', 'line_items[].tax_amount'),
  'ibr-111-ae': on('Item/ClassifiedTaxCategory', 'line_items[].tax_category'),
  'ibr-145-ae': on('Item/ClassifiedTaxCategory', 'line_items[].tax_category'),
  'ibr-123-ae': on('Item/ClassifiedTaxCategory', 'line_items[].tax_category'),
  'ibr-167-ae': on('Item/ClassifiedTaxCategory/TaxExemptionReasonCode', 'line_items[].tax_exemption_reason'),
  // cac:Item
  'ibr-125-ae': on('Description', 'line_items[].description'),
  'ibr-166-ae': on('CommodityClassification/NatureCode', 'line_items[].item_type'),
  // a line's cac:ClassifiedTaxCategory: the line's VAT (BTAE-08) or its item identification
  'ibr-162-ae': on('../../ItemPriceExtension/TaxTotal/TaxAmount', 'line_items[].tax_amount'),
  'ibr-163-ae': on('../../ItemPriceExtension/TaxTotal/TaxAmount', 'line_items[].tax_amount'),
  'ibr-165-ae': on('../../ItemPriceExtension/TaxTotal/TaxAmount', 'line_items[].tax_amount'),
  'ibr-174-ae': on('../StandardItemIdentification', 'line_items[].item_standard_id'),
  // a breakdown's cac:TaxCategory: its amounts
  'aligned-ibrp-s-08': on('../TaxableAmount'), 'aligned-ibrp-s-09': on('../TaxAmount'),
  'aligned-ibrp-e-08': on('../TaxableAmount'), 'aligned-ibrp-e-09': on('../TaxAmount'),
  'aligned-ibrp-z-08': on('../TaxableAmount'), 'aligned-ibrp-z-09': on('../TaxAmount'),
  'aligned-ibrp-o-08': on('../TaxableAmount'), 'aligned-ibrp-o-09': on('../TaxAmount'),
  'aligned-ibrp-ae-08-ae': on('../TaxableAmount'), 'aligned-ibrp-ae-09-ae': on('../TaxAmount'),
  'ibr-102-ae': on('../TaxableAmount'), 'ibr-108-ae': on('../TaxAmount'),
  // cac:TaxSubtotal
  'aligned-ibrp-045': on('TaxableAmount'), 'aligned-ibrp-046': on('TaxAmount'),
  // attributes of the context element
  'ibr-cl-03': on('@currencyID', 'currency'), 'ibr-126': on('@currencyID', 'currency'),
  'ibr-cl-23': on('@unitCode', 'line_items[].unit'), 'ibr-088': on('@unitCode', 'line_items[].unit'),
  'ibr-cl-11': on('@schemeID'), 'ibr-cl-21': on('@schemeID'), 'ibr-cl-25': on('@schemeID'), 'ibr-cl-26': on('@schemeID'),
  'ibr-062': on('@schemeID'), 'ibr-063': on('@schemeID'), 'ibr-064': on('@schemeID'),
  // cac:AccountingCustomerParty/cac:Party and its address
  'ibr-080': on('EndpointID', 'buyer.participant_id'),
  'ibr-011': on('Country/IdentificationCode', 'buyer.country'),
  // the delivery address
  'ibr-057': on('Country/IdentificationCode', 'delivery.country'),
  // cac:PaymentMeans
  'ibr-049': on('PaymentMeansCode', 'payment_means_code'),
};

/** The target of a rule reported at `location`: root rules only at the root, the others anywhere. */
export function ruleTarget(rule: string | undefined, location: string): RuleTarget | undefined {
  if (rule === undefined) return undefined;
  return location === '/Invoice' ? lookup(ROOT, rule) ?? lookup(INNER, rule) : lookup(INNER, rule);
}
