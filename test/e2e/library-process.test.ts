/**
 * The library in a caller's process (qalib): a script that validates, checks, makes a TDD and creates a validation
 * service it never starts, then returns, ends by itself (nothing of pintae's keeps the event loop alive once it is
 * idle) and has written nothing to stdout or stderr but its own line. One spawned process; a hang fails by the test's
 * timeout.
 */
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENTITY, FIXTURES, ROOT } from '../helpers/paths.js';

const script = `
import { createValidator, createServer } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/index.js')).href)};
import { readFileSync } from 'node:fs';
const validator = await createValidator({ entity: ${JSON.stringify(ENTITY)}, today: '2026-11-22' });
const result = validator.validate(readFileSync(${JSON.stringify(join(FIXTURES, 'invoices/standard.json'))}, 'utf8'));
const checked = validator.check(result.xml);
const tdd = validator.tdd(result.xml, { receiver: '0242:000773', representative: '0242:000001' });
const server = createServer({ entity: ${JSON.stringify(ENTITY)}, workers: 1, ruleSet: false });
await server.ready;
process.stdout.write(JSON.stringify([result.valid, checked.valid, tdd.ok]) + '\\n');
`;

describe("the library in a caller's process", () => {
  it('leaves nothing running once the caller is done, and says nothing by itself', async () => {
    const r = await execa('node', ['--input-type=module', '-e', script], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' }, timeout: 120_000 });
    expect(r.timedOut).toBe(false);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('[true,true,true]');
    expect(r.exitCode).toBe(0);
  }, 150_000);
});
