import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../io/write.js';
import { usageText } from '../io/text.js';
import { readEntityRecord, readInvoiceRecord, readUserRecord, type EntityRecord, type InvoiceRecord, type UserRecord } from './records.js';
import { makeDirectories } from '../io/write.js';

export type { EntityFields, EntityRecord, InvoiceError, InvoiceRecord, InvoiceStatus, Stage, UserRecord } from './records.js';

/** The key under which an invoice number is unique (spec 2.1: per entity); trimmed as the batch runner does. */
export const numberKey = (entityId: string, invoiceNumber: string): string => `${entityId}\u0000${invoiceNumber.trim()}`;

function readRecords<T>(dir: string, read: (file: string, content: string) => T): T[] {
  if (!existsSync(dir)) return [];
  // Dot files are writeAtomic's temporaries: a crash mid-write leaves one behind, never a half record.
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .map((f) => read(join(dir, f), usageText(readFileSync(join(dir, f)), join(dir, f))));
}

/**
 * The sandbox's records: one JSON file per entity and per invoice under the data directory, each written atomically
 * before the answer that reports it leaves, so a restart (or a crash) loses nothing that was acknowledged.
 */
export class Store {
  readonly entities = new Map<string, EntityRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly users = new Map<string, UserRecord>();
  private readonly byNumber = new Map<string, string>();

  constructor(private readonly dataDir: string) {
    makeDirectories(join(dataDir, 'entities'));
    makeDirectories(join(dataDir, 'invoices'));
    makeDirectories(join(dataDir, 'users'));
    for (const u of readRecords(join(dataDir, 'users'), readUserRecord)) this.users.set(u.user_id, u);
    for (const e of readRecords(join(dataDir, 'entities'), readEntityRecord)) this.entities.set(e.entity_id, e);
    for (const r of readRecords(join(dataDir, 'invoices'), readInvoiceRecord)) {
      this.invoices.set(r.invoice_id, r);
      this.byNumber.set(numberKey(r.entity_id, r.invoice_number), r.invoice_id);
    }
  }

  saveEntity(entity: EntityRecord): void {
    writeAtomic(join(this.dataDir, 'entities', `${entity.entity_id}.json`), JSON.stringify(entity, null, 2), { linkReplaced: true });
    this.entities.set(entity.entity_id, entity);
  }

  saveUser(user: UserRecord): void {
    writeAtomic(join(this.dataDir, 'users', `${user.user_id}.json`), JSON.stringify(user, null, 2), { linkReplaced: true });
    this.users.set(user.user_id, user);
  }

  /** The user when the application created it, else undefined (spec 2.12: it must belong to the same application). */
  userOf(application: string, userId: string): UserRecord | undefined {
    const user = this.users.get(userId);
    return user && user.application_id === application ? user : undefined;
  }

  deleteEntity(entityId: string): void {
    rmSync(join(this.dataDir, 'entities', `${entityId}.json`), { force: true });
    this.entities.delete(entityId);
  }

  saveInvoice(record: InvoiceRecord): void {
    writeAtomic(join(this.dataDir, 'invoices', `${record.invoice_id}.json`), JSON.stringify(record, null, 2), { linkReplaced: true });
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
