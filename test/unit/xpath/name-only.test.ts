import { describe, expect, it } from 'vitest';
import { nameOnly } from '../../../src/xpath/index.js';

/*
 * nameOnly: the predicates the native runner decides once per name path (src/xpath/name-only.ts). A predicate it
 * accepts must give, for any two elements of the same namespace, local name and prefix, the same boolean or the same
 * error; anything that reads more than the name (a path, the text, a variable, the position) or may be a number (a
 * predicate then selects by position) must be refused.
 */
describe('nameOnly', () => {
  it('accepts booleans built from name(), local-name() and namespace-uri() of the context element and literals', () => {
    for (const e of [
      "namespace-uri() = 'urn:x' and ends-with(local-name(), 'Time')", "ends-with(name(), 'BinaryObject')", "name() = 'p:a'",
      "not(starts-with(name(), 'q:'))", "(local-name() = 'a') or (local-name() = 'b')", "contains(concat(name(), '/'), 'nt/')",
      "upper-case(local-name()) eq 'AMOUNT'", "boolean(namespace-uri())", "true()", "local-name() != normalize-space(name())",
    ]) expect(nameOnly(e), e).toBe(true);
  });
  it('refuses what reads more than the name, or may be a number', () => {
    for (const e of [
      'not(*)', 'normalize-space()', "name(..) = 'a'", "local-name(.) = 'a'", "name(*[1]) = 'a'", "@n = 'a'", "$v = name()",
      "string() = 'a'", "name() = string(.)", 'string-length(name())', 'position() = 1', '1', "name()", "'a'", "fn:name() = 'a'",
      "name() = 'a' and . = 'x'", "lower-case(local-name()) = current()/x", 'not(', "name() = ('a', 'b')", "local-name() < 'b'",
    ]) expect(nameOnly(e), e).toBe(false);
  });
});
