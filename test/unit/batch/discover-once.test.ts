/**
 * Each input once (src/batch/discover.ts: "each path once"): the same file named as `a.json` and `./a.json`, or
 * named and reached again by its directory's walk, is one input. It was judged twice, and its invoice number warned
 * a duplicate of itself, so `pintae validate exports/ ./exports/a.json --max-warnings 0` failed on a valid export.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discover } from '../../../src/batch/discover.js';

describe('discover', () => {
  it('takes a file once however its path is written, as first named', () => {
    expect(discover(['fixtures/invoices/standard.json', './fixtures/invoices/standard.json', 'fixtures/invoices/../invoices/standard.json', 'fixtures//invoices/standard.json']))
      .toEqual([{ kind: 'file', path: 'fixtures/invoices/standard.json' }]);
    const all = discover(['./fixtures/invoices/standard.json', 'fixtures/invoices/']).map((s) => s.path);
    expect(all[0]).toBe('./fixtures/invoices/standard.json');
    expect(all.filter((p) => p.endsWith('/standard.json'))).toHaveLength(1);
    expect(all).toHaveLength(12); // the twelve fixtures, each once
  });

  it('keeps standard input apart from a file named -', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-discover-'));
    try {
      writeFileSync(join(dir, '-'), '{}');
      expect(discover(['-', join(dir, '-'), '-']).map((s) => s.path)).toEqual(['-', join(dir, '-')]);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
