import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSchematron, type CompileOptions } from '../../../src/schematron/compile.js';
import { compileNative } from '../../../src/schematron/native.js';
import { planNative } from '../../../src/schematron/native-plan.js';
import { compileXsltCached } from '../../../src/schematron/sef.js';
import { CompiledRules } from '../../../src/schematron/run.js';
import { XPathUnsupported } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';
import { briefs, CACHE, differential, DOCS, everyContext, firings, MIXED, NAMESPACED, PLAIN, sch } from '../../helpers/native-differential.js';

/*
 * The native Schematron runner against the schema compiled to XSLT and run by Saxon-JS (see
 * test/helpers/native-differential.ts): lets, messages, attributes, abstract rules and patterns, phases, includes,
 * functions, XPath errors, what it refuses, documents as Saxon-JS reads them. Rule contexts: native.test.ts.
 */

describe.concurrent('native Schematron runner: lets, messages and attributes', () => {
  it('schema, pattern and rule lets: order, shadowing, the global context, lets between asserts', async () => {
    const source = sch(`<sch:let name="limit" value="10"/><sch:let name="count" value="count(//c)"/><sch:let name="twice" value="$limit * 2"/>
      <sch:pattern><sch:let name="p" value="name(..)"/>
        <sch:rule context="c"><sch:let name="v" value="number(.)"/><sch:let name="limit" value="3"/>
          <sch:assert id="lim" test="$v le $limit">c <sch:value-of select="$v"/> over <sch:value-of select="$limit"/> in <sch:value-of select="$p"/></sch:assert>
          <sch:let name="w" value="$v * $twice"/>
          <sch:report id="cnt" test="$w = $count * $twice">count <sch:value-of select="$count"/>, <sch:value-of select="$w"/></sch:report></sch:rule>
        <sch:rule context="/"><sch:report id="doc" test="$count gt 0"><sch:value-of select="$count, $twice, $p"/></sch:report></sch:rule></sch:pattern>`);
    const d = await differential(source, DOCS);
    expect(briefs(d)).toEqual([
      ['R:doc@:5 20', 'A:lim@/a/b[2]/d/c:c 4 over 3 in d', 'A:lim@/a/x/b/c:c 5 over 3 in b', 'R:cnt@/a/x/b/c:count 5, 100'],
      [], ['R:doc@:1 20'],
    ]);
  });

  // Was a DIFFERENCE between the two stylesheets (compile.ts, fixed in 1ea1608): the guarded one declares all of a
  // rule's lets before each assert, so an assert before `<sch:let name="v" value="$v * 2"/>` sees the later $v there,
  // the earlier one in the fast stylesheet (and in the native runner).
  it('was a difference (guarded stylesheet): a rule let redefined after an assert', async () => {
    const source = sch(`<sch:pattern><sch:rule context="c"><sch:let name="v" value="number(.)"/>
      <sch:assert id="small" test="$v lt 5">big <sch:value-of select="$v"/></sch:assert><sch:let name="v" value="$v * 2"/>
      <sch:assert id="small2" test="$v lt 5">big <sch:value-of select="$v"/></sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN]);
    expect(briefs(d)).toEqual([['A:small2@/a/b[2]/c:big 6', 'A:small2@/a/b[2]/d/c:big 8', 'A:small@/a/x/b/c:big 5', 'A:small2@/a/x/b/c:big 10']]);
  });

  it('a global let that refers to a later one (XSLT allows it): native agrees or declines', async () => {
    const source = sch(`<sch:let name="a" value="$b + 1"/><sch:let name="b" value="count(//c)"/>
      <sch:pattern><sch:rule context="/*"><sch:report id="a" test="$a gt 1"><sch:value-of select="$a"/></sch:report></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { nativeMayThrow: true, fastOnly: true });
    expect(briefs(d)).toEqual([['R:a@/a:6']]);
  });

  // Whitespace-only text between the inline elements of a message is lost in both engines (the schema's XML reader
  // drops it): "verymuch<so>".
  it('messages: value-of of sequences, numbers and nothing, name with and without a path, inline elements, whitespace, escapes', async () => {
    const source = sch(`<sch:pattern><sch:rule context="i:line | j:line | line">
      <sch:report id="seq" test="true()">[<sch:value-of select="../*/@n"/>] [<sch:value-of select="()"/>] [<sch:value-of select="1 div 3, 1e0 div 3, 10 * 1.5, xs:double('1e10'), -0e0, 1 div 0e0"/>]</sch:report>
      <sch:report id="name" test="@n = '2' or @n = 'x'"><sch:name/> in <sch:name path=".."/>, local <sch:value-of select="local-name()"/>: <sch:emph>very</sch:emph> <sch:dir value="ltr">much</sch:dir> <sch:span class="z">&lt;so&gt; &amp; "q" 'a'</sch:span>
          over    lines   </sch:report>
      <sch:assert id="static" test="@n != '1'">  a   static
        message &lt;&amp;&gt; </sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, DOCS);
    expect(briefs(d)[1]).toEqual([
      'R:seq@/inv/line[1]:[1 x 2] [] [0.33333333333333333333 0.3333333333333333 15 1.0E10 -0 INF]', "A:static@/inv/line[1]:a static message <&>",
      'R:seq@/inv/line[2]:[1 x 2] [] [0.33333333333333333333 0.3333333333333333 15 1.0E10 -0 INF]', `R:name@/inv/line[2]:j:line in inv, local line: verymuch<so> & "q" 'a' over lines`,
      'R:seq@/inv/line[3]:[1 x 2] [] [0.33333333333333333333 0.3333333333333333 15 1.0E10 -0 INF]', `R:name@/inv/line[3]:line in inv, local line: verymuch<so> & "q" 'a' over lines`,
      'R:seq@/inv/group/line:[3] [] [0.33333333333333333333 0.3333333333333333 15 1.0E10 -0 INF]',
    ]);
    expect(briefs(d)[2]).toHaveLength(5);
  });

  it('id, flag and role attributes, on asserts and reports, with braces and quotes', async () => {
    const source = sch(`<sch:pattern><sch:rule context="b">
      <sch:assert id="A-1" flag="fatal" role="error" test="@n = '1'">a</sch:assert>
      <sch:report id="R{1}" flag="warning" test="@n = '2'">r</sch:report>
      <sch:report role="info" test="c">no id, test "c" &amp; {braces}</sch:report>
      <sch:assert flag="fatal" test="string-length(@n) = 1 and @n != '3'">flag only <sch:value-of select="@n"/></sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(d.saxon[0]).toEqual({ results: [
      { kind: 'successful-report', id: undefined, flag: undefined, role: 'info', test: 'c', location: '/a/b[1]', text: 'no id, test "c" & {braces}' },
      { kind: 'failed-assert', id: 'A-1', flag: 'fatal', role: 'error', test: "@n = '1'", location: '/a/b[2]', text: 'a' },
      { kind: 'successful-report', id: 'R{1}', flag: 'warning', role: undefined, test: "@n = '2'", location: '/a/b[2]', text: 'r' },
      { kind: 'successful-report', id: undefined, flag: undefined, role: 'info', test: 'c', location: '/a/b[2]', text: 'no id, test "c" & {braces}' },
      { kind: 'failed-assert', id: 'A-1', flag: 'fatal', role: 'error', test: "@n = '1'", location: '/a/x/b', text: 'a' },
      { kind: 'successful-report', id: undefined, flag: undefined, role: 'info', test: 'c', location: '/a/x/b', text: 'no id, test "c" & {braces}' },
      { kind: 'failed-assert', id: undefined, flag: 'fatal', role: undefined, test: "string-length(@n) = 1 and @n != '3'", location: '/a/x/b', text: 'flag only 3' },
    ] });
  });

  // Was a DIFFERENCE (fixed in 1ea1608): an empty id, flag or role attribute. The stylesheet writes no attribute for an
  // empty value (parseSvrl: undefined); the native runner reports the empty string.
  it('was a difference: empty id, flag and role attributes', async () => {
    const d = await differential(sch(`<sch:pattern><sch:rule context="e"><sch:assert id="" flag="" role="" test="false()">x</sch:assert></sch:rule></sch:pattern>`), [PLAIN], { fastOnly: true });
    expect(d.saxon).toEqual([{ results: [{ kind: 'failed-assert', id: undefined, flag: undefined, role: undefined, test: 'false()', location: '/a/e', text: 'x' }] }]);
  });
});

describe.concurrent('native Schematron runner: abstract rules and patterns, phases, includes, functions', () => {
  it('abstract rules (in sch:rules and in a pattern, extends of extends) and abstract patterns with params', async () => {
    const source = sch(`<sch:rules><sch:rule abstract="true" id="has-n"><sch:assert id="has-n" test="@n">no n on <sch:name/></sch:assert></sch:rule></sch:rules>
      <sch:pattern>
        <sch:rule abstract="true" id="positive"><sch:let name="v" value="number(.)"/><sch:assert id="pos" test="$v gt 1">low <sch:value-of select="$v"/></sch:assert></sch:rule>
        <sch:rule abstract="true" id="chain"><sch:extends rule="positive"/><sch:report id="big" test="$v gt 4">big</sch:report></sch:rule>
        <sch:rule context="c"><sch:report id="first" test="true()">first</sch:report><sch:extends rule="chain"/><sch:report id="after" test="$v = 3">three</sch:report></sch:rule>
        <sch:rule context="b | e"><sch:extends rule="has-n"/></sch:rule></sch:pattern>
      <sch:pattern abstract="true" id="max"><sch:let name="depth" value="count(ancestor::*)"/>
        <sch:rule context="$el[$elem]"><sch:assert id="max" test="number(.) le $limit">over <sch:value-of select="$limit"/>: <sch:value-of select="$elem, $depth"/></sch:assert></sch:rule></sch:pattern>
      <sch:pattern is-a="max" id="max-c"><sch:param name="el" value="c"/><sch:param name="elem" value="."/><sch:param name="limit" value="3"/></sch:pattern>
      <sch:pattern is-a="max" id="max-line"><sch:param name="el" value="i:line"/><sch:param name="elem" value="@n"/><sch:param name="limit" value="xs:decimal('6.5')"/></sch:pattern>`);
    const d = await differential(source, DOCS);
    expect(briefs(d)[0]).toEqual([
      'R:first@/a/b[1]/c[1]:first', 'A:pos@/a/b[1]/c[1]:low 1', 'R:first@/a/b[1]/c[2]:first', 'R:first@/a/b[2]/c:first', 'R:after@/a/b[2]/c:three',
      'R:first@/a/b[2]/d/c:first', 'R:first@/a/x/b/c:first', 'R:big@/a/x/b/c:big', 'A:has-n@/a/e:no n on e',
      'A:max@/a/b[2]/d/c:over 3: 4 3', 'A:max@/a/x/b/c:over 3: 5 3',
    ]);
    expect(briefs(d)[1]).toEqual(['A:max@/inv/line[3]:over 6.5: 2 1', 'A:max@/inv/group/line:over 6.5: 3 2']);
  });

  // Was a DIFFERENCE (compile.ts, fixed in 1ea1608): the stylesheet did not substitute an abstract pattern's params
  // in its pattern-level lets, so the schema did not compile (XPST0008 on $limit); the native plan substituted them.
  it('was a difference: a param in a let of an abstract pattern', async () => {
    const source = sch(`<sch:pattern abstract="true" id="max"><sch:let name="top" value="$limit"/>
      <sch:rule context="$el"><sch:assert id="max" test="number(.) le $top">over</sch:assert></sch:rule></sch:pattern>
      <sch:pattern is-a="max"><sch:param name="el" value="c"/><sch:param name="limit" value="3"/></sch:pattern>`);
    expect(briefs(await differential(source, [PLAIN]))).toEqual([['A:max@/a/b[2]/d/c:over', 'A:max@/a/x/b/c:over']]);
  });

  const phased = sch(`<sch:let name="base" value="10"/>
    <sch:phase id="quick"><sch:active pattern="pa"/></sch:phase>
    <sch:phase id="full"><sch:let name="extra" value="$base + 1"/><sch:active pattern="pb"/><sch:active pattern="pa"/></sch:phase>
    <sch:pattern id="pa"><sch:rule context="e"><sch:report id="A" test="true()">a</sch:report></sch:rule></sch:pattern>
    <sch:pattern id="pc"><sch:rule context="e"><sch:report id="C" test="true()">c</sch:report></sch:rule></sch:pattern>
    <sch:pattern id="pb"><sch:rule context="/*"><sch:report id="B" test="$extra = 11">b <sch:value-of select="$extra"/></sch:report></sch:rule></sch:pattern>`, 'defaultPhase="quick"');
  it('phases: the default phase, and a named one with its own let (patterns in schema order)', async () => {
    expect(briefs(await differential(phased, [PLAIN], { fastOnly: true }))).toEqual([['R:A@/a/e:a']]);
    expect(briefs(await differential(phased, [PLAIN], { phase: 'full', fastOnly: true }))).toEqual([['R:A@/a/e:a', 'R:B@/a:b 11']]);
  });

  it('includes: a rule, a sch:rules file into a pattern, a whole pattern, nested includes, and a stylesheet of functions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-native-'));
    const SCH_NS = 'xmlns:sch="http://purl.oclc.org/dsdl/schematron"';
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'rule.sch'), `<sch:rule ${SCH_NS} context="e"><sch:assert id="inc-rule" test="false()">rule <sch:value-of select="i:twice(3)"/></sch:assert></sch:rule>`);
    writeFileSync(join(dir, 'rules.sch'), `<sch:rules ${SCH_NS}><sch:rule context="b[@n = '1']"><sch:report id="inc-b1" test="true()">b1</sch:report></sch:rule>
      <sch:rule context="b"><sch:report id="inc-b" test="i:even(@n)">even <sch:value-of select="i:label(@n)"/></sch:report></sch:rule></sch:rules>`);
    writeFileSync(join(dir, 'sub/pattern.sch'), `<sch:pattern ${SCH_NS} id="inc-pattern"><sch:include href="../rule.sch"/></sch:pattern>`);
    writeFileSync(join(dir, 'functions.xsl'), `<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:i="urn:inv">
      <xsl:function name="i:twice" as="xs:decimal"><xsl:param name="v" as="xs:decimal"/><xsl:sequence select="$v * 2"/></xsl:function>
      <xsl:function name="i:even" as="xs:boolean"><xsl:param name="v"/><xsl:variable name="n" select="number($v)"/><xsl:sequence select="$n mod 2 = 0"/></xsl:function>
      <xsl:function name="i:label" as="xs:string"><xsl:param name="v" as="xs:string"/><xsl:sequence select="concat('#', $v, '/', i:twice(xs:decimal($v)))"/></xsl:function>
    </xsl:stylesheet>`);
    const source = sch(`<sch:include href="functions.xsl"/><sch:pattern><sch:include href="rules.sch"/></sch:pattern><sch:include href="sub/pattern.sch"/>`);
    const d = await differential(source, [PLAIN], { baseDir: dir, fastOnly: true });
    expect(briefs(d)).toEqual([['R:inc-b1@/a/b[1]:b1', 'R:inc-b@/a/b[2]:even #2/4', 'A:inc-rule@/a/e:rule 6']]);
  });

  it('functions in an embedded xsl:stylesheet: recursion, typed parameters, a function calling another, in a global let; an abstract rule of another pattern', async () => {
    const source = sch(`<xsl:stylesheet version="3.0" xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xsl:function name="i:fact" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="if ($n le 1) then 1 else $n * i:fact($n - 1)"/></xsl:function>
      <xsl:function name="i:sum-c" as="xs:decimal"><xsl:param name="e" as="element()"/><xsl:sequence select="sum($e//c/xs:decimal(.))"/></xsl:function>
      <xsl:function name="i:fact-sum"><xsl:param name="e"/><xsl:sequence select="i:fact(xs:integer(i:sum-c($e)))"/></xsl:function></xsl:stylesheet>
      <sch:let name="fact-3.x" value="i:fact(3)"/>
      <sch:pattern><sch:rule context="b"><sch:report id="f" test="i:sum-c(.) gt 2"><sch:value-of select="i:sum-c(.), i:fact-sum(.), $fact-3.x"/></sch:report></sch:rule>
        <sch:rule abstract="true" id="shared"><sch:assert id="shared" test="@n">no n</sch:assert></sch:rule></sch:pattern>
      <sch:pattern><sch:rule context="x | e"><sch:extends rule="shared"/></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(briefs(d)).toEqual([['R:f@/a/b[1]:3 6 6', 'R:f@/a/b[2]:7 5040 6', 'R:f@/a/x/b:5 120 6', 'A:shared@/a/x:no n', 'A:shared@/a/e:no n']]);
  });
});

describe.concurrent('native Schematron runner: XPath errors and what it refuses', () => {
  const GOOD = `<a><b n="1"><c>1</c></b><e v="2"/></a>`;
  it('an XPath error in a test, a let, a message or a function: the fast stylesheet raises; the native runner fails that assert alone, as the guarded one does', async () => {
    const source = sch(`<xsl:stylesheet version="3.0" xmlns:xs="http://www.w3.org/2001/XMLSchema">
        <xsl:function name="i:dec" as="xs:decimal"><xsl:param name="v" as="xs:decimal"/><xsl:sequence select="$v"/></xsl:function></xsl:stylesheet>
      <sch:pattern><sch:rule context="b"><sch:let name="n" value="xs:integer(@n)"/>
        <sch:assert id="one-c" test="normalize-space(c) != ''">empty</sch:assert>
        <sch:assert id="n" test="$n gt 0">n</sch:assert>
        <sch:assert id="msg" test="count(c) lt 2">two c: <sch:value-of select="xs:date(c[1])"/></sch:assert>
        <sch:report id="ebv" test="(data(@m), 0)">two atomics</sch:report></sch:rule>
      <sch:rule context="e"><sch:assert id="fn" test="i:dec(@v) ge 0">v</sch:assert></sch:rule></sch:pattern>`);
    const docs = [GOOD, `<a><b n="1"><c>1</c><c>2</c></b></a>`, `<a><b n="x"><c>1</c></b></a>`, `<a><e v="1"/><e v="-1"/><e v="z"/></a>`, `<a><b n="2"><c>3</c><c/></b></a>`,
      `<a><b n="1" m="1"><c>1</c></b></a>`];
    const d = await differential(source, docs);
    expect(briefs(d)).toEqual([[], 'error', 'error', 'error', 'error', 'error']);
    const failed = d.native.map((o) => ('error' in o ? 'error' : o.results.map((r) => `${r.id}${r.role === 'evaluation-error' ? '!' : ''}@${r.location}`)));
    expect(failed).toEqual([[], ['one-c!@/a/b', 'msg!@/a/b'], ['n!@/a/b'], ['fn@/a/e[2]', 'fn!@/a/e[3]'], ['one-c!@/a/b', 'msg!@/a/b'], ['ebv!@/a/b']]);
  });

  it('the guarded stylesheet and the native runner report those errors as failed asserts, in their own words', async () => {
    const source = sch(`<sch:pattern><sch:rule context="b"><sch:assert id="one-c" test="normalize-space(c) != ''">empty</sch:assert></sch:rule></sch:pattern>`);
    const xml = `<a><b><c>1</c><c>2</c></b></a>`;
    const guarded = new CompiledRules('guarded', (await compileXsltCached(compileSchematron(source, { guards: true }), CACHE)).sef);
    expect(guarded.results(xml).map((r) => `${r.id}(${r.role})`)).toEqual(['one-c(evaluation-error)']);
    const native = await compileNative(source, engine).then((n) => n.results(xml));
    expect(native.map((r) => `${r.id}(${r.role})`)).toEqual(['one-c(evaluation-error)']);
    expect(native[0]!.text).toMatch(/^Rule could not be evaluated: XPTY0004: .*normalize-space/);
  });

  it('a let that raises an error fails only the asserts that read it, and lets built on it; an unread one fails nothing; a global one read fails the document', async () => {
    const source = sch(`<sch:let name="g" value="xs:integer(/a/@g)"/><sch:let name="h" value="xs:integer('h')"/><sch:pattern><sch:rule context="b"><sch:let name="n" value="xs:integer(@n)"/><sch:let name="m" value="$n + 1"/>
        <sch:assert id="free" test="true()">free</sch:assert><sch:assert id="m" test="$m gt 0">m</sch:assert>
        <sch:let name="n" value="1"/><sch:assert id="n-again" test="$n gt 5">n again</sch:assert><sch:assert id="g" test="$g gt 0">g</sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, [`<a g="1"><b n="1"/><b n="x"/></a>`, `<a g="z"><b n="1"/></a>`]);
    expect(d.native.map((o) => ('error' in o ? 'error' : o.results.map((r) => `${r.id}${r.role === 'evaluation-error' ? '!' : ''}@${r.location}`))))
      .toEqual([['n-again@/a/b[1]', 'm!@/a/b[2]', 'n-again@/a/b[2]'], 'error']);
    expect(d.native[1]).toEqual({ error: expect.stringMatching(/global let \$g: FORG0001/) });
  });

  it('a static error in a rule that never fires: the stylesheet does not compile, and the native rules refuse to compile', async () => {
    const source = sch(`<sch:pattern><sch:rule context="nothing"><sch:assert test="$undeclared">x</sch:assert></sch:rule></sch:pattern>`);
    await expect(compileXsltCached(compileSchematron(source, { guards: false }), CACHE)).rejects.toThrow(/XPST0008/);
    await expect(compileNative(source, engine).then((n) => n.compileAll())).rejects.toThrow();
  });

  it('an xsl:function written in the schema itself, its prefixes declared only by xmlns: on the schema element or on itself', async () => {
    const source = sch(`<xsl:function xmlns:loc="urn:loc" name="loc:half" as="xsd:decimal"><xsl:param name="n" as="xsd:decimal"/><xsl:sequence select="$n div 2"/></xsl:function>
      <xsl:function name="u:f" as="xsd:boolean"><xsl:param name="n" as="xsd:string?"/><xsl:sequence xmlns:loc="urn:loc" select="loc:half(xsd:decimal($n)) gt 1"/></xsl:function>
      <sch:pattern><sch:rule context="b"><sch:assert id="f" test="u:f(@n)">x</sch:assert></sch:rule></sch:pattern>`, 'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:u="urn:u"');
    const d = await differential(source, [`<a><b n="1"/><b n="4"/><b n="x"/></a>`]);
    expect(d.native[0]).toEqual({ results: [expect.objectContaining({ id: 'f', location: '/a/b[1]' }), expect.objectContaining({ id: 'f', role: 'evaluation-error', location: '/a/b[3]' })] });
  });

  it('what the evaluator declines at run time (PTAE0001) is no evaluation error: the document goes to Saxon-JS, which answers', async () => {
    const source = sch(`<sch:let name="g" value="if (/a/@g) then matches(/a/@g, 'a', 'i') else true()"/><sch:pattern><sch:rule context="b"><sch:let name="m" value="matches(@c, 'a', 'i')"/>
      <sch:assert id="t" test="matches(@c, 'a', 'i')">t</sch:assert><sch:assert id="l" test="$m">l</sch:assert><sch:assert id="g" test="$g">g</sch:assert></sch:rule></sch:pattern>`);
    const native = (await compileNative(source, engine)).compileAll();
    for (const doc of [`<a><b c="A"/></a>`, `<a g="x"/>`]) expect(() => native.results(doc), doc).toThrow(XPathUnsupported);
    const d = await differential(source, [`<a><b c="A"/><b c="x"/></a>`, `<a g="A"><b c="A"/></a>`], { nativeMayThrow: true, fastOnly: true });
    expect(d.saxon).toEqual([{ results: [expect.objectContaining({ id: 't' }), expect.objectContaining({ id: 'l' })] }, { results: [] }]);
  });

  it('visitAttributes: attribute contexts fire natively where the stylesheet fires them, each element\'s attributes after it', async () => {
    const contexts = ['@n', 'b/@n', 'b[@n = "2"]/@n', '@*', '@n[. = "2"]', '*/@*', 'b/@n | c', 'i:line/@*', '@j:*', 'node()', '*'];
    const docs = [...DOCS, `<a><b n="1" m="x" j:k="y" xmlns:j="urn:other"><c n="2"/></b></a>`];
    const d = await differential(everyContext(contexts), docs, { visitAttributes: true, fastOnly: true });
    expect(firings(d, contexts).slice(0, 3)).toEqual([
      '@n → /a/b[1]/@n /a/b[2]/@n /a/x/b/@n | /inv/line[1]/@n /inv/line[2]/@n /inv/line[3]/@n /inv/group/line/@n | /inv/a/line[1]/@n /inv/a/line[2]/@n /inv/line/@n | /a/b/@n /a/b/c/@n',
      'b/@n → /a/b[1]/@n /a/b[2]/@n /a/x/b/@n |  |  | /a/b/@n',
      'b[@n = "2"]/@n → /a/b[2]/@n |  |  | ',
    ]);
    // One pattern: the first rule matching a node fires, attributes between their element and its children.
    const mixed = sch(`<sch:pattern><sch:rule context="@n"><sch:report id="a" test="true()"><sch:value-of select="."/> of <sch:value-of select="name(..)"/></sch:report></sch:rule>
      <sch:rule context="*"><sch:report id="e" test="@n"><sch:name/></sch:report></sch:rule></sch:pattern>`);
    const m = await differential(mixed, [`<a><b n="1"><c n="2"/></b></a>`], { visitAttributes: true });
    expect(briefs(m)).toEqual([['R:e@/a/b:b', 'R:a@/a/b/@n:1 of b', 'R:e@/a/b/c:c', 'R:a@/a/b/c/@n:2 of c']]);
    // Without visitAttributes (the default, and that of added rule sets) attribute contexts fire on neither engine.
    expect(briefs(await differential(mixed, [`<a><b n="1"/></a>`], { fastOnly: true }))).toEqual([['R:e@/a/b:b']]);
  });

  it('refuses at plan or compile time (XPathUnsupported) what it does not run: the rule set then runs on Saxon-JS', async () => {
    const rule = (body: string, context = 'b') => sch(`<sch:pattern><sch:rule context="${context}">${body}</sch:rule></sch:pattern>`);
    const refused: Array<[string, string, CompileOptions?]> = [
      // A let with one literal element runs natively (a temporary tree); XSLT instructions in its content do not.
      ['sch:let with XSLT in its content', rule(`<sch:let name="x"><xsl:value-of select="1"/></sch:let><sch:assert test="$x">x</sch:assert>`)],
      // current() is the node matched: natively only in the last step's predicates, which are evaluated on it.
      ['current() before the last step of a context', rule(`<sch:assert test="true()">x</sch:assert>`, 'a[. = current()]/b')],
      ['key() with a computed key name', sch(`<xsl:stylesheet version="3.0"><xsl:key name="k" match="b" use="@n"/></xsl:stylesheet><sch:pattern><sch:rule context="b"><sch:assert test="key(concat('k', ''), '1')">x</sch:assert></sch:rule></sch:pattern>`)],
      ['xsl:key with a collation', sch(`<xsl:key name="k" match="b" use="@n" collation="http://www.w3.org/2005/xpath-functions/collation/codepoint"/><sch:pattern><sch:rule context="b"><sch:assert test="key('k', '1')">x</sch:assert></sch:rule></sch:pattern>`)],
    ];
    for (const [what, source, options] of refused) {
      await expect(compileNative(source, engine, options).then((n) => n.compileAll()), what).rejects.toThrow(XPathUnsupported);
    }
    // Most are refused while reading the schema (planNative), before any XPath is compiled.
    expect(() => planNative(refused[0]![1])).toThrow(XPathUnsupported);
  });
});

describe.concurrent('native Schematron runner: documents as Saxon-JS reads them', () => {
  it('comments, PIs, CDATA, references, DTD entities and defaults, line ends, namespace undeclarations; ill-formed XML throws', async () => {
    const source = sch(`<sch:pattern><sch:rule context="*">
      <sch:report id="el" test="true()"><sch:name/>=[<sch:value-of select="string(.)"/>] <sch:value-of select="string-length(.)"/> {<sch:value-of select="@*/concat(name(), '=', .)"/>} <sch:value-of select="namespace-uri()"/></sch:report></sch:rule></sch:pattern>`);
    const docs = [
      `<?xml version="1.0"?>\n<!-- c --><?pi x?><a><!--in--><![CDATA[<x>]]>&amp;&#x41;&#66;<?p q?><b/>&lt;</a>`,
      `<!DOCTYPE a [<!ENTITY e "ent"><!ENTITY f "<b>&e;</b>">]><a>&e;&f;</a>`,
      `<!DOCTYPE a [<!ATTLIST a n CDATA "def" m CDATA #IMPLIED>]><a><b/></a>`,
      `<a xmlns:p="urn:p" xml:lang="en"><p:b p:n="1" n="2"/></a>`,
      `<a>\r\n x \r y\t</a>`,
      `<a n=" x\ty\n z "/>`,
      `<a xmlns="urn:inv"><b xmlns=""><c xmlns="urn:other"/></b></a>`,
      `<a><b></a>`,
      `<a/><b/>`,
      ``,
      `\uFEFF<a>bom</a>`,
      `<?xml version="1.1" encoding="UTF-8" standalone="yes"?><a>1.1</a>`,
      `<a>\u00A0 nbsp \u2028 ls \u{1F600}</a>`,
      `<a b:c="1" xmlns:b="urn:b"><b:d xmlns:b="urn:other"/></a>`,
    ];
    // The native reader refuses any document with a DOCTYPE (Saxon-JS here ignores the DTD's attribute default) and
    // two root elements, which Saxon-JS reads as one document; it reads XML 1.1 by the 1.0 rules, as libxml2 does.
    const d = await differential(source, docs, { nativeMayThrow: [2, 8], fastOnly: true });
    expect(briefs(d)[0]).toEqual(['R:el@/a:a=[<x>&AB<] 7 {}', 'R:el@/a/b:b=[] 0 {}']);
    expect(briefs(d)[2]).toEqual(['R:el@/a:a=[] 0 {}', 'R:el@/a/b:b=[] 0 {}']);
    expect(briefs(d)[4]).toEqual(['R:el@/a:a=[ x y ] 8 {}']);
    expect(briefs(d)[8]).toEqual(['R:el@/a:a=[] 0 {}', 'R:el@/b:b=[] 0 {}']);
    expect([1, 7, 9].map((i) => briefs(d)[i])).toEqual(['error', 'error', 'error']);
    // A byte order mark, XML 1.1, string-length in code points, a prefix redeclared.
    expect(briefs(d).slice(10)).toEqual([['R:el@/a:a=[bom] 3 {}'], ['R:el@/a:a=[1.1] 3 {}'], ['R:el@/a:a=[ nbsp ls 😀] 13 {}'],
      ['R:el@/a:a=[] 0 {b:c=1}', 'R:el@/a/d:b:d=[] 0 {} urn:other']]);
  });

  it('one rule set over many documents in turn (what it learns of one document does not leak into the next)', async () => {
    const contexts = ['/a/b', 'b[c]', 'c[last()]', 'i:line | line', '*[2]'];
    const docs = [PLAIN, MIXED, NAMESPACED, PLAIN.replace('<e/>', '<b n="4"/>'), `<b><c/></b>`, MIXED, PLAIN, `<a><b><c/><c/><c/></b></a>`];
    const d = await differential(everyContext(contexts), docs, { fastOnly: true });
    expect(briefs(d)[0]).toEqual(briefs(d)[6]);
    expect(briefs(d)[1]).toEqual(briefs(d)[5]);
  });
});

describe.concurrent('native Schematron runner: odd corners', () => {
  it('contexts matching the document node and every node: "node()", "/ | *", "//*", "*|/"', async () => {
    const contexts = ['node()', '/ | *', '//*', '*|/', '/|b'];
    const d = await differential(everyContext(contexts), [`<a><b/>t<!--c--></a>`], { fastOnly: true });
    expect(firings(d, contexts)).toEqual(['node() → /a /a/b', '/ | * → / /a /a/b', '//* → /a /a/b', '*|/ → / /a /a/b', '/|b → / /a/b']);
  });

  // The XSLT 3.0 pattern `.` (and `.[p]`) matches any item, the document node included, and Saxon-JS fires the rule
  // there: a fallback matcher that answers "no" for the document node misses it.
  it('contexts "." and ".[p]" match the document node', async () => {
    const contexts = ['.', '.[. instance of document-node()]', '.[self::b]'];
    const d = await differential(everyContext(contexts), [`<a><b/>t<!--c--></a>`], { nativeMayThrow: true, fastOnly: true });
    expect(firings(d, contexts)).toEqual(['. → / /a /a/b', '.[. instance of document-node()] → /', '.[self::b] → /a/b']);
  });

  it('tests with < > & and quotes, newlines and tabs in the test text; empty messages; an empty pattern', async () => {
    const source = sch(`<sch:pattern/><sch:pattern><sch:rule context="b">
      <sch:report id="gt" test="count(c) > 1 and @n &lt; 2 and 'a&amp;b' = &quot;a&amp;b&quot;">more than one c</sch:report>
      <sch:report id="nl" test="@n = '2'
	and true()"/>
      <sch:assert id="empty" test="c[2]"><sch:value-of select="()"/></sch:assert>
      <sch:report id="count" test="count(c) - 1">a number as a test</sch:report></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(d.saxon[0]).toMatchObject({ results: [
      { id: 'gt', test: `count(c) > 1 and @n < 2 and 'a&b' = "a&b"`, location: '/a/b[1]' },
      { id: 'count', location: '/a/b[1]' },
      { id: 'nl', test: `@n = '2'\n\tand true()`, location: '/a/b[2]', text: '' }, { id: 'empty', location: '/a/b[2]', text: '' }, { id: 'empty', location: '/a/x/b' },
    ] });
  });

  it('value-of: floats, doubles, booleans, dates, QNames, large and negative decimals, attributes', async () => {
    const source = sch(`<sch:pattern><sch:rule context="/*"><sch:report id="v" test="true()"><sch:value-of select="xs:float('1.1'), 1e-7, 0.1e0 + 0.2e0, 1e21, 123456789012345678.5 * 10, -0.5, 3 idiv 2, 7 mod -3, true(), xs:date('2024-02-29'), name(.), @*, 1 to 3"/></sch:report></sch:rule></sch:pattern>`);
    const d = await differential(source, [`<a n="x" m="7"/>`], { fastOnly: true });
    expect(briefs(d)).toEqual([['R:v@/a:1.1 1.0E-7 0.30000000000000004 1.0E21 1234567890123456785 -0.5 1 1 true 2024-02-29 a x 7 1 2 3']]);
  });

  it('an unused global let that raises an error, a context reading a pattern let, sch:name of several nodes', async () => {
    // The native runner evaluates global lets before any rule: it may throw where Saxon-JS never evaluates the let.
    const unused = sch(`<sch:let name="bad" value="xs:integer('x')"/><sch:pattern><sch:rule context="e"><sch:report id="e" test="true()">e</sch:report></sch:rule></sch:pattern>`);
    expect(briefs(await differential(unused, [PLAIN], { nativeMayThrow: true, fastOnly: true }))).toEqual([['R:e@/a/e:e']]);
    const patternLetInContext = sch(`<sch:pattern><sch:let name="p" value="1"/><sch:rule context="b[$p]"><sch:report test="true()">x</sch:report></sch:rule></sch:pattern>`);
    await expect(compileXsltCached(compileSchematron(patternLetInContext, { guards: false }), CACHE)).rejects.toThrow(/XPST0008/);
    await expect(compileNative(patternLetInContext, engine).then((n) => n.compileAll())).rejects.toThrow();
    const names = sch(`<sch:pattern><sch:rule context="b"><sch:assert id="n" test="false()"><sch:name path="c"/></sch:assert></sch:rule></sch:pattern>`);
    expect(briefs(await differential(names, [PLAIN, `<a><b><c/></b></a>`], { fastOnly: true }))).toEqual(['error', [ 'A:n@/a/b:c']]);
  });
});

