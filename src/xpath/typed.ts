/*
 * Expressions compiled for the way their value is used (evaluate.ts compiles every expression to a sequence; these
 * compile some of them to what the caller needs): a test or predicate's effective boolean value as a JavaScript
 * boolean, exists()/empty()/count() of a plain path walked without building its node arrays (stopping at the first
 * node where one is enough), a string function's one string without its atomic value, and comparisons of these with
 * literals without either operand's sequence. Each gives exactly the value and the error of the general closures
 * (test/unit/xpath/typed.test.ts holds them together, and with Saxon-JS); where a case is not certain to, the general
 * closure is used.
 */
import { XPathError, type Item, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { childrenNamed, rootOf } from './axes.js';
import { tick } from './budget.js';
import { codePointLength, contains, itemString, normalizeSpace } from './fn-strings.js';
import { compileRegex } from './regex.js';
import { optString } from './fn-args.js';
import { intern } from './intern.js';
import { FN, focusNode, innerFocus, resolvePrefix, type C, type Compile, type Dyn, type Scope } from './scope.js';
import { castUntyped, compareStrings, unorderedInequality, Decimal, EMPTY, ebv, generalCompare, isAtomic, isStringLike, str, stringValue, stringToDouble, type Atomic, type AtomicType } from './values.js';

/** A boolean-valued closure: an expression's effective boolean value. */
export type B = (d: Dyn) => boolean;
/** A closure whose value is exactly one xs:string, given as the JavaScript string. */
type S = (d: Dyn) => string;
/** A closure whose value is exactly one xs:integer small enough for a JavaScript number. */
type N = (d: Dyn) => number;

/* ---------- plain paths, walked ---------- */

const CHILD = 0, ATTRIBUTE = 1, SELF = 2, PARENT = 3, ANCESTOR = 4;
interface PathStep {
  axis: number;
  /** 0: any node (node()); 1: elements; 2: attributes. */
  kind: 0 | 1 | 2;
  ns: string | undefined;
  local: string | undefined;
}
interface Path {
  absolute: boolean;
  steps: PathStep[];
  /** No node can be reached twice (so the walk's count is the path's, and its second node a second item). */
  distinct: boolean;
}

/** The steps of `a/b/@c`, `../x`, `/*\/y`, `ancestor::z` (no predicate; name tests, node() upwards): else undefined. */
function pathOf(e: Expr, scope: Scope): Path | undefined {
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
function start(p: Path, d: Dyn): XNode {
  const n = focusNode(d);
  tick();
  if (!p.absolute) return n;
  const r = rootOf(n);
  if (r.kind !== 9) throw new XPathError('XPDY0050', 'the root of the context node is not a document node');
  return r;
}

type Leaf = (n: XNode) => boolean;

/** Whether a node the steps from i select from n passes `leaf` (any node, without one). */
function some(n: XNode, steps: PathStep[], i: number, leaf: Leaf | undefined): boolean {
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
function count(n: XNode, steps: PathStep[], i: number, limit: number): number {
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
function compileCount(e: Expr, scope: Scope, compile: Compile): N {
  const general = compile(e, scope);
  const p = pathOf(e, scope);
  if (p?.distinct) { const steps = p.steps; return (d) => count(start(p, d), steps, 0, Infinity); }
  return (d) => general(d).length;
}

/**
 * optString (fn-args.ts) of E's value: '' for none, the string value of one node, XPTY0004 for more than one item;
 * a plain path walked for at most two nodes.
 */
function compileOptString(e: Expr, scope: Scope, compile: Compile, fn: string): S {
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
      return stringValue(met!);
    };
  }
  return (d) => optString(general(d), fn);
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
    return [castUntyped(stringValue(met!), t)];
  };
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
function compileStringsOfPath(e: Expr, scope: Scope, compile: Compile): ((d: Dyn, test: (s: string) => boolean) => boolean) | undefined {
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

/* ---------- calls of fn: functions by their use ---------- */

/** The fn: function a call names, as `local#arity`, or undefined for another namespace. */
function fnName(e: Extract<Expr, { k: 'call' }>, scope: Scope): string | undefined {
  const ns = e.name.prefix === '' ? FN : resolvePrefix(e.name.prefix, scope);
  return ns === FN ? `${e.name.local}#${e.args.length}` : undefined;
}

const isStringLiteral = (e: Expr): e is Extract<Expr, { k: 'literal' }> => e.k === 'literal' && e.type === 'string';

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
function compileInteger(e: Expr, scope: Scope, compile: Compile): N | undefined {
  if (e.k === 'seq' && e.items.length === 1) return compileInteger(e.items[0]!, scope, compile);
  if (e.k !== 'call') return undefined;
  switch (fnName(e, scope)) {
    case 'count#1': return compileCount(e.args[0]!, scope, compile);
    case 'string-length#1': { const a = compileOptString(e.args[0]!, scope, compile, 'fn:string-length'); return (d) => codePointLength(a(d)); }
    default: return undefined;
  }
}

/** An integer literal that a JavaScript number holds exactly. */
function smallInteger(e: Expr): number | undefined {
  if (e.k !== 'literal' || e.type !== 'integer') return undefined;
  const n = Number(e.text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * A numeric literal's value as a double (what compareAtomics compares a double with: an integer or decimal literal's
 * toNumber(), a double literal's value).
 */
function numericLiteral(e: Expr): number | undefined {
  if (e.k !== 'literal' || e.type === 'string') return undefined;
  return e.type === 'double' ? Number(e.text) : new Decimal(e.text).toNumber();
}

/** -1, 0, 1, or NaN (unordered), as compareAtomics gives it for two doubles. */
const cmpNumbers = (x: number, y: number): number => (x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN);

/**
 * `path op number`: the general comparison of the path's nodes (untyped: each cast to xs:double) with a number. As
 * generalCompare, every node is cast before any answer (the first, in document order, that is no double raises
 * FORG0001 even where a later pair holds): the walk sees them all, in document order (the path's steps are child,
 * attribute, self and parent steps from one node).
 */
function compileNodesAgainstNumber(p: Path, o: string, k: number): B {
  const steps = p.steps;
  let found = false;
  const leaf: Leaf = (n) => {
    const x = stringToDouble(stringValue(n));
    // As comparePair: NaN against != declined (Saxon-JS answers it by its static types).
    if (x !== x && o === '!=') throw unorderedInequality();
    if (!found && holds(o, cmpNumbers(x, k))) found = true;
    return false;
  };
  return (d) => {
    const from = start(p, d);
    found = false;
    some(from, steps, 0, leaf);
    return found;
  };
}

/** String literals: one, or a parenthesized list of them. */
function stringLiterals(e: Expr): string[] | undefined {
  if (isStringLiteral(e)) return [e.text];
  if (e.k === 'seq' && e.items.length > 0 && e.items.every(isStringLiteral)) return e.items.map((x) => (x as { text: string }).text);
  return undefined;
}

type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
const GENERAL = new Set(['=', '!=', '<', '<=', '>', '>=']);
const VALUE = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);

function holds(op: string, c: number): boolean {
  if (c !== c) return op === 'ne' || op === '!=';
  switch (op) {
    case 'eq': case '=': return c === 0;
    case 'ne': case '!=': return c !== 0;
    case 'lt': case '<': return c < 0;
    case 'le': case '<=': return c <= 0;
    case 'gt': case '>': return c > 0;
    default: return c >= 0;
  }
}
/** The operator with its operands swapped (a < b is b > a). */
const SWAPPED: Record<string, CompareOp> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=', eq: 'eq', ne: 'ne', lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' };

/**
 * A comparison without sequences, where its operands allow: an exactly-one string or small integer against a literal
 * of its kind (or another such string), and (general comparisons) a plain path, or any value, against string
 * literals. Undefined where the general closure is to be used.
 */
export function compileCompare(e: Extract<Expr, { k: 'binary' }>, scope: Scope, compile: Compile): B | undefined {
  const op = e.op as CompareOp;
  if (!GENERAL.has(op) && !VALUE.has(op)) return undefined;
  // Integers: count(…) le 1, string-length(…) = 10.
  const li = smallInteger(e.left), ri = smallInteger(e.right);
  if (li !== undefined || ri !== undefined) {
    const other = li !== undefined ? e.right : e.left, k = (li ?? ri)!, o = li !== undefined ? SWAPPED[op]! : op;
    const n = compileInteger(other, scope, compile);
    if (n) { compile(li !== undefined ? e.left : e.right, scope); return (d) => holds(o, cmpNumbers(n(d), k)); }
  }
  // Nodes against a number on the right (general comparison): each node's value cast to xs:double, compared as
  // doubles. (With the number on the left, Saxon-JS compares a decimal with a double exactly, as compareAtomics does.)
  const ln = numericLiteral(e.left), rn = numericLiteral(e.right);
  if (ln === undefined && rn !== undefined && GENERAL.has(op)) {
    const p = pathOf(e.left, scope);
    if (p?.distinct && p.steps.every((s) => s.axis !== ANCESTOR)) {
      compile(e.left, scope);
      return compileNodesAgainstNumber(p, op, rn);
    }
  }
  if (li !== undefined || ri !== undefined || ln !== undefined || rn !== undefined) return undefined;
  // Strings: exactly one on each side (value or general comparison alike).
  const ls = compileString(e.left, scope, compile);
  if (ls) {
    const rs = compileString(e.right, scope, compile);
    if (rs) return (d) => { const a = ls(d); return holds(op, compareStrings(a, rs(d))); };
  }
  if (!GENERAL.has(op)) return undefined;
  // Any side against string literals: nodes and string-like values compare as strings, and none can fail.
  const llits = stringLiterals(e.left), rlits = stringLiterals(e.right);
  if (!llits && !rlits) return compilePathAgainstAny(e, op, scope, compile);
  const lits = (rlits ?? llits)!, otherExpr = rlits ? e.left : e.right, o = rlits ? op : SWAPPED[op]!;
  const litSeq = lits.map((s) => str(s));
  if (ls && rlits) {
    return (d) => { const s = ls(d); for (let i = 0; i < lits.length; i++) if (holds(o, compareStrings(s, lits[i]!))) return true; return false; };
  }
  const oneOf = lits.length === 1
    ? ((lit: string): Leaf => (n) => holds(o, compareStrings(stringValue(n), lit)))(lits[0]!)
    : (n: XNode) => { const s = stringValue(n); for (let i = 0; i < lits.length; i++) if (holds(o, compareStrings(s, lits[i]!))) return true; return false; };
  const general = compile(otherExpr, scope);
  const p = pathOf(otherExpr, scope);
  if (p) { const steps = p.steps; return (d) => some(start(p, d), steps, 0, oneOf); }
  const mapped = compileStringsOfPath(otherExpr, scope, compile);
  if (mapped) {
    const test = (s: string): boolean => { for (let i = 0; i < lits.length; i++) if (holds(o, compareStrings(s, lits[i]!))) return true; return false; };
    return (d) => mapped(d, test);
  }
  return (d) => {
    const seq = general(d);
    for (let i = 0; i < seq.length; i++) {
      const it: Item = seq[i]!;
      if (isAtomic(it) && !isStringLike(it.type)) return rlits ? generalCompare(op as '=', seq, litSeq) : generalCompare(op as '=', litSeq, seq);
    }
    for (let i = 0; i < seq.length; i++) {
      const it = seq[i]!;
      const s = isAtomic(it) ? (it as Atomic).value as string : stringValue(it as XNode);
      for (let j = 0; j < lits.length; j++) if (holds(o, compareStrings(s, lits[j]!))) return true;
    }
    return false;
  };
}

/**
 * `path op E` or `E op path` (general comparison): E evaluated, and where its items are all nodes or string-like
 * values (compared with the path's nodes as strings: no pair can fail), the path walked to the first node that
 * compares so; otherwise generalCompare on both values. Each side is evaluated in the order the general closure
 * evaluates them (a path can fail only where it starts).
 */
function compilePathAgainstAny(e: Extract<Expr, { k: 'binary' }>, op: CompareOp, scope: Scope, compile: Compile): B | undefined {
  const lp = pathOf(e.left, scope), rp = lp ? undefined : pathOf(e.right, scope);
  const p = lp ?? rp;
  if (!p) return undefined;
  const pathGeneral = compile(lp ? e.left : e.right, scope), other = compile(lp ? e.right : e.left, scope);
  const steps = p.steps, o = lp ? op : SWAPPED[op]!, gop = op as '=';
  // The other side's strings while a walk runs (the leaf below reads them; nothing it calls walks again).
  let ys: Item[] = EMPTY, one = '';
  const leaf: Leaf = (n) => {
    const s = stringValue(n);
    if (ys.length === 1) return holds(o, compareStrings(s, one));
    for (let i = 0; i < ys.length; i++) {
      const y = ys[i]!;
      if (holds(o, compareStrings(s, isAtomic(y) ? (y as Atomic).value as string : stringValue(y as XNode)))) return true;
    }
    return false;
  };
  return (d) => {
    let from: XNode;
    let values: Item[];
    if (lp) { from = start(p, d); values = other(d); } else { values = other(d); from = start(p, d); }
    if (values.length === 0) return false;
    for (let i = 0; i < values.length; i++) {
      const y = values[i]!;
      if (isAtomic(y) && !isStringLike(y.type)) return lp ? generalCompare(gop, pathGeneral(d), values) : generalCompare(gop, values, pathGeneral(d));
    }
    ys = values;
    if (values.length === 1) { const y = values[0]!; one = isAtomic(y) ? (y as Atomic).value as string : stringValue(y as XNode); }
    const r = some(from, steps, 0, leaf);
    ys = EMPTY;
    return r;
  };
}

/** contains, starts-with, ends-with and matches (with a literal pattern) as booleans of their strings. */
function compileStringTest(e: Extract<Expr, { k: 'call' }>, name: string, scope: Scope, compile: Compile): B | undefined {
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

/* ---------- effective boolean values ---------- */

/** Whether E's value is always an xs:boolean or empty, never a number (a predicate of it never selects by position). */
export function isBooleanValued(e: Expr, scope: Scope): boolean {
  switch (e.k) {
    case 'seq': return e.items.length === 1 && isBooleanValued(e.items[0]!, scope);
    case 'binary': return e.op === 'and' || e.op === 'or' || GENERAL.has(e.op) || VALUE.has(e.op);
    case 'some': case 'every': case 'castable': case 'instance': return true;
    case 'call': {
      const name = fnName(e, scope);
      return name !== undefined && BOOLEAN_FNS.has(name);
    }
    default: return false;
  }
}
const BOOLEAN_FNS = new Set(['not#1', 'boolean#1', 'exists#1', 'empty#1', 'true#0', 'false#0', 'contains#2', 'starts-with#2', 'ends-with#2', 'matches#2', 'matches#3']);

/** E's effective boolean value as a closure giving a JavaScript boolean (the same value and errors as ebv of E's closure). */
export function compileBool(e: Expr, scope: Scope, compile: Compile, bindings: BindingCompiler): B {
  switch (e.k) {
    case 'seq': if (e.items.length === 1) return compileBool(e.items[0]!, scope, compile, bindings); break;
    case 'binary': {
      if (e.op === 'and' || e.op === 'or') {
        const l = compileBool(e.left, scope, compile, bindings), r = compileBool(e.right, scope, compile, bindings);
        return e.op === 'and' ? (d) => l(d) && r(d) : (d) => l(d) || r(d);
      }
      const fast = compileCompare(e, scope, compile);
      if (fast) return fast;
      if (e.op === 'union') return compileExists(e, scope, compile);
      break;
    }
    case 'step': case 'slash': {
      if (pathOf(e, scope)) return compileExists(e, scope, compile);
      break;
    }
    case 'call': {
      const name = fnName(e, scope);
      if (name === 'not#1') { const a = compileBool(e.args[0]!, scope, compile, bindings); return (d) => !a(d); }
      if (name === 'boolean#1') return compileBool(e.args[0]!, scope, compile, bindings);
      if (name === 'exists#1') return compileExists(e.args[0]!, scope, compile);
      if (name === 'empty#1') { const a = compileExists(e.args[0]!, scope, compile); return (d) => !a(d); }
      if (name === 'contains#2' || name === 'starts-with#2' || name === 'ends-with#2' || name === 'matches#2') {
        const t = compileStringTest(e, name, scope, compile);
        if (t) return t;
      }
      if (name === 'true#0') return () => true;
      if (name === 'false#0') return () => false;
      break;
    }
    case 'if': {
      const c = compileBool(e.cond, scope, compile, bindings), t = compileBool(e.then, scope, compile, bindings), o = compileBool(e.else, scope, compile, bindings);
      return (d) => (c(d) ? t(d) : o(d));
    }
    case 'some': case 'every': return bindings(e, scope);
    default: break;
  }
  // Exactly one string (normalize-space(), string(.) …): true when it is not empty.
  const text = compileString(e, scope, compile);
  if (text) return (d) => text(d).length > 0;
  const c: C = compile(e, scope);
  return (d) => ebv(c(d));
}

/** some/every compiled with a boolean body (evaluate.ts's, which lays out the variable's slot). */
export type BindingCompiler = (e: Extract<Expr, { k: 'some' | 'every' }>, scope: Scope) => B;

