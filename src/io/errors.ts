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
