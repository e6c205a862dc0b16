import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../../../src/xpath/index.js';
import { NativeRules } from '../../../src/schematron/native.js';
import { NativeFirst } from '../../../src/schematron/native-layer.js';
import type { NativePlan } from '../../../src/schematron/native-plan.js';
import type { Stylesheet } from '../../../src/schematron/run.js';
import type { SvrlResult } from '../../../src/schematron/svrl.js';

/*
 * A rule context's expressions are compiled when a node first needs them (start-up: most contexts never meet a
 * document). A context the evaluator cannot compile must still leave the set to Saxon-JS for good, as when it was
 * found at construction, and never read as "no match" (an XPath error while matching a pattern is no match).
 */
const dir = mkdtempSync(join(tmpdir(), 'pintae-native-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (test: string, id: string) => ({ check: { kind: 'failed-assert' as const, test, id, flag: 'fatal', message: [id] } });
const plan = (context: string): NativePlan => ({
  version: 1, namespaces: [], functions: [], globals: [],
  patterns: [{ rules: [{ context, parts: [check('false()', 'R-context')] }, { context: 'b', parts: [check('false()', 'R-b')] }] }],
});
/** The stand-in for Saxon-JS: says which documents reached it. */
function saxon(): Stylesheet & { seen: string[] } {
  const seen: string[] = [];
  return { name: 'saxon', seen, results: (xml: string): SvrlResult[] => { seen.push(xml); return [{ kind: 'failed-assert', id: 'SAXON', location: '/', text: 'saxon', test: 'false()' } as SvrlResult]; } } as unknown as Stylesheet & { seen: string[] };
}
function layer(context: string) {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(plan(context)));
  const stylesheet = saxon();
  return { native: new NativeFirst(path, stylesheet, () => engine, 'test'), stylesheet };
}

describe('rule contexts compiled on first need', () => {
  it('a context whose predicate does not compile costs nothing until a node needs it; compileAll still finds it', () => {
    const rules = new NativeRules(engine, plan('a[no-such-function(.)]'));
    expect(rules.results('<b/>').map((r) => r.id)).toEqual(['R-b']);
    expect(() => new NativeRules(engine, plan('a[no-such-function(.)]')).compileAll()).toThrow();
  });

  it('when a node needs it, the set goes to Saxon-JS for good, as if found at construction (no "no match")', () => {
    const { native, stylesheet } = layer('a[no-such-function(.)]');
    expect(native.results('<a/>').map((r) => r.id)).toEqual(['SAXON']);
    expect(native.stats.unsupported).toMatch(/no-such-function/);
    // From then on every document is Saxon-JS's, one the native engine could have answered too.
    expect(native.results('<b/>').map((r) => r.id)).toEqual(['SAXON']);
    expect(stylesheet.seen).toEqual(['<a/>', '<b/>']);
    expect(native.stats.native).toBe(0);
  });

  it('a context that compiles is matched as before', () => {
    const { native, stylesheet } = layer('a[@x = "1"]');
    expect(native.results('<r><a x="1"/><a x="2"/><b/></r>').map((r) => r.id)).toEqual(['R-context', 'R-b']);
    expect(stylesheet.seen).toEqual([]);
  });
});

/*
 * xsl:function bodies are compiled on their first call too (a one-invoice run calls about 15 of the built-in set's
 * 34). One that does not compile must leave the set to Saxon-JS for good, wherever it is first called: never an assert
 * failing with evaluation-error, never a context that does not match.
 */
describe('xsl:function bodies compiled on first call', () => {
  const XSL = '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f">'
    + '<xsl:function name="f:bad"><xsl:param name="n"/><xsl:sequence select="no-such-function($n)"/></xsl:function>'
    + '<xsl:function name="f:ok"><xsl:param name="n"/><xsl:sequence select="exists($n)"/></xsl:function></xsl:stylesheet>';
  const withFunctions = (rules: Array<{ context: string; test: string; id: string }>): NativePlan => ({
    version: 1, namespaces: [['f', 'urn:f']], functions: [XSL], globals: [],
    patterns: [{ rules: rules.map((r) => ({ context: r.context, parts: [check(r.test, r.id)] })) }],
  });
  function functionLayer(rules: Array<{ context: string; test: string; id: string }>) {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify(withFunctions(rules)));
    const stylesheet = saxon();
    return { native: new NativeFirst(path, stylesheet, () => engine, 'test'), stylesheet };
  }

  it('a body that does not compile costs nothing until called; compileAll still finds it', () => {
    const rules = [{ context: 'a', test: 'f:bad(.)', id: 'R-a' }, { context: 'b', test: 'not(f:ok(.))', id: 'R-b' }];
    expect(new NativeRules(engine, withFunctions(rules)).results('<b/>').map((r) => r.id)).toEqual(['R-b']);
    expect(() => new NativeRules(engine, withFunctions(rules)).compileAll()).toThrow(/no-such-function/);
  });

  it('first called in an assert: the set goes to Saxon-JS for good (no evaluation-error)', () => {
    const { native, stylesheet } = functionLayer([{ context: 'a', test: 'f:bad(.)', id: 'R-a' }, { context: 'b', test: 'not(f:ok(.))', id: 'R-b' }]);
    expect(native.results('<b/>').map((r) => r.id)).toEqual(['R-b']);
    expect(native.results('<a/>').map((r) => r.id)).toEqual(['SAXON']);
    expect(native.stats.unsupported).toMatch(/no-such-function/);
    expect(native.results('<b/>').map((r) => r.id)).toEqual(['SAXON']);
    expect(stylesheet.seen).toEqual(['<a/>', '<b/>']);
  });

  it('first called in a rule context: the set goes to Saxon-JS for good (no "no match")', () => {
    const { native, stylesheet } = functionLayer([{ context: 'a[f:bad(.)]', test: 'false()', id: 'R-a' }, { context: 'a', test: 'false()', id: 'R-a2' }]);
    expect(native.results('<a/>').map((r) => r.id)).toEqual(['SAXON']);
    expect(native.stats.unsupported).toMatch(/no-such-function/);
    expect(stylesheet.seen).toEqual(['<a/>']);
  });
});
