import type { NumberProblem, ValueFix } from '../model/value-fix.js';

/**
 * pintae's advice on a value sent in a common wrong form (src/schema/value-forms.ts): the value quoted, what is wrong
 * with its form, and the value to send. It stands beside the finding's message (the `hint` of a finding), which
 * stays what the service answers.
 */
const q = (v: unknown) => JSON.stringify(v);
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SEPARATORS: Readonly<Record<string, string>> = { ',': 'a comma', '.': 'a point', ' ': 'a space', "'": 'an apostrophe' };

const problemWords = (p: NumberProblem): string => {
  switch (p.kind) {
    case 'currency': return `has its currency in it (${p.currency}; the currency field states it)`;
    case 'percent': return 'has a percent sign (the field is a percentage already)';
    case 'parentheses': return 'is in parentheses for a negative amount';
    case 'grouping': return `has ${SEPARATORS[p.separator] ?? q(p.separator)} between thousands`;
    case 'decimal-comma': return 'has a decimal comma';
  }
};
const joined = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);
/** `3 June` of `2026-06-03`. */
const dayMonth = (date: string) => `${Number(date.slice(8))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]}`;

const TRN_PROBLEMS = { spaces: 'spaces', dashes: 'dashes', dots: 'points', prefix: 'a "TRN" label' } as const;

/** The words of a fix. */
export function valueFixWords(fix: ValueFix): string {
  switch (fix.kind) {
    case 'number': {
      if (fix.or !== undefined) {
        const rest = fix.problems.filter((p) => p.kind !== 'grouping');
        const also = rest.length ? `${joined(rest.map(problemWords))}, and ` : '';
        return `${q(fix.sent)} ${also}reads as ${fix.fixed} with a comma between thousands or as ${fix.or} with a decimal comma: send ${fix.fixed} or ${fix.or} (a point for decimals, nothing between thousands)`;
      }
      return `${q(fix.sent)} ${joined(fix.problems.map(problemWords))}: send ${fix.fixed}`;
    }
    case 'date':
      if (fix.readings.length === 2) {
        const [a, b] = fix.readings as [string, string];
        return `${q(fix.sent)} is a date in ${fix.form} form, and its day and month are both 12 or less, so either is meant: send ${q(a)} (${dayMonth(a)}) or ${q(b)} (${dayMonth(b)}), in YYYY-MM-DD form`;
      }
      return fix.form === 'a date and time'
        ? `${q(fix.sent)} has a time of day: send the date alone, ${q(fix.readings[0])}`
        : `${q(fix.sent)} is a date in ${fix.form === 'a month name' ? 'words' : `${fix.form} form`}: send ${q(fix.readings[0])} (YYYY-MM-DD)`;
    case 'no-day':
      return `${q(fix.sent)}${fix.form === 'YYYY-MM-DD' ? '' : ` (${fix.form})`} names ${fix.day} ${MONTH_NAMES[fix.month - 1]} ${fix.year}, a day the calendar does not have: ${MONTH_NAMES[fix.month - 1]} ${fix.year} has ${new Date(Date.UTC(fix.year, fix.month, 0)).getUTCDate()} days`;
    case 'trn':
      return `${q(fix.sent)} has ${joined(fix.problems.map((p) => TRN_PROBLEMS[p]))}: send the 15 digits alone, ${q(fix.fixed)}`;
  }
}
