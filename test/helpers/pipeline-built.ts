import { loadRates } from '../../dist/io/rates.js';
import type { PipelineEnv } from '../../dist/pipeline.js';
import { fixtureEnv } from './pipeline.js';
import { RATES } from './paths.js';

/**
 * fixtureEnv for a test that runs the built modules (dist/): the same entity, day and UUIDs, with dist/'s own rate
 * table, so dist/'s pipeline is handed its own classes rather than src/'s twins.
 */
export function builtFixtureEnv(overrides: Partial<PipelineEnv> = {}): PipelineEnv {
  return { ...fixtureEnv(), rates: loadRates(RATES), ...overrides };
}
