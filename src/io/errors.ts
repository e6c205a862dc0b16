/** An input or usage problem the CLI reports as a located message with exit code 2 (never a stack trace). */
export class UsageError extends Error {
  constructor(message: string, readonly code = 'usage') { super(message); this.name = 'UsageError'; }
}
