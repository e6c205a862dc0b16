import { XPathUnsupported, type Evaluate, type Sequence, type StaticContext, type XDocument, type XElement, type XNode, type XPathEngine } from '../xpath/api.js';
import { builder } from 'xmlbuilder2';
import { location } from '../xpath/location.js';
import { parseXml } from '../xpath/xml.js';
import {
  activePatterns, attr, children, expandIncludes, namespaces, parse, SchematronError, SCH, staticMessage, substitute, XSL,
  type CompileOptions,
} from './compile.js';
import { matcher, type Matcher } from './native-match.js';
import type { SvrlResult } from './svrl.js';

/*
 * The same ISO Schematron that compile.ts turns into XSLT for Saxon-JS, run by pintae's own XPath evaluator
 * (src/xpath/): the report it gives is the SVRL the stylesheet writes, result for result and in the same order (a
 * differential test holds the two engines together). What the evaluator cannot compile makes compileNative throw
 * XPathUnsupported; a document on which it raises an error (XPathError, XmlError, XPathUnsupported) is the caller's
 * to run on Saxon-JS, which then decides what the error means (see CompiledRules).
 */

type El = Element;

interface Let { name: string; value: Evaluate }
interface Message { parts: Array<string | Evaluate> }
interface Check { kind: 'failed-assert' | 'successful-report'; test: string; id?: string; flag?: string; role?: string; evaluate: Evaluate; message: Message }
type Part = { let: Let } | { check: Check };
interface Rule { index: number; match: Matcher; parts: Part[] }
interface Pattern { rules: Rule[]; byName: Map<string, Rule[]> }

function letOf(el: El, params: Map<string, string>, compile: (expr: string) => Evaluate): Let {
  const name = attr(el, 'name');
  if (!name) throw new SchematronError('sch:let without @name');
  const value = attr(el, 'value');
  if (value === undefined) throw new XPathUnsupported(`sch:let ${name} with content instead of @value`);
  return { name, value: compile(substitute(value, params)) };
}

function messageOf(el: El, params: Map<string, string>, compile: (expr: string) => Evaluate): Message {
  const fixed = staticMessage(el);
  if (fixed !== undefined) return { parts: [fixed] };
  const parts: Message['parts'] = [];
  const walk = (e: El) => {
    for (const n of Array.from(e.childNodes)) {
      if (n.nodeType === 3 || n.nodeType === 4) { parts.push(n.textContent ?? ''); continue; }
      if (n.nodeType !== 1 || (n as El).namespaceURI !== SCH) continue;
      const c = n as El;
      if (c.localName === 'value-of') parts.push(compile(substitute(attr(c, 'select') ?? '.', params)));
      else if (c.localName === 'name') parts.push(compile(`name(${substitute(attr(c, 'path') ?? '.', params)})`));
      else walk(c);
    }
  };
  walk(el);
  return { parts };
}

/** A compiled schema: call results() per document. */
export class NativeRules {
  constructor(
    private readonly engine: XPathEngine,
    private readonly globals: Let[],
    private readonly patterns: Pattern[],
  ) {}

  /** The failed asserts and successful reports of one document, as parseSvrl reads them from the stylesheet's SVRL. */
  results(xml: string): SvrlResult[] {
    const doc = parseXml(xml);
    const vars = new Map<string, Sequence>();
    for (const g of this.globals) vars.set(g.name, g.value(doc, vars));
    const out: SvrlResult[] = [];
    const names = new ElementIndex(doc);
    for (const pattern of this.patterns) {
      this.fire(pattern, doc, doc, vars, out, names);
      for (const el of names.elements) this.fire(pattern, el, doc, vars, out, names);
    }
    return out;
  }

  private fire(pattern: Pattern, node: XDocument | XElement, doc: XDocument, globals: Map<string, Sequence>, out: SvrlResult[], index: ElementIndex): void {
    const candidates = pattern.byName.get(node.kind === 1 ? node.local : '#document') ?? pattern.byName.get('*') ?? [];
    const rule = candidates.find((r) => r.match(node, doc, globals, index));
    if (!rule) return;
    let vars = globals;
    for (const part of rule.parts) {
      if ('let' in part) {
        if (vars === globals) vars = new Map(globals);
        vars.set(part.let.name, part.let.value(node, vars));
        continue;
      }
      const c = part.check;
      const holds = this.engine.ebv(c.evaluate(node, vars));
      if (holds === (c.kind === 'successful-report')) out.push(this.report(c, node, vars));
    }
  }

  private report(c: Check, node: XNode, vars: Map<string, Sequence>): SvrlResult {
    const text = c.message.parts.map((p) => (typeof p === 'string' ? p : this.engine.valueOf(p(node, vars)))).join('');
    return { kind: c.kind, id: c.id, flag: c.flag, role: c.role, test: c.test, location: location(node), text: text.replace(/\s+/g, ' ').trim() };
  }
}

/** Every element of a document in document order, and by local name (for the rules' name-keyed matching). */
export class ElementIndex {
  readonly elements: XElement[] = [];
  /** The matchers' per-document memory (MatchCache). */
  readonly memo = new Map<unknown, unknown>();
  private byLocal?: Map<string, XElement[]>;
  constructor(doc: XDocument) {
    const walk = (n: XDocument | XElement) => {
      for (const c of n.children) if (c.kind === 1) { this.elements.push(c); walk(c); }
    };
    walk(doc);
  }
  named(local: string): XElement[] {
    if (!this.byLocal) {
      this.byLocal = new Map();
      for (const e of this.elements) {
        const list = this.byLocal.get(e.local);
        if (list) list.push(e); else this.byLocal.set(e.local, [e]);
      }
    }
    return this.byLocal.get(local) ?? [];
  }
}

/**
 * Compiles a schema for the native engine. Throws XPathUnsupported for what it cannot run (the caller keeps Saxon-JS),
 * SchematronError for a schema that is wrong either way.
 */
export function compileNative(text: string, engine: XPathEngine, options: CompileOptions = {}): NativeRules {
  if (options.visitAttributes) throw new XPathUnsupported('rules on attribute nodes');
  const schema = parse(text, 'schema');
  if (schema.localName !== 'schema') throw new SchematronError('the root element is not sch:schema');
  expandIncludes(schema, options.baseDir ?? process.cwd());
  const ns = namespaces(schema);
  const topLevel = Array.from(schema.childNodes).flatMap((n) =>
    n.nodeType === 1 && (n as El).namespaceURI === XSL && (n as El).localName === 'stylesheet' ? [n as El] : []);
  for (const n of Array.from(schema.childNodes)) {
    if (n.nodeType === 1 && (n as El).namespaceURI === XSL && (n as El).localName !== 'stylesheet') throw new XPathUnsupported(`top-level xsl:${(n as El).localName} outside a stylesheet`);
  }
  for (const sheet of topLevel) {
    for (const d of children(sheet, XSL)) if (d.localName !== 'function') throw new XPathUnsupported(`xsl:${d.localName} in an included stylesheet`);
  }
  const functions = engine.defineFunctions(topLevel.map((s) => builder(s as never).toString()), ns);
  const allPatterns = children(schema, SCH, 'pattern');
  const abstractPatterns = new Map(allPatterns.filter((p) => attr(p, 'abstract') === 'true').map((p) => [attr(p, 'id') ?? '', p]));
  const abstractRules = new Map<string, El>();
  for (const holder of [...children(schema, SCH, 'rules'), ...allPatterns]) {
    for (const r of children(holder, SCH, 'rule')) if (attr(r, 'abstract') === 'true') abstractRules.set(attr(r, 'id') ?? '', r);
  }
  const { patterns, lets: phaseLets } = activePatterns(schema, allPatterns.filter((p) => attr(p, 'abstract') !== 'true'), options.phase);

  const variables = new Set<string>();
  const compileIn = (scope: Set<string>) => (expr: string) => {
    const context: StaticContext = { namespaces: ns, variables: scope, functions };
    return engine.compile(expr, context);
  };
  const globals: Let[] = [];
  for (const l of [...children(schema, SCH, 'let'), ...phaseLets]) {
    globals.push(letOf(l, new Map(), compileIn(new Set(variables))));
    variables.add(globals.at(-1)!.name);
  }

  const compiled = patterns.map((pattern): Pattern => {
    let body = pattern;
    const params = new Map<string, string>();
    const isA = attr(pattern, 'is-a');
    if (isA) {
      const base = abstractPatterns.get(isA);
      if (!base) throw new SchematronError(`pattern is-a="${isA}": no abstract pattern with that id`);
      for (const p of children(pattern, SCH, 'param')) params.set(attr(p, 'name') ?? '', attr(p, 'value') ?? '');
      body = base;
    }
    const patternLets = children(body, SCH, 'let');
    const rules = children(body, SCH, 'rule').filter((r) => attr(r, 'abstract') !== 'true').map((rule, index): Rule => {
      const context = substitute(attr(rule, 'context') ?? '', params);
      if (!context) throw new SchematronError('sch:rule without @context');
      const els: El[] = [...patternLets];
      const collect = (r: El, seen: Set<string>) => {
        for (const c of children(r, SCH)) {
          if (c.localName === 'extends') {
            const name = attr(c, 'rule');
            const base = name ? abstractRules.get(name) : undefined;
            if (!base) throw new SchematronError(`sch:extends rule="${name}": no abstract rule with that id`);
            if (seen.has(name!)) throw new SchematronError(`sch:extends rule="${name}" extends itself`);
            collect(base, new Set([...seen, name!]));
          } else if (['let', 'assert', 'report'].includes(c.localName)) els.push(c);
        }
      };
      collect(rule, new Set());
      const scope = new Set(variables);
      const parts = els.map((el): Part => {
        const compile = compileIn(new Set(scope));
        if (el.localName === 'let') {
          const l = letOf(el, params, compile);
          scope.add(l.name);
          return { let: l };
        }
        const test = substitute(attr(el, 'test') ?? '', params);
        if (!test) throw new SchematronError(`sch:${el.localName} without @test in rule ${context}`);
        return { check: {
          kind: el.localName === 'assert' ? 'failed-assert' : 'successful-report', test,
          id: attr(el, 'id'), flag: attr(el, 'flag'), role: attr(el, 'role'),
          evaluate: compile(test), message: messageOf(el, params, compile),
        } };
      });
      return { index, match: matcher(context, ns, compileIn(new Set(variables))), parts };
    });
    return { rules, byName: byName(rules) };
  });
  return new NativeRules(engine, globals, compiled);
}

/**
 * For each local name a rule set can meet, the rules (in order) that may match an element of that name: those whose
 * pattern ends in that name, in a wildcard, or that could not be read as a plain path. '*' holds the rules for any
 * other name; '#document' those for the document node.
 */
function byName(rules: Rule[]): Map<string, Rule[]> {
  const names = new Set<string>(['*', '#document']);
  for (const r of rules) for (const n of r.match.names ?? []) names.add(n);
  const map = new Map<string, Rule[]>();
  for (const name of names) {
    map.set(name, rules.filter((r) => r.match.names === undefined || r.match.names.has(name) || (name !== '#document' && r.match.names.has('*'))));
  }
  return map;
}
