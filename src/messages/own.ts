import type { Text, Tongue } from './lang.js';
import { registerCatalogue, textOf, wordsOf, type MessageRef, type Worded } from './ref.js';
import { ruleSetSentenceAr } from './rule-sets.js';

/**
 * pintae's own findings (issue 26, part 3), by id, in English and Arabic: what `check` says a document is, the rule
 * sets' validity and failures, the TDD cross-checks, text no XML can carry, and the request's 400 rejection. Codes,
 * element names, rule-set names, namespaces, dates and amounts stay as they are, in Latin letters and Western digits.
 * Text that comes from elsewhere (libxml2's XSD messages, an XML reader's or an engine's error) is passed in as it is.
 */
const q = (v: unknown) => JSON.stringify(v);
const or = (ids: readonly string[]) => ids.join(' or ');
const orAr = (ids: readonly string[]) => ids.join(' أو ');

/** The rule set that judged a document not declared as `check` expects: pinned (--rules), or chosen for its kind. */
export interface JudgedWords { pinned: boolean; byConfig?: boolean; name: string; version?: string | null; tdd: boolean }
const judgedEn = (j: JudgedWords | undefined) => (j === undefined ? ''
  : `; judged by ${j.pinned ? `the rule set ${j.name} (${j.byConfig ? 'ruleSet of the config file' : '--rules'})` : `the ${j.tdd ? 'TDD' : 'billing'} rules (${j.name}${j.version ? ` ${j.version}` : ''})`}`);
const judgedAr = (j: JudgedWords | undefined) => (j === undefined ? ''
  : `؛ فُحص وفق ${j.pinned ? `مجموعة القواعد ${j.name} (${j.byConfig ? 'ruleSet في ملف الإعدادات' : '--rules'})` : `قواعد ${j.tdd ? 'مستند البيانات الضريبية' : 'الفوترة'} (${j.name}${j.version ? ` ${j.version}` : ''})`}`);

/** A rule set's validity, as the rules-validity note says it. */
export interface Validity { name: string; version?: string | null; from?: string | null; to?: string | null }
const validEn = (v: Validity) => `${v.name}${v.version ? ` ${v.version}` : ''}, valid ${v.from ? `from ${v.from}` : ''}${v.from && v.to ? ' ' : ''}${v.to ? `to ${v.to}` : ''}`;
const validAr = (v: Validity) => `${v.name}${v.version ? ` ${v.version}` : ''}، السارية ${v.from ? `من ${v.from}` : ''}${v.from && v.to ? ' ' : ''}${v.to ? `إلى ${v.to}` : ''}`;
const DATE_NAMES = { issue: ['the issue date', 'تاريخ الإصدار'], invoice: ['the invoice date', 'تاريخ الفاتورة'] } as const;
const FAMILY_AR = { 'PINT-AE': 'PINT-AE', TDD: 'مستند البيانات الضريبية (TDD)' } as const;

/** Why the rules could not be run on a document: a limit reached, their process gone, or the engine's own error. */
export type RulesFailure =
  | { kind: 'time'; seconds: number } | { kind: 'memory'; mb: number; detail?: string }
  | { kind: 'crash'; detail?: string } | { kind: 'error'; text: string };
const failureEn = (f: RulesFailure) => {
  switch (f.kind) {
    case 'time': return `the rules ran longer than the time limit of ${f.seconds} s (--rule-timeout)`;
    case 'memory': return `the rules needed more memory than the limit of ${f.mb} MB (--rule-memory)${f.detail ? `: ${f.detail}` : ''}`;
    case 'crash': return `the process that ran them ended unexpectedly${f.detail ? ` (${f.detail})` : ''}`;
    case 'error': return f.text;
  }
};
const failureAr = (f: RulesFailure) => {
  switch (f.kind) {
    case 'time': return `استغرقت القواعد أكثر من الحد الزمني ${f.seconds} ثانية (--rule-timeout)`;
    case 'memory': return `احتاجت القواعد ذاكرة أكثر من الحد ${f.mb} ميغابايت (--rule-memory)${f.detail ? `: ${f.detail}` : ''}`;
    case 'crash': return `انتهت العملية التي شغّلتها على نحو غير متوقع${f.detail ? ` (${f.detail})` : ''}`;
    case 'error': return ruleSetSentenceAr(f.text);
  }
};

/** What the XML writer was given and cannot write. */
export type Unwritable = { kind: 'character'; code: string } | { kind: 'text'; bytes: number; max: number } | { kind: 'tag'; bytes: number; max: number };
const unwritableEn = (w: Unwritable) => (w.kind === 'character' ? `the character ${w.code}`
  : w.kind === 'text' ? `a text of ${w.bytes} bytes (UTF-8; libxml2 reads at most ${w.max} in one text node)`
    : `a start tag of ${w.bytes} bytes (UTF-8; pintae writes at most ${w.max}, within libxml2's limit)`);
const unwritableAr = (w: Unwritable) => (w.kind === 'character' ? `الحرف ${w.code}`
  : w.kind === 'text' ? `نص طوله ${w.bytes} بايت (UTF-8؛ يقرأ libxml2 في عقدة نصية واحدة ${w.max} بايت على الأكثر)`
    : `وسم بداية طوله ${w.bytes} بايت (UTF-8؛ يكتب pintae منه ${w.max} بايت على الأكثر، ضمن حد libxml2)`);
const oversizeEn = (max: number) => `more than an XML document can carry in one text node (libxml2 reads at most ${max})`;
const oversizeAr = (max: number) => `وهو أكثر مما يحمله مستند XML في عقدة نصية واحدة (يقرأ libxml2 منها ${max} بايت على الأكثر)`;

/** A finding's words said again in `tongue` from its reference, where it has one; else its English as it is. */
const inner = (ref: MessageRef | undefined, message: string, tongue: Tongue) => {
  const text = ref === undefined ? undefined : textOf(ref.id) as Text<Record<string, unknown>> | undefined;
  return text === undefined ? message : text[tongue](ref!.p);
};

const TAX_ID = { seller: ['seller tax identifier', 'المعرّف الضريبي للمورد'], buyer: ['buyer tax identifier', 'المعرّف الضريبي للمشتري'] } as const;
const shown = (v: string | undefined, none: string) => (v === undefined ? none : q(v));
/** The parts of a TDD its schema says once of (src/tdd/source-once.ts, pintae/tdd-cardinality), with their TDD terms. */
export type TddPart = 'reporter' | 'receiver' | 'representative' | 'transport-id' | 'extract' | 'custom-id';
const PART_EN: Record<TddPart, string> = {
  reporter: 'the reporter: tdt-007', receiver: 'the receiver, the FTA\'s service provider: tdt-008', representative: 'the reporter\'s representative: tdt-009',
  'transport-id': 'the transport header ID', extract: 'the extract', 'custom-id': 'the business term identifier, such as BTAE-20',
};
const PART_AR: Record<TddPart, string> = {
  reporter: 'المُبلِّغ: tdt-007', receiver: 'المُستلِم، مزوّد خدمة الهيئة الاتحادية للضرائب: tdt-008', representative: 'ممثل المُبلِّغ: tdt-009',
  'transport-id': 'معرّف ترويسة النقل', extract: 'المستخلص', 'custom-id': 'معرّف مصطلح الأعمال، مثل BTAE-20',
};

export const OWN = {
  // src/check.ts: what the document is (pintae/not-ubl, pintae/not-pint-ae, pintae/not-ae-tdd)
  'check.not-ubl': {
    en: (p: { name: string; ns: string; ubl: ReadonlyArray<readonly [string, string]>; tdd: string; judged?: JudgedWords }) =>
      `not a UBL invoice or credit note, nor a Tax Data Document: the root element is <${p.name}> ${p.ns ? `in the namespace ${p.ns}` : 'in no namespace'} (expected ${[...p.ubl.map(([local, ns]) => `<${local}> in ${ns}`), `a Tax Data Document (<TaxData> in ${p.tdd})`].join(' or ')})${judgedEn(p.judged)}`,
    ar: (p: { name: string; ns: string; ubl: ReadonlyArray<readonly [string, string]>; tdd: string; judged?: JudgedWords }) =>
      `ليس فاتورة UBL ولا إشعاراً دائناً، ولا مستند بيانات ضريبية: العنصر الجذر هو <${p.name}> ${p.ns ? `في نطاق الأسماء ${p.ns}` : 'بلا نطاق أسماء'} (المتوقع ${[...p.ubl.map(([local, ns]) => `<${local}> في ${ns}`), `مستند بيانات ضريبية (<TaxData> في ${p.tdd})`].join(' أو ')})${judgedAr(p.judged)}`,
  },
  'check.no-customization': {
    en: (p: { ids: readonly string[]; judged?: JudgedWords }) => `the document has no cbc:CustomizationID: it does not declare a PINT-AE specification (${or(p.ids)})${judgedEn(p.judged)}`,
    ar: (p: { ids: readonly string[]; judged?: JudgedWords }) => `ليس في المستند cbc:CustomizationID: فهو لا يعلن مواصفة PINT-AE (${orAr(p.ids)})${judgedAr(p.judged)}`,
  },
  'check.not-pint-ae': {
    en: (p: { id: string; ids: readonly string[]; judged?: JudgedWords }) => `cbc:CustomizationID ${q(p.id)} is not a PINT-AE specification (${or(p.ids)})${judgedEn(p.judged)}`,
    ar: (p: { id: string; ids: readonly string[]; judged?: JudgedWords }) => `cbc:CustomizationID ${q(p.id)} ليس مواصفة PINT-AE (${orAr(p.ids)})${judgedAr(p.judged)}`,
  },
  'check.tdd-no-customization': {
    en: (p: { tdd: string; judged?: JudgedWords }) => `the Tax Data Document has no cbc:CustomizationID: it does not declare the AE TDD specification (${p.tdd})${judgedEn(p.judged)}`,
    ar: (p: { tdd: string; judged?: JudgedWords }) => `ليس في مستند البيانات الضريبية cbc:CustomizationID: فهو لا يعلن مواصفة مستند البيانات الضريبية الإماراتية (${p.tdd})${judgedAr(p.judged)}`,
  },
  'check.not-ae-tdd': {
    en: (p: { id: string; tdd: string; judged?: JudgedWords }) => `cbc:CustomizationID ${q(p.id)} is not the AE TDD specification (${p.tdd})${judgedEn(p.judged)}`,
    ar: (p: { id: string; tdd: string; judged?: JudgedWords }) => `cbc:CustomizationID ${q(p.id)} ليس مواصفة مستند البيانات الضريبية الإماراتية (${p.tdd})${judgedAr(p.judged)}`,
  },
  // libxml2's message stays as libxml2 wrote it.
  'check.xsd': {
    en: (p: { message: string }) => `UBL 2.1 schema: ${p.message}`,
    ar: (p: { message: string }) => `مخطط UBL 2.1: ${p.message}`,
  },
  // src/schematron/choice.ts (pintae/rules-validity)
  'rules.before-validity': {
    en: (p: { date: string; dateName: 'issue' | 'invoice'; family: 'PINT-AE' | 'TDD'; customization?: string | null; set: Validity }) =>
      `${DATE_NAMES[p.dateName][0]} ${p.date} is before the validity of every ${p.family} rule set for ${p.customization ?? 'this document'}: judged by ${validEn(p.set)}, the earliest instead`,
    ar: (p: { date: string; dateName: 'issue' | 'invoice'; family: 'PINT-AE' | 'TDD'; customization?: string | null; set: Validity }) =>
      `${DATE_NAMES[p.dateName][1]} ${p.date} يسبق مدة سريان كل مجموعات قواعد ${FAMILY_AR[p.family]} لـ ${p.customization ?? 'هذا المستند'}: فُحص بدلاً من ذلك وفق أقدمها، ${validAr(p.set)}`,
  },
  'rules.after-validity': {
    en: (p: { date: string; dateName: 'issue' | 'invoice'; family: 'PINT-AE' | 'TDD'; customization?: string | null; set: Validity }) =>
      `${DATE_NAMES[p.dateName][0]} ${p.date} is in no ${p.family} rule set's validity for ${p.customization ?? 'this document'}: judged by ${validEn(p.set)}, the newest one valid before it, instead`,
    ar: (p: { date: string; dateName: 'issue' | 'invoice'; family: 'PINT-AE' | 'TDD'; customization?: string | null; set: Validity }) =>
      `${DATE_NAMES[p.dateName][1]} ${p.date} لا يقع في مدة سريان أي مجموعة قواعد ${FAMILY_AR[p.family]} لـ ${p.customization ?? 'هذا المستند'}: فُحص بدلاً من ذلك وفق أحدث مجموعة سارية قبله، ${validAr(p.set)}`,
  },
  // src/check.ts (pintae/rules-pinned): a pinned set written for another specification than the document's.
  'rules.pinned-other': {
    en: (p: { set: string; written: string; declared: string }) =>
      `judged by ${p.set}, the rule set pinned for every document (--rules, or ruleSet in a config file), which is written for ${p.written}; this document declares ${p.declared}, and the rules written for it were not run`,
    ar: (p: { set: string; written: string; declared: string }) =>
      `فُحص وفق ${p.set}، مجموعة القواعد المثبّتة لكل مستند (--rules، أو ruleSet في ملف الإعدادات)، وهي مكتوبة لـ ${p.written}؛ وهذا المستند يصرّح بـ ${p.declared}، ولم تُشغَّل القواعد المكتوبة له`,
  },
  // src/schematron/rulesets.ts (pintae/rules-failed); an engine's own error is passed on as it is.
  'rules.failed': {
    en: (p: { set: string; layer: string; why: RulesFailure }) => `The PINT-AE rules (${p.set}, ${p.layer}) could not be run on this document: ${failureEn(p.why)}`,
    ar: (p: { set: string; layer: string; why: RulesFailure }) => `تعذّر تشغيل قواعد PINT-AE (${p.set}، ${p.layer}) على هذا المستند: ${failureAr(p.why)}`,
  },
  // src/schematron/limits.ts: --rule-timeout, --rule-memory
  'rules.limit-range': {
    en: (p: { flag: string; value: string; min: number; max: number }) => `${p.flag} ${p.value}: a number from ${p.min} to ${p.max}`,
    ar: (p: { flag: string; value: string; min: number; max: number }) => `${p.flag} ${p.value}: يجب أن يكون رقماً من ${p.min} إلى ${p.max}`,
  },
  // src/pipeline.ts
  'request.too-deep': {
    en: (p: { top: string | undefined; max: number }) => `${p.top === undefined ? 'The invoice body' : p.top} is nested more than ${p.max} levels deep: pintae reads a request body up to ${p.max} levels of objects and arrays (an invoice needs 3)`,
    ar: (p: { top: string | undefined; max: number }) => `${p.top === undefined ? 'متن الفاتورة' : p.top} متداخل لأكثر من ${p.max} مستوى: يقرأ pintae متن الطلب حتى ${p.max} مستوى من الكائنات والقوائم (تحتاج الفاتورة 3)`,
  },
  // The 400 rejection of spec 4.2: `sent` is the value as JSON.
  'request.registration-type': {
    en: (p: { field: string; sent: string }) => `${p.field} ${p.sent} is not one of TL, EID, PAS, CD`,
    ar: (p: { field: string; sent: string }) => `${p.field} ${p.sent} ليس أحد TL, EID, PAS, CD (الرخصة التجارية، الهوية الإماراتية، جواز السفر، قرار مجلس الوزراء)`,
  },
  // src/schema/check.ts and src/judge.ts: text no XML document can carry
  'xml.character': {
    en: (p: { field: string; code: string }) => `${p.field} contains the character ${p.code}, which an XML document cannot carry`,
    ar: (p: { field: string; code: string }) => `${p.field} يحوي الحرف ${p.code}، وهو حرف لا يحمله مستند XML`,
  },
  'xml.oversize': {
    en: (p: { field: string; bytes: number; max: number }) => `${p.field} is ${p.bytes} bytes long (UTF-8), ${oversizeEn(p.max)}: shorten it`,
    ar: (p: { field: string; bytes: number; max: number }) => `طول ${p.field} هو ${p.bytes} بايت (UTF-8)، ${oversizeAr(p.max)}: اختصره`,
  },
  'xml.entity-character': {
    en: (p: { entity: string; name: string; code: string }) => `The record of entity ${q(p.entity)} holds the character ${p.code} in ${p.name}, which an XML document cannot carry: correct the entity record`,
    ar: (p: { entity: string; name: string; code: string }) => `سجل الكيان ${q(p.entity)} يحوي في ${p.name} الحرف ${p.code}، وهو حرف لا يحمله مستند XML: صحّح سجل الكيان`,
  },
  'xml.entity-oversize': {
    en: (p: { entity: string; name: string; bytes: number; max: number }) => `The record of entity ${q(p.entity)} holds ${p.bytes} bytes (UTF-8) in ${p.name}, ${oversizeEn(p.max)}: correct the entity record`,
    ar: (p: { entity: string; name: string; bytes: number; max: number }) => `سجل الكيان ${q(p.entity)} يحوي ${p.bytes} بايت (UTF-8) في ${p.name}، ${oversizeAr(p.max)}: صحّح سجل الكيان`,
  },
  'xml.unwritable': {
    en: (p: { location: string; what: Unwritable }) => `${p.location}: ${unwritableEn(p.what)} cannot be written in XML`,
    ar: (p: { location: string; what: Unwritable }) => `${p.location}: لا يمكن كتابة ${unwritableAr(p.what)} في XML`,
  },
  'xml.not-written': {
    en: (p: { location: string; what: Unwritable }) => `${p.location}: ${unwritableEn(p.what)} cannot be written in XML: no document was written`,
    ar: (p: { location: string; what: Unwritable }) => `${p.location}: لا يمكن كتابة ${unwritableAr(p.what)} في XML: لم يُكتب أي مستند`,
  },
  // src/tdd/cross-check.ts, src/tdd/source-once.ts (pintae/tdd-*)
  'tdd.extract-differs': {
    en: (p: { name: string; given?: string; source?: string }) => `the extract's ${p.name in TAX_ID ? TAX_ID[p.name as keyof typeof TAX_ID][0] : p.name} is ${shown(p.given, 'none')}, the source document's ${shown(p.source, 'none')}`,
    ar: (p: { name: string; given?: string; source?: string }) => `${p.name in TAX_ID ? TAX_ID[p.name as keyof typeof TAX_ID][1] : p.name} في المستخلص ${shown(p.given, 'لا شيء')}، وفي المستند المصدر ${shown(p.source, 'لا شيء')}`,
  },
  'tdd.tax-total-missing': {
    en: (p: { currency: string; source: string }) => `the extract has no tax total in ${p.currency}; the source document's is ${p.source}`,
    ar: (p: { currency: string; source: string }) => `ليس في المستخلص إجمالي ضريبة بعملة ${p.currency}؛ وإجمالي المستند المصدر ${p.source}`,
  },
  'tdd.tax-total-differs': {
    en: (p: { currency: string; given: string; source: string }) => `the extract's tax total in ${p.currency} is ${p.given}, the source document's ${p.source}`,
    ar: (p: { currency: string; given: string; source: string }) => `إجمالي الضريبة بعملة ${p.currency} في المستخلص ${p.given}، وفي المستند المصدر ${p.source}`,
  },
  'tdd.tax-total-extra': {
    en: (p: { currency: string; given: string }) => `the extract has a tax total in ${p.currency || 'no currency'} (${p.given}); the source document has none in that currency`,
    ar: (p: { currency: string; given: string }) => `في المستخلص إجمالي ضريبة ${p.currency ? `بعملة ${p.currency}` : 'بلا عملة'} (${p.given})؛ وليس في المستند المصدر إجمالي بتلك العملة`,
  },
  // A total in a currency the source neither writes in nor declares as its tax currency: the source may hold one all
  // the same (PINT-AE does not forbid it), so "it has none" would not be true; the extract reports only those two.
  'tdd.tax-total-undeclared': {
    en: (p: { currency: string; given: string; currencies: string }) => `the extract has a tax total in ${p.currency || 'no currency'} (${p.given}); it reports the source document's tax totals in the document and tax currencies only (${p.currencies})`,
    ar: (p: { currency: string; given: string; currencies: string }) => `في المستخلص إجمالي ضريبة ${p.currency ? `بعملة ${p.currency}` : 'بلا عملة'} (${p.given})؛ والمستخلص لا يبلّغ إلا عن إجماليات ضريبة المستند المصدر بعملة المستند وعملة الضريبة (${p.currencies.replace(/, /g, '، ')})`,
  },
  // The source's TaxCurrencyCode equals its document currency: no second currency, left out of the extract (ibr-tdd-31).
  'tdd.tax-currency-same': {
    en: (p: { given: string }) => `the extract's TaxCurrencyCode is ${p.given}, the source document's currency: a tax currency equal to the document currency is left out of the extract (ibr-tdd-31)`,
    ar: (p: { given: string }) => `TaxCurrencyCode في المستخلص ${p.given}، وهي عملة المستند المصدر: عملة الضريبة المساوية لعملة المستند تُحذف من المستخلص (ibr-tdd-31)`,
  },
  'tdd.tax-exclusive-differs': {
    en: (p: { currency: string; given: string; sourceCurrency: string; source: string }) => `the extract's tax-exclusive amount is ${p.currency} ${p.given}, the source document's ${p.sourceCurrency} ${p.source}`,
    ar: (p: { currency: string; given: string; sourceCurrency: string; source: string }) => `الإجمالي غير شامل الضريبة في المستخلص ${p.currency} ${p.given}، وفي المستند المصدر ${p.sourceCurrency} ${p.source}`,
  },
  'tdd.tax-exclusive-extra': {
    en: () => 'the extract has a tax-exclusive amount the source document does not state',
    ar: () => 'في المستخلص إجمالي غير شامل الضريبة لا يذكره المستند المصدر',
  },
  'tdd.tax-exclusive-missing': {
    en: (p: { currency: string; source: string }) => `the extract has no tax-exclusive amount; the source document's is ${p.currency} ${p.source}`,
    ar: (p: { currency: string; source: string }) => `ليس في المستخلص إجمالي غير شامل الضريبة؛ وإجمالي المستند المصدر ${p.currency} ${p.source}`,
  },
  'tdd.aed-total': {
    en: (p: { given: string; source: string }) => `BTAE-20 (the total with VAT in AED) is ${p.given}, the source document's ${p.source}`,
    ar: (p: { given: string; source: string }) => `BTAE-20 (الإجمالي شاملاً ضريبة القيمة المضافة بالدرهم) قيمته ${p.given}، وفي المستند المصدر ${p.source}`,
  },
  'tdd.reporter': {
    en: (p: { given: string; party: 'seller' | 'buyer'; expected?: string; role: string }) => `the reporter ${p.given} is not the ${p.party} (the source document's ${p.party} endpoint is ${p.expected ?? 'none'}), as reporter role ${p.role} says it is`,
    ar: (p: { given: string; party: 'seller' | 'buyer'; expected?: string; role: string }) => `المُبلِّغ ${p.given} ليس ${p.party === 'seller' ? 'المورد' : 'المشتري'} (نقطة استلام ${p.party === 'seller' ? 'المورد' : 'المشتري'} في المستند المصدر ${p.expected ?? 'لا شيء'})، خلافاً لما يقوله دور المُبلِّغ ${p.role}`,
  },
  'tdd.aed-unread': {
    en: (p: { description: string }) => `the aedtotal-incl-vat reference's description is ${q(p.description)}, not "AED <amount>" (as AED 913621.44): BTAE-20, the total with VAT in AED, is left out of the TDD`,
    ar: (p: { description: string }) => `وصف المرجع aedtotal-incl-vat هو ${q(p.description)}، لا "AED <amount>" (مثل AED 913621.44): BTAE-20 (الإجمالي شاملاً ضريبة القيمة المضافة بالدرهم) متروك خارج مستند البيانات الضريبية`,
  },
  'tdd.source-empty': {
    en: (p: { root: string }) => `the source document <${p.root}> is empty: the extract cannot be compared with the invoice it reports`,
    ar: (p: { root: string }) => `المستند المصدر <${p.root}> فارغ: لا يمكن مقارنة المستخلص بالفاتورة التي يبلّغ عنها`,
  },
  'tdd.attachment': {
    en: () => 'the source document carries an attachment (cbc:EmbeddedDocumentBinaryObject): a TDD carries the invoice without its attachments',
    ar: () => 'المستند المصدر يحمل مرفقاً (cbc:EmbeddedDocumentBinaryObject): مستند البيانات الضريبية يحمل الفاتورة بلا مرفقاتها',
  },
  // The reader's message stays as the reader wrote it.
  'tdd.source-unreadable': {
    en: (p: { reason: string }) => `the source document cannot be read on its own: ${p.reason}`,
    ar: (p: { reason: string }) => `لا يمكن قراءة المستند المصدر وحده: ${p.reason}`,
  },
  // A finding of the source document, said in the TDD: its own words, from its reference where it has one.
  'tdd.source-finding': {
    en: (p: { message: string; said?: MessageRef }) => `the source document: ${inner(p.said, p.message, 'en')}`,
    ar: (p: { message: string; said?: MessageRef }) => `المستند المصدر: ${inner(p.said, p.message, 'ar')}`,
  },
  'tdd.sources-many': {
    en: (p: { n: number }) => `pxs:ReportedTransaction holds ${p.n} pxs:SourceDocument elements; the TDD schema allows one, the invoice the TDD reports`,
    ar: (p: { n: number }) => `يحوي pxs:ReportedTransaction عناصر pxs:SourceDocument عددها ${p.n}؛ ومخطط مستند البيانات الضريبية يسمح بواحد، هو الفاتورة التي يبلّغ عنها`,
  },
  'tdd.contents-many': {
    en: (p: { n: number }) => `pxs:SourceDocument holds ${p.n} cec:ExtensionContent elements; its schema allows one`,
    ar: (p: { n: number }) => `يحوي pxs:SourceDocument عناصر cec:ExtensionContent عددها ${p.n}؛ ومخططه يسمح بواحد`,
  },
  'tdd.content-many': {
    en: (p: { n: number; held: readonly string[] }) => `cec:ExtensionContent holds ${p.n} elements (${p.held.join(', ')}); its schema allows exactly one, the invoice the TDD reports (pintae judges the first alone)`,
    ar: (p: { n: number; held: readonly string[] }) => `يحوي cec:ExtensionContent عناصر عددها ${p.n} (${p.held.join(', ')})؛ ومخططه يسمح بواحد بالضبط، هو الفاتورة التي يبلّغ عنها المستند (يفحص pintae الأول وحده)`,
  },
  'tdd.content-none': {
    en: () => 'cec:ExtensionContent holds no element; its schema asks for exactly one, the invoice the TDD reports',
    ar: () => 'لا يحوي cec:ExtensionContent أي عنصر؛ ومخططه يطلب واحداً بالضبط، هو الفاتورة التي يبلّغ عنها المستند',
  },
  'tdd.content-text': {
    en: () => 'cec:ExtensionContent holds text beside its element; its schema allows only the one element, the invoice the TDD reports',
    ar: () => 'يحوي cec:ExtensionContent نصاً بجانب عنصره؛ ومخططه لا يسمح إلا بالعنصر الواحد، هو الفاتورة التي يبلّغ عنها المستند',
  },
  'tdd.part-none': {
    en: (p: { parent: string; name: string; part: TddPart }) => `${p.parent} has no ${p.name} (${PART_EN[p.part]}); the TDD schema requires exactly one, and the official TDD rules judge it only where it is`,
    ar: (p: { parent: string; name: string; part: TddPart }) => `لا يحوي ${p.parent} العنصر ${p.name} (${PART_AR[p.part]})؛ ومخطط مستند البيانات الضريبية يطلب واحداً بالضبط، والقواعد الرسمية لا تفحصه إلا حيث يوجد`,
  },
  'tdd.part-many': {
    en: (p: { parent: string; name: string; n: number; part: TddPart }) => `${p.parent} holds ${p.n} ${p.name} elements (${PART_EN[p.part]}); the TDD schema allows one (pintae ${p.part === 'extract' ? 'compares the first with the source document' : 'reads the first'})`,
    ar: (p: { parent: string; name: string; n: number; part: TddPart }) => `يحوي ${p.parent} عناصر ${p.name} عددها ${p.n} (${PART_AR[p.part]})؛ ومخطط مستند البيانات الضريبية يسمح بواحد (${p.part === 'extract' ? 'يقارن pintae الأول بالمستند المصدر' : 'يقرأ pintae الأول'})`,
  },
  // src/tdd/run.ts
  // pintae tdd given an XML document that is no UBL invoice or credit note: check's finding names a TDD as expected
  // too, and the refusal's advice (--type F) cannot help: no type of TDD carries such a document (ibr-tdd-57).
  'tdd.not-ubl': {
    en: (p: { name: string; ns: string | null }) => `not a UBL invoice or credit note: the root element is <${p.name}> ${p.ns ? `in the namespace ${p.ns}` : 'in no namespace'}; pintae tdd reports PINT-AE invoices and credit notes, and no type of TDD (--type F neither) carries anything else`,
    ar: (p: { name: string; ns: string | null }) => `ليس فاتورة UBL ولا إشعاراً دائناً: العنصر الجذر <${p.name}> ${p.ns ? `في مساحة الأسماء ${p.ns}` : 'بلا مساحة أسماء'}؛ الأمر pintae tdd يبلّغ عن فواتير PINT-AE وإشعاراتها الدائنة، ولا يحمل أي نوع من مستندات البيانات الضريبية (ولا --type F) غيرها`,
  },
  'tdd.is-tdd': {
    en: () => 'this is a Tax Data Document, not an invoice or credit note: pintae tdd reports invoices; pintae check validates a TDD',
    ar: () => 'هذا مستند بيانات ضريبية، لا فاتورة ولا إشعار دائن: الأمر pintae tdd يبلّغ عن الفواتير، والأمر pintae check يتحقق من مستند البيانات الضريبية',
  },
  'tdd.nothing-built': {
    en: () => 'no document could be built of this invoice',
    ar: () => 'تعذّر بناء أي مستند من هذه الفاتورة',
  },
} as const satisfies Record<string, Text<never>>;

export type OwnId = keyof typeof OWN;
type ParamsOf<K extends OwnId> = Parameters<(typeof OWN)[K]['en']>[0];

/** The words of one of pintae's own findings: its English, and the reference a report says in its language. */
export function own<K extends OwnId>(id: K, ...p: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]): Worded {
  return wordsOf(id, OWN[id] as unknown as Text<object>, (p[0] ?? {}) as object);
}

registerCatalogue((id) => (Object.hasOwn(OWN, id) ? OWN[id as OwnId] as unknown as Text<never> : undefined));
