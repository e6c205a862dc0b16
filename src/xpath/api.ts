/*
 * The contract between pintae's own XPath evaluator (src/xpath/), its XML reader (src/xpath/xml.ts) and the native
 * Schematron runner (src/schematron/native.ts). The evaluator exists for speed: the built-in PINT-AE rules run through
 * it instead of Saxon-JS, which stays the reference (the same rules run through both must give the same report) and
 * the fallback (anything the evaluator does not support, at compile time or at run time, goes to Saxon-JS).
 */

/** A node of a parsed document. `order` is its position in document order (the document node is 0). */
export type XNode = XDocument | XElement | XAttr | XText | XComment | XPI;

interface NodeBase {
  /** The element or document holding this node (an attribute's parent is its element); null for the document. */
  parent: XElement | XDocument | null;
  /** Document order: document 0, then each element, followed by its attributes, then its children. */
  order: number;
}
export interface XDocument extends NodeBase { kind: 9; children: XNode[] }
export interface XElement extends NodeBase {
  kind: 1;
  /** Namespace URI, '' for none. */
  ns: string;
  local: string;
  /** Prefix as written, '' for none. */
  prefix: string;
  /** Attributes in the order written; namespace declarations (xmlns, xmlns:p) are not attributes. */
  attrs: XAttr[];
  children: XNode[];
}
export interface XAttr extends NodeBase { kind: 2; ns: string; local: string; prefix: string; value: string }
/** Text, CDATA sections merged in; adjacent text is one node; no empty text nodes. */
export interface XText extends NodeBase { kind: 3; value: string }
export interface XComment extends NodeBase { kind: 8; value: string }
export interface XPI extends NodeBase { kind: 7; target: string; value: string }

/** An XPath error: a static one (compile time) or a dynamic one (run time), with its W3C code (XPTY0004, FORG0001, …). */
export class XPathError extends Error {
  constructor(readonly code: string, message: string) { super(`${code}: ${message}`); this.name = 'XPathError'; }
}

/** A construct the evaluator does not implement: the caller falls back to Saxon-JS for the whole rule set. */
export class XPathUnsupported extends Error {
  constructor(message: string) { super(message); this.name = 'XPathUnsupported'; }
}
