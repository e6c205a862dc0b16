/**
 * createServer's option checks speak as `pintae serve`'s options do (`--workers 0: a whole number from 1 to 256`),
 * with the library's names: one catalogue of words (src/messages/serve.ts), never a second phrasing. Nothing starts:
 * every option here is refused before a worker is made.
 */
import { describe, expect, it } from 'vitest';
import { createServer, type ServeOptions } from '../../../src/serve/index.js';

const refusal = (options: unknown): string => {
  try { createServer(options as ServeOptions); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }
  return 'accepted';
};

describe('createServer: bad options in the CLI\'s words, by the library\'s names', () => {
  it.each([
    [{ workers: 0 }, 'TypeError: createServer: workers 0: a whole number from 1 to 256'],
    [{ maxQueue: 1.5 }, 'TypeError: createServer: maxQueue 1.5: a whole number from 0 to 1000000'],
    [{ maxBody: '20' }, 'TypeError: createServer: maxBody "20": a whole number from 1 to 1073741824'],
    [{ requestTimeout: 0 }, 'TypeError: createServer: requestTimeout 0: a number of seconds above 0, at most 3600'],
    [{ lineAmounts: 'AED' }, 'TypeError: createServer: lineAmounts "AED": choose "aed" or "document"'],
    [{ today: '2026-02-30' }, 'TypeError: createServer: today "2026-02-30": a calendar date as YYYY-MM-DD'],
    [{ log: 'stderr' }, 'TypeError: createServer: log "stderr": a function'],
    [42, 'TypeError: createServer: options 42: an object'],
  ])('%j', (options, said) => {
    expect(refusal(options)).toBe(said);
  });

  it('a token that is not usable is refused as --token-file\'s is, and never shown', () => {
    const said = refusal({ token: 'short secret' });
    expect(said).toBe('TypeError: createServer: token: not a usable bearer token (empty, shorter than 16 characters, or holding a space or a character other than printable ASCII; the token is not shown)');
    expect(said).not.toContain('short secret');
  });
});
