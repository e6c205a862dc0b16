import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SERVER_FLAG, type CompileAnswer, type CompileJob } from './xslt3-protocol.js';

const require = createRequire(import.meta.url);

/*
 * The xslt3 compiler, run by one long-lived child process of pintae's (xslt3-server.ts) so that every compile after
 * the first runs warm: a third to a fifth of the CPU of a process per compile. Where that process cannot start or
 * dies, each compile runs as xslt3's own command line, as it always could.
 */

/** What xslt3 said and how it ended. */
export interface Xslt3Outcome { exitCode: number; messages: string }

// Beside this module once built; from the sources (the tests run them), the build's copy.
const SERVER_SCRIPT = [new URL('./xslt3-server.js', import.meta.url), new URL('../../dist/schematron/xslt3-server.js', import.meta.url)]
  .map((url) => fileURLToPath(url)).find((path) => existsSync(path));

interface Server { child: ChildProcess; pending: Map<number, (answer: CompileAnswer | undefined) => void> }
const servers: Server[] = [];
/** Set when a server could not be forked or died: the rest of this process compiles a process per compile. */
let broken = false;
let lastId = 0;

/**
 * How many servers may compile side by side: $PINTAE_XSLT3_SERVERS, else two where there are two cores (a release's
 * two stylesheets, fast and guarded, compile at once; each server warms up on its own, so the test suite, whose
 * workers fill the cores already, asks for one).
 */
function poolSize(): number {
  const asked = Number.parseInt(process.env.PINTAE_XSLT3_SERVERS ?? '', 10);
  return Number.isInteger(asked) && asked >= 0 ? asked : Math.min(2, availableParallelism());
}

type Refable = { ref(): void; unref(): void };
/** A server holds the parent's event loop only while a compile is pending: an idle one never keeps pintae alive. */
function hold(s: Server): void {
  const channel = s.child.channel as unknown as Refable | undefined;
  if (s.pending.size > 0) { s.child.ref(); channel?.ref(); } else { s.child.unref(); channel?.unref(); }
}

function start(): Server | undefined {
  if (!SERVER_SCRIPT) return undefined;
  let child: ChildProcess;
  try {
    child = fork(SERVER_SCRIPT, [SERVER_FLAG], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  } catch {
    broken = true;
    return undefined;
  }
  const s: Server = { child, pending: new Map() };
  child.on('message', (answer: CompileAnswer) => {
    const done = s.pending.get(answer.id);
    s.pending.delete(answer.id);
    hold(s);
    done?.(answer);
  });
  const gone = () => {
    broken = true;
    const at = servers.indexOf(s);
    if (at >= 0) servers.splice(at, 1);
    const waiting = [...s.pending.values()];
    s.pending.clear();
    for (const done of waiting) done(undefined);
  };
  child.on('exit', gone);
  child.on('error', gone);
  servers.push(s);
  hold(s);
  return s;
}

/** An idle server, else a new one while the pool has room, else the least busy. */
function pick(): Server | undefined {
  if (broken) return undefined;
  const idle = servers.find((s) => s.pending.size === 0);
  if (idle) return idle;
  if (servers.length < poolSize()) return start() ?? servers[0];
  return [...servers].sort((a, b) => a.pending.size - b.pending.size)[0];
}

function viaServer(args: string[]): Promise<CompileAnswer | undefined> {
  const s = pick();
  if (!s) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const id = ++lastId;
    s.pending.set(id, resolve);
    hold(s);
    s.child.send({ id, args } satisfies CompileJob, (error) => {
      if (!error || !s.pending.has(id)) return;
      s.pending.delete(id);
      hold(s);
      resolve(undefined);
    });
  });
}

function viaProcess(args: string[]): Promise<Xslt3Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [require.resolve('xslt3/xslt3.js'), ...args], { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      resolve({ exitCode: error ? (typeof code === 'number' ? code : 1) : 0, messages: `${stderr}${error && !stderr ? error.message : ''}` });
    });
  });
}

/** Runs xslt3 with these arguments: on the server where it answers, else as a process of its own. */
export async function runXslt3(args: string[], how: 'server' | 'process' = 'server'): Promise<Xslt3Outcome> {
  const answer = how === 'server' ? await viaServer(args) : undefined;
  if (answer && 'exitCode' in answer) return answer;
  return viaProcess(args);
}

/** The process ids of this process's xslt3 servers (tests). */
export const xslt3ServerPids = (): number[] => servers.flatMap((s) => (s.child.pid === undefined ? [] : [s.child.pid]));
