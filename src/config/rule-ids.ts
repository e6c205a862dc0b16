import type { RunSettings } from './settings.js';
import { checkOverrideIds, type KnownRuleIds } from './overrides.js';
import { PINTAE_RULE_IDS, SPEC_RULE_IDS } from '../rules/ids.js';
import { addedRuleIds, builtinRuleIds } from '../schematron/rule-ids.js';

/**
 * The ids pintae knows: the built-in PINT-AE rules', those of the rule set in use when it is an added one (a newer
 * release brings ids of its own), the spec's ids the rule engine reports, and pintae's own.
 */
export function knownRuleIds(ruleSet: string | undefined): KnownRuleIds {
  const added = ruleSet !== undefined && ruleSet !== 'builtin' && ruleSet !== 'builtin-saxon' ? addedRuleIds(ruleSet) : [];
  return {
    overridable: [...builtinRuleIds(), ...added, ...SPEC_RULE_IDS, ...PINTAE_RULE_IDS],
    unreachable: new Map([
      ['pintae/unreadable', 'it marks an input that could not be read, which always fails the run'],
      ['pintae/rejected', 'it marks an invoice the service refuses with 400, which always fails the run'],
      ['pintae/rules-failed', 'it marks a document its rules could not be run on (a limit reached, a damaged rule set), which is never valid'],
    ]),
  };
}

/**
 * A config file's rule overrides, checked against the ids known for the run's rule set: by the name it was resolved
 * to when there is one (a path given to --rules is cached under a name of its own), else as the settings name it.
 * A usage error, located at the key, for any other id (or a second key naming one rule); a warning for a key whose
 * case differs from its rule's id.
 */
export function checkConfigOverrides(settings: Pick<RunSettings, 'config' | 'ruleSet'>, resolved: object | undefined): string[] {
  const config = settings.config;
  if (!config?.rules || Object.keys(config.rules).length === 0) return [];
  return checkOverrideIds(config.file, config.rules, knownRuleIds(ruleSetName(settings.ruleSet, resolved)));
}

/** The name a rule set was resolved to (a path given is cached under a name of its own), else as it was given. */
export function ruleSetName(given: string | undefined, resolved: object | undefined): string | undefined {
  return resolved && 'name' in resolved && typeof resolved.name === 'string' ? resolved.name : given;
}
