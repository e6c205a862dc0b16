import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity } from '../model/types.js';
import { parseJson } from './json.js';
import { UsageError } from './errors.js';
import { fsErrorWords } from './input-file.js';
import { MiB, readOptionFile, statOptionPath } from './option-file.js';

/** One entity file: thousands of records fit many times over. */
export const ENTITY_FILE_BYTES = 16 * MiB;
/** Files of one `--entity <directory>`. */
export const ENTITY_DIR_FILES = 10_000;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** An entity record (spec 2.12 plus entity_id and registry_code); trade_license_number is the former name of legal_registration_id. */
export function toEntity(raw: unknown, where: string): Entity {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${where}: an entity must be a JSON object`);
  const r = raw as Record<string, unknown>;
  const entity_id = text(r.entity_id) ?? text(r.id);
  if (!entity_id) throw new UsageError(`${where}: the entity record has no entity_id`);
  return {
    entity_id,
    registry_code: text(r.registry_code),
    company_name: text(r.company_name),
    trn: text(r.trn),
    country: text(r.country),
    state: text(r.state),
    city: text(r.city),
    area: text(r.area),
    postal_code: text(r.postal_code),
    mobile: text(r.mobile),
    landline: text(r.landline),
    email: text(r.email),
    legal_registration_type: text(r.legal_registration_type)?.toUpperCase(),
    legal_registration_id: text(r.legal_registration_id) ?? text(r.trade_license_number),
    issuing_authority: text(r.issuing_authority),
    passport_country: text(r.passport_country),
  };
}

/** Reads `--entity <file>`: one entity object or an array of them. `what` names where the path came from. */
export function loadEntityFile(path: string, what = '--entity'): Map<string, Entity> {
  const content = readOptionFile(path, { what, maxBytes: ENTITY_FILE_BYTES }).toString('utf8');
  const parsed = parseJson(content);
  if (!parsed.ok) throw new UsageError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`);
  const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const map = new Map<string, Entity>();
  list.forEach((raw, i) => { const e = toEntity(raw, Array.isArray(parsed.value) ? `${path}[${i}]` : path); map.set(e.entity_id, e); });
  return map;
}

/**
 * The entities of every `--entity` path: a file, or a directory whose *.json files (not its subdirectories, nor
 * hidden files) are each read as one, in name order. A directory without any is a usage error, as is an entry that
 * is not a regular file (a pipe named x.json is named, never waited on). A later record of an entity_id wins.
 */
export function loadEntityPaths(paths: string[]): Map<string, Entity> {
  const all = new Map<string, Entity>();
  for (const path of paths) {
    const files = statOptionPath(path, '--entity').isDirectory() ? entityDirectory(path) : [path];
    for (const file of files) for (const [id, entity] of loadEntityFile(file)) all.set(id, entity);
  }
  return all;
}

function entityDirectory(dir: string): string[] {
  let names: string[];
  try { names = readdirSync(dir); } catch (e) { throw new UsageError(`--entity ${dir}: this directory cannot be read: ${fsErrorWords(e)}`); }
  const files = names.filter((n) => n.toLowerCase().endsWith('.json') && !n.startsWith('.')).sort().map((n) => join(dir, n));
  if (files.length === 0) throw new UsageError(`--entity ${dir}: the directory holds no .json files`);
  if (files.length > ENTITY_DIR_FILES) throw new UsageError(`--entity ${dir}: more than ${ENTITY_DIR_FILES} .json files; give the files that hold the sellers instead`);
  return files;
}

/** Entities from `--entity`, then the local store `.pintae/entities/<entity_id>.json` under `cwd` (DESIGN). */
export function entityFinder(fromFile: Map<string, Entity> | undefined, cwd: string): (id: string) => Entity | undefined {
  const cache = new Map<string, Entity | undefined>();
  return (id) => {
    const found = fromFile?.get(id);
    if (found) return found;
    if (cache.has(id)) return cache.get(id);
    let entity: Entity | undefined;
    if (/^[\w.-]+$/.test(id) && !id.startsWith('.')) {
      const path = join(cwd, '.pintae', 'entities', `${id}.json`);
      if (existsSync(path)) entity = loadEntityFile(path, 'entity store').get(id);
    }
    cache.set(id, entity);
    return entity;
  };
}
