import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Finding } from '../model/types.js';
import { sectionOfField } from './sections.js';
import { invoiceSchema } from './invoice.schema.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;

/** Largest magnitude an amount may have: beyond it a decimal is no longer an invoice figure (and JSON numbers lose digits). */
export const MAX_AMOUNT = 1e13;
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function isDecimal(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) < MAX_AMOUNT;
  if (typeof value === 'string') return DECIMAL_TEXT.test(value.trim()) && Math.abs(Number(value)) < MAX_AMOUNT;
  return false;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addKeyword({ keyword: 'x-decimal', validate: (_: unknown, data: unknown) => isDecimal(data), errors: false });
const validateBody = ajv.compile(invoiceSchema);

/** `/line_items/2/tax_amount` → `line_items[2].tax_amount` */
function fieldOf(error: ErrorObject): string {
  let path = error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.').replace(/^\./, '');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    path = path ? `${path}.${missing}` : missing;
  }
  return path || '(body)';
}

function wording(error: ErrorObject, field: string): string {
  switch (error.keyword) {
    case 'required': return `${field} is required`;
    case 'type': return `${field} must be ${error.params.type === 'object' ? 'an object' : error.params.type === 'array' ? 'an array' : `a ${error.params.type}`}`;
    case 'format': return `${field} must be a calendar date in YYYY-MM-DD form`;
    case 'enum': return `${field} must be one of ${(error.params.allowedValues as string[]).join(', ')}`;
    case 'minItems': return `${field} must hold at least one line`;
    case 'x-decimal': return `${field} must be a number (an amount below 10,000,000,000,000)`;
    case 'pattern':
      if (field === 'transaction_type_code') return 'transaction_type_code must be exactly 8 characters, each 0 or 1';
      if (field === 'currency') return 'currency must be a three-letter ISO 4217 code';
      return `${field} has the wrong form`;
    default: return `${field} ${error.message ?? 'is not valid'}`;
  }
}

const RULE_OF_FIELD: Record<string, string> = { transaction_type_code: 'ibr-154-ae' };

/** The schema stage: located field errors with human wording; an empty list when the body has the right shape. */
export function checkSchema(body: unknown): Finding[] {
  if (validateBody(body)) return [];
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const error of validateBody.errors ?? []) {
    const field = fieldOf(error);
    const message = wording(error, field);
    if (seen.has(message)) continue;
    seen.add(message);
    const rule = RULE_OF_FIELD[field];
    findings.push({ message, section: sectionOfField(field), severity: 'error', field, ...(rule ? { rule } : {}) });
  }
  return findings;
}
