import { spawn, type ChildProcess } from 'node:child_process';
import { workerData, type MessagePort } from 'node:worker_threads';
import { childCommand, spawnOptions } from './boundary.js';
import { maxReportChars, type BridgeAnswer, type BridgeRequest, type ChildJob, type ChildMessage, type LimitKind, type RuleLimits } from './protocol.js';
import { procAvailable, readCpuMs, readRssMb, rssLimitMb, wallLimitMs } from './usage.js';

/*
 * The bridge: a worker thread of the caller's (runner.ts) that owns the sandboxed children, one per rule-set directory
 * and memory limit, and holds each document's run to its limits. The caller blocks on a shared flag until the answer
 * is posted; this thread keeps its own event loop free for the child's messages and for watching it.
 */

interface Child {
  proc: ChildProcess;
  ready: Promise<boolean>;
  /** The child's CPU milliseconds when it last became idle: what it uses from there counts to the next document. */
  cpuBase: number;
  stderr: string;
  /** Why the bridge killed it, where it did. */
  stopped?: { kind: LimitKind; detail: string };
  exited?: string;
  pending?: (message: ChildMessage | undefined) => void;
}

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const flag = new Int32Array(signal, 0, 1);
/** The live children's pids, for the caller to kill as its process exits (runner.ts); 0 is a free slot. */
const live = new Int32Array(signal, 4);
const remember = (pid: number) => { const at = live.indexOf(0); if (at >= 0) Atomics.store(live, at, pid); };
const forget = (pid: number) => { const at = live.indexOf(pid); if (at >= 0) Atomics.compareExchange(live, at, pid, 0); };
/** The children, the most recently used last. */
const children = new Map<string, Child>();
/** Children kept warm at once: starting another stops the least recently used (a server judging with many sets). */
const MAX_CHILDREN = 8;
const onLinux = procAvailable();
/** How often a running child is looked at (CPU, memory, clock). */
const WATCH_MS = 25;
/** A child that has not said it is ready by then is taken as broken. */
const STARTUP_MS = 120_000;


function start(req: BridgeRequest, key: string): Child | { unavailable: string } {
  const command = childCommand({ dir: req.dir, memoryMb: req.limits.memoryMb });
  if ('unavailable' in command) return command;
  const proc = spawn(command.file, command.args, spawnOptions(command));
  let ready!: (ok: boolean) => void;
  const child: Child = { proc, ready: new Promise((r) => { ready = r; }), cpuBase: 0, stderr: '' };
  const startup = setTimeout(() => kill(child, 'crash', 'it did not start'), STARTUP_MS);
  proc.stderr!.setEncoding('utf8').on('data', (text: string) => { child.stderr = (child.stderr + text).slice(-8192); });
  proc.on('message', (message: ChildMessage) => {
    if ('ready' in message) {
      clearTimeout(startup);
      child.cpuBase = readCpuMs(proc.pid!) ?? 0;
      ready(true);
    } else child.pending?.(message);
  });
  if (proc.pid !== undefined) remember(proc.pid);
  const gone = (how: string) => {
    clearTimeout(startup);
    if (proc.pid !== undefined) forget(proc.pid);
    child.exited ??= how;
    if (children.get(key) === child) children.delete(key);
    ready(false);
    child.pending?.(undefined);
  };
  proc.on('exit', (code, sig) => gone(sig ? `signal ${sig}` : `exit code ${code}`));
  proc.on('error', (e) => gone(e.message));
  children.set(key, child);
  return child;
}

function kill(child: Child, kind: LimitKind, detail: string): void {
  child.stopped ??= { kind, detail };
  child.proc.kill('SIGKILL');
}

/** Looks at a running child until `done`: past its CPU time, memory or wall-clock time it is killed. */
function watch(child: Child, limits: RuleLimits): () => void {
  const started = Date.now();
  const pid = child.proc.pid!;
  const timer = setInterval(() => {
    const cpu = onLinux ? readCpuMs(pid) : undefined;
    if (cpu !== undefined && cpu - child.cpuBase > limits.cpuMs) return kill(child, 'time', 'CPU time');
    const rss = onLinux ? readRssMb(pid) : undefined;
    if (rss !== undefined && rss > rssLimitMb(limits.memoryMb)) return kill(child, 'memory', 'resident memory');
    if (Date.now() - started > wallLimitMs(limits.cpuMs, onLinux)) return kill(child, 'time', onLinux ? 'wall-clock time, blocked' : 'wall-clock time');
  }, WATCH_MS);
  return () => clearInterval(timer);
}

/** What a child's end means: the limit the bridge stopped it at, V8's heap limit, or a crash. */
function ended(child: Child, id: number): BridgeAnswer {
  if (child.stopped) return { id, limit: child.stopped.kind, detail: child.stopped.detail };
  if (/heap out of memory|Reached heap limit|Allocation failed/.test(child.stderr)) return { id, limit: 'memory', detail: 'V8 heap' };
  const said = child.stderr.trim().split('\n').filter(Boolean).pop();
  return { id, limit: 'crash', detail: [child.exited, said].filter(Boolean).join(': ') };
}

/** The key's child, now the most recently used; or none, with room made for one. */
function warm(key: string): Child | undefined {
  const child = children.get(key);
  if (child) { children.delete(key); children.set(key, child); return child; }
  for (const [old, c] of children) {
    if (children.size < MAX_CHILDREN) break;
    children.delete(old);
    c.proc.kill('SIGKILL');
  }
  return undefined;
}

async function run(req: BridgeRequest): Promise<BridgeAnswer> {
  const key = `${req.limits.memoryMb}\n${req.dir}`;
  const child = warm(key) ?? start(req, key);
  if ('unavailable' in child) return { id: req.id, unavailable: child.unavailable };
  if (!(await child.ready)) return ended(child, req.id);
  const answer = await new Promise<ChildMessage | undefined>((resolve) => {
    const stop = watch(child, req.limits);
    child.pending = (message) => { stop(); child.pending = undefined; resolve(message); };
    child.proc.send({ id: req.id, sef: req.sef, guarded: req.guarded, xml: req.xml, maxReport: maxReportChars(req.xml.length) } satisfies ChildJob, (e) => { if (e) kill(child, 'crash', e.message); });
  });
  if (!answer || 'ready' in answer) return ended(child, req.id);
  if ('svrl' in answer && answer.svrl.length > maxReportChars(req.xml.length)) {
    kill(child, 'memory', 'a report past its bound');
    return { id: req.id, limit: 'memory', detail: 'a report past its bound' };
  }
  child.cpuBase = readCpuMs(child.proc.pid!) ?? 0;
  return { ...answer, id: req.id };
}

port.on('message', (req: BridgeRequest) => {
  run(req).catch((e: unknown): BridgeAnswer => ({ id: req.id, limit: 'crash', detail: e instanceof Error ? e.message : String(e) })).then((answer) => {
    port.postMessage(answer);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
});
