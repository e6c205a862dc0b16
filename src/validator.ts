import { validateInvoice, type InvoiceOutcome, type PipelineEnv } from './pipeline.js';
import { parseRuleLimits, type RuleLimits } from './schematron/limits.js';
import { loadEnv } from './batch/env.js';
import { DuplicateNumbers, unreadable, validateText } from './batch/work.js';
import { decodeText } from './io/text.js';
import { checkXml } from './check.js';
import { jsonNotXml } from './io/input-kind.js';
import { loadConfig } from './config/load.js';
import { sameRuleKeys } from './config/overrides.js';
import { RuleOverrides } from './report/gates.js';
import { checkConfigOverrides, ruleSetName } from './config/rule-ids.js';
import { UsageError } from './io/errors.js';
import { asBytes, checkInput, checkRuleIds, checkTddCallOptions, checkValidatorOptions, entityRecords, resolvedCwd } from './validator-options.js';
import type { RateTable } from './derive/rates.js';
import type { UuidMode } from './derive/uuid.js';
import type { Entity, Finding, JudgedBy, RejectedResponse, ValidateResponse } from './model/types.js';
import type { DocumentType, ReportedFinding, ReportedOwn, RuleLevel } from './model/report.js';
import { localDateTime, TddOptionError, type TddOptions } from './tdd/options.js';
import { tddOfBody, tddOfJson, tddOfXml, type TddResult, type SourceDocument } from './tdd/run.js';
import { randomUUID } from 'node:crypto';
import { libraryWords } from './messages/library.js';
import { readGiven } from './validator-input.js';

/**
 * What `createValidator` takes: the CLI's options for `validate` and `check`, by the same names as the config file
 * (README "Config file"). Paths are taken from `cwd`.
 */
export interface ValidatorOptions {
  /** Seller entity record files (--entity): one JSON object or an array each. */
  entity?: string | string[];
  /** Entity records given directly; they win over `entity` files and the local store. */
  entities?: Entity[];
  /** CBUAE rate table (--rates): a JSON or CSV file, or a table loaded with `loadRates`/`parseRates`. */
  rates?: string | RateTable;
  /** The PINT-AE rule set (--rules): `builtin` (default), `builtin-saxon`, a name added with `pintae rules add`, a path; false: none (--no-schematron). */
  ruleSet?: string | false;
  /** CPU time, in seconds, one document's rule run may take (--rule-timeout; default 30): past it the document fails with pintae/rules-failed. */
  ruleTimeout?: number;
  /** Memory, in MB, a rule run may use (--rule-memory; default 2048). */
  ruleMemory?: number;
  /** Rule overrides, as the config file's `rules`: `{ "ibr-127-ae": "warning" }`. */
  rules?: Record<string, RuleLevel>;
  /** The config file to read entity, rates, ruleSet and rules from (options given here win): a path, or true to find it upward from `cwd` as the CLI does. Default: none. */
  config?: string | boolean;
  /** Today's date, YYYY-MM-DD (--today); default: the current date (UTC) at each call, as the service reads it per request. */
  today?: string;
  /** cbc:ID and cbc:UUID (--uuid). */
  uuid?: string;
  /** UUID v5 of entity_id + invoice_number (--deterministic). */
  deterministic?: boolean;
  /** Per-line BTAE-08/10 of a foreign-currency invoice (--line-amounts). */
  lineAmounts?: 'aed' | 'document';
  /** Where relative paths and the local entity store (.pintae/entities/) are; default: process.cwd(). */
  cwd?: string;
  /** tdd(): the parties every TDD names, as the config file's `tdd` (0242:<id>); tdd()'s own options win. */
  tdd?: { receiver?: string; representative?: string };
  /** Told what the CLI says as `pintae: warning:` (a key given twice in the config file or an entity file), located `file:line:column: …`; default: nothing is said. */
  onWarning?: (message: string) => void;
}

/** What tdd() takes: `pintae tdd`'s options by their long names; receiver and representative may come from createValidator's `tdd` or the config file. */
export type TddCallOptions = Partial<TddOptions>;

/** One TDD, or why there is none. */
export interface TddCallResult {
  /** A TDD was made. */
  ok: boolean;
  /** The TDD (null when refused). */
  xml: string | null;
  /** The source document's findings: its errors refused it (types S, R, W), its warnings came with it; and the TDD's own warnings (BTAE-20 left out: pintae/tdd-aed-total). */
  findings: Finding[];
  /** Why no TDD could be made (unreadable input, not UBL, lacking what a TDD reports), where. */
  error?: { message: string; line?: number; column?: number };
  /** Said to the caller, as the CLI says them on stderr: a transport id pintae generated. */
  warnings: string[];
}

/** One invoice's result: what the CLI's JSON report gives for it, without the file it came from. */
export interface ValidatorResult {
  /** The verdict with the rule overrides applied (the CLI's `valid`). */
  valid: boolean;
  /** Refused with 400 before validation (spec 4.2): `response` is then the 400 body. */
  rejected: boolean;
  /** The service's answer (spec 2.10), or null when the input could not be read at all (`error` says why). */
  response: ValidateResponse | RejectedResponse | null;
  /**
   * pintae's own findings, beside the response and never in it (`pintae/…`: unknown keys, the rule set's validity,
   * rules that could not be run), each with its severity; absent when none.
   */
  pintae_findings?: ReportedOwn[];
  /** Why the input could not be read (JSON or XML that is not well-formed), where. */
  error?: { message: string; line?: number; column?: number };
  /** Findings a rule override turned off: out of the verdict, kept here. */
  suppressed?: ReportedFinding[];
  /** Where the invoice's invoice_number is in the text given (validate of JSON text). */
  position?: { line: number; column: number };
  /** The PINT-AE rule set that judged the document read (check) or built (validate), chosen by its CustomizationID and issue date, when rules ran. */
  rule_set?: JudgedBy;
  /** The UBL XML built (validate); null for check, or when none could be built. */
  xml: string | null;
  /** Every finding as the pipeline made it, before the overrides (response holds them as reported). */
  findings: Finding[];
}

/**
 * check()'s result: never a 400 refusal, so `response` is the service's answer, or null when the XML could not be read;
 * `document` what was read, as in the CLI's JSON report (`invoice`, `credit_note`, `tdd`, `other`; absent when unreadable).
 */
export type CheckResult = ValidatorResult & { response: ValidateResponse | null; document?: DocumentType };

export interface Validator {
  /**
   * One invoice request body: an object, or JSON text or bytes (its findings then get the line and column of their
   * field, as the CLI's do; bytes are read as the CLI reads a file: UTF-8, or UTF-16 with a byte-order mark, anything
   * else an `error` at its byte). A bulk body or an array is refused: use `validateMany`.
   */
  validate(body: unknown): ValidatorResult;
  /** JSON text or bytes, or a value, holding one invoice, a bulk body `{invoices: [...]}` or an array: one result per invoice, duplicate numbers warned as in one CLI run. */
  validateMany(input: unknown): ValidatorResult[];
  /** An existing UBL invoice (XML text or bytes: a Uint8Array, a Buffer, an ArrayBuffer) through well-formedness and the PINT-AE rules, as `pintae check`. */
  check(xml: string | ArrayBuffer | ArrayBufferView): CheckResult;
  /**
   * The Tax Data Document of one invoice, as `pintae tdd` makes it: UBL XML (text or bytes), or one invoice request
   * (an object, or JSON text), built as validate builds it. A bad option throws a TypeError naming it.
   */
  tdd(invoice: unknown, options?: TddCallOptions): TddCallResult;
}

const ONE = libraryWords('validate-one');
const utcDay = () => new Date().toISOString().slice(0, 10);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidMode(options: ValidatorOptions): UuidMode {
  if (options.uuid !== undefined && options.deterministic) throw new TypeError(libraryWords('uuid-and-deterministic'));
  if (options.uuid !== undefined) {
    if (!UUID.test(options.uuid)) throw new TypeError(libraryWords('uuid-form', { uuid: options.uuid }));
    return { kind: 'fixed', value: options.uuid.toLowerCase() };
  }
  return options.deterministic ? { kind: 'deterministic' } : { kind: 'random' };
}

const isBulk = (v: unknown) => Array.isArray(v) || (v !== null && typeof v === 'object' && Array.isArray((v as { invoices?: unknown }).invoices));

/** A result of the batch runner (src/batch/) without what belongs to a file: the library answers for the input it was given. */
function plain(r: ReturnType<typeof validateText>[number], overrides: RuleOverrides): ValidatorResult {
  const judged = overrides.apply(r) as typeof r & { suppressed?: ReportedFinding[] };
  const { valid, rejected, response, error, suppressed, position, xml, findings, rule_set, pintae_findings } = judged;
  return {
    valid, rejected, response, ...(pintae_findings?.length ? { pintae_findings } : {}), xml, findings,
    ...(rule_set ? { rule_set } : {}),
    ...(error ? { error: { message: error.message, ...(error.line !== undefined ? { line: error.line, column: error.column } : {}) } } : {}),
    ...(suppressed ? { suppressed } : {}),
    ...(position ? { position } : {}),
  };
}

function ofOutcome(outcome: InvoiceOutcome): ReturnType<typeof validateText>[number] {
  const base = { file: '', index: null, xmlPath: null };
  if (outcome.kind === 'rejected') return { ...base, valid: false, rejected: true, response: outcome.response, findings: [], xml: null };
  return { ...base, valid: outcome.valid, rejected: false, response: outcome.response, ...(outcome.pintae.length ? { pintae_findings: outcome.pintae } : {}), findings: outcome.findings, xml: outcome.xml, ...(outcome.judgedBy ? { rule_set: outcome.judgedBy } : {}) };
}

/** A numeric option as the CLI's parser reads it; anything else is the caller's mistake, said as the CLI says it. */
function numberOption(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(libraryWords('not-a-number', { name, value: String(JSON.stringify(value)) }));
  return String(value);
}

/** The CLI's usage error, in the library's terms: an option's name as the library spells it (--rule-timeout: ruleTimeout). */
function asArgumentError(e: unknown, fn: string, Kind: typeof TypeError | typeof RangeError = TypeError): unknown {
  if (!(e instanceof UsageError)) return e;
  return new Kind(`${fn}: ${e.message.replace(/^--([a-z-]+)/, (_, flag: string) => flag.replace(/-([a-z])/g, (__, c: string) => c.toUpperCase()))}`);
}

/**
 * The library's validator (issue 12): the pipeline the CLI runs, with the built-in PINT-AE rules (or the rule set
 * named) compiled once, the entity records and the rate table loaded once, and the rule overrides applied to each
 * result as the CLI's reports apply them. Every option is checked first, as the CLI checks its own (issue 22: a
 * TypeError, or a RangeError for a number out of range, in the CLI's words); a config file that the CLI would refuse
 * is a TypeError too, located as the CLI locates it. A bad entity file, rate table or rule set rejects the promise.
 */
export async function createValidator(optionsGiven: ValidatorOptions = {}): Promise<Validator> {
  // Read once: a getter or a Proxy is asked once, and what was checked is what is used.
  const options = readGiven('createValidator', optionsGiven, 'options') as ValidatorOptions;
  checkValidatorOptions(options);
  const cwd = resolvedCwd(options.cwd);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = options.config === undefined || options.config === false ? undefined : loadConfig(options.config === true ? undefined : options.config, cwd);
  } catch (e) { throw asArgumentError(e, 'createValidator'); }
  for (const message of config?.warnings ?? []) options.onWarning?.(message);
  const entityFiles = options.entity === undefined ? config?.entity ?? [] : Array.isArray(options.entity) ? options.entity : [options.entity];
  const rates = options.rates ?? config?.rates;
  let ruleLimits: RuleLimits;
  try {
    ruleLimits = parseRuleLimits({ ruleTimeout: numberOption('ruleTimeout', options.ruleTimeout), ruleMemory: numberOption('ruleMemory', options.ruleMemory) });
  } catch (e) { throw asArgumentError(e, 'createValidator', RangeError); }
  const given = options.entities === undefined ? [] : entityRecords(options.entities);
  const ruleSet = options.ruleSet === false ? false : options.ruleSet ?? config?.ruleSet;
  const env: PipelineEnv = await loadEnv({
    entityFiles,
    ratesFile: typeof rates === 'string' ? rates : undefined,
    ruleSet,
    today: options.today ?? utcDay(),
    uuid: uuidMode(options),
    lineAmounts: options.lineAmounts ?? 'aed',
    cwd,
    ruleLimits,
  }, options.onWarning);
  if (rates !== undefined && typeof rates !== 'string') env.rates = rates;
  if (given.length) {
    const byId = new Map(given.map((e) => [e.entity_id, e]));
    const fromFiles = env.findEntity;
    env.findEntity = (id) => byId.get(id) ?? fromFiles(id);
    const stored = env.knownEntities;
    env.knownEntities = () => [...new Set([...byId.keys(), ...(stored?.() ?? [])])];
  }
  // The ids are known once the rule set is: an added one brings ids of its own.
  const setName = ruleSetName(ruleSet === false ? undefined : ruleSet, env.schematron);
  try { if (config) for (const message of checkConfigOverrides({ config, ruleSet: setName }, env.schematron)) options.onWarning?.(message); } catch (e) { throw asArgumentError(e, 'createValidator'); }
  if (options.rules) checkRuleIds(options.rules, setName);
  const rules = options.rules ?? config?.rules ?? {};
  // Ids are matched without regard to case: two keys for one rule would give it two levels.
  const same = sameRuleKeys(rules)[0];
  if (same) throw new TypeError(libraryWords('rules-same', { id: same.id, earlier: same.earlier }));
  const rulesOf = () => new RuleOverrides(rules);
  // Today is the day of each call, as serve's workers read it for each request: a validator made at an ERP's start
  // and used for weeks would otherwise judge every invoice against the day it was made (a rate published since, an
  // invoice dated since, refused as "no rate"). `today` given fixes it.
  const dated = () => { if (options.today === undefined) env.today = utcDay(); };

  const fromText = (text: string, single: boolean): ValidatorResult[] => {
    const overrides = rulesOf();
    const duplicates = new DuplicateNumbers();
    const results = validateText('', text, env, true, false, false, 'library');
    if (single && results.some((r) => r.index !== null)) throw new TypeError(ONE);
    return results.map((r) => plain(duplicates.mark(r), overrides));
  };
  const fromBytes = (bytes: Uint8Array, single: boolean): ValidatorResult[] => {
    const decoded = decodeText(bytes, 'document');
    if (decoded.ok) return fromText(decoded.text, single);
    return [plain(unreadable('', { message: decoded.message, line: decoded.line, column: decoded.column }), rulesOf())];
  };
  const many = (given: unknown): ValidatorResult[] => {
    const overrides = rulesOf();
    if (typeof given === 'string') return fromText(given, false);
    const bytes = asBytes(given);
    if (bytes) return fromBytes(bytes, false);
    const input = readGiven('validateMany', given);
    const items = Array.isArray(input) ? input : isBulk(input) ? (input as { invoices: unknown[] }).invoices : [input];
    // The same warning the CLI gives a number repeated in one run: through the text path's bookkeeping, by value.
    const seen = new Set<string>();
    return items.map((item) => {
      const o = item as Record<string, unknown> | null;
      // A blank number is none (the invoice lacks one): nothing for a second one to repeat.
      const key = o && typeof o === 'object' && typeof o.entity_id === 'string' && typeof o.invoice_number === 'string' && o.invoice_number.trim() !== ''
        ? `${o.entity_id}\u0000${o.invoice_number.trim()}` : undefined;
      const duplicate = key !== undefined && seen.has(key);
      if (key !== undefined) seen.add(key);
      return plain(ofOutcome(validateInvoice(item, { ...env, duplicate })), overrides);
    });
  };

  const tddParties = { ...config?.tdd, ...options.tdd };
  const tdd = (source: unknown, options?: TddCallOptions): TddCallResult => {
    checkInput('tdd', source);
    dated();
    const invoice = typeof source === 'string' ? source : asBytes(source) ?? readGiven('tdd', source);
    const given = checkTddCallOptions(readGiven('tdd', options, 'options')) as TddCallOptions;
    const receiver = given.receiver ?? tddParties.receiver;
    const representative = given.representative ?? tddParties.representative;
    if (receiver === undefined || representative === undefined) throw new TypeError(libraryWords('tdd-parties'));
    const warnings: string[] = [];
    const transportId = given.transportId ?? ((document: SourceDocument) => {
      const id = randomUUID();
      warnings.push(libraryWords('tdd-transport-generated', { id, document }));
      return id;
    });
    const now = new Date();
    const run = { ...given, receiver, representative, transportId, issued: given.issued ?? localDateTime(now, -now.getTimezoneOffset()) };
    let result: TddResult;
    try {
      if (invoice instanceof Uint8Array || (typeof invoice === 'string' && /^\uFEFF?\s*</.test(invoice))) result = tddOfXml(invoice, env.schematron, run, 'library');
      else if (isBulk(invoice)) throw new TypeError(libraryWords('tdd-one'));
      else if (typeof invoice !== 'string') result = tddOfBody(invoice, { ...env, duplicate: false }, run);
      else {
        const results = tddOfJson('', invoice, env, run, 'library');
        if (results.length !== 1) throw new TypeError(libraryWords('tdd-one'));
        result = results[0]!;
      }
    } catch (e) {
      throw e instanceof TddOptionError ? asArgumentError(new UsageError(e.message, 'usage', e.said), 'tdd') : e;
    }
    const { ok, xml, findings, error } = result;
    return { ok, xml, findings, ...(error ? { error } : {}), warnings: ok ? warnings : [] };
  };

  return {
    tdd,
    validate(given) {
      checkInput('validate', given);
      dated();
      if (typeof given === 'string') return fromText(given, true)[0]!;
      const bytes = asBytes(given);
      if (bytes) return fromBytes(bytes, true)[0]!;
      const body = readGiven('validate', given);
      if (isBulk(body)) throw new TypeError(ONE);
      return plain(ofOutcome(validateInvoice(body, { ...env, duplicate: false })), rulesOf());
    },
    validateMany(input) {
      checkInput('validateMany', input);
      dated();
      return many(input);
    },
    check(given) {
      checkInput('check', given);
      dated();
      const xml = typeof given === 'string' ? given : asBytes(given)!;
      const outcome = checkXml(xml, env.schematron, [], 'document');
      if (!outcome.wellFormed.ok) {
        const { message: why, line, column } = outcome.wellFormed;
        // JSON given where XML was meant: the method to call, as the CLI names the command to run.
        const message = jsonNotXml(typeof xml === 'string' ? Buffer.from(xml.slice(0, 256)) : xml, '', 'library') ?? why;
        return { valid: false, rejected: false, response: null, error: { message, ...(line !== undefined ? { line, column } : {}) }, xml: null, findings: [] };
      }
      const result = plain({ file: '', index: null, xmlPath: null, valid: outcome.valid!, rejected: false, response: outcome.response, ...(outcome.pintae?.length ? { pintae_findings: outcome.pintae } : {}), findings: outcome.findings, xml: null, ...(outcome.judgedBy ? { rule_set: outcome.judgedBy } : {}) }, rulesOf()) as CheckResult;
      return outcome.document ? { ...result, document: outcome.document } : result;
    },
  };
}
