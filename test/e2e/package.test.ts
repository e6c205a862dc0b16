/**
 * The package as npm publishes it (qalib): what `npm pack` puts in the tarball holds what an installed pintae reads at
 * run time, and nothing it should not. One `npm pack --dry-run` (no build: the files as they are), its list judged
 * here; what `prepack` (scripts/prune-dist.mjs) would remove before packing is left out of it, as npm would.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { ROOT } from '../helpers/paths.js';
// @ts-expect-error a plain .mjs script without declarations
import { staleFiles } from '../../scripts/prune-dist.mjs';

const stale = (root: string) => (staleFiles as (root: string) => string[])(root);
const dir = mkdtempSync(join(tmpdir(), 'pintae-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the package as published', () => {
  it('holds what an installed pintae runs on, and nothing else', async () => {
    const { stdout } = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, env: { npm_config_loglevel: 'silent' } });
    const pruned = new Set(stale(ROOT).map((f) => `dist/${f}`));
    const files = new Set(((JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files).map((f) => f.path).filter((f) => !pruned.has(f)));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; main: string; license: string; exports: Record<string, Record<string, string> | string> };

    // The licence the package names, and the README the registry shows.
    expect(pkg.license).toBe('Apache-2.0');
    expect(files.has('LICENSE'), 'LICENSE').toBe(true);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(files.has('README.md')).toBe(true);
    // The entry points, the worker scripts started by URL, the compiled rules and the body validator the build writes,
    // the JSON Schemas for editors, and the bundled example the README's first command validates.
    const needed = [
      ...Object.values(pkg.bin), pkg.main, 'dist/cli/main.js', 'dist/serve/worker.js', 'dist/batch/worker.js',
      'dist/schema/invoice-body.validate.cjs', 'schemas/invoice.schema.json', 'schemas/pintae.config.schema.json',
      ...['pint-ae', 'pint-ae-selfbilling', 'pint-ae-tdd'].flatMap((set) => ['sef', 'guarded.sef', 'native', 'parsed', 'hash'].map((kind) => `dist/schematron/${set}.${kind}.json`)),
      'fixtures/invoices/standard.json', 'fixtures/entities/al-noor-trading.json', 'fixtures/rates/cbuae-2025.csv',
    ].map((f) => f.replace(/^\.\//, ''));
    for (const file of needed) expect(files.has(file), file).toBe(true);
    const types = files.has('dist/index.d.ts');
    if (!types) console.log('package.test: dist/ holds no declarations (built by esbuild, npm test): the .d.ts files are checked after npm run build');
    for (const target of Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))) {
      if (target.includes('*') || (!types && target.endsWith('.d.ts'))) continue;
      expect(files.has(target.replace(/^\.\//, '')), target).toBe(true);
    }
    // Every module a shipped module imports, or starts as a worker, is shipped too.
    for (const file of [...files].filter((f) => f.startsWith('dist/') && f.endsWith('.js'))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = posix.normalize(posix.join(posix.dirname(file), m[1]!));
        // Files only (a directory named by URL is none), within the package (../../dist beside src/ is the tests' way).
        if (target.startsWith('dist/') && /\.(js|cjs|json)$/.test(target)) expect(files.has(target), `${file} → ${m[1]}`).toBe(true);
      }
    }
    // Nothing of the repository's own: sources, tests, scripts, docs, caches, source maps, official material.
    const foreign = [...files].filter((f) => /^(src|test|scripts|docs|\.ci|node_modules|\.pintae)\//.test(f) || f.endsWith('.map')
      || (f.endsWith('.ts') && !f.endsWith('.d.ts')) || /\.cache\/|(^|\/)shared\/|(^|\/)ae-tdd\//.test(f));
    expect(foreign).toEqual([]);
  });

  it('prepack removes from dist/ what no source makes any more, and only that', () => {
    const root = join(dir, 'repo');
    const put = (rel: string) => { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), ''); };
    for (const f of ['src/a.ts', 'src/sub/b.ts', 'schematron/rules.sch']) put(f);
    for (const f of ['dist/a.js', 'dist/a.d.ts', 'dist/sub/b.js', 'dist/schematron/rules.sef.json', 'dist/schematron/rules.native.json', 'dist/schema/invoice-body.validate.cjs']) put(f);
    for (const f of ['dist/gone.js', 'dist/gone.d.ts', 'dist/sub/renamed.js', 'dist/schematron/old.sef.json', 'dist/schematron/old.hash.json']) put(f);
    expect(stale(root)).toEqual(['gone.d.ts', 'gone.js', 'schematron/old.hash.json', 'schematron/old.sef.json', 'sub/renamed.js']);
  });
});
