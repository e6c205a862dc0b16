import { availableParallelism } from 'node:os';
import { usageError } from '../messages/cli.js';

/*
 * How many worker threads a run gets. A worker does CPU work only (reading, the rules, the XML), and each holds its
 * own copy of the rules and of the documents it is working on: more workers than cores add memory and contention and
 * nothing else (measured before this limit: --jobs 40 on 40 files took 1.2 GB and 28 s, against 93 MB and 1.8 s with
 * one job). So an explicit --jobs above the cores available is lowered to them, and the run says so.
 */

/** What the run says when it lowers --jobs (standard error, in pintae's voice). */
export const jobsNotice = (asked: string, cores: number): string =>
  `--jobs ${asked}: lowered to ${cores}, the number of cores available (more threads than cores only cost memory)`;

/**
 * `--jobs N`: a whole number, 1 or more ('auto' when absent); 0, a negative, a fraction or anything else is a usage
 * error. Above `cores` it is lowered to them and `tell` gets the notice.
 */
export function parseJobs(value: string | undefined, tell: (line: string) => void = (line) => process.stderr.write(`pintae: ${line}\n`),
  cores: number = availableParallelism()): number | 'auto' {
  if (value === undefined) return 'auto';
  if (!/^\d+$/.test(value) || Number(value) < 1) throw usageError('cli.jobs', { value });
  const jobs = Number(value);
  if (jobs <= cores) return jobs;
  tell(jobsNotice(value, cores));
  return cores;
}

/** Never more workers than inputs or cores, whoever asks (the CLI has lowered --jobs already, with its notice). */
export const cappedJobs = (jobs: number, inputs: number, cores: number = availableParallelism()): number => Math.min(jobs, inputs, cores);
