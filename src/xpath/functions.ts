/*
 * The fn: functions and xs: constructor functions the rules call, with XPath 3.1 semantics as Saxon-JS 2.7 gives them.
 * Each function converts its own arguments (fn-args.ts); the evaluator passes them as evaluated.
 */
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import {
  Atomic, EMPTY, atomize, boolSeq, int, isNumeric, isStringLike, notImplemented, str, type AtomicType,
} from './atomic.js';
import { castAs } from './cast.js';
import { contextItem, contextNode, oneDouble, optAtomic, optNode, type Fn, type FnContext } from './fn-args.js';
import { NUMBER_FUNCTIONS } from './fn-numbers.js';
import { STRING_FUNCTIONS, concat } from './fn-strings.js';
import { compareAtomics, ebv, orderFree } from './values.js';

export type { Fn, FnContext } from './fn-args.js';

function nodeName(node: XNode | undefined): string {
  if (node === undefined) return '';
  if (node.kind === 1 || node.kind === 2) return node.prefix ? `${node.prefix}:${node.local}` : node.local;
  return node.kind === 7 ? node.target : '';
}

function localName(node: XNode | undefined): string {
  if (node === undefined) return '';
  if (node.kind === 1 || node.kind === 2) return node.local;
  return node.kind === 7 ? node.target : '';
}

function root(node: XNode): XNode {
  let n: XNode = node;
  while (n.parent) n = n.parent;
  return n;
}

/**
 * Equality as fn:index-of and fn:distinct-values see it: eq, untyped as string, incomparable values unequal;
 * NaN equals NaN for distinct-values only.
 */
function sameValue(a: Atomic, b: Atomic, nanEqualsNaN: boolean): boolean {
  const x = a.type === 'untypedAtomic' ? str(a.value as string) : a;
  const y = b.type === 'untypedAtomic' ? str(b.value as string) : b;
  const comparable = (isNumeric(x.type) && isNumeric(y.type)) || (isStringLike(x.type) && isStringLike(y.type)) || x.type === y.type;
  if (!comparable) return false;
  if (x.type === 'QName' || y.type === 'QName') throw notImplemented('QName equality in a sequence function');
  const c = compareAtomics(x, y, false);
  if (c !== c) return nanEqualsNaN && (x.value as number) !== (x.value as number) && (y.value as number) !== (y.value as number);
  return c === 0;
}

/** fn:subsequence by XPath's rounding rules (positions p with round(start) <= p < round(start) + round(length)). */
function subsequence(seq: Sequence, start: number, length?: number): Sequence {
  const rs = Math.round(start);
  const end = length === undefined ? Infinity : rs + Math.round(length);
  if (rs !== rs || end !== end) return EMPTY;
  const from = Math.max(rs, 1) - 1, to = Math.min(end, seq.length + 1) - 1;
  return to <= from ? EMPTY : seq.slice(from, to);
}

function constructor(t: AtomicType): Fn {
  return (a) => {
    const v = optAtomic(a[0], `xs:${t}`);
    return v === undefined ? EMPTY : [castAs(v, t)];
  };
}

const CONSTRUCTED: AtomicType[] = ['string', 'untypedAtomic', 'anyURI', 'boolean', 'decimal', 'integer', 'double', 'float', 'date', 'dateTime', 'time'];

const ctxNode = (ctx: FnContext, fn: string): XNode => contextNode(ctx, fn);
const argNode = (a: Sequence[], fn: string): XNode | undefined => optNode(a[0], fn);
const single = (it: Item): Sequence => [it];

const entries: Array<[string, Fn]> = [
  ...STRING_FUNCTIONS,
  ...NUMBER_FUNCTIONS,
  ...Array.from({ length: 63 }, (_, i): [string, Fn] => [`concat#${i + 2}`, concat]),
  ['true#0', () => boolSeq(true)],
  ['false#0', () => boolSeq(false)],
  ['boolean#1', (a) => boolSeq(ebv(a[0]))],
  ['not#1', (a) => boolSeq(!ebv(a[0]))],
  ['exists#1', (a) => boolSeq(a[0].length > 0)],
  ['empty#1', (a) => boolSeq(a[0].length === 0)],
  ['count#1', (a) => [int(a[0].length)]],
  ['reverse#1', (a) => (a[0].length < 2 ? a[0] : [...a[0]].reverse())],
  ['head#1', (a) => (a[0].length === 0 ? EMPTY : [a[0][0]])],
  ['tail#1', (a) => a[0].slice(1)],
  ['subsequence#2', (a) => subsequence(a[0], oneDouble(a[1], 'fn:subsequence'))],
  ['subsequence#3', (a) => subsequence(a[0], oneDouble(a[1], 'fn:subsequence'), oneDouble(a[2], 'fn:subsequence'))],
  ['zero-or-one#1', (a) => {
    if (a[0].length > 1) throw new XPathError('FORG0003', 'fn:zero-or-one: more than one item');
    return a[0];
  }],
  ['one-or-more#1', (a) => {
    if (a[0].length === 0) throw new XPathError('FORG0004', 'fn:one-or-more: an empty sequence');
    return a[0];
  }],
  ['exactly-one#1', (a) => {
    if (a[0].length !== 1) throw new XPathError('FORG0005', 'fn:exactly-one: not exactly one item');
    return a[0];
  }],
  ['index-of#2', (a) => {
    const search = optAtomic(a[1], 'fn:index-of');
    if (search === undefined) throw new XPathError('XPTY0004', 'fn:index-of: an empty search value');
    const values = atomize(a[0]);
    if (!orderFree([...values, search])) throw notImplemented('fn:index-of of decimals among doubles');
    const out: Atomic[] = [];
    values.forEach((v, i) => { if (sameValue(v, search, false)) out.push(int(i + 1)); });
    return out;
  }],
  ['distinct-values#1', (a) => {
    const values = atomize(a[0]);
    if (!orderFree(values)) throw notImplemented('fn:distinct-values of decimals among doubles');
    const out: Atomic[] = [];
    for (const v of values) if (!out.some((w) => sameValue(v, w, true))) out.push(v);
    return out;
  }],
  ['data#0', (_a, ctx) => atomize([contextItem(ctx, 'fn:data')])],
  ['data#1', (a) => atomize(a[0])],
  ['position#0', (_a, ctx) => { contextItem(ctx, 'fn:position'); return [int(ctx.position)]; }],
  ['last#0', (_a, ctx) => { contextItem(ctx, 'fn:last'); return [int(ctx.size)]; }],
  ['current#0', (_a, ctx) => {
    if (ctx.current === undefined) throw new XPathError('XTDE0640', 'current(): there is no current item');
    return single(ctx.current);
  }],
  ['name#0', (_a, ctx) => [str(nodeName(ctxNode(ctx, 'fn:name')))]],
  ['name#1', (a) => [str(nodeName(argNode(a, 'fn:name')))]],
  ['local-name#0', (_a, ctx) => [str(localName(ctxNode(ctx, 'fn:local-name')))]],
  ['local-name#1', (a) => [str(localName(argNode(a, 'fn:local-name')))]],
  ['namespace-uri#0', (_a, ctx) => {
    const n = ctxNode(ctx, 'fn:namespace-uri');
    return [new Atomic('anyURI', n.kind === 1 || n.kind === 2 ? n.ns : '')];
  }],
  ['namespace-uri#1', (a) => {
    const n = argNode(a, 'fn:namespace-uri');
    return [new Atomic('anyURI', n !== undefined && (n.kind === 1 || n.kind === 2) ? n.ns : '')];
  }],
  ['root#0', (_a, ctx) => [root(ctxNode(ctx, 'fn:root'))]],
  ['root#1', (a) => {
    const n = argNode(a, 'fn:root');
    return n === undefined ? EMPTY : [root(n)];
  }],
  ...CONSTRUCTED.map((t): [string, Fn] => [`xs:${t}#1`, constructor(t)]),
];

/** fn: namespace functions by `local#arity`; constructor functions by `xs:type#1` (empty in → empty out). */
export const FUNCTIONS: ReadonlyMap<string, Fn> = new Map(entries);
