import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import { Script } from 'node:vm';
import { SANDBOXED_FLAG, SERVER_FLAG, type CompileAnswer, type CompileJob } from './xslt3-protocol.js';

/*
 * A long-lived xslt3 compiler: a child process that xslt3.ts forks once and sends every compile to. xslt3 is a
 * command-line script; starting it costs little, but its compiler is XSLT run by Saxon-JS, and the first compiles of
 * a process run it cold (a small Schematron: ~0.8 s of CPU as a fresh process, ~0.2 s as the fifth job of one).
 *
 * Each job runs xslt3.js's own text again, as its command line would, with its four outside names given instead of
 * the real ones: `process` (argv, exitCode), `console` (its messages, kept for the answer), `require` (xslt3's own)
 * and `setTimeout`. The script keeps itself alive with `(function wait(){finished||setTimeout(wait,100)})()`: it
 * is finished when a call of that function no longer asks for another. Nothing of xslt3 or saxon-js is altered.
 * Used only for xslt3 2.7.0 (pinned); test/unit/schematron/xslt3-server.test.ts holds it to the command line's
 * output, and xslt3.ts falls back to a process per compile when this one fails.
 */

const require = createRequire(import.meta.url);
// Kept before a sandboxed server takes `process` from the global object (below).
const real = process;
const cliPath = require.resolve('xslt3/xslt3.js');
const cliRequire = createRequire(cliPath);
type Cli = (require: NodeJS.Require, process: object, console: object, setTimeout: (f: () => void) => number) => void;
const cli = new Script(`(function (require, process, console, setTimeout) {${readFileSync(cliPath, 'utf8').replace(/^#!.*/, '')}\n})`, { filename: cliPath })
  .runInThisContext() as Cli;

/** Runs xslt3 with these arguments (those after the script's name) and resolves when it has finished. */
export function runXslt3(args: string[]): Promise<{ exitCode: number; messages: string }> {
  return new Promise((resolve, reject) => {
    let exitCode = 0;
    const messages: string[] = [];
    const say = (...parts: unknown[]) => { messages.push(format(...parts)); };
    const fakeProcess = {
      argv: [real.execPath, cliPath, ...args],
      get exitCode() { return exitCode; },
      set exitCode(code: number) { exitCode = code; },
      hrtime: real.hrtime,
      memoryUsage: () => real.memoryUsage(),
      stdout: { write: (text: string) => { say(text); return true; } },
      version: real.version,
    };
    let wait: (() => void) | undefined;
    let again = false;
    const scheduler = (f: () => void) => { wait = f; again = true; return 0; };
    try {
      cli(cliRequire, fakeProcess, { log: say, error: say, warn: say, info: say }, scheduler);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (!wait) { reject(new Error('xslt3 did not start its wait loop')); return; }
    const poll = () => {
      again = false;
      wait!();
      if (again) setTimeout(poll, 2);
      else resolve({ exitCode, messages: messages.join('\n') });
    };
    setTimeout(poll, 0);
  });
}

/*
 * Sandboxed (forked behind the boundary of sandbox/compiler.ts), the server locks itself down before its first job,
 * as a rule set's child does (sandbox/lockdown.ts): a stylesheet's code that runs at compile time (a static
 * parameter, use-when) finds no network, no process, no builtin module.
 */
async function lockDown(): Promise<void> {
  const { hideProcess } = await import('./sandbox/lockdown.js');
  // saxon-js loaded now, with what it loads (axios, whose dependencies read process.stderr as they load).
  cliRequire('saxon-js');
  hideProcess(real);
}

// As the child process: one job at a time, in the order sent; gone with its parent.
if (real.send && real.argv[2] === SERVER_FLAG) {
  let queue = real.argv[3] === SANDBOXED_FLAG ? lockDown().catch(() => real.exit(70)) : Promise.resolve();
  real.on('message', (job: CompileJob) => {
    queue = queue.then(() => runXslt3(job.args).then(
      (done) => { real.send!({ id: job.id, ...done } satisfies CompileAnswer); },
      (e: Error) => { real.send!({ id: job.id, serverError: e.message } satisfies CompileAnswer); },
    ));
  });
  real.on('disconnect', () => real.exit(0));
}
