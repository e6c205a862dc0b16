/**
 * A summary names what was checked (qa9 item 1): `check` of a Tax Data Document said "1 invoice". Invoices,
 * credit notes, TDDs, or documents counted by kind when a run mixes them; in English and Arabic; in every format
 * with a summary sentence (stylish, github, html); the JSON summary keeps its fields, each result says its `document`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveTask, type ServeEnv } from '../../../src/serve/work.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../../dist/batch/check-work.js';
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { ReportSink } from '../../../src/report/sink.js';
import { ALL_FORMATS } from '../../../src/formatters/index.js';
import type { FormatName } from '../../../src/formatters/names.js';
import type { Lang } from '../../../src/messages/lang.js';
import { mergeReports, readReport } from '../../../src/batch/merge.js';
import { FIXTURES } from '../../helpers/paths.js';
import { finding, unreadable, validated } from './support.js';

const tdd = checkFile(join(FIXTURES, 'tdd', 'standard-tdd.xml'), builtinRuleSet()) as InvoiceResult;
const as = (r: InvoiceResult, file: string, document: InvoiceResult['document']): InvoiceResult => ({ ...r, file, document });

function run(results: InvoiceResult[], format: FormatName, lang?: Lang, documents = true): string {
  const out: string[] = [];
  const sink = new ReportSink({ formats: ALL_FORMATS, format, stdout: { write: (c: string) => out.push(c) }, color: false, gates: { failSeverity: 'error' }, baseDir: '/', documents, ...(lang ? { lang } : {}) });
  for (const r of results) sink.add(r);
  sink.finish();
  return out.join('');
}
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

describe('what a summary counts', () => {
  it('check reads a TDD as a Tax Data Document, not an invoice', () => {
    expect(tdd.document).toBe('tdd');
    expect(lastLine(run([tdd], 'stylish'))).toMatch(/^✔ 1 Tax Data Document in 1 file: /);
    expect(lastLine(run([tdd], 'stylish', 'ar'))).toMatch(/^✔ مستندات البيانات الضريبية: 1، الملفات: 1 — /);
    expect(lastLine(run([tdd], 'github'))).toMatch(/^pintae: 1 Tax Data Document in 1 file: /);
    expect(lastLine(run([tdd], 'github', 'ar'))).toMatch(/^pintae: مستندات البيانات الضريبية: 1، الملفات: 1 — صالحة: 1/);
    expect(run([tdd], 'html')).toContain('✔ 1 Tax Data Document in 1 file: ');
    // en+ar: one log line, both languages after one "pintae:".
    expect(lastLine(run([tdd], 'github', 'en+ar')).match(/pintae:/g)).toHaveLength(1);
  });

  it('a run of several kinds counts documents, and each kind; credit notes by name', () => {
    const v = validated('x.json', 'N-1', []);
    const mixed = [as(v, 'a.xml', 'invoice'), as(v, 'b.xml', 'credit_note'), as(v, 'c.xml', 'credit_note'), tdd, as(v, 'e.xml', 'other')];
    expect(lastLine(run(mixed, 'stylish'))).toMatch(/^✔ 5 documents \(1 invoice, 2 credit notes, 1 Tax Data Document, 1 other document\) in 5 files: /);
    expect(lastLine(run(mixed, 'stylish', 'ar'))).toMatch(/^✔ المستندات: 5 \(الفواتير: 1، الإشعارات الدائنة: 2، مستندات البيانات الضريبية: 1، مستندات أخرى: 1\)، الملفات: 5/);
    expect(lastLine(run([as(v, 'b.xml', 'credit_note')], 'stylish'))).toMatch(/^✔ 1 credit note in 1 file/);
    // Nothing readable in a check run: documents, not invoices.
    expect(lastLine(run([unreadable('z.xml', 'broken', 1, 1)], 'stylish'))).toMatch(/^✖ 0 documents in 1 file/);
  });

  it('validate still counts invoices; the JSON summary keeps its fields, a result says its document, merge-reports reads it back', () => {
    expect(lastLine(run([validated('x.json', 'N-1', [])], 'stylish', undefined, false))).toMatch(/^✔ 1 invoice in 1 file/);
    const json = JSON.parse(run([tdd], 'json'));
    expect(Object.keys(json.summary).sort()).toEqual(['files', 'invalid', 'invoices', 'notes', 'rejected', 'suppressed', 'unreadable', 'valid', 'warnings']);
    expect(json.results[0].document).toBe('tdd');
    expect(mergeReports([readReport(json)]).summary.documents).toEqual({ invoice: 0, credit_note: 0, tdd: 1, other: 0 });
  });

  it('a document without a number is named by what it is, not "invoice" (stylish, en and ar)', () => {
    const v = validated('x.json', 'N-1', []);
    const unnumbered = (r: InvoiceResult): InvoiceResult => ({ ...r, response: r.response && 'data' in r.response ? { ...r.response, data: { ...r.response.data, invoice_number: null } } : r.response });
    expect(run([unnumbered(as(v, 'x.xml', 'other'))], 'stylish')).toMatch(/\n {2}✔ document valid\n/);
    expect(run([unnumbered(as(v, 'c.xml', 'credit_note'))], 'stylish')).toMatch(/\n {2}✔ credit note valid\n/);
    expect(run([unnumbered(as(v, 'c.xml', 'credit_note'))], 'stylish', 'ar')).toMatch(/\n {2}✔ إشعار دائن صالح\n/);
    expect(run([unnumbered(v)], 'stylish', undefined, false)).toMatch(/\n {2}✔ invoice valid\n/);
    // Arabic agrees: an invoice صالحة, a TDD (مستند) صالح.
    expect(run([v], 'stylish', 'ar', false)).toMatch(/\n {2}✔ N-1 صالحة\n/);
    expect(run([tdd], 'stylish', 'ar')).toMatch(/\n {2}✔ \S+ صالح {2}/);
  });

  it('junit names an unnumbered credit note by what it is, not "(invoice)"', () => {
    const v = validated('x.json', 'N-1', [finding('error', 'invoice_header', 'x', { rule: 'ibr-1', line: 1, column: 1 })]);
    const cn: InvoiceResult = { ...v, file: 'c.xml', document: 'credit_note', response: v.response && 'data' in v.response ? { ...v.response, data: { ...v.response.data, invoice_number: null } } : v.response };
    expect(run([cn], 'junit')).toContain('name="(credit note): ibr-1 (line 1, column 1)"');
  });

  it('pintae serve: POST /v1/check of a TDD says a Tax Data Document; of nothing readable, 0 documents', () => {
    const env: ServeEnv = { pipeline: fixtureEnv(), rules: {}, gates: { failSeverity: 'error' }, tdd: {} };
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, 'tdd', 'standard-tdd.xml')));
    expect(lastLine(serveTask({ op: 'check', bytes, format: 'stylish', lang: 'en' }, env).body)).toMatch(/^. 1 Tax Data Document from the request body: /);
    expect(lastLine(serveTask({ op: 'check', bytes: new Uint8Array(), format: 'stylish', lang: 'en' }, env).body)).toMatch(/^✖ 0 documents from the request body: /);
  });
});
