/**
 * Issue 22, item 2: files named by options are regular files (or, for --entity, a directory of them), each within a
 * cap. Anything else is a usage error naming the option, the path and what is there, before anything is read:
 * `--entity /dev/zero` grew to 9 GB, a named pipe hung, `--config /tmp` said "no such file", `--ledger /dev/zero`
 * left /dev/zero.lock behind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEntityFile } from '../../../src/io/entities.js';
import { loadRates } from '../../../src/io/rates.js';
import { loadConfig } from '../../../src/config/load.js';
import { registerTokenSecrets, resolveToken } from '../../../src/api/settings.js';
import { batchInputs } from '../../../src/cli/batch.js';
import { Ledger } from '../../../src/batch/ledger.js';
import { loadEnv } from '../../../src/batch/env.js';
import { UsageError } from '../../../src/io/errors.js';
import { clearSecrets, redactSecrets } from '../../../src/io/secrets.js';
import { ENTITY } from '../../helpers/paths.js';

const root = mkdtempSync(join(tmpdir(), 'pintae-option-files-'));
afterAll(() => { clearSecrets(); rmSync(root, { recursive: true, force: true }); });
let n = 0;
const fresh = (name: string) => { const dir = join(root, `c${++n}`); mkdirSync(dir); return join(dir, name); };
const fifo = (name: string) => { const path = fresh(name); execFileSync('mkfifo', [path]); return path; };
/** A file of `bytes` that takes no disk space (sparse): a cap is judged before a byte is read. */
const sparse = (name: string, bytes: number) => { const path = fresh(name); closeSync(openSync(path, 'w')); truncateSync(path, bytes); return path; };

/** The usage error `read` throws, or a failure naming what it did instead. */
function refusal(read: () => unknown): string {
  try { read(); } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('read without a usage error');
}

const MiB = 1 << 20;
/** Each reader of a file named by an option, as the CLI calls it, with the word its messages start with and its cap. */
const READERS: Array<{ what: string; cap: number; read: (path: string) => unknown }> = [
  { what: '--entity', cap: 16 * MiB, read: (p) => loadEntityFile(p) },
  { what: '--rates', cap: 64 * MiB, read: (p) => loadRates(p) },
  { what: '--config', cap: MiB, read: (p) => loadConfig(p, root) },
  { what: 'PINTAE_TOKEN_FILE', cap: 64 * 1024, read: (p) => resolveToken({ PINTAE_TOKEN_FILE: p }) },
  { what: '--files-from', cap: 64 * MiB, read: (p) => batchInputs([], { filesFrom: p }, (paths) => paths.map((path) => ({ path }))) },
  { what: 'ledger', cap: 256 * MiB, read: (p) => Ledger.open(p).close() },
];

describe('files named by options', () => {
  for (const { what, cap, read } of READERS) {
    it(`${what}: a device, a named pipe, a directory and a file past the cap are each refused by what they are`, () => {
      expect(refusal(() => read('/dev/zero'))).toMatch(new RegExp(`^${what} /dev/zero: is a character device, not a regular file`));
      // --files-from reads a pipe (that is how <(git diff --name-only) arrives): test/e2e/special-files.test.ts.
      if (what !== '--files-from') {
        const pipe = fifo('pipe');
        expect(refusal(() => read(pipe))).toBe(`${what} ${pipe}: is a named pipe (FIFO), not a regular file${what === 'ledger' ? ': the ledger is a file pintae appends to (give --ledger <file>)' : ''}`);
      }
      const dir = fresh('dir');
      mkdirSync(dir);
      expect(refusal(() => read(dir))).toMatch(new RegExp(`^${what} ${dir}: is a directory`));
      const big = sparse('big', cap + 1);
      expect(refusal(() => read(big))).toMatch(new RegExp(`^${what} ${big}: larger than ${cap >= MiB ? `${cap / MiB} MiB` : `${cap / 1024} KiB`}`));
    });
  }

  it('a lock file is only ever made beside a regular ledger file', () => {
    expect(existsSync('/dev/zero.lock')).toBe(false);
    const pipe = fifo('ledger.jsonl');
    expect(() => Ledger.open(pipe)).toThrow(UsageError);
    expect(() => Ledger.open(join(pipe, 'below'))).toThrow(/a part of the path is not a directory/);
    expect(readdirSync(join(pipe, '..'))).toEqual(['ledger.jsonl']);
    expect(existsSync('/dev/zero.lock')).toBe(false);
  });

  const envOf = (entityFiles: string[]) => loadEnv({ entityFiles, ruleSet: false, today: '2026-01-15', uuid: { kind: 'random' }, lineAmounts: 'aed', cwd: root });

  it('--entity <directory> reads every *.json in it (not hidden files, not subdirectories); one that is no regular file is named', async () => {
    const dir = fresh('entities');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    const entity = (id: string) => JSON.stringify({ ...JSON.parse(readFileSync(ENTITY, 'utf8')), entity_id: id });
    writeFileSync(join(dir, 'a.json'), entity('ent_a'));
    writeFileSync(join(dir, 'B.JSON'), `[${entity('ent_b')}, ${entity('ent_c')}]`);
    writeFileSync(join(dir, '.hidden.json'), entity('ent_hidden'));
    writeFileSync(join(dir, 'notes.txt'), 'not an entity');
    writeFileSync(join(dir, 'sub', 'd.json'), entity('ent_d'));
    const env = await envOf([dir]);
    expect(['ent_a', 'ent_b', 'ent_c', 'ent_hidden', 'ent_d'].map((id) => env.findEntity(id)?.entity_id)).toEqual(['ent_a', 'ent_b', 'ent_c', undefined, undefined]);

    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    await expect(envOf([dir])).rejects.toThrow(`--entity ${join(dir, 'pipe.json')}: is a named pipe (FIFO), not a regular file`);
    const empty = fresh('empty');
    mkdirSync(empty);
    await expect(envOf([empty])).rejects.toThrow(`--entity ${empty}: the directory holds no .json files`);
  });

  it('the token file is registered as a secret exactly when resolveToken would read it', () => {
    clearSecrets();
    const pipe = fifo('token-pipe');
    const big = sparse('token-big', 64 * 1024 + 1);
    writeFileSync(big, 'tok-in-a-big-file-1234');
    truncateSync(big, 64 * 1024 + 1);
    // Neither blocks nor reads: a pipe's content would be gone for resolveToken, a big file is refused by it.
    registerTokenSecrets({ PINTAE_TOKEN_FILE: pipe });
    registerTokenSecrets({ PINTAE_TOKEN_FILE: big });
    expect(redactSecrets('tok-in-a-big-file-1234')).toBe('tok-in-a-big-file-1234');
    expect(refusal(() => resolveToken({ PINTAE_TOKEN_FILE: big }))).toBe(`PINTAE_TOKEN_FILE ${big}: larger than 64 KiB, the most pintae reads for PINTAE_TOKEN_FILE`);
    expect(refusal(() => resolveToken({ PINTAE_TOKEN_FILE: pipe }))).toBe(`PINTAE_TOKEN_FILE ${pipe}: is a named pipe (FIFO), not a regular file`);
    const small = fresh('token');
    writeFileSync(small, 'tok-small-file-5678\n');
    registerTokenSecrets({ PINTAE_TOKEN_FILE: small });
    expect(redactSecrets('tok-small-file-5678')).not.toContain('tok-small-file-5678');
    expect(resolveToken({ PINTAE_TOKEN_FILE: small })).toBe('tok-small-file-5678');
  });
});
