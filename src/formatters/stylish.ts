import { Chalk } from 'chalk';
import type { Formatter } from './report.js';
import type { InvoiceResult } from '../batch/run.js';

function label(r: InvoiceResult): string {
  const data = r.response && 'data' in r.response ? r.response.data : undefined;
  const number = data?.invoice_number ?? (r.index !== null ? `invoice [${r.index}]` : 'invoice');
  return r.index !== null && data?.invoice_number ? `[${r.index}] ${number}` : number;
}

/** Findings grouped per file, coloured on a terminal, with a summary line at the end. */
export const stylish: Formatter = (report, { color }) => {
  const c = new Chalk({ level: color ? 1 : 0 });
  const lines: string[] = [];
  let lastFile: string | undefined;
  for (const r of report.results) {
    if (r.file !== lastFile) { if (lastFile !== undefined) lines.push(''); lines.push(c.underline(r.file)); lastFile = r.file; }
    if (r.error) {
      const at = r.error.line !== undefined ? `${r.file}:${r.error.line}:${r.error.column}` : r.file;
      lines.push(`  ${c.red('✖')} ${at}: ${r.error.message}`);
      continue;
    }
    const written = r.xmlPath ? c.dim(` → ${r.xmlPath}`) : '';
    if (r.rejected && r.response && 'errors' in r.response && !('data' in r.response)) {
      lines.push(`  ${c.red('✖')} ${label(r)} ${c.red('rejected (400)')}`);
      for (const e of r.response.errors) lines.push(`    ${c.red('error')}  ${e.message}  ${c.dim(e.field)}`);
      continue;
    }
    if (!r.response || !('data' in r.response)) continue;
    const { errors, warnings } = r.response.data;
    lines.push(r.valid ? `  ${c.green('✔')} ${label(r)} ${c.green('valid')}${written}` : `  ${c.red('✖')} ${label(r)} ${c.red(`${errors.length} error${errors.length === 1 ? '' : 's'}`)}${written}`);
    const width = Math.max(0, ...errors.map((e) => e.section.length));
    for (const e of errors) {
      const where = [e.rule, e.field ?? e.location].filter(Boolean).join('  ');
      lines.push(`    ${c.red('error')}    ${e.section.padEnd(width)}  ${e.message}${where ? '  ' + c.dim(where) : ''}`);
    }
    for (const w of warnings) lines.push(`    ${c.yellow('warning')}  ${w.section.padEnd(width)}  ${w.message}`);
  }
  const s = report.summary;
  const parts = [`${s.valid} valid`, `${s.invalid} invalid`, `${s.rejected} rejected`];
  if (s.unreadable) parts.push(`${s.unreadable} unreadable`);
  const ok = s.valid === s.invoices && s.unreadable === 0;
  lines.push('', `${ok ? c.green('✔') : c.red('✖')} ${s.invoices} invoice${s.invoices === 1 ? '' : 's'} in ${s.files} file${s.files === 1 ? '' : 's'}: ${parts.join(', ')}`);
  return lines.join('\n') + '\n';
};
