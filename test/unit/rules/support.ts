/**
 * Shared scaffolding for the table-driven rule tests: a fresh copy of the valid base invoice
 * (fixtures/invoices/standard.json), one mutation, one pipeline run, and matchers that state what
 * the spec expects (section of 7.2, rule id and field where the spec names them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { create } from 'xmlbuilder2';
import { validateInvoice, type InvoiceOutcome, type PipelineEnv } from '../../../src/pipeline.js';
import type { Entity } from '../../../src/model/types.js';
import { fixtureEnv, dataOf } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

export type Body = Record<string, any>;
export type Mutation = (body: Body) => void;

const STANDARD = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');
const AL_NOOR = readFileSync(join(FIXTURES, 'entities/al-noor-trading.json'), 'utf8');

/** A deep copy of any invoice fixture, e.g. 'export.json'. */
export const fixture = (name: string): Body => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'));

/** A fixture with one mutation, through the pipeline. */
export function runFixture(name: string, mutate: Mutation = () => {}, env: PipelineEnv = fixtureEnv()): InvoiceOutcome {
  const body = fixture(name);
  mutate(body);
  return validateInvoice(body, env);
}

/** A deep copy of standard.json: every test starts from the untouched valid invoice. */
export const base = (): Body => JSON.parse(STANDARD);

/** The entity record of al-noor-trading.json as a plain object (a deep copy), to build variants from. */
export const alNoor = (): Entity => JSON.parse(AL_NOOR);

/** An env whose only entity is the one given (spec 1.6: the seller party comes from the entity record). */
export const envWithEntity = (entity: Entity, overrides: Partial<PipelineEnv> = {}): PipelineEnv =>
  fixtureEnv({ findEntity: (id) => (id === entity.entity_id ? entity : undefined), ...overrides });

/** Base invoice, one mutation, one pipeline run. */
export function run(mutate: Mutation = () => {}, env: PipelineEnv = fixtureEnv()): InvoiceOutcome {
  const body = base();
  mutate(body);
  return validateInvoice(body, env);
}

/** `set(body, 'line_items[0].tax_amount', 0)`; a value of `undefined` deletes the key. */
export function set(target: Body, path: string, value: unknown): void {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node: any = target;
  for (const k of keys.slice(0, -1)) {
    if (node[k] === undefined || node[k] === null || typeof node[k] !== 'object') node[k] = /^\d+$/.test(k) ? [] : {};
    node = node[k];
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

export const setting = (path: string, value: unknown): Mutation => (b) => set(b, path, value);
export const removing = (path: string): Mutation => (b) => set(b, path, undefined);
export const all = (...ms: Mutation[]): Mutation => (b) => ms.forEach((m) => m(b));

/** `section` may list alternatives where the spec does not settle which 7.2 section a condition belongs to. */
export interface Expected { section?: string | string[]; rule?: string; field?: string | RegExp; message?: RegExp }

export function errorsOf(outcome: InvoiceOutcome) {
  return dataOf(outcome).errors;
}

/** The outcome is a validate response, invalid, and carries an error matching `expected`. */
export function expectError(outcome: InvoiceOutcome, expected: Expected): void {
  const data = dataOf(outcome);
  expect(data.is_valid, JSON.stringify(data.errors)).toBe(false);
  const match: Record<string, unknown> = {};
  if (expected.section !== undefined) {
    match.section = Array.isArray(expected.section) ? expect.stringMatching(new RegExp(`^(${expected.section.join('|')})$`)) : expected.section;
  }
  if (expected.rule !== undefined) match.rule = expected.rule;
  if (expected.field !== undefined) match.field = typeof expected.field === 'string' ? expected.field : expect.stringMatching(expected.field);
  if (expected.message !== undefined) match.message = expect.stringMatching(expected.message);
  expect(data.errors).toContainEqual(expect.objectContaining(match));
}

/** The outcome is valid with no errors; the error list is shown on failure. */
export function expectValid(outcome: InvoiceOutcome): void {
  const data = dataOf(outcome);
  expect(data.errors, JSON.stringify(data.errors)).toEqual([]);
  expect(data.is_valid).toBe(true);
}

/** The 2.10 wrapper stays consistent whatever the input. */
export function expectConsistentShape(outcome: InvoiceOutcome): void {
  if (outcome.kind === 'rejected') {
    expect(outcome.response.errors.length).toBeGreaterThan(0);
    for (const e of outcome.response.errors) {
      expect(typeof e.field).toBe('string');
      expect(typeof e.message).toBe('string');
    }
    return;
  }
  const d = outcome.response.data;
  expect(d.is_valid).toBe(d.errors.length === 0);
  expect(d.total_errors).toBe(d.errors.length);
  expect(typeof outcome.response.message).toBe('string');
  for (const e of d.errors) {
    expect(typeof e.message).toBe('string');
    expect(['endpoint_ids', 'contact_trn', 'invoice_header', 'seller_party', 'buyer_party', 'tax', 'legal_monetary', 'invoice_items']).toContain(e.section);
  }
}

// ---------------------------------------------------------------- XML reading

type Tree = { name: string; attributes: Record<string, string>; text: string; children: Tree[] };

/** Parses the produced XML back (xmlbuilder2) into a small element tree; throws when the XML is not well formed. */
export function parseXml(xml: string): Tree {
  const doc = create(xml);
  const walk = (node: any): Tree => {
    const attributes: Record<string, string> = {};
    for (const a of Array.from(node.attributes ?? []) as any[]) attributes[a.name] = a.value;
    const children: Tree[] = [];
    let text = '';
    for (const c of Array.from(node.childNodes) as any[]) {
      if (c.nodeType === 1) children.push(walk(c));
      else if (c.nodeType === 3 || c.nodeType === 4) text += c.data;
    }
    return { name: node.nodeName, attributes, text: text.trim() === '' ? '' : text, children };
  };
  return walk(doc.root().node);
}

/** Elements reached by a slash path of qualified names from the root, e.g. 'cac:InvoiceLine/cac:Item/cbc:Name'. */
export function select(tree: Tree, path: string): Tree[] {
  let nodes = [tree];
  for (const step of path.split('/')) nodes = nodes.flatMap((n) => n.children.filter((c) => c.name === step));
  return nodes;
}

export const textsAt = (xml: string, path: string): string[] => select(parseXml(xml), path).map((n) => n.text);

/** Every text and attribute value in the document. */
export function allValues(xml: string): string[] {
  const out: string[] = [];
  const walk = (t: Tree) => { if (t.text) out.push(t.text); out.push(...Object.values(t.attributes)); t.children.forEach(walk); };
  walk(parseXml(xml));
  return out;
}

export { fixtureEnv, dataOf, validateInvoice };
