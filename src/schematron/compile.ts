import { dirname } from 'node:path';
import { builder, create } from 'xmlbuilder2';
import { checkWellFormed } from '../io/xml.js';
import { REPORT_FUNCTION, reportCall } from './report.js';
import { DEFAULT_CAPS, includeTarget, readRuleFile, SourceRefused } from './guard/files.js';
import { ISO_IMPLICIT_NAMESPACES } from './iso-namespaces.js';
import type { MessageRef } from '../messages/ref.js';
import { ruleSetWorded, type RULE_SETS, type RuleSetMessageId } from '../messages/rule-sets.js';

/**
 * ISO Schematron → XSLT 3.0 (an SVRL report, the shape of the ISO skeleton's output):
 * patterns become modes walked over @* and *, rules become templates whose priority falls in document order so the
 * first matching rule of a pattern wins, asserts and reports become failed-assert / successful-report.
 * Supported: ns (and the prefixes the ISO reference implementation binds implicitly: iso-namespaces.ts), let (schema,
 * phase, pattern, rule), phases (@defaultPhase or an option; neither: every pattern), abstract rules with extends,
 * abstract patterns with is-a and param, include, value-of and name in messages, diagnostics (svrl:diagnostic-reference),
 * embedded xsl:function and xsl:key,
 * xsl:include and xsl:import of stylesheets of functions and keys.
 * A test that raises an XPath error (say a duplicated element given to normalize-space()) is reported as a failed
 * assert with role "evaluation-error" instead of aborting the run: every assert runs in an xsl:try of its own. That
 * costs Saxon-JS more than most tests (it evaluates a try's body as a materialized sequence), and every instruction of
 * a stylesheet adds to the set-up of each transform, so the same rules also compile without any try (guards: false):
 * the fast stylesheet, run first; the guarded one runs only on a document where the fast one raised an error (see
 * CompiledRules).
 */

export const SCH = 'http://purl.oclc.org/dsdl/schematron';
export const XSL = 'http://www.w3.org/1999/XSL/Transform';
const SVRL = 'http://purl.oclc.org/dsdl/svrl';

type El = Element;

export class SchematronError extends Error {
  /** The entry of src/messages/rule-sets.ts the message was said from (issue 26). */
  said?: MessageRef;
  constructor(message: string, said?: MessageRef) { super(message); this.name = 'SchematronError'; if (said) this.said = said; }
}

/** A SchematronError said from an entry of the rule-set catalogue: the only way the compiler words one. */
export function schematronError<K extends RuleSetMessageId>(id: K, params: Parameters<(typeof RULE_SETS)[K]['en']>[0]): SchematronError {
  const { message, said } = ruleSetWorded(id, params);
  return new SchematronError(message, said);
}

export interface CompileOptions {
  /** Where relative sch:include hrefs resolve; the source file's directory. */
  baseDir?: string;
  /** The rule set's own directory, which no include may leave (default baseDir). */
  root?: string;
  /** The phase to compile; default the schema's @defaultPhase, else every pattern. */
  phase?: string;
  /**
   * Walk attribute nodes too, so rules with an attribute context fire. Off by default, like the ISO skeleton that
   * compiled the official PINT rules: their attribute-context rules (ibr-011-ae, ibr-013-ae) never fire.
   */
  visitAttributes?: boolean;
  /** Each assert in its own xsl:try (default). Without, an XPath error aborts the run: the fast stylesheet. */
  guards?: boolean;
}

export const children = (el: El, ns: string, name?: string): El[] =>
  Array.from(el.childNodes).filter((n): n is El => n.nodeType === 1 && (n as El).namespaceURI === ns && (name === undefined || (n as El).localName === name));

export const attr = (el: El, name: string): string | undefined => (el.hasAttribute(name) ? el.getAttribute(name)! : undefined);

/** XML-escapes text for an attribute value in double quotes. */
export function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCTYPE before the root element (entities declared for the schema's own use). */
const DOCTYPE_FIRST = /^\uFEFF?(?:\s|<\?[^]*?\?>|<!--[^]*?-->)*<!DOCTYPE/;

export function parse(text: string, where: string): El {
  // Judged by pintae's strict reader first, as every document pintae reads: xmlbuilder2 alone took a schema with an
  // unclosed sch:pattern. That reader refuses any DOCTYPE, which a schema may carry for entities of its own: such a
  // schema is left to xmlbuilder2 as before.
  const strict = checkWellFormed(text);
  if (!strict.ok && !DOCTYPE_FIRST.test(text)) {
    throw strict.line ? schematronError('ruleset.schema.not-well-formed-at', { where, line: strict.line, column: strict.column ?? 1, reason: strict.message }) : schematronError('ruleset.schema.not-well-formed', { where, reason: strict.message });
  }
  let root: El;
  try { root = create(text).root().node as unknown as El; } catch (e) { throw schematronError('ruleset.schema.not-well-formed', { where, reason: (e as Error).message }); }
  if (root.namespaceURI !== SCH && !(where !== 'schema' && root.namespaceURI === XSL)) throw schematronError('ruleset.schema.root-not-iso', { where, ns: SCH });
  return root;
}

/**
 * Replaces every sch:include with the root element of the document it names (ISO Schematron 5.4.4). Two
 * conveniences for rule sets kept in several files: an included sch:rules contributes its rules in place, and an
 * included xsl:stylesheet contributes its functions and keys to the schema.
 */
export function expandIncludes(el: El, baseDir: string, root: string = baseDir, depth = 0): void {
  if (depth > 20) throw schematronError('ruleset.schema.include-deep', {});
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType !== 1) continue;
    const c = child as El;
    // An xsl:include or xsl:import written in the schema brings in a stylesheet of functions and keys, as an
    // sch:include of that stylesheet would (the generated stylesheet lives elsewhere, where its href would not resolve).
    const xslInclude = c.namespaceURI === XSL && (c.localName === 'include' || c.localName === 'import')
      && ((el.namespaceURI === SCH && el.localName === 'schema') || (el.namespaceURI === XSL && (el.localName === 'stylesheet' || el.localName === 'transform')));
    if ((c.namespaceURI === SCH && c.localName === 'include') || xslInclude) {
      const href = attr(c, 'href');
      if (!href) throw schematronError('ruleset.schema.no-href', { element: `${c.prefix ? `${c.prefix}:` : ''}${c.localName}` });
      // Only a file of the rule set's own directory, read as every rule file is (guard/files.ts).
      const construct = `<${c.prefix ? `${c.prefix}:` : ''}${c.localName} href="${href}">`;
      let path: string;
      let text: string;
      try {
        path = includeTarget(root, baseDir, href, { file: baseDir }, construct);
        text = readRuleFile(root, path, DEFAULT_CAPS, { file: baseDir }, construct).toString('utf8');
      } catch (e) {
        if (e instanceof SourceRefused) throw schematronError('ruleset.schema.refused', { construct, reason: e.refusal.reason });
        throw e;
      }
      const included = parse(text, path);
      if (xslInclude && (included.namespaceURI !== XSL || (included.localName !== 'stylesheet' && included.localName !== 'transform'))) throw schematronError('ruleset.schema.not-stylesheet', { element: c.localName, href });
      expandIncludes(included, dirname(path), root, depth + 1);
      const imported = el.ownerDocument!.importNode(included, true) as El;
      if (xslInclude) {
        // Its declarations in place, each keeping the prefixes its stylesheet declared.
        for (const d of Array.from(imported.childNodes)) {
          if (d.nodeType === 1) for (const [p, u] of inScopeNamespaces(included)) if (!(d as El).hasAttribute(`xmlns:${p}`) && p !== 'xml') (d as El).setAttributeNS(XMLNS, `xmlns:${p}`, u);
          el.insertBefore(d, c);
        }
        el.removeChild(c);
      } else if (imported.localName === 'rules' && imported.namespaceURI === SCH && el.localName !== 'schema') {
        for (const rule of Array.from(imported.childNodes)) el.insertBefore(rule, c);
        el.removeChild(c);
      } else el.replaceChild(imported, c);
    } else expandIncludes(c, baseDir, root, depth);
  }
}

const XMLNS = 'http://www.w3.org/2000/xmlns/';

/** The xmlns:prefix declarations on one element. */
function declaredOn(el: El): Array<[string, string]> {
  return Array.from(el.attributes).filter((a) => a.prefix === 'xmlns').map((a) => [a.localName, a.value]);
}

/** The prefixes in scope on an element (nearest declaration wins), the ancestors of an included file's root included. */
export function inScopeNamespaces(el: El): Map<string, string> {
  const chain: El[] = [];
  for (let e: Node | null = el; e && e.nodeType === 1; e = e.parentNode) chain.unshift(e as El);
  const map = new Map<string, string>();
  for (const e of chain) for (const [p, u] of declaredOn(e)) map.set(p, u);
  return map;
}

/**
 * An embedded XSLT element as text that stands on its own: every prefix in scope where it was written is declared on
 * it. Real-world schemas declare the prefixes their xsl:function uses (say xsd:) with xmlns: on the schema element or
 * on an included stylesheet, and a prefix in an @as or @select is invisible to a serializer.
 */
export function serializeInScope(el: El): string {
  const copy = el.cloneNode(true) as El;
  const own = new Set(declaredOn(el).map(([p]) => p));
  for (const [p, u] of inScopeNamespaces(el)) if (!own.has(p) && p !== 'xml') copy.setAttributeNS(XMLNS, `xmlns:${p}`, u);
  return builder(copy as never).toString();
}

/**
 * The prefixes the schema's expressions may use: sch:ns first (ISO Schematron's own way), then the xmlns declarations
 * of the schema element, then those anywhere else in the (includes-expanded) schema that bind a prefix not yet bound,
 * so a pattern file that declares its prefixes on its root compiles as its author meant; last, the prefixes the ISO
 * reference implementation binds on every stylesheet (xs, xsd, saxon, schold, iso, xhtml) where the schema left them
 * unbound. These are the generated stylesheet's root declarations, so embedded xsl:functions see them too, beneath
 * the declarations in scope where each was written.
 */
export function namespaces(schema: El): Map<string, string> {
  const map = new Map<string, string>();
  for (const ns of children(schema, SCH, 'ns')) {
    const prefix = attr(ns, 'prefix'); const uri = attr(ns, 'uri');
    if (!prefix || uri === undefined) throw schematronError('ruleset.schema.ns', {});
    if (!map.has(prefix)) map.set(prefix, uri);
  }
  for (const [p, u] of declaredOn(schema)) if (!map.has(p)) map.set(p, u);
  const walk = (e: El) => {
    for (const c of Array.from(e.childNodes)) {
      if (c.nodeType !== 1) continue;
      // An embedded stylesheet's own declarations are for its functions (declared on them), not for the rules.
      if ((c as El).namespaceURI === XSL) continue;
      for (const [p, u] of declaredOn(c as El)) if (!map.has(p)) map.set(p, u);
      walk(c as El);
    }
  };
  walk(schema);
  map.delete('xml');
  for (const [p, u] of ISO_IMPLICIT_NAMESPACES) if (!map.has(p)) map.set(p, u);
  return map;
}

function letVariable(let_: El, params: Map<string, string> = new Map()): string {
  const name = attr(let_, 'name');
  if (!name) throw schematronError('ruleset.schema.let-name', {});
  const value = attr(let_, 'value');
  if (value !== undefined) return `<xsl:variable name="${escapeAttr(name)}" select="${escapeAttr(substitute(value, params))}"/>`;
  const content = Array.from(let_.childNodes).map((n) => builder(n as never).toString()).join('');
  return `<xsl:variable name="${escapeAttr(name)}">${content}</xsl:variable>`;
}

/** Message content: text, value-of, name, and the inline emph/dir/span whose text is kept. */
function message(el: El, params: Map<string, string>): string {
  let out = '';
  for (const n of Array.from(el.childNodes)) {
    if (n.nodeType === 3 || n.nodeType === 4) { out += `<xsl:text>${escapeText(n.textContent ?? '')}</xsl:text>`; continue; }
    if (n.nodeType !== 1) continue;
    const c = n as El;
    if (c.namespaceURI !== SCH) continue;
    if (c.localName === 'value-of') out += `<xsl:value-of select="${escapeAttr(substitute(attr(c, 'select') ?? '.', params))}"/>`;
    else if (c.localName === 'name') out += `<xsl:value-of select="name(${escapeAttr(substitute(attr(c, 'path') ?? '.', params))})"/>`;
    else out += message(c, params);
  }
  return out;
}

/** A message's text when it has no value-of or name (so it is the same wherever the assert fails). */
export function staticMessage(el: El): string | undefined {
  let out = '';
  for (const n of Array.from(el.childNodes)) {
    if (n.nodeType === 3 || n.nodeType === 4) { out += n.textContent ?? ''; continue; }
    if (n.nodeType !== 1 || (n as El).namespaceURI !== SCH) continue;
    if ((n as El).localName === 'value-of' || (n as El).localName === 'name') return undefined;
    const inner = staticMessage(n as El);
    if (inner === undefined) return undefined;
    out += inner;
  }
  return out;
}

/** Abstract-pattern parameters ($name in expressions), longest name first so $ab is not read as $a + b. */
export function substitute(expr: string, params: Map<string, string>): string {
  if (params.size === 0) return expr;
  const names = [...params.keys()].sort((a, b) => b.length - a.length);
  return expr.replace(new RegExp(`\\$(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w.-])`, 'g'), (_, n: string) => params.get(n)!);
}

interface Compiled { mode: string; templates: string[] }

/** The schema's diagnostics by id (sch:diagnostics/sch:diagnostic, includes expanded). */
export function diagnosticsOf(schema: El): Map<string, El> {
  const map = new Map<string, El>();
  for (const holder of children(schema, SCH, 'diagnostics')) for (const d of children(holder, SCH, 'diagnostic')) map.set(attr(d, 'id') ?? '', d);
  return map;
}

/** The diagnostics an assert or report names in @diagnostics (IDREFS, in order; parameters substituted). */
export function diagnosticsNamed(a: El, params: Map<string, string>, all: Map<string, El>): Array<[string, El]> {
  const refs = substitute(attr(a, 'diagnostics') ?? '', params).split(/\s+/).filter(Boolean);
  return refs.map((id) => {
    const d = all.get(id);
    if (!d) throw schematronError('ruleset.schema.no-diagnostic', { element: a.localName, id });
    return [id, d];
  });
}

/**
 * One assert or report. `guard` wraps it in its own xsl:try (with `lets` declared inside), so an XPath error fails this
 * assert alone; unguarded it is the fast path.
 */
function assertion(a: El, params: Map<string, string>, context: string, guard: { lets: string } | null, diagnostics: Map<string, El>): string {
  const isAssert = a.localName === 'assert';
  const test = substitute(attr(a, 'test') ?? '', params);
  if (!test) throw schematronError('ruleset.schema.no-test', { element: a.localName, context });
  // Parameters of an abstract pattern fill every attribute, as ISO's abstract-pattern expansion does.
  const [id, flag, role] = (['id', 'flag', 'role'] as const).map((k) => { const v = attr(a, k); return v === undefined ? v : substitute(v, params); });
  // Attributes of a literal result element are value templates: braces are doubled to stay literal.
  const avt = (v: string) => escapeAttr(v.replace(/[{}]/g, '$&$&'));
  const head = (element: string, extraRole?: string) => `<svrl:${element} test="${avt(test)}"${id ? ` id="${avt(id)}"` : ''}${flag ? ` flag="${avt(flag)}"` : ''}${extraRole ?? role ? ` role="${avt(extraRole ?? role!)}"` : ''} location="{pintae-sch:location(.)}">`;
  const element = isAssert ? 'failed-assert' : 'successful-report';
  // SVRL's order: the diagnostic references, then the assert's own text. Each diagnostic is evaluated where the assert
  // is, with the rule's lets in scope.
  const named = diagnosticsNamed(a, params, diagnostics);
  const references = named.map(([ref, d]) => `<svrl:diagnostic-reference diagnostic="${avt(ref)}"><svrl:text>${message(d, params)}</svrl:text></svrl:diagnostic-reference>`).join('');
  // A static report is one string literal given to pintae-sch:report: a handful of SEF nodes instead of some twenty,
  // and every node of the stylesheet adds to the set-up of each transform.
  const fixed = named.length ? undefined : staticMessage(a);
  const fields = fixed === undefined ? undefined : [element, test, id ?? '', flag ?? '', role ?? '', fixed];
  const report = (fields && reportCall(fields)) ?? `${head(element)}${references}<svrl:text>${message(a, params)}</svrl:text></svrl:${element}>`;
  const failure = `${head('failed-assert', 'evaluation-error')}<svrl:text><xsl:text>Rule could not be evaluated: </xsl:text><xsl:value-of select="$err:description"/></svrl:text></svrl:failed-assert>`;
  const check = isAssert ? `<xsl:if test="not(${escapeAttr(test)})">${report}</xsl:if>` : `<xsl:if test="${escapeAttr(test)}">${report}</xsl:if>`;
  return guard ? `<xsl:try>${guard.lets}${check}<xsl:catch>${failure}</xsl:catch></xsl:try>` : check;
}

/** A pattern (XSLT match) with its predicates blanked out, to see its steps. */
function stepsOnly(pattern: string): string {
  let depth = 0; let out = '';
  for (const ch of pattern) {
    if (ch === '[') depth++;
    if (depth === 0) out += ch;
    if (ch === ']') depth--;
  }
  return out;
}

/** Whether a rule context can match an attribute node: only then must the walk visit attributes. */
export const matchesAttributes = (context: string) => /(^|[/|(]\s*)@|attribute::|node\(\)/.test(stepsOnly(context));

/** The abstract patterns and rules of a schema, by id (rules from sch:rules and from patterns alike). */
export function abstracts(schema: El, allPatterns: El[]): { abstractPatterns: Map<string, El>; abstractRules: Map<string, El> } {
  const abstractPatterns = new Map(allPatterns.filter((p) => attr(p, 'abstract') === 'true').map((p) => [attr(p, 'id') ?? '', p]));
  const abstractRules = new Map<string, El>();
  for (const holder of [...children(schema, SCH, 'rules'), ...allPatterns]) {
    for (const r of children(holder, SCH, 'rule')) if (attr(r, 'abstract') === 'true') abstractRules.set(attr(r, 'id') ?? '', r);
  }
  return { abstractPatterns, abstractRules };
}

/** A pattern's rules and lets: its own, or its abstract pattern's (is-a) with the params to substitute. */
export function patternBody(pattern: El, abstractPatterns: Map<string, El>): { body: El; params: Map<string, string> } {
  const params = new Map<string, string>();
  const isA = attr(pattern, 'is-a');
  if (!isA) return { body: pattern, params };
  const base = abstractPatterns.get(isA);
  if (!base) throw schematronError('ruleset.schema.no-abstract-pattern', { id: isA });
  for (const p of children(pattern, SCH, 'param')) params.set(attr(p, 'name') ?? '', attr(p, 'value') ?? '');
  return { body: base, params };
}

/** A rule's lets, asserts and reports in order, those of the abstract rules it extends in place of each sch:extends. */
export function ruleParts(rule: El, abstractRules: Map<string, El>): El[] {
  const parts: El[] = [];
  const collect = (r: El, seen: Set<string>) => {
    for (const el of children(r, SCH)) {
      if (el.localName === 'extends') {
        const name = attr(el, 'rule');
        const base = name ? abstractRules.get(name) : undefined;
        if (!base) throw schematronError('ruleset.schema.no-abstract-rule', { name: name! });
        if (seen.has(name!)) throw schematronError('ruleset.schema.extends-itself', { name: name! });
        collect(base, new Set([...seen, name!]));
      } else if (el.localName === 'let' || el.localName === 'assert' || el.localName === 'report') parts.push(el);
    }
  };
  collect(rule, new Set());
  return parts;
}

function compilePattern(pattern: El, index: number, abstractRules: Map<string, El>, abstractPatterns: Map<string, El>, options: CompileOptions, diagnostics: Map<string, El>): Compiled {
  const mode = `M${index}`;
  const { body, params } = patternBody(pattern, abstractPatterns);
  const patternLets = children(body, SCH, 'let').map((l) => letVariable(l, params)).join('');
  const rules = children(body, SCH, 'rule').filter((r) => attr(r, 'abstract') !== 'true');
  // Attributes are walked only when asked for, and then only by a pattern with an attribute context.
  const walk = options.visitAttributes && rules.some((r) => matchesAttributes(substitute(attr(r, 'context') ?? '', params))) ? '@*|*' : '*';
  const templates = rules.map((rule, j) => {
    const context = substitute(attr(rule, 'context') ?? '', params);
    if (!context) throw schematronError('ruleset.schema.no-context', {});
    const parts = ruleParts(rule, abstractRules);
    // An assert sees the lets written before it (a let may redefine an earlier one of the same name).
    let lets = patternLets;
    // Guarded: every assert in a try of its own, lets inside, so an XPath error (in a test or a let) fails only the
    // asserts it hits. Fast: lets and tests as they stand.
    const body = options.guards ?? true
      ? parts.map((p) => { if (p.localName !== 'let') return assertion(p, params, context, { lets }, diagnostics); lets += letVariable(p, params); return ''; }).join('')
      : patternLets + parts.map((p) => (p.localName === 'let' ? letVariable(p, params) : assertion(p, params, context, null, diagnostics))).join('');
    // Priorities fall in document order: the first rule of a pattern that matches a node is the one that fires.
    return `<xsl:template match="${escapeAttr(context)}" priority="${rules.length - j + 1000}" mode="${mode}">${body}<xsl:apply-templates select="${walk}" mode="${mode}"/></xsl:template>`;
  });
  templates.push(`<xsl:template match="text()" priority="-1" mode="${mode}"/>`);
  templates.push(`<xsl:template match="@*|node()" priority="-2" mode="${mode}"><xsl:apply-templates select="${walk}" mode="${mode}"/></xsl:template>`);
  return { mode, templates };
}

/** The patterns a phase activates (all non-abstract patterns without a phase), and the phase's lets. */
export function activePatterns(schema: El, patterns: El[], phase: string | undefined): { patterns: El[]; lets: El[] } {
  const name = phase ?? attr(schema, 'defaultPhase');
  if (name === undefined || name === '#ALL') return { patterns, lets: [] };
  const found = children(schema, SCH, 'phase').find((p) => attr(p, 'id') === name);
  if (!found) throw schematronError('ruleset.schema.no-phase', { name });
  const ids = new Set(children(found, SCH, 'active').map((a) => attr(a, 'pattern')));
  return { patterns: patterns.filter((p) => ids.has(attr(p, 'id'))), lets: children(found, SCH, 'let') };
}

/** Compiles ISO Schematron source text to an XSLT 3.0 stylesheet that writes SVRL. */
export function compileSchematron(text: string, options: CompileOptions = {}): string {
  const schema = parse(text, 'schema');
  if (schema.localName !== 'schema') throw schematronError('ruleset.schema.root-not-schema', {});
  expandIncludes(schema, options.baseDir ?? process.cwd(), options.root ?? options.baseDir ?? process.cwd());
  const binding = (attr(schema, 'queryBinding') ?? 'xslt').toLowerCase();
  if (!['xslt', 'xslt2', 'xslt3', 'xpath2', 'xpath31'].includes(binding)) throw schematronError('ruleset.schema.query-binding', { binding });
  const ns = namespaces(schema);
  const allPatterns = children(schema, SCH, 'pattern');
  const { abstractPatterns, abstractRules } = abstracts(schema, allPatterns);
  const concrete = allPatterns.filter((p) => attr(p, 'abstract') !== 'true');
  const { patterns, lets: phaseLets } = activePatterns(schema, concrete, options.phase);
  const diagnostics = diagnosticsOf(schema);
  const compiled = patterns.map((p, i) => compilePattern(p, i, abstractRules, abstractPatterns, options, diagnostics));
  const topLevel = Array.from(schema.childNodes).flatMap((n) =>
    n.nodeType === 1 && (n as El).namespaceURI === XSL && (n as El).localName === 'stylesheet' ? Array.from(n.childNodes) : [n]);
  const foreign = topLevel
    .filter((n) => n.nodeType === 1 && (n as El).namespaceURI === XSL && ['function', 'key'].includes((n as El).localName))
    .map((n) => serializeInScope(n as El));
  const declarations = [...ns].filter(([p]) => !['xsl', 'svrl', 'err', 'pintae-sch', 'xs'].includes(p)).map(([p, u]) => ` xmlns:${p}="${escapeAttr(u)}"`).join('');
  const globalLets = [...children(schema, SCH, 'let'), ...phaseLets].map((l) => letVariable(l)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}" xmlns:svrl="${SVRL}" xmlns:err="http://www.w3.org/2005/xqt-errors" xmlns:xs="${escapeAttr(ns.get('xs') ?? 'http://www.w3.org/2001/XMLSchema')}" xmlns:pintae-sch="urn:pintae:schematron"${declarations} exclude-result-prefixes="#all">
<xsl:output method="xml" indent="no"/>
${globalLets}
${foreign.join('\n')}
<xsl:function xmlns:xs="http://www.w3.org/2001/XMLSchema" name="pintae-sch:location" as="xs:string">
  <xsl:param name="node" as="node()"/>
  <xsl:variable name="steps" select="for $a in $node/ancestor-or-self::* return concat('/', local-name($a), let $same := $a/../*[local-name() = local-name($a)] return if (count($same) gt 1) then concat('[', count($a/preceding-sibling::*[local-name() = local-name($a)]) + 1, ']') else '')"/>
  <xsl:sequence select="concat(string-join($steps, ''), if ($node instance of attribute()) then concat('/@', local-name($node)) else '')"/>
</xsl:function>
${REPORT_FUNCTION}
<xsl:template match="/">
<svrl:schematron-output>
${compiled.map((c, i) => `<svrl:active-pattern id="${escapeAttr(attr(patterns[i]!, 'id') ?? c.mode)}"/><xsl:apply-templates select="/" mode="${c.mode}"/>`).join('\n')}
</svrl:schematron-output>
</xsl:template>
${compiled.flatMap((c) => c.templates).join('\n')}
</xsl:stylesheet>
`;
}
