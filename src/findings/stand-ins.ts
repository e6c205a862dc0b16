import type { Entity, Finding } from '../model/types.js';
import type { Endpoint } from '../derive/endpoint.js';
import { invoiceSchema } from '../schema/invoice.schema.js';
import { enclosing } from './causes.js';

/*
 * Stand-ins: where one value of an invoice cannot be used (a field of the wrong type, an unreadable category, no entity
 * record), the checks that do not depend on it still run, so every independent mistake shows in the first run. They
 * run twice, with two stand-ins as unlike each other as the field allows, and only the findings both runs give alike
 * are kept (`agreed`): a finding that depends on the stand-in differs between the runs and is dropped, never invented.
 */

type Raw = Record<string, unknown>;
type Schema = { type?: string; properties?: Record<string, Schema>; required?: readonly string[]; items?: Schema; enum?: readonly string[]; format?: string; 'x-decimal'?: boolean };

/** Two values for fields whose meaning the checks read (codes, dates, amounts): [first run, second run]. */
const PAIRS: Readonly<Record<string, readonly [unknown, unknown]>> = {
  currency: ['AED', 'USD'], transaction_type_code: ['00000000', '00000001'], date: ['2025-01-15', '2031-07-20'],
  'buyer.country': ['AE', 'US'], 'delivery.country': ['AE', 'US'], quantity: ['1', '3'], unit_amount: ['100', '37'],
  tax_amount: ['5', '0'], tax_category: ['S', 'O'],
};

const lastKey = (path: string) => path.replace(/\[\d+\]/g, '').split('.').pop()!;

/** The schema of a request path (`line_items[2].tax_amount`), or undefined for a key the schema does not know. */
function schemaAt(path: string): Schema | undefined {
  let node: Schema | undefined = invoiceSchema as Schema;
  for (const key of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (node === undefined) return undefined;
    node = /^\d+$/.test(key) ? node.items : node.properties?.[key];
  }
  return node;
}

/** A value of `schema` for run `run` (0 or 1); undefined leaves an optional field out, which is a value too. */
function standIn(schema: Schema, path: string, run: 0 | 1, required: boolean): unknown {
  const pair = PAIRS[path] ?? PAIRS[lastKey(path)];
  if (schema.type === 'object') {
    const out: Raw = {};
    for (const key of schema.required ?? []) out[key] = standIn(schema.properties![key]!, `${path}.${key}`, run, true);
    return out;
  }
  if (schema.type === 'array') return [standIn(schema.items!, `${path}[0]`, run, true)];
  if (pair) return !required && run === 0 ? undefined : pair[run];
  if (!required && run === 0) return undefined;
  if (schema.enum) return schema.enum[run === 0 ? 0 : schema.enum.length - 1];
  if (schema.format === 'date') return PAIRS.date![run];
  if (schema['x-decimal']) return run === 0 ? '10' : '7.77';
  return run === 0 ? 'pintae stand-in A' : 'pintae stand-in B';
}

/** Whether `path` must be present: a required key of its object, or an item of an array. */
function isRequired(path: string): boolean {
  const m = /^(.*)(?:\.([^.[\]]+)|\[(\d+)\])$/.exec(path);
  if (!m) return Boolean(invoiceSchema.required.includes(path as never));
  if (m[3] !== undefined) return true;
  return Boolean(schemaAt(m[1]!)?.required?.includes(m[2]!));
}

/** Sets `path` in a copy-on-write walk of `body` (arrays and objects along the path are copied, nothing else). */
function setAt(body: Raw, path: string, value: unknown): Raw {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  const root: Raw = { ...body };
  let node: Raw | unknown[] = root;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]!;
    const child: unknown = (node as Raw)[key];
    if (child === null || typeof child !== 'object') return root;
    const copy: Raw | unknown[] = Array.isArray(child) ? [...(child as unknown[])] : { ...(child as Raw) };
    Object.defineProperty(node, key, { value: copy, enumerable: true, writable: true, configurable: true });
    node = copy;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete (node as Raw)[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/**
 * The body twice, with a stand-in at every value a schema error names (wrong type, bad format, missing); undefined
 * when a field is not one the schema knows, or is a whole record or list.
 */
export function standInBodies(body: Raw, fields: readonly string[]): [Raw, Raw] | undefined {
  // The outermost fields only: a stand-in for a record replaces whatever was wrong inside it.
  const named = new Set(fields);
  const paths = [...named].sort((a, b) => a.length - b.length).filter((p) => { for (const outer of enclosing(p)) if (outer !== p && named.has(outer)) return false; return true; });
  const runs: Raw[] = [];
  for (const run of [0, 1] as const) {
    let out = body;
    for (const path of paths) {
      const schema = schemaAt(path);
      // A whole missing record or list (buyer, line_items) leaves too little of the invoice for its rules to judge.
      if (schema === undefined || schema.type === 'object' || schema.type === 'array') return undefined;
      out = setAt(out, path, standIn(schema, path, run, isRequired(path)));
    }
    runs.push(out);
  }
  return [runs[0]!, runs[1]!];
}

/** Two complete seller records, unlike in every value the rules read, for an invoice whose own record cannot be used. */
export function standInEntities(entityId: string): [Entity, Entity] {
  const common = { entity_id: entityId, country: 'AE' };
  return [
    { ...common, registry_code: '1000000001', company_name: 'pintae stand-in A', trn: '100000000100003', state: 'Dubai', city: 'Dubai', area: 'A', legal_registration_type: 'TL', legal_registration_id: 'A-1', issuing_authority: 'A' },
    { ...common, registry_code: '1999999999', company_name: 'pintae stand-in B', trn: '199999999900003', state: 'Sharjah', city: 'Sharjah', area: 'B', legal_registration_type: 'EID', legal_registration_id: 'B-2' },
  ];
}

/** Two buyer electronic addresses under different schemes, for a buyer whose own address could not be derived. */
export const STAND_IN_ENDPOINTS: readonly [Endpoint, Endpoint] = [
  { scheme: '0235', id: '9900000098', basis: 'no-identifier' },
  { scheme: '0088', id: '5790000435975', basis: 'participant-id' },
];

/** Two categories for a line whose category could not be read: one charging VAT, one out of its scope. */
export const STAND_IN_CATEGORIES = ['S', 'O'] as const;

const keyOf = (f: Finding) => `${f.severity}|${f.rule ?? ''}|${f.section}|${f.field ?? ''}|${f.location ?? ''}|${f.message}`;

/** The findings of run `a` that run `b` gave alike, as many times as both gave them, in `a`'s order. */
export function agreed(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  for (const f of b) left.set(keyOf(f), (left.get(keyOf(f)) ?? 0) + 1);
  return a.filter((f) => {
    const n = left.get(keyOf(f)) ?? 0;
    if (n > 0) left.set(keyOf(f), n - 1);
    return n > 0;
  });
}
