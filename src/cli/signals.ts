import { removePendingTemporaries, watchPendingTemporaries } from '../io/write.js';

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type Signal = keyof typeof EXIT_CODES;

function onSignal(signal: Signal): void {
  removePendingTemporaries();
  process.exit(EXIT_CODES[signal]);
}
const handlers = { SIGINT: () => onSignal('SIGINT'), SIGTERM: () => onSignal('SIGTERM') };

let listening = false;
let suspended = 0;
let pendingCount = 0;
let held = 0;

/*
 * A JavaScript signal handler replaces the default "die at once", and runs only when the event loop is free: so it is
 * attached only while a temporary file exists that a signal would otherwise leave behind (a streamed --output
 * report), and Ctrl-C keeps its ordinary effect the rest of the time.
 */
function listen(on: boolean): void {
  if (on === listening) return;
  listening = on;
  for (const signal of Object.keys(handlers) as Signal[]) {
    if (on) process.on(signal, handlers[signal]); else process.off(signal, handlers[signal]);
  }
}
const update = () => listen((pendingCount > 0 || held > 0) && suspended === 0);

let installed = false;

/**
 * A run that writes files removes its temporaries however it ends before they are in place: on Ctrl-C (exit 130),
 * SIGTERM (exit 143), or any exit (a closed pipe, a full disk). Called by the commands that write reports or XML, so
 * a command with its own signal handling (the sandbox stops cleanly on SIGINT) keeps it.
 */
export function removeTemporariesOnExit(): void {
  if (installed) return;
  installed = true;
  process.on('exit', removePendingTemporaries);
  watchPendingTemporaries((count) => { pendingCount = count; update(); });
}

/**
 * Runs `read` (a blocking read of standard input, which may wait on a terminal) with the signals' default action:
 * a handler could not run before the read returns, so Ctrl-C would do nothing. A temporary left by dying there is
 * removed by the next run.
 */
export function withDefaultSignals<T>(read: () => T): T {
  suspended++;
  update();
  try {
    return read();
  } finally {
    suspended--;
    update();
  }
}

/**
 * Runs `work` with Ctrl-C and SIGTERM handled throughout, not only while a temporary is pending: a step that makes
 * and removes temporaries one after another (rules add: compiles, then the rules planned natively, then the next
 * compile) would otherwise die outright in a gap between two, leaving what the next step was about to remove.
 */
export async function withSignalsHandled<T>(work: () => Promise<T>): Promise<T> {
  held++;
  update();
  try {
    return await work();
  } finally {
    held--;
    update();
  }
}
