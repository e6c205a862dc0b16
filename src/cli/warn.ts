/**
 * A warning about what the run reads besides its inputs (the config file, entity records), on standard error in the
 * CLI's words: `pintae: warning: file:line:column: …`. Each is said once, however many times its file is read in a
 * run (push reads the config for its settings and again for its pipeline).
 */
import { CLI } from '../messages/cli.js';
import { cliLang } from './lang.js';

const said = new Set<string>();

/** `warning`, or its Arabic in an Arabic run: one word before the message (en+ar keeps the English one). */
export const warningWord = (): string => CLI['cli.warning-word'][cliLang() === 'ar' ? 'ar' : 'en']({});

export function warn(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  process.stderr.write(`pintae: ${warningWord()}: ${message}\n`);
}

/** Each of a list of warnings (a config file's, say), once. */
export function warnAll(messages: readonly string[] | undefined): void {
  for (const message of messages ?? []) warn(message);
}
