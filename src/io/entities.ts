import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Entity } from '../model/types.js';
import { parseJson } from './json.js';
import { UsageError } from './errors.js';
import { usageText } from './text.js';
import { jsonPositions } from './positions.js';
import { repeatedKeyWarnings } from './repeated-keys.js';

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

/** One record of an entity file, and where it stands (`file:line:column` of the record). */
interface Placed { entity: Entity; where: string }

/** The records of `--entity <file>` (one object or an array of them), each with its place; repeated keys warned. */
function readEntityRecords(path: string, warn: (message: string) => void): Placed[] {
  let bytes: Buffer;
  try { bytes = readFileSync(path); } catch (e) { throw new UsageError(`--entity ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`); }
  const content = usageText(bytes, path);
  const parsed = parseJson(content);
  if (!parsed.ok) throw new UsageError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`);
  for (const w of repeatedKeyWarnings(content, path)) warn(w);
  const many = Array.isArray(parsed.value);
  const list = many ? parsed.value as unknown[] : [parsed.value];
  const positions = jsonPositions(content, undefined, 1);
  return list.map((raw, i) => {
    const at = positions.values.get(many ? `/${i}` : '') ?? { line: 1, column: 1 };
    return { entity: toEntity(raw, many ? `${path}[${i}]` : path), where: `${path}:${at.line}:${at.column}` };
  });
}

/**
 * The records of entity files, by entity_id. Two records of one entity_id (in one file or two) stop the run, naming
 * both places: which one holds the seller's data cannot be guessed, and the last one read silently winning would
 * deliver whichever file happened to come last. A file named twice is read once.
 */
export function loadEntityFiles(paths: readonly string[], warn: (message: string) => void = () => {}): Map<string, Entity> {
  const map = new Map<string, Entity>();
  const first = new Map<string, string>();
  for (const path of new Set(paths.map((p) => resolve(p)))) {
    const shown = paths.find((p) => resolve(p) === path)!;
    for (const { entity, where } of readEntityRecords(shown, warn)) {
      const earlier = first.get(entity.entity_id);
      if (earlier !== undefined) {
        throw new UsageError(`${where}: entity ${JSON.stringify(entity.entity_id)} has a record here and another at ${earlier}: which one is the seller's cannot be guessed; keep one`);
      }
      first.set(entity.entity_id, where);
      map.set(entity.entity_id, entity);
    }
  }
  return map;
}

/** Reads `--entity <file>`: one entity object or an array of them (two records of one entity_id: a UsageError). */
export function loadEntityFile(path: string, warn?: (message: string) => void): Map<string, Entity> {
  return loadEntityFiles([path], warn);
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
      if (existsSync(path)) entity = loadEntityFile(path).get(id);
    }
    cache.set(id, entity);
    return entity;
  };
}
