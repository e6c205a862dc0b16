import { isIsoDate } from '../schematron/dated.js';
import { usageError } from '../messages/cli.js';

/**
 * The day taken as today (--today, the library's `today`): exchange-rate lookups and the rule set's validity compare
 * it as text, so anything but a real YYYY-MM-DD day would be compared silently wrong rather than refused.
 */
export function todayProblem(value: string): string | undefined {
  return isIsoDate(value) ? undefined : 'give a calendar date as YYYY-MM-DD';
}

/** --today, checked; absent: the current date (UTC). */
export function todayOption(value: string | undefined, now: () => Date = () => new Date()): string {
  if (value === undefined) return now().toISOString().slice(0, 10);
  const problem = todayProblem(value);
  if (problem) throw usageError('cli.today', { value });
  return value;
}
