import { Worker } from 'node:worker_threads';
import type { Answer, ServePoolMessage, ServeSetup, ServeTask, ServeWorkerMessage } from './protocol.js';

/** The queue is full: the request is answered 503 with Retry-After, never held in unbounded memory. */
export class QueueFull extends Error {}
/** The worker handling the request stopped (a crash, an out-of-memory kill): the request is answered 500. */
export class WorkerDied extends Error {}
/**
 * The pool was closed (the server drained) before the request reached a worker: it was never worked on, so it is
 * answered 503, to be sent again elsewhere, never 500.
 */
export class PoolClosed extends WorkerDied {
  constructor() { super('closed'); }
}

export interface ServePoolOptions {
  /** Worker threads (each compiles the rules once). */
  size: number;
  /** Requests that may wait for a worker; one more is refused with QueueFull. */
  maxQueue: number;
  setup: ServeSetup;
  /** What the pool has to say: a worker replaced, with the reason. */
  onReplaced?: (reason: string) => void;
}

interface Job { task: ServeTask; resolve(a: Answer): void; reject(e: Error): void }
interface Slot { worker: Worker; ready: boolean; id: number; job?: Job; failure?: string; pending: Map<number, (error?: string) => void> }

const SCRIPT = new URL('./worker.js', import.meta.url);
/**
 * The host's Node flags, as a worker inherits them by default, but for --input-type: it applies to a string given with
 * -e alone, and a worker started from such a script (`node --input-type=module -e "…createServer…"`) would refuse it.
 */
const WORKER_EXEC_ARGV = process.execArgv.filter((flag, i, all) => !flag.startsWith('--input-type') && all[i - 1] !== '--input-type');

/**
 * A worker holds its host's event loop only while it has something to do (starting, a request, a reload): an idle
 * pool never keeps a process alive on its own, as a Node http.Server that is not listening does not. A listening
 * server holds the loop itself; a server created and dropped without close() lets its process end.
 */
function hold(slot: Slot): void {
  if (!slot.ready || slot.job || slot.pending.size > 0) slot.worker.ref();
  else slot.worker.unref();
}

/**
 * A warm pool of worker threads for a server: each worker builds the pipeline once and then answers requests one at a
 * time. Requests beyond the idle workers wait in a bounded queue. A worker that dies is replaced; the request it held
 * is rejected with WorkerDied and every other request goes on.
 */
export class ServePool {
  /** Every worker of the first generation is ready (rules compiled); rejects when one cannot start. */
  readonly ready: Promise<void>;
  restarts = 0;
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private started = 0;
  private nextId = 0;
  private setup: ServeSetup;
  private settle!: { resolve(): void; reject(e: Error): void };

  constructor(private readonly options: ServePoolOptions) {
    this.setup = options.setup;
    this.ready = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    // A caller that never awaits `ready` must not get an unhandled rejection: readiness is also polled (readyWorkers).
    this.ready.catch(() => {});
    for (let i = 0; i < options.size; i++) this.spawn();
  }

  get readyWorkers(): number { let n = 0; for (const s of this.slots) if (s.ready) n++; return n; }
  get busy(): number { let n = 0; for (const s of this.slots) if (s.job) n++; return n; }
  get queued(): number { return this.queue.length; }
  get size(): number { return this.options.size; }

  private spawn(first = this.started < this.options.size): void {
    this.started++;
    const slot: Slot = { worker: new Worker(SCRIPT, { workerData: this.setup, execArgv: WORKER_EXEC_ARGV }), ready: false, id: 0, pending: new Map() };
    this.slots.add(slot);
    slot.worker.on('message', (m: ServeWorkerMessage) => {
      if (m.type === 'ready') {
        slot.ready = true;
        if (first && this.readyWorkers === this.options.size) this.settle.resolve();
        this.free(slot);
      } else if (m.type === 'fatal') {
        slot.failure = m.message;
        if (first) this.settle.reject(new Error(m.message));
      } else if (m.type === 'answer' && slot.job && m.id === slot.id) {
        const job = slot.job;
        slot.job = undefined;
        job.resolve(m.answer);
        this.free(slot);
      } else if (m.type === 'reloaded') {
        slot.pending.get(m.id)?.(m.error);
        slot.pending.delete(m.id);
        hold(slot);
      }
    });
    slot.worker.on('error', (e) => { slot.failure ??= e.message; });
    slot.worker.on('exit', (code) => {
      this.slots.delete(slot);
      const at = this.idle.indexOf(slot);
      if (at >= 0) this.idle.splice(at, 1);
      for (const done of slot.pending.values()) done('the worker stopped');
      if (this.closed) { slot.job?.reject(new WorkerDied('closed')); return; }
      const reason = slot.failure ?? `exit code ${code}`;
      slot.job?.reject(new WorkerDied(reason));
      if (!slot.ready) {
        if (first) this.settle.reject(new Error(reason));
        // A worker that cannot even start would fail again: no endless respawning. Waiting requests get their 500.
        if (this.slots.size === 0) for (const job of this.queue.splice(0)) job.reject(new WorkerDied(reason));
        return;
      }
      this.restarts++;
      this.options.onReplaced?.(reason);
      this.spawn(false);
    });
  }

  /** A worker is free: it takes the oldest waiting request, or waits itself. */
  private free(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.dispatch(slot, job);
    else { this.idle.push(slot); hold(slot); }
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.id = ++this.nextId;
    hold(slot);
    slot.worker.postMessage({ type: 'task', id: slot.id, task: job.task } satisfies ServePoolMessage);
  }

  /** The answer to one request; rejects with QueueFull at once when every worker is busy and the queue is full. */
  run(task: ServeTask): Promise<Answer> {
    return new Promise((resolve, reject) => {
      if (this.closed) { reject(new PoolClosed()); return; }
      const job = { task, resolve, reject };
      const slot = this.idle.shift();
      if (slot) this.dispatch(slot, job);
      else if (this.queue.length >= this.options.maxQueue) reject(new QueueFull());
      else this.queue.push(job);
    });
  }

  /** New entity records and rates for every worker (SIGHUP); resolves with the first worker's error, if any. */
  async reload(setup: ServeSetup): Promise<string | undefined> {
    this.setup = setup;
    const errors = await Promise.all([...this.slots].filter((s) => s.ready).map((slot) => new Promise<string | undefined>((done) => {
      const id = ++this.nextId;
      slot.pending.set(id, done);
      hold(slot);
      slot.worker.postMessage({ type: 'reload', id, setup } satisfies ServePoolMessage);
    })));
    return errors.find((e) => e !== undefined);
  }

  /** Stops every worker; requests still waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PoolClosed());
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
  }
}
