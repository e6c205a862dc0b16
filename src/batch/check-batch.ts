import type { RuleLimits } from '../schematron/limits.js';
import type { Finding } from '../model/types.js';
import { checkFile } from './check-work.js';
import type { InvoiceResult } from './run.js';
import { unreadable } from './unreadable.js';
import type { WorkerSetup, WorkerTask } from './worker.js';
import { stopped, WORKER, workerCount } from './threads.js';

/* `pintae check` over many files, apart from runBatch (batch.ts): a validate run loads none of the check pipeline. */

/**
 * A file to check, or (with `message`) an entry discovery found but could not follow; `bytes` for standard input
 * (`-`), read once by the main thread, which owns it.
 */
export interface CheckSource { path: string; message?: string; bytes?: Uint8Array }

export interface CheckBatchOptions {
  jobs: number | 'auto';
  /** The rule set as named on the command line (workers load it themselves), or false for --no-schematron. */
  ruleSet: string | undefined | false;
  /** This thread's rules, used when no worker is started. */
  rules: { run(xml: string): Finding[] } | undefined;
  /** UBL XSD errors per file, found beforehand (--xsd). */
  xsdErrors: Map<string, string[]>;
  /** Make each result's invoice view (the HTML report). */
  views?: boolean;
  /** What one document's rule run may take, told to each worker. */
  ruleLimits?: RuleLimits;
  /** The set was named by a config file's ruleSet (reports say so): told to each worker. */
  pinnedByConfig?: boolean;
}

/** `pintae check` over many files: as runBatch, one result per file (or entry discovery could not follow), in input order. */
export async function* runCheckBatch(files: CheckSource[], options: CheckBatchOptions): AsyncGenerator<InvoiceResult> {
  const jobs = workerCount(options.jobs, files.length, options.ruleSet);
  if (jobs <= 1) {
    for (const { path, message, bytes } of files) yield message !== undefined ? unreadable(path, { message }) : checkFile(path, options.rules, options.xsdErrors.get(path), bytes, options.views);
    return;
  }
  const setup: WorkerSetup = { kind: 'check', ruleSet: options.ruleSet, views: options.views ?? false, ...(options.ruleLimits ? { ruleLimits: options.ruleLimits } : {}), ...(options.pinnedByConfig ? { pinnedByConfig: true } : {}) };
  const tasks = files.map(({ path: file, message, bytes }): WorkerTask => ({
    file, ...(message !== undefined ? { unreadable: message } : {}), ...(bytes ? { bytes } : {}), ...(options.xsdErrors.has(file) ? { xsdErrors: options.xsdErrors.get(file) } : {}),
  }));
  // The pool is loaded by a run that starts workers (a one-file run does not).
  const { orderedPool } = await import('./pool.js');
  for await (const results of orderedPool(tasks, { jobs, script: WORKER, workerData: setup }, stopped)) yield* results as InvoiceResult[];
}
