/*
 * Limits on one evaluation (a document's rule run): CPU time and memory. A rule set from anyone may loop for ever
 * (`for $i in 1 to 999999, $j in 1 to 999999 return …`) or build sequences until the machine's memory is gone; the
 * evaluator counts the work it does (the items a loop, a predicate or a path step handles, and each function call) and,
 * every few thousand ticks, looks at the clock and the heap. Past either limit it throws XPathLimit, which is no XPath
 * error: nothing catches it as the rules' own, and the caller fails the document, naming the limit.
 */
import { getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

export interface Limits {
  /** CPU time of the run, in milliseconds (wall time where this thread's CPU time cannot be read). */
  cpuMs: number;
  /** Heap in use, in bytes (never above 80% of V8's own limit, whose excess would end the process). */
  heapBytes: number;
}

export class XPathLimit extends Error {
  constructor(readonly kind: 'time' | 'memory', readonly limit: number) {
    super(kind === 'time' ? `the rules ran longer than the time limit of ${limit / 1000} s` : `the rules needed more memory than the limit of ${Math.round(limit / (1 << 20))} MB`);
    this.name = 'XPathLimit';
  }
}

/** Work between two looks at the clock and the heap: a look costs about a microsecond, a tick a nanosecond. */
const EVERY = 4096;
let ticks = 0;
let active: { limits: Limits; heapLimit: number; start: number } | undefined;

type ThreadCpu = () => { user: number; system: number };
/** This thread's CPU time where Node offers it (threadCpuUsage, newer Nodes); the process's on the main thread; else wall time. */
const threadCpu: ThreadCpu | undefined = (process as unknown as { threadCpuUsage?: ThreadCpu }).threadCpuUsage?.bind(process);
function now(): number {
  if (threadCpu) { const u = threadCpu(); return (u.user + u.system) / 1000; }
  if (isMainThread) { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }
  return performance.now();
}

/**
 * Counts `n` units of work; looks at the limits every EVERY of them. A loop counts its items once, before it runs
 * (a tick per item cost the built-in rules 5%): what it does per item is counted by the loops and calls inside.
 */
export function tick(n = 1): void {
  if ((ticks += n) >= EVERY) look();
}

function look(): void {
  ticks = 0;
  if (!active) return;
  if (now() - active.start > active.limits.cpuMs) throw new XPathLimit('time', active.limits.cpuMs);
  if (getHeapStatistics().used_heap_size > active.heapLimit) throw new XPathLimit('memory', active.limits.heapBytes);
}

/** Runs `work` under the limits (none: unbounded, as before). Runs do not nest: an inner one keeps the outer's limits. */
export function withinLimits<T>(limits: Limits | undefined, work: () => T): T {
  if (!limits || active) return work();
  active = { limits, heapLimit: Math.min(limits.heapBytes, 0.8 * getHeapStatistics().heap_size_limit), start: now() };
  ticks = 0;
  try {
    return work();
  } finally {
    active = undefined;
  }
}
