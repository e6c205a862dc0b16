import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addRuleSet, sefCacheDir } from '../../../src/schematron/rulesets.js';
import { ROOT } from '../../helpers/paths.js';

/** A stylesheet is compiled once per compilers and XSLT text: adding the same rules again does not compile again. */
describe('the compile cache of rules add', () => {
  it('keeps each compiled stylesheet under PINTAE_SEF_CACHE_DIR, else <cache dir>/sef', () => {
    expect(sefCacheDir({ PINTAE_CACHE_DIR: '/c' })).toBe(join('/c', 'sef'));
    expect(sefCacheDir({ PINTAE_CACHE_DIR: '/c', PINTAE_SEF_CACHE_DIR: '/s' })).toBe('/s');
  });

  it('the same schema added under a second name reuses both stylesheets (fast and guarded) without compiling', async () => {
    const env = { PINTAE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'pintae-sef-cache-')) };
    const schema = join(ROOT, 'test/fixtures/schematron/iso/xsd-prefix.sch');
    await addRuleSet(schema, { name: 'first', env });
    const cached = readdirSync(sefCacheDir(env));
    expect(cached.filter((f) => f.endsWith('.sef.json'))).toHaveLength(2);
    const written = new Map(cached.map((f) => [f, statSync(join(sefCacheDir(env), f)).mtimeMs]));
    await addRuleSet(schema, { name: 'second', env });
    expect(new Map(readdirSync(sefCacheDir(env)).map((f) => [f, statSync(join(sefCacheDir(env), f)).mtimeMs]))).toEqual(written);
  });
});
