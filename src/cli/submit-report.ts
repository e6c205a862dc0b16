import { Chalk } from 'chalk';
import type { InvoiceStatus } from '../api/invoices.js';
import { ACCEPTED, type Outcome, type SubmitResult } from '../api/submit.js';
import { inLang, type Lang, type Text } from '../messages/lang.js';
import { speak } from '../messages/ref.js';
import { CLI, type CliMessageId } from '../messages/cli.js';
import '../messages/api.js';
import { visibleCopy } from '../messages/visible.js';

/** A submission result, with the invoice's status after --wait. */
export type ReportRow = SubmitResult & { final?: InvoiceStatus };

export function countOutcomes(rows: ReportRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return counts;
}

const where = (r: ReportRow) => r.invoice_number ?? (r.index === null ? r.file : `${r.file}[${r.index}]`);

function statusErrors(errors: InvoiceStatus['errors'] | SubmitResult['errors'], c: InstanceType<typeof Chalk>): string[] {
  return (errors ?? []).map((e: { section?: string; message?: string; rule?: string; status_code?: unknown; severity?: string }) =>
    `      ${e.severity === 'warning' ? c.yellow('warning') : c.red('error')}  ${[e.section, e.message, e.rule, e.status_code ? `HTTP ${String(e.status_code)}` : undefined].filter(Boolean).join('  ')}`);
}

interface TextOptions { color: boolean; okIfExists?: boolean; lang?: Lang }

const say = <K extends CliMessageId>(id: K, params: Parameters<(typeof CLI)[K]['en']>[0], lang: Lang | undefined) =>
  inLang(CLI[id] as unknown as Text<typeof params>, params, lang ?? 'en', '\n');

/**
 * A row as the machine formats write it: without the catalogue entry of its message; in another language than
 * English, `message` said in it and `message_en` beside it (as validate's findings).
 */
export function rowOut({ said, errorsSaid, ...r }: ReportRow, lang: Lang | undefined): ReportRow & { message_en?: string } {
  if (!lang || lang === 'en') return r;
  const errors = r.errors?.map((e) => ({ ...e, message: errorIn(e.message, errorsSaid, lang), message_en: e.message }));
  return { ...r, ...(r.message !== undefined ? { message: (said && speak(said, lang, '\n')) ?? r.message, message_en: r.message } : {}), ...(errors ? { errors } : {}) };
}

/** A finding of the offline validation in `lang`, by its entry; as it is where it has none (the service's words). */
const errorIn = (message: string, said: ReportRow['errorsSaid'], lang: Lang) =>
  (said && Object.hasOwn(said, message) ? speak(said[message]!, lang, ' / ') : undefined) ?? message;

/** An invoice's line as its answer arrives (and its errors): what stylish prints before the run ends. Pure. */
export function rowText(row: ReportRow, options: TextOptions): string {
  // In the run's language, then shown as text: the service's answer or the input never acts on the terminal.
  const r = visibleCopy(rowOut(row, options.lang));
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  const ok = ACCEPTED.has(r.outcome) || (r.outcome === 'exists' && options.okIfExists);
  const mark = r.outcome === 'skipped' ? c.dim('↷') : ok ? c.green('✔') : c.red('✖');
  // Each item's status_code as the service answered it (spec 4.3), beside what it means for this invoice.
  const label = (r.outcome === 'exists' ? 'already submitted' : r.outcome) + (r.http ? ` (${r.http})` : '');
  const id = r.invoice_id ? `  ${r.invoice_id}` : '';
  // A skipped invoice's status in the ledger is as old as its send: --wait or pintae status reads today's.
  const status = r.status && r.outcome !== 'skipped' ? `  ${r.status}` : '';
  lines.push(`${mark} ${where(r)}  ${ok ? c.green(label) : r.outcome === 'skipped' ? label : c.red(label)}${id}${status}`);
  if (r.message) lines.push(...r.message.split('\n').map((l) => `    ${c.dim(l)}`));
  lines.push(...statusErrors(r.errors, c));
  return lines.map((l) => l + '\n').join('');
}

/** An invoice's status once --wait has followed it: `→ INV-1  inv_…  SENT_TO_PEPPOL (success)`, and its errors. Pure. */
export function finalText(row: ReportRow, options: TextOptions): string {
  const r = visibleCopy(row);
  if (!r.final) return '';
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const good = r.final.category === 'success';
  const lines = [`→ ${where(r)}${r.invoice_id ? `  ${r.invoice_id}` : ''}  ${good ? c.green(r.final.status) : c.red(r.final.status)}${r.final.category ? ` (${r.final.category})` : ''}${r.final.terminal ? '' : c.yellow(` ${say('cli.not-terminal', { yet: true }, options.lang).replace(/\n/g, ' / ')}`)}`,
    ...statusErrors(r.final.errors, c)];
  return lines.map((l) => l + '\n').join('');
}

/** The summary line: how many invoices, by outcome. Pure. */
export function summaryText(rows: ReportRow[], lang?: Lang): string {
  const counts = countOutcomes(rows);
  const order: Outcome[] = ['accepted', 'recovered', 'skipped', 'exists', 'rejected', 'invalid', 'refused', 'unknown', 'unsent', 'unreadable'];
  return say('cli.submit-summary', { total: rows.length, counts: order.filter((o) => counts[o]).map((o) => [o, counts[o]!] as const) }, lang) + '\n';
}

/** The whole stylish report of a run: each invoice's line, the statuses --wait reached, the summary. Pure. */
export function formatText(rows: ReportRow[], options: TextOptions): string {
  const finals = rows.map((r) => finalText(r, options)).join('');
  return rows.map((r) => rowText(r, options)).join('') + (finals ? `\n${finals}` : '') + '\n' + summaryText(rows, options.lang);
}

export function formatJson(rows: ReportRow[], lang?: Lang): string {
  return JSON.stringify({ results: rows.map((r) => rowOut(r, lang)), summary: { invoices: rows.length, ...countOutcomes(rows) } }, null, 2) + '\n';
}

/**
 * How a submission run is printed as it goes (issue 24 item 5: bulk printed nothing until it ended): `row` as each
 * invoice's answer arrives, in input order; `final` for each status --wait reached; `end` once. stylish and ndjson
 * write as they go; json is one document, written at the end.
 */
export interface SubmitPrinter { row(r: ReportRow): string; final(r: ReportRow): string; end(rows: ReportRow[]): string }

export function submitPrinter(format: 'stylish' | 'json' | 'ndjson', options: TextOptions): SubmitPrinter {
  if (format === 'json') return { row: () => '', final: () => '', end: (rows) => formatJson(rows, options.lang) };
  if (format === 'ndjson') {
    const line = (value: unknown) => JSON.stringify(value) + '\n';
    return {
      row: ({ final: _f, ...r }) => line({ type: 'result', ...rowOut(r, options.lang) }),
      final: (r) => (r.final ? line({ type: 'status', file: r.file, index: r.index, invoice_number: r.invoice_number, ...r.final }) : ''),
      end: (rows) => line({ type: 'summary', summary: { invoices: rows.length, ...countOutcomes(rows) } }),
    };
  }
  let finals = 0;
  return {
    row: (r) => rowText(r, options),
    final: (r) => { const text = finalText(r, options); return text && finals++ === 0 ? `\n${text}` : text; },
    end: (rows) => '\n' + summaryText(rows, options.lang),
  };
}
