import type { Finding } from '../model/types.js';
import { closest } from '../codelists/closest.js';
import { sectionOfField } from '../schema/sections.js';
import { invoiceSchema } from '../schema/invoice.schema.js';
import { UNKNOWN_FIELD } from './causes.js';

/*
 * Unknown keys as warnings (issue 12 item 1), in the shape the cause links read: rule `pintae/unknown-field`, the
 * key's path as `field`, the nearest known field as `suggestion`. Item 1's own module (schema/unknown-fields.ts, on
 * another branch) gives the same findings in the same order; this one gives way to it when the two meet.
 */

interface Shape { type?: string; properties?: Readonly<Record<string, Shape>>; items?: Shape }
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A warning per key of the body that is no field of spec 2.1–2.7 (aliases included), in the order the keys come. */
export function unknownKeys(body: unknown): Finding[] {
  const out: Finding[] = [];
  walk(body, invoiceSchema as Shape, '', out);
  return out;
}

function walk(value: unknown, shape: Shape, path: string, out: Finding[]): void {
  if (shape.type === 'array' && shape.items && Array.isArray(value)) {
    value.forEach((item, i) => walk(item, shape.items!, `${path}[${i}]`, out));
    return;
  }
  if (shape.type !== 'object' || !shape.properties || !isObject(value)) return;
  const known = shape.properties;
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (Object.hasOwn(known, key)) { walk(value[key], known[key]!, field, out); continue; }
    const suggestion = closest(key, Object.keys(known), 1)[0];
    out.push({
      message: `unknown field ${JSON.stringify(key)}${path ? ` in ${path}` : ''}${suggestion ? ` (did you mean ${JSON.stringify(suggestion)}?)` : ''}`,
      section: sectionOfField(field), severity: 'warning', rule: UNKNOWN_FIELD, field, ...(suggestion ? { suggestion } : {}),
    });
  }
}
