import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { guardedPath, type Stylesheet } from '../run.js';
import { parseSvrl, type SvrlResult } from '../svrl.js';
import { bridgeScript, childCommand } from './boundary.js';
import { RuleLimitError, SandboxUnavailableError } from './limit-error.js';
import { DAMAGED, DEFAULT_LIMITS, type BridgeAnswer, type BridgeRequest, type RuleLimits } from './protocol.js';
import { wallLimitMs } from './usage.js';

/*
 * A compiled stylesheet (SEF) run by Saxon-JS in a sandboxed child process (child.ts, under boundary.ts), with the
 * synchronous API of CompiledRules: pintae's pipeline runs rule sets synchronously, in worker threads too. The caller
 * posts the document to its thread's bridge (bridge.ts) and blocks on a shared flag until the answer is there.
 */

export interface SandboxOptions {
  /** The rule set's name, for the errors that stop it. */
  ruleSet?: string;
  limits?: Partial<RuleLimits>;
  /** The Node flags this Node allows (default: its own): a test stands in a Node without the permission model. */
  nodeFlags?: ReadonlySet<string>;
  /** The error of a SEF that is not JSON (a damaged cache entry), naming its file and the fix. */
  damaged?: (reason: string) => Error;
}

interface Bridge { worker: Worker; port: MessagePort; flag: Int32Array; live: Int32Array }
let bridge: Bridge | undefined;
/** Children one thread's bridge keeps track of: one per rule-set directory in use. */
const LIVE_SLOTS = 63;
let lastId = 0;

/** This thread's bridge: started on the first document; it never keeps the process alive, and its children end with it. */
function theBridge(): Bridge {
  if (bridge) return bridge;
  const script = bridgeScript();
  if (!script) throw new Error('the sandbox bridge (dist/schematron/sandbox/bridge.js) is not built');
  const { port1, port2 } = new MessageChannel();
  // The answer flag, then the pids of the live children (bridge.ts keeps them), at most LIVE_SLOTS.
  const signal = new SharedArrayBuffer(4 * (1 + LIVE_SLOTS));
  const worker = new Worker(script, { workerData: { port: port2, signal }, transferList: [port2], execArgv: [] });
  worker.unref();
  port1.unref();
  const live = new Int32Array(signal, 4);
  // Where no parent-death signal ends them (boundary.ts), the children are killed as this thread's process exits;
  // the bridge clears a child's slot when it ends, so no other process that took its number is signalled.
  process.once('exit', () => { for (const pid of live) { if (pid > 0) try { process.kill(pid, 'SIGKILL'); } catch { /* gone already */ } } });
  return (bridge = { worker, port: port1, flag: new Int32Array(signal, 0, 1), live });
}

/** The live sandboxed children of this thread (tests). */
export const sandboxChildPids = (): number[] => [...(bridge?.live ?? [])].filter((pid) => pid > 0);

/** Posts one request and blocks until its answer (or, far past every limit, gives the bridge up as broken). */
function call(req: BridgeRequest): BridgeAnswer {
  const b = theBridge();
  Atomics.store(b.flag, 0, 0);
  b.port.postMessage(req);
  const deadline = Date.now() + wallLimitMs(req.limits.cpuMs, true) + 180_000;
  for (;;) {
    Atomics.wait(b.flag, 0, 0, 1_000);
    const got = receiveMessageOnPort(b.port)?.message as BridgeAnswer | undefined;
    if (got?.id === req.id) return got;
    if (Date.now() > deadline) {
      bridge = undefined;
      void b.worker.terminate();
      return { id: req.id, limit: 'crash', detail: 'the sandbox bridge did not answer' };
    }
  }
}

export class SandboxedRules implements Stylesheet {
  readonly ruleSet: string;
  readonly limits: RuleLimits;
  private checked = false;
  private readonly nodeFlags: ReadonlySet<string> | undefined;
  private readonly damaged: ((reason: string) => Error) | undefined;

  constructor(readonly name: string, readonly sefPath: string, readonly guardedSefPath?: string, options: SandboxOptions = {}) {
    this.ruleSet = options.ruleSet ?? name;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.nodeFlags = options.nodeFlags;
    this.damaged = options.damaged;
  }

  /** A SEF file, with its guarded twin when one lies beside it (as CompiledRules.fromFile). */
  static fromFile(name: string, path: string, options?: SandboxOptions): SandboxedRules {
    const twin = guardedPath(path);
    return new SandboxedRules(name, resolve(path), twin !== path && existsSync(twin) ? resolve(twin) : undefined, options);
  }

  /** The SVRL report of one document. A stylesheet error is thrown as an Error; a limit passed, as a RuleLimitError. */
  svrl(xml: string): string {
    if (!this.checked) {
      const command = childCommand({ dir: dirname(this.sefPath), memoryMb: this.limits.memoryMb, nodeFlags: this.nodeFlags });
      if ('unavailable' in command) throw new SandboxUnavailableError(this.ruleSet, command.unavailable);
      this.checked = true;
    }
    const answer = call({ id: ++lastId, ruleSet: this.ruleSet, dir: dirname(this.sefPath), sef: this.sefPath, guarded: this.guardedSefPath, xml, limits: this.limits });
    if ('svrl' in answer) return answer.svrl;
    if ('error' in answer) {
      const damaged = answer.error.startsWith(DAMAGED) ? answer.error.slice(DAMAGED.length) : undefined;
      throw damaged !== undefined && this.damaged ? this.damaged(damaged) : new Error(damaged ?? answer.error);
    }
    if ('unavailable' in answer) throw new SandboxUnavailableError(this.ruleSet, answer.unavailable);
    const limit = answer.limit === 'time' ? this.limits.cpuMs : answer.limit === 'memory' ? this.limits.memoryMb : undefined;
    throw new RuleLimitError(answer.limit, limit, this.ruleSet, answer.detail);
  }

  results(xml: string): SvrlResult[] {
    return parseSvrl(this.svrl(xml));
  }
}
