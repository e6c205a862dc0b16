/*
 * PHASE 1 EXPERIMENT (issue 23 item 4, round 5): a test's effective boolean value compiled to JavaScript source, one
 * function per test, mirroring typed.ts's forms; any sub-expression it does not handle is the closure compileB makes
 * of it, called by index. Not wired in except behind PINTAE_EVALGEN=1 (measurement only).
 */
import { XPathError, type Item, type Sequence, type Variables, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { childrenNamed, rootOf } from './axes.js';
import { tick } from './budget.js';
import { codePointLength, contains, itemString, normalizeSpace } from './fn-strings.js';
import { compileRegex } from './regex.js';
import { focusNode, type Compile, type Dyn, type Scope } from './scope.js';
import { ANCESTOR, pathOf, type B, type Path, type PathStep } from './typed-paths.js';
import { compileInteger, compileOptString, compileString, fnName, isStringLiteral } from './typed-strings.js';
import { compareStrings, holds, isAtomic, stringToDouble, stringValue, unorderedInequality } from './values.js';

const CHILD = 0, ATTRIBUTE = 1, SELF = 2, PARENT = 3;
const GENERAL = new Set(['=', '!=', '<', '<=', '>', '>=']);
const VALUE = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
const SWAPPED: Record<string, string> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=', eq: 'eq', ne: 'ne', lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' };

const H = {
  start(item: Item | undefined): XNode { const n = focusNode({ item } as Dyn); tick(); return n; },
  absent(): XPathError { return new XPathError('XPDY0002', 'the context item is absent'); },
  atomic(): XPathError { return new XPathError('XPTY0020', 'the context item of an axis step is not a node'); },
  root(item: Item | undefined): XNode {
    const n = focusNode({ item } as Dyn); tick();
    const r = rootOf(n);
    if (r.kind !== 9) throw new XPathError('XPDY0050', 'the root of the context node is not a document node');
    return r;
  },
  cn: childrenNamed,
  sv: stringValue,
  cmp: compareStrings,
  holds,
  ns: normalizeSpace,
  len: codePointLength,
  contains,
  dbl: stringToDouble,
  unordered: unorderedInequality,
  tooMany(fn: string): XPathError { return new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`); },
  ctx(item: Item | undefined, fn: string): string {
    if (item === undefined) throw new XPathError('XPDY0002', `${fn}: the context item is absent`);
    return isAtomic(item) ? itemString([item], fn) : stringValue(item as XNode);
  },
  tick,
};

export const fallbackCalls = new Map<string, number>();
function describe(e: Expr): string {
  if (e.k === 'call') return `call ${e.name.prefix}:${e.name.local}#${e.args.length}`;
  if (e.k === 'binary') return `${describe(e.left)} ${e.op} ${describe(e.right)}`;
  if (e.k === 'literal') return `${e.type}-literal`;
  if (e.k === 'step' || e.k === 'slash') return 'path';
  return e.k;
}
function countFallback<T extends (d: Dyn) => unknown>(e: Expr, fn: T): T {
  if (!process.env.PINTAE_EVALGEN_FB) return fn;
  const key = describe(e);
  return ((d: Dyn) => { fallbackCalls.set(key, (fallbackCalls.get(key) ?? 0) + 1); return fn(d); }) as T;
}
export const genStats = { tests: 0, full: 0, nsFull: 0, nsOther: 0 };

/** Instrumented (PINTAE_EVALGEN_TIME): each call timed, by whether the generator covers its test fully. */
export function timed<T extends (item: Item | undefined, vars: Variables) => boolean>(fn: T, full: boolean): T {
  const hr = process.hrtime.bigint;
  return ((item: Item | undefined, vars: Variables) => {
    const t = hr();
    try { return fn(item, vars); } finally { const ns = Number(hr() - t); genStats.tests++; if (full) { genStats.full++; genStats.nsFull += ns; } else genStats.nsOther += ns; }
  }) as T;
}

type Out = string[];

class Gen {
  consts: unknown[] = [];
  fallbacks: unknown[] = [];
  n = 0;
  full = true;
  needD = false;
  constructor(readonly scope: Scope, readonly compile: Compile, readonly compileB: (e: Expr, s: Scope) => B) {}
  v(): string { return `v${this.n++}`; }
  k(x: unknown): string { const i = this.consts.indexOf(x); return `k${i >= 0 ? i : this.consts.push(x) - 1}`; }
  f(fn: unknown): string { this.full = false; this.needD = true; return `f${this.fallbacks.push(fn) - 1}`; }
  /** The dynamic context for a fallback, made at the first one reached. */
  get d(): string { return '(d === undefined ? (d = mk(item, vars)) : d)'; }

  /** A fallback: the closure's effective boolean value. */
  fb(e: Expr): string { return `${this.f(countFallback(e, this.compileB(e, this.scope)))}(${this.d})`; }

  bool(e: Expr, out: Out): string {
    const scope = this.scope;
    switch (e.k) {
      case 'seq': if (e.items.length === 1) return this.bool(e.items[0]!, out); break;
      case 'binary': {
        if (e.op === 'and' || e.op === 'or') {
          const l = this.bool(e.left, out);
          const inner: Out = [];
          const r = this.bool(e.right, inner);
          if (inner.length === 0) return `(${l} ${e.op === 'and' ? '&&' : '||'} ${r})`;
          const x = this.v();
          out.push(`let ${x} = ${l};`, `if (${e.op === 'and' ? '' : '!'}${x}) {`, ...inner, `${x} = ${r};`, '}');
          return x;
        }
        const c = this.compare(e, out);
        if (c !== undefined) return c;
        if (GENERAL.has(e.op) || VALUE.has(e.op)) return this.fb(e);
        if (e.op === 'union') {
          const l = pathOf(e.left, scope), r = pathOf(e.right, scope);
          if (l && r) { const a = this.exists(l, out); const inner: Out = []; const b = this.exists(r, inner); const x = this.v(); out.push(`let ${x} = ${a};`, `if (!${x}) {`, ...inner, `${x} = ${b};`, '}'); return x; }
          return this.fb(e);
        }
        break;
      }
      case 'step': case 'slash': { const p = pathOf(e, scope); if (p) return this.exists(p, out); break; }
      case 'call': {
        const name = fnName(e, scope);
        if (name === 'not#1') return `!${this.bool(e.args[0]!, out)}`;
        if (name === 'boolean#1') return this.bool(e.args[0]!, out);
        if (name === 'exists#1' || name === 'empty#1') {
          const p = pathOf(e.args[0]!, scope);
          let r: string;
          if (p) r = this.exists(p, out);
          else if (e.args[0]!.k === 'binary' && (e.args[0] as { op: string }).op === 'union') return this.fb(e);
          else { const c = this.f(this.compile(e.args[0]!, scope)); r = `(${c}(${this.d}).length > 0)`; }
          return name === 'empty#1' ? `!${r}` : r;
        }
        if (name === 'contains#2' || name === 'starts-with#2' || name === 'ends-with#2' || name === 'matches#2') {
          const t = this.stringTest(e as Extract<Expr, { k: 'call' }>, name, out);
          if (t !== undefined) return t;
          return this.fb(e);
        }
        if (name === 'true#0') return 'true';
        if (name === 'false#0') return 'false';
        break;
      }
      case 'if': {
        const c = this.bool(e.cond, out);
        const t: Out = [], o: Out = [];
        const a = this.bool(e.then, t), b = this.bool(e.else, o);
        const x = this.v();
        out.push(`let ${x};`, `if (${c}) {`, ...t, `${x} = ${a};`, '} else {', ...o, `${x} = ${b};`, '}');
        return x;
      }
      case 'some': case 'every': return this.fb(e);
      default: break;
    }
    if (compileString(e, scope, this.compile)) { const s = this.str(e, out)!; return `(${s}.length > 0)`; }
    return this.fb(e);
  }

  /** Exactly one string (compileString's forms), else undefined. */
  str(e: Expr, out: Out): string | undefined {
    const scope = this.scope;
    if (e.k === 'seq' && e.items.length === 1) return this.str(e.items[0]!, out);
    if (isStringLiteral(e)) return this.k(e.text);
    if (e.k !== 'call') return undefined;
    const name = fnName(e, scope);
    switch (name) {
      case 'normalize-space#0': return `h_ns(h_ctx(item, ${this.k('fn:normalize-space')}))`;
      case 'string#0': return `h_ctx(item, ${this.k('fn:string')})`;
      case 'normalize-space#1': return `h_ns(${this.opt(e.args[0]!, 'fn:normalize-space', out)})`;
      case 'upper-case#1': return `${this.opt(e.args[0]!, 'fn:upper-case', out)}.toUpperCase()`;
      case 'lower-case#1': return `${this.opt(e.args[0]!, 'fn:lower-case', out)}.toLowerCase()`;
      case 'string#1': {
        const p = pathOf(e.args[0]!, scope);
        if (p?.distinct) return this.opt(e.args[0]!, 'fn:string', out);
        return `${this.f(compileString(e, scope, this.compile))}(${this.d})`;
      }
      case 'substring-after#2': case 'substring-before#2': {
        if (!isStringLiteral(e.args[1]!)) return undefined;
        return `${this.f(compileString(e, scope, this.compile))}(${this.d})`;
      }
      default: return undefined;
    }
  }

  /** optString of E (compileOptString's forms). */
  opt(e: Expr, fn: string, out: Out): string {
    const direct = compileString(e, this.scope, this.compile);
    if (direct) return this.str(e, out)!;
    const p = pathOf(e, this.scope);
    if (p?.distinct) {
      const s = this.v(), c = this.v();
      out.push(`let ${s} = '';`, `let ${c} = 0;`);
      this.walk(p, out, (n) => `if (++${c} === 2) throw h_tooMany(${this.k(fn)}); ${s} = h_sv(${n});`);
      return s;
    }
    return `${this.f(compileOptString(e, this.scope, this.compile, fn))}(${this.d})`;
  }

  /** A small integer (compileInteger's forms), else undefined. */
  int(e: Expr, out: Out): string | undefined {
    if (e.k === 'seq' && e.items.length === 1) return this.int(e.items[0]!, out);
    if (e.k !== 'call') return undefined;
    switch (fnName(e, this.scope)) {
      case 'count#1': {
        const p = pathOf(e.args[0]!, this.scope);
        if (p?.distinct) { const c = this.v(); out.push(`let ${c} = 0;`); this.walk(p, out, () => `${c}++;`); return c; }
        return `${this.f(compileInteger(e, this.scope, this.compile))}(${this.d})`;
      }
      case 'string-length#1': return `h_len(${this.opt(e.args[0]!, 'fn:string-length', out)})`;
      default: return undefined;
    }
  }

  stringTest(e: Extract<Expr, { k: 'call' }>, name: string, out: Out): string | undefined {
    const fn = `fn:${e.name.local}`;
    if (name === 'matches#2') {
      const pattern = e.args[1]!;
      if (!isStringLiteral(pattern)) return undefined;
      let re: RegExp;
      try { re = compileRegex(pattern.text, ''); } catch { return undefined; }
      return `${this.k(re)}.test(${this.opt(e.args[0]!, fn, out)})`;
    }
    const second = e.args[1]!;
    if (!isStringLiteral(second) && !compileString(e.args[0]!, this.scope, this.compile)) return undefined;
    const a = this.opt(e.args[0]!, fn, out);
    const sa = this.v(); out.push(`const ${sa} = ${a};`);
    const b = this.opt(second, fn, out);
    switch (name) {
      case 'contains#2': return `h_contains(${sa}, ${b})`;
      case 'starts-with#2': return `${sa}.startsWith(${b})`;
      default: return `${sa}.endsWith(${b})`;
    }
  }

  /** `a op b` on two JS strings. */
  strOp(op: string, a: string, b: string): string {
    if (op === '=' || op === 'eq') return `(${a} === ${b})`;
    if (op === '!=' || op === 'ne') return `(${a} !== ${b})`;
    const rel = { '<': '<', lt: '<', '<=': '<=', le: '<=', '>': '>', gt: '>', '>=': '>=', ge: '>=' }[op]!;
    return `(h_cmp(${a}, ${b}) ${rel} 0)`;
  }

  compare(e: Extract<Expr, { k: 'binary' }>, out: Out): string | undefined {
    const op = e.op, scope = this.scope;
    if (!GENERAL.has(op) && !VALUE.has(op)) return undefined;
    const smallInt = (x: Expr) => (x.k === 'literal' && x.type === 'integer' && Number.isSafeInteger(Number(x.text)) ? Number(x.text) : undefined);
    const li = smallInt(e.left), ri = smallInt(e.right);
    if (li !== undefined || ri !== undefined) {
      const other = li !== undefined ? e.right : e.left, k = (li ?? ri)!, o = li !== undefined ? SWAPPED[op]! : op;
      if (compileInteger(other, scope, this.compile)) {
        const n = this.int(other, out)!;
        const rel = { '=': '===', eq: '===', '!=': '!==', ne: '!==', '<': '<', lt: '<', '<=': '<=', le: '<=', '>': '>', gt: '>', '>=': '>=', ge: '>=' }[o]!;
        return `(${n} ${rel} ${k})`;
      }
    }
    const num = (x: Expr) => (x.k !== 'literal' || x.type === 'string' ? undefined : 1);
    const ln = num(e.left), rn = num(e.right);
    if (ln === undefined && rn !== undefined && GENERAL.has(op)) {
      const p = pathOf(e.left, scope);
      if (p?.distinct && p.steps.every((s) => s.axis !== ANCESTOR)) return undefined; // node against number: closure (phase 1)
    }
    if (li !== undefined || ri !== undefined || ln !== undefined || rn !== undefined) return undefined;
    const ls = compileString(e.left, scope, this.compile);
    if (ls) {
      const rs = compileString(e.right, scope, this.compile);
      if (rs) {
        const a = this.str(e.left, out)!;
        const x = this.v(); out.push(`const ${x} = ${a};`);
        return this.strOp(op, x, this.str(e.right, out)!);
      }
    }
    if (!GENERAL.has(op)) return undefined;
    const lits = (x: Expr): string[] | undefined => (isStringLiteral(x) ? [x.text] : x.k === 'seq' && x.items.length > 0 && x.items.every(isStringLiteral) ? x.items.map((y) => (y as { text: string }).text) : undefined);
    const llits = lits(e.left), rlits = lits(e.right);
    if (!llits && !rlits) return undefined;
    const ls2 = (rlits ?? llits)!, otherExpr = rlits ? e.left : e.right, o = rlits ? op : SWAPPED[op]!;
    const anyOf = (s: string) => ls2.map((l) => this.strOp(o, s, this.k(l))).join(' || ');
    if (ls && rlits) {
      const s = this.str(e.left, out)!;
      const x = this.v(); out.push(`const ${x} = ${s};`);
      return `(${anyOf(x)})`;
    }
    const p = pathOf(otherExpr, scope);
    if (p) return this.exists(p, out, (n) => { const s = this.v(); return [`const ${s} = h_sv(${n});`, anyOf(s)]; });
    return undefined;
  }

  /** Whether the path has a node (passing `leaf`, statements then a condition). */
  exists(p: Path, out: Out, leaf?: (n: string) => [string, string]): string {
    const r = this.v(), label = `L${this.n++}`;
    out.push(`let ${r} = false;`, `${label}: {`);
    this.walk(p, out, (n) => {
      if (!leaf) return `${r} = true; break ${label};`;
      const [pre, cond] = leaf(n);
      return `${pre} if (${cond}) { ${r} = true; break ${label}; }`;
    });
    out.push('}');
    return r;
  }

  fits(n: string, s: PathStep): string {
    if (s.kind === 0) return 'true';
    const parts = [`${n}.kind === ${s.kind}`];
    if (s.local !== undefined) parts.push(`${n}.local === ${this.k(s.local)}`);
    if (s.ns !== undefined) parts.push(`${n}.ns === ${this.k(s.ns)}`);
    return parts.join(' && ');
  }

  /** The path's nodes in the walk's order, each given to `leaf` (statements). */
  walk(p: Path, out: Out, leaf: (n: string) => string): void {
    const s = this.v();
    if (p.absolute) out.push(`const ${s} = h_root(item);`);
    else out.push(`if (item === undefined) throw h_absent(); if (item.atomic === true) throw h_atomic(); h_tick(); const ${s} = item;`);
    out.push(this.steps(p.steps, 0, s, leaf));
  }

  steps(steps: PathStep[], i: number, x: string, leaf: (n: string) => string): string {
    if (i === steps.length) return leaf(x);
    const s = steps[i]!, c = this.v(), j = this.v(), cs = this.v();
    switch (s.axis) {
      case CHILD: {
        const named = s.local !== undefined && s.ns !== undefined;
        const list = named ? `h_cn(${x}, ${this.k(s.ns)}, ${this.k(s.local)})` : `${x}.elements`;
        const cond = named ? `${c}.local === ${this.k(s.local)} && ${c}.ns === ${this.k(s.ns)}` : this.fits(c, s);
        return `if (${x}.kind === 1 || ${x}.kind === 9) { const ${cs} = ${list}; for (let ${j} = 0; ${j} < ${cs}.length; ${j}++) { const ${c} = ${cs}[${j}]; if (${cond}) { ${this.steps(steps, i + 1, c, leaf)} } } }`;
      }
      case ATTRIBUTE:
        return `if (${x}.kind === 1) { const ${cs} = ${x}.attrs; for (let ${j} = 0; ${j} < ${cs}.length; ${j}++) { const ${c} = ${cs}[${j}]; if (${this.fits(c, s)}) { ${this.steps(steps, i + 1, c, leaf)} } } }`;
      case SELF: return `if (${this.fits(x, s)}) { ${this.steps(steps, i + 1, x, leaf)} }`;
      case PARENT: return `{ const ${c} = ${x}.parent; if (${c} !== null && ${this.fits(c, s)}) { ${this.steps(steps, i + 1, c, leaf)} } }`;
      default: return `for (let ${c} = ${x}.parent; ${c} !== null; ${c} = ${c}.parent) { if (${this.fits(c, s)}) { ${this.steps(steps, i + 1, c, leaf)} } }`;
    }
  }
}

const NO_LOCALS: Sequence[] = [];

/** The test as one generated function, or undefined (no code generation here). */
export function generateTest(e: Expr, scope: Scope, compile: Compile, compileB: (e: Expr, s: Scope) => B, frame: { size: number }): { fn: (item: Item | undefined, vars: Variables) => boolean; full: boolean } | undefined {
  const g = new Gen(scope, compile, compileB);
  const body: Out = [];
  const r = g.bool(e, body);
  const pro = [
    'const h_absent = H.absent, h_atomic = H.atomic, h_tick = H.tick, h_start = H.start, h_root = H.root, h_cn = H.cn, h_sv = H.sv, h_cmp = H.cmp, h_ns = H.ns, h_len = H.len, h_contains = H.contains, h_tooMany = H.tooMany, h_ctx = H.ctx;',
    ...g.consts.map((_, i) => `const k${i} = K[${i}];`),
    ...g.fallbacks.map((_, i) => `const f${i} = F[${i}];`),
  ];
  const dyn = g.needD ? 'let d;' : '';
  const src = `${pro.join('\n')}\nreturn function test(item, vars) {\n${dyn}\n${body.join('\n')}\nreturn ${r};\n};`;
  let fn: (item: Item | undefined, vars: Variables) => boolean;
  try {
    fn = new Function('H', 'K', 'F', 'mk', src)(H, g.consts, g.fallbacks, (item: Item | undefined, vars: Variables): Dyn => {
      const size = item === undefined ? 0 : 1;
      return { item, position: size, size, current: item, vars, locals: frame.size ? new Array<Sequence>(frame.size) : NO_LOCALS, dot: undefined };
    }) as typeof fn;
  } catch (err) {
    if (process.env.PINTAE_EVALGEN_DEBUG) console.error('gen failed', err, src);
    return undefined;
  }
  if (process.env.PINTAE_EVALGEN_DEBUG === '2') console.error(src);
  return { fn, full: g.full };
}
