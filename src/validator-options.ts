import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { closestIds, overrideProblem } from './config/overrides.js';
import { knownRuleIds } from './config/rule-ids.js';
import { todayProblem } from './config/today.js';
import { RateTable } from './derive/rates.js';
import { toEntity } from './io/entities.js';
import { UsageError } from './io/errors.js';
import type { Entity } from './model/types.js';
import { participant, TddOptionError } from './tdd/options.js';

/**
 * The library's arguments, checked as the CLI checks its options, in its words: a wrong kind of value, or a value
 * outside those allowed, is a TypeError (as Node's ERR_INVALID_ARG_TYPE and ERR_INVALID_ARG_VALUE are); a number
 * outside its range a RangeError (as ERR_OUT_OF_RANGE). Each message names the function and the option.
 */
export const VALIDATOR_OPTIONS = ['entity', 'entities', 'rates', 'ruleSet', 'ruleTimeout', 'ruleMemory', 'rules', 'config', 'today', 'uuid', 'deterministic', 'lineAmounts', 'cwd', 'tdd', 'onWarning'] as const;
export const TDD_CALL_OPTIONS = ['type', 'role', 'scope', 'reporter', 'receiver', 'representative', 'transportId', 'issued'] as const;
const LEVELS = ['error', 'warning', 'info', 'off'];

/**
 * Bytes in any of the forms Node and the web platform hand them over (as TextDecoder takes them): a Uint8Array or
 * Buffer as given; an ArrayBuffer (`await response.arrayBuffer()`), or another view of one (a DataView, a typed
 * array), as the bytes it holds. Anything else: undefined.
 */
export function asBytes(input: unknown): Uint8Array | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  try {
    if (input instanceof Uint8Array) return input;
    if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && input instanceof SharedArrayBuffer)) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  } catch {
    // A revoked Proxy: no bytes; readBody says what it is.
  }
  return undefined;
}

/** A value as a message shows it: short, and never the whole of a large one. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return `bytes (a ${value.constructor.name})`;
  if (typeof value === 'function') return 'a function';
  return typeof value === 'object' ? 'an object' : typeof value;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array);
const fail = (fn: string, message: string): never => { throw new TypeError(`${fn}: ${message}`); };

/** Options other than the names known: the closest named, as the config file's unknown keys are. */
export function checkKeys(fn: string, given: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(given)) {
    if (known.includes(key)) continue;
    const near = closestIds(key, known);
    fail(fn, `unknown option ${JSON.stringify(key)}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}; the options are ${known.join(', ')}`);
  }
}

const text = (fn: string, name: string, v: unknown, what: string) => {
  if (typeof v !== 'string' || v.trim() === '') fail(fn, `${name} must be ${what} (got ${shown(v)})`);
};

/** Everything about createValidator's options that can be told before anything is read. */
export function checkValidatorOptions(options: unknown): void {
  const fn = 'createValidator';
  if (!isPlainObject(options)) fail(fn, `options must be an object, as { entity, rates, ruleSet } (got ${shown(options)})`);
  const o = options as Record<string, unknown>;
  checkKeys(fn, o, VALIDATOR_OPTIONS);
  const has = (k: string) => o[k] !== undefined;
  if (has('entity')) {
    const list = Array.isArray(o.entity) ? o.entity : [o.entity];
    if (list.length === 0 || list.some((f) => typeof f !== 'string' || f.trim() === '')) fail(fn, `entity must be a file path or a list of file paths (got ${shown(o.entity)})`);
  }
  if (has('entities') && !Array.isArray(o.entities)) fail(fn, `entities must be a list of entity records (got ${shown(o.entities)})`);
  if (has('rates') && !(o.rates instanceof RateTable)) text(fn, 'rates', o.rates, 'a rate-table file (JSON or CSV) or a table from loadRates or parseRates');
  if (has('ruleSet') && o.ruleSet !== false) text(fn, 'ruleSet', o.ruleSet, 'builtin, a rule set added with pintae rules add, a path, or false for none');
  if (has('rules')) checkRuleLevels(fn, o.rules);
  if (has('config') && typeof o.config !== 'boolean') text(fn, 'config', o.config, 'a config file path, or true to find it as the CLI does');
  if (has('today')) {
    if (typeof o.today !== 'string') fail(fn, `today must be a date as YYYY-MM-DD (got ${shown(o.today)})`);
    const problem = todayProblem(o.today as string);
    if (problem) fail(fn, `today ${o.today}: ${problem}`);
  }
  if (has('uuid')) text(fn, 'uuid', o.uuid, 'a UUID (8-4-4-4-12 hexadecimal digits)');
  if (has('deterministic') && typeof o.deterministic !== 'boolean') fail(fn, `deterministic must be true or false (got ${shown(o.deterministic)})`);
  if (has('onWarning') && typeof o.onWarning !== 'function') fail(fn, `onWarning must be a function taking the warning's words (got ${shown(o.onWarning)})`);
  if (has('lineAmounts') && o.lineAmounts !== 'aed' && o.lineAmounts !== 'document') fail(fn, `lineAmounts ${typeof o.lineAmounts === 'string' ? o.lineAmounts : shown(o.lineAmounts)}: choose aed or document`);
  if (has('cwd')) {
    text(fn, 'cwd', o.cwd, 'a directory path');
    if (!existsSync(o.cwd as string) || !statSync(o.cwd as string).isDirectory()) fail(fn, `cwd ${o.cwd}: no such directory`);
  }
  if (has('tdd')) checkTddParties(fn, o.tdd);
}

/** The entity records given, read as an entity file's are (`--entity`): an object with an entity_id each. */
export function entityRecords(given: unknown[]): Entity[] {
  return given.map((raw, i) => {
    try { return toEntity(raw, `entities[${i}]`); } catch (e) { throw e instanceof UsageError ? new TypeError(`createValidator: ${e.message}`) : e; }
  });
}

function checkRuleLevels(fn: string, rules: unknown): void {
  if (!isPlainObject(rules)) fail(fn, `rules must be an object of rule id and level, as the config file's: { "ibr-127-ae": "warning" } (got ${shown(rules)})`);
  for (const [id, level] of Object.entries(rules as Record<string, unknown>)) {
    if (!LEVELS.includes(level as string)) fail(fn, `rules.${id} must be one of ${LEVELS.map((l) => JSON.stringify(l)).join(', ')} (got ${shown(level)})`);
  }
}

/** Each rule id known for the rule set in use, as the CLI checks a config file's (config/overrides.ts). */
export function checkRuleIds(rules: Record<string, unknown>, ruleSet: string | undefined): void {
  const known = knownRuleIds(ruleSet);
  for (const id of Object.keys(rules)) {
    const problem = overrideProblem(id, known);
    if (problem) fail('createValidator', problem);
  }
}

/** The parties of createValidator's `tdd`, as the config file's: 0242:<id> each. */
function checkTddParties(fn: string, tdd: unknown): void {
  if (!isPlainObject(tdd)) fail(fn, `tdd must be an object, as { receiver: '0242:000773', representative: '0242:000001' } (got ${shown(tdd)})`);
  const t = tdd as Record<string, unknown>;
  checkKeys(`${fn}: tdd`, t, ['receiver', 'representative']);
  for (const name of ['receiver', 'representative']) {
    if (t[name] === undefined) continue;
    text(fn, `tdd.${name}`, t[name], 'a participant under scheme 0242: 0242:<id>');
    try { participant(`tdd.${name}`, t[name] as string, '0242'); } catch (e) { if (e instanceof TddOptionError) fail(fn, e.message); throw e; }
  }
}

/** tdd()'s options: an object of the known names, each a string (their values are checked where they are used). */
export function checkTddCallOptions(given: unknown): Record<string, string | undefined> {
  if (given === undefined) return {};
  if (!isPlainObject(given)) fail('tdd', `options must be an object, as { type: 'S', role: 'sender' } (got ${shown(given)})`);
  const o = given as Record<string, unknown>;
  checkKeys('tdd', o, TDD_CALL_OPTIONS);
  for (const [name, value] of Object.entries(o)) if (value !== undefined && typeof value !== 'string') fail('tdd', `${name} must be a string (got ${shown(value)})`);
  return o as Record<string, string | undefined>;
}

/** What each method takes; anything else a TypeError naming what it got. */
export function checkInput(fn: 'validate' | 'validateMany' | 'check' | 'tdd', input: unknown): void {
  const ok = fn === 'check' ? typeof input === 'string' || asBytes(input) !== undefined
    : typeof input === 'string' || (input !== null && typeof input === 'object');
  if (ok) return;
  const wanted = {
    validate: 'one invoice request: an object, or JSON text or bytes',
    validateMany: 'invoice requests: JSON text or bytes, an object, a bulk body { invoices: [...] } or an array',
    check: 'one XML document: text, or bytes (a Uint8Array, a Buffer or an ArrayBuffer)',
    tdd: 'one invoice: UBL XML (text or bytes), or an invoice request (an object, or JSON text)',
  }[fn];
  fail(fn, `takes ${wanted} (got ${shown(input)})`);
}

export const resolvedCwd = (cwd: unknown) => (typeof cwd === 'string' ? resolve(cwd) : process.cwd());
