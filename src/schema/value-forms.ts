import { isCurrencyCode } from '../codelists/currencies.js';
import { MAX_AMOUNT } from './body-validator.js';
import type { NumberProblem, ValueFix } from '../model/value-fix.js';

export type { NumberProblem, ValueFix } from '../model/value-fix.js';

/*
 * Values in a common wrong form, read as what they were meant to be (issue 24 item 4): an amount with thousands
 * separators, a decimal comma, a percent sign or a currency; a date in a form other than YYYY-MM-DD; a TRN with
 * spaces or dashes. Each reading is what the value says, nothing guessed: where a value has two readings
 * (`"1,250"`, `"03/06/2026"`), both are given. The words are src/messages/values.ts's.
 */

/** How the request reads a field's text: an amount (a percentage for rates), a date, a UAE TRN. */
export type ValueKind = 'amount' | 'percent' | 'date' | 'trn';

// ---- amounts

/** Currency signs and the Arabic abbreviation of the dirham, as they precede or follow amounts in exports. */
const SIGNS: Readonly<Record<string, string>> = { '$': 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', 'د.إ': 'AED', 'د.إ.': 'AED', 'dhs': 'AED', 'dh': 'AED' };
const SIGN = /^(?:د\.إ\.?|dhs?\.?|[$€£¥₹]|[A-Za-z]{3})/i;
const SIGN_AFTER = /(?:د\.إ\.?|dhs?\.?|[$€£¥₹]|[A-Za-z]{3})$/i;
/** Characters written between groups of digits: comma, point, apostrophes, and the spaces (plain, no-break, thin). */
const GROUPING = /[,.'’\s\u00a0\u2009\u202f]/;

function currencyOf(mark: string): string | undefined {
  const plain = mark.toLowerCase().replace(/\.$/, '');
  if (Object.hasOwn(SIGNS, mark)) return SIGNS[mark];
  if (Object.hasOwn(SIGNS, plain)) return SIGNS[plain];
  return /^[A-Za-z]{3}$/.test(mark) && isCurrencyCode(mark.toUpperCase()) ? mark.toUpperCase() : undefined;
}

/** Digits grouped by `sep` in threes (1,250,000), or in the Indian way (12,50,000): the digits, else undefined. */
function grouped(text: string, sep: string): string | undefined {
  const s = sep.replace(/[.\\]/g, '\\$&');
  const western = new RegExp(`^\\d{1,3}(?:${s}\\d{3})+$`);
  const indian = new RegExp(`^\\d{1,2}(?:${s}\\d{2})+${s}\\d{3}$`);
  return western.test(text) || indian.test(text) ? text.split(sep).join('') : undefined;
}

/** The integer and decimal digits of a number's text with separators, and what the separators were. */
function digitsOf(core: string): { integer: string; decimals?: string; problems: NumberProblem[]; ambiguous?: { integer: string; decimals: string } } | undefined {
  if (/^\d+(\.\d+)?$/.test(core)) { const [integer, decimals] = core.split('.'); return { integer: integer!, ...(decimals ? { decimals } : {}), problems: [] }; }
  if (!/^\d/.test(core) || !/\d$/.test(core) || !GROUPING.test(core)) return undefined;
  const marks = [...new Set(core.replace(/\d/g, ''))];
  const lastMark = core.replace(/\d+$/, '').slice(-1);
  const [head, tail] = [core.slice(0, core.lastIndexOf(lastMark)), core.slice(core.lastIndexOf(lastMark) + 1)];
  const space = (m: string) => /[\s\u00a0\u2009\u202f]/.test(m);
  const name = (m: string) => (space(m) ? ' ' : m === '’' ? "'" : m);
  if (marks.length === 1) {
    const mark = marks[0]!;
    const count = core.split(mark).length - 1;
    if (count > 1 || space(mark) || mark === "'" || mark === '’') {
      const digits = grouped(core, mark);
      return digits === undefined ? undefined : { integer: digits, problems: [{ kind: 'grouping', separator: name(mark) }] };
    }
    // One comma (a single point is a decimal point, read already): three digits after it may be either separator.
    if (mark !== ',') return undefined;
    if (tail.length === 3 && /^[1-9]\d{0,2}$/.test(head)) {
      return { integer: head + tail, problems: [{ kind: 'grouping', separator: ',' }], ambiguous: { integer: head, decimals: tail } };
    }
    return { integer: head, decimals: tail, problems: [{ kind: 'decimal-comma' }] };
  }
  // Two kinds of mark: the last one is the decimal separator, the other groups the integer digits.
  if (marks.length !== 2 || lastMark === "'" || space(lastMark)) return undefined;
  const other = marks.find((m) => m !== lastMark)!;
  if (other === lastMark || tail.length === 0) return undefined;
  const integer = grouped(head, other);
  if (integer === undefined) return undefined;
  const problems: NumberProblem[] = [{ kind: 'grouping', separator: name(other) }];
  if (lastMark === ',') problems.push({ kind: 'decimal-comma' });
  else if (lastMark !== '.') return undefined;
  return { integer, decimals: tail, problems };
}

/** An amount's text as the request takes it, or undefined when it is not an amount in a known wrong form. */
export function numberFix(sent: string, percentAllowed: boolean): ValueFix | undefined {
  let text = sent.trim();
  const problems: NumberProblem[] = [];
  let negative = false;
  const parens = /^\((.*)\)$/.exec(text);
  if (parens) { negative = true; text = parens[1]!.trim(); problems.push({ kind: 'parentheses' }); }
  const before = SIGN.exec(text);
  const after = before ? null : SIGN_AFTER.exec(text);
  const mark = before?.[0] ?? after?.[0];
  if (mark !== undefined) {
    const currency = currencyOf(mark);
    if (currency === undefined) return undefined;
    text = (before ? text.slice(mark.length) : text.slice(0, -mark.length)).trim();
    problems.push({ kind: 'currency', currency });
  }
  if (/%$/.test(text)) {
    if (!percentAllowed) return undefined;
    text = text.slice(0, -1).trim();
    problems.push({ kind: 'percent' });
  }
  const sign = /^[+-]/.exec(text)?.[0];
  if (sign) { if (negative) return undefined; negative = sign === '-'; text = text.slice(1).trim(); }
  const digits = digitsOf(text);
  if (!digits) return undefined;
  problems.push(...digits.problems);
  if (!problems.length) return undefined;
  const write = (integer: string, decimals?: string) => `${negative ? '-' : ''}${integer}${decimals ? `.${decimals}` : ''}`;
  const fixed = write(digits.integer, digits.decimals);
  if (Math.abs(Number(fixed)) >= MAX_AMOUNT) return undefined;
  const or = digits.ambiguous ? write(digits.ambiguous.integer, digits.ambiguous.decimals) : undefined;
  return { kind: 'number', sent, problems, fixed, ...(or !== undefined ? { or } : {}) };
}

// ---- dates

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const monthOf = (name: string) => {
  const n = name.toLowerCase().replace(/\.$/, '');
  const i = MONTHS.findIndex((m) => m === n || (n.length === 3 && m.startsWith(n)) || (n === 'sept' && m === 'september'));
  return i < 0 ? undefined : i + 1;
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** A reading as a date: its YYYY-MM-DD form, or the day it names that the calendar does not have. */
function reading(sent: string, form: string, y: number, m: number, d: number): ValueFix | undefined {
  if (m < 1 || m > 12 || d < 1) return undefined;
  if (d > daysIn(y, m)) return d > 31 ? undefined : { kind: 'no-day', sent, form, year: y, month: m, day: d };
  return { kind: 'date', sent, form, readings: [iso(y, m, d)] };
}

/** A date's text as the request takes it (YYYY-MM-DD), or undefined when it is no date pintae can read. */
export function dateFix(sent: string): ValueFix | undefined {
  const text = sent.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) {
    const fix = reading(sent, 'YYYY-MM-DD', +m[1]!, +m[2]!, +m[3]!);
    return fix?.kind === 'no-day' ? fix : undefined;
  }
  m = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (m) {
    const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
    return reading(sent, 'a date and time', y, mo, d);
  }
  m = /^(\d{4})([/.\-])(\d{1,2})\2(\d{1,2})$/.exec(text);
  if (m) return reading(sent, m[2] === '-' ? 'YYYY-M-D' : `YYYY${m[2]}MM${m[2]}DD`, +m[1]!, +m[3]!, +m[4]!);
  m = /^(\d{1,2})([/.\-])(\d{1,2})\2(\d{4})$/.exec(text);
  if (m) {
    const [a, sep, b, y] = [+m[1]!, m[2]!, +m[3]!, +m[4]!];
    const dayFirst = `DD${sep}MM${sep}YYYY`;
    const monthFirst = `MM${sep}DD${sep}YYYY`;
    if (a > 12 && b <= 12) return reading(sent, dayFirst, y, b, a);
    if (b > 12 && a <= 12) return reading(sent, monthFirst, y, a, b);
    if (a > 12 || b > 12 || a < 1 || b < 1) return undefined;
    if (a === b) return reading(sent, dayFirst, y, b, a);
    return { kind: 'date', sent, form: `${dayFirst} or ${monthFirst}`, readings: [iso(y, b, a), iso(y, a, b)] };
  }
  // A month by its name: 15-Jun-2026, 15 June 2026, June 15, 2026.
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*([A-Za-z]{3,9}\.?)[\s\-/.,]*(\d{4})$/.exec(text);
  if (m && monthOf(m[2]!)) return reading(sent, 'a month name', +m[3]!, monthOf(m[2]!)!, +m[1]!);
  m = /^([A-Za-z]{3,9}\.?)[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]*(\d{4})$/.exec(text);
  if (m && monthOf(m[1]!)) return reading(sent, 'a month name', +m[3]!, monthOf(m[1]!)!, +m[2]!);
  return undefined;
}

// ---- TRN

/** A UAE TRN's 15 digits, from text that holds them with spaces, dashes, points or a "TRN" label. */
export function trnFix(sent: string): ValueFix | undefined {
  const problems: Array<'spaces' | 'dashes' | 'dots' | 'prefix'> = [];
  let text = sent.trim();
  const label = /^TRN\s*[:#.\-]?\s*/i.exec(text);
  if (label && /\d/.test(text.slice(label[0].length, label[0].length + 1))) { problems.push('prefix'); text = text.slice(label[0].length); }
  if (/[\s\u00a0]/.test(text)) problems.push('spaces');
  if (/[-‐‑–]/.test(text)) problems.push('dashes');
  if (/\./.test(text)) problems.push('dots');
  const digits = text.replace(/[\s\u00a0\-‐‑–.]/g, '');
  return problems.length && /^\d{15}$/.test(digits) ? { kind: 'trn', sent, problems, fixed: digits } : undefined;
}

/** The fix of a value of this kind, if its text is in a wrong form pintae can read. */
export function valueFix(kind: ValueKind, sent: string): ValueFix | undefined {
  switch (kind) {
    case 'amount': return numberFix(sent, false);
    case 'percent': return numberFix(sent, true);
    case 'date': return dateFix(sent);
    case 'trn': return trnFix(sent);
  }
}
