import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, KeywordCxt } from 'ajv';
import { invoiceSchema } from './invoice.schema.js';

/** Largest magnitude an amount may have: beyond it a decimal is no longer an invoice figure (and JSON numbers lose digits). */
export const MAX_AMOUNT = 1e13;
/** The text of an amount sent as a string (spaces around it are read away). */
export const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The compiled request-body schema: ajv's validate function. */
export interface BodyValidator {
  (body: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const require = createRequire(import.meta.url);

/**
 * The Ajv instance the body schema is compiled with, at run time or (`source`) by the build into standalone code.
 * `x-decimal` is generated code rather than a callback, so the standalone module needs nothing of pintae's.
 */
export function invoiceAjv(source: boolean): Ajv {
  const { Ajv: AjvClass, _ } = require('ajv') as typeof import('ajv');
  const formats = require('ajv-formats') as { default: (ajv: Ajv) => Ajv };
  // The schema is ours and fixed: checking it against the JSON Schema meta-schema on every start cost ~40 ms of a cold run.
  const ajv = new AjvClass({ allErrors: true, strict: false, validateSchema: false, ...(source ? { code: { source: true } } : {}) });
  formats.default(ajv);
  ajv.addKeyword({
    keyword: 'x-decimal',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      const pattern = gen.scopeValue('pattern', { key: DECIMAL_TEXT.source, ref: DECIMAL_TEXT, code: _`new RegExp(${DECIMAL_TEXT.source})` });
      cxt.fail(_`!(typeof ${data} == "number" ? Number.isFinite(${data}) && Math.abs(${data}) < ${MAX_AMOUNT}
        : typeof ${data} == "string" && ${pattern}.test(${data}.trim()) && Math.abs(Number(${data})) < ${MAX_AMOUNT})`);
    },
  });
  return ajv;
}

const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;

/**
 * What the standalone module was generated from: the schema, the Ajv set-up above and the versions of ajv and
 * ajv-formats. A module with another key is stale (a schema edited without a build) and is not used.
 */
export function bodyValidatorKey(): string {
  return createHash('sha256').update(JSON.stringify(invoiceSchema)).update(invoiceAjv.toString())
    .update(`ajv@${version('ajv')} ajv-formats@${version('ajv-formats')}`).digest('hex');
}

/** Where `npm run build` writes the standalone validator (scripts/build-schema.mjs), beside this module in dist/. */
export const STANDALONE_FILE = 'invoice-body.validate.cjs';

/**
 * The body validator: the standalone code `npm run build` generated when it fits this schema (a process start then
 * loads neither ajv's compiler nor compiles the schema: ~70 ms of every cold run), else compiled here.
 */
export function loadBodyValidator(file = `./${STANDALONE_FILE}`): BodyValidator {
  let standalone: (BodyValidator & { key?: string }) | undefined;
  // Missing (a build without scripts/build-schema.mjs) or damaged, it only costs the compile below.
  try { standalone = require(file) as typeof standalone; } catch { standalone = undefined; }
  return standalone?.key === bodyValidatorKey() ? standalone : compileBodyValidator();
}

export const compileBodyValidator = (): BodyValidator => invoiceAjv(false).compile(invoiceSchema);
