/**
 * A batch worker thread (src/batch/pool.ts protocol): builds the pipeline environment once (entities, rates, the
 * compiled rules), then validates one input at a time, reading the file itself so the main thread never holds it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EnvSpec } from './env.js';
import { loadEnv } from './env.js';
import type { WorkerMessage } from './pool.js';
import { internalFault, unreadable, validateFile, validateText, type WorkResult } from './work.js';

export interface WorkerSetup { env: EnvSpec; keepXml: boolean }
/** A file to read, or the text of standard input (read by the main thread, which owns it). */
export interface WorkerTask { file: string; text?: string; unreadable?: string }

const port = parentPort!;
const setup = workerData as WorkerSetup;
const post = (message: WorkerMessage) => port.postMessage(message);

/*
 * Test hook: the tests need a worker that really dies on one input, to prove that input is still reported. Read only
 * in worker threads, which the tests start through the CLI.
 */
const crashOn = process.env.PINTAE_TEST_WORKER_CRASH_ON;

try {
  const env = await loadEnv(setup.env);
  port.on('message', ({ id, task }: { id: number; task: WorkerTask }) => {
    if (crashOn && task.file.endsWith(crashOn)) process.exit(70);
    let result: WorkResult[];
    try {
      result = task.unreadable !== undefined ? [unreadable(task.file, { message: task.unreadable })]
        : task.text !== undefined ? validateText(task.file, task.text, env, setup.keepXml) : validateFile(task.file, env, setup.keepXml);
    } catch (e) {
      result = [internalFault(task.file, e)];
    }
    post({ type: 'result', id, result });
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'fatal', message: (e as Error).message });
}
