import { Worker } from 'node:worker_threads';

/**
 * The protocol between the pool and a worker script: the script reads `workerData`, prepares itself, posts
 * `{type: 'ready'}` (or `{type: 'fatal', message}` if it cannot), then answers every `{id, task}` it is sent with
 * `{type: 'result', id, result}`, one task at a time.
 */
export type WorkerMessage = { type: 'ready' } | { type: 'fatal'; message: string } | { type: 'result'; id: number; result: unknown };

export interface PoolOptions {
  jobs: number;
  /** The worker script. */
  script: URL;
  workerData: unknown;
  /**
   * How far dispatch may run ahead of the oldest result not yet consumed. Bounds what the reorder buffer can hold
   * when one input is slow, so memory stays flat however many inputs there are.
   */
  window?: number;
  /** Environment of the workers (default: the process's). */
  env?: NodeJS.ProcessEnv;
}

interface Slot { worker: Worker; ready: boolean; current?: { id: number; task: unknown }; failure?: string }

/**
 * Runs every task on a pool of worker threads and yields the results in task order, each as soon as it and all
 * before it are done. A worker that stops while working on a task (a crash, an out-of-memory kill) does not lose
 * it: `crashed(task, reason)` stands in for its result, and a fresh worker takes over the remaining tasks. A worker
 * that cannot even start ends the run with an error. Stopping early (break, throw) terminates the workers.
 */
export async function* orderedPool<T, R>(tasks: Iterable<T>, options: PoolOptions, crashed: (task: T, reason: string) => R): AsyncGenerator<R> {
  const source = tasks[Symbol.iterator]();
  const window = options.window ?? options.jobs * 8;
  const done = new Map<number, R>();
  const idle: Slot[] = [];
  const live = new Set<Slot>();
  let dispatched = 0;
  let consumed = 0;
  let exhausted = false;
  let stopping = false;
  let fatal: Error | undefined;
  let wake = () => {};

  const spawn = () => {
    const slot: Slot = { worker: new Worker(options.script, { workerData: options.workerData, ...(options.env ? { env: options.env } : {}) }), ready: false };
    live.add(slot);
    slot.worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') { slot.ready = true; idle.push(slot); }
      else if (m.type === 'fatal') fatal ??= new Error(m.message);
      else if (slot.current && m.id === slot.current.id) { done.set(m.id, m.result as R); slot.current = undefined; idle.push(slot); }
      wake();
    });
    slot.worker.on('error', (e) => { slot.failure = e.message; });
    slot.worker.on('exit', (code) => {
      live.delete(slot);
      const at = idle.indexOf(slot);
      if (at >= 0) idle.splice(at, 1);
      if (!stopping) {
        const reason = slot.failure ?? `exit code ${code}`;
        if (slot.current) done.set(slot.current.id, crashed(slot.current.task as T, reason));
        if (!slot.ready) fatal ??= new Error(`a worker stopped before it was ready (${reason})`);
        else if (!exhausted || slot.current) spawn();
      }
      wake();
    });
  };

  for (let i = 0; i < options.jobs; i++) spawn();
  try {
    for (;;) {
      if (fatal) throw fatal;
      while (idle.length > 0 && !exhausted && dispatched < consumed + window) {
        const next = source.next();
        if (next.done) { exhausted = true; break; }
        const slot = idle.shift()!;
        slot.current = { id: dispatched++, task: next.value };
        slot.worker.postMessage({ id: slot.current.id, task: next.value });
      }
      if (done.has(consumed)) {
        const result = done.get(consumed)!;
        done.delete(consumed++);
        yield result;
        continue;
      }
      if (exhausted && consumed === dispatched) return;
      await new Promise<void>((resolve) => { wake = resolve; });
    }
  } finally {
    stopping = true;
    await Promise.all([...live].map((slot) => slot.worker.terminate()));
  }
}
