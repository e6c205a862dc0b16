import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateInvoice, type InvoiceOutcome, type PipelineEnv } from '../../src/pipeline.js';
import { loadEntityFile } from '../../src/io/entities.js';
import { loadRates } from '../../src/io/rates.js';
import { ENTITY, FIXTURES, RATES } from './paths.js';

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

/** pintae's own findings of a validated outcome: beside the response, never in it (issue 24). */
export function ownOf(outcome: InvoiceOutcome) {
  if (outcome.kind !== 'validated') throw new Error(`expected a validate response, got a rejection: ${JSON.stringify(outcome.response)}`);
  if (JSON.stringify(outcome.response).includes('pintae/')) throw new Error(`a pintae/ finding in the response: ${JSON.stringify(outcome.response)}`);
  return outcome.pintae;
}

/** Every XML pintae writes for the fixtures, valid and invalid alike, in both per-line amount forms. */
export function builtFixtureDocuments(): Array<{ name: string; xml: string }> {
  const docs: Array<{ name: string; xml: string }> = [];
  for (const dir of ['invoices', 'invalid']) {
    for (const file of readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.json')).sort()) {
      for (const lineAmounts of ['aed', 'document'] as const) {
        let outcome;
        try { outcome = validateFile(join(FIXTURES, dir, file), { lineAmounts }); } catch { continue; }
        if (outcome.kind === 'validated' && outcome.xml) docs.push({ name: `${dir}/${file} (${lineAmounts})`, xml: outcome.xml });
      }
    }
  }
  return docs;
}
