import type { RateTable } from '../derive/rates.js';
import type { UuidMode } from '../derive/uuid.js';
import type { Entity, Finding } from './types.js';
import type { DocumentRules } from '../schematron/choice.js';

/** What the pipeline is given instead of reading it: the seller records, the rates, the date, the rule runner. */
export interface PipelineEnv {
  /** Finds the seller entity record by entity_id. */
  findEntity(entityId: string): Entity | undefined;
  /** The entity ids findEntity knows (given, or saved locally), for a "not found" finding to list. */
  knownEntities?(): readonly string[];
  rates?: RateTable;
  /** Today's date (YYYY-MM-DD): the core never reads the clock. */
  today: string;
  uuid?: UuidMode;
  /** Per-line BTAE-08/10 of a foreign-currency invoice: AED (default, spec 2.6.2) or the document currency. */
  lineAmounts?: 'aed' | 'document';
  /** The PINT-AE rules run on every built document (issue 3); absent with --no-schematron. */
  schematron?: DocumentRules;
  /** Marks this invoice_number as already seen for its entity in this run (spec 2.10 warnings). */
  duplicate?: boolean;
}
