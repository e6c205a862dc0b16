import type { TaxCategory } from '../model/types.js';
import { lookup } from './lookup.js';

export const TAX_CATEGORIES: readonly TaxCategory[] = ['S', 'Z', 'E', 'O', 'AE', 'N'];

/** Full labels accepted for a category (spec 2.7), compared case- and punctuation-insensitively. */
export const LABELS: Readonly<Record<string, TaxCategory>> = {
  'standard': 'S', 'standard rate': 'S', 'standard rated': 'S', 'standard rated 5': 'S', 'standard rate 5': 'S', 'vat 5': 'S',
  'zero': 'Z', 'zero rate': 'Z', 'zero rated': 'Z', 'zero rated 0': 'Z', 'zerorated': 'Z',
  'exempt': 'E', 'exempted': 'E', 'exempt from tax': 'E', 'exempt from vat': 'E', 'vat exempt': 'E',
  'out of scope': 'O', 'outside scope': 'O', 'outside the scope': 'O', 'outside scope of tax': 'O', 'not subject to vat': 'O',
  'out of scope of vat': 'O', 'not subject to tax': 'O',
  'reverse charge': 'AE', 'vat reverse charge': 'AE', 'reverse charged': 'AE', 'reverse': 'AE', 'rcm': 'AE',
  'margin scheme': 'N', 'margin': 'N', 'profit margin scheme': 'N', 'profit margin': 'N', 'standard rate additional vat': 'N',
};

/** One full label per category, as an editor offers it (spec 2.7 names Zero Rated, Exempt, Reverse Charge); each is in LABELS. */
export const CATEGORY_LABELS: Readonly<Record<TaxCategory, string>> = {
  S: 'Standard Rated', Z: 'Zero Rated', E: 'Exempt', O: 'Out of Scope', AE: 'Reverse Charge', N: 'Margin Scheme',
};

/** Category code for a code or a label; undefined when unknown (reported against the line). */
export function taxCategory(text: string | undefined): TaxCategory | undefined {
  if (text === undefined) return 'S';
  const t = text.trim();
  if ((TAX_CATEGORIES as readonly string[]).includes(t.toUpperCase())) return t.toUpperCase() as TaxCategory;
  return lookup(LABELS, t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim());
}

/** UAE VAT exemption reason codes with their meanings in spec 2.7's words; the list is open, other codes are carried as sent. */
export const EXEMPTION_REASONS: Readonly<Record<string, string>> = {
  'DL8.46.1': 'certain financial services',
  'DL8.46.2': 'residential units lease or sale',
  'DL8.46.3': 'bare land',
  'DL8.46.4': 'local passenger transport',
};

/** Goods and services subject to the reverse-charge mechanism, in spec 2.7's words (item_type; PINT-AE ibr-006-ae). */
export const REVERSE_CHARGE_ITEM_TYPES: Readonly<Record<string, string>> = {
  'DL8.48.8.1': 'gold and diamonds',
  'DL8.48.8.2': 'electronic devices',
  'DL8.48.3.1': 'crude or refined oil',
  'DL8.48.3.2': 'natural gas',
  'DL8.48.3.3': 'pure hydrocarbons',
};

/** What each category means (spec 2.7), and the label a person would write for it. */
export const TAX_CATEGORY_MEANINGS: Readonly<Record<TaxCategory, string>> = {
  S: 'standard rated, 5%', Z: 'zero rated', E: 'exempt', O: 'out of scope', AE: 'reverse charge', N: 'margin scheme',
};
export const TAX_CATEGORY_LABELS = ['Standard Rated', 'Zero Rated', 'Exempt', 'Out of Scope', 'Reverse Charge', 'Margin Scheme'];

/** Payment means codes the request may carry (spec 2.1), with the label emitted as @name. */
export const PAYMENT_MEANS: Readonly<Record<string, string>> = {
  '1': 'Instrument not defined',
  '10': 'In cash',
  '20': 'Cheque',
  '30': 'Credit transfer',
  '48': 'Bank card',
  '49': 'Direct debit',
};

const PAYMENT_LABELS: Record<string, string> = {
  'credit transfer': '30', 'bank transfer': '30', transfer: '30', 'wire transfer': '30', wire: '30', 'bank': '30',
  'electronic funds transfer': '30', eft: '30',
  cash: '10', 'in cash': '10', cheque: '20', check: '20',
  card: '48', 'bank card': '48', 'credit card': '48', 'debit card': '48',
  'direct debit': '49', debit: '49',
};

/** Code for a legacy payment_method label; undefined when the label is unknown. */
export function paymentMeansFromLabel(label: string): string | undefined {
  const t = label.trim();
  if (Object.hasOwn(PAYMENT_MEANS, t)) return t;
  return lookup(PAYMENT_LABELS, t.toLowerCase().replace(/[^a-z]+/g, ' ').trim());
}

export const REGISTRATION_TYPES = ['TL', 'EID', 'PAS', 'CD'] as const;

/** Upper-cased registration type, or undefined when outside the list (spec 2.2, 2.3). */
export function registrationType(text: string): 'TL' | 'EID' | 'PAS' | 'CD' | undefined {
  const t = text.trim().toUpperCase();
  return (REGISTRATION_TYPES as readonly string[]).includes(t) ? (t as 'TL' | 'EID' | 'PAS' | 'CD') : undefined;
}
