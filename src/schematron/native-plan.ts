import { XPathUnsupported } from '../xpath/api.js';
import {
  abstracts, activePatterns, attr, children, diagnosticsNamed, diagnosticsOf, expandIncludes, matchesAttributes, namespaces, parse, patternBody, ruleParts, schematronError, SCH, serializeInScope, staticMessage, substitute, XSL,
  type CompileOptions,
} from './compile.js';

/**
 * A Schematron schema read down to what the native engine runs (src/schematron/native.ts): includes expanded, the
 * phase chosen, abstract rules and patterns instantiated, every expression as text. Plain JSON: `npm run build` writes
 * it beside the compiled stylesheet, so a run reads it without parsing the schema's XML (xmlbuilder2 and the schema's
 * files cost ~0.25 s of a cold start).
 */
export interface NativePlan {
  version: 1;
  namespaces: Array<[string, string]>;
  /** XSLT stylesheets whose xsl:function and xsl:key declarations the rules use. */
  functions: string[];
  globals: PlanLet[];
  /** `attributes`: the pattern walks attribute nodes too (visitAttributes, and a rule whose context can match one). */
  patterns: Array<{ rules: PlanRule[]; attributes?: boolean }>;
}
/**
 * A let: an expression, or (`tree`) a let whose content is one literal element, the temporary tree XSLT makes of it
 * (a document node holding that element), as XML text.
 */
export interface PlanLet { name: string; value: string; tree?: string }
export type PlanMessage = Array<string | { select: string }>;
export interface PlanCheck {
  kind: 'failed-assert' | 'successful-report'; test: string; id?: string; flag?: string; role?: string; message: PlanMessage;
  /** The diagnostics named in @diagnostics, each a message evaluated where the assert is. */
  diagnostics?: Array<{ id: string; message: PlanMessage }>;
}
export type PlanPart = { let: PlanLet } | { check: PlanCheck };
export interface PlanRule { context: string; parts: PlanPart[] }

type El = Element;

function letOf(el: El, params: Map<string, string>): PlanLet {
  const name = attr(el, 'name');
  if (!name) throw schematronError('ruleset.schema.let-name', {});
  const value = attr(el, 'value');
  if (value === undefined) return { name, value: '', tree: treeOf(el, name) };
  return { name, value: substitute(value, params) };
}

/**
 * A let with content is a temporary tree in XSLT: taken natively when the content is one literal element (a lookup
 * table, say), no XSLT instruction in it. The schema reader has dropped whitespace-only text, as XSLT strips it from
 * a stylesheet; other text beside the element, or several elements, are left to Saxon-JS.
 */
function treeOf(el: El, name: string): string {
  const nodes = Array.from(el.childNodes).filter((n) => n.nodeType === 1 || ((n.nodeType === 3 || n.nodeType === 4) && (n.textContent ?? '').trim() !== ''));
  const only = nodes.length === 1 && nodes[0]!.nodeType === 1 ? (nodes[0] as El) : undefined;
  if (!only) throw new XPathUnsupported(`sch:let ${name} with content other than one element`);
  const instruction = only.namespaceURI === XSL || only.getElementsByTagNameNS(XSL, '*').length > 0;
  if (instruction) throw new XPathUnsupported(`sch:let ${name} with XSLT instructions in its content`);
  return serializeInScope(only);
}

function messageOf(el: El, params: Map<string, string>): PlanMessage {
  const fixed = staticMessage(el);
  if (fixed !== undefined) return [fixed];
  const parts: PlanMessage = [];
  const walk = (e: El) => {
    for (const n of Array.from(e.childNodes)) {
      if (n.nodeType === 3 || n.nodeType === 4) { parts.push(n.textContent ?? ''); continue; }
      if (n.nodeType !== 1 || (n as El).namespaceURI !== SCH) continue;
      const c = n as El;
      if (c.localName === 'value-of') parts.push({ select: substitute(attr(c, 'select') ?? '.', params) });
      else if (c.localName === 'name') parts.push({ select: `name(${substitute(attr(c, 'path') ?? '.', params)})` });
      else walk(c);
    }
  };
  walk(el);
  return parts;
}

/** Reads a schema for the native engine. Throws XPathUnsupported for what it cannot run, SchematronError for a wrong schema. */
export function planNative(text: string, options: CompileOptions = {}): NativePlan {
  const schema = parse(text, 'schema');
  if (schema.localName !== 'schema') throw schematronError('ruleset.schema.root-not-schema', {});
  expandIncludes(schema, options.baseDir ?? process.cwd(), options.root ?? options.baseDir ?? process.cwd());
  // Each top-level xsl:function and xsl:key stands as a stylesheet of its own, with the prefixes in scope where it was written.
  const functions: string[] = [];
  for (const n of Array.from(schema.childNodes)) {
    if (n.nodeType !== 1 || (n as El).namespaceURI !== XSL) continue;
    const el = n as El;
    if (el.localName === 'function' || el.localName === 'key') functions.push(`<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}">${serializeInScope(el)}</xsl:stylesheet>`);
    else if (el.localName === 'stylesheet' || el.localName === 'transform') {
      for (const d of children(el, XSL)) if (d.localName !== 'function' && d.localName !== 'key') throw new XPathUnsupported(`xsl:${d.localName} in an included stylesheet`);
      functions.push(serializeInScope(el));
    } else throw new XPathUnsupported(`xsl:${el.localName} in the schema`);
  }
  const allPatterns = children(schema, SCH, 'pattern');
  const { abstractPatterns, abstractRules } = abstracts(schema, allPatterns);
  const { patterns, lets: phaseLets } = activePatterns(schema, allPatterns.filter((p) => attr(p, 'abstract') !== 'true'), options.phase);
  const globals = [...children(schema, SCH, 'let'), ...phaseLets].map((l) => letOf(l, new Map()));
  const diagnostics = diagnosticsOf(schema);

  const planned = patterns.map((pattern) => {
    const { body, params } = patternBody(pattern, abstractPatterns);
    const patternLets = children(body, SCH, 'let');
    const rules = children(body, SCH, 'rule').filter((r) => attr(r, 'abstract') !== 'true').map((rule): PlanRule => {
      const context = substitute(attr(rule, 'context') ?? '', params);
      if (!context) throw schematronError('ruleset.schema.no-context', {});
      const els: El[] = [...patternLets, ...ruleParts(rule, abstractRules)];
      const parts = els.map((el): PlanPart => {
        if (el.localName === 'let') return { let: letOf(el, params) };
        const test = substitute(attr(el, 'test') ?? '', params);
        if (!test) throw schematronError('ruleset.schema.no-test', { element: el.localName, context });
        const check: PlanCheck = { kind: el.localName === 'assert' ? 'failed-assert' : 'successful-report', test, message: messageOf(el, params) };
        // An empty id, flag or role is no attribute in the stylesheet's SVRL either.
        for (const key of ['id', 'flag', 'role'] as const) { const v = attr(el, key); if (v) check[key] = substitute(v, params); }
        const named = diagnosticsNamed(el, params, diagnostics);
        if (named.length) check.diagnostics = named.map(([id, d]) => ({ id, message: messageOf(d, params) }));
        return { check };
      });
      return { context, parts };
    });
    // As the stylesheet walks: attributes only when asked for, and then only in a pattern with an attribute context.
    return options.visitAttributes && rules.some((r) => matchesAttributes(r.context)) ? { rules, attributes: true } : { rules };
  });
  return { version: 1, namespaces: [...namespaces(schema)], functions, globals, patterns: planned };
}
