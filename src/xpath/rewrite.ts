/*
 * Equivalent, cheaper forms of paths, applied before compiling: X//T[p] (p never positional) becomes X/descendant::T[p],
 * one walk instead of a child step at every node; X/(A | B) becomes X/A | X/B so each side can take the first form.
 */
import type { Expr } from './ast.js';

const BOOLEAN_OPS = new Set(['or', 'and', '=', '!=', '<', '<=', '>', '>=', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'is', '<<', '>>']);
const BOOLEAN_FNS = new Set(['not', 'exists', 'empty', 'boolean', 'true', 'false', 'contains', 'starts-with', 'ends-with', 'matches']);

/** Whether the expression calls position() or last() anywhere (nested focuses included: this errs on the safe side). */
function readsPosition(e: Expr): boolean {
  if (e.k === 'call' && e.args.length === 0 && (e.name.local === 'position' || e.name.local === 'last')) return true;
  return (Object.values(e) as unknown[]).some((v) => (Array.isArray(v) ? v.some((x) => isExpr(x) && readsPosition(x)) : isExpr(v) && readsPosition(v)));
}
const isExpr = (v: unknown): v is Expr => typeof v === 'object' && v !== null && typeof (v as { k?: unknown }).k === 'string';

/**
 * Whether a predicate keeps the same nodes whatever their positions: its value is always a boolean (or empty), never
 * a number, and it does not read position() or last().
 */
function isBooleanPredicate(p: Expr): boolean {
  if (readsPosition(p)) return false;
  switch (p.k) {
    case 'binary': return BOOLEAN_OPS.has(p.op);
    case 'call': return p.name.prefix === '' && BOOLEAN_FNS.has(p.name.local);
    case 'some': case 'every': case 'instance': case 'castable': return true;
    default: return false;
  }
}

const isDescendantOrSelfNode = (e: Expr) => e.k === 'step' && e.axis === 'descendant-or-self' && e.test.k === 'kind' && e.test.kind === 'node' && e.preds.length === 0;

function isAbsolute(e: Expr): boolean {
  if (e.k === 'root') return true;
  return e.k === 'slash' ? isAbsolute(e.left) : e.k === 'filter' ? isAbsolute(e.base) : false;
}

/** A cheaper equivalent of E1/E2, or undefined. */
export function rewriteSlash(e: Extract<Expr, { k: 'slash' }>): Expr | undefined {
  const { left, right } = e;
  if (left.k === 'slash' && isDescendantOrSelfNode(left.right) && right.k === 'step' && right.axis === 'child' && right.preds.every(isBooleanPredicate)) {
    return { k: 'slash', left: left.left, right: { ...right, axis: 'descendant' } };
  }
  const inner = right.k === 'seq' && right.items.length === 1 ? right.items[0]! : right;
  if (inner.k === 'binary' && inner.op === 'union') {
    return { k: 'binary', op: 'union', left: { k: 'slash', left, right: inner.left }, right: { k: 'slash', left, right: inner.right } };
  }
  // X/(A/S) is (X/A)/S when S is a step (nodes only: no question of order or duplicates among atomic values); the
  // parentheses may be gone already (an earlier rewrite's X/(A/B/S) → (X/(A/B))/S), and then A/B is taken apart too.
  if (inner.k === 'slash' && inner.right.k === 'step') {
    return { k: 'slash', left: { k: 'slash', left, right: inner.left }, right: inner.right };
  }
  // //(/P): the absolute path is the same from every node of the document, and the document is among them.
  if (left.k === 'slash' && left.left.k === 'root' && isDescendantOrSelfNode(left.right) && isAbsolute(inner)) return inner;
  return undefined;
}

