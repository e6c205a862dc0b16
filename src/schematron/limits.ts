import { UsageError } from '../io/errors.js';
import { own } from '../messages/own.js';

/** What one document's rule run may take: CPU time (--rule-timeout) and memory (--rule-memory). */
export interface RuleLimits { timeoutMs: number; memoryMb: number }
export const DEFAULT_RULE_LIMITS: RuleLimits = { timeoutMs: 30_000, memoryMb: 2048 };

/** --rule-timeout (seconds of CPU time per document) and --rule-memory (MB per rule run), checked; absent: the defaults. */
export function parseRuleLimits(options: { ruleTimeout?: string; ruleMemory?: string }): RuleLimits {
  const number = (flag: string, value: string | undefined, min: number, max: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(n >= min && n <= max)) {
      const words = own('rules.limit-range', { flag, value, min, max });
      throw new UsageError(words.message, 'usage', words.said);
    }
    return n;
  };
  const seconds = number('--rule-timeout', options.ruleTimeout, 0.1, 86_400);
  const mb = number('--rule-memory', options.ruleMemory, 64, 65_536);
  return {
    timeoutMs: seconds === undefined ? DEFAULT_RULE_LIMITS.timeoutMs : Math.round(seconds * 1000),
    memoryMb: mb === undefined ? DEFAULT_RULE_LIMITS.memoryMb : Math.round(mb),
  };
}
