/*
 * XPath syntax tree → JavaScript closures. Each expression becomes a function of the dynamic context (Dyn): focus
 * (item, position, size), current(), the caller's variables and a frame of local variable slots (for, let, some,
 * every, function parameters: each binding has its own slot, fixed at compile time). Sequences returned by a closure
 * are never mutated afterwards (constants are shared, frozen arrays).
 */
import { XPathError, XPathUnsupported, type Item, type Sequence, type StaticContext, type Variables, type XElement, type XNode } from './api.js';
import type { Expr, QName } from './ast.js';
import { rootOf } from './axes.js';
import { FUNCTIONS } from './functions.js';
import { contextNode as contextNodeOf } from './fn-args.js';
import { compileBinary } from './operators.js';
import { splitQName } from './parse-types.js';
import { rewriteSlash } from './rewrite.js';
import { compileSequenceType, resolveAtomicType } from './seqtype.js';
import { compilePredicate, compileSlash, compileStep } from './steps.js';
import { instanceOf } from './types.js';
import { tick } from './budget.js';
import { compileElementTest } from './structural.js';
import { compileBool, compileCastOfPath, compileCompare, compileExists, isBooleanValued, type B } from './typed.js';
import { Atomic, Decimal, EMPTY, atomize, castAs, castable, int, str, unary } from './values.js';
import { markConstant } from './atomic.js';
import { boolSeq, FN, focusItem, focusNode, frozen, innerFocus, resolvePrefix, SEQ_FALSE, XS, type C, type Dyn, type Scope, type UserFunctions } from './scope.js';

const contextItem = focusItem;
export const contextNode = focusNode;

export function compile(e: Expr, scope: Scope): C {
  switch (e.k) {
    case 'literal': {
      // Decimal keeps 60 significant digits: a longer numeric literal would be rounded.
      if (e.type !== 'string' && e.text.replace(/[eE].*$/, '').replace(/\D/g, '').replace(/^0+/, '').length > 50) {
        throw new XPathUnsupported(`numeric literal ${e.text.slice(0, 20)}… of more than 50 digits`);
      }
      const value = e.type === 'string' ? markConstant(str(e.text))
        : e.type === 'double' ? new Atomic('double', Number(e.text)) : new Atomic(e.type, new Decimal(e.text));
      const seq = frozen([value]);
      return () => seq;
    }
    case 'context': return (d) => {
      const it = contextItem(d), dot = d.dot;
      return dot !== undefined && dot[0] === it ? dot : (d.dot = [it]);
    };
    case 'root': return (d) => {
      const r = rootOf(contextNode(d));
      if (r.kind !== 9) throw new XPathError('XPDY0050', 'the root of the context node is not a document node');
      return [r];
    };
    case 'var': return compileVar(e.name, scope);
    case 'seq': return compileSeq(e.items.map((x) => compile(x, scope)));
    case 'call': return compileCall(e.name, e.args, scope);
    case 'binary': {
      if (e.op === 'and' || e.op === 'or') { const b = compileB(e, scope); return (d) => boolSeq(b(d)); }
      const fast = compileCompare(e, scope, compile);
      if (fast) return (d) => boolSeq(fast(d));
      return compileBinary(e.op, compile(e.left, scope), compile(e.right, e.op === '!' ? innerFocus(scope) : scope));
    }
    case 'unary': {
      const operand = compile(e.operand, scope), op = e.op;
      return (d) => unary(op, operand(d));
    }
    case 'slash': {
      const better = rewriteSlash(e);
      return better ? compile(better, scope) : compileSlash(e.left, e.right, scope, compile, compileB);
    }
    case 'step': {
      const step = compileStep(e, scope, compile, compileB);
      return (d) => step(contextNode(d), d);
    }
    case 'filter': {
      const base = compile(e.base, scope);
      const preds = e.preds.map((p) => compilePredicate(p, scope, compile, compileB));
      return (d) => {
        let seq = base(d);
        for (const p of preds) seq = p(seq, d);
        return seq;
      };
    }
    case 'if': {
      const cond = compileB(e.cond, scope), then = compile(e.then, scope), otherwise = compile(e.else, scope);
      return (d) => (cond(d) ? then(d) : otherwise(d));
    }
    case 'for': case 'let': case 'some': case 'every': return compileBinding(e, scope);
    case 'instance': {
      const operand = compile(e.operand, scope), type = compileSequenceType(e.type, scope);
      return (d) => boolSeq(instanceOf(operand(d), type));
    }
    case 'treat': {
      const operand = compile(e.operand, scope), type = compileSequenceType(e.type, scope);
      return (d) => {
        const v = operand(d);
        if (!instanceOf(v, type)) throw new XPathError('XPDY0050', 'treat as: the value does not match the type');
        return v;
      };
    }
    case 'cast': case 'castable': return compileCast(e.k, compile(e.operand, scope), e.type, e.optional, scope);
    default: throw new XPathUnsupported(`expression ${(e as Expr).k}`);
  }
}

function compileVar(name: QName, scope: Scope): C {
  if (name.prefix !== '') throw new XPathUnsupported(`prefixed variable names ($${name.prefix}:${name.local})`);
  const slot = scope.locals.get(name.local);
  if (slot !== undefined) return (d) => d.locals[slot]!;
  if (!scope.sc.variables.has(name.local)) throw new XPathError('XPST0008', `variable $${name.local} is not declared`);
  const key = name.local;
  return (d) => {
    const v = d.vars.get(key);
    if (v === undefined) throw new XPathError('XPDY0002', `variable $${key} has no value`);
    return v;
  };
}

function compileSeq(parts: C[]): C {
  if (parts.length === 0) return () => EMPTY;
  if (parts.length === 1) return parts[0]!;
  return (d) => {
    const out: Item[] = [];
    for (const p of parts) { const items = p(d); for (let i = 0; i < items.length; i++) out.push(items[i]!); }
    return out;
  };
}

/** An expression's effective boolean value as a JavaScript boolean (typed.ts). */
export function compileB(e: Expr, scope: Scope): B {
  return compileBool(e, scope, compile, compileQuantified);
}

function compileCall(name: QName, argExprs: Expr[], scope: Scope): C {
  const ns = name.prefix === '' ? FN : resolvePrefix(name.prefix, scope);
  // not, boolean, exists, empty and count by their use: without the call's argument array or look-up, a plain path
  // walked to its first node (or counted) without its array (typed.ts).
  if (ns === FN && argExprs.length === 1) {
    const a = argExprs[0]!;
    switch (name.local) {
      case 'not': { const b = compileB(a, scope); return (d) => boolSeq(!b(d)); }
      case 'boolean': { const b = compileB(a, scope); return (d) => boolSeq(b(d)); }
      case 'exists': { const b = compileExists(a, scope, compile); return (d) => boolSeq(b(d)); }
      case 'empty': { const b = compileExists(a, scope, compile); return (d) => boolSeq(!b(d)); }
      default: break;
    }
  }
  const args = argExprs.map((a) => compile(a, scope));
  const arity = args.length;
  let call: (values: Sequence[], d: Dyn) => Sequence;
  if (ns === FN) {
    if (scope.outerFocus && arity === 0 && (name.local === 'position' || name.local === 'last')) {
      throw new XPathUnsupported(`${name.local}() outside a predicate or path step (the context position is not given)`);
    }
    const fn = name.local === 'key' ? keyCall(argExprs, scope) : FUNCTIONS.get(`${name.local}#${arity}`);
    if (!fn) throw new XPathUnsupported(`function fn:${name.local}#${arity}`);
    if (arity === 1 && name.local === 'count') { const a0 = args[0]!; return (d) => countSeq(a0(d).length); }
    call = fn;
  } else if (ns === XS) {
    const fn = FUNCTIONS.get(`xs:${name.local}#${arity}`);
    if (!fn) throw new XPathUnsupported(`constructor function xs:${name.local}#${arity}`);
    // xs:decimal(cbc:Amount): the one node of a plain path cast from its string, without the path's array or its
    // untyped atomic value (typed.ts).
    const fromNode = arity === 1 ? compileCastOfPath(argExprs[0]!, scope, resolveAtomicType(name, scope)) : undefined;
    if (fromNode) return fromNode;
    call = fn;
  } else {
    const lib = scope.sc.functions as UserFunctions | undefined;
    const fn = lib?.lookup(ns, name.local, arity);
    if (!fn) throw new XPathError('XPST0017', `no function ${name.prefix}:${name.local}#${arity}`);
    call = (values) => fn.call(values);
  }
  if (arity === 0) return (d) => call(EMPTY as unknown as Sequence[], d);
  // One argument array per call site, filled anew on each call: every function reads (or, a user function, converts
  // into arrays of its own) its arguments before anything else can reach this site again, and keeps none of them;
  // each value is computed before any is stored (an argument's own evaluation may pass through this site, in a
  // recursive function's body), and the array is emptied after the call (no document kept reachable by it).
  if (arity === 1) {
    const a0 = args[0]!, values: Sequence[] = [EMPTY];
    return (d) => { values[0] = a0(d); const r = call(values, d); values[0] = EMPTY; return r; };
  }
  if (arity === 2) {
    const a0 = args[0]!, a1 = args[1]!, values: Sequence[] = [EMPTY, EMPTY];
    return (d) => { const x = a0(d), y = a1(d); values[0] = x; values[1] = y; const r = call(values, d); values[0] = values[1] = EMPTY; return r; };
  }
  return (d) => call(args.map((a) => a(d)), d);
}


/** count()'s one-item results, made once for the small counts. */
const COUNTS: Sequence[] = [];
function countSeq(n: number): Sequence {
  if (n < 64) return (COUNTS[n] ??= frozen([int(n)]));
  return [int(n)];
}

/** key('name', values) of an xsl:key the caller's stylesheets declare: the name must be a string literal. */
function keyCall(argExprs: Expr[], scope: Scope): ((values: Sequence[], d: Dyn) => Sequence) | undefined {
  const first = argExprs[0];
  if (argExprs.length !== 2 || first?.k !== 'literal' || first.type !== 'string') return undefined;
  const qn = splitQName(first.text);
  const key = (scope.sc.functions as UserFunctions | undefined)?.key?.(qn.prefix === '' ? '' : resolvePrefix(qn.prefix, scope), qn.local);
  if (!key) throw new XPathError('XTDE1260', `no xsl:key named ${first.text}`);
  return (values, d) => key.lookup(values[1]!, contextNodeOf(d, 'key'));
}

function compileBinding(e: Extract<Expr, { k: 'for' | 'let' | 'some' | 'every' }>, scope: Scope): C {
  if (e.name.prefix !== '') throw new XPathUnsupported('prefixed variable names');
  if (e.k === 'some' || e.k === 'every') { const b = compileQuantified(e as Extract<Expr, { k: 'some' | 'every' }>, scope); return (d) => boolSeq(b(d)); }
  const value = compile(e.value, scope);
  const slot = scope.frame.size++;
  const inner: Scope = { ...scope, locals: new Map(scope.locals).set(e.name.local, slot) };
  const body = compile(e.body, inner);
  switch (e.k) {
    case 'let': return (d) => { d.locals[slot] = value(d); return body(d); };
    case 'for': return (d) => {
      const items = value(d);
      const out: Item[] = [];
      tick(items.length);
      for (let i = 0; i < items.length; i++) {
        d.locals[slot] = [items[i]!];
        const r = body(d);
        for (let j = 0; j < r.length; j++) out.push(r[j]!);
      }
      return out;
    };
    default: throw new XPathUnsupported(`expression ${e.k}`);
  }
}

/** some/every with the body's effective boolean value compiled as a boolean. */
function compileQuantified(e: Extract<Expr, { k: 'some' | 'every' }>, scope: Scope): B {
  if (e.name.prefix !== '') throw new XPathUnsupported('prefixed variable names');
  const value = compile(e.value, scope);
  const slot = scope.frame.size++;
  const inner: Scope = { ...scope, locals: new Map(scope.locals).set(e.name.local, slot) };
  const body = compileB(e.body, inner);
  if (e.k === 'some') {
    return (d) => {
      const items = value(d);
      tick(items.length);
      for (let i = 0; i < items.length; i++) { d.locals[slot] = [items[i]!]; if (body(d)) return true; }
      return false;
    };
  }
  return (d) => {
    const items = value(d);
    tick(items.length);
    for (let i = 0; i < items.length; i++) { d.locals[slot] = [items[i]!]; if (!body(d)) return false; }
    return true;
  };
}

function compileCast(kind: 'cast' | 'castable', operand: C, typeName: QName, optional: boolean, scope: Scope): C {
  const type = resolveAtomicType(typeName, scope);
  if (kind === 'cast') {
    return (d) => {
      const v = atomize(operand(d));
      if (v.length === 0) {
        if (optional) return EMPTY;
        throw new XPathError('XPTY0004', `cast as xs:${type}: an empty sequence is not allowed`);
      }
      if (v.length > 1) throw new XPathError('XPTY0004', `cast as xs:${type}: a sequence of more than one item is not allowed`);
      return [castAs(v[0]!, type)];
    };
  }
  return (d) => {
    const v = atomize(operand(d));
    if (v.length === 0) return boolSeq(optional);
    if (v.length > 1) return SEQ_FALSE;
    return boolSeq(castable(v[0]!, type));
  };
}

const NO_VARIABLES: Variables = new Map();
const NO_LOCALS: Sequence[] = [];

/** An expression compiled for evaluation from outside (the engine's compile). */
export function compileExpression(e: Expr, sc: StaticContext): (item: Item | undefined, vars: Variables) => Sequence {
  const frame = { size: 0 };
  return withFocus(compile(e, { sc, locals: new Map(), frame, outerFocus: true }), frame);
}

/**
 * An expression's effective boolean value compiled for evaluation from outside (the engine's compileTest), and whether
 * its value is always an xs:boolean (or empty): never a number, which a predicate would compare with the position.
 */
export function compileTestExpression(e: Expr, sc: StaticContext): { test: (item: Item | undefined, vars: Variables) => boolean; boolean: boolean } {
  const frame = { size: 0 };
  const scope: Scope = { sc, locals: new Map(), frame, outerFocus: true };
  const boolean = isBooleanValued(e, scope);
  const b = compileB(e, scope);
  // A test of the context element's shape alone (structural.ts): on an element, one function of it.
  return { test: withFocus(b, frame, compileElementTest(e, scope)), boolean };
}

/**
 * A closure run with the caller's item as focus (position and size 1), in a dynamic context of its own (a context kept
 * and reset between calls measured no cheaper: docs/decisions.md).
 */
function withFocus<T>(c: (d: Dyn) => T, frame: { size: number }, shape?: (e: XElement) => T): (item: Item | undefined, vars: Variables) => T {
  // One closure for every expression, with or without `shape` (the callers' call sites then see one function).
  return (item, vars) => {
    // Counted as a path's start counts (budget.ts): the limits are looked at as often as before.
    if (shape !== undefined && item !== undefined && (item as XNode).kind === 1) { tick(); return shape(item as XElement); }
    const size = item === undefined ? 0 : 1;
    return c({ item, position: size, size, current: item, vars, locals: frame.size ? new Array<Sequence>(frame.size) : NO_LOCALS, dot: undefined });
  };
}

/**
 * A function body: its parameters are the first local slots; the focus is absent (as in xsl:function) and no outer
 * variable is visible. Arguments come in already converted to the parameters' types.
 */
export function compileFunctionBody(body: Expr, sc: StaticContext, params: string[]): (args: Sequence[]) => Sequence {
  const frame = { size: params.length };
  const c = compile(body, { sc, locals: new Map(params.map((p, i) => [p, i])), frame });
  return (args) => {
    const locals = new Array<Sequence>(frame.size);
    for (let i = 0; i < args.length; i++) locals[i] = args[i]!;
    return c({ item: undefined, position: 0, size: 0, current: undefined, vars: NO_VARIABLES, locals, dot: undefined });
  };
}
