import type { UuidMode } from '../derive/uuid.js';
import { entityFinder, knownEntityIds, loadEntityPaths } from '../io/entities.js';
import { loadRates } from '../io/rates.js';
import type { PipelineEnv } from '../pipeline.js';
import type { RuleLimits } from '../schematron/limits.js';

/**
 * What a run's pipeline needs, as plain data a worker thread can be given: each worker builds its own environment
 * from it once (entities, rates and the compiled rules), then validates any number of files.
 */
export interface EnvSpec {
  entityFiles: string[];
  ratesFile?: string;
  /** The rule set (--rules), or false for --no-schematron. */
  ruleSet: string | undefined | false;
  today: string;
  uuid: UuidMode;
  lineAmounts: 'aed' | 'document';
  /** Where the run started: relative paths and the local entity store are taken from here. */
  cwd: string;
  /** What one document's rule run may take (--rule-timeout, --rule-memory); default DEFAULT_RULE_LIMITS. */
  ruleLimits?: RuleLimits;
  /** The config file whose "ruleSet" named `ruleSet` (not --rules): an error about the name says it came from there. */
  ruleSetFrom?: string;
}

/**
 * Builds the pipeline environment; a bad entity file, rate table or rule set is a UsageError. `warn` hears what is
 * worth a word but stops nothing (a key repeated in an entity file); a worker, which rebuilds what the main thread
 * built and checked, gives none.
 */
export async function loadEnv(spec: EnvSpec, warn?: (message: string) => void): Promise<PipelineEnv> {
  let schematron: PipelineEnv['schematron'];
  if (spec.ruleSet !== false) {
    const [{ resolveRuleSet }, { ruleSetUsage }] = await Promise.all([import('../schematron/rulesets.js'), import('../schematron/errors.js')]);
    try { schematron = await resolveRuleSet(spec.ruleSet, process.env, spec.ruleLimits); } catch (e) { throw ruleSetUsage(e, spec.ruleSetFrom); }
    if (spec.ruleSetFrom !== undefined) schematron = (await import('../schematron/choice.js')).pinnedByConfig(schematron);
  }
  const entities = loadEntityPaths(spec.entityFiles, warn);
  return {
    findEntity: entityFinder(entities, spec.cwd),
    knownEntities: knownEntityIds(entities, spec.cwd),
    rates: spec.ratesFile ? loadRates(spec.ratesFile) : undefined,
    today: spec.today,
    uuid: spec.uuid,
    lineAmounts: spec.lineAmounts,
    schematron,
  };
}
