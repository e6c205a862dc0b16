/*
 * pintae's one XML reader. Well-formedness is judged as libxml2 judges it (XML 1.0 fifth edition with Namespaces,
 * libxml2's namespace errors and resource limits included; a document of any version 1.x is read by the 1.0 rules, as
 * libxml2 reads it), and a DOCTYPE is refused outright: pintae never reads a DTD or an external entity. The tree is the
 * one Saxon-JS builds from the same text (namespaces resolved, whitespace-only text kept, CDATA merged into text,
 * comments and processing instructions kept), with the line and column of every element and attribute, its nodes
 * kept small (xml-tree.ts, dom.ts). One pass, no recursion, no regular expression on the hot paths, time linear in
 * the text. Names and short texts are recognised where they stand rather than sliced out and looked up (xml-tree.ts),
 * and what followed a tag's name the last time is checked first (docs/decisions.md, "The XML reader cheaper").
 */
import type { XDocument, XElement, XNode } from './api.js';
import { Attr, Element, type Name } from './dom.js';
import { DocumentNames, sameAt, SHARED_LENGTH, Split, step, TreeBuilder, use } from './xml-tree.js';
import {
  ASCII_NAME, codePoint, isSpace, MAX_DEPTH, MAX_NAME_BYTES, MAX_TEXT_BYTES, NAME_ONLY, NCNAME_AT, NOT_CHAR, over, QNAME_AT,
} from './xml-chars.js';
import { decodeXml } from './xml-decode.js';
import { Lines, xmlErrorAt } from './xml-error.js';
import { interned } from './intern.js';
import { isUriReference } from './xml-uri.js';
import { WrittenTree } from './xml-written.js';

export { decodeXml, invalidUtf16 } from './xml-decode.js';
export { XmlError, xmlErrorAt } from './xml-error.js';
export type { WrittenTree } from './xml-written.js';
/** libxml2's limit on one text node, and the UTF-8 length it is measured in: what pintae writes, this reader reads. */
export { MAX_TEXT_BYTES, utf8Length } from './xml-chars.js';
/** The string value of a node of the trees this reader makes (XPath's string()). */
export { stringValueOf } from './dom.js';

/**
 * An object the same for every element of one name (namespace, local name and prefix) in a document this reader made,
 * to key per-name work by identity; undefined for an element of another tree.
 */
export function sharedName(element: XElement): object | undefined {
  return element instanceof Element ? element.name : undefined;
}

/**
 * The namespace declarations written on each element that has any ([prefix, URI]; '' for the default namespace), kept
 * beside the tree rather than on every node: only a reader of prefixes in attribute values (a rule set's XPath) asks.
 */
const declarations = new WeakMap<XElement, ReadonlyArray<readonly [string, string]>>();

/** The prefixes in scope on an element (the nearest declaration wins; xml is always bound). */
export function inScopeNamespaces(element: XElement): Map<string, string> {
  const chain: XElement[] = [];
  for (let e: XElement | XDocument | null = element; e && e.kind === 1; e = e.parent) chain.unshift(e);
  const map = new Map<string, string>([['xml', XML_NS]]);
  for (const e of chain) for (const [p, u] of declarations.get(e) ?? []) map.set(p, u);
  return map;
}

/**
 * The tree this reader would make of a document, made while the document is written (xml-written.ts): a writer that
 * knows where what it writes lands need not have its text read back.
 */
export function writtenTree(): WrittenTree {
  return new WrittenTree((element, declared) => declarations.set(element, declared));
}

/** Parses the text of a whole document. Throws XmlError (located) for anything libxml2 refuses, and for a DOCTYPE. */
export function parseXml(text: string): XDocument {
  return new Parser(text).document();
}

/** Reads a document from its bytes (decoded as decodeXml does) or from its text. Throws XmlError. */
export function readXml(input: Uint8Array | string): XDocument {
  return parseXml(typeof input === 'string' ? input : decodeXml(input));
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XML_DECL = /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])([^"']*)\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*\?>/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
/** Above this many, repeated attribute names are found through a set instead of by comparing each pair. */
const FEW = 8;

/** Bindings undone when an element closes: [prefix, previous URI] (undefined where it was unbound). */
type Undo = Array<[string, string | undefined]>;
/**
 * The namespace bindings in scope: every document, and every change of bindings in it, takes a new number, which a
 * name's Split remembers with the Name it resolved to (xml-tree.ts), so an element name is resolved once per change.
 */
let bindings = 0;

const same = (t: string) => t;
const lineEnds = (t: string) => (t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t);
/** CDATA attribute normalization (XML 1.0 3.3.3): each literal line end or tab becomes one space. */
const attrSpaces = (t: string) => (/[\t\n\r]/.test(t) ? t.replace(/\r\n|[\t\n\r]/g, ' ') : t);
const attrSpacesNoCr = (t: string) => (t.includes('\n') || t.includes('\t') ? t.replace(/[\t\n]/g, ' ') : t);

class Parser {
  /** Where the document starts: after a byte-order mark, which no position counts. */
  private readonly from: number;
  private pos: number;
  private order = 0;
  /** Text read since the last node other than text, waiting to become one text node; `shared` when it is the tree's. */
  private pending = '';
  private shared = false;
  private readonly lines: Lines;
  /** The namespace bindings in scope: prefix → URI ('' → '' while no default namespace is declared). */
  private readonly bound = new Map<string, string>([['xml', XML_NS], ['', '']]);
  /** Line-end normalization of text, and attribute-value normalization: cheaper in the usual text without CR. */
  private readonly lineEnds: (t: string) => string;
  private readonly attrSpaces: (t: string) => string;
  /** Makes the nodes, small (xml-tree.ts). */
  private readonly tree = new TreeBuilder();
  private readonly names: DocumentNames;
  /** The attributes of the start tag being read: name, value and offset of each (reused from tag to tag). */
  private readonly attrNames: Split[] = [];
  private readonly attrValues: string[] = [];
  private readonly attrAt: number[] = [];
  /** The attributes of the start tag being read, as made (reused from tag to tag). */
  private readonly attrs: Attr[] = [];
  /** The open elements, innermost last: each with its name, the bindings to undo and where its children start. */
  private readonly openElements: Element[] = [];
  private readonly openNames: Split[] = [];
  private readonly openUndo: Array<Undo | undefined> = [];
  private readonly openFrom: number[] = [];
  /** The bindings the start tag just read made (undone when its element closes). */
  private undo: Undo | undefined;
  /** The name of the last tag read, and whether it was an end tag (or an empty-element tag): what comes next is predicted from them. */
  private last: Split | undefined;
  private lastEnd = false;

  constructor(private readonly s: string) {
    this.from = this.pos = s.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.lines = new Lines(s, this.from);
    const cr = s.includes('\r');
    this.lineEnds = cr ? lineEnds : same;
    this.attrSpaces = cr ? attrSpaces : attrSpacesNoCr;
    this.names = this.tree.names;
    bindings++;
  }

  document(): XDocument {
    const s = this.s;
    const bad = NOT_CHAR.exec(s);
    if (bad) this.fail(`character ${codePoint(bad[0].codePointAt(0)!)} is not allowed in XML`, bad.index);
    const doc: XDocument = { kind: 9, parent: null, order: this.order++, children: [], elements: [], memo: undefined };
    if (s.startsWith('<?xml', this.pos) && isSpace(s.charCodeAt(this.pos + 5))) this.declaration();
    let root = false;
    for (;;) {
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      if (this.pos >= s.length) break;
      if (s.startsWith('<!--', this.pos)) doc.children.push(this.comment(doc));
      else if (s.startsWith('<?', this.pos)) doc.children.push(this.instruction(doc));
      else if (s.startsWith('<!DOCTYPE', this.pos)) this.fail('a DOCTYPE declaration is not allowed (no DTD or external entity is ever read)');
      else if (s.charCodeAt(this.pos) === 0x3c && !root) { root = true; this.element(doc); }
      else this.fail(root ? 'content after the root element' : 'expected the root element');
    }
    if (!root) this.fail('no root element');
    doc.elements = doc.children.filter((c): c is XElement => c.kind === 1);
    return doc;
  }

  private declaration(): void {
    XML_DECL.lastIndex = this.pos;
    const m = XML_DECL.exec(this.s);
    if (!m) this.fail('malformed XML declaration');
    // libxml2 reads any 1.x by the XML 1.0 rules (with a warning) and refuses other versions.
    if (!/^1\.[0-9]*$/.test(m[2]!)) this.fail(`XML version "${m[2]}" is not supported (1.x is read as XML 1.0)`, this.pos + m[0].indexOf(m[2]!, 14));
    this.pos = XML_DECL.lastIndex;
  }

  /** The element starting at pos, with all its content (iterative: no recursion however deep the document). */
  private element(doc: XDocument): void {
    const s = this.s;
    const elements = this.openElements, names = this.openNames, undos = this.openUndo, froms = this.openFrom;
    let depth = 0;
    let parent: XElement | XDocument = doc;
    for (;;) {
      // At a '<' that starts a tag, a comment, a CDATA section or a processing instruction.
      const next = s.charCodeAt(this.pos + 1);
      if (next === 0x2f) { // '/'
        if (depth === 0) this.fail('end tag without a start tag');
        depth--;
        const qname = names[depth]!.qname;
        const at = this.pos + 2;
        const after = s.charCodeAt(at + qname.length);
        if ((isSpace(after) || after === 0x3e) && sameAt(s, at, qname)) this.pos = at + qname.length;
        else this.fail(`end tag </${this.name(QNAME_AT, at, 'an element name')}> does not match <${qname}>`, at);
        while (isSpace(s.charCodeAt(this.pos))) this.pos++;
        if (s.charCodeAt(this.pos) !== 0x3e) this.fail("expected '>'");
        this.pos++;
        const element = elements[depth]!;
        this.last = names[depth]; this.lastEnd = true;
        this.flush(element);
        this.tree.close(element, froms[depth]!, this.order);
        const undo = undos[depth];
        if (undo) this.restore(undo);
        if (depth === 0) return;
        parent = elements[depth - 1]!;
      } else if (next === 0x21) { // '!'
        if (s.startsWith('<!--', this.pos)) { this.flush(parent); this.tree.add(parent, this.comment(parent), this.order); }
        else if (s.startsWith('<![CDATA[', this.pos) && depth > 0) this.cdata();
        else this.fail('expected a comment or a CDATA section');
      } else if (next === 0x3f) { // '?'
        this.flush(parent); this.tree.add(parent, this.instruction(parent), this.order);
      } else {
        this.flush(parent);
        if (depth >= MAX_DEPTH) this.fail(`elements nested more than ${MAX_DEPTH} deep (libxml2's limit)`);
        const element = this.startTag(parent);
        this.tree.add(parent, element, this.order);
        if (s.charCodeAt(this.pos - 2) !== 0x2f) {
          elements[depth] = element; names[depth] = this.tagName; undos[depth] = this.undo; froms[depth] = this.tree.mark();
          depth++;
          parent = element;
          this.last = this.tagName; this.lastEnd = false;
        } else {
          this.last = this.tagName; this.lastEnd = true;
          if (this.undo) this.restore(this.undo);
          if (depth === 0) return;
        }
      }
      // The text up to the next '<': none; the text that followed the last tag's name last time (an invoice's
      // indentation, a repeated value), checked where it stands; else found and read.
      if (s.charCodeAt(this.pos) === 0x3c) continue;
      const last = this.last!;
      const predicted = this.lastEnd ? last.textAfterEnd : last.textAfterStart;
      if (predicted !== undefined && s.charCodeAt(this.pos + predicted.length) === 0x3c && sameAt(s, this.pos, predicted)) {
        if (this.pending === '') { this.pending = predicted; this.shared = true; } else { this.pending += predicted; this.shared = false; }
        this.pos += predicted.length;
        continue;
      }
      const lt = s.indexOf('<', this.pos);
      if (lt < 0) this.fail(`element <${names[depth - 1]!.qname}> is not closed`, s.length);
      this.text(lt);
      this.pos = lt;
    }
  }

  /** The name of the start tag read last. */
  private tagName!: Split;

  /**
   * The start tag at pos; leaves pos after its '>' (so `s[pos - 2] === '/'` tells an empty-element tag), its name in
   * `tagName` and the bindings it made in `undo`.
   */
  private startTag(parent: XElement | XDocument): Element {
    const s = this.s;
    const tagAt = this.pos;
    const split = this.elementName(this.pos + 1);
    const names = this.attrNames, values = this.attrValues, ats = this.attrAt;
    let count = 0;
    let declared = 0;
    let seen: Set<Split> | undefined;
    let undo: Undo | undefined;
    for (;;) {
      const before = this.pos;
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const c = s.charCodeAt(this.pos);
      if (c === 0x3e) { this.pos++; break; }
      if (c === 0x2f && s.charCodeAt(this.pos + 1) === 0x3e) { this.pos += 2; break; }
      if (this.pos === before) this.fail(Number.isNaN(c) ? `start tag <${split.qname}> is not closed` : "expected whitespace, '>' or '/>'");
      const at = this.pos;
      const name = this.qname(at, 'an attribute name');
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      if (s.charCodeAt(this.pos) !== 0x3d) this.fail("expected '='");
      this.pos++;
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const value = this.attrValue();
      // Names are one Split each in a document: the same name as written is the same object.
      if (seen) { if (seen.has(name)) this.fail(`attribute ${name.qname} appears twice`, at); seen.add(name); }
      else if (count > 0) {
        for (let i = 0; i < count; i++) if (names[i] === name) this.fail(`attribute ${name.qname} appears twice`, at);
        if (count === FEW) seen = new Set([...names.slice(0, count), name]);
      }
      if (name.declares) {
        const prefix = this.declare(name.qname, value, at);
        (undo ??= []).push([prefix, this.bound.get(prefix)]);
        // The one string object of this URI when there is one (intern.ts: the namespaces of names read before), so a
        // name resolved again compares its namespace by identity; a URI only declared is not added to the table.
        this.bound.set(prefix, interned(value));
        bindings++;
        declared++;
      }
      names[count] = name; values[count] = value; ats[count] = at;
      count++;
    }
    if (this.pos - tagAt > MAX_TEXT_BYTES / 3 && over(s.slice(tagAt, this.pos), MAX_TEXT_BYTES)) {
      this.fail(`a start tag of more than ${MAX_TEXT_BYTES} bytes (libxml2's limit)`, tagAt);
    }
    this.lines.advance(tagAt);
    let name = split.element;
    if (split.bound !== bindings) {
      const ns = split.prefix === 'xmlns' ? undefined : this.bound.get(split.prefix);
      if (ns === undefined) this.fail(`namespace prefix ${split.prefix} is not declared`, tagAt + 1);
      split.element = name = split.name(ns, this.names.names);
      split.bound = bindings;
    }
    const element = new Element(parent, this.order++, name!, this.lines.line, this.lines.column(tagAt));
    if (count > declared) this.attributes(element, count);
    if (undo) declarations.set(element, undo.map(([prefix]) => [prefix, this.bound.get(prefix)!] as const));
    this.tagName = split;
    this.undo = undo;
    return element;
  }

  /** The attributes of `element` other than namespace declarations, their names resolved and checked for repeats. */
  private attributes(element: Element, count: number): void {
    const names = this.attrNames, values = this.attrValues, ats = this.attrAt;
    let prefixed = 0;
    let expanded: Set<string> | undefined;
    const attrs = this.attrs;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const split = names[i]!;
      if (split.declares) continue;
      const at = ats[i]!;
      const { prefix, local } = split;
      let name: Name;
      if (prefix === '') name = split.unprefixed(this.names.names);
      else if (split.bound === bindings) name = split.element!;
      else {
        const ns = this.bound.get(prefix);
        if (ns === undefined) this.fail(`namespace prefix ${prefix} is not declared`, at);
        split.element = name = split.name(ns, this.names.names);
        split.bound = bindings;
      }
      // Only two prefixed names can expand alike (two prefixes bound to one URI): unprefixed ones differ as written.
      if (prefix !== '' && ++prefixed > 1) {
        const ns = name.ns;
        if (expanded) { const key = `${ns}\u0000${local}`; if (expanded.has(key)) this.duplicate(ns, local, at); expanded.add(key); }
        else {
          for (let j = 0; j < n; j++) { const o = attrs[j]!; if (o.prefix !== '' && o.local === local && o.ns === ns) this.duplicate(ns, local, at); }
          if (prefixed === FEW) expanded = new Set(attrs.slice(0, n).filter((o) => o.prefix !== '').map((o) => `${o.ns}\u0000${o.local}`).concat(`${ns}\u0000${local}`));
        }
      }
      this.lines.advance(at);
      attrs[n++] = new Attr(element, this.order++, name, values[i]!, this.lines.line, this.lines.column(at));
    }
    // Exactly as long as its content (an array grown by push keeps room for 16 more), and packed.
    element.attrs = attrs.slice(0, n);
  }

  private duplicate(ns: string, local: string, at: number): never {
    this.fail(`attribute {${ns}}${local} appears twice (two prefixes bound to one namespace)`, at);
  }

  private restore(undo: Undo): void {
    bindings++;
    for (let i = undo.length - 1; i >= 0; i--) {
      const [prefix, previous] = undo[i]!;
      if (previous === undefined) this.bound.delete(prefix); else this.bound.set(prefix, previous);
    }
  }

  /** Checks a namespace declaration as libxml2 does (its namespace errors); returns the prefix it binds. */
  private declare(name: string, uri: string, at: number): string {
    const prefix = name === 'xmlns' ? '' : name.slice(6);
    if (prefix === 'xmlns') this.fail('the prefix xmlns cannot be declared', at);
    if ((prefix === 'xml') !== (uri === XML_NS)) this.fail('the prefix xml is bound to its namespace and nothing else is', at);
    if (uri === XMLNS_NS) this.fail(`the namespace ${XMLNS_NS} cannot be declared`, at);
    if (prefix !== '' && uri === '') this.fail(`prefix ${prefix} cannot be undeclared in XML 1.0`, at);
    if (uri !== '' && prefix !== 'xml' && !isUriReference(uri)) this.fail(`namespace name "${uri}" is not a URI reference`, at);
    return prefix;
  }

  /** A quoted attribute value at pos, normalized as XML 1.0 says for CDATA attributes, shared when short. */
  private attrValue(): string {
    const s = this.s;
    const quote = s.charCodeAt(this.pos);
    if (quote !== 0x22 && quote !== 0x27) this.fail('expected a quoted attribute value');
    const start = this.pos + 1;
    // A short value without references, tabs or line ends is looked up where it stands, without slicing it.
    let h = 0;
    for (let i = start, last = start + SHARED_LENGTH; i <= last; i++) {
      const c = s.charCodeAt(i);
      if (c === quote) { this.pos = i + 1; return i === start ? '' : this.tree.shareAt(s, start, i, h); }
      if (!(c >= 0x20) || c === 0x26 || c === 0x3c) break;
      h = step(h, c);
    }
    const end = s.indexOf(quote === 0x22 ? '"' : "'", start);
    if (end < 0) this.fail('unterminated attribute value');
    const raw = s.slice(start, end);
    const lt = raw.indexOf('<');
    if (lt >= 0) this.fail("'<' in an attribute value", start + lt);
    this.pos = end + 1;
    // Literal tabs and line ends become spaces; the same characters written as references stay as they are.
    return this.tree.share(raw.includes('&') ? this.references(raw, start, this.attrSpaces) : this.attrSpaces(raw));
  }

  /** Character data from pos up to the '<' at `end`: one text node to libxml2, whose length it limits. */
  private text(end: number): void {
    const s = this.s;
    const start = this.pos;
    const last = this.last;
    if (end - start <= SHARED_LENGTH) {
      // A short text without references, CR or ']' (indentation, most values) is looked up where it stands.
      let h = 0;
      let i = start;
      for (; i < end; i++) {
        const c = s.charCodeAt(i);
        if (c === 0x26 || c === 0x5d || c === 0x0d) break;
        h = step(h, c);
      }
      if (i === end) {
        const t = this.tree.shareAt(s, start, end, h);
        if (last !== undefined && last.slot >= 0 && this.tree.kept) { if (this.lastEnd) last.textAfterEnd = t; else last.textAfterStart = t; }
        if (this.pending === '') { this.pending = t; this.shared = true; } else { this.pending += t; this.shared = false; }
        return;
      }
    }
    const raw = s.slice(start, end);
    const cdataEnd = raw.indexOf(']]>');
    if (cdataEnd >= 0) this.fail("']]>' in text", start + cdataEnd);
    const t = raw.includes('&') ? this.references(raw, start, this.lineEnds) : this.lineEnds(raw);
    if (over(t, MAX_TEXT_BYTES)) this.fail(`a text node of more than ${MAX_TEXT_BYTES} bytes (libxml2's limit)`);
    this.pending += t;
    this.shared = false;
  }

  private cdata(): void {
    const end = this.s.indexOf(']]>', this.pos + 9);
    if (end < 0) this.fail('unterminated CDATA section');
    const value = this.s.slice(this.pos + 9, end);
    if (over(value, MAX_TEXT_BYTES - 12)) this.fail(`a CDATA section of more than ${MAX_TEXT_BYTES} bytes (libxml2's limit)`);
    this.pending += this.lineEnds(value);
    this.shared = false;
    this.pos = end + 3;
  }

  /** `raw` (at `offset` in the text) with its references replaced and `literal` applied to the text between them. */
  private references(raw: string, offset: number, literal: (t: string) => string): string {
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
      const semi = raw.indexOf(';', amp + 1);
      if (semi < 0) this.fail("'&' not starting a reference", offset + amp);
      out += literal(raw.slice(from, amp)) + this.reference(raw.slice(amp + 1, semi), offset + amp);
      from = semi + 1;
    }
    return out + literal(raw.slice(from));
  }

  private reference(ref: string, at: number): string {
    if (ref.charCodeAt(0) === 0x23) { // '#'
      const hex = ref.charCodeAt(1) === 0x78;
      const digits = ref.slice(hex ? 2 : 1);
      if (!(hex ? /^[0-9A-Fa-f]+$/ : /^[0-9]+$/).test(digits)) this.fail(`malformed character reference &${ref};`, at);
      const code = parseInt(digits, hex ? 16 : 10);
      if (code > 0x10ffff || NOT_CHAR.test(String.fromCodePoint(code))) this.fail(`&${ref}; refers to a character XML does not allow`, at);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value !== undefined && Object.hasOwn(PREDEFINED, ref)) return value;
    if (NAME_ONLY.test(ref)) this.fail(`entity &${ref}; is not defined (only &lt; &gt; &amp; &apos; &quot; are: no DTD is ever read)`, at);
    this.fail("'&' not starting a reference", at);
  }

  private comment(parent: XElement | XDocument): XNode {
    const end = this.s.indexOf('--', this.pos + 4);
    if (end < 0) this.fail('unterminated comment');
    if (this.s.charCodeAt(end + 2) !== 0x3e) this.fail("'--' inside a comment", end);
    const value = this.lineEnds(this.s.slice(this.pos + 4, end));
    if (over(value, MAX_TEXT_BYTES)) this.fail(`a comment of more than ${MAX_TEXT_BYTES} bytes (libxml2's limit)`);
    this.pos = end + 3;
    return { kind: 8, parent, order: this.order++, value };
  }

  private instruction(parent: XElement | XDocument): XNode {
    const s = this.s;
    const at = this.pos;
    const target = this.name(NCNAME_AT, this.pos + 2, 'a processing-instruction target');
    if (target.toLowerCase() === 'xml') this.fail(`processing-instruction target ${target} is reserved (an XML declaration is allowed only at the start)`, at + 2);
    let value = '';
    if (!s.startsWith('?>', this.pos)) {
      if (!isSpace(s.charCodeAt(this.pos))) this.fail("expected whitespace or '?>'");
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const end = s.indexOf('?>', this.pos);
      if (end < 0) this.fail('unterminated processing instruction');
      value = this.lineEnds(s.slice(this.pos, end));
      this.pos = end;
    }
    this.pos += 2;
    if (this.pos - at > MAX_TEXT_BYTES / 3 && over(s.slice(at, this.pos), MAX_TEXT_BYTES)) {
      this.fail(`a processing instruction of more than ${MAX_TEXT_BYTES} bytes (libxml2's limit)`, at);
    }
    return { kind: 7, parent, order: this.order++, target, value };
  }

  /** Turns the text read so far into a text node of `parent`. */
  private flush(parent: XElement | XDocument): void {
    if (this.pending === '') return;
    this.order++;
    this.tree.add(parent, this.shared ? this.pending : this.tree.share(this.pending), this.order);
    this.pending = '';
    this.shared = false;
  }

  /**
   * The element name at `at` (pos after it): the one that followed the last tag's name last time when it is there,
   * else as qname reads it.
   */
  private elementName(at: number): Split {
    const last = this.last;
    if (last === undefined) return this.qname(at, 'an element name');
    const predicted = this.lastEnd ? last.afterEnd : last.afterStart;
    if (predicted !== undefined && predicted.slot >= 0) {
      const qname = predicted.qname;
      const s = this.s;
      const c = s.charCodeAt(at + qname.length);
      // The name ends there as qname would end it: at a character that is neither a name character nor ':'.
      if ((c < 0x80 ? ASCII_NAME[c] === 0 && c !== 0x3a : Number.isNaN(c)) && sameAt(s, at, qname)) {
        use(predicted);
        this.pos = at + qname.length;
        return predicted;
      }
    }
    const split = this.qname(at, 'an element name');
    // Only a Split the process keeps is remembered (another holds a slice of this document).
    if (split.slot >= 0) { if (this.lastEnd) last.afterEnd = split; else last.afterStart = split; }
    return split;
  }

  /**
   * The qualified name at `at` (pos after it): ASCII names are recognised where they stand, from a hash taken while
   * scanning them (xml-tree.ts); anything else (or an ill-formed name) goes through the full pattern.
   */
  private qname(at: number, what: string): Split {
    const s = this.s;
    let i = at;
    let c = s.charCodeAt(i);
    if (c < 0x80 && ASCII_NAME[c] === 1) {
      let h = c;
      let colon = false;
      for (c = s.charCodeAt(++i); ; c = s.charCodeAt(++i)) {
        if (c < 0x80 && ASCII_NAME[c]! > 0) { h = step(h, c); continue; }
        if (c === 0x3a && !colon) {
          colon = true;
          const d = s.charCodeAt(i + 1);
          if (d < 0x80 && ASCII_NAME[d] === 1) { h = step(h, c); continue; }
          if (d >= 0x80) c = d; // a local part starting beyond ASCII: the full pattern decides
        }
        break;
      }
      if (!(c >= 0x80) && i - at <= MAX_NAME_BYTES) { this.pos = i; return this.names.at(s, at, i, h); }
    }
    return this.names.of(this.fullName(QNAME_AT, at, what));
  }

  private name(pattern: RegExp, at: number, what: string): string {
    // ASCII names without a regular expression; anything else (or an ill-formed name) through the full pattern.
    const s = this.s;
    let i = at;
    let c = s.charCodeAt(i);
    if (c < 0x80 && ASCII_NAME[c] === 1) {
      let colon = pattern !== QNAME_AT;
      for (c = s.charCodeAt(++i); ; c = s.charCodeAt(++i)) {
        if (c < 0x80 && ASCII_NAME[c]! > 0) continue;
        if (c === 0x3a && !colon) {
          colon = true;
          const d = s.charCodeAt(i + 1);
          if (d < 0x80 && ASCII_NAME[d] === 1) continue;
          if (d >= 0x80) c = d; // a local part starting beyond ASCII: the full pattern decides
        }
        break;
      }
      if (!(c >= 0x80) && i - at <= MAX_NAME_BYTES) { this.pos = i; return s.slice(at, i); }
    }
    return this.fullName(pattern, at, what);
  }

  private fullName(pattern: RegExp, at: number, what: string): string {
    pattern.lastIndex = at;
    const m = pattern.exec(this.s);
    if (!m) this.fail(`expected ${what}`, at);
    this.pos = pattern.lastIndex;
    const name = m[0];
    if (name.length * 3 > MAX_NAME_BYTES && name.split(':').some((part) => over(part, MAX_NAME_BYTES))) {
      this.fail(`a name of more than ${MAX_NAME_BYTES} bytes (libxml2's limit)`, at);
    }
    return name;
  }

  private fail(reason: string, at = this.pos): never {
    throw xmlErrorAt(this.s, this.from, at, reason);
  }
}
