/*
 * Every XPath expression of pintae's own rule set (schematron/**\/*.sch and *.xsl) through pintae's XPath parser, and
 * the differential test: each rule's context (as //(context)), lets and assert tests evaluated at every node the
 * context matches, by pintae's evaluator and by Saxon-JS (a stylesheet generated from the same rules, compiled once,
 * one transform per document), on the fixtures' XML and the official examples. Our answer must be Saxon-JS's; an
 * error on our side where Saxon-JS answers is allowed by design (that document falls back to Saxon-JS) but counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { saxon } from '../../../src/io/saxon.js';
import { compileXsltCached } from '../../../src/schematron/sef.js';
import { XPathError, type Item, type Sequence, type XElement, type XNode } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';
import { parse } from '../../../src/xpath/parse.js';
import { stringOf, type Atomic } from '../../../src/xpath/values.js';
import { parseXml } from '../../../src/xpath/xml.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { builtFixtureDocuments, fixtureEnv } from '../../helpers/pipeline.js';
import { OFFICIAL_DIR } from '../../helpers/paths.js';
import { depth } from '../../helpers/depth.js';

const ROOT = join(import.meta.dirname, '../../..');
const RULES_DIR = join(ROOT, 'schematron');
const SCH = 'http://purl.oclc.org/dsdl/schematron';

const unescape = (s: string) => s.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec?: string, hex?: string) =>
  dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16))
    : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name]!);

function ruleFiles(dir = RULES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? ruleFiles(join(dir, e.name))
    : /\.(sch|xsl)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** [file, attribute, expression] for every test, context, value and select attribute of the rule files. */
function ruleExpressions(): Array<[string, string, string]> {
  return ruleFiles().flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\s(test|context|value|select)="([^"]*)"/g)]
    .map((m): [string, string, string] => [file.slice(RULES_DIR.length + 1), m[1]!, unescape(m[2]!)]));
}

interface Let { name: string; value: string }
interface Rule { context: string; lets: Let[]; tests: string[] }
interface RuleSet { namespaces: Map<string, string>; lets: Let[]; rules: Rule[]; stylesheets: string[] }

const attr = (el: XElement, name: string) => el.attrs.find((a) => a.local === name && a.ns === '')?.value;
const schChildren = (el: XElement) => el.children.filter((c): c is XElement => c.kind === 1 && c.ns === SCH);

/** pintae's rule set as the runner sees it: namespaces, schema lets, rules in order (includes resolved), functions. */
function loadRuleSet(file = join(RULES_DIR, 'pint-ae.sch')): RuleSet {
  const set: RuleSet = { namespaces: new Map(), lets: [], rules: [], stylesheets: [] };
  const visit = (el: XElement, base: string): void => {
    for (const c of schChildren(el)) {
      if (c.local === 'ns') set.namespaces.set(attr(c, 'prefix')!, attr(c, 'uri')!);
      else if (c.local === 'let') set.lets.push({ name: attr(c, 'name')!, value: attr(c, 'value')! });
      else if (c.local === 'include') {
        const path = join(base, attr(c, 'href')!);
        const text = readFileSync(path, 'utf8');
        if (path.endsWith('.xsl')) set.stylesheets.push(text);
        else visit(parseXml(text).children.find((n): n is XElement => n.kind === 1)!, dirname(path));
      } else if (c.local === 'pattern' || c.local === 'rules') visit(c, base);
      else if (c.local === 'rule') {
        const kids = schChildren(c);
        set.rules.push({
          context: attr(c, 'context')!,
          lets: kids.filter((k) => k.local === 'let').map((k) => ({ name: attr(k, 'name')!, value: attr(k, 'value')! })),
          tests: kids.filter((k) => k.local === 'assert' || k.local === 'report').map((k) => attr(k, 'test')!),
        });
      }
    }
  };
  visit(parseXml(readFileSync(file, 'utf8')).children.find((n): n is XElement => n.kind === 1)!, dirname(file));
  return set;
}

// ---------------------------------------------------------------- one normal form for both engines' results

const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** fn:path() as Saxon-JS writes it. */
function path(n: XNode): string {
  switch (n.kind) {
    case 9: return '/';
    case 2: return `${path(n.parent!)}/@${n.ns ? `Q{${n.ns}}` : ''}${n.local}`;
    default: {
      const parent = n.parent!;
      const prefix = parent.kind === 9 ? '' : path(parent);
      const same = parent.children.filter((c) => (n.kind === 1 ? c.kind === 1 && c.ns === n.ns && c.local === n.local : c.kind === n.kind));
      const step = n.kind === 1 ? `Q{${n.ns}}${n.local}` : n.kind === 3 ? 'text()' : n.kind === 8 ? 'comment()' : `processing-instruction(${n.target})`;
      return `${prefix}/${step}[${same.indexOf(n) + 1}]`;
    }
  }
}

function show(seq: Sequence): string {
  return seq.map((it: Item) => ('atomic' in it ? `${(it as Atomic).type}:${escape(stringOf(it as Atomic))}` : `node:${path(it as XNode)}`)).join(' | ');
}

const SHOW_XSL = `
  <xsl:function name="t:show" as="xs:string"><xsl:param name="s" as="item()*"/>
    <xsl:sequence select="string-join(for $i in $s return t:item($i), ' | ')"/></xsl:function>
  <xsl:function name="t:item" as="xs:string"><xsl:param name="i" as="item()"/>
    <xsl:sequence select="if ($i instance of node()) then 'node:' || path($i) else t:type($i) || ':' || t:escape(string($i))"/></xsl:function>
  <xsl:function name="t:escape" as="xs:string"><xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="replace(replace(replace(replace($s, '\\\\', '\\\\\\\\'), '&#9;', '\\\\t'), '&#10;', '\\\\n'), '&#13;', '\\\\r')"/></xsl:function>
  <xsl:function name="t:type" as="xs:string"><xsl:param name="a" as="xs:anyAtomicType"/>
    <xsl:sequence select="if ($a instance of xs:integer) then 'integer' else if ($a instance of xs:decimal) then 'decimal'
      else if ($a instance of xs:double) then 'double' else if ($a instance of xs:float) then 'float'
      else if ($a instance of xs:boolean) then 'boolean' else if ($a instance of xs:untypedAtomic) then 'untypedAtomic'
      else if ($a instance of xs:string) then 'string' else if ($a instance of xs:anyURI) then 'anyURI'
      else if ($a instance of xs:date) then 'date' else if ($a instance of xs:dateTime) then 'dateTime'
      else if ($a instance of xs:time) then 'time' else if ($a instance of xs:QName) then 'QName' else 'other'"/></xsl:function>`;

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
const tried = (expr: string) => `<xsl:try select="t:show((${xmlAttr(expr)}))"><xsl:catch select="'ERR:' || local-name-from-QName($err:code)"/></xsl:try>`;

/**
 * The oracle stylesheet: a line `G\t<values>` for the schema lets, then for each rule and each node its context
 * matches (one walk per rule, matched as a template pattern: a node matches P when it is in //(P)), a line
 * `R<i>\t<path>` followed by each let's and each test's value.
 */
function oracleXslt(set: RuleSet): string {
  const ns = [...set.namespaces].map(([p, u]) => ` xmlns:${p}="${xmlAttr(u)}"`).join('');
  const functions = set.stylesheets.flatMap((s) => s.match(/<xsl:function\b[\s\S]*?<\/xsl:function>/g) ?? []).join('\n');
  const globals = set.lets.map((l) => `<xsl:variable name="${l.name}" select="${xmlAttr(l.value)}"/>`).join('\n');
  const tab = '<xsl:text>&#9;</xsl:text>';
  const modes = set.rules.map((r, i) => `
  <xsl:mode name="m${i}" on-no-match="deep-skip"/>
  <xsl:template match="${xmlAttr(r.context)}" mode="m${i}">
    ${r.lets.map((l) => `<xsl:variable name="${l.name}" select="${xmlAttr(l.value)}"/>`).join('')}
    <xsl:text>R${i}&#9;</xsl:text><xsl:value-of select="path(.)"/>
    ${[...r.lets.map((l) => `$${l.name}`), ...r.tests].map((e) => tab + tried(e)).join('')}<xsl:text>&#10;</xsl:text>
  </xsl:template>`).join('');
  return `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:err="http://www.w3.org/2005/xqt-errors" xmlns:t="urn:pintae:test"${ns} exclude-result-prefixes="#all">
  <xsl:output method="text"/>
  ${functions}
  ${SHOW_XSL}
  ${globals}
  ${modes}
  <xsl:template match="/">
    <xsl:text>G</xsl:text>${set.lets.map((l) => tab + tried(`$${l.name}`)).join('')}<xsl:text>&#10;</xsl:text>
    <xsl:variable name="all" select="//node() | //@*"/>
    ${set.rules.map((_, i) => `<xsl:apply-templates select="$all" mode="m${i}"/>`).join('')}
  </xsl:template>
</xsl:stylesheet>`;
}

// ---------------------------------------------------------------- pintae's side, the same lines

type Compiled = ReturnType<typeof engine.compile>;

function ourEngine(set: RuleSet) {
  const functions = engine.defineFunctions(set.stylesheets, set.namespaces);
  const globals = new Set(set.lets.map((l) => l.name));
  const compileIn = (expr: string, variables: Set<string>): Compiled => engine.compile(expr, { namespaces: set.namespaces, variables, functions });
  const lets = set.lets.map((l, i) => ({ name: l.name, fn: compileIn(l.value, new Set(set.lets.slice(0, i).map((x) => x.name))) }));
  const rules = set.rules.map((r) => {
    const scope = new Set(globals);
    const ruleLets = r.lets.map((l) => { const fn = compileIn(l.value, new Set(scope)); scope.add(l.name); return { name: l.name, fn }; });
    return { context: compileIn(`//(${r.context})`, globals), lets: ruleLets, tests: r.tests.map((t) => compileIn(t, scope)) };
  });
  const tryShow = (f: () => Sequence) => {
    try { return show(f()); } catch (e) { if (e instanceof XPathError) return `ERR:${e.code}`; throw e; }
  };
  return (xml: string): string => {
    const doc = parseXml(xml);
    const vars = new Map<string, Sequence>();
    const out: string[] = [];
    let failedGlobal = false;
    out.push(['G', ...lets.map((l) => tryShow(() => {
      try { const v = l.fn(doc, vars); vars.set(l.name, v); return v; } catch (e) { failedGlobal = true; throw e; }
    }))].join('\t'));
    rules.forEach((r, i) => {
      let nodes: Sequence = [];
      // A context that raises an error: the document would go to Saxon-JS (the comparison skips this rule).
      const context = tryShow(() => (nodes = failedGlobal ? [] : r.context(doc, vars)));
      if (context.startsWith('ERR:')) out.push(`X${i}\t${context}`);
      for (const node of nodes) {
        const local = new Map(vars);
        const cells = r.lets.map((l) => tryShow(() => { const v = l.fn(node, local); local.set(l.name, v); return v; }));
        for (const t of r.tests) cells.push(tryShow(() => t(node, local)));
        out.push([`R${i}`, path(node as XNode), ...cells].join('\t'));
      }
    });
    return `${out.join('\n')}\n`;
  };
}

// ---------------------------------------------------------------- the tests

function officialExamples(): Array<{ name: string; xml: string }> {
  const dir = join(OFFICIAL_DIR, 'examples');
  if (!existsSync(dir)) return [];
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.xml') ? [join(d, e.name)] : []));
  return walk(dir).sort().map((f) => ({ name: f.slice(dir.length + 1), xml: readFileSync(f, 'utf8') }));
}

describe('the rule set’s XPath expressions', () => {
  const all = ruleExpressions();
  it('are found (a few hundred)', () => expect(all.length).toBeGreaterThan(300));
  it('all parse', () => {
    const failures = all.flatMap(([file, a, expr]) => {
      try { parse(expr); return []; } catch (e) { return [`${file} @${a}: ${(e as Error).message}`]; }
    });
    expect(failures).toEqual([]);
  });
});

describe('the rule set through pintae’s evaluator and Saxon-JS', () => {
  const set = loadRuleSet();
  let sef: unknown;
  beforeAll(async () => {
    sef = JSON.parse((await compileXsltCached(oracleXslt(set), join(ROOT, 'node_modules/.cache/pintae-sef'))).sef);
  });

  it('reads the whole rule set', () => {
    expect(set.rules.length).toBeGreaterThan(100);
    expect(set.lets.length).toBeGreaterThan(0);
  });

  const official = officialExamples();
  if (official.length === 0) it.skip(`official examples: ${OFFICIAL_DIR}/examples not found (set PINTAE_OFFICIAL_DIR)`, () => {});

  /** Compares both engines' lines on each document: [cells compared, mismatches, fallbacks]. */
  function compareOn(docs: Array<{ name: string; xml: string }>): { compared: number; mismatches: string[]; fallbacks: string[] } {
    const ours = ourEngine(set);
    const mismatches: string[] = [];
    const fallbacks: string[] = [];
    let compared = 0;
    for (const { name, xml } of docs) {
      let expected = (saxon().transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult as string).split('\n');
      let actual = ours(xml).split('\n');
      // A rule whose context raised an error on our side: that document would go to Saxon-JS; its lines are not compared.
      const skipped = new Set(actual.filter((l) => l.startsWith('X')).map((l) => `R${l.slice(1).split('\t')[0]}`));
      for (const l of actual.filter((x) => x.startsWith('X'))) fallbacks.push(`${name} rule ${l}`);
      actual = actual.filter((l) => !l.startsWith('X'));
      if (skipped.size) expected = expected.filter((l) => !skipped.has(l.split('\t')[0]!));
      for (let l = 0; l < Math.max(expected.length, actual.length); l++) {
        const e = (expected[l] ?? '').split('\t'), a = (actual[l] ?? '').split('\t');
        if (e[0] !== a[0] || e[1] !== a[1]) { mismatches.push(`${name} line ${l}: saxon ${e.slice(0, 2).join(' ')}, ours ${a.slice(0, 2).join(' ')}`); break; }
        for (let c = 1; c < Math.max(e.length, a.length); c++) {
          compared++;
          const se = e[c] ?? '', sa = a[c] ?? '';
          if (se === sa || (se.startsWith('ERR:') && sa.startsWith('ERR:'))) continue;
          const where = `${name} ${e[0]} ${e[0] === 'G' ? '' : e[1]} cell ${c}`;
          if (sa.startsWith('ERR:')) fallbacks.push(`${where}: saxon ${se.slice(0, 120)}, ours ${sa}`);
          else mismatches.push(`${where}: saxon ${se.slice(0, 200)}, ours ${sa.slice(0, 200)}`);
        }
      }
    }
    return { compared, mismatches, fallbacks };
  }

  it('gives Saxon-JS’s answer for every context, let and test, on every fixture document and official example', () => {
    const docs = [...builtFixtureDocuments(), ...official];
    expect(docs.length).toBeGreaterThan(20);
    const { compared, mismatches, fallbacks } = compareOn(docs);
    console.log(`fixture and official documents: ${docs.length}, values compared ${compared}`);
    expect(compared).toBeGreaterThan(10_000);
    expect(mismatches.slice(0, 30)).toEqual([]);
    // Valid documents must not fall back: that would make the fast path useless where it matters.
    expect(fallbacks.slice(0, 30)).toEqual([]);
  });

  it('gives Saxon-JS’s answer on generated invoices of 1–50 lines', async () => {
    const { corpus } = await import(join(ROOT, 'scripts/bench-corpus.mjs')) as { corpus(root: string, n: number): unknown[] };
    const docs = corpus(ROOT, depth(8, 12)).flatMap((body, i) => {
      const outcome = validateInvoice(body, fixtureEnv());
      return outcome.kind === 'validated' && outcome.xml ? [{ name: `generated #${i}`, xml: outcome.xml }] : [];
    });
    expect(docs.length).toBeGreaterThan(5);
    const { compared, mismatches, fallbacks } = compareOn(docs);
    console.log(`generated documents: ${docs.length}, values compared ${compared}`);
    expect(mismatches.slice(0, 30)).toEqual([]);
    expect(fallbacks.slice(0, 30)).toEqual([]);
  });

  it('gives Saxon-JS’s answer (or raises an error) on damaged documents', () => {
    // Every damage on a third of the fixture invoices under npm run test:deep; on a fifth in npm test.
    const bases = builtFixtureDocuments().filter((d) => d.name.startsWith('invoices/')).filter((_, i) => i % depth(5, 3) === 0);
    const docs = bases.flatMap(({ name, xml }) => MUTATIONS.map(([what, mutate]) => ({ name: `${name} ${what}`, xml: mutate(xml) })))
      .filter((d) => !bases.some((b) => b.xml === d.xml));
    expect(docs.length).toBeGreaterThan(20);
    const { compared, mismatches, fallbacks } = compareOn(docs);
    console.log(`damaged documents: ${docs.length}, values compared ${compared}, fallbacks ${fallbacks.length}`);
    expect(compared).toBeGreaterThan(5_000);
    expect(mismatches.slice(0, 30)).toEqual([]);
  });
});

/** Damage done to a valid document's text: values no rule expects, elements missing or repeated. */
const MUTATIONS: Array<[string, (xml: string) => string]> = [
  ['non-numeric amounts', (x) => x.replace(/(<cbc:[A-Za-z]*Amount[^>]*>)[^<]*/g, '$1abc')],
  ['amounts as doubles', (x) => x.replace(/(<cbc:[A-Za-z]*Amount[^>]*>)([0-9.-]+)/g, '$1$2E0')],
  ['amounts padded, signed zero', (x) => x.replace(/(<cbc:[A-Za-z]*Amount[^>]*>)([0-9.-]+)/g, (_, t: string, v: string) => `${t} ${v === '0.00' ? '-0' : v} `)],
  ['empty rates', (x) => x.replace(/(<cbc:Percent[^>]*>)[^<]*/g, '$1')],
  ['charge indicators as 1/0', (x) => x.replace(/(<cbc:ChargeIndicator>)true/g, '$11').replace(/(<cbc:ChargeIndicator>)false/g, '$1FALSE')],
  ['category codes in lower case with spaces', (x) => x.replace(/(<cac:(?:Classified)?TaxCategory>\s*<cbc:ID[^>]*>)([A-Z]+)/g, (_, t: string, v: string) => `${t} ${v.toLowerCase()} `)],
  ['rates repeated', (x) => x.replace(/(<cbc:Percent[^>]*>[^<]*<\/cbc:Percent>)/g, '$1$1')],
  ['tax categories removed', (x) => x.replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/g, '')],
  ['impossible dates, short transaction code', (x) => x.replace(/(<cbc:IssueDate>)[^<]*/, '$12024-02-30').replace(/(<cbc:ProfileExecutionID>)[^<]*/, '$11010')],
  ['currency codes lost', (x) => x.replace(/ currencyID="[^"]*"/g, '').replace(/(<cbc:DocumentCurrencyCode>)[^<]*/, '$1')],
  ['identifiers with other schemes', (x) => x.replace(/schemeID="[^"]*"/g, 'schemeID="0088"')],
  ['lines duplicated', (x) => x.replace(/(<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>)/, '$1$1')],
];
