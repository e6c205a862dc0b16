import type { XAttr, XDocument, XElement } from '../xpath/api.js';
import { decodeXml, parseXml, stringValueOf, XmlError, xmlErrorAt } from '../xpath/xml.js';
import type { Position } from './positions.js';
import { ioWords } from '../messages/io.js';
import { utf8Hint } from './encoding-hint.js';
import { reasonWords } from '../messages/reasons.js';
import { subjectWords, type InputSubject } from '../messages/subject.js';

/**
 * pintae's one XML reader for every document it reads (`check` inputs, the XML it builds, the sandbox gateway):
 * XML 1.0 + namespaces as libxml2 judges well-formedness, no DTD ever (a DOCTYPE is refused, so no external entity
 * is ever resolved), every element and attribute with its line and column. The reader itself is src/xpath/xml.ts,
 * the one the rules' evaluator reads: a document is read once and the same tree serves the verdict, the rules and
 * the positions of findings.
 */
export type XmlRead =
  | { ok: true; text: string; doc: XDocument }
  | { ok: false; message: string; line?: number; column?: number };

/** `subject`: what the input is, for the words of a failure (a file unless the caller says otherwise). */
export function readXmlDocument(input: Uint8Array | string, subject: InputSubject = 'file'): XmlRead {
  let text: string | undefined;
  try {
    text = typeof input === 'string' ? input : decodeXml(input);
    if (text.trim() === '') return { ok: false, message: ioWords('io.input.empty-file', { subject: subjectWords(subject) }), line: 1, column: 1 };
    return { ok: true, text, doc: parseXml(text) };
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, message: (text !== undefined ? trailingPadding(text, e) : undefined) ?? xmlErrorWords(e, input, subject), line: e.line, column: e.column };
    throw e;
  }
}

/**
 * A whole document followed by NUL padding (a file transfer, a fixed-size buffer) or a Ctrl-Z (the end-of-file mark
 * of old DOS and Windows tools): said as what it is, rather than as a character XML does not allow. Only when the
 * reader stopped at the first of them and the text before them is a well-formed document (a file cut short and
 * padded is not "remove it").
 */
function trailingPadding(text: string, e: XmlError): string | undefined {
  // The trailing run of white space, NULs and Ctrl-Zs, read from the end (a regular expression anchored at the end
  // tries every NUL of a long run: quadratic on a hostile file), and the first NUL or Ctrl-Z in it.
  let start = text.length;
  while (start > 0 && /[\s\u0000\u001a]/.test(text[start - 1]!)) start--;
  let index = start;
  while (index < text.length && text[index] !== '\u0000' && text[index] !== '\u001a') index++;
  if (index === text.length) return undefined;
  const at = xmlErrorAt(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, index, '');
  if (at.line !== e.line || at.column !== e.column) return undefined;
  try { parseXml(text.slice(0, index)); } catch { return undefined; }
  return reasonWords(text[index] === '\u0000' ? 'reason.xml.trailing-nul' : 'reason.xml.trailing-ctrl-z', {});
}

/**
 * The words of the reader's error. libxml2's "invalid bytes in character encoding UTF-8 (0xE9 …)" is said in plain
 * words: what the file probably is and what to do (src/io/encoding-hint.ts, the catalogue's entries).
 */
export function xmlErrorWords(e: XmlError, input: Uint8Array | string, subject: InputSubject = 'file'): string {
  return e.notUtf8At !== undefined && typeof input !== 'string' ? utf8Hint(input, e.notUtf8At, subject, 'xml') : e.reason;
}

export type XmlCheck = { ok: true } | { ok: false; message: string; line?: number; column?: number };

/** Well-formedness alone, located. */
export function checkWellFormed(input: Uint8Array | string): XmlCheck {
  const read = readXmlDocument(input);
  return read.ok ? { ok: true } : read;
}

/** The root element of a document. */
export const rootElement = (doc: XDocument): XElement | undefined => doc.elements[0];

/** The first child element of `parent` with this namespace and local name. */
export function childElement(parent: XElement, ns: string, local: string): XElement | undefined {
  for (const c of parent.elements) if (c.local === local && c.ns === ns) return c;
  return undefined;
}

/** The child elements of `parent` with this namespace and local name. */
export const childElements = (parent: XElement, ns: string, local: string): XElement[] =>
  parent.elements.filter((c) => c.local === local && c.ns === ns);

/** The text of an element (its descendant text, as XPath's string value). */
export const textOf = (element: XElement): string => stringValueOf(element);

/**
 * Where each element and attribute of a document is, by the location path findings carry (src/xpath/location.ts:
 * `/Invoice/InvoiceLine[2]/Item`, `/Invoice/@foo`). A path is followed down the tree, a step at a time, as
 * location() writes it (`[n]` only among several children of that local name); a parent of many children gets an
 * index of them by local name when first passed. An index of every location of the document cost some 5 KB per
 * invoice line (a 20,000-line invoice with a finding on each line: 100 MB).
 */
export function positionIndex(doc: XDocument): (path: string) => Position | undefined {
  const byName = new WeakMap<XElement | XDocument, Map<string, XElement[]>>();
  const named = (parent: XElement | XDocument, local: string): readonly XElement[] => {
    if (parent.elements.length < INDEX_FROM) return parent.elements.filter((e) => e.local === local);
    let index = byName.get(parent);
    if (!index) {
      index = new Map();
      for (const e of parent.elements) { const list = index.get(e.local); if (list) list.push(e); else index.set(e.local, [e]); }
      byName.set(parent, index);
    }
    return index.get(local) ?? [];
  };
  /** The element or attribute whose location is exactly `path`. */
  const exact = (path: string): XElement | XAttr | undefined => {
    if (!path.startsWith('/')) return undefined;
    const steps = path.slice(1).split('/');
    let at: XElement | XDocument = doc;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.startsWith('@')) {
        if (i !== steps.length - 1 || at.kind !== 1) return undefined;
        // Attributes of one local name in two namespaces share a location: the last one answers, as an index did.
        let found: XAttr | undefined;
        for (const a of at.attrs) if (a.local === step.slice(1)) found = a;
        return found;
      }
      const m = STEP.exec(step);
      if (!m) return undefined;
      const same = named(at, m[1]!);
      const n = m[2] === undefined ? 0 : Number(m[2]);
      if (m[2] === undefined ? same.length !== 1 : same.length < 2 || n < 1 || n > same.length || String(n) !== m[2]) return undefined;
      at = same[Math.max(n - 1, 0)]!;
    }
    return at.kind === 1 ? at : undefined;
  };
  return (path) => {
    // A location the document does not have exactly (another rule set's notation) points at its nearest element.
    for (let p = path; p; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
      const node = exact(p) ?? exact(p.replace(/\[1\]/g, ''));
      if (node) return positionOf(node);
    }
    return undefined;
  };
}

/** A step of a location: a local name, `[n]` when it has siblings of that name. */
const STEP = /^([^[\]/@]+)(?:\[(\d+)\])?$/;
/** Parents with at least this many element children are indexed by local name when a path first passes them. */
const INDEX_FROM = 16;

/** Line and column of a node, where the reader recorded them. */
export function positionOf(node: XElement | XAttr): Position | undefined {
  const { line, column } = node as { line?: number; column?: number };
  return line === undefined ? undefined : { line, column: column ?? 1 };
}
