import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAXON_PATCHES, saxonPatched } from '../../../src/io/saxon.js';
import { compilerVersion } from '../../../src/schematron/sef.js';
import { ROOT } from '../../helpers/paths.js';

/*
 * The speed patches of saxon-js (src/io/saxon.ts) are exact pieces of one build's text: at run time a piece that is
 * not found is skipped (slower, equally correct), so this test is where a saxon-js that no longer fits them shows.
 */
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('saxon-js: pinned, patched, and named in compile-cache keys', () => {
  it('saxon-js and xslt3 are pinned to exact versions, the ones installed', () => {
    for (const name of ['saxon-js', 'xslt3']) {
      expect(pkg.dependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
      expect((require(`${name}/package.json`) as { version: string }).version, name).toBe(pkg.dependencies[name]);
    }
  });

  it('every patch finds its piece of saxon-js exactly once, and all apply', () => {
    const source = readFileSync(require.resolve('saxon-js'), 'utf8');
    for (const [original] of SAXON_PATCHES) expect(source.split(original).length - 1, original.slice(0, 60)).toBe(1);
    expect(saxonPatched()).toBe(SAXON_PATCHES.length);
  });

  it('the compilers\' versions, and the static check\'s, are part of the compile-cache key', () => {
    expect(compilerVersion()).toMatch(new RegExp(`^xslt3@${pkg.dependencies.xslt3} saxon-js@${pkg.dependencies['saxon-js']} pintae@${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version} guard@\\d+$`));
  });
});
