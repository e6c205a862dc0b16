/**
 * What a report calls the run's documents and inputs (qa10 items 1, 2): the HTML report's tables named their column
 * "Invoice"/"Invoices" for a `check` of Tax Data Documents or credit notes, and standard input (`-`) was "1 file" in
 * every summary sentence. Expected words: docs/decisions.md "What a summary counts" (the kind, or "documents" when a
 * run mixes them) and "Standard input in a summary"; Arabic from docs/glossary.md.
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceResult } from '../../../src/model/report.js';
import { ReportSink } from '../../../src/report/sink.js';
import { ALL_FORMATS } from '../../../src/formatters/index.js';
import type { FormatName } from '../../../src/formatters/names.js';
import type { Lang } from '../../../src/messages/lang.js';
import { finding, validated } from './support.js';
import { RuleCounts, summarySection } from '../../../src/formatters/html-summary.js';
import { Speaker } from '../../../src/formatters/html-lang.js';
import type { Summary } from '../../../src/formatters/report.js';

function run(results: InvoiceResult[], format: FormatName, lang?: Lang, stdin?: 'body'): string {
  const out: string[] = [];
  const sink = new ReportSink({ formats: ALL_FORMATS, format, stdout: { write: (c: string) => out.push(c) }, color: false, gates: { failSeverity: 'error' }, baseDir: '/', documents: true, ...(lang ? { lang } : {}), ...(stdin ? { stdin } : {}) });
  for (const r of results) sink.add(r);
  sink.finish();
  return out.join('');
}
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;
/** The headings of the HTML report's two tables: the inputs, and the findings by rule. */
const headings = (html: string) => [...html.matchAll(/<table class="(inputs|by-rule)"><thead><tr>(.*?)<\/tr>/g)].map((m) => [...m[2]!.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((h) => h[1]!.replace(/<[^>]+>/g, '')));

const wrong = finding('error', 'invoice_header', 'x', { rule: 'ibr-1', line: 1, column: 1 });
const doc = (file: string, document: InvoiceResult['document']): InvoiceResult => ({ ...validated(file, 'N-1', [wrong]), document });

describe('the HTML report names its columns by what the run holds (item 1)', () => {
  it('Tax Data Documents, credit notes, documents when mixed; invoices for invoices', () => {
    expect(headings(run([doc('a.xml', 'tdd')], 'html'))).toEqual([['#', 'Input', 'Tax Data Document', 'Verdict', 'Errors', 'Warnings', 'Rules'], ['Rule', 'Errors', 'Warnings', 'Tax Data Documents']]);
    expect(headings(run([doc('a.xml', 'credit_note'), doc('b.xml', 'credit_note')], 'html'))[0]![2]).toBe('Credit note');
    expect(headings(run([doc('a.xml', 'credit_note'), doc('b.xml', 'credit_note')], 'html'))[1]![3]).toBe('Credit notes');
    const mixed = headings(run([doc('a.xml', 'invoice'), doc('b.xml', 'tdd')], 'html'));
    expect([mixed[0]![2], mixed[1]![3]]).toEqual(['Document', 'Documents']);
    const other = headings(run([doc('a.xml', 'other')], 'html'));
    expect([other[0]![2], other[1]![3]]).toEqual(['Document', 'Documents']);
    const invoices = headings(run([doc('a.xml', 'invoice')], 'html'));
    expect([invoices[0]![2], invoices[1]![3]]).toEqual(['Invoice', 'Invoices']);
  });

  it('in Arabic, and in a section whose document is not shown', () => {
    const ar = headings(run([doc('a.xml', 'tdd')], 'html', 'ar'));
    expect([ar[0]![2], ar[1]![3]]).toEqual(['مستند البيانات الضريبية', 'مستندات البيانات الضريبية']);
    const mixed = headings(run([doc('a.xml', 'credit_note'), doc('b.xml', 'tdd')], 'html', 'ar'));
    expect([mixed[0]![2], mixed[1]![3]]).toEqual(['المستند', 'المستندات']);
    // A report made from one that keeps no document (merge-reports): the section is titled by the document's kind.
    expect(run([doc('a.xml', 'credit_note')], 'html')).toContain('<span class="doc-type">Credit note</span>');
    expect(run([doc('a.xml', 'tdd')], 'html')).toContain('<span class="doc-type">Tax Data Document</span>');
  });
});

describe('a section names its document by kind where it has no number or shows no document', () => {
  // Unnumbered, and made from a report that keeps no document (as merge-reports makes one): the section's own
  // sentences said "no invoice number" and "The invoice itself…" for a credit note or a Tax Data Document too.
  const bare = (document: InvoiceResult['document']): InvoiceResult => {
    const r = doc('a.xml', document);
    (r.response as { data: { invoice_number: string | null } }).data.invoice_number = null;
    return r;
  };
  it('in English and Arabic', () => {
    const tdd = run([bare('tdd')], 'html');
    expect(tdd).toContain('no document number');
    expect(tdd).toContain('The document itself is not available in this report');
    expect(tdd).not.toMatch(/no invoice number|The invoice itself/);
    const credit = run([bare('credit_note')], 'html');
    expect(credit).toContain('no credit note number');
    expect(credit).toContain('The credit note itself is not available in this report');
    const invoice = run([bare('invoice')], 'html');
    expect(invoice).toContain('no invoice number');
    expect(invoice).toContain('The invoice itself is not available in this report');
    const ar = run([bare('tdd')], 'html', 'ar');
    expect(ar).toContain('بلا رقم مستند');
    expect(ar).toContain('المستند نفسه غير متاح في هذا التقرير');
  });
});

describe('pages left out of a long HTML report are named by what the run holds', () => {
  // Past html.ts's MAX_PAGES the report keeps findings alone; its note said "The invoices themselves…" for any run.
  const summary = (documents?: Summary['documents']): Summary => ({ files: 1001, invoices: 1001, valid: 1001, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, notes: 0, suppressed: 0, ...(documents ? { documents } : {}) });
  const note = (s: Summary, lang: Lang = 'en') => /<p class="note">(.*?)<\/p>/.exec(summarySection(s, undefined, [], [], new RuleCounts(), 1, new Speaker(lang)))?.[1]?.replace(/<[^>]+>/g, '');
  const none = { invoice: 0, credit_note: 0, tdd: 0, other: 0 };
  it('invoices for invoices; documents for TDDs, credit notes or a mix; in Arabic too', () => {
    expect(note(summary())).toMatch(/^The invoices themselves are shown for the first ones only; for 1 more invoice, the findings alone are shown\./);
    expect(note(summary({ ...none, tdd: 1001 }))).toMatch(/^The documents themselves are shown for the first ones only; for 1 more document, the findings alone are shown\./);
    expect(note(summary({ ...none, credit_note: 1000, invoice: 1 }))).toMatch(/^The documents themselves/);
    expect(note(summary({ ...none, tdd: 1001 }), 'ar')).toMatch(/^تُعرض المستندات نفسها للأولى منها فقط؛ أما البقية \(المستندات الأخرى: 1\)/);
  });
});

describe('standard input is named, not counted a file (item 2)', () => {
  const stdin = { ...validated('-', 'N-1', []), document: 'invoice' as const };
  const file = { ...validated('a.xml', 'N-2', []), document: 'invoice' as const };
  it('stylish, github and html, in English and Arabic', () => {
    expect(lastLine(run([stdin], 'stylish'))).toBe('✔ 1 invoice from standard input: 1 valid, 0 invalid, 0 rejected');
    expect(lastLine(run([stdin], 'stylish', 'ar'))).toBe('✔ الفواتير: 1، الإدخال القياسي — صالحة: 1، غير صالحة: 0، مرفوضة: 0');
    expect(lastLine(run([file, stdin], 'stylish'))).toMatch(/^✔ 2 invoices in 1 file and standard input: /);
    expect(lastLine(run([file, stdin], 'stylish', 'ar'))).toMatch(/^✔ الفواتير: 2، الملفات: 1 والإدخال القياسي — /);
    expect(lastLine(run([stdin], 'github'))).toMatch(/^pintae: 1 invoice from standard input: 1 valid, /);
    expect(lastLine(run([stdin], 'github', 'ar'))).toMatch(/^pintae: الفواتير: 1، الإدخال القياسي — /);
    expect(run([stdin], 'html')).toContain('✔ 1 invoice from standard input: 1 valid');
    expect(run([file, stdin], 'html', 'ar')).toContain('الملفات: 1 والإدخال القياسي');
    // Files alone, as before; the JSON summary keeps its fields, standard input counted among its files.
    expect(lastLine(run([file], 'stylish'))).toMatch(/^✔ 1 invoice in 1 file: /);
    expect(JSON.parse(run([stdin], 'json')).summary).toEqual({ files: 1, invoices: 1, valid: 1, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, notes: 0, suppressed: 0 });
  });

  it('pintae serve names its request body', () => {
    expect(lastLine(run([stdin], 'stylish', undefined, 'body'))).toMatch(/^✔ 1 invoice from the request body: /);
    expect(run([stdin], 'html', 'ar', 'body')).toContain('الفواتير: 1، متن الطلب — ');
  });
});
