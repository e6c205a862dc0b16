import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity } from '../model/types.js';
import { parseJson } from './json.js';
import { UsageError } from './errors.js';
import { usageText } from './text.js';

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

/** Reads `--entity <file>`: one entity object or an array of them. */
export function loadEntityFile(path: string): Map<string, Entity> {
  let bytes: Buffer;
  try { bytes = readFileSync(path); } catch (e) { throw new UsageError(`--entity ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`); }
  const content = usageText(bytes, path);
  const parsed = parseJson(content);
  if (!parsed.ok) throw new UsageError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`);
  const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const map = new Map<string, Entity>();
  list.forEach((raw, i) => { const e = toEntity(raw, Array.isArray(parsed.value) ? `${path}[${i}]` : path); map.set(e.entity_id, e); });
  return map;
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
