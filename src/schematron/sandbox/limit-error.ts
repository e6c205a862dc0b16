import type { LimitKind } from './protocol.js';
import { ruleSetWorded } from '../../messages/rule-sets.js';

/**
 * A rule set's run on one document stopped by the sandbox: past its CPU-time limit, past its memory limit, or its
 * process gone (`crash`). Never a verdict: the caller reports it as the error finding `pintae/rules-failed` and goes
 * on with the next document, which gets a fresh process.
 */
export class RuleLimitError extends Error {
  override readonly name = 'RuleLimitError';
  readonly code = 'pintae/rules-failed';
  constructor(
    readonly kind: LimitKind,
    /** The limit passed: milliseconds of CPU time (`time`), megabytes (`memory`); none for `crash`. */
    readonly limit: number | undefined,
    readonly ruleSet: string,
    readonly detail = '',
  ) {
    super(limitMessage(kind, limit, ruleSet, detail));
  }
}

function limitMessage(kind: LimitKind, limit: number | undefined, ruleSet: string, detail: string): string {
  const why = detail ? ` (${detail})` : '';
  if (kind === 'time') return `rule set ${ruleSet} was stopped: it ran past its time limit of ${(limit ?? 0) / 1000} s on this document${why}`;
  if (kind === 'memory') return `rule set ${ruleSet} was stopped: it needed more than its memory limit of ${limit} MB${why}`;
  return `rule set ${ruleSet} was stopped: its process ended unexpectedly${why}`;
}

/** A rule set that would run on Saxon-JS where no boundary can hold it: refused, never run unsandboxed. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
  readonly code = 'pintae/rules-failed';
  constructor(readonly ruleSet: string, readonly reason: string) {
    super(ruleSetWorded('ruleset.sandbox-unavailable', { set: ruleSet, reason }).message);
  }
}
