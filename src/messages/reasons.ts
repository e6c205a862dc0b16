import type { Text, Tongue } from './lang.js';
import { registerCatalogue, registerReasons, textOf, type MessageRef } from './ref.js';
import { subjectAr } from './subject.js';

/**
 * The reasons of the lower layers, in pintae's words (issue 26): the file system's (src/io/input-file.ts, an errno
 * said as "permission denied" rather than "EACCES: …") and the JSON reader's (src/io/json.ts, where a file stops being
 * JSON). They stand alone (an unreadable input's error in a report) or as the `reason` of a sentence of pintae's
 * ("this directory cannot be read: permission denied"); either way a report and the CLI say them in the language.
 * Quoted characters, paths and option names stay as written.
 */
/** Where JSON text ends, of the input it is (src/messages/subject.ts): "the end of the request body". */
const END = (subject: string) => `the end of ${subject}`;
/** What was found where JSON stops: a quoted character stays as it is; the end of the input is said. */
const foundAr = (found: string) => (found.startsWith('the end of ') ? `نهاية ${subjectAr(found.slice('the end of '.length))}` : found);
/** What JSON expects there: quoted punctuation, "or" between two. */
const expectedAr = (what: string) => what.replace(/ or /g, ' أو ');

/** The spaces that are not JSON's, by the English name `reason.json.odd-space` gives them (src/io/json.ts ODD_SPACES). */
const SPACES_AR: Readonly<Record<string, string>> = {
  'a no-break space': 'مسافة غير قابلة للفصل', 'a narrow no-break space': 'مسافة ضيقة غير قابلة للفصل',
  'a zero-width space': 'مسافة صفرية العرض', 'a byte-order mark': 'علامة ترتيب البايتات', 'a thin space': 'مسافة رفيعة',
  'a figure space': 'مسافة الأرقام', 'an ideographic space': 'مسافة إيديوغرافية', 'a line separator': 'فاصل أسطر',
  'a paragraph separator': 'فاصل فقرات', 'an en space': 'مسافة بعرض الحرف n', 'an em space': 'مسافة بعرض الحرف m',
  'a space of another kind': 'مسافة من نوع آخر',
};

type None = Record<string, never>;
const fixed = (en: string, ar: string): Text<None> => ({ en: () => en, ar: () => ar });

export const REASONS = {
  // The file system's (errno → words, src/io/input-file.ts).
  'reason.fs.denied': fixed('permission denied', 'الإذن مرفوض'),
  'reason.fs.no-entry': fixed('no such file or directory', 'لا يوجد ملف أو مجلد بهذا الاسم'),
  'reason.fs.not-directory': fixed('a part of the path is not a directory', 'جزء من المسار ليس مجلداً'),
  'reason.fs.link-loop': fixed('a loop of symbolic links', 'حلقة من الروابط الرمزية'),
  'reason.fs.too-long': fixed('the path is too long', 'المسار طويل جداً'),
  'reason.fs.io': fixed('input/output error', 'خطأ في الإدخال/الإخراج'),
  'reason.fs.too-many-open': fixed('too many open files', 'عدد الملفات المفتوحة أكثر من اللازم'),
  'reason.fs.no-space': fixed('no space left on device', 'لا توجد مساحة متبقية على الجهاز'),
  'reason.fs.quota': fixed('disk quota exceeded', 'تم تجاوز حصة القرص'),
  'reason.fs.read-only': fixed('read-only file system', 'نظام ملفات للقراءة فقط'),
  'reason.fs.is-directory': fixed('is a directory', 'هذا مجلد'),
  'reason.fs.no-reader': fixed('no process is at the other end', 'لا توجد عملية على الطرف الآخر'),
  'reason.fs.too-large': fixed('file too large', 'الملف كبير جداً'),
  'reason.fs.pipe-closed': fixed('the reader closed the pipe', 'أغلق القارئ الأنبوب'),
  'reason.fs.not-regular': {
    en: (p: { kind: string }) => `is ${p.kind}, not a regular file: pintae reads regular files only (use - to read standard input)`,
    ar: (p: { kind: string }) => `هذا ${KIND_AR[p.kind] ?? p.kind}، وليس ملفاً عادياً: لا يقرأ pintae إلا الملفات العادية (استخدم - للقراءة من الإدخال القياسي)`,
  },
  'reason.fs.dangling': {
    en: (p: { target: string }) => `a symbolic link to ${p.target}, which does not exist`,
    ar: (p: { target: string }) => `رابط رمزي إلى ${p.target}، وهو غير موجود`,
  },
  // The JSON reader's (src/io/json.ts): where and why a file stops being JSON. The more particular first: a report
  // finds an entry by its English, and "unexpected X after the JSON value" also reads as "unexpected …".
  // What people write in JSON that JSON does not have (JavaScript's, JSON5's): said as such, not as "unexpected "/"".
  'reason.json.comment': fixed('a comment: JSON has none — remove it', 'تعليق: لا تعليقات في JSON — احذفه'),
  'reason.json.single-quote': fixed('a string in single quotes: JSON strings take double quotes ("…")', 'سلسلة نصية بين علامتي تنصيص مفردتين: سلاسل JSON تُكتب بين علامتي تنصيص مزدوجتين ("…")'),
  // What text copied from an email, a word processor or a web page brings: curly quotes, spaces that only look like
  // spaces. `quote` and `code` stay as written; `name` is the character's English name (SPACES_AR has its Arabic).
  'reason.json.smart-quote': {
    en: (p: { quote: string }) => `${p.quote} is a typographic quote, as word processors and email write them: JSON takes the straight double quote (") — retype the quotes`,
    ar: (p: { quote: string }) => `${p.quote} علامة تنصيص مطبعية، كما تكتبها برامج تحرير النصوص والبريد الإلكتروني: يأخذ JSON علامة التنصيص المزدوجة المستقيمة (") — أعد كتابة علامات التنصيص`,
  },
  'reason.json.odd-space': {
    en: (p: { name: string; code: string }) => `${p.name} (${p.code}), which looks like a space: JSON takes only plain spaces, tabs and line breaks between values — replace it with a plain space`,
    ar: (p: { name: string; code: string }) => `${SPACES_AR[p.name] ?? p.name} (${p.code})، ويبدو كمسافة: لا يأخذ JSON بين القيم إلا المسافات العادية وعلامات الجدولة وفواصل الأسطر — استبدل به مسافة عادية`,
  },
  // What a body pasted from a chat or an email starts with before its JSON.
  'reason.json.fence': fixed(
    'a Markdown code fence (```), as chat and email apps put around code: give the JSON alone, without the fence lines',
    'سياج شيفرة Markdown (```)، كما تضعه تطبيقات المحادثة والبريد حول الشيفرة: قدّم JSON وحده، دون أسطر السياج',
  ),
  'reason.json.email-quote': fixed(
    'an email quote mark (>) at the start of the line: give the JSON alone, without the quote marks',
    'علامة اقتباس بريد إلكتروني (>) في بداية السطر: قدّم JSON وحده، دون علامات الاقتباس',
  ),
  'reason.json.text-before': {
    en: (p: { line: number | string }) => `text before the JSON, which starts at line ${p.line}: give the JSON alone`,
    ar: (p: { line: number | string }) => `نص قبل JSON، الذي يبدأ في السطر ${p.line}: قدّم JSON وحده`,
  },
  'reason.json.second-value': fixed(
    'a second JSON value after the first: JSON text holds one value — give several invoices as an array ([…]) or a bulk body ({"invoices": […]})',
    'قيمة JSON ثانية بعد الأولى: يحمل نص JSON قيمة واحدة — قدّم عدة فواتير في قائمة ([…]) أو في متن دفعة ({"invoices": […]})',
  ),
  'reason.json.not-a-value': {
    en: (p: { word: string }) => `${p.word} is not a JSON value: write the number in digits, or leave the field out`,
    ar: (p: { word: string }) => `${p.word} ليست قيمة JSON: اكتب العدد بالأرقام، أو احذف الحقل`,
  },
  'reason.json.after-value': {
    en: (p: { found: string }) => `unexpected ${p.found} after the JSON value`,
    ar: (p: { found: string }) => `${foundAr(p.found)} غير متوقع بعد قيمة JSON`,
  },
  'reason.json.expected-key': {
    en: (p: { found: string }) => `expected a double-quoted property name, found ${p.found}`,
    ar: (p: { found: string }) => `كان المتوقع اسم خاصية بين علامتي تنصيص مزدوجتين، ووُجد ${foundAr(p.found)}`,
  },
  'reason.json.expected': {
    en: (p: { what: string; found: string }) => `expected ${p.what}, found ${p.found}`,
    ar: (p: { what: string; found: string }) => `كان المتوقع ${expectedAr(p.what)}، ووُجد ${foundAr(p.found)}`,
  },
  'reason.json.unexpected': {
    en: (p: { found: string }) => `unexpected ${p.found}`,
    ar: (p: { found: string }) => `${foundAr(p.found)} غير متوقع`,
  },
  'reason.json.control': fixed('control character inside a string (escape it)', 'محرف تحكم داخل سلسلة نصية (اكتبه بتسلسل هروب)'),
  'reason.json.bad-u-escape': fixed('bad \\u escape', 'تسلسل هروب \\u غير صحيح'),
  'reason.json.bad-escape': fixed('bad escape in a string', 'تسلسل هروب غير صحيح في سلسلة نصية'),
  'reason.json.unterminated': fixed('unterminated string', 'سلسلة نصية غير منتهية'),
  'reason.json.value-missing': {
    en: (p: { subject: string }) => `a value was expected, but ${p.subject} ends here`,
    ar: (p: { subject: string }) => `كان المتوقع قيمة، لكن ${subjectAr(p.subject)} ينتهي هنا`,
  },
  // The text decoder's (src/io/text.ts, src/io/encoding-hint.ts): bytes that are not text pintae reads, and what the
  // input looks like instead. `byte` is written 0xE9; `subject` is what the input is (src/messages/subject.ts).
  'reason.text.cut-short': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8: ${p.subject} ends inside a character — it may be cut short`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8: ينتهي ${subjectAr(p.subject)} في منتصف محرف — ربما قُطع`,
  },
  'reason.text.not-text': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8; ${p.subject} does not look like text — give a JSON (or CSV) text saved as UTF-8`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8؛ لا يبدو ${subjectAr(p.subject)} نصاً — قدّم نص JSON (أو CSV) محفوظاً بترميز UTF-8`,
  },
  'reason.text.not-xml-text': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8; ${p.subject} does not look like text — give an XML document saved as UTF-8`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8؛ لا يبدو ${subjectAr(p.subject)} نصاً — قدّم مستند XML محفوظاً بترميز UTF-8`,
  },
  'reason.text.mixed': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8; the rest of ${p.subject} is UTF-8, so this text came from another encoding — correct it and save it all as UTF-8`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8؛ باقي ${subjectAr(p.subject)} بترميز UTF-8، فهذا النص جاء من ترميز آخر — صحّحه واحفظ الكل بترميز UTF-8`,
  },
  'reason.text.windows-1252': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8; ${p.subject} looks like Windows-1252 — save it as UTF-8`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8؛ يبدو ${subjectAr(p.subject)} بترميز Windows-1252 — احفظه بترميز UTF-8`,
  },
  'reason.text.code-page': {
    en: (p: { byte: string; subject: string }) => `byte ${p.byte} is not UTF-8; ${p.subject} looks like an 8-bit code page other than Windows-1252 (such as Windows-1256 for Arabic) — save it as UTF-8`,
    ar: (p: { byte: string; subject: string }) => `البايت ${p.byte} ليس UTF-8؛ يبدو ${subjectAr(p.subject)} بترميز من 8 بتات غير Windows-1252 (مثل Windows-1256 للعربية) — احفظه بترميز UTF-8`,
  },
  'reason.text.utf16-no-bom': {
    en: (p: { side: string; subject: string }) => `${p.subject} looks like ${p.side} without a byte-order mark (a zero byte in every other place) — save it as UTF-8, or as UTF-16 with a byte-order mark`,
    ar: (p: { side: string; subject: string }) => `يبدو ${subjectAr(p.subject)} بترميز ${p.side} دون علامة ترتيب البايتات (بايت صفري في كل موضع ثانٍ) — احفظه بترميز UTF-8، أو بترميز UTF-16 مع علامة ترتيب البايتات`,
  },
  'reason.text.utf32': {
    en: (p: { subject: string }) => `${p.subject} is UTF-32, which pintae does not read — save it as UTF-8`,
    ar: (p: { subject: string }) => `${subjectAr(p.subject)} بترميز UTF-32، ولا يقرؤه pintae — احفظه بترميز UTF-8`,
  },
  'reason.text.utf16-cut': {
    en: (p: { side: string; subject: string }) => `${p.subject} ends inside a character: ${p.side} text has an even number of bytes — it may be cut short`,
    ar: (p: { side: string; subject: string }) => `ينتهي ${subjectAr(p.subject)} في منتصف محرف: عدد بايتات نص ${p.side} زوجي — ربما قُطع`,
  },
  'reason.text.utf16-half': {
    en: (p: { bytes: string; side: string; subject: string }) => `bytes ${p.bytes} are half of a ${p.side} surrogate pair without its other half — save ${p.subject} as UTF-8`,
    ar: (p: { bytes: string; side: string; subject: string }) => `البايتان ${p.bytes} نصف زوج بديل (surrogate pair) في ${p.side} دون نصفه الآخر — احفظ ${subjectAr(p.subject)} بترميز UTF-8`,
  },
  // What follows a whole XML document (src/io/xml.ts): padding a transfer or an old tool left.
  'reason.xml.trailing-nul': fixed('the document is followed by NUL (U+0000) padding, as a file transfer or a tool leaves it — remove it',
    'يلي المستندَ حشوٌ من محارف NUL (U+0000)، كالذي يتركه نقل الملفات أو إحدى الأدوات — احذفه'),
  'reason.xml.trailing-ctrl-z': fixed('the document is followed by Ctrl-Z (U+001A), the end-of-file mark of old DOS and Windows tools — remove it',
    'يلي المستندَ المحرفُ Ctrl-Z (U+001A)، وهو علامة نهاية الملف في أدوات DOS وWindows القديمة — احذفه'),
  // The XML reader's (src/xpath/xml.ts) and its decoder's (src/xpath/xml-decode.ts): where and why a document stops
  // being well-formed XML, in the reader's English (the native rule engine and its tests compare it with libxml2's, so
  // the reader keeps it and a report reads the entry back from it). The more particular first where one English
  // could read as two. Names, prefixes, namespace names, quoted characters, code points,
  // encodings and limits stay as written.
  'reason.xml.not-char': {
    en: (p: { code: string }) => `character ${p.code} is not allowed in XML`,
    ar: (p: { code: string }) => `المحرف ${p.code} غير مسموح به في XML`,
  },
  'reason.xml.doctype': fixed('a DOCTYPE declaration is not allowed (no DTD or external entity is ever read)',
    'تصريح DOCTYPE غير مسموح به (لا يُقرأ أبداً أي DTD ولا أي كيان خارجي)'),
  'reason.xml.after-root': fixed('content after the root element', 'محتوى بعد العنصر الجذر'),
  'reason.xml.expected-root': fixed('expected the root element', 'كان المتوقع العنصر الجذر'),
  'reason.xml.no-root': fixed('no root element', 'لا يوجد عنصر جذر'),
  'reason.xml.bad-declaration': fixed('malformed XML declaration', 'تصريح XML غير صحيح البنية'),
  'reason.xml.version': {
    en: (p: { version: string }) => `XML version "${p.version}" is not supported (1.x is read as XML 1.0)`,
    ar: (p: { version: string }) => `إصدار XML "${p.version}" غير مدعوم (يُقرأ الإصدار 1.x على أنه XML 1.0)`,
  },
  'reason.xml.end-without-start': fixed('end tag without a start tag', 'وسم نهاية بلا وسم بداية'),
  'reason.xml.end-mismatch': {
    en: (p: { end: string; start: string }) => `end tag </${p.end}> does not match <${p.start}>`,
    ar: (p: { end: string; start: string }) => `وسم النهاية </${p.end}> لا يطابق <${p.start}>`,
  },
  'reason.xml.expected-gt': fixed("expected '>'", "كان المتوقع '>'"),
  'reason.xml.expected-comment-or-cdata': fixed('expected a comment or a CDATA section', 'كان المتوقع تعليقاً أو مقطع CDATA'),
  'reason.xml.expected-space-or-end': fixed("expected whitespace, '>' or '/>'", "كان المتوقع مسافة بيضاء أو '>' أو '/>'"),
  'reason.xml.expected-eq': fixed("expected '='", "كان المتوقع '='"),
  'reason.xml.expected-quoted-value': fixed('expected a quoted attribute value', 'كان المتوقع قيمة سمة بين علامتي تنصيص'),
  'reason.xml.expected-pi-space-or-end': fixed("expected whitespace or '?>'", "كان المتوقع مسافة بيضاء أو '?>'"),
  'reason.xml.too-deep': {
    en: (p: { limit: number | string }) => `elements nested more than ${p.limit} deep (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `عناصر متداخلة بعمق يزيد على ${p.limit} مستوى (حدّ libxml2)`,
  },
  'reason.xml.element-not-closed': {
    en: (p: { name: string }) => `element <${p.name}> is not closed`,
    ar: (p: { name: string }) => `العنصر <${p.name}> غير مغلق`,
  },
  'reason.xml.start-tag-not-closed': {
    en: (p: { name: string }) => `start tag <${p.name}> is not closed`,
    ar: (p: { name: string }) => `وسم البداية <${p.name}> غير مغلق`,
  },
  // Before `attribute-twice`: its English begins the same way.
  'reason.xml.attribute-twice-ns': {
    en: (p: { ns: string; local: string }) => `attribute {${p.ns}}${p.local} appears twice (two prefixes bound to one namespace)`,
    ar: (p: { ns: string; local: string }) => `السمة {${p.ns}}${p.local} مكررة (بادئتان مرتبطتان بنطاق أسماء واحد)`,
  },
  'reason.xml.attribute-twice': {
    en: (p: { name: string }) => `attribute ${p.name} appears twice`,
    ar: (p: { name: string }) => `السمة ${p.name} مكررة`,
  },
  'reason.xml.start-tag-too-long': {
    en: (p: { limit: number | string }) => `a start tag of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `وسم بداية يزيد حجمه على ${p.limit} بايت (حدّ libxml2)`,
  },
  'reason.xml.prefix-undeclared': {
    en: (p: { prefix: string }) => `namespace prefix ${p.prefix} is not declared`,
    ar: (p: { prefix: string }) => `بادئة نطاق الأسماء ${p.prefix} غير مصرّح بها`,
  },
  'reason.xml.xmlns-declared': fixed('the prefix xmlns cannot be declared', 'لا يمكن التصريح بالبادئة xmlns'),
  'reason.xml.xml-prefix': fixed('the prefix xml is bound to its namespace and nothing else is',
    'البادئة xml مرتبطة بنطاق الأسماء الخاص بها، ولا تُربط به بادئة غيرها'),
  'reason.xml.xmlns-namespace': {
    en: (p: { ns: string }) => `the namespace ${p.ns} cannot be declared`,
    ar: (p: { ns: string }) => `لا يمكن التصريح بنطاق الأسماء ${p.ns}`,
  },
  'reason.xml.prefix-undeclaring': {
    en: (p: { prefix: string }) => `prefix ${p.prefix} cannot be undeclared in XML 1.0`,
    ar: (p: { prefix: string }) => `لا يمكن إلغاء التصريح بالبادئة ${p.prefix} في XML 1.0`,
  },
  'reason.xml.not-uri': {
    en: (p: { uri: string }) => `namespace name "${p.uri}" is not a URI reference`,
    ar: (p: { uri: string }) => `اسم نطاق الأسماء "${p.uri}" ليس مرجع URI`,
  },
  'reason.xml.unterminated-value': fixed('unterminated attribute value', 'قيمة سمة غير منتهية'),
  'reason.xml.lt-in-value': fixed("'<' in an attribute value", "'<' في قيمة سمة"),
  'reason.xml.cdata-end-in-text': fixed("']]>' in text", "']]>' في النص"),
  'reason.xml.text-too-long': {
    en: (p: { limit: number | string }) => `a text node of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `عقدة نصية يزيد حجمها على ${p.limit} بايت (حدّ libxml2)`,
  },
  'reason.xml.unterminated-cdata': fixed('unterminated CDATA section', 'مقطع CDATA غير منتهٍ'),
  'reason.xml.cdata-too-long': {
    en: (p: { limit: number | string }) => `a CDATA section of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `مقطع CDATA يزيد حجمه على ${p.limit} بايت (حدّ libxml2)`,
  },
  'reason.xml.bare-amp': fixed("'&' not starting a reference", "'&' لا يبدأ مرجعاً"),
  'reason.xml.bad-char-ref': {
    en: (p: { ref: string }) => `malformed character reference &${p.ref};`,
    ar: (p: { ref: string }) => `مرجع محرف غير صحيح البنية &${p.ref};`,
  },
  'reason.xml.char-ref-not-allowed': {
    en: (p: { ref: string }) => `&${p.ref}; refers to a character XML does not allow`,
    ar: (p: { ref: string }) => `&${p.ref}; يشير إلى محرف لا يسمح به XML`,
  },
  'reason.xml.entity-undefined': {
    en: (p: { ref: string }) => `entity &${p.ref}; is not defined (only &lt; &gt; &amp; &apos; &quot; are: no DTD is ever read)`,
    ar: (p: { ref: string }) => `الكيان &${p.ref}; غير معرّف (لا يُعرَّف إلا &lt; &gt; &amp; &apos; &quot;: لا يُقرأ أي DTD أبداً)`,
  },
  'reason.xml.unterminated-comment': fixed('unterminated comment', 'تعليق غير منتهٍ'),
  'reason.xml.double-hyphen': fixed("'--' inside a comment", "'--' داخل تعليق"),
  'reason.xml.comment-too-long': {
    en: (p: { limit: number | string }) => `a comment of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `تعليق يزيد حجمه على ${p.limit} بايت (حدّ libxml2)`,
  },
  'reason.xml.pi-reserved': {
    en: (p: { target: string }) => `processing-instruction target ${p.target} is reserved (an XML declaration is allowed only at the start)`,
    ar: (p: { target: string }) => `هدف تعليمة المعالجة ${p.target} محجوز (لا يُسمح بتصريح XML إلا في البداية)`,
  },
  'reason.xml.unterminated-pi': fixed('unterminated processing instruction', 'تعليمة معالجة غير منتهية'),
  'reason.xml.pi-too-long': {
    en: (p: { limit: number | string }) => `a processing instruction of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `تعليمة معالجة يزيد حجمها على ${p.limit} بايت (حدّ libxml2)`,
  },
  'reason.xml.name-too-long': {
    en: (p: { limit: number | string }) => `a name of more than ${p.limit} bytes (libxml2's limit)`,
    ar: (p: { limit: number | string }) => `اسم يزيد حجمه على ${p.limit} بايت (حدّ libxml2)`,
  },
  // The decoder's: bytes that are not text in the encoding read, an encoding pintae does not read.
  'reason.xml.ucs4': fixed('the document is in UCS-4 (UTF-32), which is not supported: pintae reads UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 and US-ASCII',
    'المستند بترميز UCS-4 (UTF-32)، وهو غير مدعوم: يقرأ pintae الترميزات UTF-8، وUTF-16 مع علامة ترتيب البايتات، وISO-8859-1، وUS-ASCII'),
  'reason.xml.ebcdic': fixed('the document is in EBCDIC, which is not supported: pintae reads UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 and US-ASCII',
    'المستند بترميز EBCDIC، وهو غير مدعوم: يقرأ pintae الترميزات UTF-8، وUTF-16 مع علامة ترتيب البايتات، وISO-8859-1، وUS-ASCII'),
  'reason.xml.encoding-unsupported': {
    en: (p: { name: string }) => `encoding "${p.name}" is not supported: pintae reads UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 and US-ASCII`,
    ar: (p: { name: string }) => `الترميز "${p.name}" غير مدعوم: يقرأ pintae الترميزات UTF-8، وUTF-16 مع علامة ترتيب البايتات، وISO-8859-1، وUS-ASCII`,
  },
  'reason.xml.utf16-declared': {
    en: (p: { name: string }) => `encoding "${p.name}" is declared, but the document is not UTF-16 with a byte-order mark`,
    ar: (p: { name: string }) => `صُرِّح بالترميز "${p.name}"، لكن المستند ليس UTF-16 مع علامة ترتيب البايتات`,
  },
  'reason.xml.not-ascii': {
    en: (p: { hex: string }) => `byte 0x${p.hex} is not US-ASCII`,
    ar: (p: { hex: string }) => `البايت 0x${p.hex} ليس US-ASCII`,
  },
  'reason.xml.invalid-bytes': {
    en: (p: { encoding: string; bytes: string }) => `invalid bytes in character encoding ${p.encoding} (${p.bytes})`,
    ar: (p: { encoding: string; bytes: string }) => `بايتات غير صالحة في ترميز المحارف ${p.encoding} (${p.bytes})`,
  },
  // What the reader expected where it found no name (src/xpath/xml.ts `expected ${what}`, `what` as `qname` and `name`
  // are given it): one entry for each, so that no other reader's "expected …" reads back to one of them.
  'reason.xml.expected-element-name': fixed('expected an element name', 'كان المتوقع اسم عنصر'),
  'reason.xml.expected-attribute-name': fixed('expected an attribute name', 'كان المتوقع اسم سمة'),
  'reason.xml.expected-pi-target': fixed('expected a processing-instruction target', 'كان المتوقع هدف تعليمة معالجة'),
  // A lower layer's reason at a place (src/io/errors.ts `reasonAt`): `--rates x.csv: permission denied`.
  'reason.at': {
    en: (p: { at: string; reason: string }) => `${p.at}: ${p.reason}`,
    ar: (p: { at: string; reason: string }) => `${p.at}: ${p.reason}`,
  },
} as const satisfies Record<string, Text<never>>;

/** What a file system entry is (src/io/input-file.ts `kindOf`), in Arabic. */
const KIND_AR: Readonly<Record<string, string>> = {
  'a directory': 'مجلد', 'a named pipe (FIFO)': 'أنبوب مسمّى (FIFO)', 'a socket': 'مقبس (socket)',
  'a character device': 'جهاز محارف', 'a block device': 'جهاز كتل', 'not a regular file': 'ليس ملفاً عادياً',
};

export type ReasonId = keyof typeof REASONS;
type ParamsOf<K extends ReasonId> = Parameters<(typeof REASONS)[K]['en']>[0];

/** A reason's English words. */
export function reasonWords<K extends ReasonId>(id: K, params: ParamsOf<K>): string {
  return (REASONS[id] as unknown as Text<ParamsOf<K>>).en(params);
}

/** The English of `found` where the JSON reader reaches the end of the input (`subject`, its English phrase). */
export const JSON_END = END;

/*
 * Reading an entry back from its English. A lower layer's reason travels as its English (in an `error` of a result,
 * which crosses worker threads and is written to reports as it is, or as a `reason` parameter), so it is matched to
 * its entry by its words: each parameter is read from the place it holds in the English, and the entry is kept only
 * when said again with what was read it gives the same words, character for character.
 */
const SENTINEL = (k: string) => `\u0000${k}\u0000`;
interface Pattern { id: string; re: RegExp; keys: string[]; text: Text<Record<string, string>> }

function patternOf(id: string): Pattern | undefined {
  const text = textOf(id) as Text<Record<string, string>> | undefined;
  if (!text) return undefined;
  const probe = new Proxy({}, { get: (_, k) => SENTINEL(String(k)) }) as Record<string, string>;
  const shape = text.en(probe);
  const source = shape.split(/\u0000([^\u0000]*)\u0000/).map((part, i) => (i % 2 ? '(.*?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const order = [...shape.matchAll(/\u0000([^\u0000]*)\u0000/g)].map((m) => m[1]!);
  return { id, re: new RegExp(`^${source}$`, 's'), keys: order, text };
}

const patterns = new Map<readonly string[], Pattern[]>();
/** The entry among `ids` whose English is `words`, with the parameters read back; undefined when none says them. */
export function readBackFrom(ids: readonly string[], words: string): MessageRef | undefined {
  let list = patterns.get(ids);
  if (!list) { list = ids.map(patternOf).filter((p): p is Pattern => p !== undefined); patterns.set(ids, list); }
  for (const { id, re, keys, text } of list) {
    const m = re.exec(words);
    if (!m) continue;
    const p: Record<string, string> = {};
    keys.forEach((k, i) => { p[k] = m[i + 1]!; });
    if (text.en(p) === words) return { id, p };
  }
  return undefined;
}

/** The lower layers' reasons, most particular first (`reason.at` is a sentence around a reason, not one). */
const REASON_IDS = Object.keys(REASONS).filter((id) => id !== 'reason.at');

/** The entry of a lower layer's reason said by `words`; undefined when they are no reason pintae words. */
export const reasonRef = (words: string): MessageRef | undefined => readBackFrom(REASON_IDS, words);

/** A lower layer's reason in `tongue`; undefined when pintae does not word it. */
function reasonIn(words: string, tongue: Tongue): string | undefined {
  const ref = reasonRef(words);
  return ref && (REASONS[ref.id as ReasonId] as unknown as Text<Record<string, unknown>>)[tongue](ref.p);
}

registerCatalogue((id) => (Object.hasOwn(REASONS, id) ? REASONS[id as ReasonId] as unknown as Text<never> : undefined));
registerReasons(reasonIn);
