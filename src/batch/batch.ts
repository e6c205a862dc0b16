import { availableParallelism } from 'node:os';
import type { RuleLimits } from '../schematron/limits.js';
import type { PipelineEnv } from '../pipeline.js';
import type { Finding } from '../model/types.js';
import { checkFile } from './check-work.js';
import type { Source } from './discover.js';
import type { EnvSpec } from './env.js';
import { cappedJobs } from './jobs.js';
import { placeOf } from '../io/text.js';
import { orderedPool } from './pool.js';
import { runSources, type InvoiceResult } from './run.js';
import { DuplicateNumbers, unreadable, type WorkResult } from './work.js';
import type { WorkerSetup, WorkerTask } from './worker.js';
import { ioWords } from '../messages/io.js';

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

const stopped = (task: WorkerTask, reason: string): WorkResult[] => [
  unreadable(task.file, { message: ioWords('io.input.worker-stopped', { reason }), internal: true }),
];

export { parseJobs } from './jobs.js';

/**
 * A worker pays for its own start (loading the rules, warming up: ~0.7 s of CPU): unasked, small runs stay in this
 * thread. How small depends on the cost of one input: on the built-in rules (pintae's own evaluator, ~6 ms an
 * invoice) or none, one thread is as fast as two up to about 300 inputs (measured: 100 files 1.3 s against 1.5 s,
 * 300 files 2.0 s both, 1,000 files 5.3 s against 4.5 s); on a rule set run by Saxon-JS (~30–150 ms), from 8.
 */
function workerCount(jobs: number | 'auto', inputs: number, ruleSet: string | undefined | false): number {
  const from = ruleSet === undefined || ruleSet === false || ruleSet === 'builtin' ? AUTO_MIN_INPUTS_NATIVE : AUTO_MIN_INPUTS;
  if (jobs === 'auto') return inputs >= from ? cappedJobs(availableParallelism(), inputs) : 1;
  return cappedJobs(jobs, inputs);
}

const WORKER = new URL('./worker.js', import.meta.url);
/** Without --jobs, fewer inputs than this are validated in the main thread (rule sets run by Saxon-JS). */
export const AUTO_MIN_INPUTS = 8;
/** The same for the built-in rules, run by pintae's own evaluator, or none. */
export const AUTO_MIN_INPUTS_NATIVE = 300;

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
  for await (const results of orderedPool(tasks(), { jobs, script: WORKER, workerData: setup }, stopped)) {
    for (const result of results as WorkResult[]) yield duplicates.mark(result);
  }
}

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
}

/** `pintae check` over many files: as runBatch, one result per file (or entry discovery could not follow), in input order. */
export async function* runCheckBatch(files: CheckSource[], options: CheckBatchOptions): AsyncGenerator<InvoiceResult> {
  const jobs = workerCount(options.jobs, files.length, options.ruleSet);
  if (jobs <= 1) {
    for (const { path, message, bytes } of files) yield message !== undefined ? unreadable(path, { message }) : checkFile(path, options.rules, options.xsdErrors.get(path), bytes, options.views);
    return;
  }
  const setup: WorkerSetup = { kind: 'check', ruleSet: options.ruleSet, views: options.views ?? false, ...(options.ruleLimits ? { ruleLimits: options.ruleLimits } : {}) };
  const tasks = files.map(({ path: file, message, bytes }): WorkerTask => ({
    file, ...(message !== undefined ? { unreadable: message } : {}), ...(bytes ? { bytes } : {}), ...(options.xsdErrors.has(file) ? { xsdErrors: options.xsdErrors.get(file) } : {}),
  }));
  for await (const results of orderedPool(tasks, { jobs, script: WORKER, workerData: setup }, stopped)) yield* results as InvoiceResult[];
}
