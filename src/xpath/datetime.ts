/*
 * xs:date, xs:dateTime and xs:time: lexical forms (XSD 1.1, as Saxon uses), canonical strings and ordering.
 */
import { XPathError } from './api.js';
import { notImplemented } from './atomic.js';

export interface DateTimeValue {
  readonly dt: 'date' | 'dateTime' | 'time';
  /** Year (negative for BCE in XSD 1.1 numbering: 0 is 1 BCE); month 1-12; day 1-31. 1972-12-31 for a time. */
  readonly year: number; readonly month: number; readonly day: number;
  readonly hour: number; readonly minute: number;
  /** Seconds as written, canonical: '05', '05.5' (no trailing zeros in the fraction). */
  readonly second: string;
  /** Timezone offset in minutes, null when absent. */
  readonly tz: number | null;
}

export function isDateTimeValue(v: unknown): v is DateTimeValue {
  return typeof v === 'object' && v !== null && 'dt' in v;
}

const DATE = /^(-?)(\d{4,})-(\d\d)-(\d\d)(Z|[+-]\d\d:\d\d)?$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(Z|[+-]\d\d:\d\d)?$/;
const DATE_TIME = /^(-?)(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d(?:\.\d+)?)(Z|[+-]\d\d:\d\d)?$/;

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
function daysIn(y: number, m: number): number {
  return m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function parseTz(s: string | undefined): number | null | undefined {
  if (s === undefined) return null;
  if (s === 'Z') return 0;
  const h = Number(s.slice(1, 3)), m = Number(s.slice(4, 6));
  // Saxon-JS 2.7 accepts +14:01 to +14:59 (XSD does not); mirrored.
  if (m > 59 || h > 14) return undefined;
  return (s[0] === '-' ? -1 : 1) * (h * 60 + m);
}

function parseYear(sign: string, digits: string): number | undefined {
  // XSD allows years past 9999; Saxon-JS 2.7 does not (castable gives false, a cast FODT0001), nor do we.
  if (digits.length > 4) return undefined;
  const y = Number(digits);
  return sign ? -y : y;
}

function canonicalSecond(s: string): string {
  if (!s.includes('.')) return s;
  const t = s.replace(/0+$/, '');
  return t.endsWith('.') ? t.slice(0, -1) : t;
}

/** Saxon-JS 2.7 keeps milliseconds only (12:00:00.1234 becomes 12:00:00.123): such a value is valid, but its string
 *  and its order are left to Saxon-JS. */
function checkMilliseconds(v: DateTimeValue): void {
  if (v.second.length > 6) throw notImplemented('fractional seconds finer than milliseconds');
}

/** undefined when `s` (whitespace already collapsed) is not in the lexical space. */
export function parseDateTime(kind: DateTimeValue['dt'], s: string): DateTimeValue | undefined {
  let year = 1972, month = 12, day = 31, hour = 0, minute = 0, second = '00', tzText: string | undefined;
  if (kind === 'date' || kind === 'dateTime') {
    const m = (kind === 'date' ? DATE : DATE_TIME).exec(s);
    if (!m) return undefined;
    const y = parseYear(m[1], m[2]);
    if (y === undefined) return undefined;
    year = y; month = Number(m[3]); day = Number(m[4]);
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
    if (kind === 'dateTime') { hour = Number(m[5]); minute = Number(m[6]); second = m[7]; tzText = m[8]; } else tzText = m[5];
  } else {
    const m = TIME.exec(s);
    if (!m) return undefined;
    hour = Number(m[1]); minute = Number(m[2]); second = m[3]; tzText = m[4];
  }
  const tz = parseTz(tzText);
  if (tz === undefined) return undefined;
  if (kind !== 'date') {
    if (minute > 59 || Number(second) >= 60) return undefined;
    if (hour === 24) {
      if (minute !== 0 || Number(second) !== 0) return undefined;
      // 24:00:00 is 00:00:00 of the next day.
      if (kind === 'dateTime') [year, month, day] = civilDate(dayNumber(year, month, day) + 1);
      if (year > 9999) throw notImplemented('24:00:00 at the end of year 9999');
      hour = 0; second = '00';
    } else if (hour > 23) return undefined;
  }
  return { dt: kind, year, month, day, hour, minute, second: canonicalSecond(second), tz };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function formatDateTime(v: DateTimeValue): string {
  checkMilliseconds(v);
  const date = `${v.year < 0 ? '-' : ''}${pad(Math.abs(v.year), 4)}-${pad(v.month)}-${pad(v.day)}`;
  const time = `${pad(v.hour)}:${pad(v.minute)}:${v.second}`;
  let tz = '';
  if (v.tz !== null) {
    const a = Math.abs(v.tz);
    tz = v.tz === 0 ? 'Z' : `${v.tz < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
  }
  return v.dt === 'date' ? date + tz : v.dt === 'time' ? time + tz : `${date}T${time}${tz}`;
}

/** Days from 1970-01-01 to the given proleptic Gregorian date. */
function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The proleptic Gregorian date of a day number (inverse of dayNumber). */
function civilDate(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** Seconds (with fraction) from the epoch, in the value's own timezone adjusted to UTC when it has one. */
function instant(v: DateTimeValue): number {
  const base = dayNumber(v.year, v.month, v.day) * 86400 + v.hour * 3600 + v.minute * 60 + Number(v.second);
  return base - (v.tz ?? 0) * 60;
}

/**
 * Order of two values of the same kind. A value with a timezone against one without depends on the implicit
 * timezone (the machine's, for Saxon-JS): not decided here, the document goes to Saxon-JS.
 */
export function compareDateTimes(a: DateTimeValue, b: DateTimeValue): number {
  if (a.dt !== b.dt) throw new XPathError('XPTY0004', `cannot compare xs:${a.dt} with xs:${b.dt}`);
  if ((a.tz === null) !== (b.tz === null)) throw notImplemented('comparing a value with a timezone and one without');
  checkMilliseconds(a);
  checkMilliseconds(b);
  const x = instant(a), y = instant(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
