import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject } from 'ajv';
import { reasonAt, UsageErrors, type UsageError } from '../io/errors.js';
import { ioError } from '../messages/io.js';
import { parseJson } from '../io/json.js';
import { usageText } from '../io/text.js';
import { repeatedKeyWarnings } from '../io/repeated-keys.js';
import { jsonPositions } from '../io/positions.js';
import { MiB, readOptionFile } from '../io/option-file.js';
import { registerSecret } from '../io/secrets.js';
import type { RuleLevel } from '../model/report.js';
import type { Lang } from '../messages/lang.js';

/** The names pintae looks for, in this order, in each directory from the working directory upward. */
export const CONFIG_NAMES = ['pintae.config.json', '.pintaerc.json'] as const;

/** A config file as loaded: paths already resolved against the file's directory. */
export interface PintaeConfig {
  /** The file it came from. */
  file: string;
  entity?: string[];
  rates?: string;
  ruleSet?: string;
  format?: string;
  failSeverity?: 'error' | 'warning';
  maxWarnings?: number;
  /** The language of what a person reads (--lang). */
  lang?: Lang;
  rules?: Record<string, RuleLevel>;
  baseUrl?: string;
  /** pintae tdd: the parties every TDD of one organisation names (the FTA's service provider, its own), 0242:<id>. */
  tdd?: { receiver?: string; representative?: string };
  /** What is worth a word but stops nothing, located (`file:line:column: …`): a key given twice. The CLI says each on stderr. */
  warnings?: string[];
}

export const CONFIG_SCHEMA_URL = new URL('../../schemas/pintae.config.schema.json', import.meta.url);

/**
 * The config file that applies in `cwd`: the first directory from `cwd` upward holding pintae.config.json or
 * .pintaerc.json. The search stops at a directory holding `.git` (the repository's root, searched itself) or at the
 * filesystem root, so a project never picks up a file from outside its repository; and before a directory every user
 * may write into (sticky and world-writable: /tmp, /var/tmp, /dev/shm), which is no one's project: another user's
 * /tmp/pintae.config.json would otherwise apply to every run in a folder under /tmp.
 */
export function findConfigFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (sharedWithEveryone(dir)) return undefined;
    const found = CONFIG_NAMES.map((name) => join(dir, name)).filter((p) => existsSync(p));
    if (found.length > 1) throw ioError('io.config.two', { dir, names: CONFIG_NAMES });
    if (found.length === 1) return found[0];
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

/** Sticky and writable by all (mode 1777 and the like): a directory where anyone's files lie side by side. */
function sharedWithEveryone(dir: string): boolean {
  try { const { mode } = statSync(dir); return (mode & 0o1000) !== 0 && (mode & 0o002) !== 0; } catch { return false; }
}

/** `--config <file>`, `--no-config` (false) or the file found upward from `cwd`; undefined when there is none. */
export function loadConfig(choice: string | boolean | undefined, cwd: string): PintaeConfig | undefined {
  if (choice === false) return undefined;
  if (typeof choice === 'string') return readConfig(resolve(cwd, choice), { what: '--config', shown: choice });
  const file = findConfigFile(cwd);
  return file === undefined ? undefined : readConfig(file);
}

let validator: ReturnType<Ajv['compile']> | undefined;
/** ajv's compiler (~60 modules) is loaded only by a run that has a config file to check. */
function compileConfigSchema(): ReturnType<Ajv['compile']> {
  const { Ajv: AjvClass } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  return new AjvClass({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')));
}

/** A config file is a page of settings; a megabyte is far past any. */
export const CONFIG_FILE_BYTES = MiB;

/**
 * Reads and checks one config file against schemas/pintae.config.schema.json; every problem is located (file:line:column).
 * `named` says how the user named it (--config), for a file that cannot be read; a file found upward is named by its path.
 */
/** Fields of an invoice request that no config file has. */
const INVOICE_ONLY = ['invoice_number', 'line_items'] as const;

export function readConfig(file: string, named?: { what: string; shown: string }): PintaeConfig {
  const text = usageText(readOptionFile(file, { what: named?.what ?? 'config file', shown: named?.shown, maxBytes: CONFIG_FILE_BYTES }), file);
  const parsed = parseJson(text);
  if (!parsed.ok) throw reasonAt(`${file}:${parsed.line}:${parsed.column}`, parsed.message);
  const value = parsed.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'token' in value) {
    // Refused, but a secret all the same: whatever pintae prints from here on (this file's other errors too) omits it.
    const token = (value as Record<string, unknown>).token;
    if (typeof token === 'string') registerSecret(token.trim());
    const at = jsonPositions(text).keys.get('/token') ?? { line: 1, column: 1 };
    throw ioError('io.config.token', { at: `${file}:${at.line}:${at.column}`, name: basename(file) });
  }
  // An invoice given where the config file was meant (`--config invoice.json`): one word for it, not an unknown key each.
  const invoiceFields = value !== null && typeof value === 'object' && !Array.isArray(value) ? INVOICE_ONLY.filter((k) => Object.hasOwn(value, k)) : [];
  if (invoiceFields.length) {
    const at = jsonPositions(text).keys.get(`/${invoiceFields[0]}`) ?? { line: 1, column: 1 };
    throw ioError('io.config.is-invoice', { at: `${file}:${at.line}:${at.column}`, fields: invoiceFields });
  }
  validator ??= compileConfigSchema();
  if (!validator(parsed.value)) {
    const positions = jsonPositions(text);
    throw new UsageErrors(problems(validator.errors ?? []).map(({ pointer, key, problem }) => {
      const at = (key ? positions.keys.get(pointer) : undefined) ?? positions.values.get(pointer) ?? { line: 1, column: 1 };
      return problem(`${file}:${at.line}:${at.column}`);
    }));
  }
  // JSON Schema's integer lets 1e400 through (JSON reads it as Infinity): a gate that never fails, where
  // --max-warnings 1e400 is refused. It is no whole number.
  const maxWarnings = (parsed.value as Record<string, unknown>).maxWarnings;
  if (typeof maxWarnings === 'number' && !Number.isFinite(maxWarnings)) {
    const at = jsonPositions(text).values.get('/maxWarnings') ?? { line: 1, column: 1 };
    throw ioError('io.config.type', { at: `${file}:${at.line}:${at.column}`, name: 'maxWarnings', type: 'integer' });
  }
  const config = resolvePaths(file, parsed.value as Record<string, unknown>);
  const warnings = repeatedKeyWarnings(text, file);
  return warnings.length ? { ...config, warnings } : config;
}

const nameOf = (pointer: string) => pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.') || '(the config)';

/** ajv's errors, one per place, in human words; the key itself is pointed at for an unknown or misnamed key. */
function problems(errors: ErrorObject[]): Array<{ pointer: string; key: boolean; problem: Problem }> {
  const out = new Map<string, { pointer: string; key: boolean; problem: Problem }>();
  for (const e of errors) {
    let pointer = e.instancePath;
    let key = false;
    let message: Problem;
    const name = nameOf(pointer);
    switch (e.keyword) {
      case 'additionalProperties': {
        const extra = (e.params as { additionalProperty: string }).additionalProperty;
        pointer = `${pointer}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`; key = true;
        const known = e.instancePath === '/tdd' ? Object.keys((schemaProperties().tdd as { properties: object }).properties) : Object.keys(schemaProperties()).filter((k) => k !== '$schema');
        message = (at) => ioError('io.config.unknown-key', { at, key: extra, known });
        break;
      }
      case 'propertyNames': {
        const bad = (e.params as { propertyName: string }).propertyName;
        pointer = `${pointer}/${bad.replace(/~/g, '~0').replace(/\//g, '~1')}`; key = true;
        message = (at) => ioError('io.config.rule-id', { at, key: bad });
        break;
      }
      case 'enum': message = (at) => ioError('io.config.enum', { at, name, allowed: (e.params as { allowedValues: unknown[] }).allowedValues }); break;
      case 'type': message = (at) => ioError('io.config.type', { at, name, type: String(e.params.type) }); break;
      case 'minimum': message = (at) => ioError('io.config.minimum', { at, name }); break;
      case 'minLength': message = (at) => ioError('io.config.empty', { at, name }); break;
      case 'minItems': message = (at) => ioError('io.config.no-file', { at, name }); break;
      case 'pattern':
        if (e.schemaPath.includes('/propertyNames/')) continue;
        message = pointer.startsWith('/tdd/') ? (at) => ioError('io.config.participant', { at, name }) : (at) => ioError('io.config.url', { at, name });
        break;
      case 'oneOf': message = (at) => ioError('io.config.paths', { at, name }); break;
      default: message = (at) => ioError('io.config.invalid', { at, name, reason: e.message ?? 'is not valid' });
    }
    // The most telling error per place wins: a oneOf beats the branch errors beneath it.
    const slot = pointer.startsWith('/entity') ? '/entity' : pointer;
    if (!out.has(slot) || e.keyword === 'oneOf') out.set(slot, { pointer: e.keyword === 'oneOf' ? e.instancePath : pointer, key, problem: message });
  }
  return [...out.values()];
}

/** A problem of the config file, said at its place (`file:line:column`). */
type Problem = (at: string) => UsageError;

function schemaProperties(): Record<string, unknown> {
  return (JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as { properties: Record<string, unknown> }).properties;
}

/** Paths in a config file are relative to the file; a rule set that is a name (builtin, or added) stays a name. */
function resolvePaths(file: string, raw: Record<string, unknown>): PintaeConfig {
  const dir = dirname(file);
  const config: PintaeConfig = { file };
  if (raw.entity !== undefined) config.entity = (Array.isArray(raw.entity) ? raw.entity as string[] : [raw.entity as string]).map((p) => resolve(dir, p));
  if (typeof raw.rates === 'string') config.rates = resolve(dir, raw.rates);
  if (typeof raw.ruleSet === 'string') {
    const looksLikePath = /[\\/]/.test(raw.ruleSet) || raw.ruleSet.startsWith('.') || existsSync(resolve(dir, raw.ruleSet));
    config.ruleSet = raw.ruleSet !== 'builtin' && looksLikePath ? resolve(dir, raw.ruleSet) : raw.ruleSet;
  }
  for (const key of ['format', 'lang', 'failSeverity', 'maxWarnings', 'rules', 'baseUrl', 'tdd'] as const) {
    if (raw[key] !== undefined) (config as unknown as Record<string, unknown>)[key] = raw[key];
  }
  return config;
}
