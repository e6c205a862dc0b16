import { Chalk } from 'chalk';
import { followToTerminal } from '../../api/follow.js';
import { invoiceStatus, type InvoiceStatus } from '../../api/invoices.js';
import { ApiError } from '../../api/errors.js';
import { apiClient, outputFormat, sleep, waitTimeoutMs, type ApiOptions } from '../api-setup.js';
import { progress } from '../progress.js';
import { useColor } from '../ui.js';
import { readRunConfig, tell, told } from '../lang.js';
import { visible, visibleCopy } from '../../messages/visible.js';
import { usageError } from '../../messages/cli.js';

export interface StatusOptions extends ApiOptions { wait?: boolean; timeout?: string; lang?: string }

export function formatStatus(status: InvoiceStatus, color: boolean): string {
  const s = visibleCopy(status);
  const c = new Chalk({ level: color ? 1 : 0 });
  const good = s.category === 'success';
  const lines = [`${good ? c.green('✔') : c.red('✖')} ${s.invoice_id}${s.invoice_number ? `  ${s.invoice_number}` : ''}  ${good ? c.green(s.status) : s.terminal ? c.red(s.status) : c.yellow(s.status)}`
    + `${s.category ? ` (${s.category})` : ''}${s.terminal ? '' : `  ${tell('cli.not-terminal', { yet: false }).replace(/\n/g, ' / ')}`}`];
  for (const e of s.errors ?? []) lines.push(`    ${c.red('error')}  ${[e.section, e.message, e.rule, e.status_code ? `HTTP ${String(e.status_code)}` : undefined].filter(Boolean).join('  ')}`);
  return lines.join('\n') + '\n';
}

/**
 * pintae status <invoice_id...>: one read of each, or --wait polling until each is terminal. An id the API answers an
 * error for (404) is reported on standard error and the others go on; a refused token stops the run. Exit 0 only when
 * every invoice is in category success. JSON: the status object for one id (as before), a list for several.
 */
export async function runStatus(invoiceIds: string[], options: StatusOptions): Promise<number> {
  readRunConfig(options);
  const format = outputFormat(options.format, 'status');
  const timeoutMs = waitTimeoutMs(options.timeout);
  // `pintae status "$ID"` with ID unset asked for /oauth/invoices//status (entities get "" is a usage error already).
  if (invoiceIds.some((id) => id.trim() === '')) throw usageError('cli.status-blank-id', {});
  const ids = [...new Set(invoiceIds)];
  const client = apiClient(options);
  const statuses = new Map<string, InvoiceStatus>();
  let failed = 0;
  let timedOut = false;
  const spinner = progress(tell('cli.progress.reading', { ...(ids.length === 1 ? { id: ids[0]! } : {}), n: ids.length }));
  try {
    for (const id of ids) {
      try { statuses.set(id, await invoiceStatus(client, id)); } catch (e) {
        if (!(e instanceof ApiError) || e.status === 401 || ids.length === 1) throw e;
        spinner.clear(); // the line is printed where the spinner turns: taken off first, it comes back at its next frame
        process.stderr.write(`pintae: ${id}: ${told(e.message, e.said)}\n`);
        failed++;
      }
    }
    const pending = ids.filter((id) => statuses.has(id) && !statuses.get(id)!.terminal);
    if (options.wait && pending.length > 0) {
      const followed = await followToTerminal(client, pending, {
        timeoutMs, now: Date.now, sleep, onPoll: (left) => spinner.text(tell('cli.progress.waiting-for', { ...(pending.length === 1 ? { id: pending[0]! } : {}), left, n: pending.length })),
      });
      for (const [id, status] of followed.statuses) statuses.set(id, status);
      timedOut = followed.timedOut;
    }
  } finally {
    spinner.stop();
    await client.close();
  }
  const found = ids.flatMap((id) => (statuses.has(id) ? [statuses.get(id)!] : []));
  const color = useColor(process.stdout, process.env);
  process.stdout.write(format === 'json' ? JSON.stringify(invoiceIds.length === 1 ? found[0] : found, null, 2) + '\n'
    : format === 'ndjson' ? found.map((s) => JSON.stringify(s) + '\n').join('') : found.map((s) => formatStatus(s, color)).join(''));
  if (timedOut) for (const s of found) if (!s.terminal) process.stderr.write(`pintae: ${tell('cli.status-still', { id: visible(s.invoice_id), status: visible(s.status), seconds: timeoutMs / 1000 })}\n`);
  return failed === 0 && found.every((s) => s.category === 'success') ? 0 : 1;
}
