import { AsyncLocalStorage } from 'node:async_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { compilerCommand, makeArea, removeArea } from './sandbox/compiler.js';
import { SANDBOXED_FLAG, SERVER_FLAG, type CompileAnswer, type CompileJob } from './xslt3-protocol.js';

/*
 * The warm xslt3 compile servers of xslt3.ts (each a child process running xslt3-server.ts), in pools keyed by the
 * compile scope and the directory a sandboxed server may read its sources from.
 */

// Beside this module once built; from the sources (the tests run them), the build's copy.
const SERVER_SCRIPT = [new URL('./xslt3-server.js', import.meta.url), new URL('../../dist/schematron/xslt3-server.js', import.meta.url)]
  .map((url) => fileURLToPath(url)).find((path) => existsSync(path));

/**
 * Compiles that share warm servers: the compiles of one rule set (`rules add` runs them in a scope of the set's own,
 * compileScope.run(name, …)); outside any scope, the process's. A compile runs code, which could leave a warm
 * server altered for the compiles after it: servers of another scope are stopped before a scope's first compile.
 */
export const compileScope = new AsyncLocalStorage<string>();

/** A server's key: its scope, and the directory it may read its sources from (its scope's area, or another). */
interface Server { child: ChildProcess; pending: Map<number, (answer: CompileAnswer | undefined) => void>; scope: string; key: string; stopping?: boolean }
const servers: Server[] = [];
/** Each scope's area (sandboxed servers); undefined where no boundary is available here. */
const areas = new Map<string, string | undefined>();
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

const scopeNow = () => compileScope.getStore() ?? '';

/**
 * Whether compiles run behind the boundary: where this Node has one, unless $PINTAE_XSLT3_SANDBOX is 0 (measured:
 * docs/decisions.md "Saxon-JS behind a process boundary").
 */
export const sandboxed = () => process.env.PINTAE_XSLT3_SANDBOX !== '0' && !('unavailable' in compilerCommand([], [], []));

/** The directory the current scope's compiles are made in, so that its sandboxed server can reach them (undefined: anywhere). */
export function compileArea(): string | undefined {
  const scope = scopeNow();
  if (!areas.has(scope)) areas.set(scope, SERVER_SCRIPT && sandboxed() ? makeArea() : undefined);
  return areas.get(scope);
}

type Refable = { ref(): void; unref(): void };
/** A server holds the parent's event loop only while a compile is pending: an idle one never keeps pintae alive. */
function hold(s: Server): void {
  const channel = s.child.channel as unknown as Refable | undefined;
  if (s.pending.size > 0) { s.child.ref(); channel?.ref(); } else { s.child.unref(); channel?.unref(); }
}

function forkServer(area: string | undefined, sources: string | undefined): ChildProcess {
  if (!area) return fork(SERVER_SCRIPT!, [SERVER_FLAG], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const command = compilerCommand([], [area, ...(sources && sources !== area ? [sources] : [])], [area]);
  if ('unavailable' in command) throw new Error(command.unavailable);
  // fork runs [execPath, ...execArgv, script, ...args]: the boundary's wrappers and node flags go before the script.
  const [file, ...args] = [command.file, ...command.args];
  return fork(SERVER_SCRIPT!, [SERVER_FLAG, SANDBOXED_FLAG], { execPath: file, execArgv: args, env: {}, cwd: area, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

function start(scope: string, sources: string | undefined): Server | undefined {
  if (!SERVER_SCRIPT) return undefined;
  let child: ChildProcess;
  const area = compileArea();
  try {
    child = forkServer(area, sources);
  } catch {
    broken = true;
    return undefined;
  }
  const s: Server = { child, pending: new Map(), scope, key: `${scope}\n${sources ?? ''}` };
  child.on('message', (answer: CompileAnswer) => {
    const done = s.pending.get(answer.id);
    s.pending.delete(answer.id);
    hold(s);
    done?.(answer);
  });
  const gone = () => {
    if (!s.stopping) broken = true;
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

/**
 * Before a server starts, the idle servers of other keys are stopped (a compile could have altered them), and the
 * areas of other scopes removed once no server of theirs is left.
 */
function stopOthers(scope: string, key: string): void {
  for (const s of servers.filter((x) => x.key !== key && x.pending.size === 0)) {
    servers.splice(servers.indexOf(s), 1);
    s.stopping = true;
    s.child.kill();
  }
  for (const [other, area] of areas) {
    if (other !== scope && !servers.some((x) => x.scope === other)) { areas.delete(other); if (area) removeArea(area); }
  }
}

/** An idle server of the key, else a new one while the pool has room, else the least busy of the key's. */
function pick(sources: string | undefined): Server | undefined {
  if (broken) return undefined;
  const scope = scopeNow();
  const key = `${scope}\n${sources ?? ''}`;
  const mine = servers.filter((s) => s.key === key);
  const idle = mine.find((s) => s.pending.size === 0);
  if (idle) return idle;
  if (mine.length < poolSize()) { stopOthers(scope, key); return start(scope, sources) ?? mine[0]; }
  return [...mine].sort((a, b) => a.pending.size - b.pending.size)[0];
}

export function viaServer(args: string[], sources: string | undefined): Promise<CompileAnswer | undefined> {
  const s = pick(sources);
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

/** The process ids of this process's xslt3 servers (tests). */
export const xslt3ServerPids = (): number[] => servers.flatMap((s) => (s.child.pid === undefined ? [] : [s.child.pid]));
