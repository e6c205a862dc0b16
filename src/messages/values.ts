import type { NumberProblem, ValueFix } from '../model/value-fix.js';
import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';
import { joinedAr } from './terms.js';

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

/** The words of a fix, in English. */
function fixEn(fix: ValueFix): string {
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
    case 'text':
      return `${fix.sent} is sent as a number: send it as text, in quotes, ${q(fix.fixed)}`;
  }
}

// The same in Arabic (issue 26): values, codes and dates stay as sent, in Western digits.
const MONTH_NAMES_AR = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const SEPARATORS_AR: Readonly<Record<string, string>> = { ',': 'فاصلة', '.': 'نقطة', ' ': 'مسافة', "'": 'فاصلة عليا' };
const TRN_PROBLEMS_AR = { spaces: 'مسافات', dashes: 'شرطات', dots: 'نقاط', prefix: 'الوسم "TRN"' } as const;
/** A date form's name: a pattern stays as it is ("DD/MM/YYYY"); the forms said in words are said in Arabic. */
const formAr = (form: string) => (form === 'a date and time' ? 'تاريخ ووقت' : form === 'a month name' ? 'اسم شهر' : form.replace(' or ', ' أو '));
const dayMonthAr = (date: string) => `${Number(date.slice(8))} ${MONTH_NAMES_AR[Number(date.slice(5, 7)) - 1]}`;

const problemAr = (p: NumberProblem): string => {
  switch (p.kind) {
    case 'currency': return `فيه عملته (${p.currency}؛ حقل currency يذكرها)`;
    case 'percent': return 'فيه علامة النسبة المئوية (الحقل نسبة مئوية أصلاً)';
    case 'parentheses': return 'بين قوسين للدلالة على مبلغ سالب';
    case 'grouping': return `فيه ${SEPARATORS_AR[p.separator] ?? q(p.separator)} بين الآلاف`;
    case 'decimal-comma': return 'فيه فاصلة عشرية';
  }
};

function fixAr(fix: ValueFix): string {
  switch (fix.kind) {
    case 'number': {
      if (fix.or !== undefined) {
        const rest = fix.problems.filter((p) => p.kind !== 'grouping');
        const also = rest.length ? `${joinedAr(rest.map(problemAr))}، و` : '';
        return `${q(fix.sent)} ${also}يُقرأ ${fix.fixed} بفاصلة بين الآلاف أو ${fix.or} بفاصلة عشرية: أرسل ${fix.fixed} أو ${fix.or} (نقطة للكسور العشرية، ولا شيء بين الآلاف)`;
      }
      return `${q(fix.sent)} ${joinedAr(fix.problems.map(problemAr))}: أرسل ${fix.fixed}`;
    }
    case 'date':
      if (fix.readings.length === 2) {
        const [a, b] = fix.readings as [string, string];
        return `${q(fix.sent)} تاريخ بالصيغة ${formAr(fix.form)}، ويومه وشهره كلاهما 12 أو أقل، فيحتمل المعنيين: أرسل ${q(a)} (${dayMonthAr(a)}) أو ${q(b)} (${dayMonthAr(b)})، بالصيغة YYYY-MM-DD`;
      }
      return fix.form === 'a date and time'
        ? `${q(fix.sent)} فيه وقت من اليوم: أرسل التاريخ وحده، ${q(fix.readings[0])}`
        : `${q(fix.sent)} تاريخ ${fix.form === 'a month name' ? 'مكتوب بالكلمات' : `بالصيغة ${formAr(fix.form)}`}: أرسل ${q(fix.readings[0])} (YYYY-MM-DD)`;
    case 'no-day':
      return `${q(fix.sent)}${fix.form === 'YYYY-MM-DD' ? '' : ` (${formAr(fix.form)})`} يسمّي يوم ${fix.day} ${MONTH_NAMES_AR[fix.month - 1]} ${fix.year}، وهو يوم ليس في التقويم: شهر ${MONTH_NAMES_AR[fix.month - 1]} ${fix.year} فيه ${new Date(Date.UTC(fix.year, fix.month, 0)).getUTCDate()} يوماً`;
    case 'trn':
      return `${q(fix.sent)} فيه ${joinedAr(fix.problems.map((p) => TRN_PROBLEMS_AR[p]))}: أرسل الأرقام الخمسة عشر وحدها، ${q(fix.fixed)}`;
    case 'text':
      return `${fix.sent} مُرسل رقماً: أرسله نصاً بين علامتي تنصيص، ${q(fix.fixed)}`;
  }
}

/** The hints by id (one entry: the fix is its parameter, plain data), in English and Arabic. */
export const VALUES = {
  'value.fix': { en: (p: { fix: ValueFix }) => fixEn(p.fix), ar: (p: { fix: ValueFix }) => fixAr(p.fix) },
} as const satisfies Record<string, Text<never>>;

/** The words of a fix: its English, and the reference a report says in its language. */
export const valueFixSaid = (fix: ValueFix): Worded => wordsOf('value.fix', VALUES['value.fix'], { fix });

/** The English words of a fix. */
export const valueFixWords = (fix: ValueFix): string => fixEn(fix);

registerCatalogue((id) => (Object.hasOwn(VALUES, id) ? VALUES[id as keyof typeof VALUES] as unknown as Text<never> : undefined));
