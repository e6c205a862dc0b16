import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/io/json.js';
import { reasonRef } from '../../../src/messages/reasons.js';
import { speak } from '../../../src/messages/ref.js';

/** What a person reads when their JSON is cut short or mistyped: plain words at the place it went wrong. */
describe('JSON errors, in plain words', () => {
  it.each([
    ['{"x":', 'a value was expected, but the file ends here', 1, 6],
    ['{"x": tru}', 'unexpected "t"', 1, 7],
    ['{"x": 1', "expected ',' or '}', found the end of the file", 1, 8],
    ['{"x": 1} 2', 'unexpected "2" after the JSON value', 1, 10],
    // What JSON does not have but an accountant's editor or a script writes (qa9): said for what it is.
    ['{\n  // the due date\n  "x": 1}', 'a comment: JSON has none — remove it', 2, 3],
    ['{"x": 1 /* net */}', 'a comment: JSON has none — remove it', 1, 9],
    ["{'x': 1}", 'a string in single quotes: JSON strings take double quotes ("…")', 1, 2],
    ['{"x": NaN}', 'NaN is not a JSON value: write the number in digits, or leave the field out', 1, 7],
    ['[-Infinity]', '-Infinity is not a JSON value: write the number in digits, or leave the field out', 1, 2],
    ['{"x": Nancy}', 'unexpected "N"', 1, 7],
    // What a body copied from an email or a word processor brings (qa11): curly quotes, spaces that only look like one.
    ['{\u201cx\u201d: 1}', '\u201c is a typographic quote, as word processors and email write them: JSON takes the straight double quote (") — retype the quotes', 1, 2],
    ['{"x": \u201cS\u201d}', '\u201c is a typographic quote, as word processors and email write them: JSON takes the straight double quote (") — retype the quotes', 1, 7],
    ['{"x":\u00a01}', 'a no-break space (U+00A0), which looks like a space: JSON takes only plain spaces, tabs and line breaks between values — replace it with a plain space', 1, 6],
    ['{"x": 1,\u200b"y": 2}', 'a zero-width space (U+200B), which looks like a space: JSON takes only plain spaces, tabs and line breaks between values — replace it with a plain space', 1, 9],
    ['Hi team, the payload:\n\n{"x": 1}', 'text before the JSON, which starts at line 3: give the JSON alone', 1, 1],
    ['> {\n>   "x": 1\n> }', 'an email quote mark (>) at the start of the line: give the JSON alone, without the quote marks', 1, 1],
    ['```json\n{"x": 1}\n```', 'a Markdown code fence (```), as chat and email apps put around code: give the JSON alone, without the fence lines', 1, 1],
    ['{"x": 1}\n{"x": 2}', 'a second JSON value after the first: JSON text holds one value — give several invoices as an array ([…]) or a bulk body ({"invoices": […]})', 2, 1],
  ])('%j', (text, message, line, column) => {
    expect(parseJson(text)).toMatchObject({ ok: false, message, line, column });
  });
});

describe('JSON errors in Arabic (qa9)', () => {
  it('a comment and NaN are read back from their English and said in Arabic', () => {
    expect(speak(reasonRef('a comment: JSON has none — remove it')!, 'ar')).toBe('تعليق: لا تعليقات في JSON — احذفه');
    expect(speak(reasonRef('NaN is not a JSON value: write the number in digits, or leave the field out')!, 'ar')).toBe('NaN ليست قيمة JSON: اكتب العدد بالأرقام، أو احذف الحقل');
  });
  it('a curly quote and a no-break space are read back from their English and said in Arabic (qa11)', () => {
    const quote = parseJson('{\u201cx\u201d: 1}');
    const space = parseJson('{"x":\u00a01}');
    expect(speak(reasonRef(quote.ok ? '' : quote.message)!, 'ar')).toMatch(/^\u201c علامة تنصيص مطبعية/);
    expect(speak(reasonRef(space.ok ? '' : space.message)!, 'ar')).toMatch(/^مسافة غير قابلة للفصل \(U\+00A0\)، ويبدو كمسافة/);
  });
});
