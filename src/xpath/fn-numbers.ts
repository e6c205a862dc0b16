/*
 * Numeric functions and aggregates (F&O 3.1 sections 4.4, 4.5, 14.4) as Saxon-JS 2.7 computes them.
 */
import { XPathError, type Sequence } from './api.js';
import { arithmetic } from './arithmetic.js';
import { Atomic, Decimal, EMPTY, NOT_IMPLEMENTED, atomize, dbl, int, isNumeric, isStringLike, notImplemented, roundHalfCeilScaled } from './atomic.js';
import { castAs } from './cast.js';
import { contextItem, oneInteger, optAtomic, optNumeric, type Fn } from './fn-args.js';
import { compareAtomics, orderFree } from './values.js';

type DecimalRounding = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

function numericOp(name: string, onDouble: (n: number) => number, rounding: DecimalRounding | null): Fn {
  return (a) => {
    const x = optNumeric(a[0], name);
    if (x === undefined) return EMPTY;
    if (x.type === 'double' || x.type === 'float') {
      const r = onDouble(x.value as number);
      return [new Atomic(x.type, x.type === 'float' ? Math.fround(r) : r)];
    }
    const d = x.value as Decimal;
    const fast = rounding === Decimal.ROUND_HALF_CEIL ? roundHalfCeilScaled(d, 0) : undefined;
    if (fast !== undefined) return [new Atomic(x.type, fast)];
    const r = rounding === null ? d.abs() : d.toDecimalPlaces(0, rounding);
    return [new Atomic(x.type, r.isZero() ? new Decimal(0) : r)];
  };
}

/** round-half-to-even of a double at 0 places: halves go to the even neighbour. */
function halfEven(n: number): number {
  if (!Number.isFinite(n)) return n;
  const r = Math.round(n);
  return Math.abs(n % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** fn:round / round-half-to-even with a precision: decimals exactly; doubles are left to Saxon-JS unless precision 0. */
function roundWithPrecision(name: string, rounding: DecimalRounding, onDouble: (n: number) => number): Fn {
  return (a) => {
    const x = optNumeric(a[0], name);
    if (x === undefined) return EMPTY;
    const p = oneInteger(a[1], name);
    if (Math.abs(p) > 1000) throw notImplemented(`${name} with a precision of ${p}`);
    if (x.type === 'double' || x.type === 'float') {
      if (p !== 0) throw notImplemented(`${name} of an xs:${x.type} with a precision`);
      return [new Atomic(x.type, onDouble(x.value as number))];
    }
    const d = x.value as Decimal;
    let r: Decimal;
    if (p >= 0) r = (rounding === Decimal.ROUND_HALF_CEIL ? roundHalfCeilScaled(d, p) : undefined) ?? d.toDecimalPlaces(p, rounding);
    else {
      const scale = new Decimal(10).pow(-p);
      r = d.dividedBy(scale).toDecimalPlaces(0, rounding).times(scale);
      // Saxon-JS 2.7 writes a decimal rounded this way to zero as "00": left to it.
      if (r.isZero() && x.type === 'decimal') throw notImplemented(`${name} of an xs:decimal to zero with a negative precision`);
    }
    return [new Atomic(x.type, r.isZero() ? new Decimal(0) : r)];
  };
}

/** The values of an aggregate: untypedAtomic as xs:double, every one numeric (else FORG0006). */
function numericValues(seq: Sequence, name: string): Atomic[] {
  return atomize(seq).map((v) => {
    const n = v.type === 'untypedAtomic' ? castAs(v, 'double') : v;
    if (!isNumeric(n.type)) throw new XPathError('FORG0006', `${name}: an xs:${n.type} is not a number`);
    return n;
  });
}

function sum(seq: Sequence, zero: Sequence, name: string): Sequence {
  const values = numericValues(seq, name);
  if (values.length === 0) return zero;
  let acc: Sequence = [values[0]];
  for (let i = 1; i < values.length; i++) acc = arithmetic('+', acc, [values[i]]);
  return acc;
}

const TYPE_RANK = ['integer', 'decimal', 'float', 'double'];

/** fn:min / fn:max: numbers promoted to their common type, strings by code point, NaN wins. */
function extreme(name: string, sign: 1 | -1): Fn {
  return (a) => {
    const values = atomize(a[0]).map((v) => (v.type === 'untypedAtomic' ? castAs(v, 'double') : v));
    if (values.length === 0) return EMPTY;
    const allNumeric = values.every((v) => isNumeric(v.type));
    const t = values[0].type;
    if (allNumeric && !orderFree(values)) throw notImplemented(`${name} of decimals among doubles`);
    if (!allNumeric) {
      const same = values.every((v) => (isStringLike(t) ? isStringLike(v.type) : v.type === t));
      if (!same) throw new XPathError('FORG0006', `${name}: values of different types`);
      if (!isStringLike(t) && t !== 'boolean') throw notImplemented(`${name} of xs:${t} values`);
    }
    // Saxon-JS 2.7 promotes the result to xs:float or xs:double when there is one, but returns an xs:integer as is
    // among xs:decimals (max((0.1, 2)) is the integer 2).
    let rank = 0;
    if (allNumeric) for (const v of values) rank = Math.max(rank, TYPE_RANK.indexOf(v.type));
    let best = values[0];
    for (const v of values) {
      if (allNumeric && (v.type === 'double' || v.type === 'float') && Number.isNaN(v.value)) return [castAs(v, TYPE_RANK[rank] as 'double')];
      if (compareAtomics(v, best, true) * sign > 0) best = v;
    }
    // Strings and anyURIs together are compared, and returned, as strings.
    if (!allNumeric) return [isStringLike(t) && values.some((v) => v.type !== best.type) ? castAs(best, 'string') : best];
    return [rank >= 2 ? castAs(best, TYPE_RANK[rank] as 'double') : best];
  };
}

function number(seq: Sequence): Atomic {
  const a = optAtomic(seq, 'fn:number');
  if (a === undefined) return dbl(NaN);
  try {
    return castAs(a, 'double');
  } catch (e) {
    if (e instanceof XPathError && e.code === 'FORG0001') return dbl(NaN);
    if (e instanceof XPathError && e.code !== NOT_IMPLEMENTED) throw notImplemented(`fn:number of an xs:${a.type}`);
    throw e;
  }
}

export const NUMBER_FUNCTIONS: Array<[string, Fn]> = [
  ['abs#1', numericOp('fn:abs', Math.abs, null)],
  ['floor#1', numericOp('fn:floor', Math.floor, Decimal.ROUND_FLOOR)],
  ['ceiling#1', numericOp('fn:ceiling', Math.ceil, Decimal.ROUND_CEIL)],
  ['round#1', numericOp('fn:round', Math.round, Decimal.ROUND_HALF_CEIL)],
  ['round#2', roundWithPrecision('fn:round', Decimal.ROUND_HALF_CEIL, Math.round)],
  ['round-half-to-even#1', numericOp('fn:round-half-to-even', halfEven, Decimal.ROUND_HALF_EVEN)],
  ['round-half-to-even#2', roundWithPrecision('fn:round-half-to-even', Decimal.ROUND_HALF_EVEN, halfEven)],
  ['number#0', (_a, ctx) => [number([contextItem(ctx, 'fn:number')])]],
  ['number#1', (a) => [number(a[0])]],
  ['sum#1', (a) => sum(a[0], [int(0)], 'fn:sum')],
  ['sum#2', (a) => sum(a[0], a[1], 'fn:sum')],
  ['avg#1', (a) => {
    const values = numericValues(a[0], 'fn:avg');
    if (values.length === 0) return EMPTY;
    return arithmetic('div', sum(values, EMPTY, 'fn:avg'), [int(values.length)]);
  }],
  ['min#1', extreme('fn:min', -1)],
  ['max#1', extreme('fn:max', 1)],
];
