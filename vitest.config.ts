import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The suite never sees the developer's own pintae settings: a token or base URL in the shell would point the API
// tests at a real service, and a rule set added to the user's cache (`pintae rules add … --customization …`) would
// judge the fixtures instead of the built-in rules (22 tests failed so). Spawned binaries inherit this environment.
for (const name of ['PINTAE_TOKEN', 'PINTAE_TOKEN_FILE', 'PINTAE_BASE_URL', 'PINTAE_CONNECT_TIMEOUT_MS', 'PINTAE_REQUEST_TIMEOUT_MS', 'PINTAE_MAX_RESPONSE_BYTES', 'PINTAE_DEBUG', 'XDG_CACHE_HOME']) delete process.env[name];
// pintae's cache for the suite: V8's code cache of saxon-js kept between runs, added rule sets never (a test adds
// its own into a directory of its own).
const TEST_CACHE = fileURLToPath(new URL('./node_modules/.cache/pintae-test-home', import.meta.url));
rmSync(`${TEST_CACHE}/rules`, { recursive: true, force: true });

// The stylesheets npm run build compiled (scripts/build-rules.mjs), keyed by compilers and XSLT: a rule set a test
// adds from the built-in sources, in-process or through the binary, finds them there instead of compiling again.
const SEF_CACHE = fileURLToPath(new URL('./node_modules/.cache/pintae-sef', import.meta.url));

// Unit files of pintae's own pure code share their worker and its loaded modules (isolate: false, in the threads pool:
// isolation is a pool's setting in vitest 3): loading the sources anew for every file was more than half of their CPU
// (68 files: 53 s → 21 s of CPU, docs/performance.md). Left in a process of their own: every file that runs Saxon-JS
// (it keeps state between files: a differential test once disagreed with itself, docs/decisions.md), mocks a module,
// registers secrets to redact, holds locks or tests depth limits on the stack; the CLI's (signal handlers), the
// top-level unit files (memory, start-up), and the whole of test/unit/schematron, test/unit/xpath, conformance, e2e.
const SHARED_DIRS = ['api', 'batch', 'codelists', 'config', 'derive', 'findings', 'formatters', 'io', 'messages', 'rules', 'schema', 'serve', 'tdd', 'ubl', 'sandbox'];
const KEEP_ISOLATED = [
  'formatters/junit', 'io/saxon-patches', 'codelists/rule-lists', 'tdd/cross-check', 'ubl/rounding', 'ubl/text-limit', // Saxon-JS
  'ubl/unwritable', // vi.mock
  'api/redact', 'io/option-files', 'io/secrets', // the registry of secrets to redact
  'io/lock-file', // locks held by the process
  'io/nesting', 'batch/deep-directories', // the depth limits, on a process's main-thread stack (a worker thread's is larger)
].map((f) => `test/unit/${f}.test.ts`);
const SHARED = SHARED_DIRS.map((d) => `test/unit/${d}/*.test.ts`);

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: SHARED } },
      { extends: true, test: { name: 'isolated-unit', include: KEEP_ISOLATED } },
      { extends: true, test: { name: 'shared', include: SHARED, exclude: KEEP_ISOLATED, pool: 'threads' } },
    ],
    // One warm xslt3 compile server per test process (src/schematron/xslt3.ts): the two workers fill the cores already.
    env: { PINTAE_CACHE_DIR: TEST_CACHE, PINTAE_SEF_CACHE_DIR: SEF_CACHE, PINTAE_XSLT3_SERVERS: '1' },
    // A timeout catches a hang, never slowness: the 2-core machine is shared, and a heavy test (a corpus through
    // Saxon-JS, the fuzz run) can take several times its idle time there. No test sets a shorter one of its own.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Every other file in a process of its own (forks, isolated); the shared ones in the threads pool, not isolated.
    pool: 'forks',
    poolOptions: { threads: { isolate: false } },
    // vitest's default leaves one of two cores idle; most e2e files wait on the processes and servers they start. (A
    // third worker was measured on a fresh clone: the same 276 s, the cores being the limit, so two it stays.)
    maxWorkers: 2,
    minWorkers: 1,
  },
});
