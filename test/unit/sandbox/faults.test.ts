import { describe, expect, it } from 'vitest';
import { Faults, seededRandom } from '../../../src/sandbox/faults.js';

describe('injected faults', () => {
  it('draws the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => { const r = seededRandom(seed); return Array.from({ length: 8 }, r); };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const x of draw(7)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('fails about the requested share of requests, with both 500 and 502', () => {
    const faults = new Faults(0.3, 0, 9);
    const answers = Array.from({ length: 2000 }, () => faults.before());
    const failed = answers.filter((a) => a !== undefined);
    expect(failed.length / answers.length).toBeGreaterThan(0.25);
    expect(failed.length / answers.length).toBeLessThan(0.35);
    expect(new Set(failed)).toEqual(new Set([500, 502]));
  });

  it('never fails at rate 0, always at rate 1; after-commit faults drop or answer 502', () => {
    const none = new Faults(0, 0, 1);
    expect(Array.from({ length: 100 }, () => none.before() ?? none.afterCommit()).every((a) => a === undefined)).toBe(true);
    const all = new Faults(1, 1, 1);
    expect(Array.from({ length: 50 }, () => all.before()).every((a) => a === 500 || a === 502)).toBe(true);
    expect(new Set(Array.from({ length: 50 }, () => all.afterCommit()))).toEqual(new Set(['drop', 'bad-gateway']));
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => new Faults(1.5, 0, 1)).toThrow(/failRate/);
    expect(() => new Faults(0, -0.1, 1)).toThrow(/afterCommit/);
    expect(() => new Faults(Number.NaN, 0, 1)).toThrow(/failRate/);
  });
});
