import { join } from 'node:path';
import { entities, type EntityRecord } from '../../api/entities.js';
import type { ApiClient } from '../../api/client.js';
import { parseJson } from '../../io/json.js';
import { usageText } from '../../io/text.js';
import { fieldOfPath, MAX_JSON_DEPTH, tooDeepAt } from '../../io/json-depth.js';
import { jsonPositions, pointerOfField } from '../../io/positions.js';
import { reasonAt } from '../../io/errors.js';
import { readRunConfig, tell } from '../lang.js';
import { ENTITY_FILE_BYTES } from '../../io/entities.js';
import { fsErrorWords } from '../../io/input-file.js';
import { readOptionFile } from '../../io/option-file.js';
import { readStdinSync } from '../../io/stdin.js';
import { writeAtomic } from '../../io/write.js';
import { ownPath } from '../../io/own-folder.js';
import { redactSecrets } from '../../io/secrets.js';
import { warn } from '../warn.js';
import { usageError } from '../../messages/cli.js';
import { apiClient, outputFormat, type ApiFormat, type ApiOptions } from '../api-setup.js';
import { visible, visibleCopy } from '../../messages/visible.js';

export interface EntityOptions extends ApiOptions { userId?: string; set?: string[]; yes?: boolean; dir?: string; lang?: string }

/** Fields of create/update: a JSON object from a file (or - for stdin), then each --set key=value over it. */
export function entityFields(file: string | undefined, sets: string[] = []): EntityRecord {
  let fields: EntityRecord = {};
  if (file) {
    let bytes: Buffer;
    if (file !== '-') bytes = readOptionFile(file, { what: 'entity fields', maxBytes: ENTITY_FILE_BYTES });
    else try { bytes = readStdinSync(ENTITY_FILE_BYTES); } catch (e) { throw reasonAt('entity fields -', fsErrorWords(e)); }
    const text = usageText(bytes, file);
    const parsed = parseJson(text);
    if (!parsed.ok) throw reasonAt(`${file}:${parsed.line}:${parsed.column}`, parsed.message);
    if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) throw usageError('cli.fields-object', { file });
    const deep = tooDeepAt(parsed.value);
    if (deep) {
      const at = jsonPositions(text).values.get(pointerOfField(fieldOfPath(deep))) ?? { line: 1, column: 1 };
      throw usageError('cli.fields-deep', { at: `${file}:${at.line}:${at.column}`, key: String(deep[0]), depth: MAX_JSON_DEPTH });
    }
    fields = { ...(parsed.value as EntityRecord) };
  }
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw usageError('cli.set-form', { set: s });
    const key = s.slice(0, eq);
    const value = s.slice(eq + 1);
    // A computed key defines an own property: `--set __proto__=x` stays a field instead of a prototype change.
    fields = { ...fields, [key]: key === 'email_notifications_enabled' ? value === 'true' : value };
  }
  if (Object.keys(fields).length === 0) throw usageError('cli.fields-none', {});
  return fields;
}

const idOf = (r: EntityRecord) => (typeof r.entity_id === 'string' ? r.entity_id : typeof r.id === 'string' ? r.id : undefined);
const SAFE_ID = /^[\w-][\w.-]*$/;

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function printList(list: EntityRecord[], format: ApiFormat, userId?: string): void {
  if (format === 'json') return print(list);
  if (format === 'ndjson') { process.stdout.write(list.map((e) => JSON.stringify(e) + '\n').join('')); return; }
  // A header over nothing reads like a failure to print; say the list is empty.
  if (list.length === 0) { process.stdout.write(`${tell('cli.entities-none', { user: userId })}\n`); return; }
  process.stdout.write(entityTable(list));
}

/** The entities as stylish lists them: a column each of entity_id, company_name, trn and registry_code. Pure. */
export function entityTable(list: EntityRecord[]): string {
  // The service's values shown as text: a name holding an escape sequence never acts on the terminal.
  const rows = visibleCopy(list.map((e) => [idOf(e) ?? '?', String(e.company_name ?? ''), String(e.trn ?? ''), String(e.registry_code ?? '')]));
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['entity_id', 'company_name', 'trn'][i]!.length));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  ').trimEnd();
  return [line(['entity_id', 'company_name', 'trn', 'registry_code']), ...rows.map(line)].join('\n') + '\n';
}

/** pull: saves each record as .pintae/entities/<entity_id>.json (atomically) for offline validation. */
async function pull(client: ApiClient, ids: string[], dir: string): Promise<number> {
  const wanted = ids.length ? ids : (await entities.list(client)).map(idOf).filter((x): x is string => Boolean(x));
  let failed = 0;
  for (const id of wanted) {
    if (!SAFE_ID.test(id)) { process.stderr.write(`pintae: ${tell('cli.pull-not-file-name', { id: visible(id) })}\n`); failed++; continue; }
    // The file's name is written too: an id that holds the token (a service echoing it) would leave it on disk.
    if (redactSecrets(id) !== id) { process.stderr.write(`pintae: ${tell('cli.pull-holds-token', { id: visible(id) })}\n`); failed++; continue; }
    const record = await entities.get(client, id);
    const path = join(dir, `${id}.json`);
    writeAtomic(path, JSON.stringify({ entity_id: id, ...record }, null, 2) + '\n', { linkReplaced: true });
    process.stdout.write(`${id}  → ${path}\n`);
  }
  if (wanted.length === 0) process.stderr.write(`pintae: ${tell('cli.pull-none', {})}\n`);
  return failed ? 1 : 0;
}

/**
 * create: the service assigns every entity its id (spec 2.12 has no entity_id among the fields): an entity_id in
 * the fields is not sent, and a warning says so with the id the service gave (issue 24 item 5: the file's id was
 * ignored without a word, and every invoice naming it then failed offline).
 */
async function create(client: ApiClient, file: string | undefined, sets: string[] | undefined): Promise<number> {
  const { entity_id: sent, ...fields } = entityFields(file, sets);
  const record = await entities.create(client, fields);
  print(record);
  if (sent !== undefined) warn(tell('entities.id-assigned', { file: file ?? '--set entity_id', sent: visible(String(sent)), assigned: visibleCopy(idOf(record)) }));
  return 0;
}

/** The most arguments each action takes (pull takes any number); how to say so is in the catalogue (cli.entities-arity). */
const ARITY: Record<string, number> = { list: 0, get: 1, create: 1, update: 2, connect: 1, disconnect: 1, delete: 1 };

/** pintae entities <action>: every entity endpoint of spec 4.5, plus pull. */
export async function runEntities(action: string, args: string[], options: EntityOptions): Promise<number> {
  readRunConfig(options);
  const format = outputFormat(options.format, 'entities');
  const need = () => { if (args.length < 1 || !args[0]) throw usageError('cli.entities-needs', { action }); };
  // Every action but pull takes a fixed number of arguments: one more is a usage error, never dropped.
  const arity = Object.hasOwn(ARITY, action) ? ARITY[action] : undefined;
  if (arity !== undefined && args.length > arity) throw usageError('cli.entities-arity', { action, n: args.length });
  if (action === 'delete' && !options.yes) throw usageError('cli.entities-delete-yes', {});
  const client = apiClient(options);
  try {
    switch (action) {
      case 'list': printList(await entities.list(client, options.userId), format, options.userId); return 0;
      case 'get': need(); print(await entities.get(client, args[0]!)); return 0;
      case 'create': return await create(client, args[0], options.set);
      case 'update': need(); print(await entities.update(client, args[0]!, entityFields(args[1], options.set))); return 0;
      case 'connect': need(); await entities.connect(client, args[0]!); process.stdout.write(`${tell('cli.entity-done', { id: args[0]!, action })}\n`); return 0;
      case 'disconnect': need(); await entities.disconnect(client, args[0]!); process.stdout.write(`${tell('cli.entity-done', { id: args[0]!, action })}\n`); return 0;
      case 'delete': need(); await entities.delete(client, args[0]!); process.stdout.write(`${tell('cli.entity-done', { id: args[0]!, action })}\n`); return 0;
      case 'pull': return await pull(client, args, options.dir ?? ownPath(process.cwd(), ['.pintae', 'entities']));
      default: throw usageError('cli.entities-action', { action });
    }
  } finally {
    await client.close();
  }
}
