/**
 * The library's examples as the pages show them (qalib): every ```ts block of docs/reference/library.md and of the
 * README's "Library" section stands, line for line, in test/unit/library-docs.examples.ts, which `npm run typecheck`
 * type-checks against the package's declarations; the validator's example is run here, as written, on the bundled
 * example, and does what its comments say.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { libraryValidator } from './library-docs.examples.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';

const blocks = (markdown: string) => [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
/** The lines of code that are not imports of the package, without their indentation. */
const code = (text: string) => text.split('\n').filter((l) => !/^\s*import .* from 'pintae';/.test(l)).map((l) => l.trim()).filter((l) => l !== '').join('\n');

describe('the library examples of the documentation', () => {
  it('stand in the file that npm run typecheck checks, line for line', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Library\n'), readme.indexOf('\n## ', readme.indexOf('\n## Library\n') + 1));
    const shown = [...blocks(readFileSync(join(ROOT, 'docs/reference/library.md'), 'utf8')), ...blocks(section)];
    expect(shown.length).toBe(3);
    const checked = code(readFileSync(join(ROOT, 'test/unit/library-docs.examples.ts'), 'utf8'));
    for (const block of shown) expect(checked, block).toContain(code(block));
  });

  it('the validator example runs as written and answers as its comments say', async () => {
    const text = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');
    const body = JSON.parse(text) as unknown;
    const xml = readFileSync(join(FIXTURES, 'tdd/standard-tdd.xml'), 'utf8');
    const { validator, result, report } = await libraryValidator(body, xml, JSON.stringify({ invoices: [body, body] }));
    expect(result.valid).toBe(true);
    expect(result.response && 'data' in result.response && result.response.data.is_valid).toBe(true);
    expect(result.xml).toMatch(/^<\?xml/);
    expect(result.rule_set?.name).toBe('builtin-billing');
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual([]);
    expect(validator.check(report.xml!).valid).toBe(true);
    expect(validator.check(report.xml!).rule_set?.name).toBe('builtin-tdd');
    // Duplicates warned within one validateMany.
    const many = validator.validateMany(JSON.stringify({ invoices: [body, body] }));
    expect(many.map((r) => (r.response && 'data' in r.response ? r.response.data.warnings.length : -1))).toEqual([0, 1]);
  });
});
