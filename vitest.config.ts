import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The suite never sees the developer's own pintae settings: a token or base URL in the shell would point the API
// tests at a real service, and a rule set added to the user's cache (`pintae rules add … --customization …`) would
// judge the fixtures instead of the built-in rules (22 tests failed so). Spawned binaries inherit this environment.
for (const name of ['PINTAE_TOKEN', 'PINTAE_TOKEN_FILE', 'PINTAE_BASE_URL', 'PINTAE_CONNECT_TIMEOUT_MS', 'PINTAE_REQUEST_TIMEOUT_MS', 'PINTAE_MAX_RESPONSE_BYTES', 'PINTAE_DEBUG', 'XDG_CACHE_HOME']) delete process.env[name];
// Nor a CA bundle: where the shell names one (NODE_EXTRA_CA_CERTS, this machine's environment does), Node 20 reads and
// parses it as every process starts, 0.04 s of CPU of a spawned pintae's 0.3 s, over some 450 spawns and every xslt3
// and sandbox child (docs/decisions.md, "The suite on a fresh clone within its time"). No test opens a TLS connection:
// every server the suite talks to is its own, on 127.0.0.1, over HTTP.
delete process.env.NODE_EXTRA_CA_CERTS;
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

// The files that take longest, in seconds of a fresh clone's run as CI makes it (measured at f511b64: every file of 3 s
// or more, rounded; a fresh clone compiles every test schema and computes every official verdict cold, so these
// differ from a working copy's): started first, so that two workers end together. vitest alone orders a fresh clone
// (no durations cached yet) by file size, which started rules-release (116 lines, 33 s) and the fuzz run late and
// left one core idle at the end. A figure that goes stale only moves a file in the queue; files not named here follow
// by the durations vitest cached, longest first.
const SLOW_FILES = new Map<string, number>([
['e2e/hostile-rules', 39], ['e2e/rules-release', 34], ['conformance/added-rules-engines', 25],
  ['e2e/token-redaction', 18], ['conformance/schematron-agreement', 17], ['unit/schematron/sandbox-runner', 17],
  ['unit/xpath/rules-expressions', 15], ['unit/schematron/xslt3-server', 15], ['e2e/hostile-contained', 13],
  ['e2e/help-examples', 13], ['e2e/api-commands', 12], ['e2e/report-html-browser', 12],
  ['unit/schematron/sandbox-attacks', 11], ['e2e/cli', 10], ['conformance/codelists-enforced', 10],
  ['unit/schematron/native', 10], ['conformance/native-agreement', 10], ['e2e/docs', 10], ['e2e/api-answers', 10],
  ['unit/schematron/native-schema', 9], ['unit/large-inputs', 9], ['e2e/check-rules', 9], ['e2e/fuzz', 9],
  ['conformance/tdd-agreement', 9], ['e2e/lock-race', 8], ['e2e/cli-conventions', 7], ['e2e/cli-frictions', 7],
  ['e2e/service-answer', 6], ['unit/schematron/reference-implementation', 6], ['e2e/api-entities', 6],
  ['e2e/encodings', 6], ['unit/ubl/source-map', 5], ['e2e/batch-pool', 5], ['unit/ubl/rounding', 5],
  ['conformance/tdd-build', 5], ['e2e/api-resilience', 5], ['e2e/lang', 5], ['e2e/library-cli', 5],
  ['e2e/one-mistake', 5], ['unit/schematron/compile', 5], ['unit/xpath/budget', 5], ['conformance/xml-wellformed', 4],
  ['e2e/code-points', 4], ['e2e/jobs', 4], ['e2e/positions', 4], ['e2e/report-writing', 4], ['e2e/rules-dates', 4],
  ['e2e/serve-dry-run', 4], ['e2e/serve', 4], ['unit/schematron/sandbox-compile', 4], ['unit/xpath/location', 4],
  ['unit/ubl/roundtrip', 3], ['unit/findings/folding', 3], ['unit/rules/schema', 3], ['e2e/words', 3],
  ['unit/large-invoice', 3], ['unit/xpath/typed', 3], ['unit/xpath/values', 3]
]);

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => {
      const path = relative(this.ctx.config.root, spec.moduleId).replace(/\\/g, '/');
      const named = SLOW_FILES.get(path.replace(/^test\//, '').replace(/\.test\.ts$/, ''));
      return named ?? (this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration ?? 0) / 1000;
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

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
    sequence: { sequencer: SlowFirst },
    minWorkers: 1,
  },
});
