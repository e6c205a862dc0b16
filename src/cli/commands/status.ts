import { Chalk } from 'chalk';
import { followToTerminal } from '../../api/follow.js';
import { invoiceStatus, type InvoiceStatus } from '../../api/invoices.js';
import { apiClient, outputFormat, sleep, waitTimeoutMs, type ApiOptions } from '../api-setup.js';
import { progress } from '../progress.js';
import { useColor } from '../ui.js';

export interface StatusOptions extends ApiOptions { wait?: boolean; timeout?: string }

function formatStatus(s: InvoiceStatus, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const good = s.category === 'success';
  const lines = [`${good ? c.green('✔') : c.red('✖')} ${s.invoice_id}${s.invoice_number ? `  ${s.invoice_number}` : ''}  ${good ? c.green(s.status) : s.terminal ? c.red(s.status) : c.yellow(s.status)}`
    + `${s.category ? ` (${s.category})` : ''}${s.terminal ? '' : '  not terminal'}`];
  for (const e of s.errors ?? []) lines.push(`    ${c.red('error')}  ${[e.section, e.message, e.rule, e.status_code ? `HTTP ${String(e.status_code)}` : undefined].filter(Boolean).join('  ')}`);
  return lines.join('\n') + '\n';
}

/** pintae status <invoice_id>: one read, or --wait polling until terminal. Exit 0 only for category success. */
export async function runStatus(invoiceId: string, options: StatusOptions): Promise<number> {
  const format = outputFormat(options.format);
  const timeoutMs = waitTimeoutMs(options.timeout);
  const client = apiClient(options);
  let status: InvoiceStatus;
  let timedOut = false;
  const spinner = progress(`waiting for ${invoiceId}`);
  try {
    if (options.wait) {
      const followed = await followToTerminal(client, [invoiceId], { timeoutMs, now: Date.now, sleep, onPoll: () => spinner.text(`waiting for ${invoiceId}`) });
      status = followed.statuses.get(invoiceId)!;
      timedOut = followed.timedOut;
    } else status = await invoiceStatus(client, invoiceId);
  } finally {
    spinner.stop();
    await client.close();
  }
  process.stdout.write(format === 'json' ? JSON.stringify(status, null, 2) + '\n' : formatStatus(status, useColor(process.stdout, process.env)));
  if (timedOut) process.stderr.write(`pintae: ${invoiceId} is still ${status.status} after --timeout ${timeoutMs / 1000} s\n`);
  return status.category === 'success' ? 0 : 1;
}
