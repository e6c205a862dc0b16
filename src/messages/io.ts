import type { Text } from './lang.js';
import { shellWord } from './shell.js';
import { registerCatalogue, speak, wordsOf, type Worded } from './ref.js';
import { readBackFrom } from './reasons.js';
import { errorOf } from './usage.js';
import { subjectAr } from './subject.js';

/**
 * What pintae says about the files it reads besides the inputs and about the inputs it finds (issue 26): files named
 * by options (--entity, --rates, --config, --ledger, PINTAE_TOKEN_FILE), the config file, rate tables, entity
 * records, the ledger, the inputs a path or glob gives. English and Arabic, by id; names of options, files, fields
 * and values stay as written, digits Western.
 *
 * A `reason` parameter is a lower layer's words (the file system's, the JSON reader's, the text decoder's): it stays
 * as that layer says it.
 */
const q = (v: unknown) => JSON.stringify(v);

/** What a file system entry is (src/io/input-file.ts `kindOf`), in Arabic. */
const KIND_AR: Readonly<Record<string, string>> = {
  'a directory': 'مجلد', 'a named pipe (FIFO)': 'أنبوب مسمّى (FIFO)', 'a socket': 'مقبس (socket)',
  'a character device': 'جهاز محارف', 'a block device': 'جهاز كتل', 'not a regular file': 'ليس ملفاً عادياً', 'a regular file': 'ملف عادي',
};
const kindAr = (kind: string) => KIND_AR[kind] ?? kind;

/**
 * The entity store's own sentence (an entity record or the file it is in), read back from its English and said in
 * Arabic; as it is where no entry says it. It crosses worker threads as words, as every unreadable input's error does.
 */
function storeReasonAr(reason: string): string {
  // io.entity.is-invoice takes a list, which words read back cannot give: it stays in English.
  // The sentence around the others first: read back as one of them, it would take the advice for their reason.
  storeIds ??= ['io.entity.store-unusable', ...Object.keys(IO).filter((id) => (id.startsWith('io.entity.') || id.startsWith('io.file.'))
    && id !== 'io.entity.is-invoice' && id !== 'io.entity.store-unusable')];
  const ref = readBackFrom(storeIds, reason);
  return (ref && speak(ref, 'ar')) ?? reason;
}
let storeIds: string[] | undefined;

/** The sandbox's own record files (src/sandbox/records.ts): which kind, and what is wrong with a field. */
export type RecordKind = 'entity' | 'invoice' | 'user';
export type RecordListOf = 'application-ids' | 'error-objects' | 'history-entries';
export type RecordProblem =
  | { kind: 'text' | 'stamp' | 'string' | 'object' | 'string-or-null' | 'boolean' }
  | { kind: 'one-of'; values: string }
  | { kind: 'list'; of: RecordListOf }
  | { kind: 'nested'; depth: number };
/** A damaged record: the JSON reader's `reason`, or a `problem` (with the `field` it is in, `missing` or not). */
export type RecordDamage = { at: string; kind: RecordKind; reason?: string; field?: string; missing?: boolean; problem?: RecordProblem };

const RECORD_KIND_AR: Readonly<Record<RecordKind, string>> = { entity: 'كيان', invoice: 'فاتورة', user: 'مستخدم' };
const LIST_OF: Readonly<Record<RecordListOf, { en: string; ar: string }>> = {
  'application-ids': { en: 'application ids', ar: 'معرّفات تطبيقات' },
  'error-objects': { en: 'error objects', ar: 'كائنات أخطاء' },
  'history-entries': { en: '{status, at} entries', ar: 'مدخلات {status, at}' },
};
function problemWords(p: RecordProblem, t: 'en' | 'ar'): string {
  const en = t === 'en';
  switch (p.kind) {
    case 'text': return en ? 'must be a non-empty string' : 'يجب أن يكون نصاً غير فارغ';
    case 'stamp': return en ? 'must be a time stamp string' : 'يجب أن يكون نصاً يحمل طابعاً زمنياً';
    case 'string': return en ? 'must be a string' : 'يجب أن يكون نصاً';
    case 'object': return en ? 'must be an object' : 'يجب أن يكون كائناً';
    case 'string-or-null': return en ? 'must be a string or null' : 'يجب أن يكون نصاً أو null';
    case 'boolean': return en ? 'must be true or false' : 'يجب أن يكون true أو false';
    case 'one-of': return en ? `must be one of ${p.values}` : `يجب أن يكون أحد: ${p.values.replace(/, /g, '، ')}`;
    case 'list': return en ? `must be a list of ${LIST_OF[p.of].en}` : `يجب أن يكون قائمة ${LIST_OF[p.of].ar}`;
    case 'nested': return en ? `is nested more than ${p.depth} levels deep` : `متداخل بأكثر من ${p.depth} مستوى`;
  }
}
function damageWords(p: RecordDamage, t: 'en' | 'ar'): string {
  const en = t === 'en';
  if (p.reason !== undefined) return p.reason;
  if (p.field === undefined || p.problem === undefined) return en ? 'expected a JSON object' : 'كان المتوقع كائن JSON';
  if (!p.missing) return `${p.field} ${problemWords(p.problem, t)}`;
  return en ? `${p.field} is missing (it ${problemWords(p.problem, t)})` : `${p.field} غير موجود (${problemWords(p.problem, t)})`;
}

type File = { what: string; path: string };

export const IO = {
  'io.file.too-large': {
    en: (p: File & { cap: string }) => `${p.what} ${p.path}: larger than ${p.cap}, the most pintae reads for ${p.what}`,
    ar: (p: File & { cap: string }) => `${p.what} ${p.path}: أكبر من ${p.cap}، وهو أقصى ما يقرؤه pintae من ${p.what}`,
  },
  'io.file.missing': {
    en: (p: File) => `${p.what} ${p.path}: no such file`,
    ar: (p: File) => `${p.what} ${p.path}: لا يوجد ملف بهذا الاسم`,
  },
  'io.file.dangling': {
    en: (p: File & { target: string }) => `${p.what} ${p.path}: a symbolic link to ${p.target}, which does not exist`,
    ar: (p: File & { target: string }) => `${p.what} ${p.path}: رابط رمزي إلى ${p.target}، وهو غير موجود`,
  },
  'io.file.not-regular': {
    en: (p: File & { kind: string; ledger: boolean }) =>
      `${p.what} ${p.path}: ${p.kind === 'a directory' ? 'is a directory, not a file' : `is ${p.kind}, not a regular file`}${p.ledger ? ': the ledger is a file pintae appends to (give --ledger <file>)' : ''}`,
    ar: (p: File & { kind: string; ledger: boolean }) =>
      `${p.what} ${p.path}: ${p.kind === 'a directory' ? 'هذا مجلد وليس ملفاً' : `هذا ${kindAr(p.kind)}، وليس ملفاً عادياً`}${p.ledger ? ': سجل الإرسال ملف يضيف إليه pintae (حدّد --ledger <file>)' : ''}`,
  },
  'io.path.missing': {
    en: (p: { path: string }) => `${p.path}: no such file or directory`,
    ar: (p: { path: string }) => `${p.path}: لا يوجد ملف أو مجلد بهذا الاسم`,
  },
  'io.path.dangling': {
    en: (p: { path: string; target: string }) => `${p.path}: a symbolic link to ${p.target}, which does not exist`,
    ar: (p: { path: string; target: string }) => `${p.path}: رابط رمزي إلى ${p.target}، وهو غير موجود`,
  },
  'io.input.none': {
    en: (p: { noun: string }) => `no input: give ${p.noun}`,
    ar: (p: { noun: string }) => `لا مدخلات: حدّد ${p.noun}`,
  },
  'io.input.no-stdin': {
    en: (_: Record<string, never>) => '- (standard input) is not an input here: give files, directories or globs',
    ar: (_: Record<string, never>) => '- (الإدخال القياسي) ليس مدخلاً هنا: حدّد ملفات أو مجلدات أو أنماط glob',
  },
  'io.input.empty-directory': {
    en: (p: { path: string; ext: string }) => `${p.path}: the directory holds no ${p.ext} files`,
    ar: (p: { path: string; ext: string }) => `${p.path}: لا يحوي المجلد أي ملفات ${p.ext}`,
  },
  'io.input.empty-directory.xml': {
    en: (p: { path: string }) => `${p.path}: the directory holds no .json files, but .xml files: to check UBL invoices or Tax Data Documents, run pintae check ${shellWord(p.path)}`,
    ar: (p: { path: string }) => `${p.path}: لا يحوي المجلد أي ملفات .json، بل ملفات .xml: لفحص فواتير UBL أو مستندات البيانات الضريبية شغّل pintae check ${shellWord(p.path)}`,
  },
  'io.input.empty-directory.json': {
    en: (p: { path: string }) => `${p.path}: the directory holds no .xml files, but .json files: to validate invoice requests, run pintae validate ${shellWord(p.path)}`,
    ar: (p: { path: string }) => `${p.path}: لا يحوي المجلد أي ملفات .xml، بل ملفات .json: للتحقق من طلبات الفواتير شغّل pintae validate ${shellWord(p.path)}`,
  },
  'io.input.no-match': {
    en: (p: { pattern: string }) => `${p.pattern}: no file matches this pattern`,
    ar: (p: { pattern: string }) => `${p.pattern}: لا يطابق هذا النمط أي ملف`,
  },
  'io.input.directory-unreadable': {
    en: (p: { reason: string }) => `this directory cannot be read: ${p.reason}`,
    ar: (p: { reason: string }) => `تتعذر قراءة هذا المجلد: ${p.reason}`,
  },
  'io.input.too-deep': {
    en: (p: { depth: number }) => `more than ${p.depth} directories deep: not searched (pintae's limit; give this directory itself to search it)`,
    ar: (p: { depth: number }) => `أعمق من ${p.depth} مجلدات: لم يُبحث فيه (حدّ pintae؛ حدّد هذا المجلد نفسه للبحث فيه)`,
  },
  'io.input.loop': {
    en: (_: Record<string, never>) => 'leads back to a directory that contains it: not followed (a loop)',
    ar: (_: Record<string, never>) => 'يعود إلى مجلد يحتويه: لم يُتتبَّع (حلقة)',
  },
  // `subject`: what the input is (src/messages/subject.ts): the file, the request body, the document given.
  'io.input.empty-list': {
    en: (p: { subject: string }) => `${p.subject} holds no invoices (an empty list)`,
    ar: (p: { subject: string }) => `لا يحوي ${subjectAr(p.subject)} أي فاتورة (قائمة فارغة)`,
  },
  'io.input.internal': {
    en: (p: { reason: string }) => `internal error while validating this file: ${p.reason}`,
    ar: (p: { reason: string }) => `خطأ داخلي أثناء التحقق من هذا الملف: ${p.reason}`,
  },
  // The seller's record saved in .pintae/entities cannot be used: the invoice is not judged (no answer of the service's
  // can be computed without it), and the run exits 2 as for a broken --entity file. `reason` is io.entity.store-unusable.
  'io.input.entity-store': {
    en: (p: { reason: string }) => `not judged: the seller's saved record cannot be used: ${p.reason}`,
    ar: (p: { reason: string }) => `لم يُحكم عليه: لا يمكن استخدام سجل المورد المحفوظ: ${storeReasonAr(p.reason)}`,
  },
  'io.input.worker-stopped': {
    en: (p: { reason: string }) => `pintae's worker stopped while validating this file (${p.reason}); no result for it`,
    ar: (p: { reason: string }) => `توقف عامل pintae أثناء التحقق من هذا الملف (${p.reason})؛ لا نتيجة له`,
  },
  'io.input.empty-file': {
    en: (p: { subject: string }) => `${p.subject} is empty`,
    ar: (p: { subject: string }) => `${subjectAr(p.subject)} فارغ`,
  },
  'io.input.not-json': {
    en: (_: Record<string, never>) => 'not valid JSON',
    ar: (_: Record<string, never>) => 'ليس JSON صالحاً',
  },
  'io.config.two': {
    en: (p: { dir: string; names: readonly string[] }) => `${p.dir}: both ${p.names.join(' and ')} are here; keep one`,
    ar: (p: { dir: string; names: readonly string[] }) => `${p.dir}: يوجد هنا ${p.names.join(' و')} معاً؛ أبقِ واحداً`,
  },
  'io.config.token': {
    en: (p: { at: string; name: string }) => `${p.at}: "token" is not read from ${p.name} (a project file is easily committed); set PINTAE_TOKEN or PINTAE_TOKEN_FILE instead, and remove the key`,
    ar: (p: { at: string; name: string }) => `${p.at}: لا يُقرأ "token" من ${p.name} (ملف المشروع سهل الإيداع في المستودع)؛ اضبط PINTAE_TOKEN أو PINTAE_TOKEN_FILE بدلاً منه، واحذف المفتاح`,
  },
  'io.config.unknown-key': {
    en: (p: { at: string; key: string; known: readonly string[] }) => `${p.at}: unknown key "${p.key}" (known keys: ${p.known.join(', ')})`,
    ar: (p: { at: string; key: string; known: readonly string[] }) => `${p.at}: مفتاح غير معروف "${p.key}" (المفاتيح المعروفة: ${p.known.join(', ')})`,
  },
  'io.config.rule-id': {
    en: (p: { at: string; key: string }) => `${p.at}: rules: "${p.key}" is not a rule id (e.g. ibr-127-ae)`,
    ar: (p: { at: string; key: string }) => `${p.at}: rules: "${p.key}" ليس معرّف قاعدة (مثل ibr-127-ae)`,
  },
  'io.config.enum': {
    en: (p: { at: string; name: string; allowed: readonly unknown[] }) => `${p.at}: ${p.name} must be one of ${p.allowed.map((v) => q(v)).join(', ')}`,
    ar: (p: { at: string; name: string; allowed: readonly unknown[] }) => `${p.at}: يجب أن تكون قيمة ${p.name} إحدى ${p.allowed.map((v) => q(v)).join(', ')}`,
  },
  'io.config.type': {
    en: (p: { at: string; name: string; type: string }) => `${p.at}: ${p.name} must be ${p.type === 'integer' ? 'a whole number' : /^[aeiou]/.test(p.type) ? `an ${p.type}` : `a ${p.type}`}`,
    ar: (p: { at: string; name: string; type: string }) => `${p.at}: يجب أن تكون قيمة ${p.name} ${p.type === 'integer' ? 'عدداً صحيحاً' : p.type === 'string' ? 'نصاً' : p.type === 'object' ? 'كائن JSON' : p.type === 'array' ? 'قائمة' : p.type === 'boolean' ? 'true أو false' : p.type === 'number' ? 'عدداً' : `من النوع ${p.type}`}`,
  },
  'io.config.minimum': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must be 0 or more`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب أن تكون قيمة ${p.name} صفراً أو أكثر`,
  },
  'io.config.empty': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must not be empty`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب ألا تكون قيمة ${p.name} فارغة`,
  },
  'io.config.no-file': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must list at least one file`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب أن تسرد ${p.name} ملفاً واحداً على الأقل`,
  },
  'io.config.participant': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must be a participant under scheme 0242: 0242:<id>`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب أن تكون قيمة ${p.name} مشاركاً وفق المخطط 0242: 0242:<id>`,
  },
  'io.config.url': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must be an http:// or https:// URL`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب أن تكون قيمة ${p.name} عنوان URL يبدأ بـ http:// أو https://`,
  },
  'io.config.paths': {
    en: (p: { at: string; name: string }) => `${p.at}: ${p.name} must be a file path or a list of file paths`,
    ar: (p: { at: string; name: string }) => `${p.at}: يجب أن تكون قيمة ${p.name} مسار ملف أو قائمة مسارات ملفات`,
  },
  'io.config.invalid': {
    en: (p: { at: string; name: string; reason: string }) => `${p.at}: ${p.name} ${p.reason}`,
    ar: (p: { at: string; name: string; reason: string }) => `${p.at}: قيمة ${p.name} غير صالحة (${p.reason})`,
  },
  'io.entity-dir.unreadable': {
    en: (p: { dir: string; reason: string }) => `--entity ${p.dir}: this directory cannot be read: ${p.reason}`,
    ar: (p: { dir: string; reason: string }) => `--entity ${p.dir}: تتعذر قراءة هذا المجلد: ${p.reason}`,
  },
  'io.entity-dir.empty': {
    en: (p: { dir: string }) => `--entity ${p.dir}: the directory holds no .json files`,
    ar: (p: { dir: string }) => `--entity ${p.dir}: لا يحوي المجلد أي ملفات .json`,
  },
  'io.entity-dir.too-many': {
    en: (p: { dir: string; max: number }) => `--entity ${p.dir}: more than ${p.max} .json files; give the files that hold the sellers instead`,
    ar: (p: { dir: string; max: number }) => `--entity ${p.dir}: أكثر من ${p.max} ملف .json؛ حدّد بدلاً منها الملفات التي تحوي الموردين`,
  },
  'io.rates.date': {
    en: (p: { at: string; sent: string }) => `${p.at}: date ${p.sent} is not a calendar date in YYYY-MM-DD form`,
    ar: (p: { at: string; sent: string }) => `${p.at}: التاريخ ${p.sent} ليس تاريخاً تقويمياً بالصيغة YYYY-MM-DD`,
  },
  'io.rates.currency': {
    en: (p: { at: string; sent: string }) => `${p.at}: currency ${p.sent} is not a three-letter code`,
    ar: (p: { at: string; sent: string }) => `${p.at}: العملة ${p.sent} ليست رمزاً من ثلاثة أحرف`,
  },
  'io.rates.rate': {
    en: (p: { at: string; sent: string }) => `${p.at}: rate ${p.sent} is not a positive number`,
    ar: (p: { at: string; sent: string }) => `${p.at}: السعر ${p.sent} ليس عدداً موجباً`,
  },
  'io.rates.conflict': {
    en: (p: { at: string; currency: string; date: string; rate: string; earlier: string; line: number }) =>
      `${p.at}: a second ${p.currency} rate for ${p.date} (${p.rate}) conflicts with ${p.earlier} at line ${p.line}; keep the one the Bank published`,
    ar: (p: { at: string; currency: string; date: string; rate: string; earlier: string; line: number }) =>
      `${p.at}: سعر صرف ثانٍ للعملة ${p.currency} بتاريخ ${p.date} (${p.rate}) يخالف ${p.earlier} في السطر ${p.line}؛ أبقِ السعر الذي نشره المصرف المركزي`,
  },
  'io.rates.json-shape': {
    en: (p: { path: string }) => `${p.path}:1:1: a JSON rate table is an array of {date, currency, rate}`,
    ar: (p: { path: string }) => `${p.path}:1:1: جدول أسعار الصرف بصيغة JSON قائمة من {date, currency, rate}`,
  },
  'io.rates.csv-row': {
    en: (p: { at: string }) => `${p.at}: expected date,currency,rate`,
    ar: (p: { at: string }) => `${p.at}: المتوقع date,currency,rate`,
  },
  'io.entity.not-object': {
    en: (p: { at: string }) => `${p.at}: an entity must be a JSON object`,
    ar: (p: { at: string }) => `${p.at}: يجب أن يكون الكيان كائن JSON`,
  },
  'io.entity.not-json': {
    en: (p: { what: string; at: string; reason: string }) => `${p.what} ${p.at}: the entity record is not JSON: ${p.reason}`,
    ar: (p: { what: string; at: string; reason: string }) => `${p.what} ${p.at}: سجل الكيان ليس JSON: ${p.reason}`,
  },
  'io.config.is-invoice': {
    en: (p: { at: string; fields: readonly string[] }) => `${p.at}: this holds an invoice request (${p.fields.join(', ')}), not a pintae config file: give the invoice as an input, and to --config a config file (or leave --config out)`,
    ar: (p: { at: string; fields: readonly string[] }) => `${p.at}: هذا طلب فاتورة (${p.fields.join('، ')})، لا ملف إعداد pintae: قدّم الفاتورة مُدخلاً، ولـ --config ملف إعداد (أو اترك --config)`,
  },
  'io.entity.is-invoice': {
    en: (p: { at: string; fields: readonly string[] }) => `${p.at}: this holds an invoice request (${p.fields.join(', ')}), not a seller entity record: give the seller's record (pintae entities pull saves them), and the invoice as an input`,
    ar: (p: { at: string; fields: readonly string[] }) => `${p.at}: هذا طلب فاتورة (${p.fields.join('، ')})، لا سجل كيان المورد: قدّم سجل المورد (يحفظه الأمر pintae entities pull)، والفاتورة مُدخلاً`,
  },
  'io.entity.no-id': {
    en: (p: { at: string }) => `${p.at}: the entity record has no entity_id`,
    ar: (p: { at: string }) => `${p.at}: سجل الكيان بلا entity_id`,
  },
  // What is wrong with a record of the store (`reason`, one of the io.entity.* sentences), and what to do.
  'io.entity.store-unusable': {
    en: (p: { reason: string }) => `${p.reason}; correct or delete it, or save it again (pintae entities pull)`,
    ar: (p: { reason: string }) => `${storeReasonAr(p.reason)}؛ صحّحه أو احذفه، أو احفظه من جديد (pintae entities pull)`,
  },
  // .pintae/entities/<id>.json is looked up by its name: a record of another entity there is not that entity's.
  // `held`: the entity ids the file holds, quoted and joined, and `id` quoted by hand (the store's ids are plain
  // words): so the sentence reads back from its English (reasons.ts), as it must once it has crossed a worker thread.
  'io.entity.store-other': {
    en: (p: { at: string; id: string; held: string }) => `${p.at}: saved as the record of entity "${p.id}", but it holds the record of ${p.held}`,
    ar: (p: { at: string; id: string; held: string }) => `${p.at}: محفوظ سجلاً للكيان "${p.id}"، لكنه يحوي سجل ${p.held.replace(/, /g, '، ')}`,
  },
  'io.entity.store-empty': {
    en: (p: { at: string; id: string }) => `${p.at}: saved as the record of entity "${p.id}", but it holds no record (an empty list)`,
    ar: (p: { at: string; id: string }) => `${p.at}: محفوظ سجلاً للكيان "${p.id}"، لكنه لا يحوي أي سجل (قائمة فارغة)`,
  },
  // The sandbox's own files under its data directory, read at its start (src/sandbox/records.ts, tokens.ts).
  'io.sandbox.record': {
    en: (p: RecordDamage) => `${p.at}: not a readable sandbox ${p.kind} record: ${damageWords(p, 'en')} (restore the file, or move it out of the data directory)`,
    ar: (p: RecordDamage) => `${p.at}: ليس سجلاً مقروءاً من سجلات sandbox (${RECORD_KIND_AR[p.kind]}): ${damageWords(p, 'ar')} (استعد الملف، أو انقله خارج مجلد البيانات)`,
  },
  'io.sandbox.tokens-not-object': {
    en: (p: { path: string }) => `${p.path}: expected {"<token>": "<application id>", ...}`,
    ar: (p: { path: string }) => `${p.path}: كان المتوقع {"<token>": "<application id>", ...}`,
  },
  'io.sandbox.tokens-empty': {
    en: (p: { path: string }) => `${p.path}: holds no token`,
    ar: (p: { path: string }) => `${p.path}: لا يحوي أي رمز وصول`,
  },
  'io.sandbox.token-spaces': {
    en: (p: { path: string }) => `${p.path}: a token must be non-empty without spaces`,
    ar: (p: { path: string }) => `${p.path}: يجب أن يكون رمز الوصول غير فارغ وبلا مسافات`,
  },
  'io.sandbox.token-application': {
    en: (p: { path: string }) => `${p.path}: every token maps to an application id (a non-empty string)`,
    ar: (p: { path: string }) => `${p.path}: يجب أن يقابل كلَّ رمز وصول معرّفُ تطبيق (نص غير فارغ)`,
  },
  'io.entity.twice': {
    en: (p: { at: string; id: string; earlier: string }) => `${p.at}: entity ${q(p.id)} has a record here and another at ${p.earlier}: which one is the seller's cannot be guessed; keep one`,
    ar: (p: { at: string; id: string; earlier: string }) => `${p.at}: للكيان ${q(p.id)} سجل هنا وآخر في ${p.earlier}: لا يمكن تخمين أيهما سجل المورد؛ أبقِ واحداً`,
  },
  'io.ledger.too-large': {
    en: (p: { path: string; mib: number }) => `ledger ${p.path}: larger than ${p.mib} MiB, the most pintae reads; move it aside to start a new one (the service's 409 still guards what it holds)`,
    ar: (p: { path: string; mib: number }) => `سجل الإرسال ${p.path}: أكبر من ${p.mib} MiB، وهو أقصى ما يقرؤه pintae؛ انقله جانباً لبدء سجل جديد (يبقى رد الخدمة 409 حارساً لما فيه)`,
  },
  'io.ledger.unusable': {
    en: (p: { path: string; reason: string }) => `ledger ${p.path}: ${p.reason}`,
    ar: (p: { path: string; reason: string }) => `سجل الإرسال ${p.path}: ${p.reason}`,
  },
  // pintae's own folder in the working directory (.pintae/): a link there was planted (a checkout, an unpacked package).
  'io.own.link': {
    en: (p: { path: string; target: string; option?: string }) => `${p.path} is a symbolic link to ${p.target}: pintae does not write its own files (.pintae/) through a link it did not make, since one found in a checkout or an unpacked package may lead to any file of yours; remove the link${p.option ? `, or name the place yourself with ${p.option}` : ''}`,
    ar: (p: { path: string; target: string; option?: string }) => `${p.path} رابط رمزي إلى ${p.target}: لا يكتب pintae ملفاته الخاصة (.pintae/) عبر رابط لم ينشئه، لأن رابطاً موجوداً في نسخة مشروع أو في حزمة مفكوكة قد يقود إلى أي ملف من ملفاتك؛ احذف الرابط${p.option ? `، أو سمِّ المكان بنفسك بالخيار ${p.option}` : ''}`,
  },
  'io.ledger.lock-stuck': {
    en: (p: { lock: string; why: string }) => `the ledger's lock ${p.lock} cannot be taken (${p.why}); if no pintae runs, remove it`,
    ar: (p: { lock: string; why: string }) => `تعذّر أخذ قفل سجل الإرسال ${p.lock} (${p.why})؛ إن لم يكن pintae قيد التشغيل فاحذفه`,
  },
  'io.ledger.in-use': {
    en: (p: { lock: string; pid: number }) => `the ledger is in use by process ${p.pid} (${p.lock}): two pintae runs must not share a ledger at the same time; wait for it, or give --ledger <another file> (if no pintae runs, remove ${p.lock})`,
    ar: (p: { lock: string; pid: number }) => `سجل الإرسال قيد الاستعمال من العملية ${p.pid} (${p.lock}): لا يجوز لتشغيلَين لـ pintae أن يتشاركا سجلاً واحداً في الوقت نفسه؛ انتظر انتهاءها، أو حدّد --ledger <ملف آخر> (إن لم يكن pintae قيد التشغيل فاحذف ${p.lock})`,
  },
  'io.ledger.bad-record': {
    en: (p: { at: string; why: string }) => `${p.at}: not a ledger record (${p.why}); the ledger is damaged (move it aside to start a new one)`,
    ar: (p: { at: string; why: string }) => `${p.at}: ليس قيداً من قيود سجل الإرسال (${p.why})؛ السجل تالف (انقله جانباً لبدء سجل جديد)`,
  },
  'io.ledger.undecodable': {
    en: (p: { at: string; reason: string }) => `${p.at}: ${p.reason}; the ledger is damaged (move it aside to start a new one)`,
    ar: (p: { at: string; reason: string }) => `${p.at}: ${p.reason}؛ سجل الإرسال تالف (انقله جانباً لبدء سجل جديد)`,
  },
  // Writing an output (src/io/write.ts): a `reason` is the file system's words.
  'io.output.cannot-write': {
    en: (p: { path: string; there?: boolean; reason: string }) => `${p.path}: cannot write${p.there ? ' there' : ''}: ${p.reason}`,
    ar: (p: { path: string; there?: boolean; reason: string }) => `${p.path}: تتعذر الكتابة${p.there ? ' هناك' : ''}: ${p.reason}`,
  },
  'io.output.not-a-file': {
    en: (p: { path: string; what: string }) => `${p.path}: is ${p.what}; name a file`,
    ar: (p: { path: string; what: string }) => `${p.path}: هذا ${kindAr(p.what)}؛ سمِّ ملفاً`,
  },
  'io.output.link-loop': {
    en: (p: { path: string }) => `${p.path}: a loop of symbolic links`,
    ar: (p: { path: string }) => `${p.path}: حلقة من الروابط الرمزية`,
  },
  'io.output.changed': {
    en: (p: { path: string; what: string }) => `${p.path}: is ${p.what} now; run again`,
    ar: (p: { path: string; what: string }) => `${p.path}: أصبح الآن ${kindAr(p.what)}؛ أعد التشغيل`,
  },
  'io.output.slash': {
    en: (p: { path: string }) => `${p.path}: ends with a slash, so it names a directory; name the report file (such as ${p.path}report.json)`,
    ar: (p: { path: string }) => `${p.path}: ينتهي بشرطة مائلة، فهو يسمّي مجلداً؛ سمِّ ملف التقرير (مثل ${p.path}report.json)`,
  },
  'io.output.read-only': {
    en: (p: { path: string }) => `${p.path}: the file is read-only; make it writable (chmod u+w) or choose another --output`,
    ar: (p: { path: string }) => `${p.path}: الملف للقراءة فقط؛ اجعله قابلاً للكتابة (chmod u+w) أو اختر ملفاً آخر لـ --output`,
  },
  'io.output.no-reader': {
    en: (p: { path: string }) => `${p.path}: a named pipe that no process is reading`,
    ar: (p: { path: string }) => `${p.path}: أنبوب مسمّى لا تقرأ منه أي عملية`,
  },
} as const satisfies Record<string, Text<never>>;

export type IoMessageId = keyof typeof IO;
type ParamsOf<K extends IoMessageId> = Parameters<(typeof IO)[K]['en']>[0];

/** A usage error said from this catalogue. */
export function ioError<K extends IoMessageId>(id: K, params: ParamsOf<K>) {
  return errorOf(id, IO[id] as unknown as Text<ParamsOf<K>>, params);
}

/** The English words of an id and its entry (an error that the CLI says again in the run's language). */
export function ioWorded<K extends IoMessageId>(id: K, params: ParamsOf<K>): Worded {
  return wordsOf(id, IO[id] as unknown as Text<ParamsOf<K>>, params);
}

/** The English words of an id (a result's message; its entry travels beside it where a report can say it again). */
export function ioWords<K extends IoMessageId>(id: K, params: ParamsOf<K>): string {
  return (IO[id].en as (p: typeof params) => string)(params);
}

registerCatalogue((id) => (Object.hasOwn(IO, id) ? IO[id as IoMessageId] as unknown as Text<never> : undefined));
