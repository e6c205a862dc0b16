/*
 * What the compiler's parts share (evaluate.ts and the steps, operators and sequence types it hands work to): the
 * dynamic context, the compile-time scope and prefix resolution. It imports none of them, so they import it and not
 * each other; the recursive `compile` is passed to them as an argument.
 */
import { XPathError, type Item, type Sequence, type StaticContext, type Variables, type XNode } from './api.js';
import type { Expr } from './ast.js';
import type { FnContext } from './functions.js';
import { FALSE, TRUE } from './values.js';

export const XS = 'http://www.w3.org/2001/XMLSchema';
export const FN = 'http://www.w3.org/2005/xpath-functions';
export const XML = 'http://www.w3.org/XML/1998/namespace';

/** The dynamic context. It is the FnContext given to functions (same fields). */
export interface Dyn extends FnContext {
  item: Item | undefined;
  position: number;
  size: number;
  current: Item | undefined;
  vars: Variables;
  locals: Sequence[];
  /** `.` as a sequence, made once while the context item stays the same (sequences are never changed once made). */
  dot: Sequence | undefined;
}
export type C = (d: Dyn) => Sequence;
/** The compiler itself (evaluate.ts's compile), for the parts that compile subexpressions. */
export type Compile = (e: Expr, scope: Scope) => C;

/** A user function (xsl:function) as the evaluator calls it: arguments in, result out, conversions done inside. */
export interface UserFunction { call: (args: Sequence[]) => Sequence }
export interface UserFunctions {
  lookup(ns: string, local: string, arity: number): UserFunction | undefined;
  /** An xsl:key of the stylesheets (key() is compiled only with a literal key name). */
  key?(ns: string, local: string): UserKey | undefined;
  readonly size: number;
}
export interface UserKey { lookup(values: Sequence, context: XNode): Sequence }

/** Compile-time scope: namespaces, external variables, local variables (name → slot) and the frame being laid out. */
export interface Scope {
  sc: StaticContext;
  locals: ReadonlyMap<string, number>;
  frame: { size: number };
  /**
   * True at the focus the caller gives (outside predicates, path steps and simple maps): there the context position
   * and size are not known (a Schematron rule's would be those of the templates' walk), so position() and last()
   * are not compiled.
   */
  outerFocus?: boolean;
}

/** The scope for an expression evaluated with a focus of its own (a predicate, the right side of / or !). */
export const innerFocus = (scope: Scope): Scope => (scope.outerFocus ? { ...scope, outerFocus: false } : scope);

export const frozen = (items: Item[]): Sequence => Object.freeze(items) as unknown as Sequence;
export const SEQ_TRUE = frozen([TRUE]);
export const SEQ_FALSE = frozen([FALSE]);
export const boolSeq = (b: boolean): Sequence => (b ? SEQ_TRUE : SEQ_FALSE);

/** The context item, or XPDY0002 when absent (what `.`, a path step and `/` start from). */
export function focusItem(d: Dyn): Item {
  if (d.item === undefined) throw new XPathError('XPDY0002', 'the context item is absent');
  return d.item;
}

/** The context item as a path step's context node (XPTY0020 for an atomic value). */
export function focusNode(d: Dyn): XNode {
  const it = focusItem(d);
  if ((it as { atomic?: true }).atomic === true) throw new XPathError('XPTY0020', 'the context item of an axis step is not a node');
  return it as XNode;
}

export function resolvePrefix(prefix: string, scope: Scope): string {
  if (prefix === 'xs') return scope.sc.namespaces.get('xs') ?? XS;
  if (prefix === 'fn') return scope.sc.namespaces.get('fn') ?? FN;
  if (prefix === 'xml') return XML;
  const ns = scope.sc.namespaces.get(prefix);
  if (ns === undefined) throw new XPathError('XPST0081', `no namespace is declared for the prefix ${prefix}`);
  return ns;
}
