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

