import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A timeout catches a hang, never slowness: the 2-core machine is shared, and a heavy test (a corpus through
    // Saxon-JS, the fuzz run) can take several times its idle time there. No test sets a shorter one of its own.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Every file in a process of its own: unit files sharing one (isolate: false) ran 20% faster, but Saxon-JS keeps
    // state between files there, and a differential test then disagreed with itself (docs/decisions.md).
    pool: 'forks',
    // vitest's default leaves one of two cores idle; most e2e files wait on the processes and servers they start.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
