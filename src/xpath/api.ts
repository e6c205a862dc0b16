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
export interface XDocument extends NodeBase {
  kind: 9; children: XNode[]; elements: XElement[];
  /**
   * What evaluators work out once per document (child indexes, key indexes, the native runner's walk), by an owner
   * object of theirs; made on first need (`doc.memo ??= new Map()`). Kept by the document, never in a WeakMap beside the tree: V8
   * keeps a WeakMap's value alive through its young-generation collections while its key lives, so a value that
   * reaches its document's tree made every tree survive them (measured: twice the collector's work per document).
   */
  memo?: Map<object, unknown>;
}
export interface XElement extends NodeBase {
  kind: 1;
  /** Namespace URI, '' for none. */
  ns: string;
  local: string;
  /** Prefix as written, '' for none. */
  prefix: string;
  /** Attributes in the order written; namespace declarations (xmlns, xmlns:p) are not attributes. */
  attrs: XAttr[];
  /** Every child in document order (the reader makes its text nodes when this is first read: see dom.ts). */
  readonly children: XNode[];
  /** The element children alone, in document order: what most steps walk. */
  readonly elements: XElement[];
  /** Position of the '<' of its start tag in the text read (see Position). */
  line: number;
  column: number;
}
/** Position of its name in the text read (see Position). */
export interface XAttr extends NodeBase { kind: 2; ns: string; local: string; prefix: string; value: string; line: number; column: number }
/**
 * Positions of elements and attributes are 1-based and counted in the original text: a CR LF pair, a lone CR and a LF
 * each end a line, columns count UTF-16 code units, and a byte-order mark is not counted.
 */
export type Position = Pick<XElement, 'line' | 'column'>;
/** Text, CDATA sections merged in; adjacent text is one node; no empty text nodes. */
export interface XText extends NodeBase { kind: 3; value: string }
export interface XComment extends NodeBase { kind: 8; value: string }
export interface XPI extends NodeBase { kind: 7; target: string; value: string }

/** An XPath error: a static one (compile time) or a dynamic one (run time), with its W3C code (XPTY0004, FORG0001, …). */
/** The code of the run-time error by which the evaluator declines what it does not implement (Saxon-JS's to answer). */
export const NOT_IMPLEMENTED = 'PTAE0001';

export class XPathError extends Error {
  constructor(readonly code: string, message: string) { super(`${code}: ${message}`); this.name = 'XPathError'; }
}

/** A construct the evaluator does not implement: the caller falls back to Saxon-JS for the whole rule set. */
export class XPathUnsupported extends Error {
  constructor(message: string) { super(message); this.name = 'XPathUnsupported'; }
}

/** An item: a node or an atomic value (its representation belongs to the evaluator). */
export type Item = XNode | { readonly atomic: true };
export type Sequence = Item[];
/** In-scope variables by name (no $, no prefix in pintae's rules), bound by the caller. */
export type Variables = ReadonlyMap<string, Sequence>;

/** What an expression is compiled against. */
export interface StaticContext {
  /** prefix → namespace URI (xml, xs and fn are predeclared by the evaluator). */
  namespaces: ReadonlyMap<string, string>;
  /** Names of the variables the caller will bind (a reference to any other name is a static error, XPST0008). */
  variables: ReadonlySet<string>;
  /** User functions (xsl:function) in scope, from defineFunctions. */
  functions?: FunctionLibrary;
}

/**
 * A compiled expression. `item` is the context item (and what current() returns: in XSLT, the node the template
 * fired on); undefined when absent. Throws XPathError for a dynamic error.
 */
export type Evaluate = (item: Item | undefined, vars: Variables) => Sequence;

/** An expression's effective boolean value: see XPathEngine.compileTest. */
export interface CompiledTest { test: (item: Item | undefined, vars: Variables) => boolean; boolean: boolean }

/**
 * Opaque set of user functions. Their bodies are compiled on first call (defineFunctions); `compileAll` compiles every
 * one now, throwing the compiler's own error (XPathError, XPathUnsupported) for the first that does not compile.
 */
export interface FunctionLibrary { readonly size: number; compileAll(): void }

/**
 * An xsl:function body, compiled on its function's first call, did not compile (`cause`: the compiler's error). It is
 * no XPath error of the document being judged (nothing may read it as an assert's failure or a context's "no match"):
 * the rule set is not the evaluator's, as when defineFunctions itself refused it; the caller runs it elsewhere.
 */
export class UncompiledFunction extends Error {
  constructor(override readonly cause: unknown) { super((cause as Error)?.message ?? String(cause)); this.name = 'UncompiledFunction'; }
}

/** The evaluator's entry points (implemented in src/xpath/index.ts). */
export interface XPathEngine {
  /** Throws XPathError (static error) or XPathUnsupported. */
  compile(expr: string, context: StaticContext): Evaluate;
  /**
   * The expression's effective boolean value, compiled for that use (cheaper than ebv of compile's value; the same
   * value and the same errors), and whether its value is always an xs:boolean or empty (never a number: a predicate of
   * it keeps nodes by that boolean, not by position).
   */
  compileTest(expr: string, context: StaticContext): CompiledTest;
  /**
   * The xsl:function elements of an XSLT 3.0 stylesheet text (xsl:param with @as, xsl:variable, xsl:sequence;
   * anything else is XPathUnsupported), with function-conversion rules and type checks on @as like Saxon-JS; other
   * top-level declarations are ignored. `namespaces` adds to those declared in the text.
   */
  defineFunctions(stylesheets: string[], namespaces: ReadonlyMap<string, string>, onRead?: (xpath: string) => void): FunctionLibrary;
  /** Effective boolean value (FORG0006 where XPath raises it). */
  ebv(seq: Sequence): boolean;
  /** xsl:value-of: each item atomized and cast to string, joined with single spaces. */
  valueOf(seq: Sequence): string;
}
