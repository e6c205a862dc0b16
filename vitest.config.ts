import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The stylesheets npm run build compiled (scripts/build-rules.mjs), keyed by compilers and XSLT: a rule set a test
// adds from the built-in sources, in-process or through the binary, finds them there instead of compiling again.
const SEF_CACHE = fileURLToPath(new URL('./node_modules/.cache/pintae-sef', import.meta.url));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    env: { PINTAE_SEF_CACHE_DIR: SEF_CACHE },
    // A timeout catches a hang, never slowness: the 2-core machine is shared, and a heavy test (a corpus through
    // Saxon-JS, the fuzz run) can take several times its idle time there. No test sets a shorter one of its own.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Every file in a process of its own: unit files sharing one (isolate: false) ran 20% faster, but Saxon-JS keeps
    // state between files there, and a differential test then disagreed with itself (docs/decisions.md).
    pool: 'forks',
    // vitest's default leaves one of two cores idle, and with two workers a core still idles while an e2e file waits on
    // the processes and servers it starts (the suite used 1.7 of 2 cores): a third worker fills those waits.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
