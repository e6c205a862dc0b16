/**
 * Issue 11: the fuzz test. 2,000 seeded mutants of the fixture invoices (type swaps, deletions, extreme numbers,
 * long and exotic strings, prototype keys, deep nesting, duplicate keys, encodings and odd bytes), in four bulk files
 * and 200 single files, validated by the real binary with --jobs 1 and --jobs 2: no internal error, no stack trace,
 * exit codes 0/1/2 only, every result reported, every unreadable input and every finding at a line and column inside
 * its file, and the same report byte for byte. `npm run fuzz -- --count 20000` is the long run (scripts/fuzz.mjs).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';

describe('fuzz: 2,000 mutated invoices through pintae validate, --jobs 1 and --jobs 2', () => {
  it('no internal error, no stack trace, everything located, the same report', async () => {
    const { fuzzRound } = await import(join(ROOT, 'scripts/fuzz.mjs')) as { fuzzRound(o: { seed: number; count: number }): Promise<Record<string, any>> };
    const round = await fuzzRound({ seed: 11, count: 2_000 });
    expect(round.invoices).toBe(2_000);
    expect(round.problems).toEqual([]);
    expect(round.internal).toBe(0);
    expect(round.jobsDifferences).toBe(0);
    expect(round.exitCodes).toEqual([1, 1]);
  });
});
