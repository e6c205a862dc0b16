/*
 * Casting between atomic types (XPath and XQuery Functions and Operators 3.1, section 19) and the canonical string of
 * each value, as Saxon-JS 2.7 writes it.
 */
import { own } from './intern.js';
import { XPathError } from './api.js';
import { Atomic, Decimal, NOT_IMPLEMENTED, bool, decimalToNumber, notImplemented, str, type AtomicType } from './atomic.js';
import { formatDateTime, parseDateTime, type DateTimeValue } from './datetime.js';

const XML_SPACE_EDGES = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const isXmlSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 10;
/** Whether XML_SPACE_EDGES has anything to remove (most values have no space at either end: no replace then). */
const edgeSpace = (s: string) => s.length > 0 && (isXmlSpace(s.charCodeAt(0)) || isXmlSpace(s.charCodeAt(s.length - 1)));
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function decimalToString(d: Decimal): string {
  return d.isZero() ? '0' : d.toFixed();
}

export function doubleToString(n: number): string {
  if (n !== n) return 'NaN';
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const abs = Math.abs(n);
  if (abs >= 1e-6 && abs < 1e6) return String(n);
  const [mantissa, exponent] = n.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
}

/**
 * A float's canonical form: the shortest decimal digits that read back as the same float. Saxon-JS 2.7 writes
 * floats needing an exponent its own way (xs:float(0.000001) as 10.0E-7): those are left to it.
 */
function floatToString(n: number): string {
  if (n !== n || n === Infinity || n === -Infinity || n === 0) return doubleToString(n);
  const abs = Math.abs(n);
  if (abs < 1e-6 || abs >= 1e6) throw notImplemented('the string form of an xs:float with an exponent');
  for (let p = 1; p <= 9; p++) {
    const s = Number(n.toPrecision(p));
    if (Math.fround(s) === n) return String(s);
  }
  return String(n);
}

export function stringOf(a: Atomic): string {
  switch (a.type) {
    case 'string': case 'untypedAtomic': case 'anyURI': return a.value as string;
    case 'boolean': return a.value ? 'true' : 'false';
    case 'integer': case 'decimal': return decimalToString(a.value as Decimal);
    case 'double': return doubleToString(a.value as number);
    case 'float': return floatToString(a.value as number);
    case 'date': case 'dateTime': case 'time': return formatDateTime(a.value as DateTimeValue);
    case 'QName': {
      const q = a.value as { prefix: string; local: string };
      return q.prefix ? `${q.prefix}:${q.local}` : q.local;
    }
  }
}

const invalid = (s: string, t: AtomicType): XPathError =>
  new XPathError('FORG0001', `cannot cast ${JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)} to xs:${t}`);

function fromString(s: string, t: AtomicType): Atomic {
  if (t === 'string') return str(s);
  if (t === 'untypedAtomic' || t === 'anyURI') return new Atomic(t, s);
  const v = edgeSpace(s) ? s.replace(XML_SPACE_EDGES, '') : s;
  switch (t) {
    case 'boolean':
      if (v === 'true' || v === '1') return bool(true);
      if (v === 'false' || v === '0') return bool(false);
      throw invalid(s, t);
    case 'decimal':
      if (!DECIMAL.test(v)) throw invalid(s, t);
      return new Atomic('decimal', parseDecimal(v));
    case 'integer':
      if (!INTEGER.test(v)) throw invalid(s, t);
      return new Atomic('integer', parseDecimal(v));
    case 'double': case 'float': {
      const n = doubleOf(s, v, t);
      return new Atomic(t, t === 'float' ? Math.fround(n) : n);
    }
    case 'date': case 'dateTime': case 'time': {
      const d = parseDateTime(t, v);
      if (!d) throw invalid(s, t);
      return new Atomic(t, d);
    }
    default: throw notImplemented(`cast to xs:${t}`);
  }
}

/** The xs:double (or, before rounding, xs:float) a string casts to: `v` is `s` without XML space at either end. */
function doubleOf(s: string, v: string, t: AtomicType): number {
  if (DOUBLE.test(v)) return Number(v);
  if (v === 'INF' || v === '+INF') return Infinity;
  if (v === '-INF') return -Infinity;
  if (v === 'NaN') return NaN;
  throw invalid(s, t);
}

/** castAs(untypedAtomic or string s, 'double')'s value (the same error where s is no double), without its atomic value. */
export function stringToDouble(s: string): number {
  return doubleOf(s, edgeSpace(s) ? s.replace(XML_SPACE_EDGES, '') : s, 'double');
}

/** castAs of an xs:untypedAtomic of `s` (a node's typed value) to `t`, without that value. */
export function castUntyped(s: string, t: AtomicType): Atomic {
  return t === 'string' || t === 'untypedAtomic' ? new Atomic(t, s) : fromString(s, t);
}

const normalZero = (d: Decimal): Decimal => (d.isZero() ? new Decimal(0) : d);

/*
 * The rules cast the same amounts again and again (every rule on a line reads its amounts): parsed values are kept,
 * decimal.js values being immutable. The cache is dropped whole when it grows past a bound.
 */
const parsed = new Map<string, Decimal>();
function parseDecimal(v: string): Decimal {
  let d = parsed.get(v);
  if (d === undefined) {
    if (parsed.size >= 4096) parsed.clear();
    // A copy as the key: a text of 13 characters or more read from a document is a slice of it (intern.ts, own).
    parsed.set(own(v), d = normalZero(new Decimal(v)));
  }
  return d;
}

function fromNumber(a: Atomic, t: AtomicType): Atomic {
  const exact = a.type === 'integer' || a.type === 'decimal';
  switch (t) {
    case 'boolean': return bool(exact ? !(a.value as Decimal).isZero() : (a.value as number) === (a.value as number) && a.value !== 0);
    case 'double': return new Atomic('double', exact ? decimalToNumber(a.value as Decimal) : (a.value as number));
    case 'float': return new Atomic('float', Math.fround(exact ? decimalToNumber(a.value as Decimal) : (a.value as number)));
    case 'decimal': case 'integer': {
      let d: Decimal;
      if (exact) d = a.value as Decimal;
      else {
        const n = a.value as number;
        if (!Number.isFinite(n)) throw new XPathError('FOCA0002', `cannot cast ${doubleToString(n)} to xs:${t}`);
        d = new Decimal(n);
      }
      return new Atomic(t, normalZero(t === 'integer' ? d.trunc() : d));
    }
    default: throw new XPathError('XPTY0004', `cannot cast xs:${a.type} to xs:${t}`);
  }
}

function fromDateTime(a: Atomic, t: AtomicType): Atomic {
  const v = a.value as DateTimeValue;
  if (a.type === 'dateTime' && (t === 'date' || t === 'time')) {
    return new Atomic(t, t === 'date'
      ? { ...v, dt: 'date', hour: 0, minute: 0, second: '00' }
      : { ...v, dt: 'time', year: 1972, month: 12, day: 31 });
  }
  if (a.type === 'date' && t === 'dateTime') return new Atomic(t, { ...v, dt: 'dateTime' });
  throw new XPathError('XPTY0004', `cannot cast xs:${a.type} to xs:${t}`);
}

export function castAs(a: Atomic, t: AtomicType): Atomic {
  if (a.type === t) return a;
  if (t === 'string' || t === 'untypedAtomic') return new Atomic(t, stringOf(a));
  switch (a.type) {
    case 'string': case 'untypedAtomic': return fromString(a.value as string, t);
    case 'anyURI':
      throw new XPathError('XPTY0004', `cannot cast xs:anyURI to xs:${t}`);
    case 'boolean':
      switch (t) {
        case 'integer': case 'decimal': return new Atomic(t, new Decimal(a.value ? 1 : 0));
        case 'double': case 'float': return new Atomic(t, a.value ? 1 : 0);
        default: throw new XPathError('XPTY0004', `cannot cast xs:boolean to xs:${t}`);
      }
    case 'integer': case 'decimal': case 'double': case 'float': return fromNumber(a, t);
    case 'date': case 'dateTime': case 'time': return fromDateTime(a, t);
    default: throw notImplemented(`cast from xs:${a.type}`);
  }
}

export function castable(a: Atomic, t: AtomicType): boolean {
  try {
    castAs(a, t);
    return true;
  } catch (e) {
    if (e instanceof XPathError && e.code !== NOT_IMPLEMENTED) return false;
    throw e;
  }
}
