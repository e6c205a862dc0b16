import { describe, expect, it } from 'vitest';
import { sayConfigRuleSet } from '../../../src/cli/lang.js';
import type { PintaeConfig } from '../../../src/config/load.js';

// A config file found upward (a checkout's, a pull request's) that names a rule set has every document judged by it
// instead of the PINT-AE rules pintae chooses: said on standard error, never silent (docs/decisions.md "What a checkout may
// decide (secco)"). The spawned case is in test/e2e/hostile-rules.test.ts.
describe('sayConfigRuleSet', () => {
  const found: PintaeConfig = { file: '/repo/pintae.config.json', ruleSet: '/repo/rules/pass.sch' };
  const said = (options: Parameters<typeof sayConfigRuleSet>[0], config: PintaeConfig | undefined = found) => {
    const out: string[] = [];
    sayConfigRuleSet(options, config, (m) => out.push(m));
    return out;
  };

  it('says which file replaced the built-in rules with which set, and how to judge by the built-in ones', () => {
    expect(said({})).toEqual(['/repo/pintae.config.json (found, not named with --config) has every document judged by the rule set /repo/rules/pass.sch, not by the PINT-AE rules pintae chooses for each document; --rules builtin lets pintae choose']);
    // A built-in set of another kind too: builtin-tdd judges a UBL invoice without a word against it.
    expect(said({}, { ...found, ruleSet: 'builtin-tdd' })).toHaveLength(1);
    expect(said({ config: true })).toHaveLength(1);
  });

  it('is silent where the user decided (--config names the file, --rules, --no-schematron) or pintae chooses (builtin)', () => {
    expect(said({ config: 'pintae.config.json' })).toEqual([]);
    expect(said({ rules: 'builtin' })).toEqual([]);
    expect(said({ schematron: false })).toEqual([]);
    expect(said({}, { ...found, ruleSet: 'builtin' })).toEqual([]);
    expect(said({}, { file: found.file })).toEqual([]);
    const none: string[] = [];
    sayConfigRuleSet({}, undefined, (m) => none.push(m));
    expect(none).toEqual([]);
  });
});
