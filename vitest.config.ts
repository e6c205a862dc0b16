import { defineConfig } from 'vitest/config';

/*
 * Unit test files that need a fresh module graph of their own: unwritable mocks a module (vi.mock) that another file
 * may have loaded first; the XPath differential files were seen to disagree with Saxon-JS when they shared a process
 * with other Saxon-JS users.
 */
const ISOLATED_UNIT = ['test/unit/ubl/unwritable.test.ts', 'test/unit/xpath/evaluate.test.ts', 'test/unit/xpath/functions.test.ts'];

export default defineConfig({
  test: {
    // A timeout catches a hang, never slowness: the 2-core machine is shared, and a heavy test (a corpus through
    // Saxon-JS, the fuzz run) can take several times its idle time there. No test sets a shorter one of its own.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Isolation is a pool's (a worker per file or not), so the two projects run in two pools: the unit files share
    // forks, the rest get a worker thread each (their own module graph and globals; the processes they test are spawned).
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    // vitest's default leaves one of two cores idle; most e2e files wait on the processes and servers they start.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        // Pure unit tests share their worker's modules: Saxon-JS, ajv's schemas and the rules load once per worker, not
        // once per file (test/unit at load ~5: 84 s isolated, 66 s shared; issue 13 item 5).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: ISOLATED_UNIT, pool: 'forks' },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ['test/e2e/**/*.test.ts', 'test/conformance/**/*.test.ts', ...ISOLATED_UNIT], pool: 'threads' },
      },
    ],
  },
});
