import { spawnSync, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHILD_FLAG } from './protocol.js';

const require = createRequire(import.meta.url);

/*
 * The command line of a sandboxed child (docs/decisions.md "Saxon-JS behind a process boundary"). Node's permission
 * model: reads only of what the child loads (pintae's dist/ and the saxon-js package) and of the rule set's own
 * directory; no writes, child processes, worker threads, addons or WASI, as no --allow-* flag grants
 * them. Code generation from strings is off (ixsl:eval, Function). On Linux, where the tools exist and work, the
 * child also runs in a network namespace of its own (no network whatever JavaScript it reaches), cannot dump core,
 * and gets SIGKILL when the thread that started it ends.
 */

/** The permission model's flag in this Node: stable `--permission` (22.13, 23.5 on), else `--experimental-permission` (20, 21, 22 before 22.13). */
export function permissionFlag(flags: ReadonlySet<string> = process.allowedNodeEnvironmentFlags): string | undefined {
  return ['--permission', '--experimental-permission'].find((f) => flags.has(f));
}

// Beside this module once built; from the sources (the tests run them), the build's copy.
const distDir = [fileURLToPath(new URL('../..', import.meta.url)), fileURLToPath(new URL('../../../dist', import.meta.url))]
  .find((dir) => existsSync(join(dir, 'schematron/sandbox/child.js')));
export const childScript = (): string | undefined => (distDir === undefined ? undefined : join(distDir, 'schematron/sandbox/child.js'));
export const bridgeScript = (): string | undefined => (distDir === undefined ? undefined : join(distDir, 'schematron/sandbox/bridge.js'));

export interface ChildCommand { file: string; args: string[]; cwd: string }

/** How a child is spawned (bridge.ts; the tests' probes take the same, with pipes of their own): with an empty environment. */
export const spawnOptions = (command: ChildCommand): SpawnOptions =>
  ({ cwd: command.cwd, env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });

export interface ChildOptions {
  /** The rule set's directory (its SEF files): the only place the child reads besides its own code. */
  dir: string;
  memoryMb: number;
  /** Another script to run under the same boundary, from the rule set's directory (the tests' probes). */
  probe?: string;
  /** The Node flags this Node allows (default: its own): a test stands in a Node without the permission model. */
  nodeFlags?: ReadonlySet<string>;
}

/** The node command that runs a rule set's child, or why none can be built. */
export function childCommand(options: ChildOptions): ChildCommand | { unavailable: string } {
  const script = childScript();
  if (!script) return { unavailable: 'the sandbox child (dist/schematron/sandbox/child.js) is not built' };
  const command = underBoundary({
    readable: [dirname(require.resolve('saxon-js/package.json')), resolve(options.dir)],
    memoryMb: options.memoryMb, nodeFlags: options.nodeFlags,
  }, options.probe ? [options.probe] : [script, CHILD_FLAG]);
  return 'unavailable' in command ? command : { ...command, cwd: resolve(options.dir) };
}

export interface BoundaryOptions {
  /** Besides pintae's own dist/ (and its package.json): what the process may read. */
  readable: string[];
  /** What it may write (nothing, by default). */
  writable?: string[];
  memoryMb?: number;
  nodeFlags?: ReadonlySet<string>;
}

/** `node <flags> <script and arguments>` under the boundary, wrapped in the Linux tools found; or why it cannot be. */
export function underBoundary(options: BoundaryOptions, script: string[]): { file: string; args: string[] } | { unavailable: string } {
  const flag = permissionFlag(options.nodeFlags);
  if (!flag) return { unavailable: `this Node.js (${process.version}) has no permission model` };
  if (!distDir) return { unavailable: 'pintae is not built (dist/ is missing)' };
  const packageJson = resolve(distDir, '../package.json');
  const readable = [resolve(distDir), ...(existsSync(packageJson) ? [packageJson] : []), ...options.readable];
  const writable = options.writable ?? [];
  // A * in a granted path is a wildcard to Node: a path holding one would grant more than itself.
  const wild = [...readable, ...writable].find((p) => p.includes('*'));
  if (wild) return { unavailable: `a path it would be allowed to use holds a * (${wild})` };
  const node = [
    flag, ...readable.map((p) => `--allow-fs-read=${p}`), ...writable.map((p) => `--allow-fs-write=${p}`),
    '--disallow-code-generation-from-strings', ...(options.memoryMb ? [`--max-old-space-size=${options.memoryMb}`] : []), '--no-warnings',
    ...script,
  ];
  const wrap = linuxWrappers();
  return { file: wrap[0] ?? process.execPath, args: [...wrap.slice(1), ...(wrap.length ? [process.execPath] : []), ...node] };
}

let wrappers: string[] | undefined;
/**
 * setpriv (parent-death signal), prlimit (no core file) and unshare (an empty network namespace): util-linux tools,
 * each kept where it is found and works here, tried once on a no-op (an old setpriv lacks --pdeathsig; some systems
 * forbid unprivileged user namespaces). The chain execs, so the child keeps the pid the bridge watches.
 */
export function linuxWrappers(): string[] {
  if (wrappers) return wrappers;
  wrappers = [];
  if (process.platform !== 'linux') return wrappers;
  const tool = (name: string) => ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((d) => join(d, name)).find((p) => existsSync(p));
  const noop = tool('true');
  const works = (args: string[]) => noop !== undefined && spawnSync(args[0]!, [...args.slice(1), noop], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  for (const [name, ...args] of [['setpriv', '--pdeathsig', 'KILL', '--'], ['prlimit', '--core=0', '--'], ['unshare', '--user', '--net', '--']] as const) {
    const path = tool(name);
    if (path && works([path, ...args])) wrappers.push(path, ...args);
  }
  return wrappers;
}

/** What holds a sandboxed child on this machine: the permission model's flag and the Linux layers found, or why nothing can. */
export function sandboxSupport(): { flag: string; layers: string[] } | { unavailable: string } {
  const flag = permissionFlag();
  if (!flag) return { unavailable: `this Node.js (${process.version}) has no permission model` };
  if (!childScript()) return { unavailable: 'the sandbox child (dist/schematron/sandbox/child.js) is not built' };
  const tools = linuxWrappers().filter((arg) => arg.startsWith('/')).map((path) => path.slice(path.lastIndexOf('/') + 1));
  return { flag, layers: ['permission-model', 'lockdown', ...tools.map((t) => ({ setpriv: 'parent-death-signal', prlimit: 'no-core-dump', unshare: 'network-namespace' })[t] ?? t)] };
}
