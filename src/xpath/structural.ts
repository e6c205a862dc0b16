/*
 * Tests of the context element's own shape and values, which rule contexts and asserts try on many elements of every
 * document: whether a relative plain path selects a node (`*`, `@schemeID`, `exists(cbc:ID)`, `cac:A/cbc:B`,
 * `ancestor::cac:InvoiceLine`) and how many (`count(cbc:ID) le 1`), its nodes against string literals (`@schemeID =
 * '0088'`, `cbc:DocumentTypeCode = '130'`), whether the element's string value is empty or white space
 * (`normalize-space()`, `string()`), joined by not/and/or: `//*[not(*) and not(normalize-space())]` (no empty
 * elements, tried on about every element), `cbc:EndpointID[@schemeID = '0088'] | …` (a dozen rules tried on every
 * identifier). Compiled here to one function of the element, without a dynamic context or the general closures'
 * layers; the walks are typed-paths.ts's own (some, count). On an element none of these can raise an error (a
 * relative plain path fails only where it starts, and an element is a node; a node's string against a string compares
 * as strings, no cast; integers compare with integers), and each is exactly the general closure's effective boolean
 * value (test/unit/xpath/typed.test.ts holds them to Saxon-JS on elements of every kind of content); for any other
 * context item the general closure runs.
 */
import type { XElement, XNode } from './api.js';
import type { Expr } from './ast.js';
import { normalizeSpace } from './fn-strings.js';
import type { Scope } from './scope.js';
import { count, pathOf, some, type Path } from './typed-paths.js';
import { fnName, isStringLiteral } from './typed-strings.js';
import { compareStrings, holds, stringValue } from './values.js';

/** A test of the context element. */
export type ElementTest = (e: XElement) => boolean;

/** `.` (or `self::node()`): the context item itself. */
function isContext(e: Expr): boolean {
  return e.k === 'context' || (e.k === 'step' && e.axis === 'self' && e.preds.length === 0 && e.test.k === 'kind' && e.test.kind === 'node');
}

/**
 * A relative plain path (typed-paths.ts pathOf: child, attribute, self, parent and ancestor steps with name tests, no
 * predicate): from an element it selects its nodes without any error (only where it starts can such a path fail, and
 * an element is a node).
 */
function relativePath(e: Expr, scope: Scope): Path | undefined {
  const p = pathOf(e, scope);
  return p && !p.absolute ? p : undefined;
}

/** Whether some node the path selects has a string value s with `op(s, one of lits)` (no pair can fail: strings). */
function pathAgainst(p: Path, op: string, lits: string[]): ElementTest {
  const steps = p.steps;
  const leaf = lits.length === 1
    ? ((lit: string) => (x: XNode) => holds(op, compareStrings(stringValue(x), lit)))(lits[0]!)
    : (x: XNode) => { const s = stringValue(x); for (let i = 0; i < lits.length; i++) if (holds(op, compareStrings(s, lits[i]!))) return true; return false; };
  return (n) => some(n, steps, 0, leaf);
}

/** exists(E) for a relative plain path, or a union of two. */
function present(e: Expr, scope: Scope): ElementTest | undefined {
  const p = relativePath(e, scope);
  if (p) { const steps = p.steps; return (n) => some(n, steps, 0, undefined); }
  if (e.k === 'binary' && e.op === 'union') {
    const l = present(e.left, scope), r = present(e.right, scope);
    return l && r ? (n) => l(n) || r(n) : undefined;
  }
  return undefined;
}

const GENERAL = new Set(['=', '!=', '<', '<=', '>', '>=']);
const VALUE = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
const SWAPPED: Record<string, string> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=', eq: 'eq', ne: 'ne', lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' };

/** An integer literal a JavaScript number holds exactly. */
function smallInteger(e: Expr): number | undefined {
  if (e.k !== 'literal' || e.type !== 'integer') return undefined;
  const k = Number(e.text);
  return Number.isSafeInteger(k) ? k : undefined;
}

/**
 * `count(P) op k` or `k op count(P)`, P a relative plain path that reaches no node twice (so the walk's count is the
 * path's, as compileCount takes it), k an integer literal: two integers compared, the walk stopped at k + 1.
 */
function countAgainst(e: Extract<Expr, { k: 'binary' }>, scope: Scope): ElementTest | undefined {
  const rk = smallInteger(e.right), lk = rk === undefined ? smallInteger(e.left) : undefined;
  const call = rk !== undefined ? e.left : lk !== undefined ? e.right : undefined;
  if (call?.k !== 'call' || fnName(call, scope) !== 'count#1') return undefined;
  const p = relativePath(call.args[0]!, scope);
  if (!p?.distinct) return undefined;
  const steps = p.steps, k = (rk ?? lk)!, op = rk !== undefined ? e.op : SWAPPED[e.op]!;
  const limit = k < 0 ? 0 : k + 1;
  return (n) => { const c = count(n, steps, 0, limit); return holds(op, c < k ? -1 : c > k ? 1 : 0); };
}

/** String literals: one, or a parenthesized list of them. */
function stringLiterals(e: Expr): string[] | undefined {
  if (isStringLiteral(e)) return [e.text];
  if (e.k === 'seq' && e.items.length > 0 && e.items.every(isStringLiteral)) return e.items.map((x) => (x as { text: string }).text);
  return undefined;
}

/** E's effective boolean value on the context element, where E is made only of the shapes above; else undefined. */
export function compileElementTest(e: Expr, scope: Scope): ElementTest | undefined {
  switch (e.k) {
    case 'seq': return e.items.length === 1 ? compileElementTest(e.items[0]!, scope) : undefined;
    case 'binary': {
      if (GENERAL.has(e.op) || VALUE.has(e.op)) {
        const byCount = countAgainst(e, scope);
        if (byCount || !GENERAL.has(e.op)) return byCount;
        // A general comparison of a relative plain path's nodes with string literals (either side).
        const rl = stringLiterals(e.right), ll = rl ? undefined : stringLiterals(e.left);
        const p = rl ? relativePath(e.left, scope) : ll ? relativePath(e.right, scope) : undefined;
        return p ? pathAgainst(p, rl ? e.op : SWAPPED[e.op]!, (rl ?? ll)!) : undefined;
      }
      if (e.op === 'union') return present(e, scope);
      if (e.op !== 'and' && e.op !== 'or') return undefined;
      const l = compileElementTest(e.left, scope), r = compileElementTest(e.right, scope);
      if (!l || !r) return undefined;
      return e.op === 'and' ? (n) => l(n) && r(n) : (n) => l(n) || r(n);
    }
    // A path's effective boolean value: whether it selects a node (`*`, `@a`, `b/c`, `ancestor::d`, `a | b`).
    case 'step': case 'slash': return present(e, scope);
    case 'call': {
      const name = fnName(e, scope);
      const arg = e.args[0];
      switch (name) {
        case 'not#1': { const a = compileElementTest(arg!, scope); return a ? (n) => !a(n) : undefined; }
        case 'boolean#1': return compileElementTest(arg!, scope);
        case 'exists#1': return present(arg!, scope);
        case 'empty#1': { const a = present(arg!, scope); return a ? (n) => !a(n) : undefined; }
        // A string's effective boolean value: not empty. normalize-space's is empty exactly when the string value is
        // white space alone (normalizeSpace, fn-strings.ts, as the general closure computes it).
        case 'normalize-space#0': return (n) => normalizeSpace(stringValue(n)).length > 0;
        case 'normalize-space#1': return isContext(arg!) ? (n) => normalizeSpace(stringValue(n)).length > 0 : undefined;
        case 'string#0': return (n) => stringValue(n).length > 0;
        case 'string#1': return isContext(arg!) ? (n) => stringValue(n).length > 0 : undefined;
        default: return undefined;
      }
    }
    default: return undefined;
  }
}
