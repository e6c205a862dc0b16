/**
 * Arabic compared by its letters: no diacritics or tatweel, no article or attached preposition, one alef (alef
 * maqṣūra too), and no feminine ending (so "الخاضعة" is "خاضع", "معفاة" is "معفى"). The glossary tests hold the
 * catalogues' Arabic to docs/glossary.md's terms through it.
 */
export const folded = (s: string): string => s
  .replace(/[\u064B-\u0652\u0640]/gu, '')
  .replace(/(^|[\s(،:؛])(?:[وفبك]?ال|[وفب]?لل)(?=[\u0621-\u064A]{2})/gu, '$1')
  .replace(/[أإآ]/gu, 'ا')
  .replace(/ى/gu, 'ا')
  .replace(/[ةه](?=$|[^\u0621-\u064A])/gu, '')
  .replace(/\s+/g, ' ');
