import { readFileSync } from 'node:fs';
import { validateInvoice, type InvoiceOutcome, type PipelineEnv } from '../../src/pipeline.js';
import { loadEntityFile } from '../../src/io/entities.js';
import { loadRates } from '../../src/io/rates.js';
import { ENTITY, RATES } from './paths.js';

const entities = loadEntityFile(ENTITY);
export const fixtureRates = loadRates(RATES);

/** The pipeline as the fixtures use it: the bundled entity and rate table, a fixed "today", deterministic UUIDs. */
export function fixtureEnv(overrides: Partial<PipelineEnv> = {}): PipelineEnv {
  return { findEntity: (id) => entities.get(id), rates: fixtureRates, today: '2026-11-22', uuid: { kind: 'deterministic' }, ...overrides };
}

export function validateFile(path: string, overrides: Partial<PipelineEnv> = {}): InvoiceOutcome {
  return validateInvoice(JSON.parse(readFileSync(path, 'utf8')), fixtureEnv(overrides));
}

/** A validated outcome's data; fails the test for a 400 rejection. */
export function dataOf(outcome: InvoiceOutcome) {
  if (outcome.kind !== 'validated') throw new Error(`expected a validate response, got a rejection: ${JSON.stringify(outcome.response)}`);
  return outcome.response.data;
}
