/**
 * Control characters a terminal would act on rather than show: C0 but tab and line feed (ESC starts an escape
 * sequence, BEL rings, CR and BS move the cursor back over what was written), DEL, and C1 (U+009B is CSI, U+009D OSC).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** `text` with each control character written as its JSON escape (`\u001b`), the form pintae quotes values in. */
export const visible = (text: string): string =>
  text.replace(CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A copy of `value` whose strings are `visible`, for a report a terminal shows: an invoice number, a key, a file name or
 * a service's answer holding `ESC [2J` (clear the screen), `ESC ] 0;…BEL` (the window's title) or `ESC [8m` (hide what
 * follows) would otherwise be acted on by the terminal of whoever reads the report. Objects and arrays without such a
 * character are returned as they are (the same object), so a report's identities (a finding and its cause) hold.
 */
export function visibleCopy<T>(value: T): T {
  if (typeof value === 'string') return (CONTROL.test(value) ? visible(value) : value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const seen = visibleCopy(item);
      if (seen !== item) (copy ??= [...value])[i] = seen;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const seen = visibleCopy(item);
      if (seen !== item) (copy ??= { ...value } as Record<string, unknown>)[key] = seen;
    }
    return (copy ?? value) as T;
  }
  return value;
}
