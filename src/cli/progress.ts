import ora, { type Ora } from 'ora';

/** A spinner on stderr, only on a terminal (DESIGN: progress on stderr, data on stdout); a no-op otherwise. */
export interface Progress { text(message: string): void; stop(): void }

export function progress(initial: string): Progress {
  if (!process.stderr.isTTY) return { text: () => {}, stop: () => {} };
  const spinner: Ora = ora({ text: initial, stream: process.stderr }).start();
  return { text: (message) => { spinner.text = message; }, stop: () => spinner.stop() };
}
