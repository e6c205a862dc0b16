import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.js';
import { engine, engineWithParsed, parsedTrees, type XPathEngine } from '../../../src/xpath/index.js';
import { parse } from '../../../src/xpath/parse.js';
import { NativeRules } from '../../../src/schematron/native.js';

/*
 * The build writes, beside each built-in rule set's native plan, the trees of the expressions it compiles
 * (<name>.parsed.json, scripts/build-rules.mjs); a CLI process reads them instead of parsing the expressions while the
 * parser's code is cold. Reading them must give exactly what parsing gives, for every expression the rules compile.
 */
const sc = { namespaces: new Map<string, string>(), variables: new Set<string>() };
const BUILTIN = ['pint-ae', 'pint-ae-selfbilling', 'pint-ae-tdd'];

describe('expressions read beforehand (engineWithParsed)', () => {
  it('a text in the map is compiled from its tree, any other is parsed', () => {
    const withTrees = engineWithParsed(new Map([['1 + 1', { k: 'literal', type: 'integer', text: '5' }]]));
    const value = (e: XPathEngine, expr: string) => e.valueOf(e.compile(expr, sc)(undefined, new Map()));
    expect(value(withTrees, '1 + 1')).toBe('5');
    expect(value(withTrees, '2 + 2')).toBe('4');
    expect(withTrees.compileTest('1 + 1', sc).test(undefined, new Map())).toBe(true);
    expect(value(engine, '1 + 1')).toBe('2');
    // The XPath of xsl:function bodies too, read on the function's first call.
    const xsl = ['<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f"><xsl:function name="f:two"><xsl:sequence select="1 + 1"/></xsl:function></xsl:stylesheet>'];
    const withF = (e: XPathEngine) => e.valueOf(e.compile('f:two()', { ...sc, namespaces: new Map([['f', 'urn:f']]), functions: e.defineFunctions(xsl, new Map()) })(undefined, new Map()));
    expect(withF(withTrees)).toBe('5');
    expect(withF(engine)).toBe('2');
    // Errors are the parser's as before: a static error for a text not in the map, an expression too deep as unsupported.
    expect(() => withTrees.compile('1 +', sc)).toThrow(/XPST0003|expected|unexpected/i);
    expect(() => withTrees.compile('('.repeat(20_000) + '1' + ')'.repeat(20_000), sc)).toThrow(/nested too deeply/);
  });

  it('parsedTrees gives what parse gives, through JSON', () => {
    const texts = ["cbc:ID[@schemeID = '0088'] | cbc:CompanyID", 'for $i in 1 to 3 return $i * 2.5e0', 'xs:decimal(.) castable as xs:integer', '//*[not(*) and not(normalize-space())]'];
    const trees = JSON.parse(JSON.stringify(parsedTrees(texts))) as Record<string, unknown>;
    for (const t of texts) expect(trees[t]).toEqual(parse(t));
  });

  for (const name of BUILTIN) {
    const planFile = join(ROOT, 'dist/schematron', `${name}.native.json`);
    const treesFile = join(ROOT, 'dist/schematron', `${name}.parsed.json`);
    it(`${name}: every expression its rules compile is stored, as the parser reads it`, () => {
      // npm test builds first; run alone without a build, there is nothing to check.
      if (!existsSync(planFile)) { console.warn(`skipped: ${planFile} is missing (run npm run build)`); return; }
      const trees = JSON.parse(readFileSync(treesFile, 'utf8')) as Record<string, unknown>;
      const compiled = new Set<string>();
      const recording: XPathEngine = {
        ...engine,
        compile: (expr, context) => { compiled.add(expr); return engine.compile(expr, context); },
        compileTest: (expr, context) => { compiled.add(expr); return engine.compileTest(expr, context); },
        defineFunctions: (stylesheets, namespaces) => engine.defineFunctions(stylesheets, namespaces, (expr) => compiled.add(expr)),
      };
      new NativeRules(recording, JSON.parse(readFileSync(planFile, 'utf8'))).compileAll();
      expect(compiled.size).toBeGreaterThan(name === 'pint-ae-tdd' ? 20 : 200);
      expect([...compiled].filter((e) => !Object.hasOwn(trees, e))).toEqual([]);
      for (const [text, tree] of Object.entries(trees)) expect(tree, text).toEqual(parse(text));
    });
  }
});
