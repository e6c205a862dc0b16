import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Entity } from '../model/types.js';
import { parseJson } from './json.js';
import { ioError } from '../messages/io.js';
import { EntityStoreError, UsageError } from './errors.js';
import { usageText } from './text.js';
import { jsonPositions } from './positions.js';
import { repeatedKeyWarnings } from './repeated-keys.js';
import { fsErrorWords } from './input-file.js';
import { MiB, readOptionFile, statOptionPath } from './option-file.js';

/** One entity file: thousands of records fit many times over. */
export const ENTITY_FILE_BYTES = 16 * MiB;
/** Files of one `--entity <directory>`. */
export const ENTITY_DIR_FILES = 10_000;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** An entity record (spec 2.12 plus entity_id and registry_code); trade_license_number is the former name of legal_registration_id. */
/** Fields of an invoice request that no entity record has. */
const INVOICE_ONLY = ['invoice_number', 'line_items'] as const;

export function toEntity(raw: unknown, where: string): Entity {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw ioError('io.entity.not-object', { at: where });
  const r = raw as Record<string, unknown>;
  // An invoice given where the seller's record was meant (`--entity invoice.json`): every seller field would be
  // "missing" from an entity that is not one.
  const invoiceFields = INVOICE_ONLY.filter((k) => Object.hasOwn(r, k));
  if (invoiceFields.length) throw ioError('io.entity.is-invoice', { at: where, fields: invoiceFields });
  const entity_id = text(r.entity_id) ?? text(r.id);
  if (!entity_id) throw ioError('io.entity.no-id', { at: where });
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

/**
 * The records of an entity file (one object or an array of them), each with its place; repeated keys warned. Read as
 * every file an option names is (a regular file within its cap), and decoded strictly. `what` names where the path
 * came from (`--entity`, the entity store).
 */
function readEntityRecords(path: string, warn: (message: string) => void, what = '--entity'): Placed[] {
  const content = usageText(readOptionFile(path, { what, maxBytes: ENTITY_FILE_BYTES }), path);
  const parsed = parseJson(content);
  // Named as what it was given for: "pintae: x.json:1:1: unexpected …" did not say the file was the entity record.
  if (!parsed.ok) throw ioError('io.entity.not-json', { what, at: `${path}:${parsed.line}:${parsed.column}`, reason: parsed.message });
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
export function loadEntityFiles(paths: readonly string[], warn: (message: string) => void = () => {}, what = '--entity'): Map<string, Entity> {
  const map = new Map<string, Entity>();
  const first = new Map<string, string>();
  for (const path of new Set(paths.map((p) => resolve(p)))) {
    const shown = paths.find((p) => resolve(p) === path)!;
    for (const { entity, where } of readEntityRecords(shown, warn, what)) {
      const earlier = first.get(entity.entity_id);
      if (earlier !== undefined) {
        throw ioError('io.entity.twice', { at: where, id: entity.entity_id, earlier });
      }
      first.set(entity.entity_id, where);
      map.set(entity.entity_id, entity);
    }
  }
  return map;
}

/** Reads `--entity <file>`: one entity object or an array of them (two records of one entity_id: a UsageError). */
export function loadEntityFile(path: string, warn?: (message: string) => void, what = '--entity'): Map<string, Entity> {
  return loadEntityFiles([path], warn, what);
}

/**
 * The entities of every `--entity` path: a file, or a directory whose *.json files (not its subdirectories, nor
 * hidden files) are each read as one, in name order. A directory without any is a usage error, as is an entry that
 * is not a regular file (a pipe named x.json is named, never waited on). Two records of one entity_id, wherever they
 * are, stop the run (loadEntityFiles).
 */
export function loadEntityPaths(paths: readonly string[], warn?: (message: string) => void): Map<string, Entity> {
  return loadEntityFiles(paths.flatMap((path) => (statOptionPath(path, '--entity').isDirectory() ? entityDirectory(path) : [path])), warn);
}

function entityDirectory(dir: string): string[] {
  let names: string[];
  try { names = readdirSync(dir); } catch (e) { throw ioError('io.entity-dir.unreadable', { dir, reason: fsErrorWords(e) }); }
  const files = names.filter((n) => n.toLowerCase().endsWith('.json') && !n.startsWith('.')).sort().map((n) => join(dir, n));
  if (files.length === 0) throw ioError('io.entity-dir.empty', { dir });
  if (files.length > ENTITY_DIR_FILES) throw ioError('io.entity-dir.too-many', { dir, max: ENTITY_DIR_FILES });
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
      if (existsSync(path)) {
        let held: Map<string, Entity>;
        const unusable = (e: UsageError) => new EntityStoreError(ioError('io.entity.store-unusable', { reason: e.message }));
        try { held = loadEntityFile(path, undefined, 'entity store'); } catch (e) { throw e instanceof UsageError ? unusable(e) : e; }
        entity = held.get(id);
        // Found by its name, so it must be that entity's: "not found" would list the file's name as known, and another
        // entity's record is not this one's (which of the two the file was meant for cannot be guessed).
        if (!entity) {
          throw unusable(held.size === 0 ? ioError('io.entity.store-empty', { at: path, id })
            : ioError('io.entity.store-other', { at: path, id, held: [...held.keys()].map((k) => JSON.stringify(k)).join(', ') }));
        }
      }
    }
    cache.set(id, entity);
    return entity;
  };
}

/**
 * The entity ids pintae knows in a run, for a "not found" finding to list (issue 24 item 5): those of `--entity`,
 * then those saved in the local store `.pintae/entities/` under `cwd` (by file name, as the finder looks them up).
 * Read once, when first asked.
 */
export function knownEntityIds(fromFile: Map<string, Entity> | undefined, cwd: string): () => readonly string[] {
  let ids: string[] | undefined;
  return () => {
    if (ids) return ids;
    const found = new Set(fromFile?.keys() ?? []);
    let names: string[] = [];
    try { names = readdirSync(join(cwd, '.pintae', 'entities')); } catch { /* no store: none saved */ }
    for (const n of names) if (/^[\w.-]+\.json$/.test(n) && !n.startsWith('.')) found.add(n.slice(0, -'.json'.length));
    ids = [...found];
    return ids;
  };
}
