/*
 * Expressions compiled for the way their value is used (evaluate.ts compiles every expression to a sequence; these
 * compile some of them to what the caller needs): a test or predicate's effective boolean value as a JavaScript
 * boolean, exists()/empty()/count() of a plain path walked without building its node arrays (stopping at the first
 * node where one is enough), a string function's one string without its atomic value, and comparisons of these with
 * literals without either operand's sequence. Each gives exactly the value and the error of the general closures
 * (test/unit/xpath/typed.test.ts holds them together, and with Saxon-JS); where a case is not certain to, the general
 * closure is used.
 */
import { type Item, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { type C, type Compile, type Scope } from './scope.js';
import { ANCESTOR, compileExists, pathOf, some, start, type B, type Leaf, type Path } from './typed-paths.js';
import { compileInteger, compileString, compileStringsOfPath, compileStringTest, fnName, isStringLiteral } from './typed-strings.js';
import { compareStrings, unorderedInequality, Decimal, EMPTY, ebv, generalCompare, holds, isAtomic, isStringLike, str, stringValue, stringToDouble, type Atomic } from './values.js';

export type { B } from './typed-paths.js';
export { compileCastOfPath, compileExists } from './typed-paths.js';

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

