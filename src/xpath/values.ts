/*
 * Atomic values and the operations on them: atomization, effective boolean value, casts, comparisons, arithmetic,
 * with XPath 3.1 semantics as Saxon-JS 2.7 gives them. When a case is not certain to match Saxon-JS, it raises an
 * XPathError (the document then runs on Saxon-JS) rather than guess.
 */
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import {
  Atomic, Decimal, EMPTY, atomize, decimalToNumber, atomizeNode, atomizeOptional, boolSeq, cmpDecimals, notImplemented, isAtomic, isNumeric, isStringLike, str, stringValue, type AtomicType,
} from './atomic.js';
import { castAs, stringOf } from './cast.js';
import { compareDateTimes, isDateTimeValue } from './datetime.js';

export {
  Atomic, Decimal, EMPTY, TRUE, FALSE, NOT_IMPLEMENTED, bool, str, int, dbl, isNode, isAtomic, isNumeric, isStringLike,
  notImplemented, stringValue, atomizeNode, atomize, atomizeOptional, boolSeq, type AtomicType,
} from './atomic.js';
export { castAs, castable, castUntyped, stringOf, stringToDouble } from './cast.js';
export { arithmetic, unary } from './arithmetic.js';

const atomizeItem = (it: Item): Atomic => (isAtomic(it) ? it : atomizeNode(it as XNode));

export function ebv(seq: Sequence): boolean {
  if (seq.length === 0) return false;
  const first = seq[0];
  if (!isAtomic(first)) return true;
  if (seq.length > 1) throw new XPathError('FORG0006', 'effective boolean value of a sequence of two or more atomic values');
  switch (first.type) {
    case 'boolean': return first.value as boolean;
    case 'string': case 'untypedAtomic': case 'anyURI': return (first.value as string).length > 0;
    case 'integer': case 'decimal': return !(first.value as Decimal).isZero();
    case 'double': case 'float': { const n = first.value as number; return n === n && n !== 0; }
    default: throw new XPathError('FORG0006', `effective boolean value of an xs:${first.type}`);
  }
}

/**
 * xsl:value-of (XSLT 3.0 5.7.2, simple content): zero-length text nodes dropped, adjacent text nodes of the
 * sequence merged, then every item's string joined with single spaces.
 */
export function valueOf(seq: Sequence): string {
  let s = '';
  let first = true;
  let afterText = false;
  for (const it of seq) {
    const isText = !isAtomic(it) && (it as XNode).kind === 3;
    if (isText && (it as { value: string }).value === '') continue;
    if (!first && !(isText && afterText)) s += ' ';
    s += isAtomic(it) ? stringOf(it) : stringValue(it as XNode);
    first = false;
    afterText = isText;
  }
  return s;
}

/** -1, 0, 1, or NaN (unordered: a NaN operand). XPTY0004 for types that cannot be compared. */
export function compareAtomics(a: Atomic, b: Atomic, ordering: boolean): number {
  const ta = a.type, tb = b.type;
  if (isNumeric(ta) && isNumeric(tb)) {
    if ((ta === 'integer' || ta === 'decimal') && (tb === 'integer' || tb === 'decimal')) {
      return cmpDecimals(a.value as Decimal, b.value as Decimal);
    }
    const x = toNumber(a), y = toNumber(b);
    if (x !== x || y !== y) return NaN;
    if (ta === 'integer' || ta === 'decimal') {
      // Saxon-JS 2.7 compares a decimal with a double on its right exactly, as decimals (0.10000000000000000001 ne
      // 0.1e0, while 0.1e0 eq 0.10000000000000000001), and fails (a JavaScript exception) on an infinite one.
      if (y === Infinity || y === -Infinity) throw notImplemented('comparing an xs:decimal with an infinite xs:double or xs:float');
      return (a.value as Decimal).cmp(new Decimal(y));
    }
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (isStringLike(ta) && isStringLike(tb)) return compareStrings(a.value as string, b.value as string);
  if (ta === 'boolean' && tb === 'boolean') return Number(a.value) - Number(b.value);
  if (ta === tb && isDateTimeValue(a.value) && isDateTimeValue(b.value)) return compareDateTimes(a.value, b.value);
  if (ta === 'QName' && tb === 'QName' && !ordering) {
    const p = a.value as { ns: string; local: string }, q = b.value as { ns: string; local: string };
    return p.ns === q.ns && p.local === q.local ? 0 : 1;
  }
  throw new XPathError('XPTY0004', `cannot compare xs:${ta} with xs:${tb}`);
}

/**
 * Whether comparing these values does not depend on which side a decimal is on (see compareAtomics): no decimal
 * among doubles or floats that a double cannot hold exactly as written.
 */
export function orderFree(values: Atomic[]): boolean {
  let ieee = false, inexact = false;
  for (const v of values) {
    if (v.type === 'double' || v.type === 'float') ieee = true;
    else if ((v.type === 'decimal' || v.type === 'integer') && !new Decimal((v.value as Decimal).toNumber()).eq(v.value as Decimal)) inexact = true;
  }
  return !(ieee && inexact);
}

/** Codepoint collation: compares by Unicode code points, not UTF-16 units. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x !== y) {
      // A surrogate (0xD800-0xDFFF) stands for a code point above 0xFFFF, which sorts after every BMP character.
      const sx = x >= 0xd800 && x <= 0xdfff, sy = y >= 0xd800 && y <= 0xdfff;
      if (sx !== sy) return sx ? 1 : -1;
      return x < y ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

export function toNumber(a: Atomic): number {
  switch (a.type) {
    case 'double': case 'float': return a.value as number;
    case 'integer': case 'decimal': return decimalToNumber(a.value as Decimal);
    default: return castAs(a, 'double').value as number;
  }
}

/** Whether a comparison's outcome `c` (negative, 0, positive; NaN for unordered) satisfies the operator. */
export function holds(op: string, c: number): boolean {
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

export function valueCompare(op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge', a: Sequence, b: Sequence): Sequence {
  const x = atomizeOptional(a, op), y = atomizeOptional(b, op);
  if (x === undefined || y === undefined) {
    // Saxon-JS 2.7 raises XPTY0004 at compile time for `false() eq ()` or `xs:date(…) eq //absent` (its static types
    // cannot compare), yet gives () where the static type is looser: which of the two is not known here.
    const other = x ?? y;
    if (other !== undefined && !isNumeric(other.type) && !isStringLike(other.type)) {
      throw notImplemented(`${op} of an xs:${other.type} and the empty sequence`);
    }
    return EMPTY;
  }
  const p = x.type === 'untypedAtomic' ? str(x.value as string) : x;
  const q = y.type === 'untypedAtomic' ? str(y.value as string) : y;
  return boolSeq(holds(op, compareAtomics(p, q, op !== 'eq' && op !== 'ne')));
}

/**
 * The value `u` (untypedAtomic) is compared as, against a value of type `other` (XPath 3.1 3.7.2): as xs:double
 * against a number, as a string against a string or untyped value, else cast to the other's type.
 */
function untypedAs(u: Atomic, other: AtomicType): Atomic {
  if (isNumeric(other)) return castAs(u, 'double');
  if (isStringLike(other)) return str(u.value as string);
  return castAs(u, other);
}

/*
 * General comparison is existential; the order in which Saxon-JS tries the pairs is its own, so a pair that raises
 * an error (an untyped value that is no number, incomparable types) is looked for in ALL pairs before any answer:
 * where Saxon-JS might stop at a true pair first, we raise an error, which costs only a fallback.
 */
export function generalCompare(op: '=' | '!=' | '<' | '<=' | '>' | '>=', a: Sequence, b: Sequence): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const ordering = op !== '=' && op !== '!=';
  if (a.length === 1 && b.length === 1) {
    // A node's typed value is a string or untyped: against another node or a string-like value both compare as
    // strings (comparePair's first case), here without making the atomic value of the node.
    const x = a[0]!, y = b[0]!;
    const xNode = !isAtomic(x), yNode = !isAtomic(y);
    if (xNode && (yNode || isStringLike(y.type))) return holds(op, compareStrings(stringValue(x as XNode), yNode ? stringValue(y as XNode) : (y as Atomic).value as string));
    if (yNode && isStringLike((x as Atomic).type)) return holds(op, compareStrings((x as Atomic).value as string, stringValue(y as XNode)));
    return comparePair(op, atomizeItem(x), atomizeItem(y), ordering, false);
  }
  const xs = atomize(a), ys = atomize(b);
  // Check every pair for an error first (types only matter, so one pass per distinct type pair).
  let seen: Set<string> | undefined;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    for (let j = 0; j < ys.length; j++) {
      const y = ys[j]!;
      if (isStringLike(x.type) && isStringLike(y.type)) continue; // compared as strings: cannot fail
      if (x.type !== 'untypedAtomic' && y.type !== 'untypedAtomic' && !valueMayFail(x.type, y.type)) {
        const key = `${x.type}|${y.type}`;
        if (seen?.has(key)) continue;
        (seen ??= new Set()).add(key);
      }
      comparePair(op, x, y, ordering, true);
    }
  }
  for (let i = 0; i < xs.length; i++) for (let j = 0; j < ys.length; j++) if (comparePair(op, xs[i]!, ys[j]!, ordering, true)) return true;
  return false;
}

/** Whether comparing values of these types can fail for some values only (an infinite double, a date's timezone). */
function valueMayFail(tx: AtomicType, ty: AtomicType): boolean {
  if (DATE_TYPES.has(tx) || DATE_TYPES.has(ty)) return true;
  return (tx === 'integer' || tx === 'decimal') && (ty === 'double' || ty === 'float');
}
const DATE_TYPES: ReadonlySet<AtomicType> = new Set(['date', 'dateTime', 'time']);

/**
 * `!=` of a pair that is unordered (NaN): XPath answers true, and so does Saxon-JS 2.7 for two single atomic values
 * (`xs:double('NaN') != 0`, `number('x') != 1`), but false where an operand is a node or a sequence of several
 * (`e != 0` with e holding NaN, `(xs:double('NaN'), 0e0) != 0`): there it is declined, for Saxon-JS to answer.
 */
export function unorderedInequality(): XPathError {
  return notImplemented('!= of NaN in a general comparison (Saxon-JS answers by its static types)');
}

function comparePair(op: string, x: Atomic, y: Atomic, ordering: boolean, several: boolean): boolean {
  // The common case (an element's text against a string literal) without allocating.
  if (isStringLike(x.type) && isStringLike(y.type)) return holds(op, compareStrings(x.value as string, y.value as string));
  let p = x, q = y;
  if (x.type === 'untypedAtomic') {
    p = y.type === 'untypedAtomic' ? str(x.value as string) : untypedAs(x, y.type);
    if (y.type === 'untypedAtomic') q = str(y.value as string);
  } else if (y.type === 'untypedAtomic') {
    q = untypedAs(y, x.type);
  }
  const c = compareAtomics(p, q, ordering);
  if (c !== c && op === '!=' && (several || x.type === 'untypedAtomic' || y.type === 'untypedAtomic')) throw unorderedInequality();
  return holds(op, c);
}

