/**
 * `node --import <this file> bin/pintae.js …`: processes that start together. Each loads the modules of pintae's
 * submission commands first (what takes a process its first few hundred milliseconds), says it is ready (a file
 * `ready-<pid>` in $PINTAE_TEST_BARRIER), and waits for the file `go` there. Released at once, the runs reach the
 * ledger within moments of each other, as runs started by one CI step would on an idle machine with many cores;
 * started plainly on two busy cores, they arrive hundreds of milliseconds apart and the race is rarely run.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const barrier = process.env.PINTAE_TEST_BARRIER;
if (barrier) {
  // What bin/pintae.js and `bulk` import, less cli/main.js itself (importing it runs the command line).
  for (const module of ['cli/api-commands.js', 'cli/help.js', 'cli/entity-option.js', 'cli/redact-output.js', 'cli/commands/bulk.js', 'cli/submission.js', 'batch/ledger.js']) {
    await import(new URL(`../../dist/${module}`, import.meta.url).href);
  }
  await import('commander');
  writeFileSync(join(barrier, `ready-${process.pid}`), '');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(join(barrier, 'go'))) Atomics.wait(pause, 0, 0, 1);
}
