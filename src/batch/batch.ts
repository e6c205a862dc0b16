import type { PipelineEnv } from '../pipeline.js';
import type { Source } from './discover.js';
import type { EnvSpec } from './env.js';
import { placeOf } from '../io/text.js';
import { runSources, type InvoiceResult } from './run.js';
import { DuplicateNumbers, type WorkResult } from './work.js';
import type { WorkerSetup, WorkerTask } from './worker.js';
import { stopped, WORKER, workerCount } from './threads.js';

export { parseJobs } from './jobs.js';
export { AUTO_MIN_INPUTS, AUTO_MIN_INPUTS_NATIVE } from './threads.js';

export interface BatchOptions {
  /** Worker threads; 1 validates in this thread with no worker; 'auto' (no --jobs) one per core for runs big enough to gain. */
  jobs: number | 'auto';
  env: EnvSpec;
  /** Keep each invoice's XML in its result (only a run that writes XML needs it). */
  keepXml: boolean;
  /** Make each result's invoice view (the HTML report). */
  views?: boolean;
  readStdin: () => string;
}


/**
 * Every source's results, in input order, whatever thread validated them: in this thread for --jobs 1 (or a single
 * input, where starting a worker would cost more than it saves), else on a pool of workers that each load the
 * rules once. Duplicate invoice numbers are decided here, in input order, so any --jobs gives the same report.
 * `env` is this thread's environment, used when no worker is started. Without --jobs, small runs start no worker
 * (see workerCount).
 */
export async function* runBatch(sources: Source[], env: PipelineEnv, options: BatchOptions): AsyncGenerator<InvoiceResult> {
  const jobs = workerCount(options.jobs, sources.length, options.env.ruleSet);
  if (jobs <= 1) {
    yield* runSources(sources, env, options.readStdin, options.keepXml, options.views ?? false);
    return;
  }
  const setup: WorkerSetup = { kind: 'validate', env: options.env, keepXml: options.keepXml, views: options.views ?? false };
  const tasks = function* (): Generator<WorkerTask> {
    for (const source of sources) {
      if (source.kind === 'file') { yield { file: source.path }; continue; }
      if (source.kind === 'unreadable') { yield { file: source.path, unreadable: source.message }; continue; }
      let text: string;
      try { text = options.readStdin(); } catch (e) {
        const { message, line, column } = placeOf(e, (x) => (x as Error).message);
        yield { file: '-', unreadable: message, ...(line !== undefined ? { line, column } : {}) };
        continue;
      }
      yield { file: '-', text };
    }
  };
  const duplicates = new DuplicateNumbers();
  // The pool is loaded by a run that starts workers (a one-file run does not).
  const { orderedPool } = await import('./pool.js');
  for await (const results of orderedPool(tasks(), { jobs, script: WORKER, workerData: setup }, stopped)) {
    for (const result of results as WorkResult[]) yield duplicates.mark(result);
  }
}
