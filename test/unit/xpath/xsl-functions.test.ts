// xsl:function through pintae's evaluator (engine.defineFunctions), compared with Saxon-JS running the same functions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UncompiledFunction, XPathError, XPathUnsupported } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';
import { disagreements, verdict, xpathOracle, type Oracle } from '../../helpers/saxon-xpath.js';

const XSL_OPEN = '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:f="urn:f">';
const stylesheet = (body: string) => `${XSL_OPEN}${body}</xsl:stylesheet>`;

const TEST_FUNCTIONS = stylesheet(`
  <xsl:function name="f:str" as="xs:string"><xsl:param name="s" as="xs:string"/><xsl:sequence select="concat('[', $s, ']')"/></xsl:function>
  <xsl:function name="f:opt" as="xs:string?"><xsl:param name="s" as="xs:string?"/><xsl:sequence select="$s"/></xsl:function>
  <xsl:function name="f:int" as="xs:integer"><xsl:param name="i" as="xs:integer"/><xsl:sequence select="$i * 2"/></xsl:function>
  <xsl:function name="f:dec" as="xs:decimal"><xsl:param name="d" as="xs:decimal"/><xsl:sequence select="$d"/></xsl:function>
  <xsl:function name="f:dbl" as="xs:double"><xsl:param name="d" as="xs:double"/><xsl:sequence select="$d"/></xsl:function>
  <xsl:function name="f:els" as="element()*"><xsl:param name="e" as="element()*"/><xsl:sequence select="$e"/></xsl:function>
  <xsl:function name="f:bool" as="xs:boolean"><xsl:param name="v" as="item()*"/><xsl:sequence select="$v"/></xsl:function>
  <xsl:function name="f:any"><xsl:param name="v"/><xsl:sequence select="$v, $v"/></xsl:function>
  <xsl:function name="f:vars" as="xs:integer*">
    <xsl:param name="n" as="xs:integer"/>
    <xsl:variable name="a" select="$n + 1"/>
    <xsl:sequence select="$a"/>
    <xsl:variable name="b" select="$a * 10"/>
    <xsl:sequence select="$b, f:later($b)"/>
  </xsl:function>
  <xsl:function name="f:later" as="xs:integer"><xsl:param name="x" as="xs:integer"/><xsl:sequence select="-$x"/></xsl:function>
  <xsl:function name="f:fact" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="if ($n le 1) then 1 else $n * f:fact($n - 1)"/></xsl:function>
  <xsl:function name="f:first-id" as="xs:string" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
    <xsl:param name="n" as="node()"/><xsl:sequence select="string(root($n)//cbc:ID[1])"/></xsl:function>
  <xsl:function name="f:focus"><xsl:sequence select="."/></xsl:function>
  <!-- Written the way real-world rule sets write functions: xsl:value-of for an atomic result, xsl:choose, xsl:if,
       and instructions in XSLT's default namespace. -->
  <xsl:function name="f:slack" as="xs:boolean"><xsl:param name="exp" as="xs:decimal"/><xsl:param name="val" as="xs:decimal"/><xsl:param name="slack" as="xs:decimal"/>
    <xsl:value-of select="$exp + $slack &gt;= $val and $exp - $slack &lt;= $val"/></xsl:function>
  <function xmlns="http://www.w3.org/1999/XSL/Transform" name="f:grade" as="xs:string"><param name="n" as="xs:integer"/>
    <choose><when test="$n lt 0"><variable name="m" select="-$n"/><value-of select="'neg', $m" separator=":"/></when><when test="$n = 0"><sequence select="'zero'"/></when><otherwise><value-of select="'pos'"/></otherwise></choose></function>
  <xsl:function name="f:maybe" as="xs:string*"><xsl:param name="n" as="xs:integer"/><xsl:if test="$n gt 1"><xsl:sequence select="'big'"/></xsl:if><xsl:value-of select="()"/></xsl:function>
  <xsl:function name="f:vbool" as="xs:boolean"><xsl:param name="v" as="item()*"/><xsl:value-of select="$v"/></xsl:function>
  <xsl:function name="f:vdec" as="xs:decimal?"><xsl:param name="v" as="item()*"/><xsl:value-of select="$v"/></xsl:function>
  <xsl:function name="f:each" as="xs:string*"><xsl:param name="e" as="item()*"/>
    <xsl:for-each select="$e"><xsl:variable name="p" select="position()"/><xsl:sequence select="concat($p, '/', last(), ':', string(.))"/></xsl:for-each></xsl:function>
  <xsl:function name="f:eachv" as="xs:string*"><xsl:param name="e" as="item()*"/><xsl:for-each select="$e"><xsl:value-of select="., position()" separator="-"/></xsl:for-each></xsl:function>
  <xsl:function name="f:eachnest" as="item()*"><xsl:param name="e" as="element()*"/><xsl:variable name="n" select="count($e)"/>
    <xsl:for-each select="$e"><xsl:if test="string(.) != ''"><xsl:for-each select="(1 to $n)[. le position()]"><xsl:sequence select=". * 10"/></xsl:for-each></xsl:if></xsl:for-each></xsl:function>
  <xsl:function name="f:eachnodes" as="element()*"><xsl:param name="e" as="element()*"/><xsl:for-each select="reverse($e)"><xsl:sequence select="."/></xsl:for-each></xsl:function>
  <xsl:function name="f:nochoice" as="xs:string?"><xsl:param name="n" as="xs:integer"/><xsl:choose><xsl:when test="$n = 1"><xsl:sequence select="'one'"/></xsl:when></xsl:choose></xsl:function>
`);

const XML = `<r xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>7</cbc:ID><cbc:ID>x</cbc:ID><a>1.50</a><a/></r>`;

const CALLS = [
  'f:str("a")', 'f:str(/r/cbc:ID[1])', 'f:str(1)', 'f:str(())', 'f:str(("a", "b"))', 'f:opt(())', 'f:opt(/r/z)',
  'f:int(3)', 'f:int(/r/cbc:ID[1])', 'f:int(/r/cbc:ID[2])', 'f:int(3.0)', 'f:int(3e0)', 'f:dec(3)', 'f:dec(/r/a[1])', 'f:dec(1e0)',
  'f:dbl(1)', 'f:dbl(1.5)', 'f:dbl(/r/a[1])', 'f:dbl(/r/a[2])', 'f:els(/r/*)', 'f:els(1)', 'f:els(())',
  'f:bool(true())', 'f:bool("true")', 'f:bool(())', 'f:bool(/r/a[1])', 'f:any((1, "a"))', 'f:vars(1)', 'f:fact(10)', 'f:fact(25)',
  'f:first-id(/r/a[1])', 'f:first-id(1)', 'f:focus()',
  'f:slack(10, 10.5, 1)', 'f:slack(10, 12, 1)', 'f:grade(-3)', 'f:grade(0)', 'f:grade(5)', 'f:maybe(1)', 'f:maybe(2)',
  'f:vbool(true())', 'f:vbool("false")', 'f:vbool(())', 'f:vbool((1, 2))', 'f:vbool(/r/cbc:ID[1])', 'f:vdec(/r/a)', 'f:vdec(/r/a[1])', 'f:vdec(())',
  'f:vdec(/r/a[2])', 'f:nochoice(1)', 'f:nochoice(2)',
  'f:each(/r/*)', 'f:each((3, "a"))', 'f:each(())', 'f:eachv(/r/cbc:ID)', 'f:eachv(())', 'f:eachnest(/r/*)', 'f:eachnodes(/r/*)', 'f:eachnodes(/r/*)[1]',
];

describe('user functions, differentially against Saxon-JS', () => {
  let oracle: Oracle;
  beforeAll(async () => { oracle = await xpathOracle({ namespaces: { f: 'urn:f' }, functions: [TEST_FUNCTIONS] }); });

  it('convert arguments and results as Saxon-JS does, or raise an error where it does', () => {
    expect(CALLS.flatMap((expr) => disagreements(oracle.compare(XML, expr), expr))).toEqual([]);
  });
  it('answer themselves where Saxon-JS answers', () => {
    expect(CALLS.filter((expr) => oracle.compare(XML, expr).some((r) => verdict(r) === 'fallback'))).toEqual([]);
  });
});

// A function whose parameters each take at most one atomic value keeps its results by argument (the runner calls
// pf:cl-in for every amount of an invoice): the key must hold each argument's type as well as its value, and the empty
// sequence apart from ''. Each call below follows one with the same value in another type: a key of the value alone
// answers the earlier call's result. Errors are raised on every call.
const MEMO_FUNCTIONS = stylesheet(`
  <xsl:function name="f:kind" as="xs:string"><xsl:param name="x" as="xs:anyAtomicType?"/><xsl:sequence select="
    if (empty($x)) then 'empty' else if ($x instance of xs:untypedAtomic) then concat('u:', $x) else if ($x instance of xs:anyURI)
    then concat('uri:', $x) else if ($x instance of xs:boolean) then concat('b:', $x) else if ($x instance of xs:string) then concat('s:', $x) else 'other'"/></xsl:function>
  <xsl:function name="f:pair" as="xs:string"><xsl:param name="a" as="xs:string?"/><xsl:param name="b" as="xs:anyAtomicType?"/>
    <xsl:sequence select="concat(f:kind($a), '+', f:kind($b))"/></xsl:function>
  <xsl:function name="f:zero" as="xs:string"><xsl:sequence select="'z'"/></xsl:function>
  <xsl:function name="f:err" as="xs:integer"><xsl:param name="s" as="xs:string"/><xsl:sequence select="xs:integer($s)"/></xsl:function>
  <xsl:function name="f:list" as="xs:string"><xsl:sequence select="' AA BB CC DD EE FF '"/></xsl:function>
  <xsl:function name="f:list2" as="xs:string"><xsl:sequence select="concat(' GG HH', ' II JJ KK LL ')"/></xsl:function>
  <xsl:function name="f:in" as="xs:boolean"><xsl:param name="code" as="xs:string?"/><xsl:param name="list" as="xs:string"/>
    <xsl:sequence select="contains($list, concat(' ', $code, ' '))"/></xsl:function>
  <xsl:function name="f:boom" as="xs:integer"><xsl:sequence select="xs:integer('x')"/></xsl:function>
`);
const MEMO_CALLS = [
  'f:kind("a")', 'f:kind(xs:untypedAtomic("a"))', 'f:kind(/r/a[1])', 'f:kind(xs:anyURI("a"))', 'f:kind(())', 'f:kind("")', 'f:kind(/r/a[2])',
  'f:kind(true())', 'f:kind("true")', 'f:kind(1)', 'f:kind("1")', 'f:kind(1)', 'f:kind(1.0)', 'f:kind(1e0)',
  'f:pair("a", "b")', 'f:pair("a", xs:untypedAtomic("b"))', 'f:pair(xs:untypedAtomic("a"), "b")', 'f:pair((), "b")', 'f:pair("", "b")',
  'f:pair("a", ())', 'f:pair("a", "")', 'f:pair("a", "b")', 'f:zero()', 'f:zero()', 'f:err("x")', 'f:err("x")', 'f:err("1")', 'f:err("1")',
  '(f:kind("a"), f:kind(xs:untypedAtomic("a")), f:kind("a"))', 'f:pair(/r/a[1], /r/a[2])', 'f:pair(/r/a[2], /r/a[1])', 'f:pair(/r/a, "x")',
  'f:pair(/r/c, "x")', 'f:pair(/r/c/text(), "x")',
  // Functions of no parameter keep their first value whatever its length; a literal or such a value as an argument is
  // kept as it is (found again by identity): lists of one length and other contents, the same contents from another
  // literal, a computed list, errors raised on every call.
  'f:list()', 'f:list()', 'f:in("AA", f:list())', 'f:in("AA", " XX YY ZZ AB CD EE ")', 'f:in("EE", " XX YY ZZ AB CD EE ")',
  'f:in("AA", " AA BB CC DD EE FF ")', 'f:in("ZZ", f:list())', 'f:in("AA", f:list())', 'f:in("HH", f:list2())', 'f:in("HH", f:list())',
  'f:in("HH", f:list2())', 'f:in(/r/b, f:list())', 'f:in(/r/b, " XX YY ZZ AB CD EE ")', 'f:boom()', 'f:boom()', '(f:list2(), f:list2(), f:boom())',
];

describe('user functions whose results are kept by argument, differentially against Saxon-JS', () => {
  let oracle: Oracle;
  beforeAll(async () => { oracle = await xpathOracle({ namespaces: { f: 'urn:f' }, functions: [MEMO_FUNCTIONS] }); });
  it('the same value in another type, the empty sequence and \'\', errors', () => {
    expect(MEMO_CALLS.flatMap((expr) => disagreements(oracle.compare('<r><a>1</a><a/><c> 2 <!--n--></c><b> CD</b></r>', expr), expr))).toEqual([]);
    expect(MEMO_CALLS.filter((expr) => oracle.compare('<r><a>1</a><a/><c> 2 <!--n--></c><b> CD</b></r>', expr).some((r) => verdict(r) === 'fallback'))).toEqual([]);
  });
});

const RULES = join(import.meta.dirname, '../../../schematron/pint-ae');
const PF = [
  'pf:m1-digits("0123")', 'pf:m1-round2(1.005)', 'pf:m1-round2(-1.005)', 'pf:m1-round2(())', 'pf:m1-gs1-check-ok("4000001000005")',
  'pf:m1-gs1-check-ok("4000001000006")', 'pf:m1-gs1-check-ok("")', 'pf:m1-luhn-ok("12345678903")', 'pf:m1-no-orgnr-ok("123456785")',
  'pf:m1-be-enterprise-ok("0123456749")', 'pf:m1-abn-ok("51824753556")', 'pf:m1-it-codice-fiscale-ok("RSSMRA85T10A562S")',
  'pf:m1-it-partita-iva-ok("IT12345678903")', 'pf:cl-in(" 130 ", pf:cl-uncl1153())', 'pf:cl-in("38", " 380 480 ")',
  'pf:cl-in((), pf:cl-iso4217())', 'pf:u2-dec(" 5.0 ")', 'pf:u2-dec("5e0")', 'pf:u2-dec(("1", "2"))', 'pf:u1-iso3166-alpha2("AE")',
  'pf:u2-base((), (), ())',
];

describe('pintae’s own pf: functions', () => {
  const texts = readdirSync(RULES).filter((f) => f.endsWith('.xsl')).map((f) => readFileSync(join(RULES, f), 'utf8'));
  let oracle: Oracle;
  beforeAll(async () => { oracle = await xpathOracle({ functions: texts }); });

  it('all compile', () => {
    expect(engine.defineFunctions(texts, new Map()).size).toBeGreaterThan(30);
  });
  it('give Saxon-JS’s answers on edge inputs', () => {
    expect(PF.flatMap((expr) => disagreements(oracle.compare('<r/>', expr), expr))).toEqual([]);
    expect(PF.filter((expr) => oracle.compare('<r/>', expr).some((r) => verdict(r) === 'fallback'))).toEqual([]);
  });
});

describe('recursion', () => {
  it('too deep for the stack is an XPathError (the document falls back), not a crash', () => {
    const lib = engine.defineFunctions([stylesheet('<xsl:function name="f:loop" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="f:loop($n + 1)"/></xsl:function>')], new Map());
    const call = engine.compile('f:loop(1)', { namespaces: new Map([['f', 'urn:f']]), variables: new Set(), functions: lib });
    expect(() => call(undefined, new Map())).toThrow(XPathError);
  });
});

describe('what defineFunctions declines', () => {
  const define = (body: string) => () => engine.defineFunctions([stylesheet(body)], new Map());
  it('instructions other than xsl:variable, xsl:sequence, xsl:if, xsl:choose, xsl:for-each without xsl:sort, and xsl:value-of for an atomic result', () => {
    expect(define('<xsl:function name="f:a"><xsl:for-each select="1"><xsl:sort select="."/><xsl:sequence select="1"/></xsl:for-each></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:for-each-group select="1" group-by="."><xsl:sequence select="1"/></xsl:for-each-group></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:value-of select="1"/></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a" as="item()"><xsl:value-of select="1"/></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a" as="xs:string"><xsl:value-of select="1" separator="{1}"/></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:choose><xsl:otherwise><xsl:sequence select="1"/></xsl:otherwise></xsl:choose></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:if test="1">text</xsl:if></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><r/></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a">text</xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:param name="p" select="1"/><xsl:sequence select="$p"/></xsl:function>')).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a"><xsl:variable name="v" as="xs:integer" select="1"/><xsl:sequence select="$v"/></xsl:function>')).toThrow(XPathUnsupported);
  });
  it('text that is not well-formed XML', () => {
    expect(() => engine.defineFunctions([stylesheet('<xsl:function name="f:a">')], new Map())).toThrow(XPathUnsupported);
  });
  it('settings that change how the XPath reads', () => {
    expect(() => engine.defineFunctions([stylesheet('').replace('version="3.0"', 'version="1.0"')], new Map())).toThrow(XPathUnsupported);
    expect(() => engine.defineFunctions([stylesheet('').replace('version="3.0"', 'version="3.0" xpath-default-namespace="urn:x"')], new Map())).toThrow(XPathUnsupported);
    expect(define('<xsl:function name="f:a" default-collation="urn:c"><xsl:sequence select="1"/></xsl:function>')).toThrow(XPathUnsupported);
  });
  it('a function declared twice, and expressions that are not XPath (these found by compileAll, or by the first call)', () => {
    expect(define('<xsl:function name="f:a"><xsl:sequence select="1"/></xsl:function><xsl:function name="f:a"><xsl:sequence select="2"/></xsl:function>')).toThrow(XPathUnsupported);
    expect(() => define('<xsl:function name="f:a"><xsl:sequence select="1 +"/></xsl:function>')().compileAll()).toThrow(XPathError);
    expect(() => define('<xsl:function name="f:a"><xsl:sequence select="f:nope()"/></xsl:function>')().compileAll()).toThrow(/XPST0017/);
    expect(() => define('<xsl:function name="f:a" as="xs:nope"><xsl:sequence select="1"/></xsl:function>')().compileAll()).toThrow();
  });
  it('other top-level declarations are ignored', () => {
    const lib = engine.defineFunctions([stylesheet('<xsl:template match="/"/><xsl:function name="f:a"><xsl:sequence select="1"/></xsl:function>')], new Map());
    expect(lib.size).toBe(1);
  });
});

/*
 * A body's XPath is read and compiled on the function's first call (start-up: a one-invoice run calls about 15 of the
 * built-in set's 34 functions). A body that does not compile must not read as an XPath error of the document (an
 * assert failing with evaluation-error, a rule context not matching): it is UncompiledFunction, on every call.
 */
describe('bodies compiled on first call', () => {
  const sc = (functions: ReturnType<typeof engine.defineFunctions>) => ({ namespaces: new Map([['f', 'urn:f']]), variables: new Set<string>(), functions });
  it('a body that does not compile costs nothing until called, and is then UncompiledFunction (no XPath error), each time', () => {
    const lib = engine.defineFunctions([stylesheet('<xsl:function name="f:ok"><xsl:sequence select="1"/></xsl:function><xsl:function name="f:bad"><xsl:sequence select="f:nope()"/></xsl:function>')], new Map());
    expect(engine.compile('f:ok()', sc(lib))(undefined, new Map())).toHaveLength(1);
    const bad = engine.compile('f:bad()', sc(lib));
    for (let i = 0; i < 2; i++) {
      let thrown: unknown;
      try { bad(undefined, new Map()); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(UncompiledFunction);
      expect(thrown).not.toBeInstanceOf(XPathError);
      expect(((thrown as UncompiledFunction).cause as XPathError).code).toBe('XPST0017');
    }
  });
  it('compileAll compiles every body and throws the compiler’s own error', () => {
    const lib = engine.defineFunctions([stylesheet('<xsl:function name="f:ok"><xsl:sequence select="1"/></xsl:function><xsl:function name="f:bad"><xsl:sequence select="1 +"/></xsl:function>')], new Map());
    expect(() => lib.compileAll()).toThrow(XPathError);
    expect(() => engine.defineFunctions([TEST_FUNCTIONS], new Map()).compileAll()).not.toThrow();
  });
  it('a function calling one not compiled yet, and itself', () => {
    const lib = engine.defineFunctions([TEST_FUNCTIONS], new Map());
    expect(engine.valueOf(engine.compile('f:vars(1), f:fact(5)', sc(lib))(undefined, new Map()))).toBe('2 20 -20 120');
  });
});
