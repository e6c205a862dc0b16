import type { ApiClient } from './client.js';
import { ApiError, ApiUnreachableError } from './errors.js';
import { pushBulk, pushInvoice, type SendOutcome } from './invoices.js';
import { MAYBE_PROCESSED_STATUSES } from './retry.js';
import type { Ledger, LedgerRecord } from '../batch/ledger.js';
import type { Outcome, Sendable, SubmitResult } from '../batch/submit-read.js';
import { apiWords } from '../messages/api.js';
import type { MessageRef, Worded } from '../messages/ref.js';

export type { Outcome, Sendable, SubmitResult };

/** Outcomes after which the invoice is known to be at the service under our payload. */
export const ACCEPTED: ReadonlySet<Outcome> = new Set(['accepted', 'recovered', 'skipped']);

type Plan = { action: 'send'; unknownBefore: boolean; changedBefore?: boolean } | { action: 'skip'; record: LedgerRecord } | ({ action: 'refuse' } & Worded);

export interface SubmitterOptions { force: boolean; now: () => Date }

/** Sends invoices with the ledger's guarantees (DESIGN, issue 4): recorded before, answered after, never sent twice. */
export class Submitter {
  constructor(private readonly client: ApiClient, private readonly ledger: Ledger, private readonly options: SubmitterOptions) {}

  plan(item: Sendable): Plan {
    // Only this account's records decide (the token's fingerprint, ledgerAccount): a ledger found in a checkout, a
    // customer's copied with their project or one forged, must not make pintae skip an invoice it never sent for
    // this user. Another account's (or an older version's) claim is not relied on: sent again, as an unknown outcome
    // is, so the service's 409 tells whether it is there (docs/decisions.md "What a checkout may decide (secco)").
    const account = this.client.account;
    const entry = this.ledger.lookup(this.client.baseUrl, item.entity_id, item.invoice_number, account);
    if (!entry) {
      const claimed = this.ledger.others(this.client.baseUrl, item.entity_id, item.invoice_number, account)
        .flatMap((e) => (e.accepted ? [e.accepted] : e.last.state === 'sending' || e.last.state === 'unknown' ? [e.last] : []));
      if (claimed.length) {
        return claimed.some((r) => r.sha256 === item.sha256) ? { action: 'send', unknownBefore: true } : { action: 'send', unknownBefore: false, changedBefore: true };
      }
    }
    if (entry?.accepted) {
      if (entry.accepted.sha256 === item.sha256) return { action: 'skip', record: entry.accepted };
      if (!this.options.force) {
        return { action: 'refuse', ...apiWords('api.submit.changed', { number: item.invoice_number, entity: item.entity_id, time: entry.accepted.time, id: entry.accepted.invoice_id ?? undefined }) };
      }
      return { action: 'send', unknownBefore: false };
    }
    if (entry && (entry.last.state === 'sending' || entry.last.state === 'unknown')) {
      if (entry.last.sha256 === item.sha256) return { action: 'send', unknownBefore: true };
      return { action: 'send', unknownBefore: false, changedBefore: true };
    }
    return { action: 'send', unknownBefore: false };
  }

  async sendOne(item: Sendable): Promise<SubmitResult> {
    return (await this.send([item], async (items, unknown) => [await pushInvoice(this.client, items[0]!.body, unknown[0])]))[0]!;
  }

  async sendChunk(items: Sendable[]): Promise<SubmitResult[]> {
    return this.send(items, (chunk, unknown) => pushBulk(this.client, chunk.map((i) => i.body), unknown));
  }

  private async send(items: Sendable[], call: (items: Sendable[], unknown: boolean[]) => Promise<SendOutcome[]>): Promise<SubmitResult[]> {
    const results: SubmitResult[] = new Array(items.length);
    const toSend: Array<{ at: number; item: Sendable; unknownBefore: boolean; changedBefore?: boolean }> = [];
    items.forEach((item, at) => {
      const plan = this.plan(item);
      if (plan.action === 'skip') results[at] = { ...base(item), outcome: 'skipped', invoice_id: plan.record.invoice_id ?? null, status: plan.record.status ?? null, ...apiWords('api.submit.skipped', { time: plan.record.time }) };
      else if (plan.action === 'refuse') results[at] = { ...base(item), outcome: 'refused', message: plan.message, said: plan.said };
      else toSend.push({ at, item, unknownBefore: plan.unknownBefore, changedBefore: plan.changedBefore });
    });
    if (toSend.length === 0) return results;
    this.ledger.append(toSend.map(({ item }) => this.record(item, 'sending')));
    let outcomes: SendOutcome[] | undefined;
    let failure: SubmitResult['outcome'] | undefined;
    let failureMessage = '';
    let failureSaid: MessageRef | undefined;
    let failureHttp: number | undefined;
    try {
      outcomes = await call(toSend.map((s) => s.item), toSend.map((s) => s.unknownBefore));
    } catch (e) {
      if (e instanceof ApiUnreachableError) { failure = e.mayHaveArrived ? 'unknown' : 'unsent'; failureMessage = e.message; failureSaid = e.said; }
      else if (e instanceof ApiError) {
        // 500/502/503 after the last retry, or a success answer that cannot be read item by item: the invoices may be stored.
        failure = MAYBE_PROCESSED_STATUSES.has(e.status) || (e.status >= 200 && e.status < 300) ? 'unknown' : 'rejected';
        failureMessage = e.message;
        failureSaid = e.said;
        failureHttp = e.status;
      }
      else throw e;
    }
    const answers: LedgerRecord[] = [];
    toSend.forEach(({ at, item, changedBefore, unknownBefore }, i) => {
      const result = outcomes ? this.fromOutcome(item, outcomes[i]!, changedBefore === true) : { ...base(item), outcome: failure!, http: failureHttp, message: failureMessage, ...(failureSaid ? { said: failureSaid } : {}) };
      results[at] = result;
      // This attempt never left, but an earlier one may have arrived: the ledger keeps that unknown, so that the next
      // run still counts a 409 as our own send (an `unsent` line would make it "already submitted").
      const state = result.outcome === 'unsent' && unknownBefore ? 'unknown' : ledgerState(result.outcome);
      answers.push({ ...this.record(item, state), invoice_id: result.invoice_id ?? null, status: result.status ?? null,
        ...(result.http ? { http: result.http } : {}), ...(result.outcome === 'recovered' ? { note: 'recovered: 409 answered a resend of a send whose outcome was unknown' } : {}) });
    });
    this.ledger.append(answers);
    return results;
  }

  private fromOutcome(item: Sendable, outcome: SendOutcome, changedBefore: boolean): SubmitResult {
    if (outcome.kind === 'accepted') {
      // Accepted all the same (the status says so); without its id, what follows it (--wait, status) cannot, and says why.
      return { ...base(item), outcome: outcome.recovered ? 'recovered' : 'accepted', invoice_id: outcome.invoice_id, status: outcome.status, http: outcome.http,
        ...(outcome.invoice_id === null ? apiWords('api.submit.no-id', { http: outcome.http }) : outcome.recovered ? apiWords('api.submit.recovered', {}) : {}) };
    }
    if (outcome.kind === 'exists') {
      return { ...base(item), outcome: 'exists', invoice_id: outcome.invoice_id, http: 409,
        ...apiWords('api.submit.exists', { id: outcome.invoice_id, number: item.invoice_number, entity: item.entity_id, changed: changedBefore }) };
    }
    if (outcome.kind === 'unknown') return { ...base(item), outcome: 'unknown', ...(outcome.http ? { http: outcome.http } : {}), message: outcome.message, said: outcome.said };
    return { ...base(item), outcome: 'rejected', http: outcome.http, message: outcome.error.message, said: outcome.error.said, errors: fieldErrors(outcome.error.body) };
  }

  private record(item: Sendable, state: LedgerRecord['state']): LedgerRecord {
    return { time: this.options.now().toISOString(), state, base_url: this.client.baseUrl, account: this.client.account, entity_id: item.entity_id, invoice_number: item.invoice_number, sha256: item.sha256 };
  }
}

function ledgerState(outcome: Outcome): LedgerRecord['state'] {
  if (ACCEPTED.has(outcome)) return 'accepted';
  return outcome === 'unknown' || outcome === 'unsent' ? outcome : 'rejected';
}

const base = (item: Sendable) => ({ file: item.file, index: item.index, entity_id: item.entity_id, invoice_number: item.invoice_number });

/** Field or rule errors of a 400/422 body, when it lists them. */
export function fieldErrors(body: unknown): SubmitResult['errors'] {
  const list = body && typeof body === 'object' ? ((body as { errors?: unknown }).errors ?? (body as { data?: { errors?: unknown } }).data?.errors) : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter((e) => e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') as SubmitResult['errors'];
}
