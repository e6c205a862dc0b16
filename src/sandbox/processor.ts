import type { Finding } from '../model/types.js';
import type { RateTable } from '../derive/rates.js';
import { validateInvoice } from '../pipeline.js';
import { ownedEntity, pipelineEntity } from './entities.js';
import { gatewayCheck } from './gateway.js';
import { SANDBOX_WORDS } from '../messages/sandbox.js';
import type { InvoiceRecord, InvoiceStatus, Store } from './store.js';

export interface ProcessorEnv {
  rates?: RateTable;
  today: () => string;
  now: () => string;
  schematron?: { run(xml: string): Finding[] };
  /** Delay before validation and conversion of an accepted invoice. */
  processingDelayMs: number;
  /** Delay between conversion and delivery to the gateway. */
  deliveryDelayMs: number;
  log: (line: string) => void;
}

/** Spec 3 and 2.11: category and terminal follow from the status; `failed` is this sandbox's name (decisions.md). */
export function statusView(record: InvoiceRecord): Record<string, unknown> {
  const category = record.status === 'PROCESSING' ? 'processing' : record.status === 'SENT_TO_PEPPOL' ? 'success' : 'failed';
  return {
    invoice_id: record.invoice_id,
    invoice_number: record.invoice_number,
    entity_id: record.entity_id,
    direction: 'sent',
    status: record.status,
    category,
    terminal: record.status !== 'PROCESSING',
    ...(record.errors.length ? { errors: record.errors } : {}),
    history: record.history,
  };
}

/**
 * The asynchronous pipeline after a 202 (spec 1.2, 3): validation and conversion with the entity record as it stands
 * then (spec 1.6), and delivery through the gateway. Each step is saved before the next is scheduled, so a restart
 * resumes an invoice where it stood. Steps run one at a time and yield to the event loop between invoices.
 */
export class Processor {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly queue: string[] = [];
  private draining = false;
  private closed = false;

  constructor(private readonly store: Store, private readonly env: ProcessorEnv) {}

  schedule(record: InvoiceRecord): void {
    if (this.closed || record.stage === 'done') return;
    const delay = record.stage === 'received' ? this.env.processingDelayMs : this.env.deliveryDelayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push(record.invoice_id);
      this.drain();
    }, delay);
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    const step = () => {
      const id = this.closed ? undefined : this.queue.shift();
      if (id === undefined) { this.draining = false; return; }
      try {
        this.advance(id);
      } catch (e) {
        // The record stays at its last saved step; the next start resumes it.
        this.env.log(`processing ${id} failed: ${(e as Error).message}`);
      }
      setImmediate(step);
    };
    setImmediate(step);
  }

  private advance(id: string): void {
    const record = this.store.invoices.get(id);
    if (!record || record.stage === 'done') return;
    const next = record.stage === 'received' ? this.convert(record) : this.deliver(record);
    this.store.saveInvoice(next);
    this.schedule(next);
  }

  private finish(record: InvoiceRecord, status: InvoiceStatus, errors: InvoiceRecord['errors'], xml: string | null): InvoiceRecord {
    const at = this.env.now();
    return { ...record, status, errors, xml, stage: status === 'PROCESSING' ? 'converted' : 'done', updated_at: at, history: status === 'PROCESSING' ? record.history : [...record.history, { status, at }] };
  }

  private convert(record: InvoiceRecord): InvoiceRecord {
    const caller = { application: record.application_id, account: '' };
    const entity = ownedEntity(this.store, caller, record.entity_id);
    if (!entity) {
      return this.finish(record, 'VALIDATION_FAILED', [{ message: `Entity ${record.entity_id} is no longer reachable through this application (disconnected or deleted)`, section: 'seller_party', field: 'entity_id' }], null);
    }
    const outcome = validateInvoice(record.body, {
      findEntity: (entityId) => (entityId === entity.entity_id ? pipelineEntity(entity) : undefined),
      rates: this.env.rates,
      today: this.env.today(),
      uuid: { kind: 'fixed', value: record.invoice_id },
      schematron: this.env.schematron,
    });
    if (outcome.kind === 'rejected') return this.finish(record, 'VALIDATION_FAILED', outcome.response.errors.map((e) => ({ ...e, section: 'invoice_header' })), null);
    const { errors } = outcome.response.data;
    if (errors.length || !outcome.xml) return this.finish(record, 'VALIDATION_FAILED', errors, null);
    // The rules could not be run on the document (pintae/rules-failed): it is never delivered unjudged. The trail
    // says why in the sandbox's words, as a service's own failure; pintae's finding itself stays out of its answers.
    const failed = outcome.pintae.find((f) => f.severity === 'error');
    if (failed) return this.finish(record, 'VALIDATION_FAILED', [{ message: SANDBOX_WORDS.rulesNotRun(failed.message), section: failed.section }], null);
    return this.finish(record, 'PROCESSING', [], outcome.xml);
  }

  private deliver(record: InvoiceRecord): InvoiceRecord {
    const refused = gatewayCheck(record.xml ?? '', this.store.entities.get(record.entity_id));
    return refused ? this.finish(record, 'DELIVERY_FAILED', [refused], record.xml) : this.finish(record, 'SENT_TO_PEPPOL', [], record.xml);
  }
}
