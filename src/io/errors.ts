import { reasonWords } from '../messages/reasons.js';
import type { MessageRef } from '../messages/ref.js';

/** An input or usage problem the CLI reports as a located message with exit code 2 (never a stack trace). */
export class UsageError extends Error {
  /** The catalogue entry the message was said from, so the CLI can say it in --lang (issue 26); absent on older ones. */
  said?: MessageRef;
  constructor(message: string, readonly code = 'usage', said?: MessageRef) {
    super(message);
    this.name = 'UsageError';
    if (said) this.said = said;
  }
}

/**
 * A seller's record saved in the local store that cannot be used, met while an invoice naming it is judged: the
 * invoice is not judged and the run exits 2, as for a broken --entity file, once every other input is reported.
 */
export class EntityStoreError extends UsageError {
  constructor(cause: UsageError) {
    super(cause.message, cause.code, cause.said);
    this.name = 'EntityStoreError';
  }
}

/**
 * A lower layer's reason at a place: `file:line:column: <the JSON reader's words>`, `--rates x.csv: <the file
 * system's words>`. The reason is said in the run's language where pintae words it (src/messages/reasons.ts).
 */
export function reasonAt(at: string, reason: string): UsageError {
  return new UsageError(reasonWords('reason.at', { at, reason }), 'usage', { id: 'reason.at', p: { at, reason } });
}

/** Several usage errors reported at once (a config file's problems), each said from its own entry, one a line. */
export class UsageErrors extends UsageError {
  constructor(readonly parts: readonly UsageError[]) {
    super(parts.map((e) => e.message).join('\n'));
  }
}
