import { hideProcess } from './lockdown.js';
import { readFileSync, statSync } from 'node:fs';
import { CHILD_FLAG, DAMAGED, type ChildJob, type ChildMessage } from './protocol.js';

/*
 * The sandboxed child (started by bridge.ts under the boundary of boundary.ts): loads Saxon-JS once, then runs every
 * document it is sent through the stylesheets of one rule set, parsed once each. lockdown.ts ran before this body.
 * Before the first stylesheet runs, `process` is taken from the global object: a stylesheet that reaches JavaScript
 * (js: and ixsl: functions, ixsl:window()) finds no process to signal, no builtin module to load, no IPC channel to
 * write to; this module keeps the few parts of it that it needs.
 */

const real = process;
const send = (message: ChildMessage) => { real.send!(message); };

async function main(): Promise<void> {
  const { saxon, setSaxonCodeCacheDir } = await import('../../io/saxon.js');
  // V8 refuses the parent's code cache here (its flags differ: measured, docs/decisions.md), and the child may write nothing.
  setSaxonCodeCacheDir(null);
  const api = saxon();
  hideProcess(real);
  // Each stylesheet parsed once, and again when its file changes (a rule set added again under its name).
  const sefs = new Map<string, { stamp: string; sef: unknown }>();
  const stylesheet = (path: string) => {
    const { mtimeMs, size } = statSync(path);
    const stamp = `${mtimeMs}:${size}`;
    let kept = sefs.get(path);
    if (kept?.stamp !== stamp) {
      let sef: unknown;
      try { sef = JSON.parse(readFileSync(path, 'utf8')); } catch (e) { throw new Error(`${DAMAGED}not JSON: ${message(e)}`); }
      sefs.set(path, (kept = { stamp, sef }));
    }
    return kept.sef;
  };
  const transform = (path: string, xml: string) =>
    api.transform({ stylesheetInternal: stylesheet(path), sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
  real.on('message', (job: ChildJob) => {
    // The fast stylesheet, then its guarded twin where the fast one raised an error (as CompiledRules does in-process).
    let answer: ChildMessage;
    try {
      answer = { id: job.id, svrl: transform(job.sef, job.xml) };
    } catch (e) {
      try {
        answer = job.guarded ? { id: job.id, svrl: transform(job.guarded, job.xml) } : { id: job.id, error: message(e) };
      } catch (twin) {
        answer = { id: job.id, error: message(twin) };
      }
    }
    // A report past its bound would cost pintae's process the memory this one was limited to.
    if ('svrl' in answer && answer.svrl.length > job.maxReport) answer = { id: job.id, limit: 'memory', detail: `a report of more than ${job.maxReport} characters` };
    send(answer);
  });
  send({ ready: true });
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

if (real.argv[2] === CHILD_FLAG && real.send) {
  // Gone with the bridge: its channel closing is the end (a child stuck in a loop is killed by the bridge or by its
  // parent-death signal, boundary.ts).
  real.on('disconnect', () => real.exit(0));
  main().catch((e: unknown) => {
    real.stderr.write(`pintae rules sandbox: ${message(e)}\n`);
    real.exit(70);
  });
}
