import ora, { type Ora } from 'ora';

/**
 * A spinner on stderr, only on a terminal (DESIGN: progress on stderr, data on stdout); a no-op otherwise. `clear`
 * takes it off the line before something is printed while it turns (bulk's lines as answers arrive); it comes back at
 * its next frame.
 */
export interface Progress { text(message: string): void; clear(): void; stop(): void }

export function progress(initial: string): Progress {
  if (!process.stderr.isTTY) return { text: () => {}, clear: () => {}, stop: () => {} };
  const spinner: Ora = ora({ text: initial, stream: process.stderr }).start();
  return { text: (message) => { spinner.text = message; }, clear: () => { spinner.clear(); }, stop: () => spinner.stop() };
}
