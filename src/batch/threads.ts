import { availableParallelism } from 'node:os';
import { cappedJobs } from './jobs.js';
import { unreadable } from './unreadable.js';
import type { WorkResult } from './work.js';
import type { WorkerTask } from './worker.js';
import { ioWords } from '../messages/io.js';

/* What runBatch (batch.ts) and runCheckBatch (check-batch.ts) share: how many threads, and the worker script. */

export const stopped = (task: WorkerTask, reason: string): WorkResult[] => [
  unreadable(task.file, { message: ioWords('io.input.worker-stopped', { reason }), internal: true }),
];

/**
 * A worker pays for its own start (loading the rules, warming up: ~0.7 s of CPU): unasked, small runs stay in this
 * thread. How small depends on the cost of one input: on the built-in rules (pintae's own evaluator, ~6 ms an
 * invoice) or none, one thread is as fast as two up to about 300 inputs (measured: 100 files 1.3 s against 1.5 s,
 * 300 files 2.0 s both, 1,000 files 5.3 s against 4.5 s); on a rule set run by Saxon-JS (~30–150 ms), from 8.
 */
export function workerCount(jobs: number | 'auto', inputs: number, ruleSet: string | undefined | false): number {
  const from = ruleSet === undefined || ruleSet === false || ruleSet === 'builtin' ? AUTO_MIN_INPUTS_NATIVE : AUTO_MIN_INPUTS;
  if (jobs === 'auto') return inputs >= from ? cappedJobs(availableParallelism(), inputs) : 1;
  return cappedJobs(jobs, inputs);
}

export const WORKER = new URL('./worker.js', import.meta.url);
/** Without --jobs, fewer inputs than this are validated in the main thread (rule sets run by Saxon-JS). */
export const AUTO_MIN_INPUTS = 8;
/** The same for the built-in rules, run by pintae's own evaluator, or none. */
export const AUTO_MIN_INPUTS_NATIVE = 300;
