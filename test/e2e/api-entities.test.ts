/**
 * pintae entities and validate --remote against the sandbox (started in-process on 127.0.0.1). Exit codes per
 * DESIGN: 0 / 1 / 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEntity, invoice, pintae, recordingRunner, removeTempDirs, sandbox, tempDir, TOKEN, writeJson } from './api-helpers.js';

let sb: Awaited<ReturnType<typeof sandbox>>;
let cwd: string;
let entityId: string;
/** Every output of the runs below, searched for the token at the end. */
const { outputs, run } = recordingRunner(() => ({ cwd, url: sb.url }));
const json = (stdout: string) => JSON.parse(stdout);

beforeAll(async () => {
  sb = await sandbox();
  cwd = tempDir();
  entityId = await createEntity(sb.url);
  const pulled = await run(['entities', 'pull', entityId]);
  expect(pulled.exitCode, pulled.stderr).toBe(0);
});
afterAll(async () => { await sb.close(); removeTempDirs(); });

describe('pintae entities', () => {
  it('create (file + --set), list, update (PATCH), disconnect, connect, get, delete --yes', async () => {
    const fields = writeJson(cwd, 'entity.json', { company_name: 'Test Co', trn: '100555666700003', country: 'United Arab Emirates', state: 'Dubai', city: 'Dubai', legal_registration_type: 'TL', legal_registration_id: 'CN-1', issuing_authority: 'DET' });
    const created = await run(['entities', 'create', fields, '--set', 'area=Al Barsha']);
    expect(created.exitCode, created.stderr).toBe(0);
    const entity = json(created.stdout);
    expect(entity).toMatchObject({ company_name: 'Test Co', area: 'Al Barsha', registry_code: '1005556667' });
    const id = entity.entity_id as string;

    const list = await run(['entities', 'list', '--format', 'json']);
    expect(json(list.stdout).map((e: any) => e.entity_id)).toEqual(expect.arrayContaining([id, entityId]));
    expect((await run(['entities', 'list'])).stdout).toMatch(new RegExp(`^entity_id +company_name +trn +registry_code\\n[\\s\\S]*${id} +Test Co +100555666700003 +1005556667`, 'm'));

    const updated = await run(['entities', 'update', id, '--set', 'city=Sharjah']);
    expect(json(updated.stdout)).toMatchObject({ entity_id: id, city: 'Sharjah', area: 'Al Barsha' });

    expect((await run(['entities', 'disconnect', id])).exitCode).toBe(0);
    const gone = await run(['entities', 'get', id]);
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toMatch(/HTTP 404.*does not belong to \(is not connected to\) this application/);
    const connected = await run(['entities', 'connect', id]);
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toBe(`${id} connected`);
    expect(json((await run(['entities', 'get', id])).stdout)).toMatchObject({ entity_id: id, city: 'Sharjah' });

    const unconfirmed = await run(['entities', 'delete', id]);
    expect(unconfirmed.exitCode).toBe(2);
    expect(unconfirmed.stderr).toMatch(/--yes/);
    expect((await run(['entities', 'delete', id, '--yes'])).exitCode).toBe(0);
    expect((await run(['entities', 'get', id])).exitCode).toBe(1);
  });

  it('pull saves the record (registry_code kept) where offline validate finds it', async () => {
    const saved = join(cwd, '.pintae', 'entities', `${entityId}.json`);
    expect(existsSync(saved)).toBe(true);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({ entity_id: entityId, registry_code: expect.stringMatching(/^\d{10}$/) });
    const file = writeJson(cwd, 'offline.json', invoice('invoices/standard.json', entityId, 'OFF-1'));
    const valid = await run(['validate', file, '--format', 'json']);
    expect(valid.exitCode, valid.stdout).toBe(0);
    const elsewhere = await pintae(['validate', file, '--format', 'json'], { cwd: tempDir() });
    expect(elsewhere.exitCode).toBe(1); // without the pulled record the seller is unknown
  });
});

describe('entities pull in a folder that may be a checkout (docs/decisions.md "What a checkout may decide (secco)")', () => {
  it('a record file planted as a link is replaced, never written through; .pintae/entities planted as a link is refused (exit 2)', async () => {
    const victim = join(tempDir(), 'bashrc');
    writeFileSync(victim, 'the user\'s own file\n');
    const here = tempDir();
    mkdirSync(join(here, '.pintae', 'entities'), { recursive: true });
    symlinkSync(victim, join(here, '.pintae', 'entities', `${entityId}.json`));
    const pulled = await run(['entities', 'pull', entityId], { cwd: here });
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('the user\'s own file\n');
    expect(JSON.parse(readFileSync(join(here, '.pintae', 'entities', `${entityId}.json`), 'utf8'))).toMatchObject({ entity_id: entityId });

    const linked = tempDir();
    const elsewhere = tempDir();
    mkdirSync(join(linked, '.pintae'));
    symlinkSync(elsewhere, join(linked, '.pintae', 'entities'));
    const refused = await run(['entities', 'pull', entityId], { cwd: linked });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/\.pintae\/entities is a symbolic link to .*: pintae does not write its own files/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

describe('pintae validate --remote', () => {
  it('agrees with the service on valid and invalid invoices (exit 0 only when all valid)', async () => {
    const good = writeJson(cwd, 'rv-good.json', invoice('invoices/standard.json', entityId, 'RV-1'));
    const ok = await run(['validate', '--remote', good, '--format', 'stylish']);
    expect(ok.exitCode, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/offline: valid +remote: valid +agree/);
    const bad = writeJson(cwd, 'rv-bad.json', invoice('invalid/invoice-items.json', entityId, 'RV-2'));
    const invalid = await run(['validate', '--remote', bad, '--format', 'stylish']);
    expect(invalid.exitCode).toBe(1);
    // ibr-190-ae (zero VAT on an S line) and ibr-167-ae; the S breakdown that fails with the line is not repeated (issue 12).
    expect(invalid.stdout).toMatch(/offline: invalid, 2 errors +remote: invalid, 2 errors +agree/);
  });

  it('flags a difference: offline without a rate table, the service with its own', async () => {
    const usd = writeJson(cwd, 'rv-usd.json', invoice('invoices/usd-without-rate.json', entityId, 'RV-3'));
    const result = await run(['validate', '--remote', usd, '--today', '2026-11-22', '--format', 'json']);
    expect(result.exitCode).toBe(1);
    const row = json(result.stdout).results[0];
    expect(row.offline.data.is_valid).toBe(false);
    expect(row.remote.data.is_valid).toBe(true);
    expect(row.difference.verdict).toBe(true);
    expect(row.difference.onlyOffline.some((e: string) => e.includes('BTUAE-04'))).toBe(true);
  });
});

describe('the token', () => {
  it('appears in no output of the runs above, nor in any ledger or saved file', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    expect(outputs.length).toBeGreaterThan(10);
    for (const text of [...outputs, ...files(cwd).map((f) => readFileSync(f, 'utf8'))]) expect(text).not.toContain(TOKEN);
  });
});
