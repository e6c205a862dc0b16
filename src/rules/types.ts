import type { Entity, Finding, Invoice, Section } from '../model/types.js';
import type { EndpointResult } from '../derive/endpoint.js';
import type { RateSource } from '../derive/rates.js';
import type { Totals } from '../derive/totals.js';

export interface RuleContext {
  invoice: Invoice;
  /** The seller entity record; undefined when it could not be found. */
  entity: Entity | undefined;
  /** The entity ids pintae knows, for the finding that says one was not found. */
  knownEntities?: () => readonly string[];
  endpoint: EndpointResult;
  /** The resolved exchange rate; undefined for AED or when none exists. */
  rate: RateSource | undefined;
  totals: Totals;
  /** 380 or 480, as the builder will deliver it. */
  typeCode: '380' | '480';
}

/** A rule of the service's engine: its id, section and spec reference in one place, and a small check. */
export interface Rule {
  id: string;
  section: Section;
  /** The spec passage the rule comes from. */
  spec: string;
  check(ctx: RuleContext): Finding[];
}

import type { Worded } from '../messages/ref.js';

type FindingOptions = { rule?: string; field?: string };

/** A rule's error finding; the section is the rule's own. */
export function error(section: Section, words: Worded, options: FindingOptions = {}): Finding {
  return { message: words.message, said: words.said, section, severity: 'error', ...(options.rule ? { rule: options.rule } : {}), ...(options.field ? { field: options.field } : {}) };
}

export const flag = (invoice: Invoice, position: number): boolean => invoice.transaction_type_code[position - 1] === '1';
