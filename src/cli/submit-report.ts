import { Chalk } from 'chalk';
import type { InvoiceStatus } from '../api/invoices.js';
import { ACCEPTED, type Outcome, type SubmitResult } from '../api/submit.js';

/** A submission result, with the invoice's status after --wait. */
export type ReportRow = SubmitResult & { final?: InvoiceStatus };

export function countOutcomes(rows: ReportRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return counts;
}

const where = (r: ReportRow) => r.invoice_number ?? (r.index === null ? r.file : `${r.file}[${r.index}]`);

function statusErrors(errors: InvoiceStatus['errors'] | SubmitResult['errors'], c: InstanceType<typeof Chalk>): string[] {
  return (errors ?? []).map((e: { section?: string; message?: string; rule?: string; status_code?: unknown }) =>
    `      ${c.red('error')}  ${[e.section, e.message, e.rule, e.status_code ? `HTTP ${String(e.status_code)}` : undefined].filter(Boolean).join('  ')}`);
}

/** One line per invoice (and its errors), then a summary. Pure. */
export function formatText(rows: ReportRow[], options: { color: boolean; okIfExists?: boolean }): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  for (const r of rows) {
    const ok = ACCEPTED.has(r.outcome) || (r.outcome === 'exists' && options.okIfExists);
    const mark = r.outcome === 'skipped' ? c.dim('↷') : ok ? c.green('✔') : c.red('✖');
    // Each item's status_code as the service answered it (spec 4.3), beside what it means for this invoice.
    const label = (r.outcome === 'exists' ? 'already submitted' : r.outcome) + (r.http ? ` (${r.http})` : '');
    const id = r.invoice_id ? `  ${r.invoice_id}` : '';
    // A skipped invoice's status in the ledger is as old as its send: --wait or pintae status reads today's.
    const status = r.status && r.outcome !== 'skipped' ? `  ${r.status}` : '';
    lines.push(`${mark} ${where(r)}  ${ok ? c.green(label) : r.outcome === 'skipped' ? label : c.red(label)}${id}${status}`);
    if (r.message && r.outcome !== 'accepted') lines.push(`    ${c.dim(r.message)}`);
    lines.push(...statusErrors(r.errors, c));
    if (r.final) {
      const good = r.final.category === 'success';
      lines.push(`    → ${good ? c.green(r.final.status) : c.red(r.final.status)}${r.final.category ? ` (${r.final.category})` : ''}${r.final.terminal ? '' : c.yellow(' not terminal yet')}`);
      lines.push(...statusErrors(r.final.errors, c));
    }
  }
  const counts = countOutcomes(rows);
  const order: Outcome[] = ['accepted', 'recovered', 'skipped', 'exists', 'rejected', 'invalid', 'refused', 'unknown', 'unsent', 'unreadable'];
  const parts = order.filter((o) => counts[o]).map((o) => `${counts[o]} ${o === 'exists' ? 'already submitted' : o}`);
  lines.push('', `${rows.length} invoice${rows.length === 1 ? '' : 's'}: ${parts.join(', ') || 'none'}`);
  return lines.join('\n') + '\n';
}

export function formatJson(rows: ReportRow[]): string {
  return JSON.stringify({ results: rows, summary: { invoices: rows.length, ...countOutcomes(rows) } }, null, 2) + '\n';
}
