import { RuleSet, resolveRuleSet } from '../../src/schematron/rulesets.js';

/**
 * `--rules <name>` for a set added by that name: the one RuleSet, with its layers (resolveRuleSet's type also allows the
 * built-in choice by date, which has none). Any other answer fails the test here, not as a missing property later.
 */
export async function addedRuleSet(name: string, env: NodeJS.ProcessEnv): Promise<RuleSet> {
  const set = await resolveRuleSet(name, env);
  if (!(set instanceof RuleSet)) throw new Error(`--rules ${name} resolved to ${set.constructor.name}, not the added rule set`);
  return set;
}
