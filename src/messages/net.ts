import type { Text, Tongue } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';

/**
 * What the client of the live API says when a request fails (issue 26): an HTTP status and what it means for a
 * pintae user (src/api/errors.ts), a network error and its code (src/api/net-words.ts, the retry policy's reasons),
 * an answer that could not be read (src/api/answer.ts). The service's own words in an answer (`detail`) are quoted as
 * it wrote them; method, path, codes and variable names stay as written.
 */

/** A network error's words by code, in English and Arabic. */
const NET: Readonly<Record<string, readonly [string, string]>> = {
  ECONNRESET: ['the server reset the connection', 'أعاد الخادم تعيين الاتصال'],
  ECONNREFUSED: ['the server refused the connection: nothing listens at that address and port', 'رفض الخادم الاتصال: لا شيء يستمع على ذلك العنوان والمنفذ'],
  ECONNABORTED: ['the connection was aborted', 'أُلغي الاتصال'],
  ETIMEDOUT: ['the connection timed out', 'انتهت مهلة الاتصال'],
  ENOTFOUND: ['the host name was not found: check the base URL', 'لم يُعثر على اسم المضيف: تحقّق من عنوان URL الأساسي'],
  EAI_AGAIN: ['the host name could not be looked up just now', 'تعذّر البحث عن اسم المضيف الآن'],
  EAI_FAIL: ['the host name could not be looked up', 'تعذّر البحث عن اسم المضيف'],
  EPIPE: ['the connection was closed while the request was being sent', 'أُغلق الاتصال أثناء إرسال الطلب'],
  ENETUNREACH: ['the network is unreachable', 'لا يمكن الوصول إلى الشبكة'],
  EHOSTUNREACH: ['the host is unreachable', 'لا يمكن الوصول إلى المضيف'],
  ENETDOWN: ['the network is down', 'الشبكة معطّلة'],
  EADDRNOTAVAIL: ['the address cannot be used from this machine', 'لا يمكن استعمال العنوان من هذا الجهاز'],
  EPROTO: ['the secure connection failed: a TLS protocol error', 'فشل الاتصال الآمن: خطأ في بروتوكول TLS'],
  TimeoutError: ['the server did not answer within the whole-request timeout, PINTAE_REQUEST_TIMEOUT_MS', 'لم يُجب الخادم خلال مهلة الطلب كله، PINTAE_REQUEST_TIMEOUT_MS'],
  UND_ERR_CONNECT_TIMEOUT: ['the connection could not be opened in time, PINTAE_CONNECT_TIMEOUT_MS', 'تعذّر فتح الاتصال في الوقت المحدد، PINTAE_CONNECT_TIMEOUT_MS'],
  UND_ERR_HEADERS_TIMEOUT: ['the server did not begin its answer in time, PINTAE_REQUEST_TIMEOUT_MS', 'لم يبدأ الخادم رده في الوقت المحدد، PINTAE_REQUEST_TIMEOUT_MS'],
  UND_ERR_BODY_TIMEOUT: ['the answer stopped arriving, PINTAE_REQUEST_TIMEOUT_MS', 'توقف وصول الرد، PINTAE_REQUEST_TIMEOUT_MS'],
  UND_ERR_SOCKET: ['the server closed the connection', 'أغلق الخادم الاتصال'],
  UND_ERR_CLOSED: ['the connection was closed', 'أُغلق الاتصال'],
  UND_ERR_DESTROYED: ['the connection was closed', 'أُغلق الاتصال'],
  UND_ERR_ABORTED: ['the request was aborted', 'أُلغي الطلب'],
  UND_ERR_HEADERS_OVERFLOW: ["the answer's headers were too large", 'ترويسات الرد أكبر من اللازم'],
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: ['the answer was not as long as it declared', 'لم يكن طول الرد كما أعلن'],
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: ['the request was not as long as it declared', 'لم يكن طول الطلب كما أعلن'],
  UND_ERR_RES_EXCEEDED_MAX_SIZE: ['the answer was larger than allowed', 'الرد أكبر من المسموح'],
  UND_ERR_INFO: ['the server sent an answer pintae cannot use', 'أرسل الخادم رداً لا يستطيع pintae استعماله'],
  UND_ERR_NOT_SUPPORTED: ['the request uses something the HTTP client does not support', 'يستعمل الطلب شيئاً لا يدعمه عميل HTTP'],
  CERT_HAS_EXPIRED: ["the server's TLS certificate has expired", 'انتهت صلاحية شهادة TLS للخادم'],
  CERT_NOT_YET_VALID: ["the server's TLS certificate is not valid yet, or this machine's clock is wrong", 'شهادة TLS للخادم ليست سارية بعد، أو ساعة هذا الجهاز خاطئة'],
  CERT_REVOKED: ["the server's TLS certificate was revoked", 'أُلغيت شهادة TLS للخادم'],
  DEPTH_ZERO_SELF_SIGNED_CERT: ["the server's TLS certificate is self-signed, so it cannot be trusted", 'شهادة TLS للخادم موقّعة ذاتياً، فلا يمكن الوثوق بها'],
  SELF_SIGNED_CERT_IN_CHAIN: ["the server's TLS certificate chain ends in a self-signed certificate that is not trusted here", 'تنتهي سلسلة شهادات TLS للخادم بشهادة موقّعة ذاتياً غير موثوقة هنا'],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: ["the server's TLS certificate could not be verified: an unknown issuer, or an incomplete chain", 'تعذّر التحقق من شهادة TLS للخادم: جهة إصدار غير معروفة، أو سلسلة ناقصة'],
  UNABLE_TO_GET_ISSUER_CERT: ["the issuer of the server's TLS certificate is not known here", 'جهة إصدار شهادة TLS للخادم غير معروفة هنا'],
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: ["the issuer of the server's TLS certificate is not known here; behind a company proxy, see NODE_EXTRA_CA_CERTS", 'جهة إصدار شهادة TLS للخادم غير معروفة هنا؛ خلف وكيل (proxy) لشركة، انظر NODE_EXTRA_CA_CERTS'],
  ERR_TLS_CERT_ALTNAME_INVALID: ["the server's TLS certificate is for another host name", 'شهادة TLS للخادم لاسم مضيف آخر'],
  ERR_SSL_WRONG_VERSION_NUMBER: ['the server does not speak TLS there: http:// rather than https:// in the base URL?', 'لا يتكلم الخادم TLS هناك: أهو http:// بدلاً من https:// في عنوان URL الأساسي؟'],
};
const HPE: readonly [string, string] = ["the server's answer is not valid HTTP", 'رد الخادم ليس HTTP صالحاً'];
const i = (t: Tongue) => (t === 'en' ? 0 : 1);

/** `the server reset the connection (ECONNRESET)`; an unknown code keeps the error's own message beside it. */
export function networkWordsIn(code: string, detail: string | undefined, t: Tongue): string {
  const words = (Object.hasOwn(NET, code) ? NET[code] : code.startsWith('HPE_') ? HPE : undefined)?.[i(t)];
  if (words) return `${words} (${code})`;
  const rest = `${code}${detail && detail !== code ? `: ${detail}` : ''}`;
  return t === 'en' ? `a network error (${rest})` : `خطأ في الشبكة (${rest})`;
}

/** What the service asked of a 429 or 503: a wait (whole seconds), and whether pintae waited it (`maxWait`: no). */
function waitWords(p: Http, t: Tongue): string {
  if (p.wait === undefined) return '';
  const en = t === 'en';
  const asked = en ? `, and asks to wait ${p.wait} s before the next request` : `، ويطلب الانتظار ${p.wait} ثانية قبل الطلب التالي`;
  if (p.maxWait === undefined) return asked;
  return asked + (en ? ` (longer than the ${p.maxWait} s pintae waits within a run): run again later` : ` (أطول من ${p.maxWait} ثانية ينتظرها pintae أثناء التشغيل): أعد التشغيل لاحقاً`);
}

/** A redirect: where it points, and why pintae does not go there (the token would be sent along). */
function redirectWords(p: Http, t: Tongue): string {
  const en = t === 'en';
  const where = p.location !== undefined
    ? (en ? `the service redirects to ${p.location}` : `تعيد الخدمة التوجيه إلى ${p.location}`)
    : (en ? 'the service redirects, without saying where (no Location)' : 'تعيد الخدمة التوجيه دون أن تذكر إلى أين (لا Location)');
  return where + (en
    ? '; pintae follows no redirect, so that the access token goes to no other address: if the service has moved, set the base URL (--base-url, PINTAE_BASE_URL or baseUrl in pintae.config.json) to its new address'
    : '؛ لا يتبع pintae أي إعادة توجيه، كي لا يذهب رمز الوصول إلى عنوان آخر: إن انتقلت الخدمة فاضبط عنوان URL الأساسي (--base-url أو PINTAE_BASE_URL أو baseUrl في pintae.config.json) على عنوانها الجديد');
}

/** What a status code means for a pintae user. */
function explain(p: Http, t: Tongue): string {
  const { status, path } = p;
  const en = t === 'en';
  if (status >= 300 && status < 400 && status !== 304) return redirectWords(p, t);
  switch (status) {
    case 429: return (en ? 'too many requests: the service limits how often it may be called' : 'طلبات أكثر من اللازم: تحدّ الخدمة من عدد مرات استدعائها') + waitWords(p, t);
    case 503: return (en ? 'the service is unavailable just now' : 'الخدمة غير متاحة الآن') + waitWords(p, t);
    case 401: return en ? 'the access token was refused (missing, expired or invalid): check PINTAE_TOKEN or PINTAE_TOKEN_FILE' : 'رُفض رمز الوصول (مفقود أو منتهي الصلاحية أو غير صالح): تحقّق من PINTAE_TOKEN أو PINTAE_TOKEN_FILE';
    case 403: return en ? 'rejected by the gateway: the invoice is not from a partner\'s organisation (the seller identity must be the entity\'s registry code; spec 7.1)' : 'رفضتها البوابة: الفاتورة ليست من مؤسسة شريكة (يجب أن تكون هوية المورد رمز سجل الكيان؛ المواصفة 7.1)';
    // A path that names no entity or invoice: the service has no such endpoint here (a base URL with a path too many).
    case 404: if (['/oauth/entities', '/oauth/users'].includes(path.split('?')[0]!)) {
      return en
        ? 'not found: no such endpoint at this base URL: check the base URL (--base-url, PINTAE_BASE_URL or baseUrl in pintae.config.json), which ends before /oauth'
        : 'غير موجود: لا يوجد هذا المسار في عنوان URL الأساسي هذا: تحقّق من عنوان URL الأساسي (--base-url أو PINTAE_BASE_URL أو baseUrl في pintae.config.json)، الذي ينتهي قبل /oauth';
    } else return path.includes('/entities') || path === '/oauth/invoices' || path.endsWith('/bulk') || path.endsWith('/validate')
      ? (en ? 'not found: the entity does not exist or does not belong to (is not connected to) this application — see pintae entities list / connect' : 'غير موجود: الكيان غير موجود أو لا يتبع هذا التطبيق (غير مرتبط به) — انظر pintae entities list / connect')
      : (en ? 'not found: no such invoice for this application' : 'غير موجود: لا توجد فاتورة كهذه لهذا التطبيق');
    case 409: return en ? 'already submitted: this invoice_number was already used for the entity' : 'أُرسلت من قبل: استُعمل invoice_number هذا للكيان من قبل';
    case 422: return en ? 'the invoice fails the PINT-AE rules' : 'لا تستوفي الفاتورة قواعد PINT-AE';
    case 400: return en ? 'the request was refused (schema or conditional-rule failure)' : 'رُفض الطلب (إخفاق في المخطط أو في قاعدة شرطية)';
    case 500: case 502: return en ? 'the service failed (internal or gateway error)' : 'أخفقت الخدمة (خطأ داخلي أو خطأ في البوابة)';
    default: return en ? `unexpected HTTP ${status}` : `HTTP ${status} غير متوقع`;
  }
}

/** What an entity's creation adds when its answer was lost: it may have been made. */
const maybeCreated = (p: { maybeCreated?: boolean }, t: Tongue) => (!p.maybeCreated ? ''
  : t === 'en' ? '; the entity may have been created all the same: check pintae entities list before creating it again'
    : '؛ ربما أُنشئ الكيان رغم ذلك: تحقّق من pintae entities list قبل إنشائه مرة أخرى');

type Request = { method: string; path: string; maybeCreated?: boolean };
type Http = Request & { status: number; detail?: string; location?: string; wait?: number; maxWait?: number };
type Unreachable = Request & { attempts: number; code: string; detail?: string };
/** Why an answer was not read: its declared size or its growth past the limit (`max`), or its time. */
export type AnswerProblem = { status: number; reason: 'declared' | 'grew' | 'slow'; size?: string; max?: string; seconds?: number };
type Unreadable = Request & AnswerProblem;

function unreadableWords(p: Unreadable, t: Tongue): string {
  const en = t === 'en';
  switch (p.reason) {
    case 'declared': return en ? `the answer (HTTP ${p.status}) declares ${p.size}, over the limit of ${p.max} (PINTAE_MAX_RESPONSE_BYTES): it was not read` : `يعلن الرد (HTTP ${p.status}) حجماً قدره ${p.size}، فوق الحد ${p.max} (PINTAE_MAX_RESPONSE_BYTES): لم يُقرأ`;
    case 'grew': return en ? `the answer (HTTP ${p.status}) grew past the limit of ${p.max} (PINTAE_MAX_RESPONSE_BYTES): the rest was not read` : `تجاوز الرد (HTTP ${p.status}) الحد ${p.max} (PINTAE_MAX_RESPONSE_BYTES): لم يُقرأ باقيه`;
    case 'slow': return en ? `the answer (HTTP ${p.status}) did not arrive in full within ${p.seconds} s (PINTAE_REQUEST_TIMEOUT_MS, the whole request): it was not read` : `لم يصل الرد (HTTP ${p.status}) كاملاً خلال ${p.seconds} ثانية (PINTAE_REQUEST_TIMEOUT_MS، للطلب كله): لم يُقرأ`;
  }
}

export const NET_MESSAGES = {
  'net.http-error': {
    en: (p: Http) => `${p.method} ${p.path}: HTTP ${p.status}: ${explain(p, 'en')}${p.detail ? ` (${p.detail})` : ''}${maybeCreated(p, 'en')}`,
    ar: (p: Http) => `${p.method} ${p.path}: HTTP ${p.status}: ${explain(p, 'ar')}${p.detail ? ` (${p.detail})` : ''}${maybeCreated(p, 'ar')}`,
  },
  // A 200 whose body is no invoice status (an HTML page from a proxy or a captive portal, a list, a string): what it
  // holds is the service's words `detail`, shown as text.
  'net.not-status': {
    en: (p: Request & { detail?: string }) => `${p.method} ${p.path}: HTTP 200, but the answer is not an invoice status (no "status" or "terminal" in it${p.detail ? `; it says: ${p.detail}` : ''}): something other than the service may have answered (a proxy, a captive portal)`,
    ar: (p: Request & { detail?: string }) => `${p.method} ${p.path}: HTTP 200، لكن الرد ليس حالة فاتورة (لا "status" ولا "terminal" فيه${p.detail ? `؛ يقول: ${p.detail}` : ''}): ربما أجاب غير الخدمة (خادم وسيط أو بوابة دخول)`,
  },
  'net.unreachable': {
    en: (p: Unreachable) => `${p.method} ${p.path}: no answer after ${p.attempts} attempt${p.attempts === 1 ? '' : 's'}: ${networkWordsIn(p.code, p.detail, 'en')}${maybeCreated(p, 'en')}`,
    ar: (p: Unreachable) => `${p.method} ${p.path}: لا رد (المحاولات: ${p.attempts}): ${networkWordsIn(p.code, p.detail, 'ar')}${maybeCreated(p, 'ar')}`,
  },
  'net.unreadable-answer': {
    en: (p: Unreadable) => `${p.method} ${p.path}: ${unreadableWords(p, 'en')}; not retried${maybeCreated(p, 'en')}`,
    ar: (p: Unreadable) => `${p.method} ${p.path}: ${unreadableWords(p, 'ar')}؛ لم تُعَد المحاولة${maybeCreated(p, 'ar')}`,
  },
  'net.answer': {
    en: (p: AnswerProblem) => unreadableWords({ ...p, method: '', path: '' }, 'en'),
    ar: (p: AnswerProblem) => unreadableWords({ ...p, method: '', path: '' }, 'ar'),
  },
} as const satisfies Record<string, Text<never>>;

export type NetMessageId = keyof typeof NET_MESSAGES;
type ParamsOf<K extends NetMessageId> = Parameters<(typeof NET_MESSAGES)[K]['en']>[0];

/** The English words of an id with its entry: what an error of the client carries. */
export function netWords<K extends NetMessageId>(id: K, params: ParamsOf<K>): Worded {
  return wordsOf(id, NET_MESSAGES[id] as unknown as Text<ParamsOf<K>>, params);
}

registerCatalogue((id) => (Object.hasOwn(NET_MESSAGES, id) ? NET_MESSAGES[id as NetMessageId] as unknown as Text<never> : undefined));
