/**
 * A batch worker thread (src/batch/pool.ts protocol): prepares once (validate: entities, rates and the compiled rules;
 * check: the compiled rules), then handles one input at a time, reading the file itself so the main thread never
 * holds it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EnvSpec } from './env.js';
import type { RuleLimits } from '../schematron/limits.js';
import { loadEnv } from './env.js';
import type { WorkerMessage } from './pool.js';
import { checkFile } from './check-work.js';
import { internalFault, unreadable, validateFile, validateText, type WorkResult } from './work.js';
import { loadViews } from '../view/lazy.js';

/** `views`: make each result's invoice view (the HTML report). */
export type WorkerSetup = { kind: 'validate'; env: EnvSpec; keepXml: boolean; views: boolean } | { kind: 'check'; ruleSet: string | undefined | false; views: boolean; ruleLimits?: RuleLimits; pinnedByConfig?: boolean };
/**
 * A file to read, the text of standard input (read by the main thread, which owns it), or why an input cannot be read
 * (standard input that failed, an entry discovery could not follow); check: the file's XSD errors, and the bytes of
 * standard input.
 */
export interface WorkerTask { file: string; text?: string; bytes?: Uint8Array; unreadable?: string; line?: number; column?: number; xsdErrors?: string[] }

const port = parentPort!;
const setup = workerData as WorkerSetup;
const post = (message: WorkerMessage) => port.postMessage(message);

/*
 * Test hook: the tests need a worker that really dies on one input, to prove that input is still reported. Read only
 * in worker threads, which the tests start through the CLI.
 */
const crashOn = process.env.PINTAE_TEST_WORKER_CRASH_ON;

async function handler(): Promise<(task: WorkerTask) => WorkResult[]> {
  if (setup.views) await loadViews();
  if (setup.kind === 'check') {
    let rules: { run(xml: string): import('../model/types.js').Finding[] } | undefined;
    if (setup.ruleSet !== false) rules = await (await import('../schematron/rulesets.js')).resolveRuleSet(setup.ruleSet, process.env, setup.ruleLimits);
    if (rules && setup.pinnedByConfig) rules = (await import('../schematron/choice.js')).pinnedByConfig(rules);
    const views = setup.views;
    return (task) => [task.unreadable !== undefined ? unreadable(task.file, { message: task.unreadable }) : checkFile(task.file, rules, task.xsdErrors, task.bytes, views)];
  }
  const env = await loadEnv(setup.env);
  const { keepXml, views } = setup;
  return (task) => task.unreadable !== undefined ? [unreadable(task.file, { message: task.unreadable, line: task.line, column: task.column })]
    : task.text !== undefined ? validateText(task.file, task.text, env, keepXml, views) : validateFile(task.file, env, keepXml, views);
}

try {
  const handle = await handler();
  port.on('message', ({ id, task }: { id: number; task: WorkerTask }) => {
    if (crashOn && task.file.endsWith(crashOn)) process.exit(70);
    let result: WorkResult[];
    try { result = handle(task); } catch (e) { result = [internalFault(task.file, e)]; }
    post({ type: 'result', id, result });
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'fatal', message: (e as Error).message });
}
