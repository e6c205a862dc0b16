/**
 * The hand-written serializer (src/ubl/serialize.ts) against xmlbuilder2, which wrote pintae's XML before it: for
 * every fixture and for texts full of characters that need escaping, the bytes must be the same.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import type { XmlNode } from '../../../src/ubl/node.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

const trees = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../src/ubl/serialize.js', async (original) => {
  const real = await original<typeof import('../../../src/ubl/serialize.js')>();
  return { serializeXml: (tree: XmlNode) => { trees.push(tree); return real.serializeXml(tree); } };
});

const xmlbuilder2 = (tree: unknown) => create({ version: '1.0', encoding: 'UTF-8' }, tree as XmlNode).end({ prettyPrint: true, indent: '  ' }) + '\n';
const env = fixtureEnv({ uuid: { kind: 'fixed', value: '123e4567-e89b-12d3-a456-426614174000' } });
const fixtures = readdirSync(join(FIXTURES, 'invoices')).filter((f) => f.endsWith('.json')).sort();
const body = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'));

function sameAsXmlbuilder2(input: unknown): void {
  trees.length = 0;
  const outcome = validateInvoice(input, { ...env, schematron: undefined });
  expect(outcome.kind === 'validated' && outcome.xml).toBeTruthy();
  expect(trees).toHaveLength(1);
  expect(outcome.kind === 'validated' && outcome.xml).toBe(xmlbuilder2(trees[0]));
}

describe('serializeXml writes what xmlbuilder2 wrote', () => {
  it.each(fixtures)('%s', (name) => sameAsXmlbuilder2(body(name)));

  it.each([
    'Café & Co <Ltd> "quoted" \'apostrophe\'',
    'already escaped: &amp; &lt;b&gt; &quot; &apos;',
    'references: &#38; &#x26; &#x1F600; and &foo; &a1; &; &#xZZ;',
    'tabs\tand\r\nnew lines, Arabic مؤسسة, emoji 😀',
  ])('texts and attribute-like values with %j', (text) => {
    const invoice = body('mixed-categories.json');
    invoice.buyer.name = text;
    invoice.buyer.address_line1 = text;
    invoice.line_items[0].description = text;
    invoice.notes = text;
    sameAsXmlbuilder2(invoice);
  });
});
