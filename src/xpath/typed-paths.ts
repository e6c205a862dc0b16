/*
 * Plain paths (`a/b`, `@x`, `..`, `ancestor::x`, `/*\/y`: child, attribute, self, parent and ancestor steps with name
 * tests, or node() upwards, and no predicate) walked without their node arrays, for the typed forms (typed.ts):
 * exists and a path's effective boolean value stop at the first node, count counts, a one-node argument stops at two.
 * Such a path can fail only where it starts, with the step's error.
 */
import { XPathError, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { childrenNamed, rootOf } from './axes.js';
import { tick } from './budget.js';
import { intern } from './intern.js';
import { focusNode, resolvePrefix, type C, type Compile, type Dyn, type Scope } from './scope.js';
import { castUntyped, EMPTY, stringValue, type AtomicType } from './values.js';

/** A boolean-valued closure: an expression's effective boolean value. */
export type B = (d: Dyn) => boolean;
/** A closure whose value is exactly one xs:string, given as the JavaScript string. */
export type S = (d: Dyn) => string;
/** A closure whose value is exactly one xs:integer small enough for a JavaScript number. */
export type N = (d: Dyn) => number;

const CHILD = 0, ATTRIBUTE = 1, SELF = 2, PARENT = 3;
export const ANCESTOR = 4;
export interface PathStep {
  axis: number;
  /** 0: any node (node()); 1: elements; 2: attributes. */
  kind: 0 | 1 | 2;
  ns: string | undefined;
  local: string | undefined;
}
export interface Path {
  absolute: boolean;
  steps: PathStep[];
  /** No node can be reached twice (so the walk's count is the path's, and its second node a second item). */
  distinct: boolean;
}

/** The steps of `a/b/@c`, `../x`, `/*\/y`, `ancestor::z` (no predicate; name tests, node() upwards): else undefined. */
export function pathOf(e: Expr, scope: Scope): Path | undefined {
  const parts: Expr[] = [];
  let x = e;
  while (x.k === 'slash') { parts.unshift(x.right); x = x.left; }
  parts.unshift(x);
  let absolute = false;
  if (parts[0]!.k === 'root') { absolute = true; parts.shift(); }
  const steps: PathStep[] = [];
  let down = false, ancestors = 0, distinct = true;
  for (const p of parts) {
    if (p.k !== 'step' || p.preds.length !== 0) return undefined;
    const axis = p.axis === 'child' ? CHILD : p.axis === 'attribute' ? ATTRIBUTE : p.axis === 'self' ? SELF : p.axis === 'parent' ? PARENT : p.axis === 'ancestor' ? ANCESTOR : -1;
    if (axis < 0) return undefined;
    const t = p.test;
    let step: PathStep;
    if (t.k === 'name') {
      step = {
        axis, kind: axis === ATTRIBUTE ? 2 : 1,
        ns: t.name.prefix === '*' ? undefined : t.name.prefix === '' ? '' : intern(resolvePrefix(t.name.prefix, scope)),
        local: t.name.local === '*' ? undefined : intern(t.name.local),
      };
    } else if (t.kind === 'node' && axis !== CHILD && axis !== ATTRIBUTE) {
      step = { axis, kind: 0, ns: undefined, local: undefined };
    } else return undefined;
    if (axis === CHILD || axis === ATTRIBUTE) down = true;
    if ((axis === PARENT || axis === ANCESTOR) && down) distinct = false;
    if (axis === ANCESTOR && ++ancestors > 1) distinct = false;
    steps.push(step);
  }
  return { absolute, steps, distinct };
}

function fits(n: XNode, s: PathStep): boolean {
  if (s.kind === 0) return true;
  if (n.kind !== s.kind) return false;
  return (s.local === undefined || n.local === s.local) && (s.ns === undefined || n.ns === s.ns);
}

/** Where the path starts: the context node, or its root (errors as the general closures give them). */
export function start(p: Path, d: Dyn): XNode {
  const n = focusNode(d);
  tick();
  if (!p.absolute) return n;
  const r = rootOf(n);
  if (r.kind !== 9) throw new XPathError('XPDY0050', 'the root of the context node is not a document node');
  return r;
}

export type Leaf = (n: XNode) => boolean;

/** Whether a node the steps from i select from n passes `leaf` (any node, without one). */
export function some(n: XNode, steps: PathStep[], i: number, leaf: Leaf | undefined): boolean {
  if (i === steps.length) return leaf === undefined || leaf(n);
  const s = steps[i]!;
  switch (s.axis) {
    case CHILD: {
      if (n.kind !== 1 && n.kind !== 9) return false;
      const cs = childrenNamed(n, s.ns, s.local), local = s.local, ns = s.ns;
      // The common test, a name with its namespace, compared in the loop (children are elements).
      if (local !== undefined && ns !== undefined) {
        for (let j = 0; j < cs.length; j++) { const c = cs[j]!; if (c.local === local && c.ns === ns && some(c, steps, i + 1, leaf)) return true; }
        return false;
      }
      for (let j = 0; j < cs.length; j++) { const c = cs[j]!; if (fits(c, s) && some(c, steps, i + 1, leaf)) return true; }
      return false;
    }
    case ATTRIBUTE: {
      if (n.kind !== 1) return false;
      const as = n.attrs;
      for (let j = 0; j < as.length; j++) { const a = as[j]!; if (fits(a, s) && some(a, steps, i + 1, leaf)) return true; }
      return false;
    }
    case SELF: return fits(n, s) && some(n, steps, i + 1, leaf);
    case PARENT: { const p = n.parent; return p !== null && fits(p, s) && some(p, steps, i + 1, leaf); }
    default:
      for (let p = n.parent; p !== null; p = p.parent) if (fits(p, s) && some(p, steps, i + 1, leaf)) return true;
      return false;
  }
}

/** The nodes the steps from i select from n, counted up to `limit`; the last one met is left in `met`. */
let met: XNode | undefined;
export function count(n: XNode, steps: PathStep[], i: number, limit: number): number {
  if (i === steps.length) { met = n; return 1; }
  const s = steps[i]!;
  let total = 0;
  switch (s.axis) {
    case CHILD: {
      if (n.kind !== 1 && n.kind !== 9) return 0;
      const cs = childrenNamed(n, s.ns, s.local), local = s.local, ns = s.ns;
      if (local !== undefined && ns !== undefined) {
        for (let j = 0; j < cs.length && total < limit; j++) { const c = cs[j]!; if (c.local === local && c.ns === ns) total += count(c, steps, i + 1, limit - total); }
        return total;
      }
      for (let j = 0; j < cs.length && total < limit; j++) { const c = cs[j]!; if (fits(c, s)) total += count(c, steps, i + 1, limit - total); }
      return total;
    }
    case ATTRIBUTE: {
      if (n.kind !== 1) return 0;
      const as = n.attrs;
      for (let j = 0; j < as.length && total < limit; j++) { const a = as[j]!; if (fits(a, s)) total += count(a, steps, i + 1, limit - total); }
      return total;
    }
    case SELF: return fits(n, s) ? count(n, steps, i + 1, limit) : 0;
    case PARENT: { const p = n.parent; return p !== null && fits(p, s) ? count(p, steps, i + 1, limit) : 0; }
    default:
      for (let p = n.parent; p !== null && total < limit; p = p.parent) if (fits(p, s)) total += count(p, steps, i + 1, limit - total);
      return total;
  }
}

/** The last node count() met (the one node, where it counted one). */
export const metNode = (): XNode => met!;

/** exists(E) (and E's effective boolean value when E is a path): a plain path walked to its first node. */
export function compileExists(e: Expr, scope: Scope, compile: Compile): B {
  const general = compile(e, scope);
  const p = pathOf(e, scope);
  if (p) { const steps = p.steps; return (d) => some(start(p, d), steps, 0, undefined); }
  // A | B of plain paths: both give nodes, so the union is not empty when either is not (left first, as union's).
  if (e.k === 'binary' && e.op === 'union') {
    const l = pathOf(e.left, scope), r = pathOf(e.right, scope);
    if (l && r) return (d) => some(start(l, d), l.steps, 0, undefined) || some(start(r, d), r.steps, 0, undefined);
  }
  return (d) => general(d).length > 0;
}

/** count(E) as a number: a plain path that reaches no node twice counted without its array. */
export function compileCount(e: Expr, scope: Scope, compile: Compile): N {
  const general = compile(e, scope);
  const p = pathOf(e, scope);
  if (p?.distinct) { const steps = p.steps; return (d) => count(start(p, d), steps, 0, Infinity); }
  return (d) => general(d).length;
}

/**
 * xs:T(E) for a plain path E: its one node's string cast as the node's untyped value would be (castAs), as the
 * constructor function's [castAs(optAtomic(E))] with its errors; undefined for any other E.
 */
export function compileCastOfPath(e: Expr, scope: Scope, t: AtomicType): C | undefined {
  const p = pathOf(e, scope);
  if (!p?.distinct) return undefined;
  const steps = p.steps, fn = `xs:${t}`;
  return (d) => {
    const k = count(start(p, d), steps, 0, 2);
    if (k === 0) return EMPTY;
    if (k > 1) throw new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`);
    return [castUntyped(stringValue(metNode()), t)];
  };
}
