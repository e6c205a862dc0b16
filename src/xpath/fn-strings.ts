/*
 * String functions (F&O 3.1 section 5), counting in code points like XPath (not UTF-16 units like JavaScript).
 */
import { XPathError, type Sequence, type XNode } from './api.js';
import { Atomic, EMPTY, boolSeq, int, isAtomic, notImplemented, str, stringValue } from './atomic.js';
import { compareStrings } from './values.js';
import { stringOf } from './cast.js';
import { contextItem, oneDouble, oneString, optAtomic, optString, type Fn, type FnContext } from './fn-args.js';
import { compileRegex } from './regex.js';
import { own } from './intern.js';

const SURROGATE = /[\uD800-\uDFFF]/;
export const codePointLength = (s: string): number => (SURROGATE.test(s) ? [...s].length : s.length);

export function normalizeSpace(s: string): string {
  // Most values are already normal (codes, amounts): one scan, no allocation.
  const n = s.length;
  let normal = n === 0 || (s.charCodeAt(0) !== 32 && s.charCodeAt(n - 1) !== 32);
  for (let i = 0; normal && i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c === 32 && s.charCodeAt(i + 1) === 32)) normal = false;
  }
  return normal ? s : s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');
}

/** fn:string of one item. */
export function itemString(seq: Sequence, fn: string): string {
  if (seq.length === 0) return '';
  if (seq.length > 1) throw new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`);
  const it = seq[0];
  return isAtomic(it) ? stringOf(it) : stringValue(it as XNode);
}

function contextString(ctx: FnContext, fn: string): string {
  return itemString([contextItem(ctx, fn)], fn);
}

/** Code points first to last (1-based, XPath rounding) of `s`, as fn:substring. */
function substring(s: string, start: number, length?: number): string {
  const rs = Math.round(start);
  // -INF + INF is NaN: substring('abc', -INF, INF) is ''.
  const end = length === undefined ? Infinity : rs + Math.round(length);
  if (rs !== rs || end !== end) return '';
  const chars = SURROGATE.test(s) ? [...s] : null;
  const n = chars ? chars.length : s.length;
  const from = Math.max(rs, 1) - 1;
  const to = Math.min(end, n + 1) - 1;
  if (to <= from) return '';
  return chars ? chars.slice(from, to).join('') : s.slice(from, to);
}

/*
 * The rules test code-list membership as contains(' A B C … ', ' code '), on lists of up to thousands of codes: the
 * answers for each long string are kept (a string literal is one string, so its map is found by identity's hash).
 */
const LONG = 256;
const containsCache = new Map<string, Map<string, boolean>>();
export function contains(s: string, t: string): boolean {
  if (s.length < LONG) return s.includes(t);
  let answers = containsCache.get(s);
  if (answers === undefined) {
    if (containsCache.size >= 64) containsCache.clear();
    containsCache.set(own(s), answers = new Map()); // copies: either may be a slice of a document (intern.ts, own)
  }
  let r = answers.get(t);
  if (r === undefined) {
    if (answers.size >= 4096) answers.clear();
    answers.set(own(t), r = s.includes(t));
  }
  return r;
}

function flagsArg(args: Sequence[], i: number, fn: string): string {
  return args.length > i ? oneString(args[i], fn) : '';
}

function noEmptyMatch(re: RegExp, fn: string): void {
  re.lastIndex = 0;
  if (re.test('')) throw new XPathError('FORX0003', `${fn}: the regular expression matches a zero-length string`);
  re.lastIndex = 0;
}

/** The replacement string of fn:replace as a function of the match ($N groups, \$ and \\ escapes). */
function replacer(replacement: string, groups: number): (...m: string[]) => string {
  const parts: Array<string | number> = [];
  let lit = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      const d = replacement[i + 1];
      if (d !== '\\' && d !== '$') throw new XPathError('FORX0004', 'fn:replace: invalid \\ in the replacement string');
      lit += d; i++;
    } else if (c === '$') {
      let j = i + 1;
      while (replacement[j] >= '0' && replacement[j] <= '9') j++;
      if (j === i + 1) throw new XPathError('FORX0004', 'fn:replace: invalid $ in the replacement string');
      const n = Number(replacement.slice(i + 1, j));
      // Saxon-JS 2.7 reads $12 with fewer groups its own way (replace('aaa', 'a', '$12') is ''): left to it.
      if (j > i + 2 || n > groups) throw notImplemented('fn:replace with $N beyond the groups or of several digits');
      parts.push(lit, n); lit = ''; i = j - 1;
    } else lit += c;
  }
  parts.push(lit);
  return (...m: string[]) => parts.map((p) => (typeof p === 'string' ? p : m[p] ?? '')).join('');
}

const groupCount = (re: RegExp): number => (new RegExp(`${re.source}|`, re.flags.replace('g', '')).exec('')?.length ?? 1) - 1;

export const STRING_FUNCTIONS: Array<[string, Fn]> = [
  ['string#0', (_a, ctx) => [str(contextString(ctx, 'fn:string'))]],
  ['string#1', (a) => [str(itemString(a[0], 'fn:string'))]],
  ['string-length#0', (_a, ctx) => [int(codePointLength(contextString(ctx, 'fn:string-length')))]],
  ['string-length#1', (a) => [int(codePointLength(optString(a[0], 'fn:string-length')))]],
  ['normalize-space#0', (_a, ctx) => [str(normalizeSpace(contextString(ctx, 'fn:normalize-space')))]],
  ['normalize-space#1', (a) => [str(normalizeSpace(optString(a[0], 'fn:normalize-space')))]],
  ['upper-case#1', (a) => [str(optString(a[0], 'fn:upper-case').toUpperCase())]],
  ['lower-case#1', (a) => [str(optString(a[0], 'fn:lower-case').toLowerCase())]],
  ['contains#2', (a) => boolSeq(contains(optString(a[0], 'fn:contains'), optString(a[1], 'fn:contains')))],
  ['starts-with#2', (a) => boolSeq(optString(a[0], 'fn:starts-with').startsWith(optString(a[1], 'fn:starts-with')))],
  ['ends-with#2', (a) => boolSeq(optString(a[0], 'fn:ends-with').endsWith(optString(a[1], 'fn:ends-with')))],
  ['substring-before#2', (a) => {
    const s = optString(a[0], 'fn:substring-before'), t = optString(a[1], 'fn:substring-before');
    const i = t === '' ? -1 : s.indexOf(t);
    return [str(i < 0 ? '' : s.slice(0, i))];
  }],
  ['substring-after#2', (a) => {
    const s = optString(a[0], 'fn:substring-after'), t = optString(a[1], 'fn:substring-after');
    if (t === '') return [str(s)];
    const i = s.indexOf(t);
    return [str(i < 0 ? '' : s.slice(i + t.length))];
  }],
  ['substring#2', (a) => [str(substring(optString(a[0], 'fn:substring'), oneDouble(a[1], 'fn:substring')))]],
  ['substring#3', (a) => [str(substring(optString(a[0], 'fn:substring'), oneDouble(a[1], 'fn:substring'), oneDouble(a[2], 'fn:substring')))]],
  ['string-join#1', (a) => [str(a[0].map((it) => itemString([it], 'fn:string-join')).join(''))]],
  ['string-join#2', (a) => [str(a[0].map((it) => itemString([it], 'fn:string-join')).join(oneString(a[1], 'fn:string-join')))]],
  ['string-to-codepoints#1', (a) => {
    const s = optString(a[0], 'fn:string-to-codepoints');
    return s === '' ? EMPTY : [...s].map((c) => int(c.codePointAt(0) as number));
  }],
  ['codepoints-to-string#1', (a) => [str(a[0].map((it) => {
    const cp = optAtomic([it], 'fn:codepoints-to-string');
    if (cp === undefined || cp.type !== 'integer') throw new XPathError('XPTY0004', 'fn:codepoints-to-string: an argument is not an xs:integer');
    const n = (cp.value as { toNumber(): number }).toNumber();
    const ok = n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
    if (!ok) throw new XPathError('FOCH0001', `fn:codepoints-to-string: ${n} is not an XML character`);
    return String.fromCodePoint(n);
  }).join(''))]],
  ['matches#2', (a) => boolSeq(compileRegex(oneString(a[1], 'fn:matches'), '').test(optString(a[0], 'fn:matches')))],
  ['matches#3', (a) => boolSeq(compileRegex(oneString(a[1], 'fn:matches'), flagsArg(a, 2, 'fn:matches')).test(optString(a[0], 'fn:matches')))],
  ...[3, 4].map((n): [string, Fn] => [`replace#${n}`, (a) => {
    const re = compileRegex(oneString(a[1], 'fn:replace'), flagsArg(a, 3, 'fn:replace'), true);
    noEmptyMatch(re, 'fn:replace');
    const input = optString(a[0], 'fn:replace');
    return [str(input.replace(re, replacer(oneString(a[2], 'fn:replace'), groupCount(re))))];
  }]),
  ['tokenize#1', (a) => {
    const s = normalizeSpace(optString(a[0], 'fn:tokenize'));
    return s === '' ? EMPTY : s.split(' ').map(str);
  }],
  ...[2, 3].map((n): [string, Fn] => [`tokenize#${n}`, (a) => {
    const re = compileRegex(oneString(a[1], 'fn:tokenize'), flagsArg(a, 2, 'fn:tokenize'), true);
    noEmptyMatch(re, 'fn:tokenize');
    const input = optString(a[0], 'fn:tokenize');
    if (input === '') return EMPTY;
    const out: Atomic[] = [];
    let last = 0;
    for (const m of input.matchAll(re)) { out.push(str(input.slice(last, m.index))); last = (m.index ?? 0) + m[0].length; }
    out.push(str(input.slice(last)));
    return out;
  }]),
  ['compare#2', (a) => {
    const x = optAtomic(a[0], 'fn:compare'), y = optAtomic(a[1], 'fn:compare');
    if (x === undefined || y === undefined) return EMPTY;
    return [int(compareStrings(optString([x], 'fn:compare'), optString([y], 'fn:compare')))];
  }],
  ['translate#3', (a) => {
    const from = [...oneString(a[1], 'fn:translate')], to = [...oneString(a[2], 'fn:translate')];
    const map = new Map<string, string>();
    from.forEach((c, i) => { if (!map.has(c)) map.set(c, to[i] ?? ''); });
    return [str([...optString(a[0], 'fn:translate')].map((c) => map.get(c) ?? c).join(''))];
  }],
];

/** fn:concat takes any number of arguments from two on. */
export const concat: Fn = (a) => {
  let s = '';
  for (const x of a) {
    const v = optAtomic(x, 'fn:concat');
    if (v !== undefined) s += stringOf(v);
  }
  return [str(s)];
};
