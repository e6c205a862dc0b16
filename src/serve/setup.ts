import { resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { todayProblem } from '../config/today.js';
import { UsageError } from '../io/errors.js';
import { redactorWith } from '../io/secrets.js';
import { serveWords } from '../messages/serve.js';
import type { RuleLevel } from '../model/report.js';
import { parseRuleLimits } from '../schematron/limits.js';
import { checkKeys, isPlainObject, shown } from '../validator-options.js';
import { storeFiles } from './env.js';
import type { ServeSetup } from './protocol.js';

/** What `createServer` takes: `pintae serve`'s options by their long names (docs/reference/serve.md). */
export interface ServeOptions {
  /** Worker threads, each with the rules compiled (default: one per core). */
  workers?: number;
  /** Requests that may wait for a worker; one more is answered 503 with Retry-After (default: 64 per worker). */
  maxQueue?: number;
  /** The largest request body, in bytes (default 20 MiB); a larger one is answered 413. */
  maxBody?: number;
  /** Seller entity record files or directories (--entity). */
  entity?: string | string[];
  /** CBUAE rate table (--rates): a JSON or CSV file. */
  rates?: string;
  /** The PINT-AE rule set (--rules), or false for none (--no-schematron). */
  ruleSet?: string | false;
  /** CPU seconds one document's rule run may take (--rule-timeout; default 30). */
  ruleTimeout?: number;
  /** MB a rule run may use (--rule-memory; default 2048). */
  ruleMemory?: number;
  /** Rule overrides, as the config file's `rules`. */
  rules?: Record<string, RuleLevel>;
  /** A config file (entity, rates, ruleSet, rules, tdd), or true to find it upward from `cwd`. */
  config?: string | boolean;
  /** A fixed day taken as today (YYYY-MM-DD); default: each request's UTC date. */
  today?: string;
  /** Per-line amounts of a foreign-currency invoice (--line-amounts). */
  lineAmounts?: 'aed' | 'document';
  /** UUID v5 of entity_id + invoice_number in built documents (--deterministic). */
  deterministic?: boolean;
  /** Where relative paths and the local entity store are (default: process.cwd()). */
  cwd?: string;
  /** The TDD parties (POST /v1/tdd's defaults), as the config file's `tdd`. */
  tdd?: { receiver?: string; representative?: string };
  /** Bearer token every request but the probes must carry; never written anywhere by the server. */
  token?: string;
  /** One JSON line per request (default: none). */
  log?: (line: string) => void;
  /** Put each request body in its log line (default false: no invoice content in logs). */
  logBodies?: boolean;
  /** Seconds a client may take to send its headers (default 10) and its whole request (default 30). */
  headersTimeout?: number;
  requestTimeout?: number;
  /** Seconds an idle keep-alive connection stays open (default 5). */
  keepAliveTimeout?: number;
  /** Told what is worth a word but stops nothing (a config key given twice, a store file left out, a worker replaced). */
  onWarning?: (message: string) => void;
}

const OPTIONS = ['workers', 'maxQueue', 'maxBody', 'entity', 'rates', 'ruleSet', 'ruleTimeout', 'ruleMemory', 'rules', 'config', 'today', 'lineAmounts',
  'deterministic', 'cwd', 'tdd', 'token', 'log', 'logBodies', 'headersTimeout', 'requestTimeout', 'keepAliveTimeout', 'onWarning'] as const;

export const DEFAULT_MAX_BODY = 20 * 1024 * 1024;

/** A bearer token pintae accepts (--token-file's and the library's `token`): 16 or more printable ASCII characters, no space. */
export const TOKEN = /^[\x21-\x7e]{16,}$/;

export interface ResolvedServe {
  workers?: number;
  maxQueue?: number;
  maxBodyBytes: number;
  setup: ServeSetup;
  /** The setup again, with the local entity store listed anew (SIGHUP). */
  reloadSetup(): ServeSetup;
  token?: string;
  log?: (line: string) => void;
  logBodies: boolean;
  redact: (text: string) => string;
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  onWorkerReplaced(reason: string): void;
}

const fail = (message: string): never => { throw new TypeError(`createServer: ${message}`); };

/** The option checks speak as the CLI's (src/messages/serve.ts): `<name> <value>: <what it must be>`. */
function whole(name: string, v: unknown, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(serveWords('option-number', { flag: name, value: shown(v), min, max }));
  return v as number;
}

function seconds(name: string, v: unknown, fallback: number): number {
  if (v === undefined) return fallback * 1000;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 3600) fail(serveWords('option-seconds-positive', { flag: name, value: shown(v), max: 3600 }));
  return Math.round((v as number) * 1000);
}

/**
 * A caller's callback (log, onWarning), called from request handling and worker events: one that throws loses that
 * line, never the server. Thrown there, it was an unhandled rejection, which ends a Node process by default.
 */
function contained(f: (line: string) => void, onFault?: (e: unknown) => void): (line: string) => void {
  return (line) => {
    try { f(line); } catch (e) { try { onFault?.(e); } catch { /* the fault's own report failed: nothing more to try */ } }
  };
}

/** Checks every option and turns them into what the pool, the workers and the HTTP layer take. */
export function resolveServeSetup(options: ServeOptions): ResolvedServe {
  if (!isPlainObject(options)) fail(serveWords('option-object', { flag: 'options', value: shown(options) }));
  checkKeys('createServer', options as Record<string, unknown>, OPTIONS);
  const cwd = resolve(options.cwd ?? process.cwd());
  const warn = contained(options.onWarning ?? (() => {}));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = options.config === undefined || options.config === false ? undefined : loadConfig(options.config === true ? undefined : options.config, cwd);
  } catch (e) { throw e instanceof UsageError ? new TypeError(`createServer: ${e.message}`) : e; }
  for (const w of config?.warnings ?? []) warn(w);
  if (options.token !== undefined && (typeof options.token !== 'string' || !TOKEN.test(options.token))) fail(serveWords('token-unusable', { source: 'token' }));
  if (options.today !== undefined && (typeof options.today !== 'string' || todayProblem(options.today))) fail(serveWords('option-date', { flag: 'today', value: shown(options.today) }));
  if (options.lineAmounts !== undefined && options.lineAmounts !== 'aed' && options.lineAmounts !== 'document') fail(serveWords('option-choice', { flag: 'lineAmounts', value: shown(options.lineAmounts), choices: '"aed" or "document"' }));
  if (options.log !== undefined && typeof options.log !== 'function') fail(serveWords('option-function', { flag: 'log', value: shown(options.log) }));
  let ruleLimits;
  try {
    ruleLimits = parseRuleLimits({
      ruleTimeout: options.ruleTimeout === undefined ? undefined : String(options.ruleTimeout),
      ruleMemory: options.ruleMemory === undefined ? undefined : String(options.ruleMemory),
    });
  } catch (e) { throw new RangeError(`createServer: ${(e as Error).message.replace(/^--rule-timeout/, 'ruleTimeout').replace(/^--rule-memory/, 'ruleMemory')}`); }
  const entity = options.entity === undefined ? config?.entity ?? [] : Array.isArray(options.entity) ? options.entity : [options.entity];
  const rates = options.rates ?? config?.rates;
  const ruleSet = options.ruleSet === false ? false : options.ruleSet ?? config?.ruleSet;
  const make = (): ServeSetup => ({
    env: {
      entityFiles: entity.map((f) => resolve(cwd, f)),
      ...(rates !== undefined ? { ratesFile: resolve(cwd, rates) } : {}),
      ruleSet, today: options.today ?? new Date().toISOString().slice(0, 10),
      // A set the config file's ruleSet named: reports name it as the file's, not as --rules.
      ...(ruleSet !== false && options.ruleSet === undefined && config?.ruleSet !== undefined ? { ruleSetFrom: config.file } : {}),
      uuid: options.deterministic ? { kind: 'deterministic' } : { kind: 'random' },
      lineAmounts: options.lineAmounts ?? 'aed', cwd, ruleLimits,
    },
    todayFixed: options.today !== undefined,
    storeFiles: storeFiles(cwd, (file, reason) => warn(serveWords('entity-store-skipped', { file, reason }))),
    rules: options.rules ?? config?.rules ?? {},
    gates: { failSeverity: config?.failSeverity ?? 'error', ...(config?.maxWarnings !== undefined ? { maxWarnings: config.maxWarnings } : {}) },
    tdd: { ...config?.tdd, ...options.tdd },
  });
  return {
    workers: whole('workers', options.workers, 1, 256),
    maxQueue: whole('maxQueue', options.maxQueue, 0, 1_000_000),
    maxBodyBytes: whole('maxBody', options.maxBody, 1, 1 << 30) ?? DEFAULT_MAX_BODY,
    setup: make(),
    reloadSetup: make,
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.log ? { log: contained(options.log, (e) => warn(serveWords('log-failed', { reason: e instanceof Error ? e.message : shown(e) }))) } : {}),
    logBodies: options.logBodies === true,
    redact: options.token !== undefined ? redactorWith([options.token]) : redactorWith([]),
    headersMs: seconds('headersTimeout', options.headersTimeout, 10),
    requestMs: seconds('requestTimeout', options.requestTimeout, 30),
    keepAliveMs: seconds('keepAliveTimeout', options.keepAliveTimeout, 5),
    onWorkerReplaced: (reason) => warn(serveWords('worker-replaced', { reason })),
  };
}
