import { discover } from '../batch/discover.js';
import { leaveOutOptionFiles } from './batch.js';
import { readSendables, isSendable } from '../batch/submit-read.js';
import { ACCEPTED, Submitter, type Sendable } from '../api/submit.js';
import { followToTerminal } from '../api/follow.js';
import { usageError } from '../messages/cli.js';
import { apiWords } from '../messages/api.js';
import type { Worded } from '../messages/ref.js';
import { cliLang, readRunConfig, tell } from './lang.js';
import { ApiError, ApiUnreachableError } from '../api/errors.js';
import { pipelineEnv, type ValidateOptions } from './commands/validate.js';
import { apiClient, openLedger, outputFormat, sleep, waitTimeoutMs, type ApiOptions } from './api-setup.js';
import { submitPrinter, type ReportRow } from './submit-report.js';
import { progress } from './progress.js';
import { withRemoteEntities } from './entity-prefetch.js';
import { useColor } from './ui.js';
import { readStdinText } from '../io/stdin.js';
import { UsageError } from '../io/errors.js';

export interface SubmitOptions extends ValidateOptions, ApiOptions {
  /** commander's --no-validate sets this false. */
  validate?: boolean;
  /** A path, or false with --no-ledger. */
  ledger?: string | boolean;
  force?: boolean;
  okIfExists?: boolean;
  wait?: boolean;
  timeout?: string;
  chunk?: string;
}

function chunkSize(value: string | undefined): number {
  if (value === undefined) return 50;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw usageError('cli.chunk', { value });
  return n;
}

/**
 * push and bulk: validate offline, consult the ledger, send (one POST /oauth/invoices, or POST /oauth/invoices/bulk
 * in chunks), record, optionally follow to terminal, report. Returns the exit code: 0 only when every invoice is at
 * the service (and, with --wait, reached category success).
 */
export async function runSubmission(paths: string[], options: SubmitOptions, mode: 'push' | 'bulk'): Promise<number> {
  readRunConfig(options);
  const format = outputFormat(options.format, mode);
  const chunk = mode === 'push' ? 1 : chunkSize(options.chunk);
  const timeoutMs = waitTimeoutMs(options.timeout);
  const client = apiClient(options);
  const ledger = openLedger(options);
  const rows: ReportRow[] = [];
  const spinner = progress(mode === 'push' ? tell('cli.progress.sending', {}) : tell('cli.progress.validating', {}));
  const printer = submitPrinter(format, { color: useColor(process.stdout, process.env), okIfExists: options.okIfExists, lang: cliLang() });
  // Each invoice's line is printed as soon as it and every invoice before it have their answer (input order): a
  // run stopped halfway has shown what it did. `pending` holds the rows still waiting for theirs.
  const pending = new Set<number>();
  let printed = 0;
  const flush = () => {
    let out = '';
    for (; printed < rows.length && !pending.has(printed); printed++) out += printer.row(rows[printed]!);
    if (out) { spinner.clear(); process.stdout.write(out); }
  };
  let waitError: string | undefined;
  try {
    const sources = leaveOutOptionFiles(discover(paths), paths, [
      ...(options.entity ?? []).map((path) => ({ option: '--entity', path })), { option: '--rates', path: options.rates },
      { option: '--config', path: typeof options.config === 'string' ? options.config : undefined },
    ]);
    let stdin: string | undefined;
    const readStdin = () => (stdin ??= readStdinText());
    const local = options.validate === false ? undefined : await pipelineEnv(options);
    const env = local && await withRemoteEntities(local, sources, readStdin, client, (line) => process.stderr.write(line));
    const read = [...readSendables(sources, env, readStdin)];
    if (mode === 'push' && read.length !== 1) throw usageError('cli.push-one-invoice', { path: paths[0]!, n: read.length });
    const submitter = new Submitter(client, ledger, { force: options.force === true, now: () => new Date() });
    const slots = new Map<Sendable, number>();
    read.forEach((item, i) => { rows.push(isSendable(item) ? { file: item.file, index: item.index, entity_id: item.entity_id, invoice_number: item.invoice_number, outcome: 'unsent' } : item); if (isSendable(item)) { slots.set(item, i); pending.add(i); } });
    const sendables = read.filter(isSendable);
    flush();
    let stopped: Worded | undefined;
    for (let at = 0; at < sendables.length; at += chunk) {
      const part = sendables.slice(at, at + chunk);
      if (stopped) { for (const item of part) { Object.assign(rows[slots.get(item)!]!, stopped); pending.delete(slots.get(item)!); } flush(); continue; }
      spinner.text(tell('cli.progress.sending', { from: at + 1, to: at + part.length, total: sendables.length }));
      const results = mode === 'push' ? [await submitter.sendOne(part[0]!)] : await submitter.sendChunk(part);
      results.forEach((r, i) => { rows[slots.get(part[i]!)!] = r; pending.delete(slots.get(part[i]!)!); });
      flush();
      if (results.every((r) => r.outcome === 'rejected' && r.http === 401)) stopped = apiWords('api.submit.stopped-token', {});
      // A limit the service still asks for after the retries (or one longer than pintae waits): the rest would meet it too.
      else if (results.every((r) => r.outcome === 'rejected' && r.http === 429)) stopped = apiWords('api.submit.stopped-busy', {});
      else if (results.every((r) => r.outcome === 'unknown' || r.outcome === 'unsent')) stopped = apiWords('api.submit.stopped-unknown', {});
    }
    if (options.wait) {
      const ids = rows.filter((r) => ACCEPTED.has(r.outcome) && r.invoice_id).map((r) => r.invoice_id!);
      try {
        const { statuses } = await followToTerminal(client, ids, {
          timeoutMs, now: Date.now, sleep, onPoll: (pending, total) => spinner.text(tell('cli.progress.waiting-all', { pending, total })),
        });
        for (const r of rows) if (r.invoice_id && statuses.has(r.invoice_id)) r.final = statuses.get(r.invoice_id);
        spinner.clear();
        process.stdout.write(rows.map((r) => printer.final(r)).join(''));
      } catch (e) {
        // The submissions happened and are in the ledger: they are reported whatever befalls the follow-up.
        // (An invoice_id the service gave that no URL can carry, "..", is a UsageError of api/path.ts: said the same way.)
        if (!(e instanceof ApiError || e instanceof ApiUnreachableError || e instanceof UsageError)) throw e;
        waitError = e.message;
      }
    }
  } finally {
    spinner.stop();
    ledger.close();
    await client.close();
  }
  // What an error stopping the run left unprinted is not reported (the error is); a finished run prints every row.
  pending.clear();
  flush();
  process.stdout.write(printer.end(rows));
  const ok = rows.every((r) => (ACCEPTED.has(r.outcome) || (r.outcome === 'exists' && options.okIfExists))
    && (!options.wait || !ACCEPTED.has(r.outcome) || r.final?.category === 'success'));
  if (options.wait && rows.some((r) => r.final && !r.final.terminal)) process.stderr.write(`pintae: ${tell('cli.wait-timeout', {})}\n`);
  if (waitError) process.stderr.write(`pintae: ${tell('cli.follow-failed', { reason: waitError })}\n`);
  return ok && !waitError ? 0 : 1;
}
