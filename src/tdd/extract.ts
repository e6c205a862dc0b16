import type { XElement } from '../xpath/api.js';
import { childElement, childElements, textOf } from '../io/xml.js';

/**
 * What a TDD reports of its source document (the README of the TDD format, "ReportedDocument"), read from the UBL
 * tree. Values are the document's own text, trimmed: amounts stay the decimal strings the issuer wrote.
 */
export const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cec: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  pxs: 'urn:peppol:schema:taxdata:1.0',
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

/** The AE Tax Data Document's one specification (cbc:CustomizationID). */
export const TDD_CUSTOMIZATION = 'urn:peppol:taxdata:ae-1';

export interface PartyTax { companyId: string; scheme: string }
export interface Amount { currency: string; amount: string }
export interface Endpoint { scheme: string; id: string }

export interface Extract {
  customization?: string;
  profile?: string;
  id?: string;
  uuid?: string;
  issueDate?: string;
  issueTime?: string;
  /** InvoiceTypeCode or CreditNoteTypeCode. */
  typeCode?: string;
  currency?: string;
  taxCurrency?: string;
  seller?: PartyTax;
  buyer?: PartyTax;
  /** Every tax registration of each party (a TDD reports one of them). */
  sellerTaxIds: string[];
  buyerTaxIds: string[];
  /** One per currency the document declares (its own, its tax currency), in document order (the first of a currency when the document repeats it). */
  taxTotals: Amount[];
  taxExclusive?: Amount;
  /** BTAE-20, the total with VAT in AED, where the document states it or it is AED itself. */
  aedTotal?: string;
  /**
   * An aedtotal-incl-vat reference whose description is no "AED <amount>" when no BTAE-20 could be read: the
   * description as written and where (the TDD goes without BTAE-20, and says so).
   */
  aedUnread?: { description: string; line: number; column: number };
  /** BTAE-02 position 8: an export, whose buyer the TDD may leave out (ibr-tdd-33). */
  exported: boolean;
  sellerEndpoint?: Endpoint;
  buyerEndpoint?: Endpoint;
  /** The buyer's postal address country (IBT-055). */
  buyerCountry?: string;
}

const cbc = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.cbc, local) : undefined);
const cac = (parent: XElement | undefined, local: string) => (parent ? childElement(parent, NS.cac, local) : undefined);
const text = (e: XElement | undefined) => {
  const t = e ? textOf(e).trim() : '';
  return t === '' ? undefined : t;
};
const attr = (e: XElement, local: string) => e.attrs.find((a) => a.local === local && a.ns === '')?.value.trim();

/** The party's VAT registration (TaxScheme VAT), else its first tax registration. */
function partyTax(party: XElement | undefined): PartyTax | undefined {
  const schemes = party ? childElements(party, NS.cac, 'PartyTaxScheme') : [];
  const chosen = schemes.find((s) => text(cbc(cac(s, 'TaxScheme'), 'ID')) === 'VAT') ?? schemes[0];
  const companyId = text(cbc(chosen, 'CompanyID'));
  if (!chosen || companyId === undefined) return undefined;
  return { companyId, scheme: text(cbc(cac(chosen, 'TaxScheme'), 'ID')) ?? '' };
}

function taxIds(party: XElement | undefined): string[] {
  return (party ? childElements(party, NS.cac, 'PartyTaxScheme') : []).map((s) => text(cbc(s, 'CompanyID'))).filter((v): v is string => v !== undefined);
}

function endpoint(party: XElement | undefined): Endpoint | undefined {
  const e = cbc(party, 'EndpointID');
  const id = text(e);
  return e && id !== undefined ? { scheme: attr(e, 'schemeID') ?? '', id } : undefined;
}

function amount(e: XElement | undefined): Amount | undefined {
  const value = text(e);
  return e && value !== undefined ? { currency: attr(e, 'currencyID') ?? '', amount: value } : undefined;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * BTAE-20 (docs/decisions.md "AED total including VAT (BTAE-20)"): PINT-AE invoices in another currency carry it as
 * the additional document reference `aedtotal-incl-vat`, described `AED <amount>`; an AED invoice's total with VAT is
 * its TaxInclusiveAmount. Nothing is converted here: an amount the document does not state is not reported.
 */
export function aedTotal(root: XElement, currency: string | undefined): string | undefined {
  for (const ref of childElements(root, NS.cac, 'AdditionalDocumentReference')) {
    if (text(cbc(ref, 'DocumentTypeCode')) !== 'aedtotal-incl-vat') continue;
    const value = text(cbc(ref, 'DocumentDescription'))?.replace(/^AED\s*/, '');
    if (value !== undefined && DECIMAL.test(value)) return value;
  }
  const inclusive = amount(cbc(cac(root, 'LegalMonetaryTotal'), 'TaxInclusiveAmount'));
  return currency === 'AED' && inclusive?.currency === 'AED' && DECIMAL.test(inclusive.amount) ? inclusive.amount : undefined;
}

/** The first aedtotal-incl-vat reference's description, as written, when BTAE-20 cannot be read of the document. */
function aedUnread(root: XElement, total: string | undefined): Extract['aedUnread'] {
  if (total !== undefined) return undefined;
  for (const ref of childElements(root, NS.cac, 'AdditionalDocumentReference')) {
    if (text(cbc(ref, 'DocumentTypeCode')) !== 'aedtotal-incl-vat') continue;
    const e = cbc(ref, 'DocumentDescription') ?? ref;
    return { description: e === ref ? '' : textOf(e).trim(), line: e.line, column: e.column };
  }
  return undefined;
}

export function extract(root: XElement): Extract {
  const currency = text(cbc(root, 'DocumentCurrencyCode'));
  const taxCurrency = text(cbc(root, 'TaxCurrencyCode'));
  const seller = cac(cac(root, 'AccountingSupplierParty'), 'Party');
  const buyer = cac(cac(root, 'AccountingCustomerParty'), 'Party');
  // IBT-110 and IBT-111: a total in the document currency and one in the tax currency. A total in a currency the
  // document does not declare (a document that failed validation) is neither, and would fail ibr-tdd-34.
  const taxTotals: Amount[] = [];
  for (const total of childElements(root, NS.cac, 'TaxTotal')) {
    const a = amount(cbc(total, 'TaxAmount'));
    if (a && (a.currency === currency || a.currency === taxCurrency) && !taxTotals.some((t) => t.currency === a.currency)) taxTotals.push(a);
  }
  const flags = text(cbc(root, 'ProfileExecutionID'));
  const out: Extract = {
    customization: text(cbc(root, 'CustomizationID')),
    profile: text(cbc(root, 'ProfileID')),
    id: text(cbc(root, 'ID')),
    uuid: text(cbc(root, 'UUID')),
    issueDate: text(cbc(root, 'IssueDate')),
    issueTime: text(cbc(root, 'IssueTime')),
    typeCode: text(cbc(root, 'InvoiceTypeCode') ?? cbc(root, 'CreditNoteTypeCode')),
    currency,
    taxCurrency,
    seller: partyTax(seller),
    buyer: partyTax(buyer),
    sellerTaxIds: taxIds(seller),
    buyerTaxIds: taxIds(buyer),
    taxTotals,
    taxExclusive: amount(cbc(cac(root, 'LegalMonetaryTotal'), 'TaxExclusiveAmount')),
    aedTotal: aedTotal(root, currency),
    aedUnread: aedUnread(root, aedTotal(root, currency)),
    exported: flags !== undefined && flags.length === 8 && flags[7] === '1',
    sellerEndpoint: endpoint(seller),
    buyerEndpoint: endpoint(buyer),
    buyerCountry: text(cbc(cac(cac(buyer, 'PostalAddress'), 'Country'), 'IdentificationCode')),
  };
  return out;
}
