/*
 * How the reader (xml.ts) makes a document's nodes, small (dom.ts): a document is held whole while the rules run on
 * it. Every array is exactly as long as its content (an array grown by push keeps room for 16 more), and what an
 * invoice repeats on every line (names, prefixes, indentation, short values such as AED or 0.00) is one string or
 * object for every node instead of being sliced again for each.
 *
 * The reader recognises a name or a short text where it stands in the document, from a hash it computes while
 * scanning, without slicing it out first: names through a table kept for the process (invoices use the same few
 * hundred names), short texts and the texts arrays of elements through tables whose entries a document may reuse from
 * the documents before it. Each table is a fixed array searched over at most WINDOW slots from where a hash points,
 * so a table never grows, and neither many distinct strings nor strings chosen to collide make a lookup cost more
 * than WINDOW comparisons: what finds no slot is simply not shared (or, for a name, kept by the document alone).
 */
import type { XDocument, XElement, XNode } from './api.js';
import { Element, Text, type Name } from './dom.js';
import { intern, own } from './intern.js';

/** A document adds at most this many short strings to the tables, and as many texts arrays (the first met). */
const SHARED_MAX = 4096;
/** Strings of at most this many characters, and texts arrays of at most this many strings, are shared. */
export const SHARED_LENGTH = 16;
/** Names longer than this are kept by their document alone (a table of the process holds only short ones). */
const NAME_KEPT = 128;

/** A string kept for the process: its own copy (not a slice of a document), one object for each name (intern.ts). */
const keep = (s: string) => intern(own(s));

const BITS = 14;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;
const WINDOW = 16;
/** The slot a hash points to (Fibonacci hashing: the high bits of a multiplication). */
const home = (h: number) => Math.imul(h, 0x9e3779b1) >>> (32 - BITS);
/** The hash the reader computes while scanning, character by character: h0 = 0, h = h * 31 + c. */
export const step = (h: number, c: number) => (Math.imul(h, 31) + c) | 0;

/** The hash of a whole string, as the reader computes it while scanning. */
export function hashOf(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = step(h, s.charCodeAt(i));
  return h;
}

/** True when `s` holds `key` at `at` (past the end of `s`, false). */
export function sameAt(s: string, at: number, key: string): boolean {
  for (let i = 0; i < key.length; i++) if (s.charCodeAt(at + i) !== key.charCodeAt(i)) return false;
  return true;
}

/**
 * The document being read (one at a time: reading calls nothing back). An entry of a table stamped with another
 * document's number may be replaced; one stamped with this document's stays while it is read.
 */
let reading = 0;

/** A name as written, split, with its Name in each namespace it was found bound to. */
export class Split {
  readonly prefix: string;
  readonly local: string;
  /** Its slot in the table of the process, -1 when it is not there (or no longer): only a kept Split is predicted. */
  slot = -1;
  /**
   * What followed this name last time, to be checked first next time (an invoice's structure repeats): the name of
   * the next start tag after a start tag of this name, and after an end tag; the text after a start tag, and after
   * an end tag.
   */
  afterStart: Split | undefined = undefined;
  afterEnd: Split | undefined = undefined;
  textAfterStart: string | undefined = undefined;
  textAfterEnd: string | undefined = undefined;
  /** A namespace declaration (xmlns or xmlns:…). */
  readonly declares: boolean;
  /** The Name of an element of this name while the bindings numbered `bound` are in scope (xml.ts numbers them). */
  bound = -1;
  element: Name | undefined = undefined;
  /** The Name of an attribute of this name when it has no prefix (in no namespace). */
  private attribute: Name | undefined = undefined;
  private ns1: string | undefined = undefined;
  private name1: Name | undefined = undefined;
  private more: Map<string, Name> | undefined = undefined;

  constructor(readonly qname: string) {
    const colon = qname.indexOf(':');
    this.declares = colon === 5 ? qname.startsWith('xmlns') : qname === 'xmlns';
    // A namespace declaration's name is never a node's: its parts are not added to the names of the process.
    const part = this.declares ? own : keep;
    this.prefix = colon > 0 ? part(qname.slice(0, colon)) : '';
    this.local = part(colon > 0 ? qname.slice(colon + 1) : qname);
  }

  /** The Name of an attribute without a prefix. */
  unprefixed(fallback: Map<string, Name>): Name {
    return (this.attribute ??= this.name('', fallback));
  }

  /** The one Name of this name in namespace `ns` (for the process, or for `fallback`'s document when there are many). */
  name(ns: string, fallback: Map<string, Name>): Name {
    if (this.ns1 === ns) return this.name1!;
    // (Kept for the process: the namespace's own copy, keep(ns), not the document's.)
    if (this.ns1 === undefined) { this.name1 = { ns: keep(ns), local: this.local, prefix: this.prefix }; this.ns1 = this.name1.ns; return this.name1; }
    let more = this.more;
    let name = more?.get(ns);
    if (name) return name;
    if (!more || more.size < SHARED_LENGTH) {
      name = { ns: keep(ns), local: this.local, prefix: this.prefix };
      (more ??= this.more = new Map()).set(name.ns, name);
      return name;
    }
    // A name found in ever more namespaces: the rest are the document's.
    const key = `${ns}\u0000${this.qname}`;
    name = fallback.get(key);
    if (!name) fallback.set(key, (name = { ns: keep(ns), local: this.local, prefix: this.prefix }));
    return name;
  }
}

const NAMES: Array<Split | undefined> = new Array(SIZE).fill(undefined);
/** Their hashes, and the document that last used each (searched without reaching the Splits themselves). */
const NAME_HASHES = new Int32Array(SIZE);
const NAME_USED = new Int32Array(SIZE);

/** Marks a kept Split as used by the document being read (so that no other name replaces it meanwhile). */
export function use(split: Split): void {
  NAME_USED[split.slot] = reading;
}

/** The names of one document that the table of the process does not hold (too long, or no slot free). */
export class DocumentNames {
  private readonly own = new Map<string, Split>();
  readonly names = new Map<string, Name>();

  /** The Split of the name s[at, end), whose hash is `h`. */
  at(s: string, at: number, end: number, h: number): Split {
    const len = end - at;
    let slot = home(h);
    let free = -1;
    if (len <= NAME_KEPT) {
      for (let k = 0; k < WINDOW; k++, slot = (slot + 1) & MASK) {
        const e = NAMES[slot];
        if (e === undefined) { if (free < 0) free = slot; break; }
        if (NAME_HASHES[slot] === h && e.qname.length === len && sameAt(s, at, e.qname)) { NAME_USED[slot] = reading; return e; }
        if (free < 0 && NAME_USED[slot] !== reading) free = slot;
      }
    }
    const qname = s.slice(at, end);
    let split = this.own.get(qname);
    if (split) return split;
    // A Split kept for the process holds its own copy of the name, not a slice of this document.
    split = new Split(free >= 0 ? own(qname) : qname);
    if (free >= 0) {
      const replaced = NAMES[free];
      if (replaced) replaced.slot = -1;
      NAMES[free] = split; NAME_HASHES[free] = h; NAME_USED[free] = reading;
      split.slot = free;
    } else this.own.set(qname, split);
    return split;
  }

  /** The Split of a name read whole (beyond ASCII). */
  of(qname: string): Split {
    return this.at(qname, 0, qname.length, hashOf(qname));
  }
}

/** Short strings: the strings, their hashes, and the document that last used each. */
const TEXTS: Array<string | undefined> = new Array(SIZE).fill(undefined);
const TEXT_HASHES = new Int32Array(SIZE);
const TEXT_USED = new Int32Array(SIZE);
/** Texts arrays (dom.ts), never modified: shared by every element, of any document, whose texts are these. */
const ARRAYS: Array<string[] | undefined> = new Array(SIZE).fill(undefined);
const ARRAY_HASHES = new Int32Array(SIZE);
const ARRAY_USED = new Int32Array(SIZE);

export class TreeBuilder {
  /**
   * The children of the open elements, innermost last (each open element knows where its own start), text as
   * strings: `size` entries (what lies beyond is stale).
   */
  private kids: Array<XNode | string> = [];
  private size = 0;
  private sharedTexts = 0;
  private sharedArrays = 0;
  readonly names = new DocumentNames();
  /** The number of the document (table entries stamped with it stay while it is read). */
  constructor() {
    // A new document: entries stamped with another number may now be replaced.
    reading = (reading + 1) | 0;
  }

  /** Whether the string shareAt gave last is one the process keeps (else a slice of the document, not to be kept). */
  kept = false;

  /** s[at, end) (of at most SHARED_LENGTH characters, hash `h`): the equal string met before, else the slice, kept. */
  shareAt(s: string, at: number, end: number, h: number): string {
    const len = end - at;
    let slot = home(h);
    let free = -1;
    for (let k = 0; k < WINDOW; k++, slot = (slot + 1) & MASK) {
      const e = TEXTS[slot];
      if (e === undefined) { if (free < 0) free = slot; break; }
      if (TEXT_HASHES[slot] === h && e.length === len && sameAt(s, at, e)) { TEXT_USED[slot] = reading; this.kept = true; return e; }
      if (free < 0 && TEXT_USED[slot] !== reading) free = slot;
    }
    const text = s.slice(at, end);
    if (free < 0 || this.sharedTexts >= SHARED_MAX) { this.kept = false; return text; }
    // Kept for the process: its own copy, not a slice of this document.
    const kept = own(text);
    this.sharedTexts++;
    TEXTS[free] = kept; TEXT_HASHES[free] = h; TEXT_USED[free] = reading;
    return kept;
  }

  /** `text` itself, or the equal string met before when it is short (values an invoice repeats on every line). */
  share(text: string): string {
    return text.length > SHARED_LENGTH || text === '' ? text : this.shareAt(text, 0, text.length, hashOf(text));
  }

  /** Where the children of an element opening now will start. */
  mark(): number {
    return this.size;
  }

  /**
   * Adds a child to an element still open (its arrays are made when it closes) or to the document; `order` is the
   * reader's next document-order number (text was numbered just before it).
   */
  add(parent: XElement | XDocument, node: XNode | string, order: number): void {
    if (parent.kind !== 9) this.kids[this.size++] = node;
    else parent.children.push(typeof node === 'string' ? new Text(parent, order - 1, node) : node);
  }

  /**
   * Gives an element that closes its children: those added since `from` (dom.ts says how they are kept). `order` is
   * the reader's next document-order number: a text just before the end tag was numbered order - 1.
   */
  close(element: Element, from: number, order: number): void {
    const kids = this.kids;
    const end = this.size;
    if (end === from) return;
    this.size = from;
    if (end === from + 1 && typeof kids[from] === 'string') { element.texts = kids[from] as string; return; }
    let elements = 0;
    let text = false;
    let other = false;
    for (let i = from; i < end; i++) {
      const k = kids[i]!;
      if (typeof k === 'string') text = true;
      else if (k.kind === 1) elements++;
      else other = true;
    }
    const children: XElement[] = new Array(elements);
    let n = 0;
    if (other) {
      // Comments or processing instructions: children kept whole. A text node is numbered just before the node
      // after it, the last one just before the end tag.
      const all: XNode[] = new Array(end - from);
      for (let i = from; i < end; i++) {
        const k = kids[i]!;
        if (typeof k !== 'string') { all[i - from] = k; if (k.kind === 1) children[n++] = k; continue; }
        all[i - from] = new Text(element, i + 1 < end ? (kids[i + 1] as XNode).order - 1 : order - 1, k);
      }
      element.elements = children;
      element.keep(all);
      return;
    }
    if (!text) {
      for (let i = from; i < end; i++) children[i - from] = kids[i] as XElement;
      element.elements = children;
      return;
    }
    // texts[i] is the text before children[i] ('' for none), texts[elements] the text after the last.
    const texts: string[] = new Array(elements + 1);
    let before = '';
    let h = elements;
    for (let i = from; i < end; i++) {
      const k = kids[i]!;
      if (typeof k === 'string') { before = k; continue; }
      texts[n] = before;
      h = step(h, before.length === 0 ? 0 : (before.length << 16) ^ (before.charCodeAt(0) << 8) ^ before.charCodeAt(before.length - 1));
      children[n++] = k as XElement;
      before = '';
    }
    texts[n] = before;
    h = step(h, before.length === 0 ? 0 : (before.length << 16) ^ (before.charCodeAt(0) << 8) ^ before.charCodeAt(before.length - 1));
    element.elements = children;
    element.texts = texts.length > SHARED_LENGTH ? texts : this.shareTexts(texts, h);
  }

  /** The same texts met before (the indentation of an invoice line's parts is the same on every line), else these. */
  private shareTexts(texts: string[], h: number): string[] {
    let slot = home(h);
    let free = -1;
    search: for (let k = 0; k < WINDOW; k++, slot = (slot + 1) & MASK) {
      const e = ARRAYS[slot];
      if (e === undefined) { if (free < 0) free = slot; break; }
      if (ARRAY_HASHES[slot] === h && e.length === texts.length) {
        for (let i = 0; i < e.length; i++) if (e[i] !== texts[i]) continue search;
        ARRAY_USED[slot] = reading;
        return e;
      }
      if (free < 0 && ARRAY_USED[slot] !== reading) free = slot;
    }
    if (free < 0 || this.sharedArrays >= SHARED_MAX) return texts;
    // Kept for the process: short texts only, each its own copy (not a slice of this document).
    for (let i = 0; i < texts.length; i++) if (texts[i]!.length > SHARED_LENGTH) return texts;
    const kept = texts.map(own);
    this.sharedArrays++;
    ARRAYS[free] = kept; ARRAY_HASHES[free] = h; ARRAY_USED[free] = reading;
    return kept;
  }
}
