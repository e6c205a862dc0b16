import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compilerCommand, inside } from './sandbox/compiler.js';
import { compileArea, sandboxed, viaServer } from './xslt3-servers.js';

export { compileArea, compileScope, xslt3ServerPids } from './xslt3-servers.js';

const require = createRequire(import.meta.url);

/*
 * The xslt3 compiler, run by long-lived child processes of pintae's (xslt3-server.ts) so that every compile after
 * the first runs warm: a third to a fifth of the CPU of a process per compile. Where that process cannot start or
 * dies, each compile runs as xslt3's own command line, as it always could. Both run behind the sandbox's boundary
 * where this Node has one (sandbox/compiler.ts): a server reads and writes only its area, the directory its
 * compiles' sources and outputs are made in; a compile of a file elsewhere runs as a process of its own, allowed to
 * read the file's directory and to write its output's.
 */

/** What xslt3 said and how it ended. */
export interface Xslt3Outcome { exitCode: number; messages: string }

const CLI = require.resolve('xslt3/xslt3.js');

function viaProcess(args: string[], paths: CompilePaths): Promise<Xslt3Outcome> {
  // Behind the boundary where there is one: reading the sources' directory (the rule set's, where it has one), writing the output's.
  const bounded = sandboxed() ? compilerCommand([CLI, ...args], [paths.root ?? dirname(paths.source), dirname(paths.target)], [dirname(paths.target)]) : undefined;
  const [file, argv, env] = bounded && !('unavailable' in bounded) ? [bounded.file, bounded.args, {}] : [process.execPath, [CLI, ...args], process.env];
  return new Promise((resolve) => {
    execFile(file, argv, { maxBuffer: 64 << 20, env }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      resolve({ exitCode: error ? (typeof code === 'number' ? code : 1) : 0, messages: `${stderr}${error && !stderr ? error.message : ''}` });
    });
  });
}

/**
 * Where a compile reads its stylesheet and writes its SEF; `root`, the directory its includes may be read from (the
 * rule set's own, which the static check held them to), when that is more than the stylesheet's directory.
 */
export interface CompilePaths { source: string; target: string; root?: string }

/**
 * Runs xslt3 with these arguments: on a warm server where it answers, else as a process of its own. Sandboxed, a
 * server writes only in its scope's area (where the output must be) and reads there and in the one directory of the
 * sources it was started for.
 */
export async function runXslt3(args: string[], paths: CompilePaths, how: 'server' | 'process' = 'server'): Promise<Xslt3Outcome> {
  const area = how === 'server' ? compileArea() : undefined;
  const sources = area && (inside(paths.source, area) ? area : paths.root ?? dirname(paths.source));
  const reachable = how === 'server' && (area === undefined || inside(paths.target, area));
  const answer = reachable ? await viaServer(args, sources) : undefined;
  if (answer && 'exitCode' in answer) { compiles.server++; return answer; }
  compiles.process++;
  return viaProcess(args, paths);
}

/** How many compiles a server did, and how many a process of their own (tests). */
export const compiles = { server: 0, process: 0 };

