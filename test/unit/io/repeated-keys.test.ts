/** Issue 22, item 8: a key given twice in one object is found, located, and named with where it was first given. */
import { describe, expect, it } from 'vitest';
import { repeatedKeys, repeatedKeyWarnings } from '../../../src/io/repeated-keys.js';

describe('repeatedKeys', () => {
  it('finds each repeat in its own object, at any depth, located at the repeat', () => {
    const text = '{\n  "a": 1,\n  "b": {"a": 2, "c": [{"a": 3}, {"a": 4, "a": 5}]},\n  "a": 6\n}';
    expect(repeatedKeys(text)).toEqual([
      { key: 'a', at: { line: 3, column: 42 }, first: { line: 3, column: 34 } },
      { key: 'a', at: { line: 4, column: 3 }, first: { line: 2, column: 3 } },
    ]);
  });

  it('a value that reads like a key is no key; escaped names are compared as their text', () => {
    expect(repeatedKeys('{"a": "a", "b": ["a", "a"], "c": {"x": "c"}}')).toEqual([]);
    expect(repeatedKeys('{"\\u0061": 1, "a": 2, "q\\"": 3, "q\\"": 4}').map((r) => r.key)).toEqual(['a', 'q"']);
  });

  it('names differing in case are different keys (JSON compares names exactly)', () => {
    expect(repeatedKeys('{"IBR-127-AE": "off", "ibr-127-ae": "error"}')).toEqual([]);
  });

  it('a warning in the CLI\'s words', () => {
    expect(repeatedKeyWarnings('{"format": "json",\n "format": "stylish"}', 'pintae.config.json')).toEqual([
      'pintae.config.json:2:2: "format" is given twice in one object (first at line 1, column 2): JSON leaves a repeated key undefined, and pintae reads the last one; keep one',
    ]);
  });
});
