import { finding } from '../messages/findings.js';
import { own } from '../messages/own.js';
import type { Worded } from '../messages/ref.js';
import type { ErrorObject } from 'ajv';
import type { Entity, Finding } from '../model/types.js';
import { ENTITY_TEXT_FIELDS } from '../ubl/parties.js';
import { NOT_XML_CHAR } from '../ubl/serialize.js';
import { MAX_TEXT_BYTES, utf8Length } from '../xpath/xml.js';
import { sectionOfField } from './sections.js';
import { invoiceSchema } from './invoice.schema.js';
import { lookup } from '../codelists/lookup.js';
import { DECIMAL_TEXT, loadBodyValidator } from './body-validator.js';

const validateBody = loadBodyValidator();

/** `/line_items/2/tax_amount` → `line_items[2].tax_amount` */
function fieldOf(error: ErrorObject): string {
  let path = error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.').replace(/^\./, '');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    path = path ? `${path}.${missing}` : missing;
  }
  return path || '(body)';
}

/** The value at the error's place (`/line_items/0/unit_amount`), read from the body as the schema saw it. */
function valueOf(body: unknown, error: ErrorObject): unknown {
  let node = body;
  for (const key of error.instancePath.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A number, or text that reads as one: an amount refused for its size, not its form. */
const numeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && DECIMAL_TEXT.test(v.trim()));

function wording(error: ErrorObject, field: string, body: unknown): Worded | string {
  switch (error.keyword) {
    case 'required': return finding('field.required', { field });
    case 'type': return finding('field.type', { field, type: String(error.params.type) });
    case 'format': return finding('field.date', { field });
    case 'enum': return finding('field.enum', { field, allowed: error.params.allowedValues as string[] });
    case 'minItems': return finding('field.lines', { field });
    // A number too large is told so; text that is no number is not told of a size it does not have (issue 24).
    case 'x-decimal': return numeric(valueOf(body, error)) ? finding('field.amount-too-large', { field }) : finding('field.number', { field });
    case 'pattern':
      if (field === 'transaction_type_code') return finding('field.transaction-type-form');
      if (field === 'currency') return finding('field.currency-form');
      return finding('field.form', { field });
    // ajv's own words for a keyword the schema may gain later: English only, the only sentence here without an id.
    default: return `${field} ${error.message ?? 'is not valid'}`;
  }
}

const RULE_OF_FIELD: Record<string, string> = { transaction_type_code: 'ibr-154-ae' };

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The UTF-8 length of text longer than libxml2 reads in one text node (XML_MAX_TEXT_LENGTH), else undefined: such
 * text would be written, then refused by pintae check, pintae tdd and the receiver alike. Measured on the value as
 * sent, which is what a reader gets back from the text node (escapes are undone); the writer guards the rest.
 */
function oversize(value: string): number | undefined {
  if (value.length * 3 <= MAX_TEXT_BYTES) return undefined;
  const bytes = utf8Length(value);
  return bytes > MAX_TEXT_BYTES ? bytes : undefined;
}

/**
 * Fields that never reach the XML as sent, so any character is fine there: kept on the record only (spec 2.1), the
 * key that selects the entity, the seller block (validated, not emitted, 2.3), and the unit (a code or EA, 2.7).
 */
const NOT_EMITTED = /^(entity_id|invoice_number|reference|invoice_type|payment_method|seller\.\w+|buyer\.(email|phone|electronic_address)|line_items\[\d+\]\.(item_name|hs_code|service_code|account_code|unit))$/;

/** What of a JSON Schema node the walk below reads. */
interface Shape { type?: string; properties?: Readonly<Record<string, Shape>>; items?: Shape }

/**
 * Strings holding a character no XML document can carry: located, instead of written into a broken document. Only
 * fields the request defines are read: an unknown key is ignored by the service and never written (it gets its own
 * warning, src/schema/unknown-fields.ts), so its value cannot break the document.
 */
function unrepresentable(value: unknown, path: string, out: Finding[], shape: Shape | undefined): void {
  if (typeof value === 'string') {
    if (NOT_EMITTED.test(path)) return;
    const bad = NOT_XML_CHAR.exec(value);
    const field = path || '(body)';
    if (bad) out.push({ ...own('xml.character', { field, code: codePoint(bad[0]) }), section: sectionOfField(field), severity: 'error', field });
    const bytes = oversize(value);
    if (bytes !== undefined) out.push({ ...own('xml.oversize', { field, bytes, max: MAX_TEXT_BYTES }), section: sectionOfField(field), severity: 'error', field });
  } else if (Array.isArray(value)) value.forEach((v, i) => unrepresentable(v, `${path}[${i}]`, out, shape?.items));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (shape?.properties && !Object.hasOwn(shape.properties, k)) continue;
      unrepresentable(v, path ? `${path}.${k}` : k, out, shape?.properties?.[k]);
    }
  }
}

/**
 * The seller party is written from the entity record (spec 1.6), so its text must be writable too. A record holding
 * a character no XML document can carry refuses the invoice with one finding per record field, at `entity_id` (the
 * request field that chose the record); nothing is replaced.
 */
export function unwritableEntity(entity: Entity): Finding[] {
  const out: Finding[] = [];
  for (const name of ENTITY_TEXT_FIELDS) {
    const value = entity[name];
    if (value === undefined) continue;
    const bad = NOT_XML_CHAR.exec(value);
    if (bad) {
      out.push({
        ...own('xml.entity-character', { entity: entity.entity_id, name, code: codePoint(bad[0]) }),
        section: 'seller_party', severity: 'error', field: 'entity_id',
      });
    }
    const bytes = oversize(value);
    if (bytes !== undefined) {
      out.push({
        ...own('xml.entity-oversize', { entity: entity.entity_id, name, bytes, max: MAX_TEXT_BYTES }),
        section: 'seller_party', severity: 'error', field: 'entity_id',
      });
    }
  }
  return out;
}

/** The schema stage: located field errors with human wording; an empty list when the body has the right shape. */
export function checkSchema(body: unknown): Finding[] {
  const findings: Finding[] = [];
  unrepresentable(body, '', findings, invoiceSchema as Shape);
  if (validateBody(body)) return findings;
  const seen = new Set<string>();
  for (const error of validateBody.errors ?? []) {
    const field = fieldOf(error);
    const words = wording(error, field, body);
    const message = typeof words === 'string' ? words : words.message;
    if (seen.has(message)) continue;
    seen.add(message);
    const rule = lookup(RULE_OF_FIELD, field);
    findings.push({ message, ...(typeof words === 'string' ? {} : { said: words.said }), section: sectionOfField(field), severity: 'error', field, ...(rule ? { rule } : {}) });
  }
  return findings;
}
