/*
 * String functions compiled as one string (typed.ts): normalize-space, string, upper-case, lower-case,
 * substring-before and substring-after, string-length and count as a number, contains/starts-with/ends-with/matches as
 * booleans, and `path/S` as the strings of a path's nodes; each with the general closures' value and errors.
 */
import { XPathError, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { codePointLength, contains, itemString, normalizeSpace } from './fn-strings.js';
import { optString } from './fn-args.js';
import { compileRegex } from './regex.js';
import { FN, innerFocus, resolvePrefix, type Compile, type Dyn, type Scope } from './scope.js';
import { ANCESTOR, compileCount, count, metNode, pathOf, some, start, type B, type Leaf, type N, type S } from './typed-paths.js';
import { isAtomic, stringValue } from './values.js';

/**
 * optString (fn-args.ts) of E's value: '' for none, the string value of one node, XPTY0004 for more than one item;
 * a plain path walked for at most two nodes.
 */
export function compileOptString(e: Expr, scope: Scope, compile: Compile, fn: string): S {
  const direct = compileString(e, scope, compile);
  if (direct) return direct;
  const general = compile(e, scope);
  const p = pathOf(e, scope);
  if (p?.distinct) {
    const steps = p.steps;
    return (d) => {
      const k = count(start(p, d), steps, 0, 2);
      if (k === 0) return '';
      if (k > 1) throw new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`);
      return stringValue(metNode());
    };
  }
  return (d) => optString(general(d), fn);
}

/** Whether an expression calls position() or last() anywhere (nested focuses included: errs on the safe side). */
function readsPosition(e: Expr): boolean {
  if (e.k === 'call' && e.args.length === 0 && (e.name.local === 'position' || e.name.local === 'last')) return true;
  for (const v of Object.values(e) as unknown[]) {
    if (Array.isArray(v)) { for (const x of v) if (isExpr(x) && readsPosition(x)) return true; } else if (isExpr(v) && readsPosition(v)) return true;
  }
  return false;
}
const isExpr = (v: unknown): v is Expr => typeof v === 'object' && v !== null && typeof (v as { k?: unknown }).k === 'string';

/**
 * `path/S` with S exactly one string per node (normalize-space(cbc:ID), …) and reading no position: each node's
 * string given to `visit` in document order, S evaluated with the node as context item as E1/E2 would (the path's
 * steps are child, attribute, self and parent steps from one node, so the walk is in document order without
 * duplicates); errors as the general closure raises them, the first node's first.
 */
export function compileStringsOfPath(e: Expr, scope: Scope, compile: Compile): ((d: Dyn, test: (s: string) => boolean) => boolean) | undefined {
  if (e.k !== 'slash') return undefined;
  const p = pathOf(e.left, scope);
  if (!p?.distinct || p.steps.some((s) => s.axis === ANCESTOR) || readsPosition(e.right)) return undefined;
  const inner = innerFocus(scope);
  const s = compileString(e.right, inner, compile);
  if (!s) return undefined;
  compile(e, scope);
  const steps = p.steps;
  // The walk's state, for its leaf (made once): saved and restored around each walk, as S may reach this expression
  // again (through a user function) while a walk runs.
  let cur: Dyn | undefined, curTest: (s: string) => boolean = () => false, found = false;
  const leaf: Leaf = (n) => {
    const d = cur!;
    d.item = n;
    const v = s(d);
    if (!found && curTest(v)) found = true;
    return false;
  };
  return (d, test) => {
    const from = start(p, d);
    const saved = d.item, savedDot = d.dot, prev = cur, prevTest = curTest, prevFound = found;
    cur = d; curTest = test; found = false;
    try {
      some(from, steps, 0, leaf);
      return found;
    } finally { d.item = saved; d.dot = savedDot; cur = prev; curTest = prevTest; found = prevFound; }
  };
}

/** The fn: function a call names, as `local#arity`, or undefined for another namespace. */
export function fnName(e: Extract<Expr, { k: 'call' }>, scope: Scope): string | undefined {
  const ns = e.name.prefix === '' ? FN : resolvePrefix(e.name.prefix, scope);
  return ns === FN ? `${e.name.local}#${e.args.length}` : undefined;
}

export const isStringLiteral = (e: Expr): e is Extract<Expr, { k: 'literal' }> => e.k === 'literal' && e.type === 'string';

/**
 * An expression whose value is exactly one xs:string, as a closure giving that string: string literals, and calls of
 * normalize-space, string, upper-case, lower-case, substring-before and substring-after whose arguments after the
 * first are literals (so no argument's evaluation can fail after the first one's conversion has).
 */
export function compileString(e: Expr, scope: Scope, compile: Compile): S | undefined {
  if (e.k === 'seq' && e.items.length === 1) return compileString(e.items[0]!, scope, compile);
  if (isStringLiteral(e)) { const s = e.text; return () => s; }
  if (e.k !== 'call') return undefined;
  const name = fnName(e, scope);
  switch (name) {
    case 'normalize-space#0': compile(e, scope); return (d) => normalizeSpace(contextString(d, 'fn:normalize-space'));
    case 'string#0': compile(e, scope); return (d) => contextString(d, 'fn:string');
    case 'normalize-space#1': { const a = compileOptString(e.args[0]!, scope, compile, 'fn:normalize-space'); return (d) => normalizeSpace(a(d)); }
    case 'upper-case#1': { const a = compileOptString(e.args[0]!, scope, compile, 'fn:upper-case'); return (d) => a(d).toUpperCase(); }
    case 'lower-case#1': { const a = compileOptString(e.args[0]!, scope, compile, 'fn:lower-case'); return (d) => a(d).toLowerCase(); }
    case 'string#1': {
      const arg = e.args[0]!;
      const p = pathOf(arg, scope);
      // fn:string of an atomic value casts it (a number's canonical form): only nodes and strings taken here.
      if (p?.distinct) return compileOptString(arg, scope, compile, 'fn:string');
      const general = compile(arg, scope);
      return (d) => itemString(general(d), 'fn:string');
    }
    case 'substring-after#2': case 'substring-before#2': {
      const t = e.args[1]!;
      if (!isStringLiteral(t)) return undefined;
      const fn = `fn:${e.name.local}`;
      const a = compileOptString(e.args[0]!, scope, compile, fn), sep = t.text;
      if (name === 'substring-after#2') return (d) => { const s = a(d); if (sep === '') return s; const i = s.indexOf(sep); return i < 0 ? '' : s.slice(i + sep.length); };
      return (d) => { const s = a(d); const i = sep === '' ? -1 : s.indexOf(sep); return i < 0 ? '' : s.slice(0, i); };
    }
    default: return undefined;
  }
}

/** fn:string() and fn:normalize-space() of the context item (as fn-strings.ts's contextString). */
function contextString(d: Dyn, fn: string): string {
  if (d.item === undefined) throw new XPathError('XPDY0002', `${fn}: the context item is absent`);
  const it = d.item;
  return isAtomic(it) ? itemString([it], fn) : stringValue(it as XNode);
}

/** An expression whose value is exactly one small xs:integer: count(E), string-length(S). */
export function compileInteger(e: Expr, scope: Scope, compile: Compile): N | undefined {
  if (e.k === 'seq' && e.items.length === 1) return compileInteger(e.items[0]!, scope, compile);
  if (e.k !== 'call') return undefined;
  switch (fnName(e, scope)) {
    case 'count#1': return compileCount(e.args[0]!, scope, compile);
    case 'string-length#1': { const a = compileOptString(e.args[0]!, scope, compile, 'fn:string-length'); return (d) => codePointLength(a(d)); }
    default: return undefined;
  }
}

/** contains, starts-with, ends-with and matches (with a literal pattern) as booleans of their strings. */
export function compileStringTest(e: Extract<Expr, { k: 'call' }>, name: string, scope: Scope, compile: Compile): B | undefined {
  const fn = `fn:${e.name.local}`;
  if (name === 'matches#2') {
    const pattern = e.args[1]!;
    if (!isStringLiteral(pattern)) return undefined;
    let re: RegExp;
    try { re = compileRegex(pattern.text, ''); } catch { return undefined; }
    const a = compileOptString(e.args[0]!, scope, compile, fn);
    return (d) => re.test(a(d));
  }
  // The first argument is converted before the second is evaluated: only where the second cannot fail (a literal) or
  // the first cannot fail its conversion (exactly one string).
  const second = e.args[1]!;
  if (!isStringLiteral(second) && !compileString(e.args[0]!, scope, compile)) return undefined;
  const a = compileOptString(e.args[0]!, scope, compile, fn), b = compileOptString(second, scope, compile, fn);
  switch (name) {
    case 'contains#2': return (d) => { const s = a(d); return contains(s, b(d)); };
    case 'starts-with#2': return (d) => { const s = a(d); return s.startsWith(b(d)); };
    default: return (d) => { const s = a(d); return s.endsWith(b(d)); };
  }
}
