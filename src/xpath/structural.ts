/*
 * Tests of an element's shape alone: whether it has element children (`*`) and whether its string value is empty or
 * white space (`normalize-space()`, `string()`), joined by not/and/or. A rule context tried on every element of a
 * document, `//*[not(*) and not(normalize-space())]` (no empty elements), is such a test: compiled here to one
 * function of the element, without a dynamic context or the general closures' layers. On an element none of these can
 * raise an error, and each is exactly the general closure's effective boolean value (test/unit/xpath/structural.test.ts
 * holds them together on elements of every kind of content); for any other context item the general closure runs.
 */
import type { XElement } from './api.js';
import type { Expr } from './ast.js';
import { normalizeSpace } from './fn-strings.js';
import type { Scope } from './scope.js';
import { fnName } from './typed-strings.js';
import { stringValue } from './values.js';

/** A test of the context element. */
export type ElementTest = (e: XElement) => boolean;

/** `.` (or `self::node()`): the context item itself. */
function isContext(e: Expr): boolean {
  return e.k === 'context' || (e.k === 'step' && e.axis === 'self' && e.preds.length === 0 && e.test.k === 'kind' && e.test.kind === 'node');
}

/** `*` or `child::*`: the element children, any name. */
function isAnyChildElement(e: Expr): boolean {
  return e.k === 'step' && e.axis === 'child' && e.preds.length === 0 && e.test.k === 'name' && e.test.name.prefix === '*' && e.test.name.local === '*';
}

/** E's effective boolean value on the context element, where E is made only of the shapes above; else undefined. */
export function compileElementTest(e: Expr, scope: Scope): ElementTest | undefined {
  switch (e.k) {
    case 'seq': return e.items.length === 1 ? compileElementTest(e.items[0]!, scope) : undefined;
    case 'binary': {
      if (e.op !== 'and' && e.op !== 'or') return undefined;
      const l = compileElementTest(e.left, scope), r = compileElementTest(e.right, scope);
      if (!l || !r) return undefined;
      return e.op === 'and' ? (n) => l(n) && r(n) : (n) => l(n) || r(n);
    }
    case 'step': return isAnyChildElement(e) ? (n) => n.elements.length > 0 : undefined;
    case 'call': {
      const name = fnName(e, scope);
      const arg = e.args[0];
      switch (name) {
        case 'not#1': { const a = compileElementTest(arg!, scope); return a ? (n) => !a(n) : undefined; }
        case 'boolean#1': return compileElementTest(arg!, scope);
        case 'exists#1': return isAnyChildElement(arg!) ? (n) => n.elements.length > 0 : undefined;
        case 'empty#1': return isAnyChildElement(arg!) ? (n) => n.elements.length === 0 : undefined;
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
