/** The sandbox's authentication (spec 5) and entity endpoints (spec 4.5, 2.12), over real HTTP on 127.0.0.1. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { call, createEntity, entityBody, freshTrn, removeTempDirs, sandbox, tempDir } from './sandbox-client.js';

// Applications A and A2 belong to one account; B to another.
const A = 'tok-a';
const A2 = 'tok-a2';
const B = 'tok-b';
let sb: Sandbox;
const logLines: string[] = [];

beforeAll(async () => {
  sb = await sandbox({
    dataDir: tempDir(),
    tokens: { [A]: 'app_a', [A2]: 'app_a2', [B]: 'app_b' },
    accounts: { app_a: 'acct_1', app_a2: 'acct_1', app_b: 'acct_2' },
    log: (line) => logLines.push(line),
  });
});
afterAll(async () => { await sb?.close(); removeTempDirs(); });

describe('authentication (spec 5)', () => {
  it('answers 401 with a JSON message without a token, with a wrong one, and with a non-Bearer scheme', async () => {
    for (const headers of <Array<Record<string, string>>>[{}, { authorization: 'Bearer nope' }, { authorization: `Basic ${A}` }]) {
      const res = await fetch(`${sb.url}/oauth/entities`, { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/token/i);
    }
  });

  it('never writes a token into the request log', async () => {
    await call(sb, A, 'GET', '/oauth/entities');
    await call(sb, 'secret-looking-token', 'GET', '/oauth/entities');
    // One JSON line per request (the shared layer's log, issue 25 item 5).
    expect(logLines.some((l) => /^\{.*"method":"GET","route":"\/oauth\/entities","status":200,"ms":[\d.]+\}$/.test(l))).toBe(true);
    expect(logLines.some((l) => /^\{.*"method":"GET","route":"\/oauth\/entities","status":401,"ms":[\d.]+\}$/.test(l))).toBe(true);
    for (const line of logLines) for (const token of [A, A2, B, 'secret-looking-token']) expect(line).not.toContain(token);
  });

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    expect((await call(sb, A, 'GET', '/oauth/nothing')).status).toBe(404);
    expect((await call(sb, A, 'PUT', '/oauth/invoices')).status).toBe(405);
  });
});

describe('entities (spec 4.5, 2.12)', () => {
  it('creates an entity with a generated id and the registry code of its TRN (first 10 digits)', async () => {
    const trn = freshTrn();
    const answer = await call(sb, A, 'POST', '/oauth/entities', entityBody({ trn }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ trn, registry_code: trn.slice(0, 10), company_name: 'Al Noor Trading LLC', legal_registration_type: 'TL', user_id: null });
    expect(answer.body.data.entity_id).toMatch(/^ent_/);
    expect(answer.body.data).not.toHaveProperty('account_id');
  });

  it('keeps a given 10-digit registry_code, and refuses one of another form', async () => {
    expect((await createEntity(sb, A, { registry_code: '1234567890' })).registry_code).toBe('1234567890');
    const bad = await call(sb, A, 'POST', '/oauth/entities', entityBody({ trn: freshTrn(), registry_code: '12345' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'registry_code' })]);
  });

  it('refuses a TRN that is not exactly 15 characters (400) or already used (409)', async () => {
    for (const trn of ['10012345670000', '1001234567000033', undefined]) {
      const answer = await call(sb, A, 'POST', '/oauth/entities', entityBody({ trn }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'trn' })]);
    }
    const taken = (await createEntity(sb, A)).trn;
    const again = await call(sb, B, 'POST', '/oauth/entities', entityBody({ trn: taken }));
    expect(again.status).toBe(409);
  });

  it('accepts a 15-character TRN that is not conformant; it starts without a registry code (not registered for sending)', async () => {
    const entity = await createEntity(sb, A, { trn: 'ABC123456789003' });
    expect(entity.trn).toBe('ABC123456789003');
    expect(entity).not.toHaveProperty('registry_code');
  });

  it('validates legal_registration_type: TL/EID/PAS/CD (lower case normalised), anything else 400', async () => {
    expect((await createEntity(sb, A, { legal_registration_type: 'pas', passport_country: 'IN' })).legal_registration_type).toBe('PAS');
    const bad = await call(sb, A, 'POST', '/oauth/entities', entityBody({ trn: freshTrn(), legal_registration_type: 'XX' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('legal_registration_type');
  });

  it('reads trade_license_number as legal_registration_id', async () => {
    const entity = await createEntity(sb, A, { legal_registration_id: undefined, trade_license_number: 'OLD-42' });
    expect(entity.legal_registration_id).toBe('OLD-42');
  });

  it('gets and lists the entities reachable through the application, with the user_id filter', async () => {
    const user = (await call(sb, A, 'POST', '/oauth/users', { name: 'Accounts team' })).body.data.user_id;
    const mine = await createEntity(sb, A, { user_id: user });
    const other = await createEntity(sb, B);
    expect((await call(sb, A, 'GET', `/oauth/entities/${mine.entity_id}`)).body.data).toEqual(mine);
    const list = (await call(sb, A, 'GET', '/oauth/entities')).body.data.map((e: any) => e.entity_id);
    expect(list).toContain(mine.entity_id);
    expect(list).not.toContain(other.entity_id);
    const filtered = (await call(sb, A, 'GET', `/oauth/entities?user_id=${user}`)).body.data;
    expect(filtered.map((e: any) => e.entity_id)).toEqual([mine.entity_id]);
  });

  it('a user_id no user of the application has is 400 on create, update and list, naming the field (spec 2.12, 5.3: issue 24)', async () => {
    const theirs = (await call(sb, B, 'POST', '/oauth/users', {})).body.data.user_id;
    for (const stranger of ['user-7', theirs]) {
      const created = await call(sb, A, 'POST', '/oauth/entities', entityBody({ trn: freshTrn(), user_id: stranger }));
      expect(created.status, stranger).toBe(400);
      expect(created.body.errors).toEqual([{ field: 'user_id', message: expect.stringMatching(new RegExp(`^user_id "${stranger}" is not a user of this application .*POST /oauth/users`)) }]);
      const entity = await createEntity(sb, A);
      const updated = await call(sb, A, 'PATCH', `/oauth/entities/${entity.entity_id}`, { user_id: stranger });
      expect(updated.status, stranger).toBe(400);
      expect(updated.body.errors[0].field).toBe('user_id');
      const listed = await call(sb, A, 'GET', `/oauth/entities?user_id=${stranger}`);
      expect(listed.status, stranger).toBe(400);
      expect(listed.body.errors[0].field).toBe('user_id');
    }
    // No owner, or an empty one: the application's owner, as before.
    expect((await createEntity(sb, A, { user_id: null })).user_id).toBeNull();
  });

  it('POST /oauth/users answers 201 with a user_id; GET /oauth/users lists the application\'s own, kept across a restart', async () => {
    const dataDir = tempDir();
    const own = await sandbox({ dataDir, tokens: { [A]: 'app_a', [B]: 'app_b' } });
    let ids: string[];
    try {
      const made = await call(own, A, 'POST', '/oauth/users', { name: ' Finance ', email: 'finance@example.ae' });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({ message: 'User created', data: { user_id: expect.stringMatching(/^usr_[0-9a-f]{20}$/), name: 'Finance', email: 'finance@example.ae', created_at: expect.any(String) } });
      const bare = await call(own, A, 'POST', '/oauth/users');
      expect(bare.status).toBe(201);
      expect((await call(own, B, 'POST', '/oauth/users', { name: 'B' })).status).toBe(201);
      expect((await call(own, A, 'POST', '/oauth/users', { name: 5 })).body).toEqual({ message: 'The request is invalid', errors: [{ field: 'name', message: 'name must be a string' }] });
      expect((await call(own, A, 'POST', '/oauth/users', '[]')).status).toBe(400);
      ids = [made.body.data.user_id, bare.body.data.user_id];
    } finally { await own.close(); }
    const again = await sandbox({ dataDir, tokens: { [A]: 'app_a' } });
    try {
      const listed = await call(again, A, 'GET', '/oauth/users');
      expect(listed.body.data.map((u: any) => u.user_id).sort()).toEqual([...ids].sort());
      expect(listed.body.data.every((u: any) => !('application_id' in u))).toBe(true);
    } finally { await again.close(); }
  });

  it('updates only the sent fields, by PATCH and by POST; a blank registration type clears it', async () => {
    const entity = await createEntity(sb, A);
    const patched = await call(sb, A, 'PATCH', `/oauth/entities/${entity.entity_id}`, { city: 'Sharjah', state: 'Sharjah' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ city: 'Sharjah', state: 'Sharjah', area: entity.area, trn: entity.trn, legal_registration_type: 'TL' });
    const posted = await call(sb, A, 'POST', `/oauth/entities/${entity.entity_id}`, { legal_registration_type: '' });
    expect(posted.status).toBe(200);
    expect(posted.body.data).not.toHaveProperty('legal_registration_type');
    expect(posted.body.data.city).toBe('Sharjah');
    expect((await call(sb, A, 'PATCH', `/oauth/entities/${entity.entity_id}`, { legal_registration_type: 'ZZ' })).status).toBe(400);
    expect((await call(sb, A, 'PATCH', `/oauth/entities/${entity.entity_id}`, { trn: '123' })).status).toBe(400);
  });

  it("answers 404 for another application's entity on every entity endpoint", async () => {
    const entity = await createEntity(sb, A);
    const id = entity.entity_id;
    for (const [method, path, body] of [
      ['GET', `/oauth/entities/${id}`], ['PATCH', `/oauth/entities/${id}`, { city: 'X' }], ['POST', `/oauth/entities/${id}`, { city: 'X' }],
      ['POST', `/oauth/entities/${id}/disconnect`], ['DELETE', `/oauth/entities/${id}`], ['POST', '/oauth/entities/connect', { entity_id: id }],
    ] as const) {
      expect((await call(sb, B, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(sb, A, 'GET', `/oauth/entities/${id}`)).body.data.city).toBe(entity.city);
  });

  it('connects an entity of the same account (idempotent), disconnects it, and deletes', async () => {
    const entity = await createEntity(sb, A);
    const id = entity.entity_id;
    expect((await call(sb, A2, 'GET', `/oauth/entities/${id}`)).status).toBe(404);
    const first = await call(sb, A2, 'POST', '/oauth/entities/connect', { entity_id: id });
    const second = await call(sb, A2, 'POST', '/oauth/entities/connect', { entity_id: id });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await call(sb, A2, 'GET', '/oauth/entities')).body.data.map((e: any) => e.entity_id)).toContain(id);
    expect((await call(sb, A2, 'POST', '/oauth/entities/connect', {})).status).toBe(400);

    expect((await call(sb, A2, 'POST', `/oauth/entities/${id}/disconnect`)).status).toBe(200);
    expect((await call(sb, A2, 'GET', `/oauth/entities/${id}`)).status).toBe(404);
    expect((await call(sb, A, 'GET', `/oauth/entities/${id}`)).status).toBe(200);

    expect((await call(sb, A, 'DELETE', `/oauth/entities/${id}`)).status).toBe(200);
    expect((await call(sb, A, 'GET', `/oauth/entities/${id}`)).status).toBe(404);
    expect((await call(sb, A2, 'POST', '/oauth/entities/connect', { entity_id: id })).status).toBe(404);
  });

  it('refuses a body that is not JSON (400) or not an object', async () => {
    expect((await call(sb, A, 'POST', '/oauth/entities', '{"trn": ')).status).toBe(400);
    expect((await call(sb, A, 'POST', '/oauth/entities', [1, 2])).status).toBe(400);
  });
});
