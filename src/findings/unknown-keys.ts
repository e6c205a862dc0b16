import type { Finding } from '../model/types.js';
import { closest } from '../codelists/closest.js';
import { sectionOfField } from '../schema/sections.js';
import { buyerSchema, deliverySchema, invoiceSchema, lineSchema, sellerSchema } from '../schema/invoice.schema.js';
import { UNKNOWN_FIELD } from './causes.js';

/*
 * Unknown keys as warnings (issue 12 item 1), in the shape the rest of pintae reads: rule `pintae/unknown-field`, the
 * key's path as `field`, the nearest known field as `suggestion`. Kept to the plain form the cause links need (a
 * misspelled key explains the findings its absence causes); the schema work of item 1 is where unknown keys are
 * described in full, and this module gives way to it.
 */

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const keysOf = (schema: { properties: Record<string, unknown> }) => Object.keys(schema.properties);

function unknownIn(value: unknown, known: readonly string[], path: string, out: Finding[]): void {
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const field = path ? `${path}.${key}` : key;
    const suggestion = closest(key, known, 1)[0];
    out.push({
      message: `unknown field ${JSON.stringify(key)} in ${path || 'the invoice'}${suggestion ? ` (did you mean ${JSON.stringify(suggestion)}?)` : ''}`,
      section: sectionOfField(field), severity: 'warning', rule: UNKNOWN_FIELD, field, ...(suggestion ? { suggestion } : {}),
    });
  }
}

/** A warning per key of the body that is no field of spec 2.1–2.7 (aliases included), at that key. */
export function unknownKeys(body: Raw): Finding[] {
  const out: Finding[] = [];
  unknownIn(body, keysOf(invoiceSchema), '', out);
  unknownIn(body.buyer, keysOf(buyerSchema), 'buyer', out);
  unknownIn(body.seller, keysOf(sellerSchema), 'seller', out);
  unknownIn(body.delivery, keysOf(deliverySchema), 'delivery', out);
  if (Array.isArray(body.line_items)) body.line_items.forEach((line, i) => unknownIn(line, keysOf(lineSchema), `line_items[${i}]`, out));
  return out;
}
