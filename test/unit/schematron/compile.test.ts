import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSchematron, SchematronError } from '../../../src/schematron/compile.js';
import { compileXslt } from '../../../src/schematron/sef.js';
import { CompiledRules } from '../../../src/schematron/run.js';

const sch = (body: string, attrs = '') => `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" queryBinding="xslt2" ${attrs}>
  <sch:ns prefix="i" uri="urn:inv"/>${body}</sch:schema>`;

async function run(source: string, xml: string, options = {}) {
  const rules = new CompiledRules('test', await compileXslt(compileSchematron(source, options)));
  return rules.results(xml).map((r) => `${r.kind === 'failed-assert' ? 'A' : 'R'}:${r.id}${r.role ? `(${r.role})` : ''}@${r.location}:${r.text}`);
}

const DOC = `<i:inv xmlns:i="urn:inv"><i:line n="1">5</i:line><i:line n="2">7</i:line><i:total>12</i:total></i:inv>`;

describe('Schematron compiler (ISO Schematron → XSLT 3.0 → SEF)', () => {
  it('asserts and reports, with value-of and name in the message and a readable location', async () => {
    const out = await run(sch(`<sch:pattern id="p"><sch:rule context="i:line">
      <sch:assert id="a1" flag="fatal" test=". &lt; 6">Line <sch:value-of select="@n"/> (<sch:name/>) is <sch:value-of select="."/></sch:assert>
      <sch:report id="r1" flag="warning" test="@n = '1'">first</sch:report></sch:rule></sch:pattern>`), DOC);
    expect(out).toEqual(['R:r1@/inv/line[1]:first', 'A:a1@/inv/line[2]:Line 2 (i:line) is 7']);
  });

  it('let at schema, pattern and rule level', async () => {
    const out = await run(sch(`<sch:let name="limit" value="10"/><sch:pattern><sch:let name="sum" value="sum(//i:line)"/>
      <sch:rule context="i:total"><sch:let name="t" value="number(.)"/>
      <sch:assert id="sum" test="$t = $sum">total</sch:assert><sch:assert id="limit" test="$t le $limit">over</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out).toEqual(['A:limit@/inv/total:over']);
  });

  it('the first matching rule of a pattern wins; another pattern sees the node again', async () => {
    const out = await run(sch(`<sch:pattern><sch:rule context="i:line[@n = '1']"><sch:assert id="first" test="false()">x</sch:assert></sch:rule>
      <sch:rule context="i:line"><sch:assert id="general" test="false()">y</sch:assert></sch:rule></sch:pattern>
      <sch:pattern><sch:rule context="i:line"><sch:assert id="other" test="false()">z</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out.map((s) => s.split('@')[0]).sort()).toEqual(['A:first', 'A:general', 'A:other', 'A:other']);
  });

  it('attribute contexts fire only with visitAttributes (off by default, as in the ISO skeleton)', async () => {
    const source = sch(`<sch:pattern><sch:rule context="i:line/@n"><sch:assert id="n" test=". != '2'">n</sch:assert></sch:rule></sch:pattern>`);
    expect(await run(source, DOC, { visitAttributes: true })).toEqual(['A:n@/inv/line[2]/@n:n']);
    expect(await run(source, DOC)).toEqual([]);
  });

  it('phases: only the active patterns run; @defaultPhase unless one is chosen', async () => {
    const source = sch(`<sch:phase id="quick"><sch:active pattern="a"/></sch:phase><sch:phase id="full"><sch:active pattern="a"/><sch:active pattern="b"/></sch:phase>
      <sch:pattern id="a"><sch:rule context="i:total"><sch:assert id="A" test="false()">a</sch:assert></sch:rule></sch:pattern>
      <sch:pattern id="b"><sch:rule context="i:total"><sch:assert id="B" test="false()">b</sch:assert></sch:rule></sch:pattern>`, 'defaultPhase="quick"');
    expect((await run(source, DOC)).map((s) => s.slice(0, 3))).toEqual(['A:A']);
    expect((await run(source, DOC, { phase: 'full' })).map((s) => s.slice(0, 3))).toEqual(['A:A', 'A:B']);
    expect(() => compileSchematron(source, { phase: 'nope' })).toThrow(SchematronError);
  });

  it('abstract rules with extends, and abstract patterns with is-a and params', async () => {
    const out = await run(sch(`<sch:pattern><sch:rule abstract="true" id="positive"><sch:assert id="pos" test="number(.) gt 0">positive</sch:assert></sch:rule>
      <sch:rule context="i:line"><sch:extends rule="positive"/><sch:assert id="small" test="number(.) lt 6">small</sch:assert></sch:rule></sch:pattern>
      <sch:pattern abstract="true" id="max"><sch:rule context="$el"><sch:assert id="max" test="number(.) le $limit">over <sch:value-of select="$limit"/></sch:assert></sch:rule></sch:pattern>
      <sch:pattern is-a="max"><sch:param name="el" value="i:total"/><sch:param name="limit" value="11"/></sch:pattern>`), DOC);
    expect(out).toEqual(['A:small@/inv/line[2]:small', 'A:max@/inv/total:over 11']);
  });

  it('embedded xsl:function is available to tests', async () => {
    const out = await run(sch(`<xsl:function name="i:even" as="xs:boolean" xmlns:xs="http://www.w3.org/2001/XMLSchema"><xsl:param name="v"/><xsl:sequence select="number($v) mod 2 = 0"/></xsl:function>
      <sch:pattern><sch:rule context="i:total"><sch:assert id="even" test="i:even(.)">odd</sch:assert><sch:assert id="odd" test="not(i:even(.))">even</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out).toEqual(['A:odd@/inv/total:even']);
  });

  it('an XPath error in a test is reported as a failed assert of that rule, and the run goes on', async () => {
    const out = await run(sch(`<sch:pattern><sch:rule context="i:inv">
      <sch:assert id="boom" test="normalize-space(i:line) != ''">never</sch:assert><sch:assert id="after" test="false()">after</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out[0]).toMatch(/^A:boom\(evaluation-error\)@\/inv:Rule could not be evaluated: .*cardinality/);
    expect(out[1]).toBe('A:after@/inv:after');
  });

  it('braces and quotes in a test survive into the report', async () => {
    const out = await run(sch(`<sch:pattern><sch:rule context="i:total"><sch:assert id="re" test="matches(., '^\\d{3}$') and &quot;a&quot; = 'a'">re</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out).toEqual(['A:re@/inv/total:re']);
  });

  it('include: a rule from another file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-sch-'));
    writeFileSync(join(dir, 'rule.sch'), `<sch:rule xmlns:sch="http://purl.oclc.org/dsdl/schematron" context="i:total"><sch:assert id="inc" test="false()">included</sch:assert></sch:rule>`);
    const out = await run(sch(`<sch:pattern><sch:include href="rule.sch"/></sch:pattern>`), DOC, { baseDir: dir });
    expect(out).toEqual(['A:inc@/inv/total:included']);
  });

  it('refuses what is not ISO Schematron', () => {
    expect(() => compileSchematron('<schema/>')).toThrow(/not an ISO Schematron/);
    expect(() => compileSchematron('<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron"><sch:pattern><sch:rule context="a"><sch:assert>x</sch:assert></sch:rule></sch:pattern></sch:schema>')).toThrow(/without @test/);
    expect(() => compileSchematron('<oops')).toThrow(/not well-formed/);
  });
});

describe('Schematron compiler: errors in lets', () => {
  it('a let that raises an error fails only the rules that use it', async () => {
    const out = await run(sch(`<sch:pattern><sch:rule context="i:inv"><sch:let name="bad" value="xs:decimal('abc')"/>
      <sch:assert id="uses" test="$bad gt 0">uses</sch:assert><sch:assert id="free" test="false()">free</sch:assert></sch:rule></sch:pattern>`), DOC);
    expect(out.map((s) => s.split('@')[0])).toEqual(['A:uses(evaluation-error)', 'A:free']);
  });
});

describe('Schematron compiler: the fast stylesheet and its guarded twin', () => {
  const source = sch(`<sch:pattern><sch:rule context="i:inv">
    <sch:assert id="boom" test="normalize-space(i:line) != ''">never</sch:assert><sch:assert id="after" test="false()">after</sch:assert></sch:rule>
    <sch:rule context="i:line"><sch:assert id="small" test=". &lt; 6">small</sch:assert></sch:rule></sch:pattern>`);
  const ONE_LINE = `<i:inv xmlns:i="urn:inv"><i:line n="1">7</i:line></i:inv>`;
  const ids = (rules: CompiledRules, xml: string) => rules.results(xml).map((r) => `${r.id}${r.role ? `(${r.role})` : ''}`);

  it('without guards an XPath error stops the run; with the twin behind it, the document runs again guarded', async () => {
    const [fast, guarded] = await Promise.all([false, true].map((guards) => compileXslt(compileSchematron(source, { guards }))));
    expect(() => new CompiledRules('fast', fast!).results(DOC)).toThrow(/cardinality|more than one/i);
    const paired = new CompiledRules('paired', fast!, () => guarded!);
    expect(ids(paired, DOC)).toEqual(['boom(evaluation-error)', 'after', 'small']);
    // Where nothing raises an error, the fast stylesheet alone reports what the guarded one does.
    expect(ids(new CompiledRules('fast', fast!), ONE_LINE)).toEqual(['after', 'small']);
    expect(ids(new CompiledRules('guarded', guarded!), ONE_LINE)).toEqual(['after', 'small']);
  });
});
