/**
 * A rule set pinned by a config file's ruleSet was named in every report as pinned by `--rules` ("(rules
 * builtin-tdd 1.0.4, --rules)"), in a run given no --rules (a checkout's config: secco, left open). Reports now say
 * the config file's ruleSet: `pinned_by: "config"` in JSON, "ruleSet of the config file" in words.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '../../../dist/batch/env.js';
import { validateText } from '../../../dist/batch/work.js';
import { chooseRules, pinnedByConfig, type DocumentRules } from '../../../dist/schematron/choice.js';
import { ruleSetWords } from '../../../dist/formatters/words.js';
import { ENTITY, FIXTURES } from '../../helpers/paths.js';

const spec = { entityFiles: [ENTITY], ruleSet: 'builtin-billing', today: '2026-11-27', uuid: { kind: 'deterministic' } as const, lineAmounts: 'aed' as const, cwd: FIXTURES };
const text = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');

describe('a rule set pinned by a config file', () => {
  it('is reported as the config file\'s, in JSON and in words (en, ar); by --rules as before', async () => {
    const [byConfig, byFlag] = await Promise.all([loadEnv({ ...spec, ruleSetFrom: '/p/pintae.config.json' }), loadEnv(spec)]);
    const [fromConfig] = validateText('a.json', text, byConfig, false);
    const [fromFlag] = validateText('a.json', text, byFlag, false);
    expect(fromConfig!.rule_set).toMatchObject({ name: 'builtin-billing', chosen: 'pinned', pinned_by: 'config' });
    expect(fromFlag!.rule_set).toMatchObject({ name: 'builtin-billing', chosen: 'pinned' });
    expect(fromFlag!.rule_set).not.toHaveProperty('pinned_by');
    expect(ruleSetWords(fromConfig!.rule_set)).toBe('rules builtin-billing 1.0.4, ruleSet of the config file');
    expect(ruleSetWords(fromConfig!.rule_set, 'ar')).toBe('القواعد builtin-billing 1.0.4، ruleSet في ملف الإعدادات');
    expect(ruleSetWords(fromFlag!.rule_set)).toBe('rules builtin-billing 1.0.4, --rules');
    // The verdict is the set's either way.
    expect(fromConfig!.valid).toBe(fromFlag!.valid);
    expect(fromConfig!.findings).toEqual(fromFlag!.findings);
  });

  it('a set that chooses per document is not pinned, and stays itself; a pinned one delegates to the set', () => {
    const choosing = { run: () => [], choose: () => undefined } as unknown as DocumentRules;
    expect(pinnedByConfig(choosing)).toBe(choosing);
    let runs = 0;
    const pinned = { info: { name: 'x', customization: null, version: null, hash: 'h' }, run() { runs++; return []; } } as unknown as DocumentRules;
    const marked = pinnedByConfig(pinned);
    expect(marked.run('<x/>')).toEqual([]);
    expect(runs).toBe(1);
    expect(chooseRules(marked, undefined, undefined).judgedBy).toEqual({ name: 'x', customization: null, version: null, hash: 'h', chosen: 'pinned', pinned_by: 'config' });
    expect(chooseRules(pinned, undefined, undefined).judgedBy).toEqual({ name: 'x', customization: null, version: null, hash: 'h', chosen: 'pinned' });
  });
});
