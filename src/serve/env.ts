import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '../batch/env.js';
import { entityFinder, loadEntityFile, loadEntityPaths } from '../io/entities.js';
import { loadRates } from '../io/rates.js';
import { loadViews } from '../view/lazy.js';
import type { Entity } from '../model/types.js';
import type { PipelineEnv } from '../pipeline.js';
import type { ServeSetup } from './protocol.js';
import type { ServeEnv } from './work.js';

/**
 * The seller records a server judges with: --entity first, then the local store's files found usable at start. Every
 * record is in memory: unlike the CLI, which reads `.pintae/entities/<entity_id>.json` when an invoice names it, the
 * server never reads a file because of what a request says.
 */
export function findEntityOf(setup: ServeSetup): PipelineEnv['findEntity'] {
  const given = loadEntityPaths(setup.env.entityFiles);
  const store = new Map<string, Entity>();
  for (const file of setup.storeFiles) for (const [id, e] of loadEntityFile(file, undefined, 'entity store')) if (!store.has(id)) store.set(id, e);
  // No store lookups beyond these: entityFinder's cwd is a directory that holds none.
  const fromFiles = entityFinder(given, '/nonexistent-pintae-serve');
  return (id) => fromFiles(id) ?? store.get(id);
}

/** A worker's environment: rules compiled once; entity records and rates loaded (again on reload). */
export async function serveEnv(setup: ServeSetup): Promise<ServeEnv> {
  // Any request may ask for HTML (each serve worker has every formatter): the views too, once.
  const [pipeline] = await Promise.all([loadEnv(setup.env), loadViews()]);
  pipeline.findEntity = findEntityOf(setup);
  return { pipeline, rules: setup.rules, gates: setup.gates, tdd: setup.tdd };
}

/** SIGHUP: the entity records and the rate table read again; the compiled rules stay. */
export function reloadSources(env: ServeEnv, setup: ServeSetup): void {
  const findEntity = findEntityOf(setup);
  const rates = setup.env.ratesFile ? loadRates(setup.env.ratesFile) : undefined;
  env.pipeline = { ...env.pipeline, findEntity, rates };
}

/**
 * The usable files of the local entity store under `cwd` (.pintae/entities/*.json), each checked as the CLI reads it;
 * one it cannot read is left out with a word to `warn`, as the CLI would refuse only the invoice that names it.
 */
export function storeFiles(cwd: string, warn: (file: string, reason: string) => void): string[] {
  const dir = join(cwd, '.pintae', 'entities');
  if (!existsSync(dir)) return [];
  let names: string[];
  try { names = readdirSync(dir); } catch (e) { warn(dir, (e as Error).message); return []; }
  const usable: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()) {
    const file = join(dir, name);
    try { loadEntityFile(file, undefined, 'entity store'); usable.push(file); } catch (e) { warn(file, (e as Error).message); }
  }
  return usable;
}
