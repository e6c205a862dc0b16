/*
 * The tree the reader (xml.ts) would make of a document, made while the document is written instead of read back from
 * its text: a writer that knows where each of its start tags, attributes and texts lands (line and column) tells this
 * class, element by element, and gets the nodes parseXml would give for the finished text, with the same names,
 * namespaces, document-order numbers, texts, lines and columns (the same TreeBuilder makes them: xml-tree.ts). pintae's
 * UBL writer (src/ubl/serialize.ts) uses it so that the rules judge a built invoice without parsing it again; a
 * differential test holds the two trees equal node by node (test/unit/ubl/written-tree.test.ts).
 *
 * It checks what the writer could get wrong and the reader would refuse (an undeclared prefix, an attribute twice,
 * a second root, a namespace declaration the reader refuses, too deep a nesting): then `finish` gives no tree and the
 * caller reads the text, so a refusal stays the reader's. It does not check characters, names or lengths, which the
 * writer guards itself.
 */
import type { XDocument, XElement } from './api.js';
import { Attr, Element, type Name } from './dom.js';
import { intern } from './intern.js';
import { isSpace, MAX_DEPTH } from './xml-chars.js';
import { isUriReference } from './xml-uri.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Short strings are shared as the reader shares them (xml-tree.ts): values an invoice repeats on every line. */
const SHARED_MAX = 4096;
const SHARED_LENGTH = 16;

/**
 * Names, and the texts arrays of elements (dom.ts), are the same objects for every document written: both are never
 * modified, and a writer's are few (its element names; its indentation).
 */
const NAMES = new Map<string, Map<string, Name>>();
interface Texts { next: Map<string, Texts>; texts?: string[] }
const TEXTS: Texts = { next: new Map() };
let textsKept = 0;

interface Open { element: Element; undo: Array<[string, string | undefined]> | undefined; from: number }

/** Records an element's namespace declarations where inScopeNamespaces reads them (xml.ts passes its own map). */
export type Declare = (element: XElement, declared: ReadonlyArray<readonly [string, string]>) => void;

export class WrittenTree {
  private order = 0;
  private readonly doc: XDocument = { kind: 9, parent: null, order: this.order++, children: [], elements: [], memo: undefined };
  private readonly stack: Open[] = [];
  /**
   * The element children of the open elements, innermost last, and the text before each ('' for none): stacks of
   * `size` entries (what lies beyond is stale).
   */
  private readonly kids: Element[] = [];
  private readonly before: string[] = [];
  private size = 0;
  /** Text since the last start or end tag, waiting to become one text node (as the reader's). */
  private pending = '';
  /** The attributes of the next start tag: qname, value, line, column, one after the other. */
  private attrs: Array<string | number> = [];
  private readonly bound = new Map<string, string>([['xml', XML_NS], ['', '']]);
  private readonly shared = new Map<string, string>();
  /** The Name of each element and attribute name met while the bindings in scope stayed as they are. */
  private readonly elementNames = new Map<string, Name>();
  private readonly attributeNames = new Map<string, Name>();
  private rooted = false;
  /** Why the reader would refuse what was written (then there is no tree). */
  private refused: string | undefined;

  constructor(private readonly declare: Declare) {}

  /** An attribute (or namespace declaration) of the start tag that `start` writes next. */
  attribute(qname: string, value: string, line: number, column: number): void {
    this.attrs.push(qname, value, line, column);
  }

  /** A start tag at line and column, with the attributes given since the last one. */
  start(qname: string, line: number, column: number): void {
    const raw = this.attrs;
    if (raw.length > 0) this.attrs = [];
    if (this.refused !== undefined) return;
    const open = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : undefined;
    if (!open) {
      if (this.rooted) { this.refused = 'content after the root element'; return; }
      this.rooted = true;
    } else if (this.stack.length >= MAX_DEPTH) { this.refused = 'too deep'; return; }
    let undo: Open['undo'];
    for (let i = 0; i < raw.length; i += 4) {
      const name = raw[i] as string;
      for (let j = 0; j < i; j += 4) if (raw[j] === name) { this.refused = `attribute ${name} twice`; return; }
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
      const prefix = name === 'xmlns' ? '' : name.slice(6);
      const uri = raw[i + 1] as string;
      if (!this.declarable(prefix, uri)) { this.refused = `namespace declaration ${name}`; return; }
      (undo ??= []).push([prefix, this.bound.get(prefix)]);
      this.bound.set(prefix, uri);
    }
    if (undo) this.rebound();
    const name = this.nameOf(qname, false);
    if (!name) return;
    const parent = open ? open.element : this.doc;
    // The text before it: a text node numbered before the element (as the reader flushes it).
    // (Not shared as the reader shares text: a writer's whitespace between tags is a few strings it reuses.)
    if (open) { if (this.pending !== '') this.order++; this.before[this.size] = this.pending; this.pending = ''; }
    const element = new Element(parent, this.order++, name, line, column);
    if (raw.length > 0 && !this.attributes(element, raw)) return;
    if (undo) this.declare(element, undo.map(([prefix]) => [prefix, this.bound.get(prefix)!] as const));
    if (open) this.kids[this.size++] = element; else this.doc.children.push(element);
    this.stack.push({ element, undo, from: this.size });
  }

  /** Text (already as the reader gives it back: references resolved) in the element open now. */
  text(text: string): void {
    if (this.stack.length > 0) { this.pending = this.pending === '' ? text : this.pending + text; return; }
    // Outside the root only whitespace, which the reader skips.
    for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) { this.refused ??= 'text outside the root element'; return; }
  }

  /** The end tag of the element open now: its children kept as the reader keeps them (dom.ts, xml-tree.ts). */
  end(): void {
    if (this.refused !== undefined) return;
    const open = this.stack.pop();
    if (!open) { this.refused = 'end tag without a start tag'; return; }
    const element = open.element;
    const last = this.pending;
    this.pending = '';
    if (last !== '') this.order++;
    const n = this.size - open.from;
    if (n === 0) {
      if (last !== '') element.texts = this.shareText(last);
    } else {
      // The kids and the texts before them since `from` are this element's; the text after the last is `last`.
      const from = open.from;
      const elements: Element[] = new Array(n);
      let text = last !== '';
      for (let i = 0; i < n; i++) {
        elements[i] = this.kids[from + i]!;
        if (this.before[from + i] !== '') text = true;
      }
      if (text) element.texts = sharedTexts(this.before, from, n, last);
      element.elements = elements;
      this.size = from;
    }
    if (open.undo) this.restore(open.undo);
  }

  /** The document, or undefined where the reader would refuse the text (the caller reads the text then). */
  finish(): XDocument | undefined {
    if (this.refused !== undefined || !this.rooted || this.stack.length > 0) return undefined;
    this.doc.elements = this.doc.children.filter((c): c is XElement => c.kind === 1);
    return this.doc;
  }

  /** The one Name of a name as written in the namespace its prefix is bound to; undefined (refused) for an unbound prefix. */
  private nameOf(qname: string, attribute: boolean): Name | undefined {
    const names = attribute ? this.attributeNames : this.elementNames;
    const known = names.get(qname);
    if (known !== undefined) return known;
    const name = this.resolve(qname, attribute);
    if (name !== undefined) names.set(qname, name);
    return name;
  }

  /** The bindings in scope changed: names are resolved anew. */
  private rebound(): void {
    this.elementNames.clear();
    this.attributeNames.clear();
  }

  private resolve(qname: string, attribute: boolean): Name | undefined {
    const colon = qname.indexOf(':');
    const prefix = colon > 0 ? qname.slice(0, colon) : '';
    const ns = attribute && prefix === '' ? '' : prefix === 'xmlns' ? undefined : this.bound.get(prefix);
    if (ns === undefined) { this.refused = `prefix ${prefix} not declared`; return undefined; }
    let byNs = NAMES.get(qname);
    if (!byNs) { if (NAMES.size >= SHARED_MAX) return { ns, local: qname.slice(colon + 1), prefix }; NAMES.set(qname, (byNs = new Map())); }
    let name = byNs.get(ns);
    // Interned as the reader's are (intern.ts): the evaluator's name tests then compare them by identity.
    if (!name) byNs.set(ns, (name = { ns: intern(ns), local: intern(qname.slice(colon + 1)), prefix: intern(prefix) }));
    return name;
  }

  private attributes(element: Element, raw: Array<string | number>): boolean {
    const attrs: Attr[] = [];
    for (let i = 0; i < raw.length; i += 4) {
      const qname = raw[i] as string;
      if (qname === 'xmlns' || qname.startsWith('xmlns:')) continue;
      const name = this.nameOf(qname, true);
      if (!name) return false;
      // Two prefixes bound to one namespace: one attribute to the reader.
      if (name.prefix !== '' && attrs.some((a) => a.prefix !== '' && a.local === name.local && a.ns === name.ns)) { this.refused = `attribute {${name.ns}}${name.local} twice`; return false; }
      attrs.push(new Attr(element, this.order++, name, this.shareText(raw[i + 1] as string), raw[i + 2] as number, raw[i + 3] as number));
    }
    // Exactly as long as its content, as the reader's (an array grown by push keeps room for 16 more: 15 MB more on
    // an invoice of 20,000 lines).
    if (attrs.length > 0) element.attrs = attrs.slice();
    return true;
  }

  /** `text` itself, or the equal string met before in this document when it is short (as the reader shares). */
  private shareText(text: string): string {
    if (text.length > SHARED_LENGTH || text === '') return text;
    const known = this.shared.get(text);
    if (known !== undefined) return known;
    if (this.shared.size < SHARED_MAX) this.shared.set(text, text);
    return text;
  }

  /** The reader's namespace errors (xml.ts, declare). */
  private declarable(prefix: string, uri: string): boolean {
    if (prefix === 'xmlns' || (prefix === 'xml') !== (uri === XML_NS) || uri === XMLNS_NS || (prefix !== '' && uri === '')) return false;
    return uri === '' || prefix === 'xml' || isUriReference(uri);
  }

  private restore(undo: Array<[string, string | undefined]>): void {
    this.rebound();
    for (let i = undo.length - 1; i >= 0; i--) {
      const [prefix, previous] = undo[i]!;
      if (previous === undefined) this.bound.delete(prefix); else this.bound.set(prefix, previous);
    }
  }
}

/**
 * The texts array of an element (dom.ts): `before[at + i]` the text before its i-th child, `last` the text after the
 * last; one array for every element, of any document, whose texts are these (found through a tree of the strings,
 * without making a key), while there are few enough.
 */
function sharedTexts(before: string[], at: number, n: number, last: string): string[] {
  const make = () => { const t: string[] = new Array(n + 1); for (let i = 0; i < n; i++) t[i] = before[at + i]!; t[n] = last; return t; };
  if (n + 1 > SHARED_LENGTH) return make();
  let node = TEXTS;
  for (let i = 0; i <= n; i++) {
    const s = i < n ? before[at + i]! : last;
    let next = node.next.get(s);
    if (!next) {
      if (textsKept >= SHARED_MAX) return make();
      textsKept++;
      node.next.set(s, (next = { next: new Map() }));
    }
    node = next;
  }
  return (node.texts ??= make());
}
