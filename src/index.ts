/** pintae's library API: the same pipeline the CLI runs. */
export { validateInvoice, MESSAGE_INVALID, MESSAGE_VALID, type InvoiceOutcome, type PipelineEnv } from './pipeline.js';
export { RULES, runRules, type Rule, type RuleContext } from './rules/index.js';
export { deriveBuyerEndpoint, type Endpoint } from './derive/endpoint.js';
export { RateTable, resolveRate } from './derive/rates.js';
export { parseRates, loadRates } from './io/rates.js';
export { loadEntityFile, loadEntityFiles, toEntity } from './io/entities.js';
export { renderInvoice } from './ubl/invoice.js';
export type * from './model/types.js';
export { loadConfig, findConfigFile, readConfig, CONFIG_NAMES, type PintaeConfig } from './config/load.js';
export { FORMATTERS, STREAMS, FORMAT_NAMES, summarize, type FormatName } from './formatters/index.js';
export type { Report, Summary, ReportResult, ReportedOwn, RuleLevel, DocumentType } from './model/report.js';
export { createValidator, type Validator, type ValidatorOptions, type ValidatorResult, type CheckResult, type TddCallOptions, type TddCallResult } from './validator.js';
export { buildTdd, TddSourceError, type BuiltTdd } from './tdd/build.js';
export { TDD_TYPES, TDD_SCOPES, TDD_ROLES, TddOptionError, type TddOptions, type TddType, type TddScope, type TddRole } from './tdd/options.js';
export { crossCheckTdd, type CrossCheckOptions } from './tdd/cross-check.js';
export { createServer, type PintaeServer, type ServeOptions } from './serve/index.js';
