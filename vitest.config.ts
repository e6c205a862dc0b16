import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default leaves one of two cores idle; most e2e files wait on the processes and servers they start.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
