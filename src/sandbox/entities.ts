import { randomUUID } from 'node:crypto';
import type { Entity } from '../model/types.js';
import { registrationType } from '../codelists/tax.js';
import { toEntity } from '../io/entities.js';
import { isObject, message, notFound, reply, type Reply } from './reply.js';
import type { EntityFields, EntityRecord, Store } from './store.js';
import { SANDBOX_WORDS } from '../messages/sandbox.js';

/** The caller, as resolved from its token. */
export interface Caller {
  application: string;
  account: string;
}

const STRING_FIELDS = [
  'company_name', 'trn', 'country', 'state', 'city', 'area', 'postal_code', 'mobile', 'landline', 'email',
  'legal_registration_type', 'legal_registration_id', 'issuing_authority', 'passport_country', 'registry_code',
] as const;

type FieldError = { field: string; message: string };
const REGISTRY_CODE = /^\d{10}$/;

/** Reads the sent entity fields (spec 2.12); only sent fields appear in the result, "" and null clear a field. */
function readFields(body: Record<string, unknown>, errors: FieldError[]): Partial<Record<keyof EntityFields, unknown>> {
  const out: Partial<Record<keyof EntityFields, unknown>> = {};
  const sent = { ...body };
  // trade_license_number is the former name of legal_registration_id (spec 2.12).
  if (sent.legal_registration_id === undefined && sent.trade_license_number !== undefined) sent.legal_registration_id = sent.trade_license_number;
  for (const field of STRING_FIELDS) {
    const value = sent[field];
    if (value === undefined) continue;
    if (value === null || (typeof value === 'string' && value.trim() === '')) { out[field] = undefined; continue; }
    if (typeof value !== 'string') { errors.push({ field, message: `${field} must be a string` }); continue; }
    out[field] = value.trim();
  }
  if (sent.email_notifications_enabled !== undefined) {
    if (typeof sent.email_notifications_enabled !== 'boolean') errors.push({ field: 'email_notifications_enabled', message: 'email_notifications_enabled must be true or false' });
    else out.email_notifications_enabled = sent.email_notifications_enabled;
  }
  if ('trn' in out) {
    if (out.trn === undefined) errors.push({ field: 'trn', message: 'trn is required' });
    else if ((out.trn as string).length !== 15) errors.push({ field: 'trn', message: `trn must be exactly 15 characters (got ${(out.trn as string).length})` });
  }
  if (typeof out.legal_registration_type === 'string') {
    const type = registrationType(out.legal_registration_type);
    if (!type) errors.push({ field: 'legal_registration_type', message: `legal_registration_type ${JSON.stringify(out.legal_registration_type)} is not one of TL, EID, PAS, CD` });
    else out.legal_registration_type = type;
  }
  if (typeof out.registry_code === 'string' && !REGISTRY_CODE.test(out.registry_code)) {
    errors.push({ field: 'registry_code', message: 'registry_code must be 10 digits (the Peppol registry code under scheme 0235)' });
  }
  return out;
}

/**
 * The owner sent: absent (undefined), the application's owner (null or ""), or a user of the calling application
 * (spec 2.12, 5.3; users are created with POST /oauth/users). Anything else is a field error.
 */
function readUserId(store: Store, caller: Caller, body: Record<string, unknown>, errors: FieldError[]): string | null | undefined {
  const v = body.user_id;
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (typeof v !== 'string') { errors.push({ field: 'user_id', message: 'user_id must be a string' }); return undefined; }
  if (!store.userOf(caller.application, v)) { errors.push({ field: 'user_id', message: SANDBOX_WORDS.userUnknown(v) }); return undefined; }
  return v;
}

const invalid = (errors: FieldError[]): Reply => message(400, 'The request is invalid', { errors });

/** The entity resource as answered: the fields of 2.12, entity_id, registry_code and owner; never the account links. */
export function entityView(e: EntityRecord): Record<string, unknown> {
  const { account_id: _account, applications: _applications, ...view } = e;
  return view;
}

/** The entity as the pipeline reads it (the seller party, spec 1.6). */
export const pipelineEntity = (e: EntityRecord): Entity => toEntity(e, `entity ${e.entity_id}`);

/** The entity when it is reachable through this application (created or connected), else undefined (spec 5.3: 404). */
export function ownedEntity(store: Store, caller: Caller, entityId: string): EntityRecord | undefined {
  const e = store.entities.get(entityId);
  return e && e.applications.includes(caller.application) ? e : undefined;
}

export function createEntity(store: Store, caller: Caller, body: unknown, now: string): Reply {
  if (!isObject(body)) return invalid([{ field: '(body)', message: 'the body must be a JSON object of entity fields' }]);
  const errors: FieldError[] = [];
  const fields = readFields(body, errors);
  const userId = readUserId(store, caller, body, errors);
  if (!('trn' in fields)) errors.push({ field: 'trn', message: 'trn is required' });
  if (errors.length) return invalid(errors);
  if (store.trnInUse(fields.trn as string)) return message(409, `An entity with TRN ${fields.trn as string} already exists`, { field: 'trn' });
  // The platform assigns the registry code when the entity registers for sending: a UAE participant's code is the
  // first 10 digits of its TRN (spec 2.8.1). A TRN that does not start with 10 digits leaves it unregistered.
  if (!('registry_code' in fields) && /^\d{10}/.test(fields.trn as string)) fields.registry_code = (fields.trn as string).slice(0, 10);
  const record: EntityRecord = {
    entity_id: `ent_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as EntityFields),
    account_id: caller.account, user_id: userId ?? null, applications: [caller.application], created_at: now, updated_at: now,
  };
  store.saveEntity(record);
  return reply(201, { message: 'Entity created', data: entityView(record) }, true);
}

export function updateEntity(store: Store, caller: Caller, entityId: string, body: unknown, now: string): Reply {
  const entity = ownedEntity(store, caller, entityId);
  if (!entity) return notFound(`Entity ${entityId}`);
  if (!isObject(body)) return invalid([{ field: '(body)', message: 'the body must be a JSON object of entity fields' }]);
  const errors: FieldError[] = [];
  const fields = readFields(body, errors);
  const userId = readUserId(store, caller, body, errors);
  if (errors.length) return invalid(errors);
  if (typeof fields.trn === 'string' && store.trnInUse(fields.trn, entityId)) return message(409, `An entity with TRN ${fields.trn} already exists`, { field: 'trn' });
  const updated: EntityRecord = { ...entity, updated_at: now };
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) delete (updated as unknown as Record<string, unknown>)[k];
    else (updated as unknown as Record<string, unknown>)[k] = v;
  }
  if (userId !== undefined) updated.user_id = userId;
  store.saveEntity(updated);
  return reply(200, { message: 'Entity updated', data: entityView(updated) }, true);
}

/** A 400 naming `user_id` when it is not one of the calling application's users (spec 2.12, 5.3). */
function unknownUser(store: Store, caller: Caller, userId: string | null): Reply | undefined {
  if (userId === null || store.userOf(caller.application, userId)) return undefined;
  return invalid([{ field: 'user_id', message: SANDBOX_WORDS.userUnknown(userId) }]);
}

export function listEntities(store: Store, caller: Caller, userId: string | null): Reply {
  const unknown = unknownUser(store, caller, userId);
  if (unknown) return unknown;
  const data = [...store.entities.values()]
    .filter((e) => e.applications.includes(caller.application) && (userId === null || e.user_id === userId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.entity_id.localeCompare(b.entity_id))
    .map(entityView);
  return reply(200, { data });
}

export function getEntity(store: Store, caller: Caller, entityId: string): Reply {
  const entity = ownedEntity(store, caller, entityId);
  return entity ? reply(200, { data: entityView(entity) }) : notFound(`Entity ${entityId}`);
}

/** Spec 4.5: an entity of the caller's account becomes reachable through the caller's application; idempotent. */
export function connectEntity(store: Store, caller: Caller, body: unknown, now: string): Reply {
  const entityId = isObject(body) ? body.entity_id : undefined;
  if (typeof entityId !== 'string' || entityId === '') return invalid([{ field: 'entity_id', message: 'entity_id is required' }]);
  const entity = store.entities.get(entityId);
  if (!entity || entity.account_id !== caller.account) return notFound(`Entity ${entityId}`);
  if (entity.applications.includes(caller.application)) return reply(200, { message: 'Entity already connected', data: entityView(entity) });
  const connected = { ...entity, applications: [...entity.applications, caller.application], updated_at: now };
  store.saveEntity(connected);
  return reply(200, { message: 'Entity connected', data: entityView(connected) }, true);
}

export function disconnectEntity(store: Store, caller: Caller, entityId: string, now: string): Reply {
  const entity = ownedEntity(store, caller, entityId);
  if (!entity) return notFound(`Entity ${entityId}`);
  store.saveEntity({ ...entity, applications: entity.applications.filter((a) => a !== caller.application), updated_at: now });
  return reply(200, { message: 'Entity disconnected', entity_id: entityId }, true);
}

export function deleteEntity(store: Store, caller: Caller, entityId: string): Reply {
  if (!ownedEntity(store, caller, entityId)) return notFound(`Entity ${entityId}`);
  store.deleteEntity(entityId);
  return reply(200, { message: 'Entity deleted', entity_id: entityId }, true);
}
