import type { EnvSpec } from '../batch/env.js';
import type { FormatName } from '../formatters/index.js';
import type { Gates, RuleLevel } from '../model/report.js';
import type { Lang } from '../messages/lang.js';

/** What a document came to, for the log line and the documents counter of /metrics. */
export type Verdict = 'valid' | 'invalid' | 'rejected' | 'unreadable';


export type { Answer } from '../server/layer.js';
import type { Answer } from '../server/layer.js';

/** The work of one request, as a worker receives it. */
export type ServeTask =
  | { op: 'dry-run'; text: string }
  | { op: 'validate'; text: string; format: FormatName; lang: Lang }
  | { op: 'build'; text: string }
  | { op: 'check'; bytes: Uint8Array; format: FormatName; lang: Lang }
  | { op: 'tdd'; text?: string; bytes?: Uint8Array; query: Record<string, string>; lang: Lang };

/** Everything a worker needs, as plain data: it builds its pipeline from this once, and again on `reload`. */
export interface ServeSetup {
  env: EnvSpec;
  /**
   * The files of the local entity store (.pintae/entities/*.json) found usable at start or SIGHUP: read once by each
   * worker, so that no request makes the server read a file.
   */
  storeFiles: string[];
  /** --today given: otherwise each request is judged on its own UTC date, however long the server runs. */
  todayFixed: boolean;
  rules: Record<string, RuleLevel>;
  gates: Gates;
  tdd: { receiver?: string; representative?: string };
}

/** Worker → pool. */
export type ServeWorkerMessage =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'answer'; id: number; answer: Answer }
  | { type: 'reloaded'; id: number; error?: string };

/** Pool → worker. */
export type ServePoolMessage = { type: 'task'; id: number; task: ServeTask } | { type: 'reload'; id: number; setup: ServeSetup };
