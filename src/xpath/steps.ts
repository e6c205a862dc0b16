/* Path steps, E1/E2 and predicates: the node-walking part of the compiler (see evaluate.ts). */
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { axisFn, documentOrder, nameTest, REVERSE_AXES, type Test } from './axes.js';
import { FN, innerFocus, resolvePrefix, type C, type Compile, type Dyn, type Scope } from './scope.js';
import { Atomic, EMPTY, ebv, isNode, toNumber } from './values.js';
import { tick } from './budget.js';
import { isBooleanValued, type B } from './typed.js';
import { intern } from './intern.js';

/** E1/E2: E2 for each node of E1; nodes come out in document order without duplicates, atomics in order. */
export function compileSlash(leftExpr: Expr, rightExpr: Expr, scope: Scope, compile: Compile, bool: CompileBool): C {
  const left = compile(leftExpr, scope);
  if (rightExpr.k === 'step') {
    const step = compileStep(rightExpr, scope, compile, bool);
    return (d) => {
      const ctx = left(d);
      if (ctx.length === 1) return step(requireNode(ctx[0]!), d);
      const out: XNode[] = [];
      tick(ctx.length);
      for (let i = 0; i < ctx.length; i++) { const ns = step(requireNode(ctx[i]!), d); for (let j = 0; j < ns.length; j++) out.push(ns[j]!); }
      return documentOrder(out);
    };
  }
  const right = compile(rightExpr, innerFocus(scope));
  return (d) => {
    const ctx = left(d);
    if (ctx.length === 0) return EMPTY;
    const saved = d.item, savedPos = d.position, savedSize = d.size;
    const out: Item[] = [];
    let nodes = 0;
    d.size = ctx.length;
    tick(ctx.length);
    for (let i = 0; i < ctx.length; i++) {
      d.item = requireNode(ctx[i]!);
      d.position = i + 1;
      const r = right(d);
      for (let j = 0; j < r.length; j++) { const it = r[j]!; out.push(it); if (isNode(it)) nodes++; }
    }
    d.item = saved; d.position = savedPos; d.size = savedSize;
    if (nodes === 0) return out;
    if (nodes !== out.length) throw new XPathError('XPTY0018', 'a path step returned both nodes and atomic values');
    // Even from one node, E2 may give nodes out of order or twice: (b, a), (a, a).
    return documentOrder(out as XNode[]);
  };
}

function requireNode(it: Item): XNode {
  if (!isNode(it)) throw new XPathError('XPTY0019', 'a path step is applied to an atomic value');
  return it;
}

type Step = (n: XNode, d: Dyn) => XNode[];
/** evaluate.ts's compileB: an expression's effective boolean value as a JavaScript boolean. */
export type CompileBool = (e: Expr, scope: Scope) => B;

export function compileStep(e: Extract<Expr, { k: 'step' }>, scope: Scope, compile: Compile, bool: CompileBool): Step {
  const principal = e.axis === 'attribute' ? 2 : 1;
  let test: Test;
  let fast: { kind: 1 | 2; ns: string; local: string } | undefined;
  let elementsOnly = false;
  /** Every element passes the test (`*`, `element()`). */
  let anyElement = false;
  const t = e.test;
  if (t.k === 'name') {
    const ns = t.name.prefix === '*' ? undefined : t.name.prefix === '' ? '' : intern(resolvePrefix(t.name.prefix, scope));
    const local = t.name.local === '*' ? undefined : intern(t.name.local);
    test = nameTest(principal, ns, local);
    if (ns !== undefined && local !== undefined) fast = { kind: principal, ns, local };
    elementsOnly = principal === 1;
    anyElement = principal === 1 && ns === undefined && local === undefined;
  } else if (t.kind === 'element' || t.kind === 'attribute') {
    const kind = t.kind === 'element' ? 1 : 2;
    const ns = t.name && t.name.prefix !== '*' ? (t.name.prefix === '' ? '' : resolvePrefix(t.name.prefix, scope)) : undefined;
    const local = t.name && t.name.local !== '*' ? t.name.local : undefined;
    test = nameTest(kind, ns, local);
    elementsOnly = kind === 1;
    anyElement = kind === 1 && ns === undefined && local === undefined;
  } else {
    const kind = { node: 0, text: 3, comment: 8, 'document-node': 9, 'processing-instruction': 7 }[t.kind];
    test = kind === 0 ? () => true : (n) => n.kind === kind;
  }
  const axis = axisFn(e.axis, test, fast, elementsOnly, anyElement);
  if (e.preds.length === 0) {
    return REVERSE_AXES.has(e.axis) && e.axis !== 'parent' ? (n) => axis(n).reverse() : axis;
  }
  const preds = e.preds.map((p) => compilePredicate(p, scope, compile, bool));
  const reverse = REVERSE_AXES.has(e.axis);
  return (n, d) => {
    let seq: Sequence = axis(n);
    for (const p of preds) seq = p(seq, d);
    return (reverse ? (seq as XNode[]).slice().reverse() : seq) as XNode[];
  };
}

type Predicate = (seq: Sequence, d: Dyn) => Sequence;

/** A predicate: a numeric value selects by position, anything else by its effective boolean value. */
export function compilePredicate(p: Expr, scope: Scope, compile: Compile, bool: CompileBool): Predicate {
  if (p.k === 'literal' && p.type === 'integer') {
    const i = Number(p.text);
    return (seq) => (i >= 1 && i <= seq.length ? [seq[i - 1]!] : EMPTY);
  }
  if (p.k === 'call' && p.args.length === 0 && p.name.local === 'last' && (p.name.prefix === '' || resolvePrefix(p.name.prefix, scope) === FN)) {
    return (seq) => (seq.length ? [seq[seq.length - 1]!] : EMPTY);
  }
  const inner = innerFocus(scope);
  // A predicate whose value is always a boolean (or empty) keeps a node by a JavaScript boolean: no sequence made.
  if (isBooleanValued(p, inner)) {
    const test = bool(p, inner);
    return (seq, d) => {
      if (seq.length === 0) return seq;
      const saved = d.item, savedPos = d.position, savedSize = d.size;
      let out: Item[] | undefined;
      d.size = seq.length;
      tick(seq.length);
      for (let i = 0; i < seq.length; i++) {
        const it = seq[i]!;
        d.item = it;
        d.position = i + 1;
        if (test(d)) { if (out === undefined) out = [it]; else out.push(it); }
      }
      d.item = saved; d.position = savedPos; d.size = savedSize;
      return out ?? EMPTY;
    };
  }
  const pred = compile(p, inner);
  return (seq, d) => {
    if (seq.length === 0) return seq;
    const saved = d.item, savedPos = d.position, savedSize = d.size;
    // Made at the first item kept, of one item (a predicate keeps one node or none, most often).
    let out: Item[] | undefined;
    d.size = seq.length;
    tick(seq.length);
    for (let i = 0; i < seq.length; i++) {
      const it = seq[i]!;
      d.item = it;
      d.position = i + 1;
      const v = pred(d);
      let keep: boolean;
      if (v.length === 1 && !isNode(v[0]!) && isNumericAtomic(v[0] as Atomic)) keep = toNumber(v[0] as Atomic) === i + 1;
      else keep = ebv(v);
      if (keep) { if (out === undefined) out = [it]; else out.push(it); }
    }
    d.item = saved; d.position = savedPos; d.size = savedSize;
    return out ?? EMPTY;
  };
}

const isNumericAtomic = (a: Atomic) => a.type === 'integer' || a.type === 'decimal' || a.type === 'double' || a.type === 'float';
