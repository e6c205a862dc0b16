import type { Text } from './lang.js';
import { readBackFrom, reasonRef } from './reasons.js';
import { registerCatalogue, speak, wordsOf, type Worded } from './ref.js';

/**
 * What the rule-set layer says to a person (issue 26, the part it escaped): why a rule set cannot be named, added,
 * read, compiled or removed (src/schematron: add.ts, rulesets.ts, cache.ts, release.ts, sef.ts, guard/), what the
 * static check refused, and the words of `rules list`. English and Arabic, by id; option names, file paths, rule
 * set names, function names, namespaces and caps stay as written, digits Western.
 *
 * A RuleSetError carries the entry it was said from (`said`), so the CLI says it in the run's language. A refusal's
 * construct and reason (guard/*) stay the check's English data (they are listed and tested as such); their Arabic is
 * found here by their English (REFUSAL_AR, CONSTRUCT_AR), and a scan test holds every reason the check writes to
 * having one. A `reason` that is a lower layer's words (the XML reader's, Saxon's) stays as that layer says it.
 */
const q = (v: unknown) => JSON.stringify(v);
type None = Record<string, never>;
const fixed = (en: string, ar: string): Text<None> => ({ en: () => en, ar: () => ar });

/** The static check's reasons (guard/*: names.ts FN_REFUSED and XSL_REFUSED, files.ts, source.ts, sef.ts, index.ts), in Arabic. */
export const REFUSAL_AR: Readonly<Record<string, string>> = {
  // Functions (names.ts FN_REFUSED).
  'reads another document (a file or a URL)': 'يقرأ مستنداً آخر (ملفاً أو عنوان URL)',
  'tells whether a file or URL can be read': 'يخبر إن كان ملف أو عنوان URL قابلاً للقراءة',
  'reads a file or a URL as text': 'يقرأ ملفاً أو عنوان URL نصاً',
  'reads documents from a directory or a URL': 'يقرأ مستندات من مجلد أو عنوان URL',
  'lists a directory or a URL': 'يسرد محتوى مجلد أو عنوان URL',
  'reads a file or a URL as JSON': 'يقرأ ملفاً أو عنوان URL بصيغة JSON',
  'reads the environment (where the API token lives)': 'يقرأ متغيرات البيئة (حيث يوجد رمز الوصول إلى الواجهة البرمجية)',
  'lists the environment': 'يسرد متغيرات البيئة',
  'compiles and runs another stylesheet, which may do any of these': 'يترجم ورقة أنماط أخرى ويشغّلها، وقد تفعل أياً من هذه',
  'loads code from a file or a URL': 'يحمّل شيفرة من ملف أو عنوان URL',
  'calls a function chosen by its name at run time, which could be any of these': 'يستدعي دالة يُختار اسمها وقت التشغيل، وقد تكون أياً من هذه',
  'parses text whose DOCTYPE may name other files (not shown to be harmless)': 'يحلّل نصاً قد يسمّي تصريح DOCTYPE فيه ملفات أخرى (لم يثبت أنه غير ضار)',
  // XSLT elements (names.ts XSL_REFUSED).
  'writes a file': 'يكتب ملفاً',
  'evaluates XPath text built at run time, which could call anything': 'يقيّم نص XPath يُبنى وقت التشغيل، وقد يستدعي أي شيء',
  'reads other documents (xsl:merge-source)': 'يقرأ مستندات أخرى (xsl:merge-source)',
  'reads other documents (a file or a URL)': 'يقرأ مستندات أخرى (ملفاً أو عنوان URL)',
  'part of xsl:merge, which reads other documents': 'جزء من xsl:merge الذي يقرأ مستندات أخرى',
  'reads a schema from a file or a URL': 'يقرأ مخططاً من ملف أو عنوان URL',
  'loads a package from elsewhere': 'يحمّل حزمة من مكان آخر',
  'a package may load others; give the stylesheet instead': 'قد تحمّل الحزمة حزماً أخرى؛ قدّم ورقة الأنماط بدلاً منها',
  // Reading the rule set's files (files.ts).
  'no such file in the rule set': 'لا يوجد ملف بهذا الاسم في مجموعة القواعد',
  'a link to nothing': 'رابط رمزي لا يشير إلى شيء',
  'a link that leaves the rule set\'s directory': 'رابط رمزي يخرج من مجلد مجموعة القواعد',
  'a directory, not a file': 'مجلد وليس ملفاً',
  'not a regular file (a device, pipe or socket is never read)': 'ليس ملفاً عادياً (لا يُقرأ أبداً جهاز أو أنبوب أو مقبس)',
  'not a regular file': 'ليس ملفاً عادياً',
  'an include without an href': 'تضمين بلا href',
  'an include of a URL: only files of the rule set\'s own directory are read': 'تضمين لعنوان URL: لا تُقرأ إلا ملفات مجلد مجموعة القواعد نفسه',
  'an include whose href is not a plain relative path': 'تضمين ليست قيمة href فيه مساراً نسبياً بسيطاً',
  'an include whose href is not a valid URI': 'تضمين ليست قيمة href فيه URI صالحاً',
  'an include of an absolute path: only files of the rule set\'s own directory are read': 'تضمين لمسار مطلق: لا تُقرأ إلا ملفات مجلد مجموعة القواعد نفسه',
  'an include that leaves the rule set\'s directory': 'تضمين يخرج من مجلد مجموعة القواعد',
  'includes nested more than 20 deep': 'تضمينات متداخلة بعمق يزيد على 20 مستوى',
  // What a schema or stylesheet holds (source.ts, index.ts) and a SEF (sef.ts).
  'not an XSLT 3.0 instruction or declaration pintae knows to be harmless': 'ليس تعليمة أو تصريح XSLT 3.0 يعرف pintae أنه غير ضار',
  'a shadow attribute (XPath text built at compile time)': 'سمة ظل (نص XPath يُبنى وقت الترجمة)',
  'declares extension instructions': 'يصرّح بتعليمات امتداد',
  'a function declared in a namespace of the standard or of a processor': 'دالة مصرّح بها في نطاق أسماء للمعيار أو لأحد المعالجات',
  'not a SEF pintae can read': 'ليس SEF يستطيع pintae قراءته',
  'a SEF construct pintae does not know to be harmless': 'بنية SEF لا يعرف pintae أنها غير ضارة',
  'nested deeper than any compiled stylesheet (not a SEF pintae can read)': 'متداخل بعمق أكبر من أي ورقة أنماط مترجمة (ليس SEF يستطيع pintae قراءته)',
  'a precompiled call pintae does not know': 'استدعاء مُترجم مسبقاً لا يعرفه pintae',
  'not a standard function pintae knows to be harmless': 'ليست دالة قياسية يعرف pintae أنها غير ضارة',
  'a DOCTYPE that names an external file': 'تصريح DOCTYPE يسمّي ملفاً خارجياً',
  'a DOCTYPE with parameter entities': 'تصريح DOCTYPE فيه كيانات معاملات',
  'a DOCTYPE whose entities refer to other entities (an expansion bomb)': 'تصريح DOCTYPE تشير كياناته إلى كيانات أخرى (قنبلة توسيع)',
  'calls an extension function of the processor': 'يستدعي دالة امتداد للمعالج',
  'xsl:merge: reads other documents': 'xsl:merge: يقرأ مستندات أخرى',
  'xsl:result-document: writes a file': 'xsl:result-document: يكتب ملفاً',
  'xsl:source-document: reads another document': 'xsl:source-document: يقرأ مستنداً آخر',
  'xsl:evaluate: evaluates XPath text built at run time': 'xsl:evaluate: يقيّم نص XPath يُبنى وقت التشغيل',
};

/** The static check's reasons that carry a value (a cap, a namespace, a lower layer's words), English → Arabic. */
const REFUSAL_PATTERNS: ReadonlyArray<[RegExp, (...m: string[]) => string]> = [
  [/^more than (\d+) files$/, (n) => `أكثر من ${n} ملف`],
  [/^more than (\d+) bytes of rule files in all$/, (n) => `أكثر من ${n} بايت من ملفات القواعد إجمالاً`],
  [/^larger than (\d+) bytes, the cap on one rule file$/, (n) => `أكبر من ${n} بايت، وهو الحد الأقصى لملف قواعد واحد`],
  [/^an element of (\S*) \((.*)\)$/s, (ns, what) => `عنصر من ${ns} (${EXTENSION_AR[what] ?? what})`],
  [/^the prefix (\S*) is not declared$/, (prefix) => `البادئة ${prefix} غير مصرّح بها`],
  [/^a function of (\S*) \((.*)\)$/s, (ns, what) => `دالة من ${ns} (${EXTENSION_AR[what] ?? what})`],
  [/^a function of (.*) that is neither standard nor declared by the rule set \(xsl:function\)$/s, (ns) => `دالة من ${ns === 'no namespace' ? 'خارج أي نطاق أسماء' : ns} ليست قياسية ولا صرّحت بها مجموعة القواعد (xsl:function)`],
  [/^a function of (.*) that is neither standard nor the rule set's own$/s, (ns) => `دالة من ${ns === 'no namespace' ? 'خارج أي نطاق أسماء' : ns} ليست قياسية ولا من دوال مجموعة القواعد`],
  [/^XPath that cannot be read \((.*)\)$/s, (why) => `نص XPath تتعذر قراءته (${why})`],
  [/^an attribute value template that cannot be read \((.*)\)$/s, (why) => `قالب قيمة سمة تتعذر قراءته (${why})`],
  [/^it cannot be read \((.*)\)$/s, (why) => `تتعذر قراءته (${why})`],
  [/^not a SEF \(not JSON: (.*)\)$/s, (why) => `ليس SEF (ليس JSON: ${why})`],
];

/** The processor extensions a refusal names (names.ts EXTENSION_NAMESPACES), in Arabic. */
const EXTENSION_AR: Readonly<Record<string, string>> = {
  'a processor extension': 'امتداد لأحد المعالجات',
  "Saxon-JS's JavaScript bridge: runs any JavaScript": 'جسر JavaScript في Saxon-JS: يشغّل أي شيفرة JavaScript',
  "Saxon-JS's interactive extensions: reach JavaScript objects": 'امتدادات Saxon-JS التفاعلية: تصل إلى كائنات JavaScript',
  'Saxon extension functions': 'دوال امتداد Saxon',
  'Saxon-JS Node.js extensions': 'امتدادات Node.js في Saxon-JS',
  'EXSLT extensions': 'امتدادات EXSLT',
  'old Saxon extensions': 'امتدادات Saxon القديمة',
  'Xalan extensions': 'امتدادات Xalan',
  'XT extensions': 'امتدادات XT',
};

/** A refusal's reason in Arabic; as it is where the check's English has no Arabic here (a scan test holds that to none). */
export function refusalReasonAr(reason: string): string {
  const plain = REFUSAL_AR[reason] ?? EXTENSION_AR[reason];
  if (plain !== undefined) return plain;
  for (const [re, ar] of REFUSAL_PATTERNS) {
    const m = re.exec(reason);
    if (m) return ar(...m.slice(1));
  }
  return reason;
}

/** The constructs a refusal names in words (the rest are the construct as written: `<xsl:include href="x">`, `doc()`). */
export const CONSTRUCT_AR: Readonly<Record<string, string>> = {
  'the rule set': 'مجموعة القواعد', 'the file': 'الملف', 'the zip': 'ملف zip', 'an entry': 'مُدخل في ملف zip',
  'the rule file': 'ملف القواعد', 'a rule file': 'ملف قواعد', 'the guarded twin': 'النسخة المحروسة',
  'a text value template': 'قالب قيمة نصية', 'a node without a kind': 'عقدة بلا نوع',
};

export interface RefusalLine { file: string; line?: number; column?: number; construct: string; reason: string }
const placeOf = (r: RefusalLine) => `${r.file}${r.line ? `:${r.line}:${r.column ?? 1}` : ''}`;
const refusalEn = (r: RefusalLine) => `${placeOf(r)}: ${r.construct}: ${r.reason}`;
const refusalAr = (r: RefusalLine) => `${placeOf(r)}: ${CONSTRUCT_AR[r.construct] ?? r.construct}: ${refusalReasonAr(r.reason)}`;

/** Why the sandbox cannot run here (src/schematron/sandbox/boundary.ts), in Arabic; as it is where none says it. */
const UNAVAILABLE_AR: ReadonlyArray<[RegExp, (...m: string[]) => string]> = [
  [/^the sandbox child \((\S+)\) is not built$/, (f) => `عملية الحماية الفرعية (${f}) غير مبنية`],
  [/^this Node\.js \((\S+)\) has no permission model$/, (v) => `إصدار Node.js هذا (${v}) بلا نموذج أذونات (permission model)`],
  [/^pintae is not built \(dist\/ is missing\)$/, () => 'pintae غير مبني (المجلد dist/ غير موجود)'],
  [/^a path it would be allowed to use holds a \* \((.*)\)$/s, (path) => `مسار يُسمح له باستعماله يحوي * (${path})`],
];
export function unavailableAr(reason: string): string {
  for (const [re, ar] of UNAVAILABLE_AR) {
    const m = re.exec(reason);
    if (m) return ar(...m.slice(1));
  }
  return reason;
}

/** What is wrong with a damaged entry's file (cache.ts readManifest, shapeError; a SEF that is not JSON), in Arabic. */
const DAMAGED_AR: ReadonlyArray<[RegExp, (...m: string[]) => string]> = [
  [/^no manifest\.json$/, () => 'لا يوجد manifest.json'],
  [/^cannot be read: (\S+)$/, (code) => `تتعذر قراءته: ${code}`],
  [/^not JSON: (.*)$/s, (why) => `ليس JSON: ${why}`],
  [/^not a manifest$/, () => 'ليس بياناً (manifest)'],
  [/^it names (.*), not (.*)$/, (a, b) => `يسمّي ${a}، لا ${b}`],
  [/^source, hash or added missing$/, () => 'ينقصه source أو hash أو added'],
  [/^no layers$/, () => 'لا طبقات فيه'],
  [/^a layer names no file of its entry$/, () => 'طبقة لا تسمّي أي ملف من ملفات مُدخلها'],
  [/^customizations are not strings$/, () => 'قيم customizations ليست نصوصاً'],
  [/^asked_engine is neither native nor saxon-js$/, () => 'قيمة asked_engine ليست native ولا saxon-js'],
  [/^a compiled file is missing$/, () => 'ملف مترجم مفقود'],
];
export function damagedReasonAr(reason: string): string {
  for (const [re, ar] of DAMAGED_AR) {
    const m = re.exec(reason);
    if (m) return ar(...m.slice(1));
  }
  return reason;
}

/**
 * A sentence of this catalogue's, met as its English words, in Arabic: inside another (the default name's reason, a
 * layer's compile error), or as the engine's error of a rules-failed finding (a damaged entry found while a document
 * was judged, in a worker thread or the sandbox's process). As it is where no entry says it.
 */
export function ruleSetSentenceAr(reason: string): string {
  return ownAr(reason);
}
function ownAr(reason: string): string {
  // The bare `${construct}: ${reason}` last: it reads back from any sentence with a colon.
  ownIds ??= [...Object.keys(RULE_SETS).filter((id) => !NOT_READ_BACK.has(id) && !id.startsWith('ruleset.list.')), 'ruleset.schema.refused'];
  const ref = readBackFrom(ownIds, reason) ?? reasonRef(reason);
  return (ref && speak(ref, 'ar')) ?? reason;
}
let ownIds: string[] | undefined;
/** Entries whose English is a bare `${at}: ${reason}` or that take lists or objects (and rules list's words): not read back. */
const NOT_READ_BACK = new Set(['ruleset.schema.refused', 'ruleset.layer-failed', 'ruleset.name-reserved', 'ruleset.unknown', 'ruleset.unknown.config', 'ruleset.refused', 'ruleset.refusal']);

const validityAr = (v: string) => (v === 'always' ? 'دائماً' : v);

export const RULE_SETS = {
  // rules add (src/schematron/add.ts): the options.
  'ruleset.date': {
    en: (p: { flag: string; value: string }) => `${p.flag} ${p.value}: not a date (YYYY-MM-DD)`,
    ar: (p: { flag: string; value: string }) => `${p.flag} ${p.value}: ليس تاريخاً (YYYY-MM-DD)`,
  },
  'ruleset.dates-order': {
    en: (p: { from: string; to: string }) => `--valid-from ${p.from} is after --valid-to ${p.to}`,
    ar: (p: { from: string; to: string }) => `--valid-from ${p.from} بعد --valid-to ${p.to}`,
  },
  'ruleset.engine': {
    en: (p: { engine: string }) => `--engine ${p.engine}: not an engine pintae has (native or saxon-js)`,
    ar: (p: { engine: string }) => `--engine ${p.engine}: ليس محركاً لدى pintae (native أو saxon-js)`,
  },
  // A rule set's name (src/schematron/cache.ts badName, removeEntry).
  'ruleset.name-unusable': {
    en: (p: { name: string }) => `rule set name ${q(p.name)} is not usable: 1 to 64 of a-z 0-9 . _ -, starting with a letter or digit`,
    ar: (p: { name: string }) => `اسم مجموعة القواعد ${q(p.name)} غير صالح للاستعمال: من 1 إلى 64 من a-z 0-9 . _ -، يبدأ بحرف أو رقم`,
  },
  'ruleset.name-reserved': {
    en: (p: { name: string; reserved: readonly string[] }) => `rule set name ${q(p.name)} names built-in rules (${p.reserved.join(', ')}): choose another with --name`,
    ar: (p: { name: string; reserved: readonly string[] }) => `اسم مجموعة القواعد ${q(p.name)} يسمّي قواعد مدمجة (${p.reserved.join(', ')}): اختر اسماً آخر بـ --name`,
  },
  // `reason`: the name's sentence above (name-unusable, name-reserved), said again in Arabic.
  'ruleset.default-name': {
    en: (p: { reason: string; source: string }) => `${p.reason} (the default name, from ${p.source}): give one with --name`,
    ar: (p: { reason: string; source: string }) => `${ownAr(p.reason)} (الاسم الافتراضي، من ${p.source}): حدّد اسماً بـ --name`,
  },
  'ruleset.remove-name': {
    en: (p: { name: string }) => `rule set name ${q(p.name)} names no entry: 1 to 64 of a-z 0-9 . _ -, starting with a letter or digit`,
    ar: (p: { name: string }) => `اسم مجموعة القواعد ${q(p.name)} لا يسمّي أي مُدخل: من 1 إلى 64 من a-z 0-9 . _ -، يبدأ بحرف أو رقم`,
  },
  'ruleset.remove-builtin': {
    en: (p: { name: string }) => `${p.name} names built-in rules, which cannot be removed`,
    ar: (p: { name: string }) => `${p.name} يسمّي قواعد مدمجة لا يمكن حذفها`,
  },
  // What a release holds (add.ts).
  'ruleset.no-rule-files': {
    en: (p: { source: string }) => `${p.source}: no rule files found (.sch, .xslt or .sef.json)`,
    ar: (p: { source: string }) => `${p.source}: لم يُعثر على أي ملفات قواعد (.sch أو .xslt أو .sef.json)`,
  },
  // `reason`: the XML reader's words (src/messages/reasons.ts), said in Arabic where pintae words them.
  'ruleset.not-well-formed': {
    en: (p: { at: string; reason: string }) => `${p.at}: not well-formed XML: ${p.reason}`,
    ar: (p: { at: string; reason: string }) => `${p.at}: ليس XML سليم البنية: ${p.reason}`,
  },
  'ruleset.not-schematron': {
    en: (p: { source: string; root?: string; ns: string }) => `${p.source}: not an ISO Schematron schema (its root element is ${p.root ?? 'missing'}; expected schema in the namespace ${p.ns})`,
    ar: (p: { source: string; root?: string; ns: string }) => `${p.source}: ليس مخطط ISO Schematron (${p.root === undefined ? 'لا عنصر جذر فيه' : `عنصره الجذر ${p.root}`}؛ المتوقع schema في نطاق الأسماء ${p.ns})`,
  },
  // A layer that did not compile: `reason` is a sentence of this catalogue's (the XSLT compiler's failure, the
  // Schematron compiler's SchematronError), read back from its English (the paths in it are the user's by then).
  'ruleset.layer-failed': {
    en: (p: { at: string; reason: string }) => `${p.at}: ${p.reason}`,
    ar: (p: { at: string; reason: string }) => `${p.at}: ${ownAr(p.reason)}`,
  },
  // `detail`: the XSLT compiler's (Saxon's) own words, as it writes them.
  'ruleset.xslt-failed': {
    en: (p: { detail: string }) => `the XSLT did not compile:\n${p.detail}`,
    ar: (p: { detail: string }) => `تعذّرت ترجمة XSLT:\n${p.detail}`,
  },
  'ruleset.no-sef': fixed('the XSLT compiler wrote no SEF', 'لم يكتب مترجم XSLT أي SEF'),
  // The Schematron compiler's (src/schematron/compile.ts, native-plan.ts SchematronError): what is wrong with a schema,
  // said inside ruleset.layer-failed, which reads them back from their English. Element and attribute names, ids,
  // prefixes and queryBindings stay as written. `reason` of not-well-formed: the XML reader's words.
  'ruleset.schema.not-well-formed-at': {
    en: (p: { where: string; line: number | string; column: number | string; reason: string }) => `${p.where}, line ${p.line}, column ${p.column}: not well-formed XML: ${p.reason}`,
    ar: (p: { where: string; line: number | string; column: number | string; reason: string }) => `${p.where}، السطر ${p.line}، العمود ${p.column}: ليس XML سليم البنية: ${p.reason}`,
  },
  'ruleset.schema.not-well-formed': {
    en: (p: { where: string; reason: string }) => `${p.where}: not well-formed XML: ${p.reason}`,
    ar: (p: { where: string; reason: string }) => `${p.where}: ليس XML سليم البنية: ${p.reason}`,
  },
  'ruleset.schema.root-not-iso': {
    en: (p: { where: string; ns: string }) => `${p.where}: the root element is not an ISO Schematron element (${p.ns})`,
    ar: (p: { where: string; ns: string }) => `${p.where}: العنصر الجذر ليس عنصر ISO Schematron (${p.ns})`,
  },
  'ruleset.schema.include-deep': fixed('sch:include nested more than 20 deep', 'sch:include متداخل بعمق يزيد على 20 مستوى'),
  'ruleset.schema.no-href': {
    en: (p: { element: string }) => `${p.element} without @href`,
    ar: (p: { element: string }) => `${p.element} بلا @href`,
  },
  'ruleset.schema.not-stylesheet': {
    en: (p: { element: string; href: string }) => `xsl:${p.element} ${p.href}: not an XSLT stylesheet`,
    ar: (p: { element: string; href: string }) => `xsl:${p.element} ${p.href}: ليس ورقة أنماط XSLT`,
  },
  'ruleset.schema.ns': fixed('sch:ns needs @prefix and @uri', 'يحتاج sch:ns إلى @prefix و@uri'),
  'ruleset.schema.let-name': fixed('sch:let without @name', 'sch:let بلا @name'),
  'ruleset.schema.no-diagnostic': {
    en: (p: { element: string; id: string }) => `sch:${p.element} diagnostics="${p.id}": no sch:diagnostic with that id`,
    ar: (p: { element: string; id: string }) => `sch:${p.element} diagnostics="${p.id}": لا يوجد sch:diagnostic بهذا المعرّف`,
  },
  'ruleset.schema.no-test': {
    en: (p: { element: string; context: string }) => `sch:${p.element} without @test in rule ${p.context}`,
    ar: (p: { element: string; context: string }) => `sch:${p.element} بلا @test في القاعدة ${p.context}`,
  },
  'ruleset.schema.no-abstract-pattern': {
    en: (p: { id: string }) => `pattern is-a="${p.id}": no abstract pattern with that id`,
    ar: (p: { id: string }) => `pattern is-a="${p.id}": لا يوجد نمط مجرد (abstract pattern) بهذا المعرّف`,
  },
  'ruleset.schema.no-abstract-rule': {
    en: (p: { name: string }) => `sch:extends rule="${p.name}": no abstract rule with that id`,
    ar: (p: { name: string }) => `sch:extends rule="${p.name}": لا توجد قاعدة مجردة (abstract rule) بهذا المعرّف`,
  },
  'ruleset.schema.extends-itself': {
    en: (p: { name: string }) => `sch:extends rule="${p.name}" extends itself`,
    ar: (p: { name: string }) => `sch:extends rule="${p.name}" يمدّد نفسه`,
  },
  'ruleset.schema.no-context': fixed('sch:rule without @context', 'sch:rule بلا @context'),
  'ruleset.schema.no-phase': {
    en: (p: { name: string }) => `phase ${p.name}: the schema has no such phase`,
    ar: (p: { name: string }) => `phase ${p.name}: لا توجد في المخطط مرحلة (phase) بهذا الاسم`,
  },
  'ruleset.schema.root-not-schema': fixed('the root element is not sch:schema', 'العنصر الجذر ليس sch:schema'),
  'ruleset.schema.query-binding': {
    en: (p: { binding: string }) => `queryBinding ${p.binding} is not supported (xslt, xslt2, xslt3)`,
    ar: (p: { binding: string }) => `queryBinding ${p.binding} غير مدعوم (xslt, xslt2, xslt3)`,
  },
  // An include the compiler refused (guard/files.ts): the construct as written, the reason as the check says it.
  'ruleset.schema.refused': {
    en: (p: { construct: string; reason: string }) => `${p.construct}: ${p.reason}`,
    ar: (p: { construct: string; reason: string }) => `${p.construct}: ${refusalReasonAr(p.reason)}`,
  },
  // Using a rule set (src/schematron/rulesets.ts).
  'ruleset.builtin-missing': {
    en: (p: { file: string }) => `the built-in rules are not compiled (${p.file} is missing): run npm run build`,
    ar: (p: { file: string }) => `القواعد المدمجة غير مترجمة (${p.file} غير موجود): شغّل npm run build`,
  },
  'ruleset.unknown': {
    en: (p: { spec: string; reserved: readonly string[]; added: readonly string[] }) =>
      `--rules ${p.spec}: neither ${p.reserved.join(', ')}, a rule set added with pintae rules add (${p.added.join(', ') || 'none yet'}), nor a path`,
    ar: (p: { spec: string; reserved: readonly string[]; added: readonly string[] }) =>
      `--rules ${p.spec}: ليس ${p.reserved.join(', ')}، ولا مجموعة قواعد أُضيفت بالأمر pintae rules add (${p.added.join(', ') || 'لم تُضف أي مجموعة بعد'})، ولا مساراً`,
  },
  // The same, when the name came from a config file's "ruleSet" rather than --rules: said as coming from there.
  'ruleset.unknown.config': {
    en: (p: { file: string; spec: string; reserved: readonly string[]; added: readonly string[] }) =>
      `${p.file}: "ruleSet": ${q(p.spec)}: neither ${p.reserved.join(', ')}, a rule set added with pintae rules add (${p.added.join(', ') || 'none yet'}), nor a path`,
    ar: (p: { file: string; spec: string; reserved: readonly string[]; added: readonly string[] }) =>
      `${p.file}: "ruleSet": ${q(p.spec)}: ليس ${p.reserved.join(', ')}، ولا مجموعة قواعد أُضيفت بالأمر pintae rules add (${p.added.join(', ') || 'لم تُضف أي مجموعة بعد'})، ولا مساراً`,
  },
  'ruleset.stale-gone': {
    en: (p: { name: string; compiler?: string; source: string }) => `the rule set ${p.name} was compiled by another version of pintae (${p.compiler ?? 'unknown'}) and its source ${p.source} is gone: add it again (pintae rules add <source> --name ${p.name})`,
    ar: (p: { name: string; compiler?: string; source: string }) => `تُرجمت مجموعة القواعد ${p.name} بإصدار آخر من pintae (${p.compiler ?? 'غير معروف'}) ومصدرها ${p.source} لم يعد موجوداً: أضفها من جديد (pintae rules add <source> --name ${p.name})`,
  },
  // A set that would run on Saxon-JS where no process boundary can hold it (sandbox/limit-error.ts): refused, never run
  // unsandboxed. Said as a rules-failed finding's engine error, read back from its English (sandbox/boundary.ts reasons).
  'ruleset.sandbox-unavailable': {
    en: (p: { set: string; reason: string }) => `rule set ${p.set} was not run: it needs Saxon-JS, which pintae runs only behind a process boundary, and ${p.reason}`,
    ar: (p: { set: string; reason: string }) => `لم تُشغَّل مجموعة القواعد ${p.set}: تحتاج إلى Saxon-JS، ولا يشغّله pintae إلا خلف حدود عملية منفصلة، و${unavailableAr(p.reason)}`,
  },
  // A damaged entry of the cache (cache.ts DamagedEntry); `reason` is what is wrong with its file.
  'ruleset.damaged': {
    en: (p: { file: string; name: string; reason: string }) => `${p.file}: the rule set ${p.name} is damaged (${p.reason}): remove it with \`pintae rules remove ${p.name}\`, then add it again`,
    ar: (p: { file: string; name: string; reason: string }) => `${p.file}: مجموعة القواعد ${p.name} تالفة (${damagedReasonAr(p.reason)}): احذفها بالأمر \`pintae rules remove ${p.name}\`، ثم أضفها من جديد`,
  },
  // Reading a release (src/schematron/release.ts).
  'ruleset.source-missing': {
    en: (p: { source: string }) => `${p.source}: no such file or directory`,
    ar: (p: { source: string }) => `${p.source}: لا يوجد ملف أو مجلد بهذا الاسم`,
  },
  'ruleset.dirs-deep': {
    en: (p: { dir: string; limit: number }) => `${p.dir}: directories nested more than ${p.limit} deep`,
    ar: (p: { dir: string; limit: number }) => `${p.dir}: مجلدات متداخلة بعمق يزيد على ${p.limit} مستوى`,
  },
  'ruleset.dir-entries': {
    en: (p: { source: string; limit: number }) => `${p.source}: more than ${p.limit} entries`,
    ar: (p: { source: string; limit: number }) => `${p.source}: أكثر من ${p.limit} مُدخل`,
  },
  'ruleset.zip-nested': {
    en: (p: { zip: string; limit: number }) => `${p.zip}: zips nested more than ${p.limit} deep (the cap on nesting)`,
    ar: (p: { zip: string; limit: number }) => `${p.zip}: ملفات zip متداخلة بعمق يزيد على ${p.limit} مستوى (الحد الأقصى للتداخل)`,
  },
  'ruleset.zip-entries': {
    en: (p: { zip: string; limit: number }) => `${p.zip}: more than ${p.limit} entries (the cap on a release's entries)`,
    ar: (p: { zip: string; limit: number }) => `${p.zip}: أكثر من ${p.limit} مُدخل (الحد الأقصى لمُدخلات الإصدار)`,
  },
  'ruleset.zip-twice': {
    en: (p: { zip: string; entry: string }) => `${p.zip}: the entry ${p.entry} appears twice`,
    ar: (p: { zip: string; entry: string }) => `${p.zip}: المُدخل ${p.entry} مكرر`,
  },
  'ruleset.zip-outside': {
    en: (p: { zip: string; entry: string }) => `${p.zip}: the entry ${p.entry} names a place outside the zip`,
    ar: (p: { zip: string; entry: string }) => `${p.zip}: المُدخل ${p.entry} يسمّي مكاناً خارج ملف zip`,
  },
  'ruleset.zip-lies': {
    en: (p: { zip: string; entry: string }) => `${p.zip}: the entry ${p.entry} does not inflate to the size it declares`,
    ar: (p: { zip: string; entry: string }) => `${p.zip}: المُدخل ${p.entry} لا يتضخم عند فك الضغط إلى الحجم الذي يعلنه`,
  },
  'ruleset.zip-large': {
    en: (p: { zip: string; entry: string; limit: number }) => `${p.zip}: the entry ${p.entry} is larger than ${p.limit} bytes (the cap on one rule file)`,
    ar: (p: { zip: string; entry: string; limit: number }) => `${p.zip}: المُدخل ${p.entry} أكبر من ${p.limit} بايت (الحد الأقصى لملف قواعد واحد)`,
  },
  'ruleset.zip-ratio': {
    en: (p: { zip: string; entry: string; ratio: number; limit: number }) => `${p.zip}: the entry ${p.entry} inflates ${p.ratio} times (the cap on the compression ratio is ${p.limit})`,
    ar: (p: { zip: string; entry: string; ratio: number; limit: number }) => `${p.zip}: المُدخل ${p.entry} يتضخم ${p.ratio} مرة عند فك الضغط (الحد الأقصى لنسبة الضغط ${p.limit})`,
  },
  'ruleset.zip-size': {
    en: (p: { zip: string; limit: number }) => `${p.zip}: more than ${p.limit} bytes inflated (the cap on a release's size)`,
    ar: (p: { zip: string; limit: number }) => `${p.zip}: أكثر من ${p.limit} بايت بعد فك الضغط (الحد الأقصى لحجم الإصدار)`,
  },
  // `reason`: the zip reader's (fflate's) own words.
  'ruleset.zip-unreadable': {
    en: (p: { zip: string; reason: string }) => `${p.zip}: not a zip pintae can read (${p.reason})`,
    ar: (p: { zip: string; reason: string }) => `${p.zip}: ليس ملف zip يستطيع pintae قراءته (${p.reason})`,
  },
  // The static check (src/schematron/guard): one refusal (a file of a release read), and every refusal of a set.
  'ruleset.refusal': {
    en: (p: { refusal: RefusalLine }) => refusalEn(p.refusal),
    ar: (p: { refusal: RefusalLine }) => refusalAr(p.refusal),
  },
  'ruleset.refused': {
    en: (p: { refusals: readonly RefusalLine[]; more: number }) => `refused: a rule set may compute a verdict on the document it judges and nothing else (README, "Rule sets from others"):\n${[...p.refusals.map((r) => `  ${refusalEn(r)}`), ...(p.more > 0 ? [`  … and ${p.more} more`] : [])].join('\n')}`,
    ar: (p: { refusals: readonly RefusalLine[]; more: number }) => `مرفوضة: لا يجوز لمجموعة القواعد أن تحسب إلا حكماً على المستند الذي تفحصه (README، "Rule sets from others"):\n${[...p.refusals.map((r) => `  ${refusalAr(r)}`), ...(p.more > 0 ? [`  … و${p.more} غيرها`] : [])].join('\n')}`,
  },
  // `rules list` (src/cli/commands/rules.ts): the table's headers and words.
  'ruleset.list.name': fixed('NAME', 'الاسم'),
  'ruleset.list.customization': fixed('CUSTOMIZATION', 'التخصيص'),
  'ruleset.list.version': fixed('VERSION', 'الإصدار'),
  'ruleset.list.valid': fixed('VALID', 'مدة السريان'),
  'ruleset.list.engine': fixed('ENGINE', 'المحرك'),
  'ruleset.list.hash': fixed('HASH', 'البصمة'),
  'ruleset.list.source': fixed('SOURCE', 'المصدر'),
  'ruleset.list.each': fixed('each document\'s', 'تخصيص كل مستند'),
  'ruleset.list.builtin': fixed('pintae (PINT-AE and AE TDD 1.0.4, our own rules; of each document\'s customization, the newest set valid on its issue date)',
    'pintae (PINT-AE وAE TDD 1.0.4، بقواعدنا الخاصة؛ من تخصيص كل مستند، أحدث مجموعة سارية في تاريخ إصداره)'),
  'ruleset.list.builtin-saxon': fixed('pintae (the built-in sets on Saxon-JS alone: the reference)', 'pintae (المجموعات المدمجة على Saxon-JS وحده: المرجع)'),
  'ruleset.list.rules-only': fixed('- (--rules only)', '- (بـ --rules فقط)'),
  'ruleset.list.validity': {
    en: (p: { validity: string }) => p.validity,
    ar: (p: { validity: string }) => validityAr(p.validity),
  },
  'ruleset.list.damaged': fixed('DAMAGED', 'تالفة'),
  'ruleset.list.damaged-source': {
    en: (p: { file: string; reason: string; name: string }) => `${p.file}: ${p.reason} (pintae rules remove ${p.name})`,
    ar: (p: { file: string; reason: string; name: string }) => `${p.file}: ${damagedReasonAr(p.reason)} (pintae rules remove ${p.name})`,
  },
} as const satisfies Record<string, Text<never>>;

export type RuleSetMessageId = keyof typeof RULE_SETS;
type ParamsOf<K extends RuleSetMessageId> = Parameters<(typeof RULE_SETS)[K]['en']>[0];

/** The English words of an entry with the entry itself, for a RuleSetError (src/schematron/errors.ts). */
export function ruleSetWorded<K extends RuleSetMessageId>(id: K, params: ParamsOf<K>): Worded {
  return wordsOf(id, RULE_SETS[id] as unknown as Text<ParamsOf<K>>, params);
}

registerCatalogue((id) => (Object.hasOwn(RULE_SETS, id) ? RULE_SETS[id as RuleSetMessageId] as unknown as Text<never> : undefined));
