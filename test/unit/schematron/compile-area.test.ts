/**
 * A compile server's area is one of the process's temporaries: while it exists, Ctrl-C (and SIGTERM) removes it and
 * exits 130 (143), as for the compiles' working directories inside it. Untracked, a signal between two compiles (the
 * area kept, no working directory pending) killed pintae outright and left the area in /tmp (a fresh-clone CI run
 * of report-writing's "Ctrl-C while rules add compiles" died so, exit code none instead of 130).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeArea, removeArea } from '../../../src/schematron/sandbox/compiler.js';
import { removePendingTemporaries, watchPendingTemporaries } from '../../../src/io/write.js';

describe('the compile area is a pending temporary', () => {
  it('counted while it exists, removed with the other temporaries on a signal', () => {
    const counts: number[] = [];
    watchPendingTemporaries((n) => counts.push(n));
    expect(counts).toEqual([0]); // told the count at once
    const area = makeArea();
    expect(counts).toEqual([0, 1]);
    removeArea(area);
    expect(counts).toEqual([0, 1, 0]);
    const again = makeArea();
    removePendingTemporaries(); // what the SIGINT/SIGTERM handler and the exit hook run
    expect(existsSync(again)).toBe(false);
  });
});
