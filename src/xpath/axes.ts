/*
 * Axes and node tests over the light DOM of api.ts, each giving a fresh array in axis order (reverse axes: nearest
 * first), and document-order sorting. Name tests on the child and attribute axes, the common case, get loops of their own.
 * A test that only elements can pass walks element children alone (`elements`), so the text nodes the reader makes
 * on demand (dom.ts) are never made for it.
 */
import type { XDocument, XElement, XNode } from './api.js';
import type { Axis } from './ast.js';

/** A node test compiled against the axis's principal node kind. */
export type Test = (n: XNode) => boolean;

/** Matches an element or attribute name; undefined ns or local means any. */
export function nameTest(kind: 1 | 2, ns: string | undefined, local: string | undefined): Test {
  if (ns !== undefined && local !== undefined) return (n) => n.kind === kind && n.local === local && n.ns === ns;
  if (ns !== undefined) return (n) => n.kind === kind && n.ns === ns;
  if (local !== undefined) return (n) => n.kind === kind && n.local === local;
  return (n) => n.kind === kind;
}

export type AxisFn = (n: XNode) => XNode[];

/** The children a test needs to see: the element children alone when only an element can pass it. */
const childrenFor = (n: XElement | XDocument, elementsOnly: boolean): readonly XNode[] => (elementsOnly ? n.elements : n.children);

function collectChildren(n: XNode, test: Test, out: XNode[], elementsOnly: boolean): void {
  if (n.kind !== 1 && n.kind !== 9) return;
  const cs = childrenFor(n, elementsOnly);
  for (let i = 0; i < cs.length; i++) if (test(cs[i]!)) out.push(cs[i]!);
}

/** The descendants of n that pass the test, in document order (iterative: documents may nest deeper than the stack). */
function collectDescendants(n: XNode, test: Test, out: XNode[], elementsOnly: boolean): void {
  if (n.kind !== 1 && n.kind !== 9) return;
  const stack: XNode[] = [];
  const first = childrenFor(n, elementsOnly);
  for (let i = first.length - 1; i >= 0; i--) stack.push(first[i]!);
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (test(c)) out.push(c);
    if (c.kind === 1) { const cs = childrenFor(c, elementsOnly); for (let i = cs.length - 1; i >= 0; i--) stack.push(cs[i]!); }
  }
}

function siblings(n: XNode, elementsOnly: boolean): readonly XNode[] | undefined {
  if (n.kind === 2 || n.parent === null) return undefined;
  // A node other than an element has no sibling in `elements`: its parent's children were made when it was.
  return elementsOnly && n.kind === 1 ? n.parent.elements : n.parent.children;
}

/** The document node or element that is the outermost ancestor-or-self of n. */
export function rootOf(n: XNode): XNode {
  let r: XNode = n;
  while (r.parent !== null) r = r.parent;
  return r;
}

/** Whether d is a descendant of a (attributes count as descendants of their element here: what following/preceding exclude). */
function isDescendantOrAttr(d: XNode, a: XNode): boolean {
  for (let p = d.parent; p !== null; p = p.parent) if (p === a) return true;
  return false;
}

/**
 * Elements with at least this many element children get an index of them by local name (an invoice's root, which
 * holds every line; not the lines themselves, whose index would cost more memory than scanning a few children).
 */
const INDEXED_FROM = 12;
interface Named { ns: string | null; nodes: readonly XNode[] } // ns null: the name occurs in several namespaces
/** Indexes of elements outside a document (a document keeps its own: XDocument.memo, keyed by the element). */
const childIndex = new WeakMap<XNode, Map<string, Named>>();
const NO_NODES: readonly XNode[] = Object.freeze([]);

/**
 * The element children of n named {ns}local, in document order, as a shared frozen array (never to be modified):
 * a child step from the document element, which holds every line, would otherwise scan them all each time.
 */
function namedChildren(n: XElement, ns: string, local: string): readonly XNode[] {
  // Kept in the document's memo: a WeakMap entry (whose value reaches the tree) would keep the whole tree through
  // V8's young-generation collections (XDocument.memo).
  let root: XNode = n;
  while (root.parent !== null) root = root.parent;
  const memo = root.kind === 9 ? (root.memo ??= new Map()) : childIndex;
  let index = memo.get(n) as Map<string, Named> | undefined;
  if (!index) {
    index = new Map();
    const elements = n.elements;
    for (let i = 0; i < elements.length; i++) {
      const c = elements[i]!;
      const entry = index.get(c.local);
      if (!entry) index.set(c.local, { ns: c.ns, nodes: [c] });
      else { (entry.nodes as XNode[]).push(c); if (entry.ns !== c.ns) entry.ns = null; }
    }
    for (const entry of index.values()) Object.freeze(entry.nodes);
    memo.set(n, index);
  }
  const entry = index.get(local);
  if (!entry) return NO_NODES;
  return entry.ns === ns ? entry.nodes : entry.ns === null ? entry.nodes.filter((c) => (c as XElement).ns === ns) : NO_NODES;
}

/**
 * The element children of n (an element or document) among which those named {ns}local are: the index's shared
 * array of them where n has one (see namedChildren), else all of them (never to be modified).
 */
export function childrenNamed(n: XElement | XDocument, ns: string | undefined, local: string | undefined): readonly XElement[] {
  const elements = n.elements;
  if (n.kind === 1 && ns !== undefined && local !== undefined && elements.length >= INDEXED_FROM) return namedChildren(n, ns, local) as readonly XElement[];
  return elements;
}

/**
 * The axis as a function of the context node. `elementsOnly`: no node but an element can pass `test` (a name test on
 * an axis other than attribute, element()); `anyElement`: every element passes it (`*`, `element()`).
 */
export function axisFn(axis: Axis, test: Test, fast?: { kind: 1 | 2; ns: string; local: string }, elementsOnly = false, anyElement = false): AxisFn {
  switch (axis) {
    case 'child':
      // `*`: the node's own array of element children, shared (results are never modified).
      if (anyElement) return (n) => (n.kind === 1 || n.kind === 9 ? n.elements : (NO_NODES as XNode[]));
      if (fast?.kind === 1) {
        const { ns, local } = fast;
        return (n) => {
          if (n.kind !== 1 && n.kind !== 9) return NO_NODES as XNode[];
          const elements = n.elements;
          if (n.kind === 1 && elements.length >= INDEXED_FROM) return namedChildren(n, ns, local) as XNode[];
          // Most steps find one child or none: no array is made for none, one of exactly one item for one (an array
          // grown by push from empty reserves 16).
          let out: XNode[] | undefined;
          for (let i = 0; i < elements.length; i++) {
            const c = elements[i]!;
            if (c.local === local && c.ns === ns) { if (out === undefined) out = [c]; else out.push(c); }
          }
          return out ?? (NO_NODES as XNode[]);
        };
      }
      return (n) => { const out: XNode[] = []; collectChildren(n, test, out, elementsOnly); return out; };
    case 'attribute':
      if (fast?.kind === 2) {
        const { ns, local } = fast;
        return (n) => {
          if (n.kind !== 1) return NO_NODES as XNode[];
          const attrs = n.attrs;
          for (let i = 0; i < attrs.length; i++) { const a = attrs[i]!; if (a.local === local && a.ns === ns) return [a]; }
          return NO_NODES as XNode[];
        };
      }
      return (n) => (n.kind === 1 ? (n as XElement).attrs.filter(test) : []);
    case 'self': return (n) => (test(n) ? [n] : []);
    case 'parent': return (n) => (n.parent !== null && test(n.parent) ? [n.parent] : []);
    case 'ancestor':
    case 'ancestor-or-self': {
      const self = axis === 'ancestor-or-self';
      return (n) => {
        const out: XNode[] = [];
        for (let p: XNode | null = self ? n : n.parent; p !== null; p = p.parent) if (test(p)) out.push(p);
        return out;
      };
    }
    case 'descendant':
      if (fast?.kind === 1) {
        const { ns, local } = fast;
        return (n) => {
          const out: XNode[] = [];
          if (n.kind !== 1 && n.kind !== 9) return out;
          const stack: XElement[] = [];
          for (let i = n.elements.length - 1; i >= 0; i--) stack.push(n.elements[i]!);
          while (stack.length > 0) {
            const c = stack.pop()!;
            if (c.local === local && c.ns === ns) out.push(c);
            for (let i = c.elements.length - 1; i >= 0; i--) stack.push(c.elements[i]!);
          }
          return out;
        };
      }
      return (n) => { const out: XNode[] = []; collectDescendants(n, test, out, elementsOnly); return out; };
    case 'descendant-or-self': return (n) => {
      const out: XNode[] = test(n) ? [n] : [];
      collectDescendants(n, test, out, elementsOnly);
      return out;
    };
    case 'following-sibling': return (n) => {
      const sibs = siblings(n, elementsOnly);
      return sibs ? sibs.slice(sibs.indexOf(n) + 1).filter(test) : [];
    };
    case 'preceding-sibling': return (n) => {
      const sibs = siblings(n, elementsOnly);
      return sibs ? sibs.slice(0, sibs.indexOf(n)).filter(test).reverse() : [];
    };
    case 'following': return (n) => {
      const all: XNode[] = [];
      collectDescendants(rootOf(n), test, all, elementsOnly);
      return all.filter((m) => m.order > n.order && !isDescendantOrAttr(m, n));
    };
    case 'preceding': return (n) => {
      const all: XNode[] = [];
      collectDescendants(rootOf(n), test, all, elementsOnly);
      const anchor = n.kind === 2 ? n.parent! : n;
      return all.filter((m) => m.order < anchor.order && !isDescendantOrAttr(anchor, m)).reverse();
    };
    default: throw new Error(`axis ${axis}`);
  }
}

export const REVERSE_AXES: ReadonlySet<Axis> = new Set<Axis>(['parent', 'ancestor', 'ancestor-or-self', 'preceding-sibling', 'preceding']);

/** Nodes of one document in document order without duplicates (the input is returned when already so). */
export function documentOrder(nodes: XNode[]): XNode[] {
  let sorted = true;
  for (let i = 1; i < nodes.length; i++) if (nodes[i]!.order <= nodes[i - 1]!.order) { sorted = false; break; }
  if (sorted) return nodes;
  const copy = nodes.slice().sort((a, b) => a.order - b.order);
  const out: XNode[] = [];
  for (const n of copy) if (out.length === 0 || out[out.length - 1] !== n) out.push(n);
  return out;
}
