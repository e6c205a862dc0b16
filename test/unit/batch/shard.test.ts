/** --shard k/n (src/batch/shard.ts): a partition of the inputs that every CI job computes alike. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { UsageError } from '../../../src/io/errors.js';
import { parseShard, shardKey, shardOf, takeShard } from '../../../src/batch/shard.js';

const CWD = '/repo';
const inputs = Array.from({ length: 300 }, (_, i) => ({ path: `exports/2025-${String(i % 12 + 1).padStart(2, '0')}/inv-${i}.json` }));

describe('parseShard', () => {
  it('k/n with 1 ≤ k ≤ n', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
  });
  it.each(['0/3', '4/3', '1/0', '3', 'a/b', '1/2/3', '-1/2', '1.5/3', ''])('%j is a usage error', (text) => {
    expect(() => parseShard(text)).toThrow(UsageError);
  });
});

describe('shards of a set of inputs', () => {
  it.each([1, 2, 3, 7])('n = %i: the shards are pairwise disjoint and together hold every input, each in input order', (n) => {
    const shards = Array.from({ length: n }, (_, k) => takeShard(inputs, { index: k + 1, count: n }, CWD));
    const all = shards.flat().map((s) => s.path);
    expect(all).toHaveLength(inputs.length);
    expect(new Set(all).size).toBe(inputs.length);
    for (const shard of shards) {
      const positions = shard.map((s) => inputs.indexOf(s));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('a shard does not depend on the order or the company of the inputs', () => {
    const reversed = [...inputs].reverse();
    const shard = { index: 2, count: 3 };
    const a = takeShard(inputs, shard, CWD).map((s) => s.path).sort();
    const b = takeShard(reversed, shard, CWD).map((s) => s.path).sort();
    expect(b).toEqual(a);
    const half = inputs.slice(0, 150);
    expect(takeShard(half, shard, CWD).every((s) => a.includes(s.path))).toBe(true);
  });

  it('is stable across runs and versions: pinned shards of a few names (sha-256 of the key, first 48 bits, mod n, plus 1)', () => {
    expect(['a.json', 'b.json', 'c.json', 'd.json', 'e.json', 'f.json'].map((p) => shardOf(p, 4, CWD))).toEqual([3, 3, 1, 1, 1, 1]);
  });

  it('spreads inputs over every shard (no shard empty among 300 inputs in 3)', () => {
    for (let k = 1; k <= 3; k++) expect(takeShard(inputs, { index: k, count: 3 }, CWD).length).toBeGreaterThan(50);
  });
});

describe('shardKey: the same file spelt differently hashes alike', () => {
  it('./a, a, an absolute path and a path through .. inside the working directory', () => {
    const key = shardKey('exports/a.json', CWD);
    expect(key).toBe('exports/a.json');
    expect(shardKey('./exports/a.json', CWD)).toBe(key);
    expect(shardKey(join(CWD, 'exports/a.json'), CWD)).toBe(key);
    expect(shardKey('exports/x/../a.json', CWD)).toBe(key);
  });
  it('outside the working directory: the absolute path; standard input: -', () => {
    expect(shardKey('../other/a.json', CWD)).toBe('/other/a.json');
    expect(shardKey('-', CWD)).toBe('-');
  });
});
