import { closest } from '../codelists/closest.js';
import type { TaxCategory } from '../model/types.js';

/**
 * The Arabic of the code lists' meanings (issue 26 item 4): the terms of the UAE VAT law and the FTA's guides, one
 * place (docs/glossary.md lists each with its English and its source). Codes stay as sent, in Latin letters.
 */
export const TAX_CATEGORY_MEANINGS_AR: Readonly<Record<TaxCategory, string>> = {
  S: 'خاضع للنسبة الأساسية، 5%', Z: 'خاضع لنسبة الصفر', E: 'معفى', O: 'خارج نطاق الضريبة', AE: 'آلية الاحتساب العكسي', N: 'نظام هامش الربح',
};

export const EXEMPTION_REASONS_AR: Readonly<Record<string, string>> = {
  'DL8.46.1': 'خدمات مالية معينة',
  'DL8.46.2': 'تأجير أو بيع الوحدات السكنية',
  'DL8.46.3': 'الأرض الفضاء',
  'DL8.46.4': 'النقل المحلي للركاب',
};

export const REVERSE_CHARGE_ITEM_TYPES_AR: Readonly<Record<string, string>> = {
  'DL8.48.8.1': 'الذهب والألماس',
  'DL8.48.8.2': 'الأجهزة الإلكترونية',
  'DL8.48.3.1': 'النفط الخام أو المكرر',
  'DL8.48.3.2': 'الغاز الطبيعي',
  'DL8.48.3.3': 'الهيدروكربونات النقية',
};

/** `DL8.46.1 (خدمات مالية معينة)، …`: a code list with its meanings, as an Arabic sentence lists it. */
export const listedAr = (table: Readonly<Record<string, string>>): string =>
  Object.entries(table).map(([code, meaning]) => `${code} (${meaning})`).join('، ');

/** ` — هل تقصد "AED"؟`: the Arabic of `didYouMean`, from the same nearest entries. */
export function didYouMeanAr(sent: string, candidates: Iterable<string>): string {
  const near = closest(sent, candidates);
  return near.length ? ` — هل تقصد ${near.map((c) => JSON.stringify(c)).join(' أو ')}؟` : '';
}

/** `A، B و C`: a list joined as Arabic joins it. */
export const joinedAr = (parts: readonly string[]): string =>
  (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join('، ')} و${parts.at(-1)}`);
