import type { Text } from './lang.js';
import { registerCatalogue } from './ref.js';
import { subjectAr } from './subject.js';

/**
 * The lines of a report that are pintae's own (issue 26): the summary, the gates, the verdict of an invoice. Arabic
 * counts are said as "label: number", which needs no agreement of noun and number (Arabic has singular, dual and two
 * plurals); digits stay Western.
 */
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface SummaryParams {
  invoices: number; files: number; valid: number; invalid: number; rejected: number; unreadable: number;
  warnings: number; notes: number; suppressed: number;
  /** By kind, for a run of documents (check): what the sentence names instead of "invoices". */
  documents?: Readonly<Record<Kind, number>>;
  /** One of `files` is `-`: standard input (or serve's request body), named instead of counted a file. */
  stdin?: 'stdin' | 'body';
}

/**
 * Where the run read from (docs/decisions.md "Standard input in a summary"): `in 3 files`, `from standard input`, `in
 * 2 files and standard input`; Arabic as a label (الملفات: 2) or the input's name (الإدخال القياسي، متن الطلب).
 */
function readFrom(s: SummaryParams, en: boolean): string {
  const files = s.files - (s.stdin ? 1 : 0);
  const input = s.stdin === 'body' ? (en ? 'the request body' : 'متن الطلب') : (en ? 'standard input' : 'الإدخال القياسي');
  if (!s.stdin) return en ? `in ${plural(files, 'file')}` : `الملفات: ${files}`;
  if (files === 0) return en ? `from ${input}` : input;
  return en ? `in ${plural(files, 'file')} and ${input}` : `الملفات: ${files} و${input}`;
}

type Kind = 'invoice' | 'credit_note' | 'tdd' | 'other';
const KINDS: readonly Kind[] = ['invoice', 'credit_note', 'tdd', 'other'];
const KIND_EN: Record<Kind, string> = { invoice: 'invoice', credit_note: 'credit note', tdd: 'Tax Data Document', other: 'other document' };
const KIND_AR: Record<Kind, string> = { invoice: 'الفواتير', credit_note: 'الإشعارات الدائنة', tdd: 'مستندات البيانات الضريبية', other: 'مستندات أخرى' };

/**
 * What a run judged, counted (docs/decisions.md "What a summary counts"): invoices for invoice requests; for documents
 * the one kind they all are, or "documents" with the count of each kind when they differ.
 */
function counted(s: SummaryParams, en: boolean): string {
  const d = s.documents;
  const say = (kind: Kind, n: number) => (en ? plural(n, KIND_EN[kind]) : `${KIND_AR[kind]}: ${n}`);
  if (!d) return say('invoice', s.invoices);
  const kinds = KINDS.filter((k) => d[k] > 0);
  if (kinds.length === 1 && kinds[0] !== 'other') return say(kinds[0]!, s.invoices);
  const total = en ? plural(s.invoices, 'document') : `المستندات: ${s.invoices}`;
  return kinds.length > 1 ? `${total} (${kinds.map((k) => say(k, d[k])).join(en ? ', ' : '، ')})` : total;
}

export const REPORT = {
  'summary.line': {
    en: (s: SummaryParams) => {
      const parts = [`${s.valid} valid`, `${s.invalid} invalid`, `${s.rejected} rejected`];
      if (s.unreadable) parts.push(`${s.unreadable} unreadable`);
      if (s.warnings) parts.push(plural(s.warnings, 'warning'));
      if (s.notes) parts.push(plural(s.notes, 'note'));
      if (s.suppressed) parts.push(`${plural(s.suppressed, 'finding')} turned off by rule overrides`);
      return `${counted(s, true)} ${readFrom(s, true)}: ${parts.join(', ')}`;
    },
    ar: (s: SummaryParams) => {
      const parts = [`صالحة: ${s.valid}`, `غير صالحة: ${s.invalid}`, `مرفوضة: ${s.rejected}`];
      if (s.unreadable) parts.push(`غير مقروءة: ${s.unreadable}`);
      if (s.warnings) parts.push(`تحذيرات: ${s.warnings}`);
      if (s.notes) parts.push(`ملاحظات: ${s.notes}`);
      if (s.suppressed) parts.push(`نتائج أوقفتها تجاوزات القواعد: ${s.suppressed}`);
      return `${counted(s, false)}، ${readFrom(s, false)} — ${parts.join('، ')}`;
    },
  },
  // The GitHub Actions log's last line: every count, always, for a log read by scripts as much as by people.
  'summary.github': {
    en: (s: SummaryParams & { judged: ReadonlyArray<readonly [string, number]> }) => `${counted(s, true)} ${readFrom(s, true)}: `
      + `${s.valid} valid, ${s.invalid} invalid, ${s.rejected} rejected, ${s.unreadable} unreadable, ${plural(s.warnings, 'warning')}, ${plural(s.notes, 'note')}, ${s.suppressed} turned off`
      + (s.judged.length ? `; judged by ${s.judged.map(([set, n]) => `${set} (${n})`).join(', ')}` : ''),
    ar: (s: SummaryParams & { judged: ReadonlyArray<readonly [string, number]> }) => `${counted(s, false)}، ${readFrom(s, false)} — `
      + `صالحة: ${s.valid}، غير صالحة: ${s.invalid}، مرفوضة: ${s.rejected}، غير مقروءة: ${s.unreadable}، تحذيرات: ${s.warnings}، ملاحظات: ${s.notes}، نتائج أوقفتها تجاوزات القواعد: ${s.suppressed}`
      + (s.judged.length ? `؛ فُحصت وفق ${s.judged.map(([set, n]) => `${set} (${n})`).join('، ')}` : ''),
  },
  'gate.max-warnings': {
    en: (p: { warnings: number; maximum: number }) => `${plural(p.warnings, 'warning')} (maximum: ${p.maximum}, --max-warnings)`,
    ar: (p: { warnings: number; maximum: number }) => `التحذيرات: ${p.warnings} (الحد الأقصى: ${p.maximum}، --max-warnings)`,
  },
  'gate.fail-severity': {
    en: (p: { warnings: number }) => `${plural(p.warnings, 'warning')} (--fail-severity warning: none allowed)`,
    ar: (p: { warnings: number }) => `التحذيرات: ${p.warnings} (--fail-severity warning: لا يُسمح بأي تحذير)`,
  },
  'gate.fails': {
    en: (p: { gate: string }) => `${p.gate}: the run fails`,
    ar: (p: { gate: string }) => `${p.gate}: يفشل التشغيل`,
  },
  'invoice.valid': { en: (_: Record<string, never>) => 'valid', ar: (_: Record<string, never>) => 'صالحة' },
  // The Arabic agrees with what is valid: فاتورة is feminine; إشعار دائن and مستند (a TDD, another document) masculine.
  'document.valid': { en: (_: Record<string, never>) => 'valid', ar: (_: Record<string, never>) => 'صالح' },
  'invoice.errors': {
    en: (p: { n: number }) => plural(p.n, 'error'),
    ar: (p: { n: number }) => `الأخطاء: ${p.n}`,
  },
  // A result without a number, named by what it is (check's `document`; an invoice request otherwise).
  'unnumbered': {
    en: (p: { kind: Kind }) => ({ credit_note: 'credit note', tdd: 'Tax Data Document', other: 'document' } as Partial<Record<Kind, string>>)[p.kind] ?? 'invoice',
    ar: (p: { kind: Kind }) => ({ credit_note: 'إشعار دائن', tdd: 'مستند بيانات ضريبية', other: 'مستند' } as Partial<Record<Kind, string>>)[p.kind] ?? 'فاتورة',
  },
  'invoice.rejected': { en: (_: Record<string, never>) => 'rejected (400)', ar: (_: Record<string, never>) => 'مرفوضة (400)' },
  // The name stylish gives `pintae serve`'s request body where a file's name stands (`request body:6:25`).
  'input.body-name': { en: (_: Record<string, never>) => 'request body', ar: (_: Record<string, never>) => 'متن الطلب' },
  'finding.caused': {
    en: (p: { dependents: number; errors: number; rootIsError: boolean }) =>
      `+${p.dependents} caused by this${!p.rootIsError && p.errors > 0 ? ` (${p.errors} ${p.errors === 1 ? 'error' : 'errors'})` : ''} (--verbose lists them)`,
    ar: (p: { dependents: number; errors: number; rootIsError: boolean }) =>
      `+${p.dependents} ناتجة عن هذا${!p.rootIsError && p.errors > 0 ? ` (الأخطاء منها: ${p.errors})` : ''} (يسردها --verbose)`,
  },
  // A dependent finding's annotation with --verbose (github): the root cause it follows from.
  'finding.caused-by': {
    en: (p: { rule: string; line: number | string }) => `caused by ${p.rule} at line ${p.line}`,
    ar: (p: { rule: string; line: number | string }) => `ناتجة عن ${p.rule} في السطر ${p.line}`,
  },
  // Rule overrides (the config file's "rules"): rule ids and levels stay as the config file writes them.
  'overrides.in-force': {
    en: (p: { list: ReadonlyArray<{ rule: string; level: string; applied?: number }> }) =>
      `rule overrides in force (config file): ${p.list.map((o) => `${o.rule}${o.applied !== undefined ? ` (${plural(o.applied, 'finding')})` : ''} → ${o.level}`).join(', ')}`,
    ar: (p: { list: ReadonlyArray<{ rule: string; level: string; applied?: number }> }) =>
      `تجاوزات القواعد السارية (ملف الإعداد): ${p.list.map((o) => `${o.rule}${o.applied !== undefined ? ` (النتائج: ${o.applied})` : ''} → ${o.level}`).join('، ')}`,
  },
  'overrides.verdict': {
    en: (p: { line: string }) => `${p.line}: pintae's verdict, not the service's`,
    ar: (p: { line: string }) => `${p.line}: حكم pintae، لا حكم الخدمة`,
  },
  'overrides.notice-title': { en: (_: Record<string, never>) => 'pintae rule overrides', ar: (_: Record<string, never>) => 'تجاوزات قواعد pintae' },
  'overrides.notice': {
    en: (p: { list: ReadonlyArray<{ rule: string; level: string }> }) => `in force: ${p.list.map((o) => `${o.rule} → ${o.level}`).join(', ')} (pintae's verdict, not the service's)`,
    ar: (p: { list: ReadonlyArray<{ rule: string; level: string }> }) => `السارية: ${p.list.map((o) => `${o.rule} → ${o.level}`).join('، ')} (حكم pintae، لا حكم الخدمة)`,
  },
  // An input that could not be read, named by what it is (src/messages/subject.ts): a SARIF rule's description and
  // its fix, the HTML report's place of the finding. A request body is sent again, not run again.
  'unreadable.rule': {
    en: (p: { subject: string }) => `${p.subject === 'the file' ? 'the input file' : p.subject} could not be read or parsed`.replace(/^./, (c) => c.toUpperCase()),
    ar: (p: { subject: string }) => `تعذرت قراءة ${subjectAr(p.subject)} أو تحليله`,
  },
  'unreadable.fix': {
    en: (p: { subject: string }) => `Fix ${p.subject === 'standard input' ? 'what standard input gives' : p.subject} so that it parses, then ${
      p.subject === 'the request body' ? 'send the request again' : p.subject === 'the document given' ? 'give it to pintae again' : 'run pintae again'}.`,
    ar: (p: { subject: string }) => `أصلح ${subjectAr(p.subject)} حتى يمكن تحليله، ثم ${p.subject === 'the request body' ? 'أرسل الطلب مجدداً' : 'شغّل pintae مجدداً'}.`,
  },
  'override.moved': {
    en: (p: { from: string; to: string }) => `${p.from} → ${p.to} by rule override`,
    ar: (p: { from: string; to: string }) => `${p.from} → ${p.to} بتجاوز القاعدة`,
  },
} as const satisfies Record<string, Text<never>>;

export type ReportMessageId = keyof typeof REPORT;

registerCatalogue((id) => (Object.hasOwn(REPORT, id) ? REPORT[id as ReportMessageId] as unknown as Text<never> : undefined));
