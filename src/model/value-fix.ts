/** A value sent in a common wrong form, read as what it was meant to be (src/schema/value-forms.ts). */

/** What is wrong with an amount's text, in the order the words name it. */
export type NumberProblem =
  | { kind: 'currency'; currency: string }
  | { kind: 'percent' }
  | { kind: 'parentheses' }
  | { kind: 'grouping'; separator: string }
  | { kind: 'decimal-comma' };

export type ValueFix =
  /** `fixed`: the amount as the request takes it; `or` the second reading of a comma that may be either separator. */
  | { kind: 'number'; sent: string; problems: NumberProblem[]; fixed: string; or?: string }
  /** A date in another order or form: its reading(s) in YYYY-MM-DD; two when day and month could be either. */
  | { kind: 'date'; sent: string; form: string; readings: string[] }
  /** A date that names no day of the calendar, read in `form` (the request's own form, or another one). */
  | { kind: 'no-day'; sent: string; form: string; year: number; month: number; day: number }
  | { kind: 'trn'; sent: string; problems: Array<'spaces' | 'dashes' | 'dots' | 'prefix'>; fixed: string }
  /** A code or number sent as a JSON number where the request takes text (`"payment_means_code": 30`): `fixed`, in quotes. */
  | { kind: 'text'; sent: number; fixed: string };
