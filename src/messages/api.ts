import type { Text } from './lang.js';
import { shellWord } from './shell.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';
import { errorOf } from './usage.js';

/**
 * What pintae's client of the live API says (issue 26): its settings (base URL, token), and each invoice's line of
 * push and bulk that is pintae's own (the ledger's verdicts, what was not sent and why). The service's own words in
 * an answer are quoted as the service wrote them, never translated. English and Arabic, by id.
 */
type Where = { where: string };
type Item = { number: string; entity: string };

export const API = {
  'api.url.invalid': {
    en: (p: Where & { raw: string }) => `${p.where}: ${JSON.stringify(p.raw)} is not a URL (e.g. https://api.example.com)`,
    ar: (p: Where & { raw: string }) => `${p.where}: ${JSON.stringify(p.raw)} ليس عنوان URL (مثل https://api.example.com)`,
  },
  'api.url.scheme': {
    en: (p: Where) => `${p.where}: the base URL must use http or https`,
    ar: (p: Where) => `${p.where}: يجب أن يستعمل عنوان URL الأساسي http أو https`,
  },
  'api.url.credentials': {
    en: (p: Where) => `${p.where}: the base URL must not carry credentials; use PINTAE_TOKEN`,
    ar: (p: Where) => `${p.where}: يجب ألا يحمل عنوان URL الأساسي بيانات اعتماد؛ استعمل PINTAE_TOKEN`,
  },
  'api.url.query': {
    en: (p: Where) => `${p.where}: the base URL must not carry a query or fragment (credentials belong in PINTAE_TOKEN)`,
    ar: (p: Where) => `${p.where}: يجب ألا يحمل عنوان URL الأساسي استعلاماً أو جزءاً (#) (مكان بيانات الاعتماد PINTAE_TOKEN)`,
  },
  'api.url.none': {
    en: (_: Record<string, never>) => 'no API base URL: give --base-url or set PINTAE_BASE_URL (or "baseUrl" in a config file named with --config)',
    ar: (_: Record<string, never>) => 'لا يوجد عنوان URL أساسي للواجهة البرمجية: حدّد --base-url أو اضبط PINTAE_BASE_URL (أو "baseUrl" في ملف إعدادات تسمّيه بـ --config)',
  },
  // A baseUrl in a config file found upward (a checkout's): the token is never sent where a project file points.
  'api.url.project-config': {
    en: (p: { file: string; url: string }) => `${p.file} names the base URL ${p.url}, but pintae sends your token only to an address you name yourself: a config file found in a checkout may come from anyone, and its baseUrl would send your token there. If ${p.url} is your service's address, name it: --base-url ${shellWord(p.url)}, PINTAE_BASE_URL, or --config ${shellWord(p.file)}`,
    ar: (p: { file: string; url: string }) => `يسمّي ${p.file} عنوان URL الأساسي ${p.url}، لكن pintae لا يرسل رمز الوصول إلا إلى عنوان تسمّيه أنت: فملف الإعدادات الموجود في نسخة مشروع قد يأتي من أي أحد، و"baseUrl" فيه يرسل رمزك إلى حيث يشاء. إن كان ${p.url} عنوان خدمتك فسمِّه: --base-url ${shellWord(p.url)}، أو PINTAE_BASE_URL، أو --config ${shellWord(p.file)}`,
  },
  'api.token.none': {
    en: (_: Record<string, never>) => 'no access token: set PINTAE_TOKEN, or PINTAE_TOKEN_FILE to a file holding it (never given as an argument)',
    ar: (_: Record<string, never>) => 'لا يوجد رمز وصول: اضبط PINTAE_TOKEN، أو PINTAE_TOKEN_FILE على ملف يحويه (لا يُعطى أبداً وسيطاً في سطر الأوامر)',
  },
  'api.token.unusable': {
    en: (p: Where) => `${p.where}: not a usable bearer token (empty, too short or containing spaces)`,
    ar: (p: Where) => `${p.where}: ليس رمز وصول (bearer) صالحاً للاستعمال (فارغ أو قصير جداً أو يحوي مسافات)`,
  },
  'api.token.not-ascii': {
    en: (p: Where) => `${p.where}: not a usable bearer token (it holds a character other than printable ASCII, which an HTTP header cannot carry; the token is not shown)`,
    ar: (p: Where) => `${p.where}: ليس رمز وصول (bearer) صالحاً للاستعمال (يحوي محرفاً غير محارف ASCII القابلة للطباعة، ولا تحمله ترويسة HTTP؛ لا يُعرض الرمز)`,
  },
  'api.number.ms': {
    en: (p: { name: string; raw: string }) => `${p.name} ${p.raw}: give a positive number of milliseconds`,
    ar: (p: { name: string; raw: string }) => `${p.name} ${p.raw}: حدّد عدداً موجباً من أجزاء الثانية (milliseconds)`,
  },
  'api.number.bytes': {
    en: (p: { name: string; raw: string }) => `${p.name} ${p.raw}: give a positive whole number of bytes (default 67108864, 64 MiB)`,
    ar: (p: { name: string; raw: string }) => `${p.name} ${p.raw}: حدّد عدداً صحيحاً موجباً من البايتات (الافتراضي 67108864، أي 64 MiB)`,
  },
  'api.answer.item-status': {
    en: (p: { path: string; status: number; given?: string }) => `POST ${p.path}: the answer (HTTP ${p.status}) gives this invoice no HTTP status (status_code ${p.given ?? 'missing'}): it may have been stored; a rerun sends it again and the service's 409 tells`,
    ar: (p: { path: string; status: number; given?: string }) => `POST ${p.path}: لا يعطي الرد (HTTP ${p.status}) هذه الفاتورة رمز حالة HTTP (status_code ${p.given ?? 'مفقود'}): ربما خُزّنت؛ إعادة التشغيل ترسلها مرة أخرى ورد 409 من الخدمة يبيّن ذلك`,
  },
  'api.answer.count': {
    en: (p: { results: number | undefined; invoices: number }) =>
      `the 207 answer holds ${p.results ?? 'no'} result${p.results === 1 ? '' : 's'} for ${p.invoices} invoice${p.invoices === 1 ? '' : 's'}`,
    ar: (p: { results: number | undefined; invoices: number }) =>
      `يحمل الرد 207 نتائج عددها ${p.results ?? 0} لفواتير عددها ${p.invoices}`,
  },
  'api.answer.order': {
    en: (p: { i: number; got: string; sent: string }) => `result ${p.i} is for invoice_number ${p.got}, sent ${p.sent}`,
    ar: (p: { i: number; got: string; sent: string }) => `النتيجة ${p.i} تخص invoice_number ${p.got}، والمرسَل ${p.sent}`,
  },
  'api.submit.changed': {
    en: (p: Item & { time: string; id: string | undefined }) => `invoice_number ${p.number} of entity ${p.entity} was accepted on ${p.time}`
      + `${p.id ? ` as ${p.id}` : ''} with different content; the service keeps the first:`
      + ' a corrected invoice needs a new invoice_number (--force sends it anyway; the service will answer 409)',
    ar: (p: Item & { time: string; id: string | undefined }) => `قُبل invoice_number ${p.number} للكيان ${p.entity} في ${p.time}`
      + `${p.id ? ` باسم ${p.id}` : ''} بمحتوى مختلف؛ تحتفظ الخدمة بالأول:`
      + ' الفاتورة المصحّحة تحتاج invoice_number جديداً (يرسلها --force مع ذلك؛ وسترد الخدمة 409)',
  },
  'api.submit.skipped': {
    en: (p: { time: string }) => `accepted on ${p.time} (ledger)`,
    ar: (p: { time: string }) => `قُبلت في ${p.time} (سجل الإرسال)`,
  },
  'api.submit.no-id': {
    en: (p: { http: number }) => `the answer (HTTP ${p.http}) gives no invoice_id (spec 4.1: the service returns one), so this invoice's status cannot be followed here`,
    ar: (p: { http: number }) => `لا يعطي الرد (HTTP ${p.http}) أي invoice_id (المواصفة 4.1: تعيده الخدمة)، فلا يمكن متابعة حالة هذه الفاتورة هنا`,
  },
  'api.submit.recovered': {
    en: (_: Record<string, never>) => 'accepted earlier: an earlier send whose answer was lost had arrived (409 on the resend)',
    ar: (_: Record<string, never>) => 'قُبلت من قبل: وصل إرسال سابق ضاع رده (409 عند إعادة الإرسال)',
  },
  'api.submit.exists': {
    en: (p: Item & { id: string | null | undefined; changed: boolean }) =>
      `already submitted${p.id ? ` as ${p.id}` : ''}: invoice_number ${p.number} was already used for entity ${p.entity}${p.changed ? ' (an earlier send of different content under this invoice_number was never confirmed)' : ''}`,
    ar: (p: Item & { id: string | null | undefined; changed: boolean }) =>
      `مقدَّمة من قبل${p.id ? ` باسم ${p.id}` : ''}: استُعمل invoice_number ${p.number} من قبل للكيان ${p.entity}${p.changed ? ' (لم يتأكد قط إرسال سابق لمحتوى مختلف بهذا invoice_number)' : ''}`,
  },
  'api.submit.too-deep': {
    en: (p: { reason: string }) => `not sent: ${p.reason}`,
    ar: (p: { reason: string }) => `لم تُرسل: ${p.reason}`,
  },
  'api.submit.invalid': {
    en: (p: { errors: number }) => `not sent: the offline validation finds ${p.errors} error${p.errors === 1 ? '' : 's'} (--no-validate sends anyway)`,
    ar: (p: { errors: number }) => `لم تُرسل: وجد التحقق دون اتصال أخطاءً عددها ${p.errors} (يرسلها --no-validate مع ذلك)`,
  },
  'api.submit.no-ids': {
    en: (_: Record<string, never>) => 'not sent: an invoice needs a JSON object with entity_id and invoice_number strings',
    ar: (_: Record<string, never>) => 'لم تُرسل: الفاتورة تحتاج كائن JSON فيه entity_id وinvoice_number نصّين',
  },
  'api.submit.duplicate': {
    en: (p: Item & { earlier: string }) => `not sent: ${p.earlier} already holds invoice_number ${p.number} for entity ${p.entity} in this run`,
    ar: (p: Item & { earlier: string }) => `لم تُرسل: يحمل ${p.earlier} في هذا التشغيل invoice_number ${p.number} للكيان ${p.entity} من قبل`,
  },
  'api.submit.stopped-token': {
    en: (_: Record<string, never>) => 'not sent: the token was refused for the previous invoices',
    ar: (_: Record<string, never>) => 'لم تُرسل: رُفض رمز الوصول للفواتير السابقة',
  },
  'api.submit.stopped-busy': {
    en: (_: Record<string, never>) => 'not sent: the service refused the previous invoices as too many requests (HTTP 429); run again later: the ledger skips what was accepted',
    ar: (_: Record<string, never>) => 'لم تُرسل: رفضت الخدمة الفواتير السابقة لكثرة الطلبات (HTTP 429)؛ أعد التشغيل لاحقاً: سجل الإرسال يتخطى ما قُبل',
  },
  'api.submit.stopped-unknown': {
    en: (_: Record<string, never>) => 'not sent: no usable answer came for the previous invoices (none, or one that could not be read; rerun: the ledger resends safely)',
    ar: (_: Record<string, never>) => 'لم تُرسل: لم يصل رد صالح للفواتير السابقة (لا رد، أو رد تعذرت قراءته؛ أعد التشغيل: سجل الإرسال يعيد الإرسال بأمان)',
  },
} as const satisfies Record<string, Text<never>>;

export type ApiMessageId = keyof typeof API;
type ParamsOf<K extends ApiMessageId> = Parameters<(typeof API)[K]['en']>[0];

/** A usage error said from this catalogue. */
export function apiError<K extends ApiMessageId>(id: K, params: ParamsOf<K>) {
  return errorOf(id, API[id] as unknown as Text<ParamsOf<K>>, params);
}

/** The English words of an id and its entry (an invoice's line of push or bulk carries both). */
export function apiWords<K extends ApiMessageId>(id: K, params: ParamsOf<K>): Worded {
  return wordsOf(id, API[id] as unknown as Text<ParamsOf<K>>, params);
}

registerCatalogue((id) => (Object.hasOwn(API, id) ? API[id as ApiMessageId] as unknown as Text<never> : undefined));
