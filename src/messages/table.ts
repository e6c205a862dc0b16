import { CURRENCY_CODES } from '../codelists/currencies.js';
import { COUNTRY_NAMES } from '../codelists/countries.data.js';
import { closest, didYouMean } from '../codelists/closest.js';
import { EAS_CODES } from '../codelists/eas.js';
import {
  EXEMPTION_REASONS, LABELS, REVERSE_CHARGE_ITEM_TYPES, TAX_CATEGORIES, TAX_CATEGORY_LABELS, TAX_CATEGORY_MEANINGS,
} from '../codelists/tax.js';
import type { TaxCategory } from '../model/types.js';
import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';
import { didYouMeanAr, EXEMPTION_REASONS_AR, listedAr, REVERSE_CHARGE_ITEM_TYPES_AR, TAX_CATEGORY_MEANINGS_AR } from './terms.js';

/** What a message may say about a finding: its request field, the value sent there, and the invoice's own terms. */
export interface Said {
  field: string;
  /** The value at `field` as sent; undefined when the field was not sent. */
  sent?: unknown;
  /** The invoice's currency and date (normalized), for the words of rate findings. */
  currency?: string;
  date?: string;
}

export interface Words {
  /** The finding in the terms of the request: which field, what is wrong with its value, what to send instead. */
  request: Text<Said>;
  /** For `check` (no request): the rule's text said again, where the official text is broken English. */
  xml?: Text<Record<string, never>>;
}

const q = (v: unknown) => JSON.stringify(v);
/** `line_items[2]` of `line_items[2].tax_amount`; the field itself when it is not on a line. */
const lineOf = (field: string) => /^line_items\[\d+\]/.exec(field)?.[0] ?? field;
const listed = (table: Readonly<Record<string, string>>) => Object.entries(table).map(([code, meaning]) => `${code} (${meaning})`).join(', ');

export const EXEMPTION_CODES = listed(EXEMPTION_REASONS);
export const ITEM_TYPES = listed(REVERSE_CHARGE_ITEM_TYPES);
const CATEGORIES = listed(TAX_CATEGORY_MEANINGS);
const EXEMPTION_CODES_AR = listedAr(EXEMPTION_REASONS_AR);
const ITEM_TYPES_AR = listedAr(REVERSE_CHARGE_ITEM_TYPES_AR);
const CATEGORIES_AR = listedAr(TAX_CATEGORY_MEANINGS_AR);
const COUNTRY_CANDIDATES = () => [...Object.keys(COUNTRY_NAMES), ...Object.values(COUNTRY_NAMES)];

const currencyCode: Text<Said> = {
  en: ({ field, sent }) => `${field} ${q(sent)} is not an ISO 4217 currency code${didYouMean(String(sent ?? ''), CURRENCY_CODES)}`,
  ar: ({ field, sent }) => `${field} ${q(sent)} ليس رمز عملة وفق ISO 4217${didYouMeanAr(String(sent ?? ''), CURRENCY_CODES)}`,
};
const countryCode: Text<Said> = {
  en: ({ field, sent }) => `${field} ${q(sent)} is not a country name or ISO 3166-1 alpha-2 code${didYouMean(String(sent ?? ''), COUNTRY_CANDIDATES())}`,
  ar: ({ field, sent }) => `${field} ${q(sent)} ليس اسم بلد ولا رمز بلد وفق ISO 3166-1 alpha-2${didYouMeanAr(String(sent ?? ''), COUNTRY_CANDIDATES())}`,
};

/** The rate a foreign-currency invoice needs (spec 2.6): where to get one, in the request's terms. */
const rateWanted = (s: Said) => `send exchange_rate (AED per 1 ${s.currency ?? 'unit of the currency'}, at most 6 decimals), or give the Central Bank rate table with --rates`;
const rateWantedAr = (s: Said) => `أرسل exchange_rate (سعر الصرف: درهم لكل 1 ${s.currency ?? 'وحدة من العملة'}، 6 منازل عشرية على الأكثر)، أو أعطِ جدول أسعار المصرف المركزي بالخيار --rates`;
const noRate = (what: string, whatAr: string): Words => ({
  request: {
    en: (s) => `currency ${q(s.currency)} needs an exchange rate to AED for ${what}: ${rateWanted(s)}`,
    ar: (s) => `العملة ${q(s.currency)} تحتاج سعر صرف إلى الدرهم (AED) لـ${whatAr}: ${rateWantedAr(s)}`,
  },
});

/** A category that charges no VAT (spec 2.7: a non-zero tax on a category other than S is fatal). */
const noTax = (category: TaxCategory): Words => ({
  request: {
    en: ({ field, sent }) => `${field.endsWith('tax_amount') ? field : `${lineOf(field)}.tax_amount`} is ${sent === undefined ? 'not 0' : q(sent)} on a ${TAX_CATEGORY_MEANINGS[category].replace(/, 5%$/, '')} (${category}) line: send 0 — only standard-rated (S) lines charge VAT`,
    ar: ({ field, sent }) => `${field.endsWith('tax_amount') ? field : `${lineOf(field)}.tax_amount`} ${sent === undefined ? 'ليس 0' : `قيمته ${q(sent)}`} في بند ${TAX_CATEGORY_MEANINGS_AR[category]} (${category}): أرسل 0 — البنود الخاضعة للنسبة الأساسية (S) وحدها تُحتسب عليها ضريبة القيمة المضافة`,
  },
});

/** The nearest accepted label of a sent tax category, as its code; undefined when none is near. */
function nearestCategoryCode(sent: unknown): TaxCategory | undefined {
  const text = String(sent ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const label = closest(text, Object.keys(LABELS), 1)[0];
  // A one-letter code is near every other: a code is named only when it is the one near.
  const codes = closest(text, TAX_CATEGORIES, 2);
  return label !== undefined ? LABELS[label] : codes.length === 1 ? codes[0] as TaxCategory : undefined;
}
/** ` — did you mean "S" (standard rated, 5%)?` for "Standart": the nearest accepted label, said as its code. */
function nearestCategory(sent: unknown): string {
  const code = nearestCategoryCode(sent);
  return code === undefined ? '' : ` — did you mean ${q(code)} (${TAX_CATEGORY_MEANINGS[code]})?`;
}
function nearestCategoryAr(sent: unknown): string {
  const code = nearestCategoryCode(sent);
  return code === undefined ? '' : ` — هل تقصد ${q(code)} (${TAX_CATEGORY_MEANINGS_AR[code]})؟`;
}

/** An identifier under a scheme whose format the shared PINT rules check (spec 2.8: the buyer's electronic address). */
const schemeFormat = (name: string, scheme: string, form: string, formAr: string): Words => ({
  request: {
    en: ({ field, sent }) => `${field} ${q(sent)} is not a valid ${name}, which the buyer's electronic address under scheme ${scheme} must be: ${form}`,
    ar: ({ field, sent }) => `${field} ${q(sent)} ليس ${name} صحيحاً، وهو ما يجب أن يكونه العنوان الإلكتروني للمشتري ضمن المخطط ${scheme}: ${formAr}`,
  },
});

/** A sent amount with a minus sign (a number below 0, or text starting with "-"). */
const negative = (sent: unknown) => (typeof sent === 'number' ? sent < 0 : String(sent ?? '').trim().startsWith('-'));

const negativePrice: Words = {
  request: {
    en: ({ field, sent }) => `${field} is ${q(sent)}: the price per unit cannot be negative; send unit_amount above 0 (a discount is sent as a lower line_amount)`,
    ar: ({ field, sent }) => `${field} قيمته ${q(sent)}: لا يجوز أن يكون سعر الوحدة سالباً؛ أرسل unit_amount أكبر من 0 (الخصم يُرسل بمبلغ line_amount أقل)`,
  },
};
const delivery3Ar = 'address_line1 وcity وcountry_subdivision';

/**
 * The words of findings, keyed by rule id: the service's rule engine for the rules whose wording names code lists,
 * and every PINT-AE rule that a document pintae builds can trip (measured on mutated invoices, see
 * test/unit/messages/table.test.ts). A PINT-AE finding keeps the official text in `rule_text`. Each in English and
 * Arabic (issue 26); a rule not here keeps its official English text in every language (docs/decisions.md).
 */
export const WORDS: Readonly<Record<string, Words>> = {
  // The rule engine (src/rules): code lists named with their meanings or the nearest entries.
  'ibr-cl-04': { request: currencyCode },
  'ibr-cl-14': { request: countryCode },
  'BTUAE-04': {
    // Spec 7.3 gives this error's meaning in these words; the response keeps them, the rest says where a rate comes from.
    request: {
      en: (s) => `Currency exchange rate (BTUAE-04) required when currency differs from AED: currency ${q(s.currency)} has no Central Bank rate on ${s.date} or the 7 days before; ${rateWanted(s)}`,
      ar: (s) => `سعر صرف العملة (BTUAE-04) مطلوب عندما تختلف العملة عن الدرهم (AED): العملة ${q(s.currency)} ليس لها سعر من المصرف المركزي في ${s.date} ولا في الأيام السبعة قبله؛ ${rateWantedAr(s)}`,
    },
  },
  'ibr-139-ae': {
    request: {
      en: ({ field, sent }) => `${field} ${q(sent)} is not a tax category: send one of ${CATEGORIES}, or its label (${TAX_CATEGORY_LABELS.join(', ')})${nearestCategory(sent)}`,
      ar: ({ field, sent }) => `${field} ${q(sent)} ليس فئة ضريبية: أرسل أحد ${CATEGORIES_AR}، أو وصفه (${TAX_CATEGORY_LABELS.join(', ')})${nearestCategoryAr(sent)}`,
    },
  },
  'ibr-167-ae': {
    request: {
      en: ({ field }) => `${lineOf(field)}.tax_exemption_reason is required on an exempt (E) line: send one of ${EXEMPTION_CODES}`,
      ar: ({ field }) => `${lineOf(field)}.tax_exemption_reason (سبب الإعفاء) مطلوب في بند معفى (E): أرسل أحد ${EXEMPTION_CODES_AR}`,
    },
  },
  'ibr-166-ae': {
    request: {
      en: ({ field }) => `${lineOf(field)}.item_type is required on a reverse-charge (AE) line: send one of ${ITEM_TYPES}`,
      ar: ({ field }) => `${lineOf(field)}.item_type مطلوب في بند بآلية الاحتساب العكسي (AE): أرسل أحد ${ITEM_TYPES_AR}`,
    },
  },
  'ibr-006-ae': {
    request: {
      en: ({ field, sent }) => `${field} ${q(sent)} is not a reverse-charge item type: send one of ${ITEM_TYPES}${didYouMean(String(sent ?? ''), Object.keys(REVERSE_CHARGE_ITEM_TYPES))}`,
      ar: ({ field, sent }) => `${field} ${q(sent)} ليس نوع سلعة خاضعة لآلية الاحتساب العكسي: أرسل أحد ${ITEM_TYPES_AR}${didYouMeanAr(String(sent ?? ''), Object.keys(REVERSE_CHARGE_ITEM_TYPES))}`,
    },
  },

  // PINT-AE rules on the built document.
  'ibr-cl-03': {
    request: {
      en: (s) => `every amount of the invoice carries ${s.field} ${q(s.sent)}, which is not an ISO 4217 currency code${didYouMean(String(s.sent ?? ''), CURRENCY_CODES)}`,
      ar: (s) => `كل مبالغ الفاتورة تحمل ${s.field} ${q(s.sent)}، وهو ليس رمز عملة وفق ISO 4217${didYouMeanAr(String(s.sent ?? ''), CURRENCY_CODES)}`,
    },
  },
  'ibr-cl-05': { request: currencyCode },
  'ibr-cl-25': {
    request: {
      en: ({ field, sent }) => `${field} ${q(sent)} is not a Peppol electronic address scheme (EAS code)${didYouMean(String(sent ?? ''), EAS_CODES)}`,
      ar: ({ field, sent }) => `${field} ${q(sent)} ليس مخطط عنوان إلكتروني في Peppol (رمز EAS)${didYouMeanAr(String(sent ?? ''), EAS_CODES)}`,
    },
  },
  'ibr-cl-26': {
    request: {
      en: ({ field, sent }) => `${field} ${q(sent)} is not an ISO 6523 ICD code: send the 4-digit code of the identifier's scheme, such as 0088 (GLN), 0060 (DUNS) or 0199 (LEI)`,
      ar: ({ field, sent }) => `${field} ${q(sent)} ليس رمز ICD وفق ISO 6523: أرسل الرمز المكون من 4 أرقام لمخطط المعرّف، مثل 0088 (GLN) أو 0060 (DUNS) أو 0199 (LEI)`,
    },
  },
  'ibr-057': {
    request: {
      en: () => 'delivery has an address but no country: send delivery.country (an ISO 3166-1 alpha-2 code such as "AE" or "SA")',
      ar: () => 'في delivery عنوان بلا بلد: أرسل delivery.country (رمز بلد وفق ISO 3166-1 alpha-2 مثل "AE" أو "SA")',
    },
  },
  'ibr-132-ae': {
    request: {
      en: ({ field, sent }) => field === 'entity_id'
        ? `the trn of entity ${q(sent)} is not a UAE TRN (15 digits, starting with 1 and ending with 03): correct the entity record`
        : `${field} ${q(sent)} is not a UAE TRN: send the buyer's 15-digit VAT registration number, starting with 1 and ending with 03`,
      ar: ({ field, sent }) => field === 'entity_id'
        ? `trn الكيان ${q(sent)} ليس رقم تسجيل ضريبي إماراتياً (15 رقماً، يبدأ بـ 1 وينتهي بـ 03): صحّح سجل الكيان`
        : `${field} ${q(sent)} ليس رقم تسجيل ضريبي إماراتياً: أرسل رقم التسجيل الضريبي للمشتري المكون من 15 رقماً، يبدأ بـ 1 وينتهي بـ 03`,
    },
  },
  'aligned-ibrp-z-09': noTax('Z'), 'ibr-165-ae': noTax('Z'),
  'aligned-ibrp-e-09': noTax('E'), 'ibr-163-ae': noTax('E'),
  'aligned-ibrp-o-09': noTax('O'),
  'aligned-ibrp-ae-09-ae': noTax('AE'), 'ibr-162-ae': noTax('AE'),
  'ibr-108-ae': noTax('N'),
  'ibr-159-ae': {
    ...noRate('the invoice', 'الفاتورة'),
    xml: {
      en: () => 'A currency exchange rate (BTAE-04) is required when the invoice currency code (IBT-005) is not AED.',
      ar: () => 'سعر صرف العملة (BTAE-04) مطلوب عندما لا يكون رمز عملة الفاتورة (IBT-005) هو AED.',
    },
  },
  'ibr-175-ae': noRate('its VAT total and its total with VAT in AED (IBT-111, BTAE-20)', 'إجمالي ضريبة القيمة المضافة وإجمالي الفاتورة مع الضريبة بالدرهم (IBT-111، BTAE-20)'),
  'ibr-053': noRate('its VAT total in AED (IBT-111)', 'إجمالي ضريبة القيمة المضافة بالدرهم (IBT-111)'),
  'ibr-153-ae': noRate('the conversion it states (BTAE-04)', 'التحويل الذي تذكره (BTAE-04)'),
  'ibr-084': {
    request: {
      en: ({ field, sent }) => `${field} ${q(sent)} gives the VAT total in AED the opposite sign of the VAT total: send a rate above 0`,
      ar: ({ field, sent }) => `${field} ${q(sent)} يجعل إشارة إجمالي ضريبة القيمة المضافة بالدرهم عكس إشارة إجمالي الضريبة: أرسل سعراً أكبر من 0`,
    },
  },
  'ibr-002-ae': {
    // The rule reads the rate as digits with at most 6 decimals: a minus sign fails it as well as a seventh decimal.
    request: {
      en: ({ field, sent }) => (negative(sent) ? `${field} ${q(sent)} is negative: send the rate above 0, as digits with 6 decimals at most`
        : `${field} ${q(sent)} has more than 6 decimals: send the rate with 6 decimals at most`),
      ar: ({ field, sent }) => (negative(sent) ? `${field} ${q(sent)} سالب: أرسل السعر أكبر من 0، أرقاماً بـ 6 منازل عشرية على الأكثر`
        : `${field} ${q(sent)} فيه أكثر من 6 منازل عشرية: أرسل السعر بـ 6 منازل عشرية على الأكثر`),
    },
    xml: {
      en: () => 'The currency exchange rate (BTAE-04) must have no more than 6 decimals.',
      ar: () => 'يجب ألا يزيد سعر صرف العملة (BTAE-04) على 6 منازل عشرية.',
    },
  },
  'ibr-027': negativePrice, 'ibr-028': negativePrice,
  'ibr-176-ae': {
    request: {
      en: ({ sent }) => `transaction_type_code ${q(sent)} declares disclosed-agent billing (position 6), whose principal (BTAE-14) this API cannot carry: send position 6 as 0`,
      ar: ({ sent }) => `transaction_type_code ${q(sent)} يعلن فوترة الوكيل المفصح عنه (الخانة 6)، ولا تستطيع هذه الواجهة حمل بيانات الأصيل (BTAE-14): أرسل الخانة 6 بالقيمة 0`,
    },
  },
  'ibr-142-ae': {
    request: {
      en: () => 'transaction_type_code declares an e-commerce supply (position 7): send delivery with address_line1, city and country_subdivision',
      ar: () => `transaction_type_code يعلن أن التوريد عبر التجارة الإلكترونية (الخانة 7): أرسل delivery مع ${delivery3Ar}`,
    },
  },
  'ibr-152-ae': {
    request: {
      en: () => 'transaction_type_code declares an export (position 8): send delivery with address_line1, city and country_subdivision, and a delivery.country other than AE',
      ar: () => `transaction_type_code يعلن تصديراً (الخانة 8): أرسل delivery مع ${delivery3Ar}، وdelivery.country غير AE`,
    },
  },
  // Measured on the fixtures and mutated invoices (docs/decisions.md, "Arabic for pintae's own findings"): the PINT-AE
  // rules a request still tripped in the official English.
  'ibr-080': {
    request: {
      en: () => 'the buyer\'s electronic address (IBT-049) is empty: it is buyer.participant_id where sent, else made of buyer.trn (for a UAE buyer, the first 10 of its digits), and neither gave one: send buyer.trn with its 15 digits, or buyer.participant_id',
      ar: () => 'العنوان الإلكتروني للمشتري (IBT-049) فارغ: هو buyer.participant_id إن أُرسل، وإلا فيُصنع من buyer.trn، وهو لمشترٍ في الدولة أول 10 أرقام منه، ولم يُعطِ أيٌّ منهما عنواناً: أرسل buyer.trn بأرقامه الخمسة عشر، أو buyer.participant_id',
    },
  },
  'ibr-010-ae': {
    request: {
      en: () => 'buyer.passport_country_code is required when buyer.legal_registration_type is PAS (passport, BTAE-19): send the ISO 3166-1 code of the country that issued the passport',
      ar: () => 'buyer.passport_country_code مطلوب عندما يكون buyer.legal_registration_type هو PAS (جواز السفر، BTAE-19): أرسل رمز البلد الذي أصدر جواز السفر وفق ISO 3166-1',
    },
  },
  'ibr-068': schemeFormat('GLN', '0088', 'digits only, the last a GS1 check digit', 'أرقام فقط، آخرها رقم تحقق GS1'),
  'ibr-127': schemeFormat('Swedish organisation number', '0007', '10 digits', '10 أرقام'),
  'ibr-069': schemeFormat('Norwegian organisation number', '0192', '9 digits, the last a modulus-11 check digit', '9 أرقام، آخرها رقم تحقق بالمقياس 11'),
  'ibr-070': schemeFormat('Danish CVR number', '0184', '"DK" followed by 8 digits', '"DK" يليه 8 أرقام'),
  'ibr-113': schemeFormat('Belgian enterprise number', '0208', '10 digits, the last two a modulus-97 check', '10 أرقام، آخر رقمين تحقق بالمقياس 97'),
  'ibr-114': schemeFormat('IPA code', '0201', '6 letters or digits', '6 حروف أو أرقام'),
  'ibr-115': schemeFormat('codice fiscale', '0210 or 9907', '16 characters for a person, 11 digits for an enterprise', '16 حرفاً للشخص، 11 رقماً للمنشأة'),
  'ibr-116': schemeFormat('partita IVA', '0211 or 9906', '11 digits, the last a check digit', '11 رقماً، آخرها رقم تحقق'),
  'ibr-120': schemeFormat('Australian Business Number', '0151', '11 digits passing the ABN check (modulus 89)', '11 رقماً تجتاز تحقق ABN (المقياس 89)'),
};

/** The message of a finding of rule `rule` in the request's terms, or undefined where the table has none. */
export function requestWords(rule: string | undefined, said: Said): Worded | undefined {
  return rule !== undefined && Object.hasOwn(WORDS, rule) ? wordsOf(`rule:${rule}`, WORDS[rule]!.request, plainSaid(said)) : undefined;
}

/** The XML-terms text of `rule`, for check; undefined where the table has none. */
export function xmlWords(rule: string | undefined): Worded | undefined {
  const xml = rule !== undefined && Object.hasOwn(WORDS, rule) ? WORDS[rule]!.xml : undefined;
  return xml === undefined ? undefined : wordsOf(`xml:${rule}`, xml, {});
}

/** The parameters as plain data (a reference crosses worker threads): only what was given. */
const plainSaid = (said: Said): Said => Object.fromEntries(Object.entries(said).filter(([, v]) => v !== undefined)) as unknown as Said;

/** The rule engine's words for one of its rules listed in WORDS (a rule id missing there is a fault of pintae's). */
export function say(rule: string, said: Said): Worded {
  const words = requestWords(rule, said);
  if (words === undefined) throw new Error(`no words for rule ${rule}`);
  return words;
}

registerCatalogue((id) => {
  const [kind, rule] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
  if (!Object.hasOwn(WORDS, rule)) return undefined;
  return (kind === 'rule' ? WORDS[rule]!.request : kind === 'xml' ? WORDS[rule]!.xml : undefined) as Text<never> | undefined;
});
