import type { Text } from './lang.js';
import { shellWord } from './shell.js';
import { registerCatalogue, speak, wordsOf, type MessageRef, type Worded } from './ref.js';
import type { Tongue } from './lang.js';
import { UsageError } from '../io/errors.js';

/**
 * The command line's own sentences (issue 24 item 5), by id, in English and Arabic (issue 26): usage errors and notes
 * a person reads on the terminal. Code names the id and gives the parameters; the words live here.
 */
const q = (v: unknown) => JSON.stringify(v);
/** Another entry's words in a tongue (an error said under an option's name); its English message where it has none. */
const inner = (said: MessageRef | undefined, message: string, tongue: Tongue) => (said === undefined ? undefined : speak(said, tongue)) ?? message;

/** What each entities action takes, when given more (`entities get a b`). */
const ARITY_EN: Readonly<Record<string, string>> = {
  list: 'no argument', get: 'one <entity_id>; entities pull <ids...> saves several',
  create: 'one JSON file of fields at most (with --set for more)', update: '<entity_id> and one JSON file of fields at most (with --set for more)',
  connect: 'one <entity_id>', disconnect: 'one <entity_id>', delete: 'one <entity_id>',
};
const ARITY_AR: Readonly<Record<string, string>> = {
  list: 'أي وسيط', get: '<entity_id> واحداً؛ ويحفظ entities pull <ids...> عدة كيانات',
  create: 'ملف JSON واحداً للحقول على الأكثر (ومعه --set لغيرها)', update: '<entity_id> وملف JSON واحداً للحقول على الأكثر (ومعه --set لغيرها)',
  connect: '<entity_id> واحداً', disconnect: '<entity_id> واحداً', delete: '<entity_id> واحداً',
};

/** The outcomes of push and bulk (the values of `outcome`), in the Arabic of the summary line. */
const OUTCOME_AR: Readonly<Record<string, string>> = {
  accepted: 'مقبولة', recovered: 'مقبولة من إرسال سابق', skipped: 'متخطّاة (مقبولة من قبل)', exists: 'مقدَّمة من قبل',
  rejected: 'مرفوضة', invalid: 'غير صالحة', refused: 'لم يُرسلها pintae', unknown: 'نتيجتها مجهولة', unsent: 'غير مرسلة', unreadable: 'غير مقروءة',
};

/** What a report holds, in a refusal's words ("its invoices would count twice"); Arabic with the possessive. */
const HELD_EN = { requests: 'invoices', invoice: 'invoices', credit_note: 'credit notes', tdd: 'Tax Data Documents', document: 'documents' } as const;
const HELD_AR = { requests: 'فواتيره', invoice: 'فواتيره', credit_note: 'إشعاراته الدائنة', tdd: 'مستندات البيانات الضريبية فيه', document: 'مستنداته' } as const;

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
  'output.is-input': {
    en: (p: { output: string; input: string }) => `--output ${p.output} is the input ${p.input}: the report would replace it (and be read as an input by the next run); name another file`,
    ar: (p: { output: string; input: string }) => `--output ${p.output} هو المُدخل ${p.input}: سيحلّ التقرير محلّه (ويُقرأ مُدخلاً في التشغيل التالي)؛ سمِّ ملفاً آخر`,
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
    en: (p: { file: string }) => `this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check ${shellWord(p.file)}`,
    ar: (p: { file: string }) => `هذا المدخل يحوي XML، لا نص طلب فاتورة (JSON): لفحص فاتورة UBL شغّل pintae check ${shellWord(p.file)}`,
  },
  'input.json-not-xml': {
    en: (p: { file: string }) => `this holds JSON, not XML: to validate an invoice request body, run pintae validate ${shellWord(p.file)}`,
    ar: (p: { file: string }) => `هذا المدخل يحوي JSON، لا XML: للتحقق من نص طلب فاتورة شغّل pintae validate ${shellWord(p.file)}`,
  },
  // The same advice to a caller of the library (createValidator): the method to call, not a command to run.
  'input.xml-not-json.library': {
    en: (_: Record<string, never>) => 'this holds XML, not an invoice request body (JSON): to check a UBL invoice, call check()',
    ar: (_: Record<string, never>) => 'هذا المدخل يحوي XML، لا نص طلب فاتورة (JSON): لفحص فاتورة UBL استدعِ check()',
  },
  'input.json-not-xml.library': {
    en: (_: Record<string, never>) => 'this holds JSON, not XML: to validate an invoice request body, call validate()',
    ar: (_: Record<string, never>) => 'هذا المدخل يحوي JSON، لا XML: للتحقق من نص طلب فاتورة استدعِ validate()',
  },
  // Arguments and options (issue 26, part 3): said in the run's language; names of options, files and values as written.
  'cli.takes-one': {
    en: (p: { command: 'rules add' | 'rules remove' | 'push'; n: number }) => `${p.command} takes one ${p.command === 'rules add' ? 'source' : p.command === 'rules remove' ? 'name' : 'file'} (got ${p.n})`
      + (p.command === 'rules add' ? '; run it once per rule set, each with its --name' : p.command === 'push' ? '; use pintae bulk for several' : ''),
    ar: (p: { command: 'rules add' | 'rules remove' | 'push'; n: number }) => `يأخذ ${p.command} ${p.command === 'rules add' ? 'مصدراً واحداً' : p.command === 'rules remove' ? 'اسماً واحداً' : 'ملفاً واحداً'} (المعطى: ${p.n})`
      + (p.command === 'rules add' ? '؛ شغّله مرة لكل مجموعة قواعد، كلٌّ باسمها --name' : p.command === 'push' ? '؛ استعمل pintae bulk لعدة ملفات' : ''),
  },
  'cli.empty-path': {
    en: (p: { flag: string; kind: 'file' | 'directory' | 'path' }) => `${p.flag}: the value is empty: give a ${p.kind} (is a variable unset?)`,
    ar: (p: { flag: string; kind: 'file' | 'directory' | 'path' }) => `${p.flag}: القيمة فارغة: حدّد ${p.kind === 'file' ? 'ملفاً' : p.kind === 'directory' ? 'مجلداً' : 'مساراً'} (هل المتغير غير معرَّف؟)`,
  },
  'cli.empty-argument': {
    en: (p: { command: string }) => `${p.command}: an empty argument names no file (is a variable unset?)`,
    ar: (p: { command: string }) => `${p.command}: معامل فارغ لا يسمّي ملفاً (هل المتغير غير معرَّف؟)`,
  },
  'cli.push-one-invoice': {
    en: (p: { path: string; n: number }) => `push sends one invoice; ${p.path} holds ${p.n}: use pintae bulk`,
    ar: (p: { path: string; n: number }) => `يرسل push فاتورة واحدة؛ وفي ${p.path} فواتير عددها ${p.n}: استعمل pintae bulk`,
  },
  'cli.chunk': {
    en: (p: { value: string }) => `--chunk ${p.value}: give a whole number from 1 to 1000`,
    ar: (p: { value: string }) => `--chunk ${p.value}: حدّد عدداً صحيحاً من 1 إلى 1000`,
  },
  'cli.timeout': {
    en: (p: { value: string }) => `--timeout ${p.value}: give a positive number of seconds`,
    ar: (p: { value: string }) => `--timeout ${p.value}: حدّد عدداً موجباً من الثواني`,
  },
  'cli.choose': {
    en: (p: { flag: string; value: string; allowed: readonly string[] }) => `${p.flag} ${p.value}: choose ${p.allowed.join(', ')}`,
    ar: (p: { flag: string; value: string; allowed: readonly string[] }) => `${p.flag} ${p.value}: اختر ${p.allowed.join(', ')}`,
  },
  'cli.choose-or': {
    en: (p: { flag: string; value: string; a: string; b: string }) => `${p.flag} ${p.value}: choose ${p.a} or ${p.b}`,
    ar: (p: { flag: string; value: string; a: string; b: string }) => `${p.flag} ${p.value}: اختر ${p.a} أو ${p.b}`,
  },
  'cli.max-warnings': {
    en: (p: { value: string }) => `--max-warnings ${p.value}: give a whole number, 0 or more`,
    ar: (p: { value: string }) => `--max-warnings ${p.value}: حدّد عدداً صحيحاً، صفراً أو أكثر`,
  },
  'cli.uuid-both': {
    en: (_: Record<string, never>) => '--uuid and --deterministic cannot be used together',
    ar: (_: Record<string, never>) => 'لا يُستعمل --uuid و--deterministic معاً',
  },
  'cli.uuid-bad': {
    en: (p: { uuid: string }) => `--uuid ${p.uuid}: not a UUID (8-4-4-4-12 hexadecimal digits)`,
    ar: (p: { uuid: string }) => `--uuid ${p.uuid}: ليس UUID (أرقام ست عشرية بالتقسيم 8-4-4-4-12)`,
  },
  'cli.validate-out-dir-dash': {
    en: (_: Record<string, never>) => 'validate --out-dir -: to print an invoice\'s XML on standard output, use pintae build <file>',
    ar: (_: Record<string, never>) => 'validate --out-dir -: لطباعة XML الفاتورة على الإخراج القياسي استعمل pintae build <file>',
  },
  'cli.stdout-one': {
    en: (p: { command: 'build' | 'tdd'; n: number }) => `${p.command === 'build' ? 'build prints one invoice\'s XML' : 'tdd prints one TDD'} to standard output; for ${p.n} inputs give --out-dir <directory>`,
    ar: (p: { command: 'build' | 'tdd'; n: number }) => `${p.command === 'build' ? 'يطبع build ملف XML لفاتورة واحدة' : 'يطبع tdd مستند بيانات ضريبية واحداً'} على الإخراج القياسي؛ وللمدخلات وعددها ${p.n} حدّد --out-dir <directory>`,
  },
  'cli.build-holds': {
    en: (p: { input: string; n: number }) => `build prints one invoice's XML to standard output, and ${p.input} holds ${p.n}: give --out-dir <directory> to write them all`,
    ar: (p: { input: string; n: number }) => `يطبع build ملف XML لفاتورة واحدة على الإخراج القياسي، وفي ${p.input} فواتير عددها ${p.n}: حدّد --out-dir <directory> لكتابتها كلها`,
  },
  'cli.out-dir-not-dir': {
    en: (p: { dir: string }) => `--out-dir ${p.dir}: exists and is not a directory`,
    ar: (p: { dir: string }) => `--out-dir ${p.dir}: موجود وليس مجلداً`,
  },
  'cli.build-output-report': {
    en: (p: { file: string }) => `--output ${p.file} is the run's report (JUnit, by its extension), not the invoice's XML, which goes to standard output: pintae build <input> > ${shellWord(p.file)}, or --out-dir <dir>`,
    ar: (p: { file: string }) => `--output ${p.file} هو تقرير التشغيل (JUnit، بحسب امتداده)، لا ملف XML الخاص بالفاتورة، الذي يذهب إلى الإخراج القياسي: pintae build <input> > ${shellWord(p.file)}، أو --out-dir <dir>`,
  },
  'cli.build-stale': {
    en: (p: { path: string; input: string; dir: string }) => `${p.path} is left from an earlier run: ${p.input} failed this time, so its XML was not written — remove the old file before sending what is in ${p.dir}`,
    ar: (p: { path: string; input: string; dir: string }) => `${p.path} باقٍ من تشغيل سابق: فشل ${p.input} هذه المرة فلم يُكتب ملف XML الخاص به — احذف الملف القديم قبل إرسال ما في ${p.dir}`,
  },
  'cli.xml-unwritten': {
    en: (p: { reason: string }) => `its XML could not be written: ${p.reason}`,
    ar: (p: { reason: string }) => `تعذرت كتابة ملف XML الخاص بها: ${p.reason}`,
  },
  'cli.remote-build': {
    en: (_: Record<string, never>) => '--remote applies to validate only',
    ar: (_: Record<string, never>) => '--remote لا ينطبق إلا على validate',
  },
  'cli.remote-format': {
    en: (p: { format: string; file: string | undefined }) => `${p.file === undefined ? `--format ${p.format}` : `"format": "${p.format}" in ${p.file}`}: validate --remote reports in stylish or json (--format stylish or --format json)`,
    ar: (p: { format: string; file: string | undefined }) => `${p.file === undefined ? `--format ${p.format}` : `"format": "${p.format}" في ${p.file}`}: يكتب validate --remote تقريره بالصيغة stylish أو json (--format stylish أو --format json)`,
  },
  'cli.remote-ignored': {
    en: (p: { flags: readonly string[] }) => `${p.flags.join(', ')}: not available with validate --remote, which prints the comparison and exits 1 on any difference or invalid invoice`,
    ar: (p: { flags: readonly string[] }) => `${p.flags.join(', ')}: غير متاح مع validate --remote، الذي يطبع المقارنة وينتهي بالرمز 1 عند أي اختلاف أو فاتورة غير صالحة`,
  },
  'cli.stdin-unreadable': {
    en: (p: { reason: string }) => `standard input could not be read: ${p.reason}`,
    ar: (p: { reason: string }) => `تعذرت قراءة الإدخال القياسي: ${p.reason}`,
  },
  'cli.xsd-unplaced': {
    en: (p: { line: string }) => `--xsd: libxml2 said, about no file it named: ${p.line}`,
    ar: (p: { line: string }) => `--xsd: قال libxml2، دون أن يسمّي ملفاً: ${p.line}`,
  },
  // The spinner's line of push, bulk and status (a terminal only): what is being done now.
  'cli.progress.validating': { en: (_: Record<string, never>) => 'validating', ar: (_: Record<string, never>) => 'جارٍ التحقق' },
  'cli.progress.sending': {
    en: (p: { from?: number; to?: number; total?: number }) => (p.total === undefined ? 'sending' : `sending ${p.from}–${p.to} of ${p.total}`),
    ar: (p: { from?: number; to?: number; total?: number }) => (p.total === undefined ? 'جارٍ الإرسال' : `جارٍ إرسال ${p.from}–${p.to} من ${p.total}`),
  },
  'cli.progress.waiting-all': {
    en: (p: { pending: number; total: number }) => `waiting: ${p.pending} of ${p.total} not terminal yet`,
    ar: (p: { pending: number; total: number }) => `جارٍ الانتظار: ${p.pending} من ${p.total} لم تبلغ حالة نهائية بعد`,
  },
  'cli.progress.reading': {
    en: (p: { id?: string; n: number }) => `reading ${p.id ?? `${p.n} invoices`}`,
    ar: (p: { id?: string; n: number }) => `جارٍ قراءة ${p.id ?? `الفواتير (${p.n})`}`,
  },
  'cli.progress.waiting-for': {
    en: (p: { id?: string; left: number; n: number }) => `waiting for ${p.id ?? `${p.left} of ${p.n} invoices`}`,
    ar: (p: { id?: string; left: number; n: number }) => `جارٍ انتظار ${p.id ?? `${p.left} من ${p.n} فاتورة`}`,
  },
  // An output option's problem (src/io/write.ts), under the option's name: `--output report.json: cannot write: …`.
  'cli.option-output': {
    en: (p: { flag: string; message: string; said?: MessageRef }) => `${p.flag} ${inner(p.said, p.message, 'en')}`,
    ar: (p: { flag: string; message: string; said?: MessageRef }) => `${p.flag} ${inner(p.said, p.message, 'ar')}`,
  },
  'cli.jobs': {
    en: (p: { value: string }) => `--jobs ${p.value}: give a whole number, 1 or more`,
    ar: (p: { value: string }) => `--jobs ${p.value}: حدّد عدداً صحيحاً، 1 أو أكثر`,
  },
  'cli.shard': {
    en: (p: { value: string }) => `--shard ${p.value}: give k/n with 1 ≤ k ≤ n, e.g. --shard 2/4`,
    ar: (p: { value: string }) => `--shard ${p.value}: حدّد k/n بحيث 1 ≤ k ≤ n، مثل --shard 2/4`,
  },
  'cli.files-from-stdin-twice': {
    en: (_: Record<string, never>) => '--files-from - and - both want standard input: choose one',
    ar: (_: Record<string, never>) => '--files-from - و- كلاهما يطلب الإدخال القياسي: اختر أحدهما',
  },
  'cli.files-from-empty': {
    en: (p: { file: string }) => `--files-from ${p.file}: the list names no file`,
    ar: (p: { file: string }) => `--files-from ${p.file}: لا تسمّي القائمة أي ملف`,
  },
  'cli.today': {
    en: (p: { value: string }) => `--today ${p.value}: give a calendar date as YYYY-MM-DD`,
    ar: (p: { value: string }) => `--today ${p.value}: حدّد تاريخاً تقويمياً بالصيغة YYYY-MM-DD`,
  },
  // Worded by what the reports hold (qa10 item 4): invoice requests (validate) warn as duplicates of themselves too.
  'cli.merge.overlap': {
    en: (p: { first: string; second: string; input: string; held: 'requests' | 'invoice' | 'credit_note' | 'tdd' | 'document' }) =>
      `${p.first === p.second ? `${p.first} is named twice` : `${p.first} and ${p.second} both report ${p.input}`}: merged, its ${HELD_EN[p.held]} would count twice${p.held === 'requests' ? ' and each warn as a duplicate of itself' : ''}. `
      + 'Give each shard\'s report once, and not a merged report with the shards it was made from',
    ar: (p: { first: string; second: string; input: string; held: 'requests' | 'invoice' | 'credit_note' | 'tdd' | 'document' }) =>
      `${p.first === p.second ? `ذُكر ${p.first} مرتين` : `يذكر كلٌّ من ${p.first} و${p.second} المُدخل ${p.input}`}: لو دُمجا لعُدّت ${HELD_AR[p.held]} مرتين${p.held === 'requests' ? ' ولنُبّه على كل منها أنها مكرّرة لنفسها' : ''}. `
      + 'قدّم تقرير كل جزء مرة واحدة، ولا تقدّم تقريراً مدموجاً مع الأجزاء التي صُنع منها',
  },
  // The word before every warning on standard error (`pintae: warning: …`): one word, in the run's language (en+ar: English).
  'cli.warning-word': { en: (_: Record<string, never>) => 'warning', ar: (_: Record<string, never>) => 'تحذير' },
  // A file the run reads through an option (--entity, --rates, --config) found again by a folder or glob of inputs.
  'cli.option-file-left-out': {
    en: (p: { path: string; option: string }) => `${p.path} is the run's ${p.option} file, not an invoice: left out of the inputs`,
    ar: (p: { path: string; option: string }) => `${p.path} هو ملف ${p.option} لهذا التشغيل، وليس فاتورة: استُبعد من المدخلات`,
  },
  'cli.merge.rule-sets-differ': {
    en: (p: { set: string; first: string; second: string }) =>
      `${p.first} and ${p.second} were judged by different rules under one name, ${p.set} (their hashes differ): merged all the same, each document keeps the rule_set its report names`,
    ar: (p: { set: string; first: string; second: string }) =>
      `فُحص ${p.first} و${p.second} بقواعد مختلفة تحت اسم واحد، ${p.set} (تختلف بصمتاهما): دُمجا مع ذلك، ويحتفظ كل مستند بـ rule_set الذي يذكره تقريره`,
  },
  'cli.not-a-report': {
    en: (p: { at: string; reason: string }) => `${p.at}: not a pintae JSON report: ${p.reason}`,
    ar: (p: { at: string; reason: string }) => `${p.at}: ليس تقرير JSON من pintae: ${p.reason}`,
  },
  'cli.whole-number': {
    en: (p: { name: string; value: string; max: number }) => `${p.name} ${p.value}: expected a whole number from 0 to ${p.max}`,
    ar: (p: { name: string; value: string; max: number }) => `${p.name} ${p.value}: المتوقع عدد صحيح من 0 إلى ${p.max}`,
  },
  'cli.share': {
    en: (p: { name: string; value: string }) => `${p.name} ${p.value}: expected a number from 0 to 1`,
    ar: (p: { name: string; value: string }) => `${p.name} ${p.value}: المتوقع عدد من 0 إلى 1`,
  },
  'cli.port': {
    en: (p: { port: number; inUse: boolean }) => `--port ${p.port}: ${p.inUse ? 'address already in use' : 'permission denied'}`,
    ar: (p: { port: number; inUse: boolean }) => `--port ${p.port}: ${p.inUse ? 'العنوان مستعمل من قبل' : 'الإذن مرفوض'}`,
  },
  'cli.sandbox-listening': {
    en: (p: { url: string; dataDir: string }) => `pintae sandbox: listening on ${p.url}, data in ${p.dataDir}`,
    ar: (p: { url: string; dataDir: string }) => `pintae sandbox: يستمع على ${p.url}، والبيانات في ${p.dataDir}`,
  },
  'cli.sandbox-tokens': {
    en: (p: { file: string; created: boolean }) => `  access tokens: ${p.file}${p.created ? ' (created with one token)' : ''}; use one in your shell with`,
    ar: (p: { file: string; created: boolean }) => `  رموز الوصول: ${p.file}${p.created ? ' (أُنشئ برمز واحد)' : ''}؛ استعمل أحدها في الصدفة (shell) بالأمرين`,
  },
  'cli.sandbox-draining': {
    en: (p: { signal: string; seconds: number }) => `pintae sandbox: ${p.signal}, closing: no new requests; those in flight are answered (at most ${p.seconds} s)`,
    ar: (p: { signal: string; seconds: number }) => `pintae sandbox: ${p.signal}، إغلاق: لا طلبات جديدة؛ ويُرد على الطلبات الجارية (خلال ${p.seconds} ث على الأكثر)`,
  },
  'cli.sandbox-cut': {
    en: (p: { cut: number }) => `pintae sandbox: ${p.cut} request${p.cut === 1 ? '' : 's'} still unanswered after the drain timeout ${p.cut === 1 ? 'was' : 'were'} cut`,
    ar: (p: { cut: number }) => `pintae sandbox: قُطعت طلبات لم يُرد عليها بعد انقضاء مهلة الإنهاء، عددها ${p.cut}`,
  },
  'cli.sandbox-keeps': {
    en: (_: Record<string, never>) => '  Ctrl-C stops it; everything stays in the data directory for the next start.',
    ar: (_: Record<string, never>) => '  يوقفه Ctrl-C؛ ويبقى كل شيء في مجلد البيانات للتشغيل التالي.',
  },
  'cli.tdd-no-input': {
    en: (_: Record<string, never>) => 'no input: give UBL invoice XML or invoice request JSON files, directories, or - for standard input',
    ar: (_: Record<string, never>) => 'لا مدخلات: حدّد ملفات XML لفواتير UBL أو ملفات JSON لطلبات الفواتير، أو مجلدات، أو - للإدخال القياسي',
  },
  'cli.tdd-empty-dir': {
    en: (p: { path: string }) => `${p.path}: the directory holds no .xml or .json files`,
    ar: (p: { path: string }) => `${p.path}: لا يحوي المجلد أي ملفات .xml أو .json`,
  },
  'cli.tdd-parties': {
    en: (p: { missing: ReadonlyArray<'receiver' | 'representative'> }) => `${p.missing.map((k) => `--${k}`).join(' and ')}: required (the FTA's service provider and yours, 0242:<id>); give ${p.missing.length > 1 ? 'them' : 'it'} here or as ${p.missing.map((k) => `"tdd": {"${k}": …}`).join(', ')} in the config file`,
    ar: (p: { missing: ReadonlyArray<'receiver' | 'representative'> }) => `${p.missing.map((k) => `--${k}`).join(' و')}: مطلوب (مزوّد خدمة الهيئة الاتحادية للضرائب ومزوّد خدمتك، 0242:<id>)؛ ${p.missing.length > 1 ? 'حدّدهما' : 'حدّده'} هنا أو بصيغة ${p.missing.map((k) => `"tdd": {"${k}": …}`).join(', ')} في ملف الإعدادات`,
  },
  'cli.tdd-transport-one': {
    en: (p: { n: number }) => `--transport-id names one Peppol message: give one input with it (got ${p.n})`,
    ar: (p: { n: number }) => `--transport-id يسمّي رسالة Peppol واحدة: حدّد معه مدخلاً واحداً (المعطى: ${p.n})`,
  },
  'cli.tdd-holds': {
    en: (p: { file: string; n: number }) => `${p.file} holds ${p.n} invoices: give --out-dir <directory> for their TDDs`,
    ar: (p: { file: string; n: number }) => `في ${p.file} فواتير عددها ${p.n}: حدّد --out-dir <directory> لمستندات بياناتها الضريبية`,
  },
  'cli.tdd-transport-many': {
    en: (p: { file: string; n: number }) => `--transport-id names one Peppol message: ${p.file} holds ${p.n} invoices, each sent as a message of its own`,
    ar: (p: { file: string; n: number }) => `--transport-id يسمّي رسالة Peppol واحدة: وفي ${p.file} فواتير عددها ${p.n}، تُرسل كل منها في رسالة خاصة بها`,
  },
  // Names what the TDD reports: an invoice, or a credit note (qa10 item 3).
  'cli.tdd-generated': {
    en: (p: { id: string; document: 'invoice' | 'credit_note' }) => `no --transport-id: the TDD carries a generated one, ${p.id}; give the transport header id of the ${p.document === 'credit_note' ? 'credit note' : 'invoice'}'s Peppol message`,
    ar: (p: { id: string; document: 'invoice' | 'credit_note' }) => `لا --transport-id: يحمل مستند البيانات الضريبية معرّفاً مولَّداً، ${p.id}؛ حدّد معرّف ترويسة النقل لرسالة Peppol الخاصة ${p.document === 'credit_note' ? 'بالإشعار الدائن' : 'بالفاتورة'}`,
  },
  'cli.tdd-refused': {
    en: (p: { n: number; type: string }) => `no TDD written: the document has ${p.n === 1 ? '1 error' : `${p.n} errors`}; a TDD of type ${p.type} reports a valid document (the receiver of a document that fails validation reports it as a TDS, with --type F)`,
    ar: (p: { n: number; type: string }) => `لم يُكتب مستند بيانات ضريبية: في المستند أخطاء عددها ${p.n}؛ ومستند البيانات الضريبية من النوع ${p.type} يبلّغ عن مستند صالح (مستلِم مستند لم يجتز التحقق يبلّغ عنه بمستند TDS، مع --type F)`,
  },
  'cli.tdd-renamed': {
    en: (p: { path: string; first: string; input: string }) => `its TDD is written as ${p.path}: ${p.first} holds the TDD of ${p.input}, an input of the same name`,
    ar: (p: { path: string; first: string; input: string }) => `كُتب مستند البيانات الضريبية الخاص به باسم ${p.path}: لأن ${p.first} يحوي مستند ${p.input}، وهو مُدخل بالاسم نفسه`,
  },
  'cli.tdd-none': {
    en: (_: Record<string, never>) => 'no TDD could be made',
    ar: (_: Record<string, never>) => 'تعذر إعداد مستند البيانات الضريبية',
  },
  'cli.fields-object': {
    en: (p: { file: string }) => `${p.file}: the entity fields must be a JSON object`,
    ar: (p: { file: string }) => `${p.file}: يجب أن تكون حقول الكيان كائن JSON`,
  },
  'cli.fields-deep': {
    en: (p: { at: string; key: string; depth: number }) => `${p.at}: ${p.key} is nested more than ${p.depth} levels deep (no entity field is more than a string)`,
    ar: (p: { at: string; key: string; depth: number }) => `${p.at}: ${p.key} متداخل أعمق من ${p.depth} مستويات (لا يتجاوز أي حقل من حقول الكيان نصاً)`,
  },
  'cli.set-form': {
    en: (p: { set: string }) => `--set ${p.set}: give key=value`,
    ar: (p: { set: string }) => `--set ${p.set}: حدّد key=value`,
  },
  'cli.fields-none': {
    en: (_: Record<string, never>) => 'no entity fields: give a JSON file and/or --set key=value',
    ar: (_: Record<string, never>) => 'لا حقول للكيان: حدّد ملف JSON و/أو --set key=value',
  },
  'cli.id-dot': {
    en: (p: { id: string }) => `${JSON.stringify(p.id)} is not an id the API can be asked about: a URL path reads "." and ".." as directories, so the request would go to another address (for entities delete, another resource)`,
    ar: (p: { id: string }) => `${JSON.stringify(p.id)} ليس معرّفاً يمكن سؤال الواجهة البرمجية عنه: يقرأ مسار URL "." و".." على أنهما مجلدان، فيذهب الطلب إلى عنوان آخر (وفي entities delete إلى مورد آخر)`,
  },
  'cli.status-blank-id': {
    en: (_: Record<string, never>) => 'status needs invoice ids: an empty one names no invoice (an unset shell variable?)',
    ar: (_: Record<string, never>) => 'يحتاج status إلى معرّفات الفواتير: المعرّف الفارغ لا يدل على فاتورة (متغيّر صدفة غير مضبوط؟)',
  },
  'cli.entities-needs': {
    en: (p: { action: string }) => `entities ${p.action} needs <entity_id>`,
    ar: (p: { action: string }) => `يحتاج entities ${p.action} إلى <entity_id>`,
  },
  'cli.entities-arity': {
    en: (p: { action: string; n: number }) => `entities ${p.action} takes ${ARITY_EN[p.action] ?? 'fewer arguments'} (got ${p.n} argument${p.n === 1 ? '' : 's'})`,
    ar: (p: { action: string; n: number }) => `${p.action === 'list' ? 'لا يأخذ entities list' : `يأخذ entities ${p.action}`} ${ARITY_AR[p.action] ?? 'وسائط أقل'} (المعطى: ${p.n})`,
  },
  'cli.entities-delete-yes': {
    en: (_: Record<string, never>) => 'entities delete removes the entity permanently: add --yes to confirm',
    ar: (_: Record<string, never>) => 'يحذف entities delete الكيان نهائياً: أضف --yes للتأكيد',
  },
  'cli.entities-action': {
    en: (p: { action: string }) => `entities ${p.action}: choose list, get, create, update, connect, disconnect, delete or pull`,
    ar: (p: { action: string }) => `entities ${p.action}: اختر list أو get أو create أو update أو connect أو disconnect أو delete أو pull`,
  },
  'cli.entities-none': {
    en: (p: { user: string | undefined }) => (p.user ? `no entities for user ${p.user}` : 'no entities'),
    ar: (p: { user: string | undefined }) => (p.user ? `لا كيانات للمستخدم ${p.user}` : 'لا كيانات'),
  },
  'cli.entity-done': {
    en: (p: { id: string; action: 'connect' | 'disconnect' | 'delete' }) => `${p.id} ${p.action === 'delete' ? 'deleted' : `${p.action}ed`}`,
    ar: (p: { id: string; action: 'connect' | 'disconnect' | 'delete' }) => `${p.id}: ${p.action === 'connect' ? 'رُبط' : p.action === 'disconnect' ? 'فُصل' : 'حُذف'}`,
  },
  'cli.pull-not-file-name': {
    en: (p: { id: string }) => `${p.id}: not saved (the entity_id cannot be a file name)`,
    ar: (p: { id: string }) => `${p.id}: لم يُحفظ (لا يصلح entity_id اسماً لملف)`,
  },
  'cli.pull-holds-token': {
    en: (p: { id: string }) => `${p.id}: not saved (the entity_id holds the access token)`,
    ar: (p: { id: string }) => `${p.id}: لم يُحفظ (يحوي entity_id رمز الوصول)`,
  },
  // A "ruleSet" in a config file found upward (a checkout's, perhaps a pull request's): said, since it replaces the rules.
  'cli.config-rule-set': {
    en: (p: { file: string; ruleSet: string }) => `${p.file} (found, not named with --config) has every document judged by the rule set ${p.ruleSet}, not by the PINT-AE rules pintae chooses for each document; --rules builtin lets pintae choose`,
    ar: (p: { file: string; ruleSet: string }) => `${p.file} (ملف إعدادات عُثر عليه ولم يُسمَّ بـ --config) يجعل كل مستند يُفحص وفق مجموعة القواعد ${p.ruleSet}، لا وفق قواعد PINT-AE التي يختارها pintae لكل مستند؛ الخيار --rules builtin يترك الاختيار لـ pintae`,
  },
  'cli.pull-none': {
    en: (_: Record<string, never>) => 'no entity is connected to this application',
    ar: (_: Record<string, never>) => 'لا كيان مربوط بهذا التطبيق',
  },
  'cli.entity-fetched': {
    en: (p: { id: string }) => `entity ${p.id} read from the API for the offline validation (pintae entities pull keeps a local copy)`,
    ar: (p: { id: string }) => `قُرئ الكيان ${p.id} من الواجهة البرمجية للتحقق دون اتصال (يحفظ pintae entities pull نسخة محلية)`,
  },
  'cli.status-still': {
    en: (p: { id: string; status: string; seconds: number }) => `${p.id} is still ${p.status} after --timeout ${p.seconds} s`,
    ar: (p: { id: string; status: string; seconds: number }) => `${p.id} ما زالت ${p.status} بعد --timeout ${p.seconds} ث`,
  },
  'cli.not-terminal': {
    en: (p: { yet: boolean }) => (p.yet ? 'not terminal yet' : 'not terminal'),
    ar: (p: { yet: boolean }) => (p.yet ? 'لم تبلغ حالة نهائية بعد' : 'ليست حالة نهائية'),
  },
  'cli.wait-timeout': {
    en: (_: Record<string, never>) => '--timeout reached before every invoice was terminal',
    ar: (_: Record<string, never>) => 'انقضى --timeout قبل أن تبلغ كل الفواتير حالة نهائية',
  },
  'cli.follow-failed': {
    en: (p: { reason: string }) => `could not follow the invoices to a terminal status: ${p.reason}`,
    ar: (p: { reason: string }) => `تعذرت متابعة الفواتير حتى حالة نهائية: ${p.reason}`,
  },
  'cli.submit-summary': {
    en: (p: { total: number; counts: ReadonlyArray<readonly [string, number]> }) =>
      `${p.total} invoice${p.total === 1 ? '' : 's'}: ${p.counts.map(([o, n]) => `${n} ${o === 'exists' ? 'already submitted' : o}`).join(', ') || 'none'}`,
    ar: (p: { total: number; counts: ReadonlyArray<readonly [string, number]> }) =>
      `الفواتير: ${p.total} — ${p.counts.map(([o, n]) => `${OUTCOME_AR[o] ?? o}: ${n}`).join('، ') || 'لا شيء'}`,
  },
  'cli.retrying': {
    en: (p: { method: string; path: string; reason: string; ms: number; attempt: number }) => `${p.method} ${p.path}: ${p.reason}; retrying in ${p.ms} ms (attempt ${p.attempt})`,
    ar: (p: { method: string; path: string; reason: string; ms: number; attempt: number }) => `${p.method} ${p.path}: ${p.reason}؛ إعادة المحاولة بعد ${p.ms} ms (المحاولة ${p.attempt})`,
  },
  'cli.rules-engine': {
    en: (p: { engine: string }) => `--engine ${p.engine}: not an engine pintae has (native, the default, or saxon-js)`,
    ar: (p: { engine: string }) => `--engine ${p.engine}: ليس محركاً لدى pintae (native، وهو الافتراضي، أو saxon-js)`,
  },
  'cli.rules-adding': {
    en: (p: { source: string }) => `adding ${p.source} …`,
    ar: (p: { source: string }) => `إضافة ${p.source} …`,
  },
  'cli.rules-added': {
    en: (p: { name: string; version: string | undefined; layers: readonly string[]; hash: string }) =>
      `added ${p.name}${p.version ? ` (version ${p.version})` : ''}: ${p.layers.length} layer${p.layers.length === 1 ? '' : 's'} (${p.layers.join(', ')}), hash ${p.hash}`,
    ar: (p: { name: string; version: string | undefined; layers: readonly string[]; hash: string }) =>
      `أُضيفت ${p.name}${p.version ? ` (الإصدار ${p.version})` : ''}: الطبقات: ${p.layers.length} (${p.layers.join(', ')})، البصمة ${p.hash}`,
  },
  'cli.rules-layer-saxon': {
    en: (p: { from: string; unsupported: string }) => `${p.from} runs on Saxon-JS: pintae's evaluator cannot compile ${p.unsupported}`,
    ar: (p: { from: string; unsupported: string }) => `${p.from} تعمل على Saxon-JS: لا يستطيع مقيِّم pintae ترجمة ${p.unsupported}`,
  },
  'cli.rules-judges': {
    en: (p: { customizations: readonly string[]; from: string | undefined; to: string | undefined; always: boolean }) =>
      `judges ${p.customizations.join(', ')} documents issued ${p.always ? 'on any date' : `from ${p.from ?? 'any date'} to ${p.to ?? 'any date'}`} (where it is the newest set valid on the date)`,
    ar: (p: { customizations: readonly string[]; from: string | undefined; to: string | undefined; always: boolean }) =>
      `تحكم على مستندات ${p.customizations.join(', ')} الصادرة ${p.always ? 'في أي تاريخ' : `من ${p.from ?? 'أي تاريخ'} إلى ${p.to ?? 'أي تاريخ'}`} (حيث تكون أحدث مجموعة صالحة في التاريخ)`,
  },
  'cli.rules-no-customization': {
    en: (_: Record<string, never>) => 'names no customization: used only with --rules (say which with --customization to have it chosen by issue date)',
    ar: (_: Record<string, never>) => 'لا تسمّي أي customization: تُستعمل مع --rules فقط (حدّدها بـ --customization لتُختار بحسب تاريخ الإصدار)',
  },
  'cli.rules-use': {
    en: (p: { name: string }) => `use it with --rules ${p.name}`,
    ar: (p: { name: string }) => `استعملها بـ --rules ${p.name}`,
  },
  'cli.rules-unknown-customization': {
    en: (p: { id: string; known: readonly string[] }) => `${p.id} is none of the customizations pintae knows (${p.known.join(', ')}): the set judges only documents whose cbc:CustomizationID is exactly ${p.id}`,
    ar: (p: { id: string; known: readonly string[] }) => `${p.id} ليس أياً من قيم customization التي يعرفها pintae (${p.known.join(', ')}): لا تحكم المجموعة إلا على المستندات التي قيمة cbc:CustomizationID فيها ${p.id} تماماً`,
  },
  'cli.rules-replaced': {
    en: (p: { name: string; hash: string; source: string; version: string | undefined }) => `${p.name} held other rules before (${p.version ? `version ${p.version}, ` : ''}hash ${p.hash}, from ${p.source}): they are replaced, and every run with --rules ${p.name} now uses the new ones`,
    ar: (p: { name: string; hash: string; source: string; version: string | undefined }) => `كانت ${p.name} تضم قواعد أخرى (${p.version ? `الإصدار ${p.version}، ` : ''}البصمة ${p.hash}، من ${p.source}): استُبدلت، وكل تشغيل بـ --rules ${p.name} يستعمل الجديدة الآن`,
  },
  'cli.rules-none': {
    en: (p: { name: string }) => `no rule set named ${p.name} was added (pintae rules list)`,
    ar: (p: { name: string }) => `لم تُضف أي مجموعة قواعد باسم ${p.name} (pintae rules list)`,
  },
  'cli.rules-removed': {
    en: (p: { name: string }) => `removed ${p.name}`,
    ar: (p: { name: string }) => `حُذفت ${p.name}`,
  },
  'cli.rules-cache': {
    en: (p: { dir: string }) => `(cache: ${p.dir})`,
    ar: (p: { dir: string }) => `(ذاكرة التخزين المؤقت: ${p.dir})`,
  },
  'cli.internal': {
    en: (p: { reason: string }) => `internal error: ${p.reason}`,
    ar: (p: { reason: string }) => `خطأ داخلي: ${p.reason}`,
  },
  'cli.stdout-failed': {
    en: (p: { reason: string }) => `the report could not be written to standard output: ${p.reason}`,
    ar: (p: { reason: string }) => `تعذرت كتابة التقرير على الإخراج القياسي: ${p.reason}`,
  },
  // validate --remote: the comparison of pintae's verdict with the service's dry run, as stylish prints it.
  'cli.remote.valid': { en: (_: Record<string, never>) => 'valid', ar: (_: Record<string, never>) => 'صالحة' },
  'cli.remote.invalid': {
    en: (p: { n: number }) => `invalid, ${p.n} error${p.n === 1 ? '' : 's'}`,
    ar: (p: { n: number }) => `غير صالحة، الأخطاء: ${p.n}`,
  },
  'cli.remote.rejected': { en: (_: Record<string, never>) => 'rejected (400)', ar: (_: Record<string, never>) => 'مرفوضة (400)' },
  'cli.remote.verdicts': {
    en: (p: { offline: string; remote: string; state: string }) => `offline: ${p.offline}    remote: ${p.remote}    ${p.state}`,
    ar: (p: { offline: string; remote: string; state: string }) => `محلياً: ${p.offline}    لدى الخدمة: ${p.remote}    ${p.state}`,
  },
  'cli.remote.agree': { en: (_: Record<string, never>) => 'agree', ar: (_: Record<string, never>) => 'متفقتان' },
  'cli.remote.differ': { en: (_: Record<string, never>) => 'DIFFER', ar: (_: Record<string, never>) => 'مختلفتان' },
  'cli.remote.verdicts-differ': { en: (_: Record<string, never>) => 'verdicts differ', ar: (_: Record<string, never>) => 'النتيجتان مختلفتان' },
  'cli.remote.only-offline': { en: (_: Record<string, never>) => 'only offline', ar: (_: Record<string, never>) => 'محلياً فقط' },
  'cli.remote.only-remote': { en: (_: Record<string, never>) => 'only remote', ar: (_: Record<string, never>) => 'لدى الخدمة فقط' },
  'cli.remote.summary': {
    en: (p: { n: number; agree: number; differ: number; notCompared: number }) => `${p.n} invoice${p.n === 1 ? '' : 's'}: ${p.agree} agree, ${p.differ} differ${p.notCompared ? `, ${p.notCompared} not compared` : ''}`,
    ar: (p: { n: number; agree: number; differ: number; notCompared: number }) => `الفواتير: ${p.n} — متفقة: ${p.agree}، مختلفة: ${p.differ}${p.notCompared ? `، لم تُقارن: ${p.notCompared}` : ''}`,
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
