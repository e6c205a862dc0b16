import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirectories } from '../../../dist/io/write.js';

describe('makeDirectories (mkdir -p for --out-dir, ledgers, the sandbox data dir)', () => {
  it('makes every missing directory of a path, and accepts one that exists', () => {
    const base = mkdtempSync(join(tmpdir(), 'pintae-mkdirs-'));
    const deep = join(base, 'a', 'b', 'c');
    makeDirectories(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectories(deep)).not.toThrow();
  });

  // Node 20's own recursive mkdir never returns under /proc (it retries the ENOENT forever); pintae's must refuse at once.
  it.skipIf(!existsSync('/proc/self'))('refuses a place where no directory can be made instead of looping (/proc on Linux)', () => {
    expect(() => makeDirectories('/proc/pintae-no-such/out')).toThrow(/ENOENT/);
  });
});
