import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../io/write.js';
import type { Entity } from '../model/types.js';
import { readEntityRecord, readInvoiceRecord } from './records.js';

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

/** The key under which an invoice number is unique (spec 2.1: per entity); trimmed as the batch runner does. */
export const numberKey = (entityId: string, invoiceNumber: string): string => `${entityId}\u0000${invoiceNumber.trim()}`;

function readRecords<T>(dir: string, read: (file: string, content: string) => T): T[] {
  if (!existsSync(dir)) return [];
  // Dot files are writeAtomic's temporaries: a crash mid-write leaves one behind, never a half record.
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .map((f) => read(join(dir, f), readFileSync(join(dir, f), 'utf8')));
}

/**
 * The sandbox's records: one JSON file per entity and per invoice under the data directory, each written atomically
 * before the answer that reports it leaves, so a restart (or a crash) loses nothing that was acknowledged.
 */
export class Store {
  readonly entities = new Map<string, EntityRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  private readonly byNumber = new Map<string, string>();

  constructor(private readonly dataDir: string) {
    mkdirSync(join(dataDir, 'entities'), { recursive: true });
    mkdirSync(join(dataDir, 'invoices'), { recursive: true });
    for (const e of readRecords(join(dataDir, 'entities'), readEntityRecord)) this.entities.set(e.entity_id, e);
    for (const r of readRecords(join(dataDir, 'invoices'), readInvoiceRecord)) {
      this.invoices.set(r.invoice_id, r);
      this.byNumber.set(numberKey(r.entity_id, r.invoice_number), r.invoice_id);
    }
  }

  saveEntity(entity: EntityRecord): void {
    writeAtomic(join(this.dataDir, 'entities', `${entity.entity_id}.json`), JSON.stringify(entity, null, 2));
    this.entities.set(entity.entity_id, entity);
  }

  deleteEntity(entityId: string): void {
    rmSync(join(this.dataDir, 'entities', `${entityId}.json`), { force: true });
    this.entities.delete(entityId);
  }

  saveInvoice(record: InvoiceRecord): void {
    writeAtomic(join(this.dataDir, 'invoices', `${record.invoice_id}.json`), JSON.stringify(record, null, 2));
    this.invoices.set(record.invoice_id, record);
    this.byNumber.set(numberKey(record.entity_id, record.invoice_number), record.invoice_id);
  }

  invoiceByNumber(entityId: string, invoiceNumber: string): InvoiceRecord | undefined {
    const id = this.byNumber.get(numberKey(entityId, invoiceNumber));
    return id === undefined ? undefined : this.invoices.get(id);
  }

  trnInUse(trn: string, except?: string): boolean {
    for (const e of this.entities.values()) if (e.trn === trn && e.entity_id !== except) return true;
    return false;
  }
}
