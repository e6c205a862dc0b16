import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';
import { TAX_CATEGORY_MEANINGS } from '../codelists/tax.js';
import { TAX_CATEGORY_MEANINGS_AR } from './terms.js';
import type { TaxCategory } from '../model/types.js';

/**
 * The findings of the service's rule engine (src/rules) and of the pipeline, by id, in English and Arabic (issue 26).
 * The English is the wording the service's answer carries; field names, codes and amounts stay as sent in both.
 */
const categoryEn = (code: string) => {
  const meaning = (TAX_CATEGORY_MEANINGS as Record<string, string>)[code]?.replace(/, 5%$/, '') ?? code;
  return `${/^[aeiou]/i.test(meaning) ? 'an' : 'a'} ${meaning} (${code})`;
};
const categoryAr = (code: string) => `${(TAX_CATEGORY_MEANINGS_AR as Record<string, string>)[code as TaxCategory]?.replace(/، 5%$/, '') ?? code} (${code})`;
const EMIRATES = 'AUH, DXB, SHJ, UAQ, FUJ, AJM, RAK';
const q = (v: unknown) => JSON.stringify(v);

export const FINDINGS = {
  // src/rules/header.ts
  'header.due-date': {
    en: () => 'due_date is required when the amount due is above zero (payment due date, IBT-009), except on a deemed supply',
    ar: () => 'due_date (تاريخ استحقاق الدفع، IBT-009) مطلوب عندما يكون المبلغ المستحق أكبر من صفر، إلا في التوريد الاعتباري',
  },
  'header.flag-without-field': {
    en: (p: { code: string; position: number }) => `transaction_type_code ${p.code}: ${({ 1: 'free-trade zone (position 1) requires a Beneficiary ID (BTAE-01)', 4: 'summary invoice (position 4) requires an invoicing period (IBG-14)', 6: 'disclosed-agent billing (position 6) requires a Principal ID (BTAE-14)' } as Record<number, string>)[p.position]}, which this API cannot carry`,
    ar: (p: { code: string; position: number }) => `transaction_type_code ${p.code}: ${({ 1: 'المنطقة الحرة (الخانة 1) تتطلب رقم المستفيد (BTAE-01)', 4: 'الفاتورة الملخصة (الخانة 4) تتطلب فترة الفوترة (IBG-14)', 6: 'فوترة الوكيل المفصح عنه (الخانة 6) تتطلب رقم الأصيل (BTAE-14)' } as Record<number, string>)[p.position]}، وهو ما لا تستطيع هذه الواجهة حمله`,
  },
  'header.margin-needs-n': {
    en: () => 'transaction_type_code declares the profit-margin scheme (position 3): at least one line must be category N',
    ar: () => 'transaction_type_code يعلن نظام هامش الربح (الخانة 3): يجب أن يكون بند واحد على الأقل من الفئة N',
  },
  'header.480-flags': {
    en: () => 'An invoice of only exempt or out-of-scope lines (type 480) cannot be a summary invoice, deemed supply or margin-scheme supply',
    ar: () => 'الفاتورة التي كل بنودها معفاة أو خارج نطاق الضريبة (النوع 480) لا يجوز أن تكون فاتورة ملخصة، ولا أن تكون من التوريد الاعتباري أو من التوريد وفق نظام هامش الربح',
  },
  'header.export-delivery-field': {
    en: (p: { name: string; ibt: string }) => `Delivery to ${({ address_line1: 'address line 1', city: 'city', country_subdivision: 'subdivision' } as Record<string, string>)[p.name]} (${p.ibt}) required on an export: send delivery.${p.name}`,
    ar: (p: { name: string; ibt: string }) => `${({ address_line1: 'سطر العنوان 1', city: 'المدينة', country_subdivision: 'الإمارة أو المنطقة' } as Record<string, string>)[p.name]} لعنوان التسليم (${p.ibt}) مطلوب في التصدير: أرسل delivery.${p.name}`,
  },
  'header.delivery-address': {
    en: () => 'Delivery to address line 1 (IBT-075), city (IBT-077) and subdivision (IBT-079) required',
    ar: () => 'عنوان التسليم مطلوب: سطر العنوان 1 (IBT-075) والمدينة (IBT-077) والإمارة أو المنطقة (IBT-079)',
  },
  'header.delivery-country': {
    en: () => 'Deliver-to country code (IBT-080) required',
    ar: () => 'رمز بلد التسليم (IBT-080) مطلوب',
  },
  'header.export-to-ae': {
    en: () => 'An export delivers outside the UAE: delivery.country must be the buyer\'s country, not AE',
    ar: () => 'التصدير تسليم خارج الدولة: يجب أن يكون delivery.country بلد المشتري، لا AE',
  },
  'header.delivery-emirate': {
    en: (p: { sent: string }) => `delivery.country_subdivision ${p.sent} is not an emirate`,
    ar: (p: { sent: string }) => `delivery.country_subdivision ${p.sent} ليست إمارة`,
  },
  'header.rate-not-positive': {
    en: () => 'exchange_rate must be greater than 0',
    ar: () => 'يجب أن يكون exchange_rate (سعر الصرف) أكبر من 0',
  },
  'header.rate-decimals': {
    en: (p: { sent: string }) => `exchange_rate ${p.sent} has more than 6 decimals; a sent rate is used exactly as sent and never re-priced`,
    ar: (p: { sent: string }) => `exchange_rate ${p.sent} فيه أكثر من 6 منازل عشرية؛ سعر الصرف المرسل يُستعمل كما أُرسل تماماً ولا يُعاد تسعيره`,
  },
  'header.payment-label': {
    en: (p: { sent: string }) => `payment_method ${p.sent} is not a known payment label; send payment_means_code (30, 10, 20, 48 or 49)`,
    ar: (p: { sent: string }) => `payment_method ${p.sent} ليس وصفاً معروفاً لوسيلة الدفع؛ أرسل payment_means_code (30 أو 10 أو 20 أو 48 أو 49)`,
  },
  'header.iban': {
    en: () => 'payment_account_id (the seller IBAN) is required when payment_means_code is 30 (credit transfer)',
    ar: () => 'payment_account_id (رقم الحساب المصرفي الدولي IBAN للمورد) مطلوب عندما يكون payment_means_code هو 30 (تحويل دائن)',
  },
  // src/rules/buyer.ts
  // Spec 7.2 "Messages shown": the service's words as the spec gives them, nothing added (the field says where).
  'buyer.trn-length': {
    en: () => 'TRN must be 15 characters long',
    ar: () => 'يجب أن يتكون رقم التسجيل الضريبي (TRN) من 15 خانة',
  },
  'buyer.address': {
    en: (p: { missing: readonly string[] }) => `Buyer postal address needs address line 1, city and subdivision (IBT-050, IBT-052, IBT-054): ${p.missing.join(', ')} missing`,
    ar: (p: { missing: readonly string[] }) => `العنوان البريدي للمشتري يحتاج سطر العنوان 1 والمدينة والإمارة أو المنطقة (IBT-050، IBT-052، IBT-054): ينقص ${p.missing.join('، ')}`,
  },
  'buyer.region': {
    en: (p: { sent: string }) => `buyer.region ${p.sent} is not an emirate (${EMIRATES})`,
    ar: (p: { sent: string }) => `buyer.region ${p.sent} ليست إمارة (${EMIRATES})`,
  },
  'buyer.authority': {
    en: () => 'buyer.authority_name is required when legal_registration_type is TL (BTAE-11)',
    ar: () => 'buyer.authority_name مطلوب عندما يكون legal_registration_type هو TL (الرخصة التجارية، BTAE-11)',
  },
  'buyer.passport-country': {
    en: () => 'buyer.passport_country_code is required when legal_registration_type is PAS (BTAE-19)',
    ar: () => 'buyer.passport_country_code مطلوب عندما يكون legal_registration_type هو PAS (جواز السفر، BTAE-19)',
  },
  'buyer.passport-country-code': {
    en: (p: { sent: string }) => `buyer.passport_country_code ${p.sent} is not an ISO 3166-1 code`,
    ar: (p: { sent: string }) => `buyer.passport_country_code ${p.sent} ليس رمز بلد وفق ISO 3166-1`,
  },
  'buyer.registration-type-0235': {
    en: () => 'buyer.legal_registration_type (BTAE-16) is required with a legal_registration_id for a buyer addressed under 0235',
    ar: () => 'buyer.legal_registration_type (BTAE-16) مطلوب مع legal_registration_id لمشترٍ عنوانه الإلكتروني ضمن المخطط 0235',
  },
  'buyer.registration-id-0235': {
    en: (p: { id: string }) => `buyer.legal_registration_id (IBT-047) is required for the buyer address 0235:${p.id}`,
    ar: (p: { id: string }) => `buyer.legal_registration_id (IBT-047) مطلوب لعنوان المشتري 0235:${p.id}`,
  },
  'buyer.trn-0235': {
    en: (p: { id: string }) => `buyer.trn (IBT-048) is required for the buyer address 0235:${p.id} on an invoice that is not an export`,
    ar: (p: { id: string }) => `buyer.trn (رقم التسجيل الضريبي للمشتري، IBT-048) مطلوب لعنوان المشتري 0235:${p.id} في فاتورة ليست تصديراً`,
  },
  'buyer.trn-reverse-charge': {
    en: () => 'buyer.trn is required on a reverse-charge (AE) invoice',
    ar: () => 'buyer.trn (رقم التسجيل الضريبي للمشتري) مطلوب في فاتورة بآلية الاحتساب العكسي (AE)',
  },
  'buyer.registration-480': {
    en: () => 'buyer.legal_registration_id (IBT-047) is required when every line is exempt or out of scope (invoice type 480)',
    ar: () => 'buyer.legal_registration_id (IBT-047) مطلوب عندما تكون كل البنود معفاة أو خارج نطاق الضريبة (نوع الفاتورة 480)',
  },
  // src/rules/lines.ts
  'line.price': {
    en: (p: { at: string }) => `${p.at}: unit_amount must be greater than 0`,
    ar: (p: { at: string }) => `${p.at}: يجب أن يكون unit_amount (سعر الوحدة) أكبر من 0`,
  },
  'line.amount-zero': {
    en: (p: { at: string }) => `${p.at}: line amount cannot be zero`,
    ar: (p: { at: string }) => `${p.at}: لا يجوز أن يكون مبلغ البند صفراً`,
  },
  // Spec 7.2 "Messages shown", word for word; the finding's field names the line.
  'line.tax-zero': {
    en: () => 'tax amount cannot be zero on a line',
    ar: () => 'لا يجوز أن يكون مبلغ الضريبة صفراً في بند',
  },
  'line.tax-rate': {
    en: (p: { at: string; amount: string; expected: string; carried: string }) => `${p.at}: VAT on a standard-rated (S) line must be 5% of its amount: ${p.amount} × 5% = ${p.expected}, the line carries ${p.carried}`,
    ar: (p: { at: string; amount: string; expected: string; carried: string }) => `${p.at}: ضريبة القيمة المضافة على بند خاضع للنسبة الأساسية (S) يجب أن تكون 5% من مبلغه: ${p.amount} × 5% = ${p.expected}، والبند يحمل ${p.carried}`,
  },
  'line.tax-not-zero': {
    en: (p: { at: string; category: string; carried: string }) => `${p.at}: tax_amount must be 0 on ${categoryEn(p.category)} line (got ${p.carried}); only standard-rated (S) lines charge VAT`,
    ar: (p: { at: string; category: string; carried: string }) => `${p.at}: يجب أن يكون tax_amount صفراً في بند ${categoryAr(p.category)} (أُرسل ${p.carried})؛ البنود الخاضعة للنسبة الأساسية (S) وحدها تُحتسب عليها ضريبة القيمة المضافة`,
  },
  // A line whose category could not be read, with a VAT amount no category allows (qa10 item 5, spec 2.7).
  'line.tax-fits-none': {
    en: (p: { at: string; amount: string; expected: string; carried: string }) => `${p.at}: tax_amount ${p.carried} fits no tax category: a standard-rated (S) line charges 5% of its amount (${p.amount} × 5% = ${p.expected}), every other category 0`,
    ar: (p: { at: string; amount: string; expected: string; carried: string }) => `${p.at}: لا يوافق tax_amount ${p.carried} أي فئة ضريبية: البند الخاضع للنسبة الأساسية (S) تُحتسب عليه 5% من مبلغه (${p.amount} × 5% = ${p.expected})، وكل فئة أخرى 0`,
  },
  'line.item-standard-id': {
    en: (p: { at: string }) => `${p.at}: item_standard_id is required on a reverse-charge (AE) line`,
    ar: (p: { at: string }) => `${p.at}: item_standard_id مطلوب في بند بآلية الاحتساب العكسي (AE)`,
  },
  // src/rules/seller.ts
  'seller.no-registry-code': {
    en: (p: { entity: string }) => `Entity ${p.entity} has no Peppol registry code: it is not registered for sending`,
    ar: (p: { entity: string }) => `الكيان ${p.entity} ليس له رمز تسجيل في Peppol: فهو غير مسجل للإرسال`,
  },
  'seller.registry-code-digits': {
    en: (p: { entity: string; code: string }) => `Entity ${p.entity} registry code ${p.code} must be 10 digits`,
    ar: (p: { entity: string; code: string }) => `رمز التسجيل ${p.code} للكيان ${p.entity} يجب أن يكون 10 أرقام`,
  },
  'seller.no-trn': {
    en: (p: { entity: string }) => `Entity ${p.entity} has no TRN: the seller VAT identifier (IBT-031) is required`,
    ar: (p: { entity: string }) => `الكيان ${p.entity} ليس له رقم تسجيل ضريبي (TRN): رقم التسجيل الضريبي للمورد (IBT-031) مطلوب`,
  },
  'seller.trn-form': {
    en: (p: { trn: string }) => `Entity TRN ${p.trn} is not a conformant UAE TRN: 15 digits, starting with 1 and ending with 03`,
    ar: (p: { trn: string }) => `رقم التسجيل الضريبي للكيان ${p.trn} ليس رقم تسجيل ضريبي إماراتياً صحيحاً: 15 رقماً، يبدأ بـ 1 وينتهي بـ 03`,
  },
  'seller.no-name': {
    en: (p: { entity: string }) => `Entity ${p.entity} has no company_name (seller name, IBT-027)`,
    ar: (p: { entity: string }) => `الكيان ${p.entity} ليس له company_name (اسم المورد، IBT-027)`,
  },
  'seller.country': {
    en: (p: { sent: string }) => `Entity country ${p.sent} must be the United Arab Emirates`,
    ar: (p: { sent: string }) => `بلد الكيان ${p.sent} يجب أن يكون الإمارات العربية المتحدة`,
  },
  'seller.address': {
    en: (p: { missing: readonly string[] }) => `Seller address needs address line 1, city and emirate (IBT-035, IBT-037, IBT-039): entity lacks ${p.missing.join(', ')}`,
    ar: (p: { missing: readonly string[] }) => `عنوان المورد يحتاج سطر العنوان 1 والمدينة والإمارة (IBT-035، IBT-037، IBT-039): ينقص الكيان ${p.missing.join('، ')}`,
  },
  'seller.emirate': {
    en: (p: { sent: string }) => `Entity state ${p.sent} is not an emirate (${EMIRATES})`,
    ar: (p: { sent: string }) => `state ${p.sent} في سجل الكيان ليست إمارة (${EMIRATES})`,
  },
  'seller.registration-type-missing': {
    en: () => 'Seller legal registration type (BTAE-15) is missing: set legal_registration_type on the entity or registration_type in the seller block (TL, EID, PAS or CD)',
    ar: () => 'نوع التسجيل القانوني للمورد (BTAE-15) غير موجود: حدد legal_registration_type في سجل الكيان أو registration_type في كتلة seller (TL أو EID أو PAS أو CD)',
  },
  'seller.registration-type': {
    en: (p: { sent: string }) => `Entity legal_registration_type ${p.sent} is not one of TL, EID, PAS, CD`,
    ar: (p: { sent: string }) => `legal_registration_type ${p.sent} في سجل الكيان ليس أحد TL, EID, PAS, CD`,
  },
  'seller.issuing-authority': {
    en: () => 'seller.issuing_authority is required when registration_type is TL (BTAE-12)',
    ar: () => 'seller.issuing_authority مطلوب عندما يكون registration_type هو TL (الرخصة التجارية، BTAE-12)',
  },
  'seller.passport-country': {
    en: () => 'Seller passport country (BTAE-18) is required when the registration type is PAS',
    ar: () => 'بلد جواز سفر المورد (BTAE-18) مطلوب عندما يكون نوع التسجيل PAS',
  },
  'seller.passport-country-code': {
    en: (p: { sent: string }) => `Seller passport country ${p.sent} is not an ISO 3166-1 code`,
    ar: (p: { sent: string }) => `بلد جواز سفر المورد ${p.sent} ليس رمز بلد وفق ISO 3166-1`,
  },
  // src/rules/totals.ts
  'tax.standard-rate': {
    en: (p: { taxable: string; expected: string; carried: string }) => `VAT on standard-rated lines must be 5% of their taxable amount: ${p.taxable} × 5% = ${p.expected}, the lines carry ${p.carried}`,
    ar: (p: { taxable: string; expected: string; carried: string }) => `ضريبة القيمة المضافة على البنود الخاضعة للنسبة الأساسية يجب أن تكون 5% من المبلغ الخاضع للضريبة فيها: ${p.taxable} × 5% = ${p.expected}، والبنود تحمل ${p.carried}`,
  },
  // Spec 7.2 "Messages shown", word for word (checked only on an invoice with an S line: docs/decisions.md).
  'tax.total-not-zero': {
    en: () => 'total tax amount cannot be zero',
    ar: () => 'لا يجوز أن يكون إجمالي مبلغ الضريبة صفراً',
  },
  // Spec 7.2 tax names the condition ("taxable amount zero") and shows no message: said as its neighbour is.
  'tax.taxable-not-zero': {
    en: () => 'taxable amount cannot be zero',
    ar: () => 'لا يجوز أن يكون المبلغ الخاضع للضريبة صفراً',
  },
  'tax.total-matches-lines': {
    en: (p: { sent: string; sum: string }) => `total_tax ${p.sent} differs from the sum of line tax amounts ${p.sum}`,
    ar: (p: { sent: string; sum: string }) => `total_tax ${p.sent} يختلف عن مجموع مبالغ الضريبة في البنود ${p.sum}`,
  },
  'monetary.sub-total': {
    en: (p: { sent: string; sum: string }) => `sub_total ${p.sent} differs from the sum of line amounts ${p.sum}`,
    ar: (p: { sent: string; sum: string }) => `sub_total ${p.sent} يختلف عن مجموع مبالغ البنود ${p.sum}`,
  },
  'monetary.total': {
    en: (p: { sent: string; expected: string }) => `total ${p.sent} differs from sub_total + total_tax = ${p.expected}`,
    ar: (p: { sent: string; expected: string }) => `total ${p.sent} يختلف عن sub_total + total_tax = ${p.expected}`,
  },
  // src/schema/check.ts: the request's field errors (the service's 400 class of findings)
  'field.required': { en: (p: { field: string }) => `${p.field} is required`, ar: (p: { field: string }) => `${p.field} مطلوب` },
  'field.type': {
    en: (p: { field: string; type: string }) => `${p.field} must be ${p.type === 'object' ? 'an object' : p.type === 'array' ? 'an array' : `a ${p.type}`}`,
    ar: (p: { field: string; type: string }) => `${p.field} يجب أن يكون ${({ object: 'كائناً (object)', array: 'قائمة (array)', string: 'نصاً (string)', number: 'رقماً (number)', boolean: 'قيمة منطقية (boolean)', integer: 'عدداً صحيحاً (integer)' } as Record<string, string>)[p.type] ?? p.type}`,
  },
  'field.date': { en: (p: { field: string }) => `${p.field} must be a calendar date in YYYY-MM-DD form`, ar: (p: { field: string }) => `${p.field} يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD` },
  'field.enum': {
    en: (p: { field: string; allowed: readonly string[] }) => `${p.field} must be one of ${p.allowed.join(', ')}`,
    ar: (p: { field: string; allowed: readonly string[] }) => `${p.field} يجب أن يكون أحد ${p.allowed.join(', ')}`,
  },
  'field.lines': { en: (p: { field: string }) => `${p.field} must hold at least one line`, ar: (p: { field: string }) => `${p.field} يجب أن يحوي بنداً واحداً على الأقل` },
  'field.amount-too-large': { en: (p: { field: string }) => `${p.field} must be an amount below 10,000,000,000,000`, ar: (p: { field: string }) => `${p.field} يجب أن يكون مبلغاً أقل من 10,000,000,000,000` },
  'field.number': { en: (p: { field: string }) => `${p.field} must be a number`, ar: (p: { field: string }) => `${p.field} يجب أن يكون رقماً` },
  'field.transaction-type-form': {
    en: () => 'transaction_type_code must be exactly 8 characters, each 0 or 1',
    ar: () => 'transaction_type_code يجب أن يتكون من 8 خانات بالضبط، كل منها 0 أو 1',
  },
  'field.currency-form': {
    en: () => 'currency must be a three-letter ISO 4217 code',
    ar: () => 'currency يجب أن يكون رمز عملة من ثلاثة أحرف وفق ISO 4217',
  },
  'field.form': { en: (p: { field: string }) => `${p.field} has the wrong form`, ar: (p: { field: string }) => `${p.field} صيغته غير صحيحة` },
  // src/pipeline.ts
  'invoice.not-object': {
    en: () => 'The invoice must be a JSON object (spec 2.1)',
    ar: () => 'يجب أن تكون الفاتورة كائن JSON (المواصفة 2.1)',
  },
  'invoice.duplicate': {
    en: (p: { number: string; entity: string }) => `invoice_number ${p.number} was already used for entity ${p.entity} in this run: a push would be rejected with 409`,
    ar: (p: { number: string; entity: string }) => `invoice_number ${p.number} استُعمل من قبل للكيان ${p.entity} في هذا التشغيل: الإرسال سيُرفض بالرمز 409`,
  },
  // src/schema/unknown-fields.ts (pintae/unknown-field)
  'pintae.unknown-field': {
    en: (p: { key: string; object: string; suggestion?: string }) => `unknown field ${q(p.key)}${p.object ? ` in ${p.object}` : ''}${p.suggestion ? ` (did you mean ${q(p.suggestion)}?)` : ''}`,
    ar: (p: { key: string; object: string; suggestion?: string }) => `حقل غير معروف ${q(p.key)}${p.object ? ` في ${p.object}` : ''}${p.suggestion ? ` (هل تقصد ${q(p.suggestion)}؟)` : ''}`,
  },
  // A body sent inside another object (`{"invoice": {…}}`, an integration's envelope): the fields it holds.
  'pintae.wrapped-body': {
    en: (p: { key: string; at: string; fields: readonly string[] }) => `unknown field ${q(p.key)}: ${p.at} holds an invoice request body (${p.fields.join(', ')}) — send that object itself as the body, not wrapped in ${q(p.key)}`,
    ar: (p: { key: string; at: string; fields: readonly string[] }) => `حقل غير معروف ${q(p.key)}: يحوي ${p.at} نص طلب فاتورة (${p.fields.join('، ')}) — أرسل ذلك الكائن نفسه نصاً للطلب، لا مغلّفاً في ${q(p.key)}`,
  },
  'pintae.more-unknown': {
    en: (p: { more: number; first: string | undefined }) => `${p.more.toLocaleString('en-US')} more unknown ${p.more === 1 ? 'field' : 'fields'}, from ${q(p.first)} on, not listed one by one`,
    ar: (p: { more: number; first: string | undefined }) => `حقول أخرى غير معروفة عددها ${p.more.toLocaleString('en-US')}، من ${q(p.first)} فصاعداً، لم تُسرد واحداً واحداً`,
  },
} as const satisfies Record<string, Text<never>>;

export type FindingId = keyof typeof FINDINGS;
type ParamsOf<K extends FindingId> = Parameters<(typeof FINDINGS)[K]['en']>[0];

/** A finding's words by id: the English of the service's answer, and the reference a report says in its language. */
export function finding<K extends FindingId>(id: K, ...p: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]): Worded {
  return wordsOf(id, FINDINGS[id] as unknown as Text<object>, (p[0] ?? {}) as object);
}

registerCatalogue((id) => (Object.hasOwn(FINDINGS, id) ? FINDINGS[id as FindingId] as Text<never> : undefined));
