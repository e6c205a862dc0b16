/**
 * A warning about what the run reads besides its inputs (the config file, entity records), on standard error in the
 * CLI's words: `pintae: warning: file:line:column: …`. Each is said once, however many times its file is read in a
 * run (push reads the config for its settings and again for its pipeline).
 */
const said = new Set<string>();

export function warn(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  process.stderr.write(`pintae: warning: ${message}\n`);
}

/** Each of a list of warnings (a config file's, say), once. */
export function warnAll(messages: readonly string[] | undefined): void {
  for (const message of messages ?? []) warn(message);
}
