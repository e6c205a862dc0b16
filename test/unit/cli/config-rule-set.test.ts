import { describe, expect, it } from 'vitest';
import { sayConfigRuleSet } from '../../../src/cli/lang.js';
import type { PintaeConfig } from '../../../src/config/load.js';

// A config file found upward (a checkout's, a pull request's) that names a rule set has the documents judged by it
// instead of the built-in PINT-AE rules: said on standard error, never silent (docs/decisions.md "What a checkout may
// decide (secco)"). The spawned case is in test/e2e/hostile-rules.test.ts.
describe('sayConfigRuleSet', () => {
  const found: PintaeConfig = { file: '/repo/pintae.config.json', ruleSet: '/repo/rules/pass.sch' };
  const said = (options: Parameters<typeof sayConfigRuleSet>[0], config: PintaeConfig | undefined = found) => {
    const out: string[] = [];
    sayConfigRuleSet(options, config, (m) => out.push(m));
    return out;
  };

  it('says which file replaced the built-in rules with which set, and how to judge by the built-in ones', () => {
    expect(said({})).toEqual(["/repo/pintae.config.json (found, not named with --config) has documents judged by the rule set /repo/rules/pass.sch instead of pintae's built-in PINT-AE rules; --rules builtin judges them by the built-in ones"]);
    expect(said({ config: true })).toHaveLength(1);
  });

  it('is silent where the user decided (--config names the file, --rules, --no-schematron) or the set is built in', () => {
    expect(said({ config: 'pintae.config.json' })).toEqual([]);
    expect(said({ rules: 'builtin' })).toEqual([]);
    expect(said({ schematron: false })).toEqual([]);
    for (const ruleSet of ['builtin', 'builtin-billing', 'builtin-tdd']) expect(said({}, { ...found, ruleSet })).toEqual([]);
    expect(said({}, { file: found.file })).toEqual([]);
    const none: string[] = [];
    sayConfigRuleSet({}, undefined, (m) => none.push(m));
    expect(none).toEqual([]);
  });
});
