/**
 * The tree the writer makes while it writes (src/ubl/serialize.ts with src/xpath/xml-written.ts), which the PINT-AE
 * rules judge a built invoice on, is the tree pintae's reader makes of the text written (parseXml): node by node —
 * kinds, names, namespaces and prefixes, document-order numbers, texts, attributes, lines and columns, the namespaces
 * in scope — for every document the pipeline builds of the fixtures and of a seeded sample of the fuzz corpus
 * (scripts/fuzz-corpus.mjs), and for hand-made documents at the writer's edges. The text itself is the same with the
 * tree or without it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import type { DocumentRules } from '../../../src/schematron/choice.js';
import { serializeWithSources } from '../../../src/ubl/serialize.js';
import { el, Items, val, type XmlNode } from '../../../src/ubl/node.js';
import { inScopeNamespaces, parseXml } from '../../../src/xpath/xml.js';
import type { XDocument, XElement, XNode } from '../../../src/xpath/api.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { depth } from '../../helpers/depth.js';
import { FIXTURES, ROOT } from '../../helpers/paths.js';

/** Every difference between two trees (empty when equal), and how many nodes were compared. */
function differences(made: XDocument, read: XDocument): { diffs: string[]; nodes: number } {
  const diffs: string[] = [];
  let nodes = 0;
  const at = (n: XNode) => `node ${n.order}`;
  const same = (what: string, a: unknown, b: unknown, where: string) => {
    if (!Object.is(a, b)) diffs.push(`${where}: ${what} ${JSON.stringify(a)} made, ${JSON.stringify(b)} read`);
  };
  const stack: Array<[XNode, XNode]> = [[made, read]];
  while (stack.length > 0 && diffs.length < 20) {
    const [a, b] = stack.pop()!;
    nodes++;
    const where = at(b);
    same('kind', a.kind, b.kind, where);
    same('order', a.order, b.order, where);
    same('parent order', a.parent?.order, b.parent?.order, where);
    if (a.kind === 3 && b.kind === 3) same('text', a.value, b.value, where);
    if (a.kind === 1 && b.kind === 1) {
      for (const k of ['ns', 'local', 'prefix', 'line', 'column'] as const) same(k, a[k], b[k], where);
      same('attributes', a.attrs.length, b.attrs.length, where);
      a.attrs.forEach((x, i) => {
        const y = b.attrs[i];
        if (!y) return;
        nodes++;
        for (const k of ['kind', 'order', 'ns', 'local', 'prefix', 'value', 'line', 'column'] as const) same(`attribute ${i} ${k}`, x[k], y[k], where);
        same(`attribute ${i} parent`, x.parent, a, where);
      });
      same('namespaces in scope', JSON.stringify([...inScopeNamespaces(a)]), JSON.stringify([...inScopeNamespaces(b)]), where);
      // How the element keeps its text (dom.ts), which its lazily made text nodes and string value come from.
      same('texts', JSON.stringify((a as unknown as { texts: unknown }).texts), JSON.stringify((b as unknown as { texts: unknown }).texts), where);
      same('elements', a.elements.length, b.elements.length, where);
    }
    if (a.kind === 1 || a.kind === 9) {
      const bc = (b as XElement | XDocument).children;
      const ac = a.children;
      same('children', ac.length, bc.length, where);
      for (let i = Math.min(ac.length, bc.length) - 1; i >= 0; i--) stack.push([ac[i]!, bc[i]!]);
      if (a.kind === 9 && b.kind === 9) same('root elements', a.elements.length, b.elements.length, where);
      const ae = (a as XElement | XDocument).elements;
      const be = (b as XElement | XDocument).elements;
      ae.forEach((e, i) => same(`element ${i}`, e.order, be[i]?.order, where));
    }
  }
  return { diffs, nodes };
}

/** Rules that judge nothing and keep every document the pipeline gives them, with the tree it gives beside it. */
function capturing(): { rules: DocumentRules; seen: Array<{ xml: string; doc?: XDocument }> } {
  const seen: Array<{ xml: string; doc?: XDocument }> = [];
  return { rules: { run(xml, doc) { seen.push({ xml, ...(doc ? { doc } : {}) }); return []; } }, seen };
}

function expectSameTree(xml: string, doc: XDocument | undefined, name: string): number {
  expect(doc, `${name}: a tree was made`).toBeDefined();
  const { diffs, nodes } = differences(doc!, parseXml(xml));
  expect(diffs, name).toEqual([]);
  return nodes;
}

const fixtureBodies = () => ['invoices', 'invalid'].flatMap((dir) => readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.json')).sort()
  .flatMap((f) => { try { return [{ name: `${dir}/${f}`, body: JSON.parse(readFileSync(join(FIXTURES, dir, f), 'utf8')) as unknown }]; } catch { return []; } }));

describe('the tree made while writing is the tree read from the text', () => {
  it('for every document the pipeline builds of the fixtures (both per-line amount forms), whose text is the same as without a tree', () => {
    let documents = 0;
    for (const { name, body } of fixtureBodies()) {
      for (const lineAmounts of ['aed', 'document'] as const) {
        const { rules, seen } = capturing();
        const outcome = validateInvoice(body, fixtureEnv({ schematron: rules, lineAmounts }));
        for (const { xml, doc } of seen) { expectSameTree(xml, doc, `${name} (${lineAmounts})`); documents++; }
        // The delivered text: what the pipeline gives without rules (no tree made), byte for byte.
        const plain = validateInvoice(body, fixtureEnv({ lineAmounts }));
        if (outcome.kind === 'validated' && plain.kind === 'validated') expect(outcome.xml, name).toBe(plain.xml);
      }
    }
    expect(documents).toBeGreaterThan(20);
  });

  it('for a seeded sample of the fuzz corpus', async () => {
    const { writeFuzzCorpus } = await import(join(ROOT, 'scripts/fuzz-corpus.mjs')) as { writeFuzzCorpus(root: string, dir: string, o: { seed: number; count: number; bulkFiles: number; singleShare: number }): unknown };
    const dir = mkdtempSync(join(tmpdir(), 'pintae-written-tree-'));
    try {
      // npm run test:deep: a larger sample, of another seed as well (PINTAE_WRITTEN_TREE_SEED).
      writeFuzzCorpus(ROOT, dir, { seed: Number(process.env.PINTAE_WRITTEN_TREE_SEED ?? 25), count: depth(160, 4000), bulkFiles: depth(2, 20), singleShare: 0 });
      let documents = 0;
      let nodes = 0;
      for (const file of readdirSync(dir).sort()) {
        const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
        const items = Array.isArray(parsed) ? parsed : (parsed as { invoices: unknown[] }).invoices;
        for (const [i, item] of items.entries()) {
          const { rules, seen } = capturing();
          validateInvoice(item, fixtureEnv({ schematron: rules }));
          for (const { xml, doc } of seen) { nodes += expectSameTree(xml, doc, `${file} #${i}`); documents++; }
        }
      }
      // Most mutants still build a document (a few are refused before the writer).
      expect(documents).toBeGreaterThan(100);
      expect(nodes).toBeGreaterThan(10_000);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  const NS = { '@xmlns': 'urn:i', '@xmlns:cbc': 'urn:cbc', '@xmlns:cac': 'urn:cac' };
  it.each<[string, XmlNode]>([
    ['line feeds, carriage returns and tabs in text and attributes', { 'cbc:Note': 'a\nb\r\nc\rd\te\n\n', 'cbc:ID': el('x\ny', { schemeID: 'a\tb\nc\r\nd', schemeName: 'after' }), 'cbc:After': 'z' }],
    ['characters beyond the BMP before an attribute (columns in UTF-16 units)', { 'cbc:ID': el('😀', { schemeID: '😀𝄞\u{10FFFF}', schemeName: 'مؤسسة', listID: 'x' }) }],
    ['escaped characters', { 'cbc:Note': 'R&amp;D <a> ]]> "q" \'a\'', 'cbc:ID': el('&', { schemeID: '<&>"\'' }) }],
    ['empty text, empty elements and members left out', { 'cbc:Note': '', 'cac:Empty': {}, 'cac:List': [], 'cbc:Gone': undefined, 'cac:Some': { 'cbc:A': 'a', 'cac:Inner': { '@x': 'y' } }, 'cac:Hollow': { 'cac:List': [] } }],
    ['repeated elements, arrays and Items', { 'cac:Line': [{ 'cbc:ID': '1' }, { 'cbc:ID': '2', 'cbc:Note': val('n', 'f') }], 'cbc:ID': [el('a'), el('b')], 'cac:Item': new Items(3, (i) => ({ $: `line_items[${i}]`, 'cbc:Name': `item ${i}` })) }],
    ['a default namespace undeclared and redeclared below the root', { 'cac:Outer': { '@xmlns': '', 'Plain': 'p', 'cac:Deep': { '@xmlns:cbc': 'urn:other', 'cbc:X': 'x' } }, 'cbc:Y': 'y' }],
  ])('for a document with %s', (_, content) => {
    const tree = { Invoice: { ...NS, ...content } };
    const { xml, doc } = serializeWithSources(tree, true);
    expectSameTree(xml, doc, 'document');
    expect(xml).toBe(serializeWithSources(tree).xml);
  });

  it('gives no tree where the reader refuses the text: the rules then read the text, and its refusal stays the reader\'s', () => {
    expect(serializeWithSources({ Invoice: { ...NS, 'cbc:ID': '1' } }, true).doc).toBeDefined();
    const { xml, doc } = serializeWithSources({ Invoice: { 'cbc:ID': '1' } }, true);
    expect(() => parseXml(xml)).toThrow(/prefix cbc is not declared/);
    expect(doc).toBeUndefined();
    expect(serializeWithSources({ Invoice: { ...NS }, Other: { ...NS } }, true).doc).toBeUndefined();
  });
});
