import { Items, SOURCE, type XmlNode, type XmlValue } from './node.js';
import { Sources } from './sources.js';
import { MAX_TEXT_BYTES, utf8Length, writtenTree, type WrittenTree } from '../xpath/xml.js';
import type { XDocument } from '../xpath/api.js';
import { own as ownWords, type Unwritable } from '../messages/own.js';

/*
 * The object tree (node.ts) as indented XML text, without a DOM (building one cost ~60% of a build). Text is written
 * exactly: nothing is decoded or guessed, so `R&amp;D` in a request is delivered as the eight characters `R&amp;D`.
 * Every `&`, `<` and `>` is escaped; in attribute values also `"`. A carriage return becomes `&#13;` (a reader turns a
 * literal one into a line feed), and in attribute values tab and line feed become `&#9;` and `&#10;` (a reader turns
 * literal ones into spaces): what a conforming reader gives back is exactly the text sent.
 *
 * While writing, each element's location (in the form of src/xpath/location.ts, which Schematron findings carry) is
 * paired with the request field the builder recorded for it (`$` keys, node.ts): the source map. On request the writer
 * also tells pintae's XML reader where each start tag, attribute and text lands, and so gets the tree the reader would
 * make of the text (src/xpath/xml-written.ts) without reading it back: the rules judge a built invoice on it.
 */

/** A character XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF; lone surrogates). */
export const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** The same, or any surrogate: a quick first look without the (slower) unicode mode; pairs are told apart after it. */
const MAYBE_NOT_XML_CHAR = /[\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * Text the builder was given that no XML document can carry: a character XML 1.0 does not allow, or more UTF-8 bytes
 * than libxml2 (and pintae's reader) take in one text node or start tag. The request and entity checks refuse such
 * text at its field before anything is built; this is the writer's own guard, so a gap there can never produce XML
 * that pintae, or the receiver's libxml2, then refuses to read.
 */
export class UnwritableText extends Error {
  constructor(readonly location: string, readonly field: string | undefined, readonly what: Unwritable) {
    super(ownWords('xml.unwritable', { location, what }).message);
    this.name = 'UnwritableText';
  }
}

const character = (c: number): Unwritable => ({ kind: 'character', code: `U+${c.toString(16).toUpperCase().padStart(4, '0')}` });
const size = (bytes: number): Unwritable => ({ kind: 'text', bytes, max: MAX_TEXT_BYTES });
/** True when `s` may exceed `limit` bytes: the exact count is taken only when it could (3 bytes a code unit at most). */
const tooLong = (s: string, limit = MAX_TEXT_BYTES) => s.length * 3 > limit && utf8Length(s) > limit;
/**
 * A start tag's limit: libxml2 counts its 10,000,000 bytes from its last input-buffer shrink, which was measured up to
 * 809 bytes before the tag (docs/decisions.md, "The one XML reader"); 4 KiB below it, what pintae writes it reads.
 */
const START_TAG_BYTES = MAX_TEXT_BYTES - 4096;

const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIAL_ALL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;
const ATTRIBUTE_SPECIAL_ALL = /[&<>"\t\n\r]/g;
const REFERENCE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const reference = (c: string) => REFERENCE[c]!;

const PIECES = 4096;
const PADS = Array.from({ length: 16 }, (_, depth) => '  '.repeat(depth));
const pad = (depth: number) => PADS[depth] ?? '  '.repeat(depth);
/** The text before a tag at `depth`: the line end of the piece before it, and the tag's indentation. */
const NEWLINE_PADS = PADS.map((p) => `\n${p}`);
const newlinePad = (depth: number) => NEWLINE_PADS[depth] ?? `\n${pad(depth)}`;
/** The local part of a name (`cbc:ID` → `ID`), each made once: a writer's names are few. */
const LOCAL_NAMES = new Map<string, string>();
function localName(name: string): string {
  let local = LOCAL_NAMES.get(name);
  if (local === undefined) {
    local = name.slice(name.indexOf(':') + 1);
    if (LOCAL_NAMES.size < 4096) LOCAL_NAMES.set(name, local);
  }
  return local;
}
/** Line feeds in a text: it is written with them as they are (only a carriage return becomes a reference). */
function lineFeeds(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

class Writer {
  /**
   * The text so far: joined pieces, and the pieces since. A piece (one line of XML) is joined within a few thousand,
   * so it dies young: kept until the end, 20,000 invoice lines' million pieces took twice the document's memory.
   */
  private readonly chunks: string[] = [];
  private pieces: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  /** The line the next piece starts on (each piece starts a line), while a tree is made. */
  private line = 2;

  constructor(private readonly tree?: WrittenTree) {}

  private write(piece: string): void {
    if (this.pieces.push(piece) === PIECES) { this.chunks.push(this.pieces.join('')); this.pieces = []; }
  }

  /** The whole text. */
  document(): string {
    this.chunks.push(this.pieces.join(''));
    this.pieces = [];
    return this.chunks.join('');
  }
  readonly sources = new Sources();

  private checked(raw: string, path: string, field: string | undefined): string {
    const bad = MAYBE_NOT_XML_CHAR.test(raw) ? NOT_XML_CHAR.exec(raw) : null;
    if (bad) throw new UnwritableText(path, field, character(bad[0].codePointAt(0)!));
    return raw;
  }

  text(raw: string, path: string, field: string | undefined): string {
    this.checked(raw, path, field);
    if (tooLong(raw)) throw new UnwritableText(path, field, size(utf8Length(raw)));
    return TEXT_SPECIAL.test(raw) ? raw.replace(TEXT_SPECIAL_ALL, reference) : raw;
  }

  attribute(raw: string, path: string, field: string | undefined): string {
    this.checked(raw, path, field);
    return ATTRIBUTE_SPECIAL.test(raw) ? raw.replace(ATTRIBUTE_SPECIAL_ALL, reference) : raw;
  }

  /**
   * One element at `path`; `inherited` is the nearest ancestor's field, for the guard's message only. `item`: the
   * element is one of several of its name (path `${item.base}[${item.n}]`), whose sources are kept as a line's (sources.ts).
   */
  element(name: string, value: string | XmlNode, depth: number, path: string, inherited: string | undefined, item?: { base: string; n: number }): void {
    const indent = pad(depth);
    if (typeof value === 'string') {
      this.write(`${indent}<${name}>${this.text(value, path, inherited)}</${name}>\n`);
      if (this.tree) this.leaf(name, depth, value);
      return;
    }
    const field = value[SOURCE] as string | undefined;
    // An exception (UnwritableText) ends the whole document: no item is left to close then.
    const entered = item !== undefined && field !== undefined && this.sources.enter(item.base, item.n, field);
    this.content(name, value, indent, depth, path, field, inherited);
    if (entered) this.sources.leave();
  }

  private content(name: string, value: XmlNode, indent: string, depth: number, path: string, field: string | undefined, inherited: string | undefined): void {
    if (field !== undefined) this.sources.set(path, field);
    const own = field ?? inherited;
    let open = `${indent}<${name}`;
    let text: string | undefined;
    const children: Array<[string, XmlValue]> = [];
    // The longest attribute value written: blamed if the start tag ends up longer than a reader takes.
    let longest: { at: string; field: string | undefined; length: number } | undefined;
    for (const key of Object.keys(value)) {
      const v = value[key];
      const first = key.charCodeAt(0);
      if (first === 64 /* @ */) {
        if (v === undefined) continue;
        const at = `${path}/@${localName(key.slice(1))}`;
        const from = value[SOURCE + key] as string | undefined;
        if (from !== undefined) this.sources.set(at, from);
        const written = this.attribute(v as string, at, from ?? own);
        if (written.length > (longest?.length ?? -1)) longest = { at, field: from ?? own, length: written.length };
        // Its name starts after the space: the column is one past the tag so far, counted from 1.
        if (this.tree) this.tree.attribute(key.slice(1), v as string, this.line, open.length + 2);
        open += ` ${key.slice(1)}="${written}"`;
      } else if (first === 36 /* $ */) continue;
      else if (key === '#') text = v as string;
      else if (v !== undefined) children.push([key, v]);
    }
    // A reader limits a start tag as it does a text node (src/xpath/xml.ts): attribute values are the only text in one.
    if (longest && open.length * 3 > START_TAG_BYTES) {
      const tag = `${open.slice(indent.length)}/>`;
      if (tooLong(tag, START_TAG_BYTES)) throw new UnwritableText(longest.at, longest.field, { kind: 'tag', bytes: utf8Length(tag), max: START_TAG_BYTES });
    }
    if (children.length === 0) {
      this.write(text === undefined || text === '' ? `${open}/>\n` : `${open}>${this.text(text, path, own)}</${name}>\n`);
      if (this.tree) this.leaf(name, depth, text);
      return;
    }
    this.write(`${open}>\n`);
    const tree = this.tree;
    // Each tag starts a line: the text before it is the line end before and its indentation (outside the root, skipped).
    if (tree) { tree.text(newlinePad(depth)); tree.start(name, this.line++, indent.length + 1); }
    this.children(children, depth + 1, path, own);
    this.write(`${indent}</${name}>\n`);
    if (tree) { tree.text(newlinePad(depth)); tree.end(); this.line++; }
  }

  /** The tree's part of an element written on its line(s): `<name …>text</name>` or `<name …/>`. */
  private leaf(name: string, depth: number, text: string | undefined): void {
    const tree = this.tree!;
    tree.text(newlinePad(depth));
    tree.start(name, this.line, pad(depth).length + 1);
    if (text) tree.text(text);
    tree.end();
    this.line += text ? 1 + lineFeeds(text) : 1;
  }

  /** The children of one parent: `[n]` in a location only when the parent has more than one child of that local name. */
  children(children: Array<[string, XmlValue]>, depth: number, base: string, inherited: string | undefined): void {
    if (!hasRepeats(children)) {
      for (const [key, v] of children) {
        const item = Array.isArray(v) ? v[0] : v instanceof Items ? v.item(0) : v as string | XmlNode;
        if (item !== undefined) this.element(key, item, depth, `${base}/${localName(key)}`, inherited);
      }
      return;
    }
    const total = new Map<string, number>();
    for (const [key, v] of children) {
      const local = localName(key);
      total.set(local, (total.get(local) ?? 0) + (Array.isArray(v) || v instanceof Items ? v.length : 1));
    }
    const seen = new Map<string, number>();
    for (const [key, v] of children) {
      const local = localName(key);
      const at = `${base}/${local}`;
      const repeated = total.get(local)! > 1;
      // The elements the member stands for, made one at a time where they are Items.
      const count = v instanceof Items || Array.isArray(v) ? v.length : 1;
      for (let i = 0; i < count; i++) {
        const item = v instanceof Items ? v.item(i) : Array.isArray(v) ? v[i]! : v as string | XmlNode;
        const n = (seen.get(local) ?? 0) + 1;
        seen.set(local, n);
        if (repeated) this.element(key, item, depth, `${at}[${n}]`, inherited, { base: at, n });
        else this.element(key, item, depth, at, inherited);
      }
    }
  }
}

/** Whether two children share a local name (an array, or `cbc:ID` beside `cac:ID`): most parents have none. */
function hasRepeats(children: Array<[string, XmlValue]>): boolean {
  for (let i = 0; i < children.length; i++) {
    const v = children[i]![1];
    if ((Array.isArray(v) || v instanceof Items) && v.length > 1) return true;
    const local = localName(children[i]![0]);
    for (let j = 0; j < i; j++) if (localName(children[j]![0]) === local) return true;
  }
  return false;
}

export interface Serialized {
  xml: string;
  /** Location of an element or attribute → the request field it was built from (only those the builder recorded). */
  sources: ReadonlyMap<string, string>;
  /**
   * With `withTree`: the tree pintae's reader makes of `xml` (parseXml), made while writing it; undefined when the
   * reader would refuse the text (then reading it says why).
   */
  doc?: XDocument;
}

/**
 * The document: XML declaration, then the root element, each element on its own line; ends with a newline. `withTree`:
 * with the tree the rules run on (Serialized.doc), so that the text need not be read back.
 */
export function serializeWithSources(tree: XmlNode, withTree = false): Serialized {
  const made = withTree ? writtenTree() : undefined;
  const writer = new Writer(made);
  writer.children(Object.entries(tree).filter(([, v]) => v !== undefined), 0, '', undefined);
  const xml = writer.document();
  const doc = made?.finish();
  return { xml, sources: writer.sources, ...(doc ? { doc } : {}) };
}

export function serializeXml(tree: XmlNode): string {
  return serializeWithSources(tree).xml;
}
