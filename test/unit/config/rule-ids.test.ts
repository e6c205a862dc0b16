/** Config overrides of rule ids pintae does not know are refused, with the closest known ids (issue 12 item 5). */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closestIds, overrideProblem } from '../../../src/config/overrides.js';
import { knownRuleIds } from '../../../src/config/rule-ids.js';
import { ROOT } from '../../helpers/paths.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

// The built-in ids come from the plan `npm run build` writes under dist/; from src/ that plan is absent.
const known = () => {
  const ids = knownRuleIds('builtin');
  return { ...ids, overridable: [...ids.overridable, 'ibr-127-ae', 'ibr-120-ae', 'ibr-121-ae', 'aligned-ibrp-s-09'] };
};

describe('overrideProblem', () => {
  it('accepts known ids whatever their case', () => {
    expect(overrideProblem('IBR-127-AE', known())).toBeUndefined();
    expect(overrideProblem('ibt-080', known())).toBeUndefined();
    expect(overrideProblem('pintae/not-ubl', known())).toBeUndefined();
  });
  it('names the closest known ids of a misspelt one', () => {
    expect(overrideProblem('ibr-127-ea', known())).toBe('rules: "ibr-127-ea" is not a rule id pintae knows (closest: ibr-127-ae, ibr-120-ae, ibr-121-ae)');
    expect(closestIds('ALIGNED-IBRP-S-9', ['aligned-ibrp-s-09', 'ibr-127-ae'])).toEqual(['aligned-ibrp-s-09']);
  });
  it('says where ids are found when nothing is close', () => {
    expect(overrideProblem('zzzz', known())).toMatch(/^rules: "zzzz" is not a rule id pintae knows \(pintae rules list/);
  });
  it('refuses ids no finding carries: report entries and section stand-ins', () => {
    expect(overrideProblem('pintae/unreadable', known())).toMatch(/cannot be overridden: it marks an input that could not be read/);
    expect(overrideProblem('pintae/tax', known())).toMatch(/cannot be overridden: it stands for the findings of section tax/);
  });
});

describe('the known ids cover the source', () => {
  const built = join(ROOT, 'dist/schematron/rule-ids.js');
  it.skipIf(!existsSync(built))('lists every rule id a finding of pintae\'s own code can carry (needs npm run build)', async () => {
    const { builtinRuleIds } = await import(pathToFileURL(built).href) as { builtinRuleIds(): string[] };
    expect(builtinRuleIds().length).toBeGreaterThan(100);
    const ids = new Set([...knownRuleIds('builtin').overridable, ...builtinRuleIds()].map((id) => id.toLowerCase()));
    const literal = /\brule: '([^']+)'/g;
    const missing: string[] = [];
    for (const file of sources(join(ROOT, 'src'))) {
      if (file.includes(`${join('src', 'sandbox')}`)) continue; // the gateway's 403 is an answer of the service, not a finding
      for (const m of readFileSync(file, 'utf8').matchAll(literal)) {
        const id = m[1]!;
        if (!ids.has(id.toLowerCase())) missing.push(`${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
