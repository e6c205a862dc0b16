/*
 * What the codes on an invoice mean, in the words an accountant uses (spec 2.2–2.9 and the UAE code lists), for the
 * invoice view. Every lookup is by own entries only: the text comes from the document or the request.
 */
import { COUNTRY_NAMES } from '../codelists/countries.data.js';
import { lookup } from '../codelists/lookup.js';
import { PLACEHOLDER } from '../codelists/eas.js';
import type { Said } from '../model/view.js';
import { joined, said, saidIf, type ViewWordId } from '../messages/view.js';

/*
 * Each meaning is an entry of the view's catalogue (src/messages/view.ts), in English and Arabic: categories
 * (`cat.S`), document type codes, emirates, registration types, payment means (the request's own, spec 2.1, and the
 * UNTDID 4461 codes invoices commonly carry, every one accepted by the PINT-AE rules, ibr-cl-16; any other accepted
 * code shows the document's @name), units (UN/ECE Rec 20 and 21), exemption reasons and reverse-charge item types.
 */
const TYPE_CODES: Readonly<Record<string, ViewWordId>> = { 81: 'type.381' };

/** Spec 2.5: the eight positions of transaction_type_code (ProfileExecutionID). */
const FLAGS: ViewWordId[] = ['flag.free-zone', 'flag.deemed-supply', 'flag.margin', 'flag.summary', 'flag.continuous', 'flag.agent', 'flag.e-commerce', 'flag.export'];

const PLACEHOLDERS: Readonly<Record<string, ViewWordId>> = {
  [PLACEHOLDER.deemedSupply]: 'placeholder.deemed-supply',
  [PLACEHOLDER.noIdentifier]: 'placeholder.no-identifier',
  [PLACEHOLDER.export]: 'placeholder.export',
};

const trimmed = (text: string | undefined) => text?.trim() ?? '';

/** The entry `prefix.code`, where the catalogue has one (a code pintae knows). */
const entry = (prefix: string, code: string): Said | undefined => (code === '' ? undefined : saidIf(`${prefix}.${code}`));

export const categoryMeaning = (code: string | undefined) => entry('cat', trimmed(code).toUpperCase());
export const typeCodeMeaning = (code: string | undefined) => {
  const c = trimmed(code);
  const alias = lookup(TYPE_CODES, c);
  return alias ? said(alias) : entry('type', c);
};
export const paymentMeaning = (code: string | undefined) => entry('payment', trimmed(code));
export const countryMeaning = (code: string | undefined) => {
  const c = trimmed(code).toUpperCase();
  return lookup(COUNTRY_NAMES, c) !== undefined ? said('country', { code: c }) : undefined;
};
export const emirateMeaning = (code: string | undefined) => entry('emirate', trimmed(code).toUpperCase());
export const registrationMeaning = (code: string | undefined) => entry('registration', trimmed(code).toUpperCase());
export const exemptionMeaning = (code: string | undefined) => entry('exemption', trimmed(code).toUpperCase());
export const unitMeaning = (code: string | undefined) => entry('unit', trimmed(code));
export const itemTypeMeaning = (code: string | undefined) => entry('item-type', trimmed(code).toUpperCase());

/** The placeholder a buyer address stands for (spec 2.8), by its identifier. */
export const endpointMeaning = (id: string | undefined) => { const k = lookup(PLACEHOLDERS, trimmed(id)); return k ? said(k) : undefined; };

/** `00000001` → "Export"; all zeros → "Ordinary tax invoice"; anything not 8 × 0/1 → nothing (a finding says why). */
export function transactionMeaning(code: string | undefined) {
  const c = trimmed(code);
  if (!/^[01]{8}$/.test(c)) return undefined;
  const on = FLAGS.filter((_, i) => c[i] === '1');
  return on.length ? joined(', ', on.map((f) => said(f))) : said('flag.none');
}
