/**
 * A document nested deeper than any XML pintae reads (the reader refuses more than libxml2's 257 levels), built as a
 * tree directly: the evaluator's own walks must still not recurse, whatever tree they are given.
 */
import type { XDocument, XElement, XNode } from '../../src/xpath/api.js';

/** `depth` nested elements named `name` (document order numbered), the innermost holding `leaf`. */
export function deepDocument(depth: number, name: string, leaf: { element: string } | { text: string }): XDocument {
  const doc: XDocument = { kind: 9, parent: null, order: 0, children: [], elements: [] };
  let parent: XDocument | XElement = doc;
  let order = 1;
  const element = (local: string, at: XDocument | XElement): XElement => ({
    kind: 1, parent: at, order: order++, ns: '', local, prefix: '', attrs: [], children: [], elements: [], line: 1, column: 1,
  });
  for (let i = 0; i < depth; i++) {
    const e = element(name, parent);
    parent.children.push(e);
    parent.elements.push(e);
    parent = e;
  }
  const inner: XNode = 'element' in leaf ? element(leaf.element, parent) : { kind: 3, parent, order: order++, value: leaf.text };
  parent.children.push(inner);
  if (inner.kind === 1) parent.elements.push(inner);
  return doc;
}
