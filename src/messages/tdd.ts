import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';

/**
 * What the TDD builder says about its options and the source document it cannot report (src/tdd/options.ts,
 * src/tdd/build.ts), by id, in English and Arabic. Option names, element names, business-term ids, codes and
 * examples stay as written; the Arabic follows docs/glossary.md (مستند البيانات الضريبية, المُبلِّغ, نقطة الاستلام,
 * معرّف ترويسة النقل).
 */
const q = (v: unknown) => JSON.stringify(v);

/** What a source document lacks that its TDD's extract reports (src/tdd/build.ts `missingFromExtract`). */
export type Lack =
  | { kind: 'element'; element: string; term: string }
  | { kind: 'type-code' } | { kind: 'seller-tax-id' } | { kind: 'seller-scheme' } | { kind: 'tax-exclusive' }
  | { kind: 'currency-code'; term: string; value: string }
  | { kind: 'tax-amount'; currency: string; term: string };

const lackEn = (l: Lack): string => {
  switch (l.kind) {
    case 'element': return `${l.element} (${l.term})`;
    case 'type-code': return 'the type code (IBT-003)';
    case 'seller-tax-id': return 'the seller\'s cac:PartyTaxScheme/cbc:CompanyID (IBT-031)';
    case 'seller-scheme': return 'the seller\'s tax scheme code, cac:TaxScheme/cbc:ID (IBT-031-1)';
    case 'tax-exclusive': return 'cbc:TaxExclusiveAmount in the document currency (IBT-109)';
    case 'currency-code': return `a currency code of ISO 4217 for ${l.term} (not ${q(l.value)})`;
    case 'tax-amount': return `cbc:TaxAmount in ${l.currency} (${l.term})`;
  }
};
const lackAr = (l: Lack): string => {
  switch (l.kind) {
    case 'element': return `${l.element} (${l.term})`;
    case 'type-code': return 'رمز النوع (IBT-003)';
    case 'seller-tax-id': return 'cac:PartyTaxScheme/cbc:CompanyID للمورد (IBT-031)';
    case 'seller-scheme': return 'رمز النظام الضريبي للمورد، cac:TaxScheme/cbc:ID (IBT-031-1)';
    case 'tax-exclusive': return 'cbc:TaxExclusiveAmount بعملة المستند (IBT-109)';
    case 'currency-code': return `رمز عملة من ISO 4217 لـ ${l.term} (لا ${q(l.value)})`;
    case 'tax-amount': return `cbc:TaxAmount بالعملة ${l.currency} (${l.term})`;
  }
};
const PARTY_AR = { seller: 'للمورد', buyer: 'للمشتري' } as const;

export const TDD_MESSAGES = {
  'tdd.option.participant': {
    en: (p: { option: string; value: string; scheme: string }) => `${p.option} ${q(p.value)}: give a Peppol participant as <scheme>:<id>, the scheme four digits (${p.scheme}:…)`,
    ar: (p: { option: string; value: string; scheme: string }) => `${p.option} ${q(p.value)}: حدّد مشاركاً في Peppol بالصيغة <scheme>:<id>، والمخطط أربعة أرقام (${p.scheme}:…)`,
  },
  'tdd.option.scheme': {
    en: (p: { option: string; value: string; only: string; got: string }) => `${p.option} ${p.value}: the scheme must be ${p.only} (an SPIS identifier), not ${p.got}`,
    ar: (p: { option: string; value: string; only: string; got: string }) => `${p.option} ${p.value}: يجب أن يكون المخطط ${p.only} (معرّف SPIS)، لا ${p.got}`,
  },
  'tdd.option.unwritable': {
    en: (p: { option: string; code: string }) => `${p.option}: the character ${p.code} cannot be written in XML`,
    ar: (p: { option: string; code: string }) => `${p.option}: لا يمكن كتابة المحرف ${p.code} في XML`,
  },
  'tdd.option.issued': {
    en: (p: { value: string }) => `--issued ${p.value}: give a date-time with its time zone, as 2025-02-06T08:00:00+04:00 or 2025-02-06T04:00:00Z`,
    ar: (p: { value: string }) => `--issued ${p.value}: حدّد تاريخاً ووقتاً مع المنطقة الزمنية، مثل 2025-02-06T08:00:00+04:00 أو 2025-02-06T04:00:00Z`,
  },
  'tdd.option.choose': {
    en: (p: { option: string; value: string; allowed: readonly string[] }) => `${p.option} ${p.value}: choose ${p.allowed.join(', ')}`,
    ar: (p: { option: string; value: string; allowed: readonly string[] }) => `${p.option} ${p.value}: اختر ${p.allowed.join(', ')}`,
  },
  'tdd.option.transport-id': {
    en: (p: { option?: string }) => `${p.option ?? '--transport-id'}: give the transport header id of the invoice's or credit note's Peppol message`,
    ar: (p: { option?: string }) => `${p.option ?? '--transport-id'}: حدّد معرّف ترويسة النقل لرسالة Peppol الخاصة بالفاتورة أو الإشعار الدائن`,
  },
  'tdd.source.not-ubl': {
    en: (_: Record<string, never>) => 'the source document is not a UBL 2.1 Invoice or CreditNote (ibr-tdd-57)',
    ar: (_: Record<string, never>) => 'المستند المصدر ليس Invoice ولا CreditNote وفق UBL 2.1 (ibr-tdd-57)',
  },
  'tdd.source.lacks': {
    en: (p: { missing: readonly Lack[] }) => `the source document lacks what the TDD reports: ${p.missing.map(lackEn).join('; ')}`,
    ar: (p: { missing: readonly Lack[] }) => `ينقص المستند المصدر ما يبلّغ عنه مستند البيانات الضريبية: ${p.missing.map(lackAr).join('؛ ')}`,
  },
  'tdd.source.no-endpoint': {
    en: (p: { party: 'seller' | 'buyer' }) => `the document has no ${p.party} endpoint (cbc:EndpointID) to report as: give --reporter <scheme:id>`,
    ar: (p: { party: 'seller' | 'buyer' }) => `لا نقطة استلام (cbc:EndpointID) ${PARTY_AR[p.party]} في المستند ليُبلَّغ بها: حدّد --reporter <scheme:id>`,
  },
  'tdd.source.endpoint-scheme': {
    en: (p: { party: 'seller' | 'buyer'; endpoint: string }) => `the ${p.party}'s endpoint ${q(p.endpoint)} (cbc:EndpointID) is not a Peppol participant identifier to report as (its scheme, schemeID, must be four digits: ibr-tdd-13): give --reporter <scheme:id>`,
    ar: (p: { party: 'seller' | 'buyer'; endpoint: string }) => `نقطة الاستلام ${q(p.endpoint)} (cbc:EndpointID) ${PARTY_AR[p.party]} ليست معرّف مشارك في Peppol يُبلَّغ به (يجب أن يكون المخطط، schemeID، أربعة أرقام: ibr-tdd-13): حدّد --reporter <scheme:id>`,
  },
} as const satisfies Record<string, Text<never>>;

export type TddMessageId = keyof typeof TDD_MESSAGES;

/** The English words of an id and its entry: what a TddOptionError or TddSourceError carries. */
export function tddWords<K extends TddMessageId>(id: K, params: Parameters<(typeof TDD_MESSAGES)[K]['en']>[0]): Worded {
  return wordsOf(id, TDD_MESSAGES[id] as unknown as Text<typeof params>, params);
}

registerCatalogue((id) => (Object.hasOwn(TDD_MESSAGES, id) ? TDD_MESSAGES[id as TddMessageId] as unknown as Text<never> : undefined));
