/**
 * rules add makes and removes temporaries one after another (compiles, then the rules planned natively, then the next
 * compile): Ctrl-C in a gap between two, with no temporary pending, died outright before; withSignalsHandled keeps
 * pintae's handler (remove the temporaries, exit 130) for the whole step, and gives the signal back its default after.
 */
import { describe, expect, it } from 'vitest';
import { withSignalsHandled } from '../../../src/cli/signals.js';

describe('signals handled throughout a step', () => {
  it('SIGINT and SIGTERM are pintae\'s during the step, with no temporary pending, and default again after', async () => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const during = await withSignalsHandled(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    });
    expect(during).toEqual({ int: before.int + 1, term: before.term + 1 });
    expect({ int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') }).toEqual(before);
  });

  it('a step that fails gives the signals back too', async () => {
    const before = process.listenerCount('SIGINT');
    await expect(withSignalsHandled(async () => { throw new Error('compile failed'); })).rejects.toThrow('compile failed');
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
