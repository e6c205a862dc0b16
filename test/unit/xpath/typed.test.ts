/*
 * Expressions compiled by their use (src/xpath/typed.ts, typed-paths.ts, typed-strings.ts and the fast paths of
 * evaluate.ts, xsl-functions.ts and the native runner's checks): each fast path differentially against Saxon-JS, on a
 * document made to reach its edges (no node, one, two; values that are no number, INF and NaN; space around values;
 * attributes; namespaces; an element with an index of its children; the document node), through the engine's compile
 * (the value) and compileTest (the effective boolean value a Schematron test takes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { XPathError, type Item } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';
import { location } from '../../../src/xpath/location.js';
import { parseXml } from '../../../src/xpath/xml.js';
import { parse } from '../../../src/xpath/parse.js';
import { compileElementTest } from '../../../src/xpath/structural.js';
import { disagreements, UBL_NAMESPACES, verdict, xpathOracle, type Outcome, type Row } from '../../helpers/saxon-xpath.js';

const SAMPLE = `<r d="1.5" dt="2024-02-29">
  <a id="1" n=" 2 " f="true"><b>x</b><b> y </b><c>5</c><e>INF</e></a>
  <a id="2" n="x"><b>x</b><c> 5.0 </c><e>NaN</e><e>-0</e><g><b>X</b></g></a>
  <a><c>abc</c><c>7</c><h/><h>  </h></a>
  <k><l><m>1</m></l><l><m>2</m><m>3</m></l></k>
  <p:a xmlns:p="urn:p"><p:b>1</p:b><b>2</b><p:c><b>3</b></p:c></p:a>
  <w><x>1</x><x>2</x><x>3</x><x>4</x><x>5</x><x>6</x><x>7</x><x>8</x><x>9</x><x>10</x><x>11</x><p:x xmlns:p="urn:p">12</p:x><y>13</y></w>
</r>`;

const FUNCTIONS = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:f="urn:f">
  <xsl:function name="f:s" as="xs:string"><xsl:param name="s" as="xs:string"/><xsl:sequence select="concat('[', $s, ']')"/></xsl:function>
  <xsl:function name="f:opt" as="xs:string"><xsl:param name="s" as="xs:string?"/><xsl:param name="t" as="xs:string"/><xsl:sequence select="concat($s, '/', $t)"/></xsl:function>
  <xsl:function name="f:plus" as="xs:integer"><xsl:param name="a" as="xs:integer"/><xsl:param name="b" as="xs:integer"/><xsl:sequence select="$a + $b"/></xsl:function>
  <xsl:function name="f:tri" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="if ($n le 0) then 0 else f:plus($n, f:tri($n - 1))"/></xsl:function>
  <xsl:function name="f:neg" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="if ($n le 0) then 0 else -f:neg($n - 1) + $n"/></xsl:function>
</xsl:stylesheet>`;

/** Each group names the fast path its expressions reach (evaluated at every element and at the document node). */
const CASES: Record<string, string[]> = {
  'exists/empty/not/boolean and a path\'s effective boolean value, walked to the first node': [
    'exists(b)', 'empty(b)', 'not(b/c)', 'boolean(@id)', 'exists(*)', 'exists(..)', 'exists(../b)', 'exists(ancestor::a)',
    'exists(self::b)', 'exists(self::node())', 'exists(parent::r)', 'exists(/r/a/b)', 'exists(/*/k/l/m)', 'empty(/*/x)', 'exists(b | c)',
    'exists(@id | g/b)', 'empty(@* | *)', 'not(*) and not(normalize-space())', 'b or c', 'ancestor::k or @id',
    'if (b) then c else @id', 'if (g/b) then true() else false()', 'some $x in b satisfies $x = \'x\'', 'every $x in * satisfies exists($x/@id)',
    'not(.)', 'boolean(/)', 'exists(/)', 'exists(/r)', 'exists(ancestor::node())', 'exists(p:b)', 'exists(p:c/b)', 'exists(p:*/b)',
    'exists(ancestor::p:a)', 'exists(self::p:b)',
  ],
  'count and string-length against integers, without sequences': [
    'count(b) le 1', 'count(b) = 2', '1 ge count(*)', 'count(*/b) != 3', 'count(../*) gt 2', 'count(ancestor::*) = 1',
    'count(*/..) = 1', 'count(l/m) = 3', 'count(p:a/p:b) = 1', 'count(p:a/b) = 1', 'count(*/p:*) = 2', 'count(p:a/*:b) = 2', 'count(w/x) = 11', 'count(w/p:x) = 1', 'count(w/*:x) ge 12', 'count(@*) lt 2', 'count(/r/a) eq 3', '3 = count(/r/a)', 'count(b) = 2.0', 'count(b) = \'2\'',
    'string-length(normalize-space(b)) le 1', 'string-length(@n) = 3', 'string-length(c) ne 1', 'string-length(substring-after(@d, \'.\')) le 2',
  ],
  'string functions as one string, compared without atomic values': [
    'normalize-space(b) = \'x\'', 'normalize-space(c) != \'\'', 'normalize-space() = \'x\'', 'normalize-space(.) < \'y\'', 'normalize-space(.)',
    'string(@n) = \' 2 \'', 'string() eq \'x\'', 'upper-case(b) = \'X\'', 'lower-case(g/b) = \'x\'', 'substring-after(@d, \'.\') = \'5\'',
    'substring-before(@d, \'.\') eq \'1\'', 'substring-after(@d, \'\') = \'1.5\'', 'normalize-space(c) = (\'5\', \'5.0\')', '\'x\' = normalize-space(b[1])',
    'normalize-space(@id) eq normalize-space(c)', 'string(c) = string(@id)', 'string(number(c)) = \'5\'', 'normalize-space(*) = \'\'',
    'normalize-space(h) = \'\'', 'upper-case(normalize-space(@n)) ge \'2\'', 'string(1) = \'1\'', '(1e10, 1.50, true()) ! (string() = (\'1.0E10\', \'1.5\'))',
  ],
  'a path (or any value) against string literals': [
    'b = \'x\'', 'b != \'x\'', '\'x\' = b', 'b = (\'y\', \' y \')', '@id < \'2\'', '\'2\' > @id', '* = \'x\'', '../b = \'x\'',
    '(b, 1) = \'x\'', 'let $v := b return $v = \'x\'', '/r/a/@id = \'2\'', '. = \'x\'', '. != (\'x\', \'5\')',
    'g/b >= \'X\'', 'h = \'\'', 'e = (\'NaN\', \'-0\')', 'p:a/b = \'1\'', 'p:a/p:b = \'1\'', 'p:a/p:c/b = \'3\'', 'w/x = \'12\'', 'w/p:x = \'12\'', 'w/y != \'13\'', 'exists(w/p:y)',
  ],
  'a path against a number: each node cast to xs:double, every node cast before the answer': [
    'c >= 0', 'c = 5', 'c != 5', 'c > 4.5', 'c < 1e1', 'b >= 0', '@n = 2', 'e = 0', 'e != 0', 'e > 1', 'e < 0', 'e = e',
    '0 < c', '5 = c', '*/c >= 0', 'l/m > 1', '@id = 1', '@missing = 1', 'c = 5.00000000000000000001',
    'let $v := e return $v != 0', '(xs:double(\'NaN\'), 0e0) != 0', 'xs:double(\'NaN\') != 0',
  ],
  'a path against any other value': [
    'b = c', '@id = c', 'c = @id', 'let $x := (\'x\', \'z\') return b = $x', 'let $x := 5 return c = $x', 'let $x := () return b = $x',
    'b = ../b', '@id = (c, 5)', '(c, 5) = @id', 'b != g/b', 'l/m < ../l/m', 'let $x := xs:untypedAtomic(\'x\') return b = $x',
    'let $x := xs:anyURI(\'x\') return b = $x', 'let $x := true() return b = $x',
  ],
  'contains, starts-with, ends-with and matches as booleans': [
    'contains(b, \'x\')', 'contains(c, \'5\')', 'starts-with(@n, \' \')', 'ends-with(normalize-space(c), \'5\')', 'matches(c, \'^[0-9]+$\')',
    'matches(b, \'[\')', 'contains(normalize-space(c), normalize-space(@id))', 'starts-with(c, b)', 'ends-with(@id, \'\')',
    'contains(\'\', c)', 'matches(normalize-space(), \'^x$\')', 'contains(c, (\'5\', \'7\'))',
  ],
  'path/S against string literals: every node\'s string computed before the answer': [
    'b/normalize-space(.) = \'y\'', '*/normalize-space(.) != \'\'', 'a/b/upper-case(.) = \'X\'', '*/normalize-space(b) = \'x\'',
    '*/normalize-space(b) = \'q\'', 'b/string(position()) = \'1\'', 'l/normalize-space(m) = \'1\'', '../a/normalize-space(@id) = \'2\'',
    '*/normalize-space() = (\'1\', \'x\')',
  ],
  'constructor functions of a path\'s one node': [
    'xs:decimal(c) > 4', 'xs:decimal(c)', 'xs:double(@n)', 'xs:decimal(b)', 'xs:integer(@id)', 'xs:date(@dt)', 'xs:string(c)',
    'xs:untypedAtomic(c)', 'xs:boolean(@f)', 'xs:double(e)', 'xs:integer(l/m)', 'xs:decimal(/r/@d) * 2', 'xs:decimal(h)',
  ],
  'boolean predicates kept by a JavaScript boolean': [
    'count(*[b = \'x\'])', '*[exists(@id)]', '*[count(b) = 2]/@id', 'b[. = \'x\']', '*[c >= 5]', '*[not(*)][normalize-space()]',
    'b[contains(., \'y\')]', '*[@id = \'2\' or exists(g)]', '*[xs:decimal(c) gt 1]', 'l[m = \'3\']/m[2]', '*[c][1]', '*[last()]',
    'b[position() = 2]', '*[self::b or self::c][2]',
  ],
  'the context item as a sequence, and arguments passed in an array of the call site': [
    '(., .)', '*/(., .)', '(b, .)/..', 'b ! (., string(.))', 'f:s(@id)', 'f:s(c)', 'f:s(\'5\')', 'f:s(5)', 'f:s(b)', 'f:s(.)',
    'f:opt((), \'t\')', 'f:opt(@id, c)', 'f:opt(b, \'t\')', 'f:s(xs:untypedAtomic(\'u\'))', 'f:s(xs:anyURI(\'u\'))', 'f:tri(4)',
    'f:neg(5)', 'f:plus(count(b), f:tri(count(*)))', 'concat(f:s(@id), f:s(@id))',
  ],
};
const ALL = Object.values(CASES).flat();
/**
 * Where this evaluator raises an error by design and Saxon-JS answers (the document then runs on Saxon-JS): a general
 * comparison in which some pair fails (Saxon-JS may stop at a true pair first), a value computed eagerly that Saxon-JS
 * never computes, and != of NaN in a general comparison (Saxon-JS answers it by its static types).
 */
const DECLINED = new Set(['(b, 1) = \'x\'', '*/c >= 0', 'l/normalize-space(m) = \'1\'', 'e != 0', 'let $v := e return $v != 0',
  '(xs:double(\'NaN\'), 0e0) != 0']);

/** XPath's effective boolean value of an answer in the oracle's normal form (`type:value`, nodes by kind). */
function ebvOf(o: Outcome): Outcome {
  if (!('items' in o)) return o;
  const items = o.items;
  if (items.length === 0) return { items: ['boolean:false'] };
  const first = items[0]!;
  const sep = first.indexOf(':');
  const type = first.slice(0, sep), value = first.slice(sep + 1);
  if (first.includes('(') && !/^(string|untypedAtomic|anyURI|boolean|integer|decimal|double|float|date|dateTime|time):/.test(first)) return { items: ['boolean:true'] };
  if (items.length > 1) return { error: 'FORG0006', message: 'effective boolean value of a sequence of two or more atomic values' };
  switch (type) {
    case 'boolean': return { items: [`boolean:${value}`] };
    case 'string': case 'untypedAtomic': case 'anyURI': return { items: [`boolean:${value.length > 0}`] };
    case 'integer': case 'decimal': case 'double': case 'float': return { items: [`boolean:${!(value === 'NaN' || Number(value) === 0)}`] };
    default: return { error: 'FORG0006', message: `effective boolean value of an xs:${type}` };
  }
}

/** Both engines' answers for every case, at the document node and every element (the engines run once per case). */
const rows = new Map<string, Row[]>();
beforeAll(async () => {
  const oracle = await xpathOracle({ namespaces: { f: 'urn:f', p: 'urn:p' }, functions: [FUNCTIONS] });
  for (const expr of ALL) rows.set(expr, oracle.compare(SAMPLE, expr, { context: '(/, //*)' }));
});

describe('expressions compiled by their use agree with Saxon-JS', () => {
  for (const [group, exprs] of Object.entries(CASES)) {
    it(`their values: ${group}`, () => {
      const problems = exprs.flatMap((expr) => disagreements(rows.get(expr)!, expr));
      expect(problems).toEqual([]);
      // Answered natively wherever Saxon-JS answers (a fast path that declined would send documents to Saxon-JS), and
      // declined where this evaluator declines by design (a fast path that answered there would not be the general
      // closures' answer: eager evaluation, every pair of a general comparison looked at before the answer).
      const fallbacks = exprs.filter((expr) => rows.get(expr)!.some((r) => verdict(r) === 'fallback'));
      expect(fallbacks).toEqual(exprs.filter((expr) => DECLINED.has(expr)));
    });
  }

  it('their effective boolean values through compileTest (as a Schematron test or a rule context\'s predicate takes them)', () => {
    const doc = parseXml(SAMPLE);
    const namespaces = new Map(Object.entries({ ...UBL_NAMESPACES, f: 'urn:f', p: 'urn:p' }));
    const functions = engine.defineFunctions([FUNCTIONS], namespaces);
    const context = { namespaces, variables: new Set<string>(), functions };
    const items = engine.compile('(/, //*)', context)(doc, new Map()) as Item[];
    const at = (n: Item) => ((n as { kind: number }).kind === 9 ? 'document-node()' : `element(${location(n as never)})`);
    const problems: string[] = [];
    for (const expr of ALL) {
      const expected = new Map(rows.get(expr)!.map((r) => [r.at, ebvOf(r.saxon)]));
      const { test } = engine.compileTest(expr, context);
      for (const item of items) {
        let ours: Outcome;
        try { ours = { items: [`boolean:${test(item, new Map())}`] }; } catch (e) {
          if (!(e instanceof XPathError)) throw e;
          ours = { error: e.code, message: e.message };
        }
        const want = expected.get(at(item))!;
        const declined = DECLINED.has(expr) && !('items' in ours);
        const same = declined || ('items' in want ? 'items' in ours && ours.items[0] === want.items[0] : !('items' in ours));
        if (!same) problems.push(`${expr} at ${at(item)}: Saxon-JS ${JSON.stringify(want)}, ours ${JSON.stringify(ours)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('raise XPath\'s errors where the context item is absent (XPDY0002) or atomic (XPTY0020 for a path step)', () => {
    const context = { namespaces: new Map(Object.entries(UBL_NAMESPACES)), variables: new Set<string>() };
    const outcome = (f: () => unknown): string => {
      try { return String(f()); } catch (e) {
        if (e instanceof XPathError) return e.code;
        throw e;
      }
    };
    const one = engine.compile('1', context)(undefined, new Map())[0]!;
    // [expression, absent context item, context item the integer 1]
    const cases: Array<[string, string, string]> = [
      ['exists(b)', 'XPDY0002', 'XPTY0020'], ['count(b) = 1', 'XPDY0002', 'XPTY0020'], ['normalize-space() = \'\'', 'XPDY0002', 'false'],
      ['b = \'x\'', 'XPDY0002', 'XPTY0020'], ['c >= 0', 'XPDY0002', 'XPTY0020'], ['b = c', 'XPDY0002', 'XPTY0020'],
      ['contains(b, \'x\')', 'XPDY0002', 'XPTY0020'], ['b/normalize-space(.) = \'x\'', 'XPDY0002', 'XPTY0020'],
      ['xs:decimal(c)', 'XPDY0002', 'XPTY0020'], ['exists(/r)', 'XPDY0002', 'XPTY0020'], ['string() = \'1\'', 'XPDY0002', 'true'],
      ['. = \'1\'', 'XPDY0002', 'XPTY0004'], ['not(b) or c', 'XPDY0002', 'XPTY0020'], ['string-length() = 1', 'XPDY0002', 'true'],
      ['not(*) and not(normalize-space())', 'XPDY0002', 'XPTY0020'], ['string() or *', 'XPDY0002', 'true'],
    ];
    for (const [expr, absent, atomic] of cases) {
      const { test } = engine.compileTest(expr, context);
      const value = engine.compile(expr, context);
      expect([expr, outcome(() => test(undefined, new Map())), outcome(() => test(one, new Map()))]).toEqual([expr, absent, atomic]);
      expect([expr, outcome(() => engine.ebv(value(undefined, new Map()))), outcome(() => engine.ebv(value(one, new Map())))]).toEqual([expr, absent, atomic]);
    }
  });
});

/**
 * Tests of the context element's shape alone (src/xpath/structural.ts): compileTest answers them on an element with
 * one function of it, without the general closures. Elements of every kind of content: none, white space of each
 * kind XML has (and a no-break space, which is not XPath white space), a comment, a processing instruction or a CDATA
 * section alone, an empty child, text around a child.
 */
const SHAPES = `<r><a/><a>x</a><a> </a><a>&#9;&#10;&#13; </a><a>&#160;</a><a><!-- c --></a><a><?p x?></a><a><![CDATA[ ]]></a><a><![CDATA[y]]></a>
  <a><b/></a><a> <b/> </a><a>z<b/></a><a><b> </b></a><p:a xmlns:p="urn:p"> </p:a>
  <a><!-- c --><b/></a><a x="a"/><a x="b" p:x="1" xmlns:p="urn:p">b</a><a x=""><b>y</b><b>z</b></a><a y="a"><b>y<c>z</c></b><p:b xmlns:p="urn:p">1</p:b></a></r>`;
const SHAPE_TESTS = [
  'not(*) and not(normalize-space())', 'not(*) and not(normalize-space(.))', 'not(child::*) and not(string())', '*', 'child::*',
  'exists(*)', 'empty(*)', 'not(exists(*))', 'boolean(*)', 'normalize-space()', 'normalize-space(.)', 'normalize-space(self::node())',
  'string()', 'string(.)', 'empty(*) or normalize-space()', '(not(*)) and (not(fn:normalize-space()))', 'exists(*) and string(.) or not(string())',
  '@x', 'not(@x)', '@x = \'a\'', '\'a\' = @x', '@x != \'a\'', '@x = (\'a\', \'b\')', '@x < \'b\'', '\'b\' >= @x', '@x = \'\'',
  '@p:x = \'1\'', 'attribute::x = \'b\'', 'b = \'y\'', 'b != \'y\'', 'b = (\'yz\', \'z\')', 'b > \'y\'', 'p:b = \'1\'', 'child::b = \' \'',
  'not(@x) or @x = \'\' or b = \'y\'',
];

describe('tests of the context element\'s shape alone (structural.ts)', () => {
  it('are compiled to one function of the element (so the comparison below reaches the fast path)', () => {
    const scope = { sc: { namespaces: new Map([['p', 'urn:p']]), variables: new Set<string>() }, locals: new Map<string, number>(), frame: { size: 0 }, outerFocus: true };
    expect(SHAPE_TESTS.filter((expr) => compileElementTest(parse(expr), scope) === undefined)).toEqual([]);
    // and not where the value is no test of the element's shape
    expect(['*[1]', 'b', 'normalize-space(b)', 'string(..)', 'count(*)', '*/*', '@* = \'a\'', 'b/c = \'x\'', '@x = 1', 'b[1] = \'x\'', '@x eq \'a\'', '@x = b'].filter((expr) => compileElementTest(parse(expr), scope) !== undefined)).toEqual([]);
  });

  it('give Saxon-JS\'s effective boolean value at every element, and the general closures\' elsewhere', async () => {
    const oracle = await xpathOracle({ namespaces: { p: 'urn:p', fn: 'http://www.w3.org/2005/xpath-functions' } });
    const doc = parseXml(SHAPES);
    const context = { namespaces: new Map(Object.entries({ p: 'urn:p' })), variables: new Set<string>() };
    const items = engine.compile('(/, //*)', context)(doc, new Map()) as Item[];
    const at = (n: Item) => ((n as { kind: number }).kind === 9 ? 'document-node()' : `element(${location(n as never)})`);
    const problems: string[] = [];
    for (const expr of SHAPE_TESTS) {
      const expected = new Map(oracle.compare(SHAPES, expr, { context: '(/, //*)' }).map((r) => [r.at, ebvOf(r.saxon)]));
      const { test } = engine.compileTest(expr, context);
      for (const item of items) {
        const want = expected.get(at(item))!;
        const ours = test(item, new Map());
        if (!('items' in want) || want.items[0] !== `boolean:${ours}`) problems.push(`${expr} at ${at(item)}: Saxon-JS ${JSON.stringify(want)}, ours ${ours}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

