/*
 * The representation of atomic values, shared by values.ts, cast.ts, datetime.ts and arithmetic.ts.
 */
import { Decimal as DecimalJs } from 'decimal.js';
import { NOT_IMPLEMENTED, XPathError, type Item, type Sequence, type XNode } from './api.js';
import { stringValueOf } from './dom.js';

/**
 * xs:integer and xs:decimal: exact, like Saxon-JS's (big.js): addition, subtraction and multiplication keep every
 * digit (decimal.js rounds results to `precision` significant digits, so that is its maximum); division has its own
 * rule (arithmetic.ts).
 */
export const Decimal = DecimalJs.clone({ precision: 1e9, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -1000, toExpPos: 1000 });
export type Decimal = DecimalJs;

/** decimal.js's representation (its own fields): sign ±1, exponent, digits in base 1e7 with no trailing zero word. */
interface DecimalFields { s: number; e: number; d: number[] | null }
/**
 * Whether this decimal.js stores its values as cmpDecimals reads them (checked once, on values of each kind): when not,
 * cmpDecimals is decimal.js's own cmp.
 */
const FIELDS_AS_READ = (() => {
  const f = (v: string) => new Decimal(v) as unknown as DecimalFields;
  const a = f('-12.5'), b = f('0'), c = f('123456789.000000012'), z = f('-0');
  return a.s === -1 && a.e === 1 && a.d?.join() === '12,5000000' && b.d?.join() === '0' && c.e === 8 && c.d?.join() === '12,3456789,0,1200000'
    && z.d?.join() === '0';
})();

/**
 * a.cmp(b) for two finite decimals, as decimal.js's comparedTo computes it but without the copy of `b` it makes first
 * (most comparisons in rules are of decimals: `count(x) le 1`, `xs:decimal(y) > 0`).
 */
export function cmpDecimals(a: Decimal, b: Decimal): number {
  if (!FIELDS_AS_READ) return a.cmp(b);
  const x = a as unknown as DecimalFields, y = b as unknown as DecimalFields;
  const xd = x.d, yd = y.d;
  if (!xd || !yd) return a.cmp(b); // NaN or an infinity: never an XPath decimal, but decimal.js knows
  const xs = x.s, ys = y.s;
  if (!xd[0] || !yd[0]) return xd[0] ? xs : yd[0] ? -ys : 0;
  if (xs !== ys) return xs;
  if (x.e !== y.e) return (x.e > y.e) !== (xs < 0) ? 1 : -1;
  const xl = xd.length, yl = yd.length;
  for (let i = 0, n = xl < yl ? xl : yl; i < n; i++) if (xd[i] !== yd[i]) return (xd[i]! > yd[i]!) !== (xs < 0) ? 1 : -1;
  return xl === yl ? 0 : (xl > yl) !== (xs < 0) ? 1 : -1;
}

/**
 * k where |d| is 10^k exactly (1, 100, 0.001, -10 …), else undefined: decimal.js keeps such a value as one base-1e7
 * word that is itself a power of ten (no trailing zero word). Undefined too where decimal.js stores values otherwise.
 */
export function tenExponent(d: Decimal): number | undefined {
  if (!FIELDS_AS_READ) return undefined;
  const f = d as unknown as DecimalFields;
  const w = f.d;
  if (!w || w.length !== 1) return undefined;
  const x = w[0]!;
  return x === 1 || x === 10 || x === 100 || x === 1000 || x === 10000 || x === 100000 || x === 1000000 ? f.e : undefined;
}

/** 10^k for k = 0 … 22: every one exactly a double. */
const POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * decimal.js's toNumber (the double nearest the decimal, through its string) without the string where the decimal has
 * at most 14 significant digits: its digits m (below 2^53) and scale k read from decimal.js's fields, m / 10^k for
 * k = 1 … 22 (both exact doubles, so IEEE division rounds the exact quotient once, as parsing its string does), m ×
 * 10^-k for k ≤ 0 while that stays below 2^53 (exact). Anything else, or a decimal.js storing values otherwise, takes
 * toNumber.
 */
export function decimalToNumber(d: Decimal): number {
  if (!FIELDS_AS_READ) return d.toNumber();
  const f = d as unknown as DecimalFields;
  const w = f.d;
  if (!w || w.length > 2) return d.toNumber();
  const w0 = w[0]!;
  const first = w0 < 10 ? 1 : w0 < 100 ? 2 : w0 < 1000 ? 3 : w0 < 10000 ? 4 : w0 < 100000 ? 5 : w0 < 1000000 ? 6 : 7;
  const m = w.length === 1 ? w0 : w0 * 1e7 + w[1]!;
  const k = first + (w.length - 1) * 7 - 1 - f.e;
  let n: number;
  if (k > 0) {
    if (k > 22) return d.toNumber();
    n = m / POWERS[k]!;
  } else {
    if (-k > 22) return d.toNumber();
    n = m * POWERS[-k]!;
    if (n > Number.MAX_SAFE_INTEGER) return d.toNumber();
  }
  return f.s < 0 ? -n : n;
}

/*
 * Exact decimal arithmetic on scaled integers (issue 23 item 4): a decimal of at most two base-1e7 words is read from
 * decimal.js's fields as |d| = m × 10^-k (m a safe integer without trailing zero), and +, -, ×, division by ±10^k and
 * rounding of such values are computed on m and k while every intermediate integer stays a safe integer (so each
 * JavaScript operation on them is exact, as on integers); the result is written back into decimal.js's fields, as
 * decimal.js itself lays them out (a value has one layout: words aligned on the exponent, no trailing zero word), so
 * the Decimal made is the one decimal.js would have made. Anything else (more digits, a product or sum past 2^53, a
 * decimal.js storing values otherwise) returns undefined: the caller takes decimal.js. Never binary fractions: only
 * integers are computed. test/unit/xpath/values.test.ts holds every operation to decimal.js on seeded values.
 */

/** The last scaled() read: |d| = m × 10^-k, negative when `neg` (m 0 for zero). One object, not module variables. */
const SCALED = { m: 0, k: 0, neg: false };

/** Digits of a positive integer below 1e7. */
function wordDigits(w: number): number {
  return w < 10 ? 1 : w < 100 ? 2 : w < 1000 ? 3 : w < 10000 ? 4 : w < 100000 ? 5 : w < 1000000 ? 6 : 7;
}

/** Reads d as a scaled integer into SCALED; false where it has more than 14 digits or decimal.js stores it otherwise. */
function scaled(d: Decimal): boolean {
  if (!FIELDS_AS_READ) return false;
  const f = d as unknown as DecimalFields;
  const w = f.d;
  if (!w || w.length > 2) return false;
  const w0 = w[0]!;
  if (w0 === 0) { SCALED.m = 0; SCALED.k = 0; SCALED.neg = false; return true; }
  // The last word's trailing zeros dropped (small-integer arithmetic: the words are below 1e7; no trailing word is 0).
  let last = w[w.length - 1]!, zeros = 0;
  while (last % 10 === 0) { last = (last / 10) | 0; zeros++; }
  SCALED.m = w.length === 1 ? last : w0 * POWERS[7 - zeros]! + last;
  SCALED.k = wordDigits(w0) + (w.length - 1) * 7 - 1 - f.e - zeros;
  SCALED.neg = f.s < 0;
  return true;
}

/**
 * A Decimal from its fields, made as decimal.js's constructor makes one (its own `constructor` property, then s, e, d),
 * without the constructor's reading of a value (new Decimal(0) costs some 45 ns, this some 10).
 */
const Made = function (this: DecimalFields & { constructor: unknown }, s: number, e: number, d: number[]) {
  this.constructor = Decimal; this.s = s; this.e = e; this.d = d;
} as unknown as new (s: number, e: number, d: number[]) => Decimal;
Made.prototype = Decimal.prototype;

/** The Decimal m × 10^-k (negated when `negative`; zero is 0), laid out as decimal.js lays it out. m: a safe integer ≥ 0. */
function fromScaled(m: number, k: number, negative: boolean): Decimal {
  if (m === 0) return new Decimal(0);
  // Words as small integers (| 0: each is below 1e7), as decimal.js's are: an array of doubles would make every
  // decimal.js function that reads one slower.
  const words: number[] = [];
  let e: number;
  if (m < 1e7) {
    while (m % 10 === 0) { m = (m / 10) | 0; k--; }
    const n = wordDigits(m);
    e = n - 1 - k;
    const first = (((e % 7) + 7) % 7) + 1; // digits of the first word, as decimal.js aligns words on the exponent
    if (n <= first) words.push((m * POWERS[first - n]!) | 0);
    else {
      const p = POWERS[n - first]!, high = (m / p) | 0;
      words.push(high, ((m - high * p) * POWERS[7 - n + first]!) | 0);
    }
  } else {
    // Up to 16 digits: as written (a safe integer's String is its digits), without trailing zeros.
    let digits = String(m), n = digits.length;
    while (digits.charCodeAt(n - 1) === 48) { n--; k--; }
    digits = digits.slice(0, n);
    e = n - 1 - k;
    const first = (((e % 7) + 7) % 7) + 1;
    if (n <= first) words.push((Number(digits) * POWERS[first - n]!) | 0);
    else {
      words.push(Number(digits.slice(0, first)) | 0);
      for (let i = first; i < n; i += 7) words.push(i + 7 <= n ? Number(digits.slice(i, i + 7)) | 0 : (Number(digits.slice(i)) * POWERS[i + 7 - n]!) | 0);
    }
  }
  return new Made(negative ? -1 : 1, e, words);
}

/** x + y (y negated when `minus`) on scaled integers, or undefined (decimal.js's plus/minus then). */
export function addScaled(x: Decimal, y: Decimal, minus: boolean): Decimal | undefined {
  if (!scaled(x)) return undefined;
  const mx = SCALED.m, kx = SCALED.k, nx = SCALED.neg;
  if (!scaled(y)) return undefined;
  const my = SCALED.m, ky = SCALED.k, ny = SCALED.neg !== minus;
  const k = kx > ky ? kx : ky;
  if (k - kx > 22 || k - ky > 22) return undefined;
  const ax = mx * POWERS[k - kx]!, ay = my * POWERS[k - ky]!;
  if (ax > Number.MAX_SAFE_INTEGER || ay > Number.MAX_SAFE_INTEGER) return undefined;
  const sum = (nx ? -ax : ax) + (ny ? -ay : ay);
  // Past 2^53 the double may be rounded; it is then at least 2^53 in magnitude (rounding is monotonic).
  if (sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) return undefined;
  return fromScaled(sum < 0 ? -sum : sum, k, sum < 0);
}

/** x × y on scaled integers, or undefined. */
export function timesScaled(x: Decimal, y: Decimal): Decimal | undefined {
  if (!scaled(x)) return undefined;
  const mx = SCALED.m, kx = SCALED.k, nx = SCALED.neg;
  if (!scaled(y)) return undefined;
  const m = mx * SCALED.m;
  if (m > Number.MAX_SAFE_INTEGER) return undefined;
  return fromScaled(m, kx + SCALED.k, nx !== SCALED.neg);
}

/** x × 10^-j (negated when `negative`), where that needs at most `places` decimal places; else undefined. */
export function shiftScaled(x: Decimal, j: number, negative: boolean, places: number): Decimal | undefined {
  if (!scaled(x) || SCALED.k + j > places) return undefined;
  return fromScaled(SCALED.m, SCALED.k + j, SCALED.neg !== negative);
}

/**
 * d rounded to p ≥ 0 decimal places, halves towards positive infinity (decimal.js's ROUND_HALF_CEIL: fn:round), or
 * undefined. A value with p places or fewer is itself.
 */
export function roundHalfCeilScaled(d: Decimal, p: number): Decimal | undefined {
  if (!scaled(d)) return undefined;
  const m = SCALED.m, k = SCALED.k, negative = SCALED.neg;
  if (k <= p) return m === 0 ? new Decimal(0) : d;
  if (k - p > 22) return undefined;
  const div = POWERS[k - p]!, rest = m % div;
  let q = (m - rest) / div;
  // |d| = q + rest/div: up when the rest is over half (at half exactly: up for a positive value, towards zero for a negative one).
  if (negative ? 2 * rest > div : 2 * rest >= div) q++;
  return fromScaled(q, p, negative);
}

export type AtomicType = 'string' | 'untypedAtomic' | 'anyURI' | 'boolean' | 'decimal' | 'integer' | 'double' | 'float'
  | 'date' | 'dateTime' | 'time' | 'QName';

/**
 * string/untypedAtomic/anyURI → string; boolean → boolean; decimal/integer → Decimal (an integer's is integral);
 * double/float → number; date/dateTime/time → DateTimeValue (datetime.ts); QName → { ns, local, prefix }.
 */
export class Atomic {
  readonly atomic = true as const;
  constructor(readonly type: AtomicType, readonly value: string | number | boolean | Decimal | object) {}
}

/** A run-time error for something valid in XPath that this evaluator does not implement: the document goes to Saxon-JS. */
export { NOT_IMPLEMENTED };
export function notImplemented(what: string): XPathError {
  return new XPathError(NOT_IMPLEMENTED, `not implemented by pintae's XPath evaluator: ${what}`);
}

export const EMPTY: Item[] = Object.freeze([]) as unknown as Item[];
export const TRUE = new Atomic('boolean', true);
export const FALSE = new Atomic('boolean', false);
export const bool = (b: boolean): Atomic => (b ? TRUE : FALSE);
/** One-item sequences of true and false, made once (sequences are never changed once made). */
const SEQ_TRUE = Object.freeze([TRUE]) as unknown as Item[];
const SEQ_FALSE = Object.freeze([FALSE]) as unknown as Item[];
export const boolSeq = (b: boolean): Item[] => (b ? SEQ_TRUE : SEQ_FALSE);
export const str = (s: string): Atomic => new Atomic('string', s);
/**
 * Atomic values that no document can have made: the string literals of compiled expressions and the results of
 * functions of no parameter (xsl-functions.ts). A table kept for the process may keep their strings as they are (they
 * live as long as the compiled rules that hold them), where a string from a document must be copied (intern.ts, own):
 * looked up again with the same object, such a key is found by identity, not compared character by character (a
 * code list's string is thousands of characters).
 */
const CONSTANTS = new WeakSet<Atomic>();
export const markConstant = (a: Atomic): Atomic => { CONSTANTS.add(a); return a; };
export const isConstant = (a: Atomic): boolean => CONSTANTS.has(a);
/** Small integers (counts, positions, code points of ASCII) are made once: values are immutable. */
const SMALL_INTEGERS: Atomic[] = [];
export const int = (n: number | Decimal): Atomic => {
  if (typeof n === 'number' && n >= 0 && n < 256 && Number.isInteger(n)) {
    return SMALL_INTEGERS[n] ??= new Atomic('integer', new Decimal(n));
  }
  return new Atomic('integer', new Decimal(n));
};
export const dbl = (n: number): Atomic => new Atomic('double', n);

export function isNode(item: Item): item is XNode {
  return (item as Atomic).atomic !== true;
}
export function isAtomic(item: Item): item is Atomic {
  return (item as Atomic).atomic === true;
}
export const isNumeric = (t: AtomicType): boolean => t === 'integer' || t === 'decimal' || t === 'double' || t === 'float';
export const isStringLike = (t: AtomicType): boolean => t === 'string' || t === 'untypedAtomic' || t === 'anyURI';

export function stringValue(node: XNode): string {
  return node.kind === 1 || node.kind === 9 ? stringValueOf(node) : node.value;
}

/** A node's typed value: untypedAtomic, except comments and processing instructions (xs:string). */
export function atomizeNode(node: XNode): Atomic {
  return new Atomic(node.kind === 8 || node.kind === 7 ? 'string' : 'untypedAtomic', stringValue(node));
}

export function atomize(seq: Sequence): Atomic[] {
  let allAtomic = true;
  for (let i = 0; i < seq.length; i++) if (!isAtomic(seq[i]!)) { allAtomic = false; break; }
  if (allAtomic) return seq as Atomic[];
  return seq.map((it) => (isAtomic(it) ? it : atomizeNode(it as XNode)));
}

/** The one atomic value of an operand, undefined when empty; XPTY0004 for more than one. */
export function atomizeOptional(seq: Sequence, what: string): Atomic | undefined {
  if (seq.length === 0) return undefined;
  if (seq.length > 1) throw new XPathError('XPTY0004', `${what}: a sequence of more than one item is not allowed`);
  const it = seq[0];
  return isAtomic(it) ? it : atomizeNode(it as XNode);
}

