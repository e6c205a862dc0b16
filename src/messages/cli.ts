import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';
import { UsageError } from '../io/errors.js';

/**
 * The command line's own sentences (issue 24 item 5), by id, in English and Arabic (issue 26): usage errors and notes
 * a person reads on the terminal. Code names the id and gives the parameters; the words live here.
 */
const q = (v: unknown) => JSON.stringify(v);

export const CLI = {
  'lang.unknown': {
    en: (p: { lang: string; names: readonly string[] }) => `--lang ${p.lang}: choose one of ${p.names.join(', ')}`,
    ar: (p: { lang: string; names: readonly string[] }) => `--lang ${p.lang}: اختر أحد ${p.names.join(', ')}`,
  },
  'format.unknown': {
    en: (p: { format: string; names: readonly string[] }) => `--format ${p.format}: choose one of ${p.names.join(', ')}`,
    ar: (p: { format: string; names: readonly string[] }) => `--format ${p.format}: اختر أحد ${p.names.join(', ')}`,
  },
  'format.not-here': {
    en: (p: { format: string; command: string; names: readonly string[] }) =>
      `--format ${p.format}: ${p.command} reports in ${p.names.join(', ')} (text is stylish's old name)`,
    ar: (p: { format: string; command: string; names: readonly string[] }) =>
      `--format ${p.format}: الأمر ${p.command} يكتب تقريره بإحدى الصيغ ${p.names.join(', ')} (text هو الاسم القديم لـ stylish)`,
  },
  'format.contradicts-output': {
    en: (p: { format: string; output: string; implied: string }) =>
      `--format ${p.format} --output ${p.output}: the file's extension says ${p.implied}; name the file for its format, or leave --format out and the extension chooses it`,
    ar: (p: { format: string; output: string; implied: string }) =>
      `--format ${p.format} --output ${p.output}: امتداد الملف يدل على ${p.implied}؛ سمِّ الملف بحسب صيغته، أو اترك --format فيختار الامتداد الصيغة`,
  },
  'entities.id-assigned': {
    en: (p: { file: string; sent: string; assigned: string | undefined }) =>
      `${p.file}: "entity_id": ${q(p.sent)} was not used: the service assigns entity ids. `
      + (p.assigned !== undefined
        ? `This entity is ${p.assigned}: invoices name it as "entity_id": ${q(p.assigned)}, and pintae entities pull saves its record under that id`
        : 'The answer named no id: pintae entities list shows it'),
    ar: (p: { file: string; sent: string; assigned: string | undefined }) =>
      `${p.file}: لم يُستعمل "entity_id": ${q(p.sent)}: الخدمة هي التي تُسند معرّفات الكيانات. `
      + (p.assigned !== undefined
        ? `هذا الكيان هو ${p.assigned}: تسمّيه الفواتير "entity_id": ${q(p.assigned)}، ويحفظ الأمر pintae entities pull سجله بهذا المعرّف`
        : 'لم يذكر الرد أي معرّف: يعرضه الأمر pintae entities list'),
  },
  'entity.not-found': {
    en: (p: { id: string; known: readonly string[] }) =>
      `Entity ${p.id} was not found: ${p.known.length ? `pintae knows ${p.known.length === 1 ? 'one entity' : 'these entities, closest first'}: ${p.known.join(', ')}. ` : 'pintae knows no entity here. '}`
      + `Supply its record with --entity <file>, or save it as .pintae/entities/${p.id}.json (pintae entities pull)`,
    ar: (p: { id: string; known: readonly string[] }) =>
      `الكيان ${p.id} غير موجود: ${p.known.length ? `يعرف pintae ${p.known.length === 1 ? 'كياناً واحداً' : 'هذه الكيانات، الأقرب أولاً'}: ${p.known.join(', ')}. ` : 'لا يعرف pintae أي كيان هنا. '}`
      + `قدّم سجله بالخيار --entity <file>، أو احفظه في .pintae/entities/${p.id}.json (pintae entities pull)`,
  },
  'input.xml-not-json': {
    en: (p: { file: string }) => `this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check ${p.file}`,
    ar: (p: { file: string }) => `هذا المدخل يحوي XML، لا نص طلب فاتورة (JSON): لفحص فاتورة UBL شغّل pintae check ${p.file}`,
  },
  'input.json-not-xml': {
    en: (p: { file: string }) => `this holds JSON, not XML: to validate an invoice request body, run pintae validate ${p.file}`,
    ar: (p: { file: string }) => `هذا المدخل يحوي JSON، لا XML: للتحقق من نص طلب فاتورة شغّل pintae validate ${p.file}`,
  },
} as const satisfies Record<string, Text<never>>;

export type CliMessageId = keyof typeof CLI;
type ParamsOf<K extends CliMessageId> = Parameters<(typeof CLI)[K]['en']>[0];

/** The English sentence of an id with its parameters. */
export function say<K extends CliMessageId>(id: K, params: ParamsOf<K>): string {
  return (CLI[id].en as (p: typeof params) => string)(params);
}

/** The words of an id with the reference that says them in another language (a finding, a warning). */
export function cliWords<K extends CliMessageId>(id: K, params: ParamsOf<K>): Worded {
  return wordsOf(id, CLI[id] as unknown as Text<ParamsOf<K>>, params);
}

/** A usage error said from the catalogue: English in its message, the reference for --lang. */
export function usageError<K extends CliMessageId>(id: K, params: ParamsOf<K>): UsageError {
  const words = cliWords(id, params);
  return new UsageError(words.message, 'usage', words.said);
}

registerCatalogue((id) => (Object.hasOwn(CLI, id) ? CLI[id as CliMessageId] as unknown as Text<never> : undefined));
