/*
 * Tests of an element's own shape and values: whether it has element children (`*`), whether its string value is
 * empty or white space (`normalize-space()`, `string()`), whether it has an attribute (`@schemeID`), and an attribute
 * or a child element, by name, against string literals (`@schemeID = '0088'`, `cbc:DocumentTypeCode = '130'`), joined
 * by not/and/or. Rule contexts tried on many elements of every document are such tests
 * (`//*[not(*) and not(normalize-space())]`, no empty elements, tried on about every element; `cbc:EndpointID[@schemeID
 * = '0088'] | …`, a dozen rules tried on every identifier): compiled here to one function of the element, without a
 * dynamic context or the general closures' layers. On an element none of these can raise an error (a node's string
 * against a string compares as strings: no cast), and each is exactly the general closure's effective boolean value
 * (test/unit/xpath/typed.test.ts holds them to Saxon-JS on elements of every kind of content); for any other context
 * item the general closure runs.
 */
import type { XElement } from './api.js';
import type { Expr } from './ast.js';
import { normalizeSpace } from './fn-strings.js';
import { intern } from './intern.js';
import { resolvePrefix, type Scope } from './scope.js';
import { fnName, isStringLiteral } from './typed-strings.js';
import { compareStrings, holds, stringValue } from './values.js';

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

/** `@a` or `child::b` with a full name and no predicate: the axis and the name (namespace, local part), else undefined. */
function namedStep(e: Expr, scope: Scope): { attribute: boolean; ns: string; local: string } | undefined {
  if (e.k !== 'step' || e.preds.length !== 0 || (e.axis !== 'attribute' && e.axis !== 'child') || e.test.k !== 'name') return undefined;
  const { prefix, local } = e.test.name;
  if (prefix === '*' || local === '*') return undefined;
  // An unprefixed name is in no namespace on both axes (no default element namespace in these contexts).
  return { attribute: e.axis === 'attribute', ns: prefix === '' ? '' : intern(resolvePrefix(prefix, scope)), local: intern(local) };
}

/** Whether some attribute or child element so named has a string value s with `op(s, one of lits)`. */
function namedAgainst(step: { attribute: boolean; ns: string; local: string }, op: string, lits: string[]): ElementTest {
  const { ns, local } = step;
  const fits = (s: string): boolean => { for (let i = 0; i < lits.length; i++) if (holds(op, compareStrings(s, lits[i]!))) return true; return false; };
  if (step.attribute) {
    return (n) => {
      const as = n.attrs;
      for (let i = 0; i < as.length; i++) { const a = as[i]!; if (a.local === local && a.ns === ns && fits(a.value)) return true; }
      return false;
    };
  }
  return (n) => {
    const cs = n.elements;
    for (let i = 0; i < cs.length; i++) { const c = cs[i]!; if (c.local === local && c.ns === ns && fits(stringValue(c))) return true; }
    return false;
  };
}

const GENERAL = new Set(['=', '!=', '<', '<=', '>', '>=']);
const SWAPPED: Record<string, string> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

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
      // A general comparison of an attribute or child elements by name with string literals (either side).
      if (GENERAL.has(e.op)) {
        const rl = stringLiterals(e.right), ll = rl ? undefined : stringLiterals(e.left);
        const step = rl ? namedStep(e.left, scope) : ll ? namedStep(e.right, scope) : undefined;
        return step ? namedAgainst(step, rl ? e.op : SWAPPED[e.op]!, (rl ?? ll)!) : undefined;
      }
      if (e.op !== 'and' && e.op !== 'or') return undefined;
      const l = compileElementTest(e.left, scope), r = compileElementTest(e.right, scope);
      if (!l || !r) return undefined;
      return e.op === 'and' ? (n) => l(n) && r(n) : (n) => l(n) || r(n);
    }
    case 'step': {
      if (isAnyChildElement(e)) return (n) => n.elements.length > 0;
      // `@a`: the attribute is there.
      const step = namedStep(e, scope);
      if (!step?.attribute) return undefined;
      const { ns, local } = step;
      return (n) => { const as = n.attrs; for (let i = 0; i < as.length; i++) { const a = as[i]!; if (a.local === local && a.ns === ns) return true; } return false; };
    }
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
