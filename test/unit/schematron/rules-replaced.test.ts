import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addRuleSet } from '../../../src/schematron/rulesets.js';
import { CLI } from '../../../src/messages/cli.js';
import type { Manifest } from '../../../src/schematron/cache.js';

/**
 * An admin's `rules add` under a name already taken by other rules (another release, a wrong directory, two zips
 * with the same file name) replaces them: every run with --rules <name> then judges by other rules. The swap stays
 * (re-adding is how a set is refreshed), but it is said, with what was there; the same rules added again say nothing.
 */
const dir = mkdtempSync(join(tmpdir(), 'pintae-add-replaced-'));
const env = { PINTAE_CACHE_DIR: join(dir, 'cache') };
const schema = (name: string, test: string) => {
  const path = join(dir, name);
  writeFileSync(path, `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt2">
  <sch:pattern><sch:rule context="/*"><sch:assert id="x-1" test="${test}">root</sch:assert></sch:rule></sch:pattern>
</sch:schema>\n`);
  return path;
};

describe('rules add over a name in use', () => {
  it('other rules under the name: the caller is told what was replaced; the same rules again: nothing', async () => {
    const told: Manifest[] = [];
    const replaced = (m: Manifest) => { told.push(m); };
    const first = await addRuleSet(schema('a.sch', 'true()'), { env, name: 'house', replaced });
    await addRuleSet(join(dir, 'a.sch'), { env, name: 'house', replaced });
    expect(told).toEqual([]);
    const second = await addRuleSet(schema('b.sch', 'false()'), { env, name: 'house', replaced });
    expect(told.map((m) => [m.hash, m.source])).toEqual([[first.hash, join(dir, 'a.sch')]]);
    expect(second.hash).not.toBe(first.hash);
  });

  it('says it in English and Arabic', () => {
    const p = { name: 'house', hash: '0123456789abcdef', source: '/x/a.zip', version: '1.0.4' };
    expect(CLI['cli.rules-replaced'].en(p)).toBe('house held other rules before (version 1.0.4, hash 0123456789abcdef, from /x/a.zip): they are replaced, and every run with --rules house now uses the new ones');
    expect(CLI['cli.rules-replaced'].ar(p)).toBe('كانت house تضم قواعد أخرى (الإصدار 1.0.4، البصمة 0123456789abcdef، من /x/a.zip): استُبدلت، وكل تشغيل بـ --rules house يستعمل الجديدة الآن');
  });
});
