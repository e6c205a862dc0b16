/*
 * Arithmetic on numbers (XPath 3.1 3.5, F&O 4.2): integer and decimal exactly (decimal.js), float and double as IEEE.
 */
import { XPathError, type Sequence } from './api.js';
import { addScaled, Atomic, Decimal, EMPTY, atomizeOptional, decimalToNumber, isNumeric, notImplemented, shiftScaled, tenExponent, timesScaled } from './atomic.js';
import { castAs } from './cast.js';


export type ArithmeticOp = '+' | '-' | '*' | 'div' | 'idiv' | 'mod';

const DATE_LIKE = new Set(['date', 'dateTime', 'time']);

function operand(seq: Sequence, op: string): Atomic | undefined {
  const a = atomizeOptional(seq, `operand of ${op}`);
  if (a === undefined) return undefined;
  if (a.type === 'untypedAtomic') return castAs(a, 'double');
  if (isNumeric(a.type)) return a;
  if (DATE_LIKE.has(a.type)) throw notImplemented(`arithmetic on xs:${a.type}`);
  throw new XPathError('XPTY0004', `arithmetic operator ${op} is not defined for xs:${a.type}`);
}

const zero = (d: Decimal): Decimal => (d.isZero() ? new Decimal(0) : d);
const divisionByZero = (): XPathError => new XPathError('FOAR0001', 'division by zero');

function exact(op: ArithmeticOp, x: Decimal, y: Decimal, integers: boolean): Atomic {
  const numericType = integers ? 'integer' : 'decimal';
  switch (op) {
    // Scaled integers where every digit fits a safe integer (atomic.ts), else decimal.js: the same Decimal either way.
    case '+': return new Atomic(numericType, addScaled(x, y, false) ?? zero(x.plus(y)));
    case '-': return new Atomic(numericType, addScaled(x, y, true) ?? zero(x.minus(y)));
    case '*': return new Atomic(numericType, timesScaled(x, y) ?? zero(x.times(y)));
    case 'div':
      if (y.isZero()) throw divisionByZero();
      return new Atomic('decimal', zero(divide(x, y)));
    case 'idiv':
      if (y.isZero()) throw divisionByZero();
      return new Atomic('integer', zero(x.dividedToIntegerBy(y)));
    case 'mod':
      if (y.isZero()) throw divisionByZero();
      return new Atomic(numericType, zero(x.mod(y)));
  }
}

/** A quotient rounded down to a given number of significant digits (set per division, see divide). */
const Quotient = Decimal.clone({ rounding: Decimal.ROUND_DOWN });

/**
 * xs:decimal division as Saxon-JS 2.7 does it (big.js, 20 decimal places, halves away from zero): 1 div 3 is
 * 0.33333333333333333333, 2 div 3 is 0.66666666666666666667. The quotient is first cut (never rounded) to enough
 * significant digits to hold 21 decimal places, so the one rounding is the final one.
 */
export function divide(x: Decimal, y: Decimal): Decimal {
  // By ±10^k (`round($amount * 100) div 100`): the quotient is exact, x times ±10^-k (precision 1e9: every digit
  // kept), and the long division's cut keeps at least 21 decimal places of an exact quotient, so rounding it to 20
  // gives the same value (test/unit/xpath/values.test.ts holds the two together).
  const k = tenExponent(y);
  if (k !== undefined && k >= -MAX_SHIFT && k <= MAX_SHIFT) {
    // Exact in at most 20 places: no rounding, the quotient itself (on scaled integers where they hold it).
    const fast = shiftScaled(x, k, y.isNegative(), 20);
    if (fast !== undefined) return fast;
    return x.times(y.isNegative() ? NEGATIVE_SHIFTS[k + MAX_SHIFT]! : SHIFTS[k + MAX_SHIFT]!).toDecimalPlaces(20, Decimal.ROUND_HALF_UP);
  }
  return longDivision(x, y);
}

/** 10^-k and -10^-k for the divisors 10^k of the fast path. */
const MAX_SHIFT = 64;
const SHIFTS = Array.from({ length: 2 * MAX_SHIFT + 1 }, (_, i) => new Decimal(`1e${MAX_SHIFT - i}`));
const NEGATIVE_SHIFTS = SHIFTS.map((d) => d.neg());

/** divide by long division (any divisor): what divide's fast path must equal. */
export function longDivision(x: Decimal, y: Decimal): Decimal {
  Quotient.set({ precision: Math.max(x.e - y.e + 1, 0) + 25 });
  const q = new Quotient(x).dividedBy(new Quotient(y));
  return new Decimal(q.toDecimalPlaces(20, Decimal.ROUND_HALF_UP));
}

function ieee(op: ArithmeticOp, x: number, y: number, type: 'double' | 'float'): Atomic {
  let r: number;
  switch (op) {
    case '+': r = x + y; break;
    case '-': r = x - y; break;
    case '*': r = x * y; break;
    case 'div': r = x / y; break;
    case 'mod': r = x % y; break;
    case 'idiv': {
      if (y === 0) throw divisionByZero();
      if (x !== x || y !== y || !Number.isFinite(x)) throw new XPathError('FOAR0002', 'idiv of NaN or infinity');
      const q = Math.trunc(x / y);
      if (!Number.isFinite(q)) throw new XPathError('FOAR0002', 'idiv overflow');
      return new Atomic('integer', zero(new Decimal(q)));
    }
  }
  return new Atomic(type, type === 'float' ? Math.fround(r) : r);
}

export function arithmetic(op: ArithmeticOp, a: Sequence, b: Sequence): Sequence {
  const x = operand(a, op);
  const y = operand(b, op);
  if (x === undefined || y === undefined) return EMPTY;
  const tx = x.type, ty = y.type;
  if (tx === 'double' || ty === 'double' || tx === 'float' || ty === 'float') {
    const type = tx === 'double' || ty === 'double' ? 'double' : 'float';
    return [ieee(op, toIeee(x), toIeee(y), type)];
  }
  return [exact(op, x.value as Decimal, y.value as Decimal, tx === 'integer' && ty === 'integer')];
}

function toIeee(a: Atomic): number {
  return a.type === 'double' || a.type === 'float' ? (a.value as number) : decimalToNumber(a.value as Decimal);
}

export function unary(op: '+' | '-', a: Sequence): Sequence {
  const x = operand(a, `unary ${op}`);
  if (x === undefined) return EMPTY;
  if (op === '+') return [x];
  if (x.type === 'double' || x.type === 'float') return [new Atomic(x.type, -(x.value as number))];
  return [new Atomic(x.type, zero((x.value as Decimal).neg()))];
}
