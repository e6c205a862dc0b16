import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/io/json.js';

/** What a person reads when their JSON is cut short or mistyped: plain words at the place it went wrong. */
describe('JSON errors, in plain words', () => {
  it.each([
    ['{"x":', 'a value was expected, but the file ends here', 1, 6],
    ['{"x": tru}', 'unexpected "t"', 1, 7],
    ['{"x": 1', "expected ',' or '}', found the end of the file", 1, 8],
    ['{"x": 1} 2', 'unexpected "2" after the JSON value', 1, 10],
  ])('%j', (text, message, line, column) => {
    expect(parseJson(text)).toMatchObject({ ok: false, message, line, column });
  });
});
