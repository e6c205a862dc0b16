/*
 * How the reader (xml.ts) makes a document's nodes, small (dom.ts): a document is held whole while the rules run on
 * it. Every array is exactly as long as its content (an array grown by push keeps room for 16 more), and what an
 * invoice repeats on every line (names, prefixes, indentation, short values such as AED or 0.00) is one string or
 * object for every node instead of being sliced again for each.
 */
import type { XDocument, XElement, XNode } from './api.js';
import { Element, Text, type Name } from './dom.js';
import { intern } from './intern.js';

/** Short strings are shared through a map of at most this many (the first met): enough for a document's repeats. */
const SHARED_MAX = 4096;
const SHARED_LENGTH = 16;

/** A name as written, split; `names` its Name in each namespace it was found bound to. */
export interface Split { prefix: string; local: string; names: Map<string, Name> }

export class TreeBuilder {
  /** The children of the open elements, innermost last (each open element knows where its own start); text as strings. */
  private readonly kids: Array<XNode | string> = [];
  private readonly names = new Map<string, Split>();
  private readonly shared = new Map<string, string>();
  private readonly sharedTexts = new Map<string, string[]>();

  /** A name as written → its prefix ('' for none) and local part, read once per document. */
  split(qname: string): Split {
    let split = this.names.get(qname);
    if (!split) {
      const colon = qname.indexOf(':');
      split = colon > 0 ? { prefix: intern(qname.slice(0, colon)), local: intern(qname.slice(colon + 1)), names: new Map() } : { prefix: '', local: intern(qname), names: new Map() };
      this.names.set(qname, split);
    }
    return split;
  }

  /** The one Name object of a split name in this namespace. */
  name(split: Split, ns: string): Name {
    let name = split.names.get(ns);
    if (!name) split.names.set(ns, (name = { ns: intern(ns), local: split.local, prefix: split.prefix }));
    return name;
  }

  /** `text` itself, or the equal string met before when it is short (values an invoice repeats on every line). */
  share(text: string): string {
    if (text.length > SHARED_LENGTH) return text;
    const known = this.shared.get(text);
    if (known !== undefined) return known;
    if (this.shared.size < SHARED_MAX) this.shared.set(text, text);
    return text;
  }

  /** Where the children of an element opening now will start. */
  mark(): number {
    return this.kids.length;
  }

  /**
   * Adds a child to an element still open (its arrays are made when it closes) or to the document; `order` is the
   * reader's next document-order number (text was numbered just before it).
   */
  add(parent: XElement | XDocument, node: XNode | string, order: number): void {
    if (parent.kind !== 9) this.kids.push(node);
    else parent.children.push(typeof node === 'string' ? new Text(parent, order - 1, node) : node);
  }

  /**
   * Gives an element that closes its children: those added since `from` (dom.ts says how they are kept). `order` is
   * the reader's next document-order number: a text just before the end tag was numbered order - 1.
   */
  close(element: Element, from: number, order: number): void {
    const kids = this.kids;
    if (kids.length === from) return;
    if (kids.length === from + 1 && typeof kids[from] === 'string') { element.texts = kids.pop() as string; return; }
    let elements = 0;
    let text = false;
    let other = false;
    for (let i = from; i < kids.length; i++) {
      const k = kids[i]!;
      if (typeof k === 'string') text = true;
      else if (k.kind === 1) elements++;
      else other = true;
    }
    const own = kids.splice(from);
    const children: XElement[] = new Array(elements);
    let n = 0;
    if (other) {
      // Comments or processing instructions: children kept whole. A text node is numbered just before the node
      // after it, the last one just before the end tag.
      const all: XNode[] = new Array(own.length);
      for (let i = 0; i < own.length; i++) {
        const k = own[i]!;
        if (typeof k !== 'string') { all[i] = k; if (k.kind === 1) children[n++] = k; continue; }
        all[i] = new Text(element, i + 1 < own.length ? (own[i + 1] as XNode).order - 1 : order - 1, k);
      }
      element.elements = children;
      element.keep(all);
      return;
    }
    const texts: string[] | undefined = text ? new Array(elements + 1) : undefined;
    for (const k of own) {
      if (typeof k === 'string') texts![n] = k;
      else { if (texts && texts[n] === undefined) texts[n] = ''; children[n++] = k as XElement; }
    }
    if (texts && texts[n] === undefined) texts[n] = '';
    element.elements = children;
    element.texts = texts && this.shareTexts(texts);
  }

  /** The same texts met before (the indentation of an invoice line's parts is the same on every line), else these. */
  private shareTexts(texts: string[]): string[] {
    if (texts.length > SHARED_LENGTH) return texts;
    const key = texts.join('\u0000');
    const known = this.sharedTexts.get(key);
    if (known !== undefined) return known;
    if (this.sharedTexts.size < SHARED_MAX) this.sharedTexts.set(key, texts);
    return texts;
  }
}
