import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchematron, type CompileOptions } from '../../../src/schematron/compile.js';
import { compileNative, planNative } from '../../../src/schematron/native-plan.js';
import { compileXsltCached } from '../../../src/schematron/sef.js';
import { CompiledRules } from '../../../src/schematron/run.js';
import type { SvrlResult } from '../../../src/schematron/svrl.js';
import { XPathUnsupported } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';

/*
 * The native Schematron runner (native-plan.ts, native.ts, native-match.ts on src/xpath/) against the reference: the
 * same schema compiled to XSLT (compile.ts, fast and guarded) and run by Saxon-JS. Per document the native runner
 * must give the fast stylesheet's results, in the same order, or throw where the fast stylesheet raises an error.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/pintae-sef');

const sch = (body: string, attrs = '') => `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" queryBinding="xslt2" ${attrs}>
  <sch:ns prefix="i" uri="urn:inv"/><sch:ns prefix="j" uri="urn:other"/>${body}</sch:schema>`;

type Outcome = { results: SvrlResult[] } | { error: string };

function attempt(run: () => SvrlResult[]): Outcome {
  try { return { results: run() }; } catch (e) { return { error: (e as Error).message }; }
}

/** `A:id@/a/b[2]:text`: what a case expects, in the order of the report. */
const brief = (r: SvrlResult) => `${r.kind === 'failed-assert' ? 'A' : 'R'}:${r.id ?? ''}@${r.location}:${r.text}`;

interface Differential {
  /** The fast stylesheet's outcome per document. */
  saxon: Outcome[];
  native: Outcome[];
}

/**
 * Runs a schema on each document through both engines and checks they agree: the guarded stylesheet gives the fast
 * one's results wherever the fast one answers; the native runner gives them too, or throws where the fast one raised
 * an error. `nativeMayThrow`: a document where the native runner may decline (throw) although Saxon-JS answers, which
 * costs only speed. `fastOnly`: no guarded stylesheet, for schemas where it cannot differ from the fast one (it differs
 * only by an xsl:try around each assert with the rule's lets inside, which matters for lets and errors): each
 * compilation costs 1–3 s on a cold cache (CI).
 */
async function differential(source: string, docs: string[], options: CompileOptions & { nativeMayThrow?: boolean | number[]; fastOnly?: boolean } = {}): Promise<Differential> {
  const { nativeMayThrow, fastOnly, ...compileOptions } = options;
  const [fast, guarded] = await Promise.all((fastOnly ? [false] : [false, true]).map(async (guards) =>
    new CompiledRules(`guards:${guards}`, (await compileXsltCached(compileSchematron(source, { ...compileOptions, guards }), CACHE)).sef)));
  let native: Awaited<ReturnType<typeof compileNative>> | Error;
  try { native = (await compileNative(source, engine, compileOptions)).compileAll(); } catch (e) { native = e as Error; }
  const saxon: Outcome[] = []; const nativeOut: Outcome[] = [];
  for (const [i, xml] of docs.entries()) {
    const reference = attempt(() => fast!.results(xml));
    const ours = native instanceof Error ? { error: native.message } : attempt(() => (native as Exclude<typeof native, Error>).results(xml));
    saxon.push(reference); nativeOut.push(ours);
    const where = `document ${i}: ${xml.slice(0, 200)}`;
    if ('error' in reference) {
      expect(ours, `${where}\nthe fast stylesheet raised ${reference.error.slice(0, 200)}; the native runner must throw`).toHaveProperty('error');
      continue;
    }
    if (guarded) expect(attempt(() => guarded.results(xml)), `${where}\nguarded vs fast`).toEqual(reference);
    if ('error' in ours && (nativeMayThrow === true || (Array.isArray(nativeMayThrow) && nativeMayThrow.includes(i)))) continue;
    expect(ours, `${where}\nnative vs Saxon-JS`).toEqual(reference);
  }
  return { saxon, native: nativeOut };
}

/** The fast stylesheet's results of each document, briefly (the case's own expectation beside the differential). */
const briefs = (d: Differential) => d.saxon.map((o) => ('error' in o ? 'error' : o.results.map(brief)));

const PLAIN = `<a><b n="1"><c>1</c><c>2</c></b><b n="2"><c>3</c><d><c>4</c></d></b><x><b n="3"><c>5</c></b></x><e/></a>`;
const NAMESPACED = `<inv xmlns="urn:inv" xmlns:j="urn:other"><line n="1">5</line><j:line n="x">6</j:line><line n="2">7</line><group><line n="3">8</line></group><total>12</total></inv>`;
const MIXED = `<i:inv xmlns:i="urn:inv"><a><i:line n="1"/><line n="2"/></a><line n="3"/><c>0</c></i:inv>`;
const DOCS = [PLAIN, NAMESPACED, MIXED];

/** One pattern per context, each with a report on every node it fires on: where each context matches, per document. */
const everyContext = (contexts: string[], lets = '') => sch(lets + contexts.map((c, k) =>
  `<sch:pattern id="p${k}"><sch:rule context="${c.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"><sch:report id="${k}" test="true()">x</sch:report></sch:rule></sch:pattern>`).join('\n'));

/** Per context (by index), the locations it fired on in each document: `k: loc loc | loc | …`. */
function firings(d: Differential, contexts: string[]): string[] {
  return contexts.map((c, k) => `${c} → ${d.saxon.map((o) => ('error' in o ? 'error' : o.results.filter((r) => r.id === String(k)).map((r) => r.location || '/').join(' '))).join(' | ')}`);
}

/** Contexts of every plain-path kind, and predicates in them (the lets they read: PREDICATE_LETS). */
const paths = ['/', '/a', '/a/b', '/b', 'a/b/c', 'b/c', 'x/b/c', 'a//c', 'a//b/c', '//c', '//b//c', 'a/*/c', '*', 'b/*', '/*',
  'i:*', 'j:*', 'i:line', 'line', 'i:inv/i:line', 'i:inv//line', '*/line', 'c | e', 'b/c | x//c | /a', 'i:line | j:line | line'];
const predicates = ["b[@n = '2']", 'b[@n > 1]', 'c[. = 3]', 'c[1]', 'c[last()]', 'c[position() = 2]', 'b[position() = last()]',
  'b[@n = $n]', 'b[$names = @n]', 'b[c][2]', 'b[2][c]', 'c[.]', 'b[count(c) = 2]', 'e[not(*)]', '//b[1]', 'a//c[1]', '*[2]', "i:line[@n = '2']", 'i:line[1]',
  'i:line[last()]', 'b/c[. = ../../b[1]/c]'];
const PREDICATE_LETS = `<sch:let name="n" value="2"/><sch:let name="names" value="('1', '3')"/>`;
/** Contexts that are not plain paths. */
const others = ['*[self::b or self::e]', '(b|d)/c', 'node()[self::x]', '*:line',
  'descendant::c[1]', 'element(c)', '(//c)[2]'];
/** Contexts written in unusual ways (the schema declares q: on its element). */
const written = [`b[@n = '/|[']`, 'b [ @n ]', 'a / b', ' //b | /a/e ', `*[local-name() = 'line']`, 'q:line', 'b[@q:n]', 'i:line[@n][1]',
  'b[c/text() = "2"]', 'b[(c)[2]]', 'b[c | d]', 'x//c[. = 5]'];
const WRITTEN_SCHEMA = everyContext(written).replace('<sch:schema ', '<sch:schema xmlns:q="urn:q" ');

describe.concurrent('native Schematron runner: which nodes a rule fires on', () => {
  it('the first matching rule of a pattern wins; patterns report one after the other, each in document order', async () => {
    const source = sch(`<sch:pattern id="order">
      <sch:rule context="b[@n = '2']"><sch:report id="b2" test="true()">b2</sch:report></sch:rule>
      <sch:rule context="b"><sch:report id="b" test="true()">b</sch:report></sch:rule>
      <sch:rule context="/"><sch:report id="doc" test="true()">doc</sch:report></sch:rule>
      <sch:rule context="c | b"><sch:report id="c" test="true()">never for b</sch:report></sch:rule>
      <sch:rule context="*"><sch:report id="any" test="true()"><sch:name/></sch:report></sch:rule></sch:pattern>
      <sch:pattern id="second"><sch:rule context="b | e"><sch:assert id="n" test="@n">no n</sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(briefs(d)[0]).toEqual([
      'R:doc@:doc', 'R:any@/a:a', 'R:b@/a/b[1]:b', 'R:c@/a/b[1]/c[1]:never for b', 'R:c@/a/b[1]/c[2]:never for b',
      'R:b2@/a/b[2]:b2', 'R:c@/a/b[2]/c:never for b', 'R:any@/a/b[2]/d:d', 'R:c@/a/b[2]/d/c:never for b', 'R:any@/a/x:x',
      'R:b@/a/x/b:b', 'R:c@/a/x/b/c:never for b', 'R:any@/a/e:e', 'A:n@/a/e:no n',
    ]);
  });

  it('plain paths: absolute, relative, descendant, wildcards, prefixes, unions', async () => {
    const d = await differential(everyContext(paths), DOCS, { fastOnly: true });
    expect(firings(d, paths)).toEqual([
      '/ → / | / | /',
      '/a → /a |  | ',
      '/a/b → /a/b[1] /a/b[2] |  | ',
      '/b →  |  | ',
      'a/b/c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c |  | ',
      'b/c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/x/b/c |  | ',
      'x/b/c → /a/x/b/c |  | ',
      'a//c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | ',
      'a//b/c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/x/b/c |  | ',
      '//c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      '//b//c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | ',
      'a/*/c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c |  | ',
      '* → /a /a/b[1] /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2] /a/b[2]/c /a/b[2]/d /a/b[2]/d/c /a/x /a/x/b /a/x/b/c /a/e | /inv /inv/line[1] /inv/line[2] /inv/line[3] /inv/group /inv/group/line /inv/total | /inv /inv/a /inv/a/line[1] /inv/a/line[2] /inv/line /inv/c',
      'b/* → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d /a/x/b/c |  | ',
      '/* → /a | /inv | /inv',
      'i:* →  | /inv /inv/line[1] /inv/line[3] /inv/group /inv/group/line /inv/total | /inv /inv/a/line[1]',
      'j:* →  | /inv/line[2] | ',
      'i:line →  | /inv/line[1] /inv/line[3] /inv/group/line | /inv/a/line[1]',
      'line →  |  | /inv/a/line[2] /inv/line',
      'i:inv/i:line →  | /inv/line[1] /inv/line[3] | ',
      'i:inv//line →  |  | /inv/a/line[2] /inv/line',
      '*/line →  |  | /inv/a/line[2] /inv/line',
      'c | e → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c /a/e |  | /inv/c',
      'b/c | x//c | /a → /a /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/x/b/c |  | ',
      'i:line | j:line | line →  | /inv/line[1] /inv/line[2] /inv/line[3] /inv/group/line | /inv/a/line[1] /inv/a/line[2] /inv/line',
    ]);
  });
});

describe.concurrent('native Schematron runner: predicates and other patterns in contexts', () => {
  it('boolean, comparison, positional and numeric predicates, with variables', async () => {
    const d = await differential(everyContext(predicates, PREDICATE_LETS), DOCS, { fastOnly: true });
    expect(firings(d, predicates)).toEqual([
      "b[@n = '2'] → /a/b[2] |  | ",
      'b[@n > 1] → /a/b[2] /a/x/b |  | ',
      'c[. = 3] → /a/b[2]/c |  | ',
      'c[1] → /a/b[1]/c[1] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      'c[last()] → /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      'c[position() = 2] → /a/b[1]/c[2] |  | ',
      'b[position() = last()] → /a/b[2] /a/x/b |  | ',
      'b[@n = $n] → /a/b[2] |  | ',
      'b[$names = @n] → /a/b[1] /a/x/b |  | ',
      'b[c][2] → /a/b[2] |  | ',
      'b[2][c] → /a/b[2] |  | ',
      'c[.] → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      'b[count(c) = 2] → /a/b[1] |  | ',
      'e[not(*)] → /a/e |  | ',
      '//b[1] → /a/b[1] /a/x/b |  | ',
      'a//c[1] → /a/b[1]/c[1] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | ',
      '*[2] → /a/b[1]/c[2] /a/b[2] /a/b[2]/d | /inv/line[2] | /inv/a/line[2] /inv/line',
      "i:line[@n = '2'] →  | /inv/line[3] | ",
      'i:line[1] →  | /inv/line[1] /inv/group/line | /inv/a/line[1]',
      'i:line[last()] →  | /inv/line[3] /inv/group/line | /inv/a/line[1]',
      'b/c[. = ../../b[1]/c] → /a/b[1]/c[1] /a/b[1]/c[2] /a/x/b/c |  | ',
    ]);
  });

  // A DIFFERENCE (for the coordinator): Saxon-JS 2.7 (unpatched too) misreads a positional predicate on a step that is
  // not the last one: `b[2]/c` fires on the c of <r><b/><b><c/></b></r> but not on that of <r><b/><b><x/><c/></b></r>
  // nor <r><b/><b>1<c/></b></r> (what it does seems to depend on the c's own position and on the other patterns). The
  // native runner reads XPath and fires on all three: it should leave such contexts to Saxon-JS (throw).
  it.fails('DIFFERENCE: a positional predicate on a step before the last (b[2]/c)', async () => {
    const contexts = ['b[2]/c', 'b[2]/c[1]', 'a[1]/b', 'b[last()]/c', 'b[position() = 2]//c', 'b[1]//c'];
    const docs = ['<r><b/><b><c/></b></r>', '<r><b/><b><x/><c/></b></r>', '<r><b/><b>1<c/></b></r>', '<b><b/><b><c/></b></b>'];
    const d = await differential(everyContext(contexts), docs, { nativeMayThrow: true, fastOnly: true });
    // Saxon-JS: on the first document all but b[1]//c fire; on the others only b[last()]/c (and b[1]//c on the last).
    expect(d.saxon.map((o) => ('error' in o ? 'error' : o.results.length))).toEqual([4, 1, 1, 2]);
    expect(briefs(d)[1]).toEqual(['R:3@/r/b[2]/c:x']);
  });

  it('contexts that are not plain paths', async () => {
    const d = await differential(everyContext(others), DOCS, { fastOnly: true });
    expect(firings(d, others)).toEqual([
      '*[self::b or self::e] → /a/b[1] /a/b[2] /a/x/b /a/e |  | ',
      '(b|d)/c → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | ',
      'node()[self::x] → /a/x |  | ',
      '*:line →  | /inv/line[1] /inv/line[2] /inv/line[3] /inv/group/line | /inv/a/line[1] /inv/a/line[2] /inv/line',
      'descendant::c[1] → /a/b[1]/c[1] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      'element(c) → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c |  | /inv/c',
      '(//c)[2] → /a/b[1]/c[2] |  | ',
    ]);
  });

  it('a predicate that raises an error on a node: Saxon-JS takes it as no match (XSLT 3.0 5.5.4), native agrees or throws', async () => {
    // `. > 1` casts the empty <c/> to xs:double: FORG0001.
    const contexts = ['c[. > 1][1]', 'c[xs:decimal(.) > 1]', 'c'];
    const d = await differential(sch(`<sch:pattern>${contexts.map((c, k) => `<sch:rule context="${c.replace(/>/g, '&gt;')}"><sch:report id="${k}" test="true()">x</sch:report></sch:rule>`).join('')}</sch:pattern>`),
      [PLAIN, '<a><c>2</c><c/><c>3</c></a>'], { nativeMayThrow: [1], fastOnly: true });
    expect(briefs(d)[1]).toEqual(['R:0@/a/c[1]:x', 'R:2@/a/c[2]:x', 'R:1@/a/c[3]:x']);
    expect(briefs(d)[0]).toEqual(['R:2@/a/b[1]/c[1]:x', 'R:0@/a/b[1]/c[2]:x', 'R:0@/a/b[2]/c:x', 'R:0@/a/b[2]/d/c:x', 'R:0@/a/x/b/c:x']);
  });

  // Was a DIFFERENCE (fixed in 1ea1608): Saxon-JS matches the pattern `document-node()` on the document node (the
  // XSLT rule: a pattern that is a document-node() test matches document nodes); the native runner reads it as
  // //(document-node()), which selects nothing, and never fires the rule.
  it('was a difference: a rule on document-node() fires on the document node', async () => {
    const d = await differential(everyContext(['document-node()']), [PLAIN], { nativeMayThrow: true, fastOnly: true });
    expect(briefs(d)).toEqual([['R:0@:x']]);
  });

  // Was a DIFFERENCE (fixed in 1ea1608): in a rule context, Saxon-JS takes a predicate whose value is a number not
  // known at compile time (a variable, arithmetic, number(), xs:integer()) by its effective boolean value: b[$n + 0]
  // matches every b. XPath (and the native runner) compares the number with the position: only the second b.
  // (`b[$n]` with an xs:integer $n does not compile at all: the xslt3 compiler fails, "Cannot read properties of
  // undefined (reading '0')".)
  it('was a difference: numeric-valued predicates in contexts (Saxon-JS: effective boolean value)', async () => {
    const numeric = ['b[$n + 0]', 'b[$d]', 'c[$n - 1]', 'b[number(@n)]', 'c[xs:integer(.)]'];
    const d = await differential(everyContext(numeric, `<sch:let name="n" value="2"/><sch:let name="d" value="2.0"/>`), [PLAIN], { nativeMayThrow: true, fastOnly: true });
    expect(firings(d, numeric)).toEqual([
      'b[$n + 0] → /a/b[1] /a/b[2] /a/x/b',
      'b[$d] → /a/b[1] /a/b[2] /a/x/b',
      'c[$n - 1] → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c',
      'b[number(@n)] → /a/b[1] /a/b[2] /a/x/b',
      'c[xs:integer(.)] → /a/b[1]/c[1] /a/b[1]/c[2] /a/b[2]/c /a/b[2]/d/c /a/x/b/c',
    ]);
  });
});

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

  it('functions in an embedded xsl:stylesheet: recursion, typed parameters, a function calling another', async () => {
    const source = sch(`<xsl:stylesheet version="3.0" xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xsl:function name="i:fact" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="if ($n le 1) then 1 else $n * i:fact($n - 1)"/></xsl:function>
      <xsl:function name="i:sum-c" as="xs:decimal"><xsl:param name="e" as="element()"/><xsl:sequence select="sum($e//c/xs:decimal(.))"/></xsl:function>
      <xsl:function name="i:fact-sum"><xsl:param name="e"/><xsl:sequence select="i:fact(xs:integer(i:sum-c($e)))"/></xsl:function></xsl:stylesheet>
      <sch:pattern><sch:rule context="b"><sch:report id="f" test="i:sum-c(.) gt 2"><sch:value-of select="i:sum-c(.), i:fact-sum(.)"/></sch:report></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(briefs(d)).toEqual([['R:f@/a/b[1]:3 6', 'R:f@/a/b[2]:7 5040', 'R:f@/a/x/b:5 120']]);
  });
});

describe.concurrent('native Schematron runner: XPath errors and what it refuses', () => {
  const GOOD = `<a><b n="1"><c>1</c></b><e v="2"/></a>`;
  it('an XPath error in a test, a let, a message or a function: the fast stylesheet raises, the native runner throws', async () => {
    const source = sch(`<xsl:stylesheet version="3.0" xmlns:xs="http://www.w3.org/2001/XMLSchema">
        <xsl:function name="i:dec" as="xs:decimal"><xsl:param name="v" as="xs:decimal"/><xsl:sequence select="$v"/></xsl:function></xsl:stylesheet>
      <sch:pattern><sch:rule context="b"><sch:let name="n" value="xs:integer(@n)"/>
        <sch:assert id="one-c" test="normalize-space(c) != ''">empty</sch:assert>
        <sch:assert id="n" test="$n gt 0">n</sch:assert>
        <sch:assert id="msg" test="count(c) lt 2">two c: <sch:value-of select="xs:date(c[1])"/></sch:assert></sch:rule>
      <sch:rule context="e"><sch:assert id="fn" test="i:dec(@v) ge 0">v</sch:assert></sch:rule></sch:pattern>`);
    const docs = [GOOD, `<a><b n="1"><c>1</c><c>2</c></b></a>`, `<a><b n="x"><c>1</c></b></a>`, `<a><e v="1"/><e v="-1"/><e v="z"/></a>`, `<a><b n="2"><c>3</c><c/></b></a>`];
    const d = await differential(source, docs);
    expect(briefs(d)).toEqual([[], 'error', 'error', 'error', 'error']);
    expect(d.native.slice(1).every((o) => 'error' in o)).toBe(true);
  });

  it('the guarded stylesheet reports those errors as failed asserts; the native runner still throws', async () => {
    const source = sch(`<sch:pattern><sch:rule context="b"><sch:assert id="one-c" test="normalize-space(c) != ''">empty</sch:assert></sch:rule></sch:pattern>`);
    const xml = `<a><b><c>1</c><c>2</c></b></a>`;
    const guarded = new CompiledRules('guarded', (await compileXsltCached(compileSchematron(source, { guards: true }), CACHE)).sef);
    expect(guarded.results(xml).map((r) => `${r.id}(${r.role})`)).toEqual(['one-c(evaluation-error)']);
    await expect(compileNative(source, engine).then((n) => n.results(xml))).rejects.toThrow();
  });

  it('a static error in a rule that never fires: the stylesheet does not compile, and the native rules refuse to compile', async () => {
    const source = sch(`<sch:pattern><sch:rule context="nothing"><sch:assert test="$undeclared">x</sch:assert></sch:rule></sch:pattern>`);
    await expect(compileXsltCached(compileSchematron(source, { guards: false }), CACHE)).rejects.toThrow(/XPST0008/);
    await expect(compileNative(source, engine).then((n) => n.compileAll())).rejects.toThrow();
  });

  it('refuses at plan or compile time (XPathUnsupported) what it does not run: the rule set then runs on Saxon-JS', async () => {
    const rule = (body: string, context = 'b') => sch(`<sch:pattern><sch:rule context="${context}">${body}</sch:rule></sch:pattern>`);
    const refused: Array<[string, string, CompileOptions?]> = [
      ['sch:let with content', rule(`<sch:let name="x"><xsl:value-of select="1"/></sch:let><sch:assert test="$x">x</sch:assert>`)],
      ['current() in a context', rule(`<sch:assert test="true()">x</sch:assert>`, 'c[. = current()]')],
      ['visitAttributes', rule(`<sch:assert test="true()">x</sch:assert>`, 'b/@n'), { visitAttributes: true }],
      ['xsl:function outside an xsl:stylesheet', sch(`<xsl:function name="i:f"><xsl:sequence select="1"/></xsl:function><sch:pattern><sch:rule context="b"><sch:assert test="i:f()">x</sch:assert></sch:rule></sch:pattern>`)],
      ['xsl:key in a stylesheet', sch(`<xsl:stylesheet version="3.0"><xsl:key name="k" match="b" use="@n"/></xsl:stylesheet><sch:pattern><sch:rule context="b"><sch:assert test="key('k', '1')">x</sch:assert></sch:rule></sch:pattern>`)],
    ];
    for (const [what, source, options] of refused) {
      await expect(compileNative(source, engine, options).then((n) => n.compileAll()), what).rejects.toThrow(XPathUnsupported);
    }
    // Most are refused while reading the schema (planNative), before any XPath is compiled.
    expect(() => planNative(refused[0]![1])).toThrow(XPathUnsupported);
    expect(() => planNative(refused[2]![1], refused[2]![2])).toThrow(XPathUnsupported);
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
    ];
    // The native reader leaves any document with a DOCTYPE to Saxon-JS (which here ignores the DTD's attribute
    // default), and refuses two root elements, which Saxon-JS reads as one document.
    const d = await differential(source, docs, { nativeMayThrow: [2, 8], fastOnly: true });
    expect(briefs(d)[0]).toEqual(['R:el@/a:a=[<x>&AB<] 7 {}', 'R:el@/a/b:b=[] 0 {}']);
    expect(briefs(d)[2]).toEqual(['R:el@/a:a=[] 0 {}', 'R:el@/a/b:b=[] 0 {}']);
    expect(briefs(d)[4]).toEqual(['R:el@/a:a=[ x y ] 8 {}']);
    expect(briefs(d)[8]).toEqual(['R:el@/a:a=[] 0 {}', 'R:el@/b:b=[] 0 {}']);
    expect([1, 7, 9].map((i) => briefs(d)[i])).toEqual(['error', 'error', 'error']);
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
      <sch:assert id="empty" test="c[2]"><sch:value-of select="()"/></sch:assert></sch:rule></sch:pattern>`);
    const d = await differential(source, [PLAIN], { fastOnly: true });
    expect(d.saxon[0]).toMatchObject({ results: [
      { id: 'gt', test: `count(c) > 1 and @n < 2 and 'a&b' = "a&b"`, location: '/a/b[1]' },
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

describe.concurrent('native Schematron runner: how contexts are written', () => {
  it('whitespace, string literals with / | [, a prefix declared on the schema element, attributes and unions in predicates', async () => {
    const source = WRITTEN_SCHEMA;
    const doc = `<a xmlns:q="urn:q"><b n="/|[" q:n="1"><c>2</c></b><q:line/><line n="1"/><b><d/></b><x><b><c>5</c></b></x><e/></a>`;
    const d = await differential(source, [doc, NAMESPACED], { fastOnly: true });
    expect(firings(d, written)).toEqual([
      `b[@n = '/|['] → /a/b[1] | `, 'b [ @n ] → /a/b[1] | ', 'a / b → /a/b[1] /a/b[2] | ', ' //b | /a/e  → /a/b[1] /a/b[2] /a/x/b /a/e | ',
      `*[local-name() = 'line'] → /a/line[1] /a/line[2] | /inv/line[1] /inv/line[2] /inv/line[3] /inv/group/line`, 'q:line → /a/line[1] | ',
      'b[@q:n] → /a/b[1] | ', 'i:line[@n][1] →  | /inv/line[1] /inv/group/line', 'b[c/text() = "2"] → /a/b[1] | ', 'b[(c)[2]] →  | ',
      'b[c | d] → /a/b[1] /a/b[2] /a/x/b | ', 'x//c[. = 5] → /a/x/b/c | ',
    ]);
  });
});

/** A small seeded generator (mulberry32): the same documents on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A document of a, b, c, d, e, x and i:line / j:line elements, each starting with a digit (string values are numbers). */
function randomDocument(next: () => number): string {
  const names = ['a', 'b', 'c', 'd', 'e', 'x', 'b', 'c', 'i:line', 'j:line', 'line'];
  const element = (depth: number): string => {
    const name = names[Math.floor(next() * names.length)]!;
    const n = next() < 0.6 ? ` n="${1 + Math.floor(next() * 3)}"` : '';
    const count = depth >= 4 ? 0 : Math.floor(next() * (depth === 0 ? 5 : 4));
    return `<${name}${n}>${Math.floor(next() * 6)}${Array.from({ length: count }, () => element(depth + 1)).join('')}</${name}>`;
  };
  return element(0).replace(/^<([\w:]+)/, '<$1 xmlns:i="urn:inv" xmlns:j="urn:other"');
}

describe.concurrent('native Schematron runner: generated documents', () => {
  const next = random(20261122);
  const docs = Array.from({ length: 60 }, () => randomDocument(next));
  it('60 seeded documents through the path, predicate, non-path and oddly written contexts', async () => {
    const d1 = await differential(everyContext(paths), docs, { fastOnly: true });
    const d2 = await differential(everyContext(predicates, PREDICATE_LETS), docs, { fastOnly: true });
    const d3 = await differential(everyContext(others), docs, { fastOnly: true });
    const d4 = await differential(WRITTEN_SCHEMA, docs, { fastOnly: true });
    // Not vacuous: most contexts fire somewhere, and the native runner answered every document.
    const fired = (d: Differential) => new Set(d.saxon.flatMap((o) => ('error' in o ? [] : o.results.map((r) => r.id))));
    expect(fired(d1).size).toBeGreaterThan(paths.length * 0.7);
    expect(fired(d2).size).toBeGreaterThan(predicates.length * 0.7);
    expect(fired(d3).size).toBeGreaterThan(others.length * 0.7);
    expect(fired(d4).size).toBeGreaterThan(written.length * 0.5);
    expect([d1, d2, d3, d4].flatMap((d) => d.native).filter((o) => 'error' in o)).toEqual([]);
  });
});
