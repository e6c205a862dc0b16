/**
 * Issue 22, item 3, through the binary: a directory tree 10,000 levels deep among the inputs. Before, about 2,000
 * levels ended the run with "internal error: Maximum call stack size exceeded" and no report for any input; now the
 * other inputs are validated and the deep one is reported where the search stops. The walk itself:
 * test/unit/batch/deep-directories.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { deepTreeRoot, makeDeepDirectories, removeDeepDirectories } from '../helpers/deep-tree.js';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(deepTreeRoot(), 'pintae-deep-e2e-'));
  copyFileSync(join(FIXTURES, 'invoices/standard.json'), join(root, 'a.json'));
  mkdirSync(join(root, 'deep'));
  makeDeepDirectories(join(root, 'deep'), 10_000, 'bottom.json');
  mkdirSync(join(root, 'z'));
  copyFileSync(join(FIXTURES, 'invoices/export.json'), join(root, 'z', 'z.json'));
});
afterAll(() => { removeDeepDirectories(root); rmdirSync(root); });

describe('a directory tree 10,000 levels deep among the inputs', () => {
  it('validate reports every other input, and the deep directory where the search stopped (exit 1, no stack trace)', async () => {
    const r = await execa('node', [BIN, 'validate', root, '--entity', ENTITY, '--rates', RATES, '--today', '2026-01-15', '--no-schematron', '--format', 'json'],
      { reject: false, cwd: ROOT, env: { NO_COLOR: '1' }, timeout: 120_000 });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/call stack|\n\s+at /);
    const results: Array<{ file: string; valid: boolean; error?: { message: string } }> = JSON.parse(r.stdout).results;
    expect(results.map((x) => [x.file.slice(root.length + 1, root.length + 11), x.valid])).toEqual([['a.json', true], ['deep/d/d/d', false], ['z/z.json', true]]);
    expect(results[1]!.file).toBe(join(root, 'deep', ...Array<string>(256).fill('d')));
    expect(results[1]!.error?.message).toBe("more than 256 directories deep: not searched (pintae's limit; give this directory itself to search it)");
  });
});
