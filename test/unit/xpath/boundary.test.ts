import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.js';
import { specifiers, tsFiles } from '../../helpers/imports.js';

/*
 * src/xpath is a module of its own (src/xpath/README.md): it imports nothing of the rest of pintae, only its own files
 * and the npm packages listed here, and the rest of pintae reaches it only through its entry points.
 */
const XPATH = join(ROOT, 'src/xpath');
const PACKAGES = new Set(['decimal.js']);
const ENTRIES = new Set(['index.js', 'api.js', 'xml.js', 'location.js']);

describe('the XPath evaluator\'s boundary', () => {
  it('src/xpath imports only its own files, node: built-ins and its listed packages', () => {
    const outside: string[] = [];
    for (const file of tsFiles(XPATH)) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const ok = spec.startsWith('node:') || PACKAGES.has(spec) || (spec.startsWith('./') && !spec.slice(2).includes('/'));
        if (!ok) outside.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
    // The scan itself works: the evaluator's files do import each other.
    expect(specifiers(readFileSync(join(XPATH, 'index.ts'), 'utf8'))).toContain('./api.js');
  });

  it('the rest of pintae imports src/xpath only through its entry points', () => {
    const internal: string[] = [];
    for (const file of tsFiles(join(ROOT, 'src'))) {
      if (file.startsWith(XPATH)) continue;
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const m = /(?:^|\/)xpath\/([^/]+)$/.exec(spec);
        if (m && !ENTRIES.has(m[1]!)) internal.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(internal).toEqual([]);
  });

  it('has a README that lists the subset and the Saxon-JS-compatible behaviours', () => {
    const readme = readFileSync(join(XPATH, 'README.md'), 'utf8');
    for (const heading of ['## Entry points', '## XPath subset', '## Behaviours chosen to match Saxon-JS']) expect(readme).toContain(heading);
  });
});
