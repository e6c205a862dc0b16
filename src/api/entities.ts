import type { ApiClient } from './client.js';
import { ApiError, ApiUnreachableError, mayHaveCreated } from './errors.js';
import { pathSegment, queryValue } from './path.js';
import { MAYBE_PROCESSED_STATUSES } from './retry.js';

/** Entity endpoints (spec 4.5). Response bodies are not shown in the spec: records are unwrapped from `data`/`entity`. */
export type EntityRecord = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function unwrapEntity(body: unknown): EntityRecord {
  if (isObject(body)) {
    if (isObject(body.data)) return body.data;
    if (isObject(body.entity)) return body.entity;
    return body;
  }
  return {};
}

export function unwrapEntityList(body: unknown): EntityRecord[] {
  const list = Array.isArray(body) ? body
    : isObject(body) ? [body.data, body.entities, body.results].find(Array.isArray) ?? [] : [];
  return (list as unknown[]).filter(isObject);
}

const path = (id: string) => `/oauth/entities/${pathSegment(id)}`;

async function expectOk(client: ApiClient, method: string, p: string, body?: unknown, mode: 'any' | 'not-sent' = 'any'): Promise<unknown> {
  const answer = await client.call(method, p, body, mode);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body, method, p, answer.hints);
  return answer.body;
}

export const entities = {
  list: async (client: ApiClient, userId?: string) =>
    unwrapEntityList(await expectOk(client, 'GET', `/oauth/entities${userId ? `?user_id=${queryValue(userId)}` : ''}`)),
  get: async (client: ApiClient, id: string) => unwrapEntity(await expectOk(client, 'GET', path(id))),
  /** Not repeated after a send whose outcome is unknown: a second create could make a second entity. */
  create: async (client: ApiClient, fields: EntityRecord) => {
    try {
      return unwrapEntity(await expectOk(client, 'POST', '/oauth/entities', fields, 'not-sent'));
    } catch (e) {
      if ((e instanceof ApiUnreachableError && e.mayHaveArrived) || (e instanceof ApiError && MAYBE_PROCESSED_STATUSES.has(e.status))) mayHaveCreated(e);
      throw e;
    }
  },
  /** PATCH (DESIGN: the client sends PATCH; the spec also names POST). Sends only the given fields. */
  update: async (client: ApiClient, id: string, fields: EntityRecord) => unwrapEntity(await expectOk(client, 'PATCH', path(id), fields)),
  /** Idempotent (spec 4.5): repeating returns success. */
  connect: async (client: ApiClient, id: string) => expectOk(client, 'POST', '/oauth/entities/connect', { entity_id: id }),
  disconnect: async (client: ApiClient, id: string) => expectOk(client, 'POST', `${path(id)}/disconnect`),
  delete: async (client: ApiClient, id: string) => expectOk(client, 'DELETE', path(id), undefined, 'not-sent'),
};
