import type { XAttr, XDocument, XElement } from '../xpath/api.js';
import { location } from '../xpath/location.js';
import { decodeXml, parseXml, XmlError } from '../xpath/xml.js';
import { stringValueOf } from '../xpath/dom.js';
import type { Position } from './positions.js';

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

export function readXmlDocument(input: Uint8Array | string): XmlRead {
  let text: string;
  try {
    text = typeof input === 'string' ? input : decodeXml(input);
    if (text.trim() === '') return { ok: false, message: 'the file is empty', line: 1, column: 1 };
    return { ok: true, text, doc: parseXml(text) };
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, message: e.reason, line: e.line, column: e.column };
    throw e;
  }
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
 * `/Invoice/InvoiceLine[2]/Item`, `/Invoice/@foo`). Built on demand, once per document with findings to place.
 */
export function positionIndex(doc: XDocument): (path: string) => Position | undefined {
  let index: Map<string, XElement | XAttr> | undefined;
  const build = () => {
    const map = new Map<string, XElement | XAttr>();
    const stack: XElement[] = [...doc.elements];
    while (stack.length) {
      const n = stack.pop()!;
      map.set(location(n), n);
      for (const a of n.attrs) map.set(location(a), a);
      for (let i = n.elements.length - 1; i >= 0; i--) stack.push(n.elements[i]!);
    }
    return map;
  };
  return (path) => {
    index ??= build();
    // A location the document does not have exactly (another rule set's notation) points at its nearest element.
    for (let p = path; p; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
      const node = index.get(p) ?? index.get(p.replace(/\[1\]/g, ''));
      if (node) return positionOf(node);
    }
    return undefined;
  };
}

/** Line and column of a node, where the reader recorded them. */
export function positionOf(node: XElement | XAttr): Position | undefined {
  const { line, column } = node as { line?: number; column?: number };
  return line === undefined ? undefined : { line, column: column ?? 1 };
}
