/*
 * What the codes on an invoice mean, in the words an accountant uses (spec 2.2–2.9 and the UAE code lists), for the
 * invoice view. Every lookup is by own entries only: the text comes from the document or the request.
 */
import { COUNTRY_NAMES } from '../codelists/countries.data.js';
import { lookup } from '../codelists/lookup.js';
import { EXEMPTION_REASONS, PAYMENT_MEANS, REVERSE_CHARGE_ITEM_TYPES } from '../codelists/tax.js';
import { PLACEHOLDER } from '../codelists/eas.js';

const CATEGORIES: Readonly<Record<string, string>> = {
  S: 'Standard rated', Z: 'Zero rated', E: 'Exempt', O: 'Out of scope', AE: 'Reverse charge', N: 'Margin scheme',
};

const TYPE_CODES: Readonly<Record<string, string>> = {
  380: 'Tax invoice', 480: 'Commercial invoice (out of scope or exempt only)', 381: 'Credit note', 81: 'Credit note',
  383: 'Debit note', 389: 'Self-billed invoice', 261: 'Self-billed credit note', 386: 'Prepayment invoice',
};

const EMIRATES: Readonly<Record<string, string>> = {
  AUH: 'Abu Dhabi', DXB: 'Dubai', SHJ: 'Sharjah', UAQ: 'Umm Al Quwain', FUJ: 'Fujairah', AJM: 'Ajman', RAK: 'Ras Al Khaimah',
};

const REGISTRATIONS: Readonly<Record<string, string>> = {
  TL: 'Trade licence', EID: 'Emirates ID', PAS: 'Passport', CD: 'Cabinet decision',
};

/** Spec 2.5: the eight positions of transaction_type_code (ProfileExecutionID). */
const FLAGS = ['Free-trade zone', 'Deemed supply', 'Profit-margin scheme', 'Summary invoice', 'Continuous supply',
  'Disclosed-agent billing', 'E-commerce', 'Export'];

const PLACEHOLDERS: Readonly<Record<string, string>> = {
  [PLACEHOLDER.deemedSupply]: 'placeholder address: deemed supply',
  [PLACEHOLDER.noIdentifier]: 'placeholder address: buyer without identifier',
  [PLACEHOLDER.export]: 'placeholder address: export',
};

/**
 * Names of the UNTDID 4461 payment means codes invoices commonly carry (every one accepted by the PINT-AE rules,
 * ibr-cl-16), beyond the request's own (spec 2.1, PAYMENT_MEANS). Any other accepted code shows the document's @name.
 */
const PAYMENT: Readonly<Record<string, string>> = {
  2: 'Automated clearing house credit', 3: 'Automated clearing house debit', 21: "Banker's draft", 31: 'Debit transfer',
  42: 'Payment to bank account', 54: 'Credit card', 55: 'Debit card', 57: 'Standing agreement', 58: 'SEPA credit transfer',
  59: 'SEPA direct debit', 68: 'Online payment service', 97: 'Clearing between partners', ZZZ: 'Mutually defined',
  ...PAYMENT_MEANS,
};

/** Names of the unit codes invoices commonly carry (UN/ECE Rec 20 and 21). */
const UNITS: Readonly<Record<string, string>> = {
  EA: 'each', H87: 'piece', C62: 'one', NAR: 'number of articles', PR: 'pair', SET: 'set', DZN: 'dozen', KT: 'kit', LO: 'lot',
  HUR: 'hour', MIN: 'minute', SEC: 'second', DAY: 'day', WEE: 'week', MON: 'month', ANN: 'year',
  KGM: 'kilogram', GRM: 'gram', MGM: 'milligram', TNE: 'tonne', LBR: 'pound', LTR: 'litre', MLT: 'millilitre', GLL: 'gallon',
  MTR: 'metre', CMT: 'centimetre', MMT: 'millimetre', KMT: 'kilometre', INH: 'inch', FOT: 'foot', YRD: 'yard',
  MTK: 'square metre', FTK: 'square foot', MTQ: 'cubic metre', KWH: 'kilowatt hour', MWH: 'megawatt hour', KWT: 'kilowatt',
  XBX: 'box', XPK: 'pack', XCT: 'carton', XBG: 'bag', XBO: 'bottle', XCN: 'can', XRO: 'roll', XPX: 'pallet', XDR: 'drum',
  XCR: 'crate', XBE: 'bundle',
};

const trimmed = (text: string | undefined) => text?.trim() ?? '';

export const categoryMeaning = (code: string | undefined) => lookup(CATEGORIES, trimmed(code).toUpperCase());
export const typeCodeMeaning = (code: string | undefined) => lookup(TYPE_CODES, trimmed(code));
export const paymentMeaning = (code: string | undefined) => lookup(PAYMENT, trimmed(code));
export const countryMeaning = (code: string | undefined) => lookup(COUNTRY_NAMES, trimmed(code).toUpperCase());
export const emirateMeaning = (code: string | undefined) => lookup(EMIRATES, trimmed(code).toUpperCase());
export const registrationMeaning = (code: string | undefined) => lookup(REGISTRATIONS, trimmed(code).toUpperCase());
export const exemptionMeaning = (code: string | undefined) => lookup(EXEMPTION_REASONS, trimmed(code).toUpperCase());
export const unitMeaning = (code: string | undefined) => lookup(UNITS, trimmed(code));
export const itemTypeMeaning = (code: string | undefined) => lookup(REVERSE_CHARGE_ITEM_TYPES, trimmed(code).toUpperCase());

/** The placeholder a buyer address stands for (spec 2.8), by its identifier. */
export const endpointMeaning = (id: string | undefined) => lookup(PLACEHOLDERS, trimmed(id));

/** `00000001` → "Export"; all zeros → "Ordinary tax invoice"; anything not 8 × 0/1 → nothing (a finding says why). */
export function transactionMeaning(code: string | undefined): string | undefined {
  const c = trimmed(code);
  if (!/^[01]{8}$/.test(c)) return undefined;
  const on = FLAGS.filter((_, i) => c[i] === '1');
  return on.length ? on.join(', ') : 'Ordinary tax invoice';
}
