import type { Worded } from '../messages/ref.js';
import type { Finding } from '../model/types.js';
import { buyerSchema, deliverySchema, invoiceSchema, lineSchema, sellerSchema } from './invoice.schema.js';
import { sectionOfField } from './sections.js';
import { closestName } from './spelling.js';
import { synonymOf, type SynonymObject } from './synonyms.js';
import { finding } from '../messages/findings.js';
import { UNKNOWN_FIELD } from '../rules/ids.js';

/** A finding's message and its catalogue reference. */
const wordsOn = (w: Worded) => ({ message: w.message, said: w.said });

/** The rule id of the warning on a key the request body does not define (spec 2.1–2.7): kept in rules/ids.ts. */
export { UNKNOWN_FIELD };

/** What of a JSON Schema node this walk reads: the known names of an object, the items of an array. */
interface Shape {
  type?: string;
  properties?: Readonly<Record<string, Shape & { 'x-former-names'?: readonly string[] }>>;
  items?: Shape;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The names a key may have been meant for, in schema order: every property, then the former names the schema records
 * (`x-former-names`: a name the spec says a field used to have, which is suggested but not read).
 */
function suggestions(properties: NonNullable<Shape['properties']>): { names: string[]; formerly: Map<string, string> } {
  const formerly = new Map<string, string>();
  for (const [name, node] of Object.entries(properties)) for (const old of node['x-former-names'] ?? []) formerly.set(old, name);
  return { names: Object.keys(properties), formerly };
}

/**
 * Keys the body does not define, at any level the schema describes (the body, buyer, seller, delivery, each line).
 * The service ignores them (spec 2.1 lists what it reads), so each is a warning that leaves the verdict alone; but a
 * misspelled field is absent to the service, so the warning names the field it was probably meant to be. The names
 * come from the schema pintae validates with, so the two lists cannot drift apart. A value of the wrong type is the
 * schema's error, not walked here.
 */
export function unknownFields(body: unknown): Finding[] {
  const out: Finding[] = [];
  walk(body, invoiceSchema as Shape, '', out);
  if (out.length <= MAX_UNKNOWN_LISTED) return out;
  // Past the limit the keys are not a few typos but data of another shape (an export's whole record, a generated
  // map): one warning per key would make a report of gigabytes that says nothing more. The rest are counted on one.
  const first = out[MAX_UNKNOWN_LISTED]!;
  const more = out.length - MAX_UNKNOWN_LISTED;
  return [...out.slice(0, MAX_UNKNOWN_LISTED), {
    ...wordsOn(finding('pintae.more-unknown', { more, first: first.field })),
    section: first.section, severity: 'warning', rule: UNKNOWN_FIELD, field: first.field,
  }];
}

/** Unknown keys listed one by one in an invoice; the rest are counted on one more warning. */
export const MAX_UNKNOWN_LISTED = 100;

/** Which synonym table (synonyms.ts) speaks for an object of the schema. */
const TABLE_OF = new Map<unknown, SynonymObject>([
  [invoiceSchema, 'header'], [buyerSchema, 'buyer'], [sellerSchema, 'seller'], [deliverySchema, 'delivery'], [lineSchema, 'line'],
]);

/**
 * The field an unknown key was probably meant to be, in this order: the field whose former name it is, the field it
 * means by the names other systems use (synonyms.ts), the field closest in spelling.
 */
function suggestionFor(key: string, value: Record<string, unknown>, shape: Shape, names: ReturnType<typeof suggestions>): string | undefined {
  const table = TABLE_OF.get(shape);
  const meant = table === undefined ? undefined : synonymOf(table, key, (field) => Object.hasOwn(value, field));
  return names.formerly.get(key) ?? meant ?? closestName(key, names.names);
}

/** The fields every request body has (the schema's `required`): a body holds none of them at its top only when wrapped. */
const REQUIRED: readonly string[] = (invoiceSchema as { required?: readonly string[] }).required ?? [];

/**
 * The request-body fields an object holds, when it looks like a request body itself (two or more of the required
 * fields, or a bulk body's `invoices` list) while the body around it holds none: the body was sent wrapped in it
 * (`{"invoice": {…}}`, `{"data": {…}}`). Undefined otherwise.
 */
function wrappedFields(outer: Record<string, unknown>, key: string): { at: string; fields: string[] } | undefined {
  if (REQUIRED.some((k) => Object.hasOwn(outer, k))) return undefined;
  // The body may be wrapped twice or three times (`{"data": {"invoice": {…}}}`): the first object that is one.
  const within = (value: unknown, at: string, depth: number): { at: string; fields: string[] } | undefined => {
    if (!isObject(value)) return undefined;
    const held = REQUIRED.filter((k) => Object.hasOwn(value, k));
    if (held.length >= 2) return { at, fields: held };
    if (Array.isArray(value.invoices)) return { at, fields: ['invoices'] };
    if (depth >= WRAPPED_DEPTH) return undefined;
    for (const [k, v] of Object.entries(value)) { const found = within(v, `${at}.${k}`, depth + 1); if (found) return found; }
    return undefined;
  };
  return within(outer[key], key, 1);
}
/** How deep a wrapped body is looked for. */
const WRAPPED_DEPTH = 3;

/** Whether a finding is the warning on a key that wraps the whole request body (every other finding follows from it). */
export const isWrapper = (f: Finding): boolean => f.rule === UNKNOWN_FIELD && f.said?.id === 'pintae.wrapped-body';

function walk(value: unknown, shape: Shape, path: string, out: Finding[]): void {
  if (shape.type === 'array' && shape.items && Array.isArray(value)) {
    value.forEach((item, i) => walk(item, shape.items!, `${path}[${i}]`, out));
    return;
  }
  if (shape.type !== 'object' || !shape.properties || !isObject(value)) return;
  const known = shape.properties;
  let names: ReturnType<typeof suggestions> | undefined;
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (Object.hasOwn(known, key)) { walk(value[key], known[key]!, field, out); continue; }
    const wrapped = path === '' ? wrappedFields(value, key) : undefined;
    if (wrapped) {
      out.push({ ...wordsOn(finding('pintae.wrapped-body', { key, ...wrapped })), section: sectionOfField(field), severity: 'warning', rule: UNKNOWN_FIELD, field });
      continue;
    }
    names ??= suggestions(known);
    const suggestion = suggestionFor(key, value, shape, names);
    out.push({
      ...wordsOn(finding('pintae.unknown-field', { key, object: path, ...(suggestion ? { suggestion } : {}) })),
      section: sectionOfField(field), severity: 'warning', rule: UNKNOWN_FIELD, field, ...(suggestion ? { suggestion } : {}),
    });
  }
}
