/** The progress line (src/batch/progress.ts): on a terminal, for runs over a second, erased at the end. */
import { describe, expect, it } from 'vitest';
import { Progress } from '../../../src/batch/progress.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, chunks, write: (c: string) => { chunks.push(c); return true; } };
}

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
}

describe('Progress', () => {
  it('not a terminal: nothing is written, however long the run', () => {
    const s = stream(false);
    const c = clock();
    const p = new Progress(s, 10, { now: c.now });
    for (let i = 1; i <= 10; i++) { c.advance(500); p.update(i); }
    p.done();
    expect(s.chunks).toEqual([]);
  });

  it('a terminal: nothing in the first second, then one line rewritten in place, erased by done()', () => {
    const s = stream(true);
    const c = clock();
    const p = new Progress(s, 10, { now: c.now });
    c.advance(400); p.update(2);
    expect(s.chunks).toEqual([]);
    c.advance(600); p.update(5);
    expect(s.chunks).toEqual(['\r\u001b[Kpintae: 5/10 files, 5 files/s']);
    c.advance(10); p.update(6); // within the redraw interval
    expect(s.chunks).toHaveLength(1);
    p.done();
    expect(s.chunks.at(-1)).toBe('\r\u001b[K');
    expect(s.chunks.join('')).not.toContain('\n');
  });

  it('a run shorter than a second on a terminal writes nothing at all', () => {
    const s = stream(true);
    const c = clock();
    const p = new Progress(s, 3, { now: c.now });
    for (let i = 1; i <= 3; i++) { c.advance(100); p.update(i); }
    p.done();
    expect(s.chunks).toEqual([]);
  });
});
