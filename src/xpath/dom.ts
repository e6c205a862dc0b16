/*
 * The nodes pintae's reader (xml.ts) makes. A document is held whole while the rules run on it, and an invoice line is
 * some 70 nodes, most of them text (the indentation between elements, the value of each leaf): so an element keeps
 * its element children and the text between them as plain strings, and makes its text nodes (and its `children`
 * array) the first time something asks for them. Each made node gets the document-order number the reader counted
 * for it, so a tree answers every question exactly as one built whole (test/unit/xpath/xml.test.ts compares it with
 * Saxon-JS's, node by node and number by number). The rules themselves read element children and string values
 * only, which need no text node.
 */
import type { XAttr, XDocument, XElement, XNode, XText } from './api.js';

/** One empty array for every element without attributes or element children (never to be modified). */
export const NONE: never[] = Object.freeze([]) as never[];

/** A name as read: namespace, local part and prefix, one object for every node of that name in a document. */
export interface Name { readonly ns: string; readonly local: string; readonly prefix: string }

export class Element implements XElement {
  declare readonly kind: 1;
  constructor(
    public parent: XElement | XDocument,
    public order: number,
    readonly name: Name,
    public line: number,
    public column: number,
    public attrs: XAttr[] = NONE,
    public elements: XElement[] = NONE,
    /**
     * Its text, where its children are not kept whole: undefined for none; a string when it is the only child (a
     * leaf); otherwise texts[i] is the text before elements[i] and texts[elements.length] the text after the last
     * ('' where there is none). Equal arrays are one array for every element that has them: never modified.
     */
    public texts: string | string[] | undefined = undefined,
    /**
     * Its children: made on first use, or kept from the start for an element holding comments or processing
     * instructions (rare in an invoice); undefined until then. A field (8 bytes an element) costs less time than a
     * WeakMap beside the tree, for the reader that keeps them and for the evaluator that asks.
     */
    public made: XNode[] | undefined = undefined,
  ) {}

  get ns(): string { return this.name.ns; }
  get local(): string { return this.name.local; }
  get prefix(): string { return this.name.prefix; }

  get children(): XNode[] {
    return (this.made ??= this.make());
  }

  /** Keeps `children` as read: the element holds nodes other than elements and text. */
  keep(children: XNode[]): void {
    this.made = children;
    this.texts = undefined;
  }

  private make(): XNode[] {
    const texts = this.texts;
    if (texts === undefined) return this.elements;
    if (typeof texts === 'string') return [new Text(this, this.order + this.attrs.length + 1, texts)];
    const out: XNode[] = [];
    for (let i = 0; i < this.elements.length; i++) {
      const e = this.elements[i]!;
      // The reader numbers a text node just before the element that ends it.
      if (texts[i] !== '') out.push(new Text(this, e.order - 1, texts[i]!));
      out.push(e);
    }
    const last = texts[this.elements.length]!;
    if (last !== '') out.push(new Text(this, lastOrder(this.elements[this.elements.length - 1]!) + 1, last));
    return out;
  }
}
Object.defineProperty(Element.prototype, 'kind', { value: 1 });

export class Attr implements XAttr {
  declare readonly kind: 2;
  constructor(public parent: XElement, public order: number, readonly name: Name, public value: string, public line: number, public column: number) {}
  get ns(): string { return this.name.ns; }
  get local(): string { return this.name.local; }
  get prefix(): string { return this.name.prefix; }
}
Object.defineProperty(Attr.prototype, 'kind', { value: 2 });

export class Text implements XText {
  declare readonly kind: 3;
  constructor(public parent: XElement | XDocument, public order: number, public value: string) {}
}
Object.defineProperty(Text.prototype, 'kind', { value: 3 });

/** The document-order number of the last node of an element's subtree (its last descendant, else attribute, else itself). */
function lastOrder(element: XElement): number {
  let after = 0;
  for (let e = element; ;) {
    if (e instanceof Element && e.made === undefined) {
      const texts = e.texts;
      const tail = texts !== undefined && (typeof texts === 'string' || texts[e.elements.length] !== '');
      if (e.elements.length === 0) return e.order + e.attrs.length + (tail ? 1 : 0) + after;
      // A text after the last element child is numbered right after that child's subtree.
      if (tail) after++;
      e = e.elements[e.elements.length - 1]!;
      continue;
    }
    const children = e.children;
    if (children.length === 0) return e.order + e.attrs.length + after;
    const c = children[children.length - 1]!;
    if (c.kind !== 1) return c.order + after;
    e = c;
  }
}

/**
 * XPath's string value of an element or document: its descendant text in document order. An explicit stack, so a
 * document nested deeper than the JavaScript stack is no crash.
 */
export function stringValueOf(node: XElement | XDocument): string {
  if (node instanceof Element && typeof node.texts === 'string') return node.texts;
  let out = '';
  const stack: Array<XNode | string> = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') { out += n; continue; }
    if (n.kind === 3) { out += n.value; continue; }
    if (n.kind !== 1 && n.kind !== 9) continue;
    if (n instanceof Element && n.made === undefined) {
      const texts = n.texts;
      if (typeof texts === 'string') { out += texts; continue; }
      const elements = n.elements;
      if (texts !== undefined) stack.push(texts[elements.length]!);
      for (let i = elements.length - 1; i >= 0; i--) {
        stack.push(elements[i]!);
        if (texts !== undefined) stack.push(texts[i]!);
      }
      continue;
    }
    const cs = n.children;
    for (let i = cs.length - 1; i >= 0; i--) stack.push(cs[i]!);
  }
  return out;
}
