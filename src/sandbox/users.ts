import { randomUUID } from 'node:crypto';
import { SANDBOX_WORDS } from '../messages/sandbox.js';
import { isObject, message, reply, type Reply } from './reply.js';
import type { Caller } from './entities.js';
import type { Store, UserRecord } from './store.js';

/** A user as answered: its id, what was sent of it, when it was created; never the application link. */
const userView = ({ application_id: _app, ...view }: UserRecord): Record<string, unknown> => view;

/**
 * POST /oauth/users (spec 4.5 and 5.3 name it; its payload is not shown): `{name?, email?}`, both optional. Answers
 * 201 `{message, data: {user_id, …}}`, as entities are answered; the user belongs to the calling application.
 */
export function createUser(store: Store, caller: Caller, body: unknown, now: string): Reply {
  const sent = body === undefined ? {} : body;
  if (!isObject(sent)) return message(400, 'The request is invalid', { errors: [{ field: '(body)', message: SANDBOX_WORDS.userBody }] });
  const errors = (['name', 'email'] as const)
    .filter((field) => sent[field] !== undefined && sent[field] !== null && typeof sent[field] !== 'string')
    .map((field) => ({ field, message: SANDBOX_WORDS.userText(field) }));
  if (errors.length) return message(400, 'The request is invalid', { errors });
  const fields = Object.fromEntries((['name', 'email'] as const)
    .filter((field) => typeof sent[field] === 'string' && (sent[field] as string).trim() !== '')
    .map((field) => [field, (sent[field] as string).trim()]));
  const user: UserRecord = { user_id: `usr_${randomUUID().replace(/-/g, '').slice(0, 20)}`, application_id: caller.application, ...fields, created_at: now };
  store.saveUser(user);
  return reply(201, { message: SANDBOX_WORDS.userCreated, data: userView(user) }, true);
}

/** GET /oauth/users (a sandbox extension): the calling application's users, oldest first. */
export function listUsers(store: Store, caller: Caller): Reply {
  const data = [...store.users.values()]
    .filter((u) => u.application_id === caller.application)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.user_id.localeCompare(b.user_id))
    .map(userView);
  return reply(200, { data });
}
