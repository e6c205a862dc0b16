/*
 * The oracle for pintae's own XPath evaluator: one expression evaluated by Saxon-JS (the reference) and by our engine
 * (src/xpath/index.ts) on the same XML text, both answers in one comparable normal form:
 *   - a node as its kind and location (src/xpath/location.ts; on the Saxon side the Schematron's own
 *     pintae-sch:location, taken from src/schematron/compile.ts), e.g. `element(/Invoice/InvoiceLine[2])`,
 *     `attribute(/Invoice/ID/@schemeID)`, `document-node()`; text, comments and processing instructions add their
 *     position among their parent's children: `text(/Invoice/Note#3)`;
 *   - an atomic value as `type:string value`, with XSD type names: `integer:12`, `double:1.0E10`, `untypedAtomic:x`;
 *   - an error as its code (XPTY0004, FORG0001, …) and message.
 * Saxon-JS runs the expression through xsl:evaluate in a small stylesheet (compiled once, kept in the temporary
 * directory), which gives it the user functions (xsl:function) and a try/catch per context item. Saxon-JS does not
 * implement current() inside xsl:evaluate, so on its side current() is rewritten to a variable bound to the context
 * item: exactly what current() is in a Schematron rule (the rule's context node).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Evaluate, FunctionLibrary, Item, Sequence, StaticContext, XDocument, XNode, XPathEngine } from '../../src/xpath/api.js';
import { XPathError, XPathUnsupported } from '../../src/xpath/api.js';
import { location } from '../../src/xpath/location.js';
import { parseXml, XmlError } from '../../src/xpath/xml.js';
import { writeAtomic } from '../../src/io/write.js';
import { compileXsltFileCached, sha256 } from '../../src/schematron/sef.js';
// The project's one saxon-js instance: a second copy in the same process disturbs the first's global state.
import { saxon } from '../../src/io/saxon.js';
import { ROOT } from './paths.js';

/** An answer: the items in normal form, or the error raised. `unsupported`: our engine declined (Saxon-JS would run it). */
export type Outcome = { items: string[] } | { error: string; message: string } | { unsupported: string };
/** One evaluation: `at` is the context item in normal form. */
export interface Result { at: string; outcome: Outcome }
export interface Row { at: string; saxon: Outcome; ours: Outcome }
/** same: equal items; both-error: both raised; fallback: ours raised or declined where Saxon-JS answered; differ: a bug. */
export type Verdict = 'same' | 'both-error' | 'fallback' | 'differ';

export interface Query {
  /** Selects the context items, evaluated at the document node (with the globals bound); default '/'. */
  context?: string;
  /** [name, expression] evaluated in order at the document node, each seeing those before (Schematron's top-level lets). */
  globals?: Array<[string, string]>;
  /** [name, expression] evaluated in order at each context item, after the globals (a rule's lets). */
  lets?: Array<[string, string]>;
}

export interface OracleOptions {
  /** prefix → namespace URI for the expressions (xs is predeclared on both sides). */
  namespaces?: Record<string, string>;
  /** XSLT 3.0 stylesheet texts whose xsl:function elements the expressions may call (as engine.defineFunctions). */
  functions?: string[];
}

export const UBL_NAMESPACES: Readonly<Record<string, string>> = {
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  pf: 'urn:pintae:functions',
};

export interface Oracle {
  saxon(xml: string, expr: string, query?: Query): Result[];
  ours(xml: string, expr: string, query?: Query): Result[];
  /** Both, row by row; throws when the two engines do not select the same context items. */
  compare(xml: string, expr: string, query?: Query): Row[];
}

export function verdict(row: Row): Verdict {
  const { saxon: s, ours: o } = row;
  if ('items' in s && 'items' in o) return JSON.stringify(s.items) === JSON.stringify(o.items) ? 'same' : 'differ';
  if ('items' in s) return 'fallback';
  return 'items' in o ? 'differ' : 'both-error';
}

/** The rows that differ, readable (an empty list means agreement; fallbacks count as agreement). */
export function disagreements(rows: Row[], expr = ''): string[] {
  return rows.filter((r) => verdict(r) === 'differ')
    .map((r) => `${expr ? `${expr} ` : ''}at ${r.at}: Saxon-JS ${show(r.saxon)}, ours ${show(r.ours)}`);
}

export function show(o: Outcome): string {
  if ('items' in o) return `(${o.items.join(', ')})`;
  return 'error' in o ? `error ${o.error} (${o.message})` : `unsupported (${o.unsupported})`;
}

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const CURRENT = 'pintae-current';

/** pintae-sch:location as the compiled Schematron defines it (one source of truth for both sides' locations). */
function locationFunction(): string {
  const source = readFileSync(join(ROOT, 'src/schematron/compile.ts'), 'utf8');
  const m = /<xsl:function [^>]*name="pintae-sch:location"[\s\S]*?<\/xsl:function>/.exec(source);
  if (!m) throw new Error('pintae-sch:location not found in src/schematron/compile.ts');
  return m[0];
}

/** The XSLT that evaluates with xsl:evaluate and returns the rows as JSON. */
export function oracleStylesheet(namespaces: Record<string, string>, includes: string[]): string {
  const declarations = Object.entries(namespaces).map(([p, uri]) => {
    if (!/^[A-Za-z_][\w.-]*$/.test(p)) throw new Error(`prefix ${JSON.stringify(p)} cannot be declared`);
    return ` xmlns:${p}="${uri.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
  }).join('');
  const types = ['integer', 'decimal', 'double', 'float', 'boolean', 'untypedAtomic', 'anyURI', 'string', 'dateTime',
    'date', 'time', 'QName', 'dayTimeDuration', 'yearMonthDuration', 'duration', 'gYearMonth', 'gYear', 'gMonthDay',
    'gDay', 'gMonth', 'hexBinary', 'base64Binary'];
  const typeOf = `${types.map((t) => `if ($a instance of xs:${t}) then '${t}' else `).join('')}'anyAtomicType'`;
  return `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:map="http://www.w3.org/2005/xpath-functions/map" xmlns:err="http://www.w3.org/2005/xqt-errors"
  xmlns:pintae-sch="urn:pintae:schematron" xmlns:o="urn:pintae:oracle"${declarations} exclude-result-prefixes="#all">
${includes.map((href) => `<xsl:include href="${href}"/>`).join('\n')}
<xsl:output method="json" indent="no"/>
<xsl:param name="xpath" as="xs:string"/>
<xsl:param name="context" as="xs:string"/>
<xsl:param name="globals" as="xs:string*"/>
<xsl:param name="lets" as="xs:string*"/>
${locationFunction()}
<xsl:function name="o:form" as="xs:string">
  <xsl:param name="i" as="item()"/>
  <xsl:sequence select="if ($i instance of document-node()) then 'document-node()'
    else if ($i instance of element()) then 'element(' || pintae-sch:location($i) || ')'
    else if ($i instance of attribute()) then 'attribute(' || pintae-sch:location($i) || ')'
    else if ($i instance of text()) then 'text(' || o:position($i) || ')'
    else if ($i instance of comment()) then 'comment(' || o:position($i) || ')'
    else if ($i instance of processing-instruction()) then 'processing-instruction(' || o:position($i) || ')'
    else if ($i instance of node()) then 'namespace-node()'
    else if ($i instance of function(*)) then 'function(*)'
    else o:type($i) || ':' || string($i)"/>
</xsl:function>
<xsl:function name="o:position" as="xs:string">
  <xsl:param name="n" as="node()"/>
  <xsl:sequence select="pintae-sch:location($n) || '#' || (count($n/preceding-sibling::node()) + 1)"/>
</xsl:function>
<xsl:function name="o:type" as="xs:string">
  <xsl:param name="a" as="xs:anyAtomicType"/>
  <xsl:sequence select="${typeOf}"/>
</xsl:function>
<xsl:function name="o:bind" as="map(*)">
  <xsl:param name="pairs" as="xs:string*"/>
  <xsl:param name="at" as="item()"/>
  <xsl:param name="m" as="map(*)"/>
  <xsl:choose>
    <xsl:when test="empty($pairs)"><xsl:sequence select="$m"/></xsl:when>
    <xsl:otherwise>
      <xsl:variable name="v" as="item()*"><xsl:evaluate xpath="$pairs[2]" context-item="$at" with-params="$m"/></xsl:variable>
      <xsl:sequence select="o:bind(subsequence($pairs, 3), $at, map:put($m, QName('', $pairs[1]), $v))"/>
    </xsl:otherwise>
  </xsl:choose>
</xsl:function>
<xsl:function name="o:failure" as="map(*)">
  <xsl:param name="at" as="xs:string"/>
  <xsl:param name="code" as="xs:QName?"/>
  <xsl:param name="description" as="xs:string?"/>
  <xsl:sequence select="map{'at': $at, 'error': string(local-name-from-QName($code)), 'message': string($description)}"/>
</xsl:function>
<xsl:template match="/">
  <xsl:variable name="doc" select="."/>
  <xsl:variable name="rows" as="map(*)*">
    <xsl:try>
      <xsl:variable name="g" as="map(*)" select="o:bind($globals, $doc, map{QName('', '${CURRENT}'): $doc})"/>
      <xsl:variable name="items" as="item()*"><xsl:evaluate xpath="$context" context-item="$doc" with-params="$g"/></xsl:variable>
      <xsl:for-each select="$items">
        <xsl:variable name="at" select="o:form(.)"/>
        <xsl:try>
          <xsl:variable name="m" as="map(*)" select="o:bind($lets, ., map:put($g, QName('', '${CURRENT}'), .))"/>
          <xsl:variable name="v" as="item()*"><xsl:evaluate xpath="$xpath" context-item="." with-params="$m"/></xsl:variable>
          <xsl:sequence select="map{'at': $at, 'items': array{ $v ! o:form(.) }}"/>
          <xsl:catch><xsl:sequence select="o:failure($at, $err:code, $err:description)"/></xsl:catch>
        </xsl:try>
      </xsl:for-each>
      <xsl:catch><xsl:sequence select="o:failure('(context)', $err:code, $err:description)"/></xsl:catch>
    </xsl:try>
  </xsl:variable>
  <xsl:sequence select="array{$rows}"/>
</xsl:template>
</xsl:stylesheet>
`;
}

/** current() → $pintae-current, outside string literals and comments (Saxon-JS lacks current() in xsl:evaluate). */
export function rewriteCurrent(expr: string): string {
  return expr.replace(/("(?:[^"]|"")*"|'(?:[^']|'')*'|\(:[\s\S]*?:\))|(?<![\w.:$-])(?:fn:)?current\s*\(\s*\)/g,
    (whole, literal?: string) => literal ?? `$${CURRENT}`);
}

const OUR_MODULES = { engine: '../../src/xpath/index.js', values: '../../src/xpath/values.js' };
interface Values { stringOf(a: { atomic: true }): string }

/** Compiles the Saxon-JS side once (cached on disk) and loads our engine; both sides then run synchronously. */
export async function xpathOracle(options: OracleOptions = {}): Promise<Oracle> {
  const namespaces = { ...UBL_NAMESPACES, ...options.namespaces };
  const functions = options.functions ?? [];
  // Per compiler version: a SEF from another xslt3 may not load in this saxon-js.
  const work = join(tmpdir(), 'pintae-xpath-oracle', (createRequire(import.meta.url)('xslt3/package.json') as { version: string }).version);
  // Saxon-JS lets xsl:evaluate call only public functions.
  const includes = functions.map((text) => {
    const published = text.replace(/<((?:xsl:)?function)\b([^>]*?)(\s+visibility="[^"]*")?/g, '<$1 visibility="public"$2');
    const file = join(work, `functions-${sha256(published).slice(0, 16)}.xsl`);
    writeAtomic(file, published);
    return pathToFileURL(file).href;
  });
  // Compiled where it lies, beside its includes, which the compiler (sandboxed since issue 21) may then read; a
  // stylesheet compiled from a directory of its own could not include them (any change of a functions file failed).
  const xslt = oracleStylesheet(namespaces, includes);
  const source = join(work, `oracle-${sha256(xslt).slice(0, 16)}.xslt`);
  writeAtomic(source, xslt);
  const { sef } = await compileXsltFileCached(source, xslt, work, work);
  const stylesheet = JSON.parse(sef) as unknown;
  // Loaded when first needed, so that this helper loads before the engine exists (the other helpers write it).
  let ourSide: { engine: XPathEngine; values: Values; library: FunctionLibrary | undefined | XPathError | XPathUnsupported } | Error;
  try {
    const { engine } = (await import(/* @vite-ignore */ OUR_MODULES.engine)) as { engine: XPathEngine };
    const values = (await import(/* @vite-ignore */ OUR_MODULES.values)) as Values;
    let library: FunctionLibrary | undefined | XPathError | XPathUnsupported;
    try {
      library = functions.length > 0 ? engine.defineFunctions(functions, new Map(Object.entries(namespaces))) : undefined;
    } catch (e) {
      // Functions our engine declines: every answer of ours is then that refusal (the rule set would run on Saxon-JS).
      if (!(e instanceof XPathError || e instanceof XPathUnsupported)) throw e;
      library = e;
    }
    ourSide = { engine, values, library };
  } catch (e) {
    ourSide = e as Error; // the Saxon-JS side works without our engine; ours() reports why it cannot run
  }
  const compiled = new Map<string, Evaluate>();
  const saxonDocs = new Map<string, unknown>();
  const ourDocs = new Map<string, XDocument>();

  const form = (item: Item): string => {
    if ('atomic' in item) {
      const a = item as unknown as { type: string; atomic: true };
      return `${a.type}:${(ourSide as { values: Values }).values.stringOf(a)}`;
    }
    const node = item as XNode;
    switch (node.kind) {
      case 9: return 'document-node()';
      case 1: return `element(${location(node)})`;
      case 2: return `attribute(${location(node)})`;
      default: {
        const kind = node.kind === 3 ? 'text' : node.kind === 8 ? 'comment' : 'processing-instruction';
        return `${kind}(${location(node)}#${node.parent!.children.indexOf(node) + 1})`;
      }
    }
  };

  const saxonRun = (xml: string, expr: string, query: Query = {}): Result[] => {
    let doc = saxonDocs.get(xml);
    if (!doc) {
      try {
        saxonDocs.set(xml, doc = (saxon() as unknown as { getPlatform(): { parseXmlFromString(x: string): unknown } }).getPlatform().parseXmlFromString(xml));
      } catch (e) {
        return [{ at: '(parse)', outcome: { error: String((e as { code?: string }).code ?? 'FODC0002'), message: (e as Error).message } }];
      }
    }
    const pairs = (list: Array<[string, string]> = []) => list.flatMap(([name, e]) => [name, rewriteCurrent(e)]);
    const json = saxon().transform({
      stylesheetInternal: stylesheet, sourceNode: doc, destination: 'serialized',
      stylesheetParams: { xpath: rewriteCurrent(expr), context: rewriteCurrent(query.context ?? '/'), globals: pairs(query.globals), lets: pairs(query.lets) },
    }, 'sync').principalResult;
    return (JSON.parse(json) as Array<{ at: string; items?: string[]; error?: string; message?: string }>).map((r) => ({
      at: r.at, outcome: r.items ? { items: r.items } : { error: r.error ?? '', message: r.message ?? '' },
    }));
  };

  const oursRun = (xml: string, expr: string, query: Query = {}): Result[] => {
    const failed = (e: unknown): Outcome => {
      if (e instanceof XPathError) return { error: e.code, message: e.message };
      if (e instanceof XPathUnsupported) return { unsupported: e.message };
      if (e instanceof XmlError) return { error: 'FODC0002', message: e.message };
      throw e; // anything else is a bug in our code, not an XPath answer
    };
    if (ourSide instanceof Error) throw new Error(`our XPath engine did not load: ${ourSide.message}`);
    const { engine, library } = ourSide;
    if (library instanceof Error) return [{ at: '(functions)', outcome: failed(library) }];
    let doc = ourDocs.get(xml);
    if (!doc) {
      try { ourDocs.set(xml, doc = parseXml(xml)); } catch (e) { return [{ at: '(parse)', outcome: failed(e) }]; }
    }
    const nsMap = new Map(Object.entries(namespaces));
    const known = new Set<string>();
    const compile = (e: string): Evaluate => {
      const key = `${e}\u0000${[...known].join(' ')}`;
      let f = compiled.get(key);
      if (!f) compiled.set(key, f = engine.compile(e, { namespaces: nsMap, variables: new Set(known), ...(library ? { functions: library } : {}) } satisfies StaticContext));
      return f;
    };
    const bind = (list: Array<[string, string]>, at: Item, vars: Map<string, Sequence>) => {
      for (const [name, e] of list) { vars.set(name, compile(e)(at, vars)); known.add(name); }
    };
    let items: Sequence;
    const globals = new Map<string, Sequence>();
    try {
      bind(query.globals ?? [], doc, globals);
      items = compile(query.context ?? '/')(doc, globals);
    } catch (e) { return [{ at: '(context)', outcome: failed(e) }]; }
    const lets = query.lets ?? [];
    const afterGlobals = new Set(known);
    return items.map((item) => {
      const at = form(item);
      known.clear(); afterGlobals.forEach((n) => known.add(n));
      try {
        const vars = new Map(globals);
        bind(lets, item, vars);
        return { at, outcome: { items: compile(expr)(item, vars).map(form) } };
      } catch (e) { return { at, outcome: failed(e) }; }
    });
  };

  return {
    saxon: saxonRun,
    ours: oursRun,
    compare(xml, expr, query) {
      const s = saxonRun(xml, expr, query);
      const o = oursRun(xml, expr, query);
      const single = (rs: Result[]) => rs.length === 1 && rs[0]!.at.startsWith('(');
      // A failure before any context item (parse, globals, context) stands for every row of that side.
      if (single(s) || single(o)) {
        const n = Math.max(single(s) ? 0 : s.length, single(o) ? 0 : o.length, 1);
        const spread = (rs: Result[], other: Result[]) => (single(rs) ? Array.from({ length: n }, (_, i) => ({ at: other[i]?.at ?? rs[0]!.at, outcome: rs[0]!.outcome })) : rs);
        const ss = spread(s, o), oo = spread(o, s);
        return ss.map((r, i) => ({ at: r.at, saxon: r.outcome, ours: oo[i]?.outcome ?? { error: 'MISSING', message: 'no row' } }));
      }
      const atS = s.map((r) => r.at).join(' '), atO = o.map((r) => r.at).join(' ');
      if (atS !== atO) throw new Error(`context ${query?.context ?? '/'} selects different items: Saxon-JS ${atS}, ours ${atO}`);
      return s.map((r, i) => ({ at: r.at, saxon: r.outcome, ours: o[i]!.outcome }));
    },
  };
}
