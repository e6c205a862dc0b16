import { UsageError } from '../io/errors.js';
import type { MessageRef } from '../messages/ref.js';
import { ruleSetWorded, type RuleSetMessageId } from '../messages/rule-sets.js';

/**
 * A rule set that cannot be found, read or compiled. Its own module, so that loading a compiled rule set never loads
 * the Schematron compiler (and xmlbuilder2 with it: ~70 ms of every cold start). `said`: the catalogue entry its
 * message was said from (src/messages/rule-sets.ts), so the CLI says it in the run's language (issue 26).
 */
export class RuleSetError extends Error {
  said?: MessageRef;
  constructor(message: string, said?: MessageRef) {
    super(message);
    this.name = 'RuleSetError';
    if (said) this.said = said;
  }
}

/** A RuleSetError said from an entry of the rule-set catalogue: the only way the rule-set layer words one. */
export function ruleSetError<K extends RuleSetMessageId>(id: K, params: Parameters<(typeof import('../messages/rule-sets.js').RULE_SETS)[K]['en']>[0]): RuleSetError {
  const { message, said } = ruleSetWorded(id, params);
  return new RuleSetError(message, said);
}

/**
 * A rule set's error as the usage error the CLI reports (exit 2), keeping the entry it was said from. `configFile`:
 * the config file whose "ruleSet" named the set (not --rules): a name that is no rule set is said as coming from there.
 */
export function ruleSetUsage(e: unknown, configFile?: string): UsageError {
  if (e instanceof UsageError) return e;
  const said = (e as { said?: MessageRef }).said;
  if (configFile !== undefined && said?.id === 'ruleset.unknown') {
    const { message, said: again } = ruleSetWorded('ruleset.unknown.config', { ...(said.p as { spec: string; reserved: string[]; added: string[] }), file: configFile });
    return new UsageError(message, 'usage', again);
  }
  return new UsageError((e as Error).message, 'usage', said);
}
