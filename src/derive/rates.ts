import type { RateEntry } from '../model/types.js';
import type { Decimal } from './money.js';

/** DESIGN: the latest rate on or before the invoice date, at most 7 calendar days back. */
export const MAX_DAYS_BACK = 7;

export type RateSource = { rate: Decimal; source: 'sent' } | { rate: Decimal; source: 'table'; date: string };

export class RateTable {
  private readonly byKey = new Map<string, Decimal>();
  constructor(entries: Iterable<RateEntry>) {
    for (const e of entries) this.byKey.set(`${e.currency.toUpperCase()}|${e.date}`, e.rate);
  }
  get size(): number { return this.byKey.size; }
  get(currency: string, date: string): Decimal | undefined {
    return this.byKey.get(`${currency}|${date}`);
  }
}

function daysBefore(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Spec 2.6: a sent rate is used exactly as sent; otherwise the Central Bank rate of the invoice date, or of the last
 * published business day before it. A date after `today` or a currency without a rate gives undefined: no rate is invented.
 */
export function resolveRate(currency: string, date: string, sent: Decimal | undefined, table: RateTable | undefined, today: string): RateSource | undefined {
  if (sent !== undefined) return { rate: sent, source: 'sent' };
  if (!table || date > today) return undefined;
  for (let back = 0; back <= MAX_DAYS_BACK; back++) {
    const day = daysBefore(date, back);
    const rate = table.get(currency, day);
    if (rate !== undefined) return { rate, source: 'table', date: day };
  }
  return undefined;
}
