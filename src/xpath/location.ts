/*
 * The location of a node in a Schematron report, as pintae's compiled Schematron writes it (the XSLT function
 * pintae-sch:location in src/schematron/compile.ts): for each ancestor-or-self element '/' + its local name, with
 * '[n]' (n counting from 1 among the element siblings of the same local name, whatever their namespace) only when
 * its parent has more than one such child; an attribute adds '/@' + its local name. The two must stay the same.
 */
import type { XDocument, XElement, XNode } from './api.js';

/** Each element's path, filled for all element children of a parent at once (a linear pass over its children). */
const paths = new WeakMap<XElement, string>();

function elementPath(element: XElement): string {
  const cached = paths.get(element);
  if (cached !== undefined) return cached;
  // From the nearest ancestor whose path is known down to the element: no recursion, however deep the document.
  const chain: XElement[] = [];
  for (let e: XElement | XDocument = element; e.kind === 1 && !paths.has(e); e = e.parent!) chain.push(e);
  for (let i = chain.length - 1; i >= 0; i--) fillSiblings(chain[i]!.parent!);
  return paths.get(element)!;
}

function fillSiblings(parent: XElement | XDocument): void {
  const base = parent.kind === 1 ? paths.get(parent)! : '';
  const total = new Map<string, number>();
  for (const child of parent.elements) total.set(child.local, (total.get(child.local) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const child of parent.elements) {
    const n = (seen.get(child.local) ?? 0) + 1;
    seen.set(child.local, n);
    paths.set(child, total.get(child.local)! > 1 ? `${base}/${child.local}[${n}]` : `${base}/${child.local}`);
  }
}

/** The node's location path; '' for the document node, its parent element's path for text, comments and PIs. */
export function location(node: XNode): string {
  switch (node.kind) {
    case 1: return elementPath(node);
    case 2: return `${elementPath(node.parent as XElement)}/@${node.local}`;
    case 9: return '';
    default: return node.parent!.kind === 1 ? elementPath(node.parent as XElement) : '';
  }
}
