import { parseJson } from '../io/json.js';
import { tooDeepAt, MAX_JSON_DEPTH } from '../io/json-depth.js';
import { jsonPositions, type Position } from '../io/positions.js';
import { ioError, type RecordDamage, type RecordKind, type RecordListOf, type RecordProblem } from '../messages/io.js';
import type { Entity } from '../model/types.js';

/**
 * Fields of an entity (spec 2.12) plus the Peppol registry code the platform assigns (sandbox extension): the offline
 * Entity record, so a pulled record validates offline exactly as the sandbox validates it.
 */
export interface EntityFields extends Omit<Entity, 'entity_id'> {
  email_notifications_enabled?: boolean;
}

export interface EntityRecord extends EntityFields {
  entity_id: string;
  /** The account that owns the entity; connecting needs the same account (spec 4.5, 5.3). */
  account_id: string;
  /** The owning user; null means the owner of the creating application. */
  user_id: string | null;
  /** Applications the entity is reachable through (created or connected). */
  applications: string[];
  created_at: string;
  updated_at: string;
}

/**
 * A user of an application (spec 2.12, 5.3: `user_id` must belong to the same application; `POST /oauth/users`,
 * whose payload the spec does not show). Sandbox records, one file each under `<data-dir>/users/`.
 */
export interface UserRecord {
  user_id: string;
  /** The application that created the user: only it may name the user as an entity's owner. */
  application_id: string;
  name?: string;
  email?: string;
  created_at: string;
}

export type InvoiceStatus = 'PROCESSING' | 'VALIDATION_FAILED' | 'SENT_TO_PEPPOL' | 'DELIVERY_FAILED';

/** Where an accepted invoice is in the asynchronous pipeline: received → converted (XML built) → done. */
export type Stage = 'received' | 'converted' | 'done';

export interface InvoiceError {
  message: string;
  section: string;
  rule?: string;
  field?: string;
  location?: string;
  status_code?: number;
  /** Why, in words, where the message is fixed text (the gateway's 403). */
  detail?: string;
}

export interface InvoiceRecord {
  invoice_id: string;
  application_id: string;
  entity_id: string;
  invoice_number: string;
  /** The request body as accepted: the asynchronous pipeline runs on it. */
  body: Record<string, unknown>;
  status: InvoiceStatus;
  stage: Stage;
  errors: InvoiceError[];
  /** The document built at conversion, handed to the gateway at delivery. */
  xml: string | null;
  history: Array<{ status: InvoiceStatus; at: string }>;
  received_at: string;
  updated_at: string;
}

/**
 * Reading the sandbox's own record files back. They are written by the sandbox, but a disk, an editor or a copy can
 * damage one; a start then stops with the file, line and column of what is wrong (the data directory is the
 * user's to repair), instead of failing later on a missing field with no place at all.
 */
type Check = (value: unknown) => RecordProblem | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text: Check = (v) => (typeof v === 'string' && v !== '' ? undefined : { kind: 'text' });
const stamp: Check = (v) => (typeof v === 'string' ? undefined : { kind: 'stamp' });
const optionalText: Check = (v) => (v === undefined || typeof v === 'string' ? undefined : { kind: 'string' });
const oneOf = (...values: string[]): Check => (v) => (typeof v === 'string' && values.includes(v) ? undefined : { kind: 'one-of', values: values.join(', ') });
const list = (item: Check, what: RecordListOf): Check => (v) => (Array.isArray(v) && v.every((x) => item(x) === undefined) ? undefined : { kind: 'list', of: what });
const objectValue: Check = (v) => (isObject(v) ? undefined : { kind: 'object' });

const ENTITY_FIELDS: Record<string, Check> = {
  entity_id: text, account_id: text, applications: list(text, 'application-ids'), created_at: stamp, updated_at: stamp,
  user_id: (v) => (v === null || typeof v === 'string' ? undefined : { kind: 'string-or-null' }),
  email_notifications_enabled: (v) => (v === undefined || typeof v === 'boolean' ? undefined : { kind: 'boolean' }),
  ...Object.fromEntries(['company_name', 'trn', 'country', 'state', 'city', 'area', 'postal_code', 'mobile', 'landline', 'email',
    'legal_registration_type', 'legal_registration_id', 'issuing_authority', 'passport_country', 'registry_code'].map((f) => [f, optionalText])),
};

const USER_FIELDS: Record<string, Check> = { user_id: text, application_id: text, created_at: stamp, name: optionalText, email: optionalText };

const STATUSES = ['PROCESSING', 'VALIDATION_FAILED', 'SENT_TO_PEPPOL', 'DELIVERY_FAILED'];

const INVOICE_FIELDS: Record<string, Check> = {
  invoice_id: text, application_id: text, entity_id: text, invoice_number: text, received_at: stamp, updated_at: stamp,
  body: (v) => (!isObject(v) ? { kind: 'object' } : tooDeepAt(v) ? { kind: 'nested', depth: MAX_JSON_DEPTH } : undefined),
  status: oneOf(...STATUSES),
  stage: oneOf('received', 'converted', 'done'),
  errors: list(objectValue, 'error-objects'),
  xml: (v) => (v === null || typeof v === 'string' ? undefined : { kind: 'string-or-null' }),
  history: list((h) => (isObject(h) && oneOf(...STATUSES)(h.status) === undefined && typeof h.at === 'string' ? undefined : { kind: 'object' }), 'history-entries'),
};

function read(file: string, content: string, kind: RecordKind, fields: Record<string, Check>): Record<string, unknown> {
  const damaged = (at: Position, why: Omit<RecordDamage, 'at' | 'kind'>) => ioError('io.sandbox.record', { at: `${file}:${at.line}:${at.column}`, kind, ...why });
  const parsed = parseJson(content);
  if (!parsed.ok) throw damaged(parsed, { reason: parsed.message });
  const value = parsed.value;
  if (!isObject(value)) throw damaged({ line: 1, column: 1 }, { problem: { kind: 'object' } });
  for (const [field, check] of Object.entries(fields)) {
    // Own fields only: a "__proto__" key holding a record is data, never the record.
    const problem = check(Object.hasOwn(value, field) ? value[field] : undefined);
    if (problem === undefined) continue;
    const positions = jsonPositions(content);
    const at = positions.values.get(`/${field}`) ?? positions.values.get('') ?? { line: 1, column: 1 };
    throw damaged(at, { field, missing: !Object.hasOwn(value, field), problem });
  }
  return value;
}

export const readEntityRecord = (file: string, content: string): EntityRecord => read(file, content, 'entity', ENTITY_FIELDS) as unknown as EntityRecord;
export const readInvoiceRecord = (file: string, content: string): InvoiceRecord => read(file, content, 'invoice', INVOICE_FIELDS) as unknown as InvoiceRecord;
export const readUserRecord = (file: string, content: string): UserRecord => read(file, content, 'user', USER_FIELDS) as unknown as UserRecord;
