import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callsIn, templateExpressions } from '../../../src/schematron/guard/xpath-scan.js';
import { includeTarget, readRuleFile, SourceRefused } from '../../../src/schematron/guard/files.js';
import { inspectSef } from '../../../src/schematron/guard/sef.js';
import { inspectSource } from '../../../src/schematron/guard/source.js';
import { inspectRuleSet, RuleSetRefused } from '../../../src/schematron/guard/index.js';
import { badName, defaultName } from '../../../src/schematron/cache.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT, TDD_OFFICIAL_DIR, HAVE_TDD_OFFICIAL } from '../../helpers/paths.js';

/* The pieces of the static check (issue 21 item 1), each on its own; the corpus of attacks is test/e2e/hostile-rules. */

const names = (expr: string) => callsIn(expr).map((c) => `${c.uri !== undefined ? `Q{${c.uri}}` : c.prefix ? `${c.prefix}:` : ''}${c.local}${c.reference ? '#' : ''}`);

describe('calls found in XPath by its tokens', () => {
  it('calls, prefixed calls, EQNames, references, arrows and calls inside predicates and inline functions', () => {
    expect(names("doc('a')/x[unparsed-text('b')]")).toEqual(['doc', 'unparsed-text']);
    expect(names('js:eval("1") + Q{http://saxonica.com/ns/globalJS}eval(2)')).toEqual(['js:eval', 'Q{http://saxonica.com/ns/globalJS}eval']);
    expect(names("let $f := unparsed-text#1 return $f('x')")).toEqual(['unparsed-text#']);
    expect(names("'x' => unparsed-text() => string-length()")).toEqual(['unparsed-text', 'string-length']);
    expect(names('function($x) { doc($x) }(1)')).toEqual(['doc']);
    expect(names('map { "a": environment-variable("T") }')).toEqual(['environment-variable']);
    expect(names('2 * doc("x")')).toEqual(['doc']);
    expect(names('- doc("x")')).toEqual(['doc']);
  });

  it('not calls: kind tests, keywords, operators before a parenthesis, names in strings and comments, variables, axes', () => {
    expect(names('if (a) then (b) else (c)')).toEqual([]);
    expect(names('for $i in (1, 2) return ($i)')).toEqual([]);
    expect(names('some $x in a satisfies (b) and (c) or (d)')).toEqual([]);
    expect(names('a instance of element() and b treat as node()')).toEqual([]);
    expect(names("'doc(1)' || \"unparsed-text('x')\" (: doc('y') (: nested :) :)")).toEqual([]);
    expect(names('child::doc/descendant::x[text()] | $doc')).toEqual([]);
    expect(names('1 to (3) div (2)')).toEqual([]);
  });

  it('text it cannot read is an error, never a pass', () => {
    expect(() => callsIn("doc('x)")).toThrow(/not closed/);
    expect(() => callsIn('(: doc(1)')).toThrow(/not closed/);
    expect(() => callsIn('Q{urn:x')).toThrow(/not closed/);
  });

  it('attribute and text value templates: the expressions between unescaped braces', () => {
    expect(templateExpressions('a{b}c{{d}}{e}')).toEqual(['b', 'e']);
    expect(templateExpressions("{map{'k': doc('}')}}")).toEqual(["map{'k': doc('}')}"]);
    expect(() => templateExpressions('{doc(1)')).toThrow(/not closed/);
  });
});

describe('includes and rule files', () => {
  const root = mkdtempSync(join(tmpdir(), 'pintae-guard-'));
  const set = join(root, 'set');
  mkdirSync(join(set, 'sub'), { recursive: true });
  writeFileSync(join(set, 'a.sch'), 'x'.repeat(100));
  writeFileSync(join(root, 'outside.sch'), 'secret');
  symlinkSync(join(root, 'outside.sch'), join(set, 'out-link.sch'));
  symlinkSync(join(set, 'a.sch'), join(set, 'in-link.sch'));
  const place = { file: 'rules.sch', line: 1 };
  const refusal = (f: () => unknown) => { try { f(); return 'allowed'; } catch (e) { if (e instanceof SourceRefused) return e.refusal.reason; throw e; } };
  const caps = { fileBytes: 50, totalBytes: 1000, files: 10 };

  it('an href leads only to a relative place inside the rule set', () => {
    expect(includeTarget(set, join(set, 'sub'), '../a.sch', place, 'i')).toBe(join(set, 'a.sch'));
    expect(includeTarget(set, set, 'sub/b%20c.sch', place, 'i')).toBe(join(set, 'sub', 'b c.sch'));
    expect(refusal(() => includeTarget(set, set, '../outside.sch', place, 'i'))).toMatch(/leaves/);
    expect(refusal(() => includeTarget(set, set, '%2e%2e/outside.sch', place, 'i'))).toMatch(/leaves/);
    expect(refusal(() => includeTarget(set, set, '/etc/passwd', place, 'i'))).toMatch(/absolute path/);
    expect(refusal(() => includeTarget(set, set, 'file:///etc/passwd', place, 'i'))).toMatch(/URL/);
    expect(refusal(() => includeTarget(set, set, 'http://127.0.0.1/x.sch', place, 'i'))).toMatch(/URL/);
    expect(refusal(() => includeTarget(set, set, 'a.sch#frag', place, 'i'))).toMatch(/not a plain relative path/);
    expect(refusal(() => includeTarget(set, set, 'sub\\..\\..\\outside.sch', place, 'i'))).toMatch(/not a plain relative path/);
    expect(refusal(() => includeTarget(set, set, '%zz', place, 'i'))).toMatch(/not a valid URI/);
    expect(refusal(() => includeTarget(set, set, '', place, 'i'))).toMatch(/without an href/);
  });

  it('a rule file is read only where it really lies inside, only as a regular file, only within the cap', () => {
    expect(refusal(() => readRuleFile(set, join(set, 'a.sch'), caps, place, 'i'))).toMatch(/larger than 50 bytes/);
    expect(readRuleFile(set, join(set, 'a.sch'), { ...caps, fileBytes: 100 }, place, 'i').length).toBe(100);
    expect(readRuleFile(set, join(set, 'in-link.sch'), { ...caps, fileBytes: 100 }, place, 'i').length).toBe(100);
    expect(refusal(() => readRuleFile(set, join(set, 'out-link.sch'), caps, place, 'i'))).toMatch(/a link that leaves/);
    expect(refusal(() => readRuleFile(set, join(set, 'sub'), caps, place, 'i'))).toMatch(/a directory/);
    expect(refusal(() => readRuleFile(set, join(set, 'none.sch'), caps, place, 'i'))).toMatch(/no such file/);
    expect(refusal(() => readRuleFile('/dev', '/dev/zero', caps, place, 'i'))).toMatch(/not a regular file/);
  });
});

describe('the check of a compiled stylesheet (SEF)', () => {
  it('the built-in rules and the official releases pass as compiled', () => {
    const sefs = ['pint-ae', 'pint-ae-selfbilling', 'pint-ae-tdd'].map((f) => join(ROOT, 'dist/schematron', `${f}.sef.json`));
    if (HAVE_OFFICIAL) sefs.push(...['PINT-UBL-validation-preprocessed', 'PINT-jurisdiction-aligned-rules'].flatMap((f) => [join(OFFICIAL_DIR, 'sef', `${f}.sef.json`), join(OFFICIAL_DIR, 'selfbilling/sef', `${f}.sef.json`)]));
    if (HAVE_TDD_OFFICIAL) sefs.push(join(TDD_OFFICIAL_DIR, 'sef/peppol-ae-tdd.sef.json'));
    for (const sef of sefs) expect(inspectSef(sef, JSON.parse(readFileSync(sef, 'utf8'))), sef).toEqual([]);
  });

  it('refuses what reaches out, by kind and by the function it names, and any kind it does not know', () => {
    const tree = { N: 'package', C: [{ N: 'co', C: [{ N: 'function', name: 'Q{urn:own}f', line: '3', module: 'x.xsl', C: [
      { N: 'fn', name: 'unparsed-text' }, { N: 'fn', name: 'string' }, { N: 'ifCall', name: 'Q{http://saxonica.com/ns/interactiveXSLT}call' },
      { N: 'ifCall', name: 'Q{http://www.w3.org/2005/xpath-functions/map}get' }, { N: 'ifCall', name: 'Q{http://saxon.sf.net/}apply' },
      { N: 'fnRef', name: 'Q{urn:own}f' }, { N: 'fnRef', name: 'Q{http://www.w3.org/2005/xpath-functions}doc' },
      { N: 'resultDoc', line: '9' }, { N: 'somethingNew' }, { N: 'cfn', name: '_format-number_1' },
    ] }] }] };
    expect(inspectSef('x.sef.json', tree).map((r) => `${r.file}:${r.line ?? '-'} ${r.construct}`)).toEqual([
      'x.sef.json (x.xsl):3 fn unparsed-text',
      'x.sef.json (x.xsl):3 ifCall Q{http://saxonica.com/ns/interactiveXSLT}call',
      'x.sef.json (x.xsl):3 fnRef Q{http://www.w3.org/2005/xpath-functions}doc',
      'x.sef.json (x.xsl):9 resultDoc',
      'x.sef.json (x.xsl):3 somethingNew',
    ]);
  });
});

describe('what a source file holds', () => {
  it('every construct located at its line and column; a DOCTYPE judged by what it declares', () => {
    const text = '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">\n  <xsl:template match="/">\n    <o a="{doc(1)}"><xsl:result-document href="x"/></o>\n  </xsl:template>\n</xsl:stylesheet>\n';
    const facts = inspectSource('s.xsl', Buffer.from(text));
    expect(facts.refusals.map((r) => `${r.line}:${r.column} ${r.construct}`)).toEqual(['3:21 <xsl:result-document>']);
    expect(facts.calls.map((c) => `${c.line}:${c.column} ${c.written}`)).toEqual(['3:8 doc()']);
    const internal = inspectSource('e.sch', Buffer.from('<!DOCTYPE s [<!ENTITY t "true()">]>\n<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron"><sch:pattern><sch:rule context="/"><sch:assert test="&t;">x</sch:assert></sch:rule></sch:pattern></sch:schema>'));
    expect(internal.refusals).toEqual([]);
    expect(internal.malformed).toBeUndefined();
  });
});

describe('the prefixes ISO Schematron binds implicitly (issue 23)', () => {
  const schema = (body: string, attrs = '') => `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" queryBinding="xslt2"${attrs}>
  <sch:ns prefix="f" uri="urn:own"/>
${body}
  <sch:pattern><sch:rule context="/"><sch:assert test="true()">x</sch:assert></sch:rule></sch:pattern></sch:schema>`;
  const judged = (text: string): string[] => {
    try { inspectRuleSet(tmpdir(), [{ path: join(tmpdir(), 'r.sch'), content: Buffer.from(text), kind: 'sch' }], () => 'r.sch'); return []; } catch (e) {
      if (e instanceof RuleSetRefused) return e.refusals.map((r) => `${r.line}: ${r.construct}: ${r.reason}`);
      throw e;
    }
  };
  it('xs: and xsd: undeclared, inside and outside a function, pass; a function named with a prefix bound by sch:ns passes', () => {
    expect(judged(schema(`<xsl:function name="f:d" as="xsd:decimal"><xsl:param name="v"/><xsl:sequence select="xsd:decimal($v) + xs:decimal(1)"/></xsl:function>
  <sch:pattern><sch:rule context="/"><sch:assert test="f:d(1) = xsd:decimal('2') and xs:integer('2') = 2">x</sch:assert></sch:rule></sch:pattern>`))).toEqual([]);
  });
  it('binding saxon: is no permission: its extension functions stay refused, called or declared, in rules and in functions', () => {
    expect(judged(schema(`<sch:pattern><sch:rule context="/"><sch:assert test="saxon:evaluate('1')">x</sch:assert></sch:rule></sch:pattern>
  <xsl:function name="f:g"><xsl:sequence select="saxon:system-id()"/></xsl:function>
  <xsl:function name="saxon:line-number"><xsl:sequence select="1"/></xsl:function>
  <xsl:function name="xsd:decimal"><xsl:sequence select="1"/></xsl:function>`))).toEqual([
      '5: <xsl:function name="{http://saxon.sf.net/}line-number">: a function declared in a namespace of the standard or of a processor',
      '6: <xsl:function name="{http://www.w3.org/2001/XMLSchema}decimal">: a function declared in a namespace of the standard or of a processor',
      '3: saxon:evaluate(): a function of http://saxon.sf.net/ (Saxon extension functions)',
      '4: saxon:system-id(): a function of http://saxon.sf.net/ (Saxon extension functions)',
    ]);
  });
  it('a prefix the schema binds itself shadows the implicit one: saxon: for a namespace of its own', () => {
    expect(judged(schema(`<xsl:function name="saxon:twice"><xsl:param name="n"/><xsl:sequence select="$n * 2"/></xsl:function>
  <sch:pattern><sch:rule context="/"><sch:assert test="saxon:twice(1) = 2">x</sch:assert></sch:rule></sch:pattern>`, ' xmlns:saxon="urn:mine"'))).toEqual([]);
  });
});

describe('rule set names', () => {
  const reserved = new Set(['builtin']);
  it('one directory under the cache, never a path, never a built-in name', () => {
    for (const ok of ['a', 'pint-ae-1.0.4', 'x_y', '0', 'a'.repeat(64)]) expect(badName(ok, reserved), ok).toBeUndefined();
    for (const bad of ['.', '..', '../x', 'a/b', '', '.hidden', '-x', 'UPPER', 'a'.repeat(65), 'builtin', 'x y', 'x@y']) expect(badName(bad, reserved), bad).toBeDefined();
    expect(defaultName('PINT-AE 1.0.4.zip')).toBe('pint-ae-1.0.4');
    expect(defaultName('..sch')).toBe('');
    expect(defaultName('Rules.SEF.json')).toBe('rules');
  });
});
