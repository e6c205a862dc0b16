import type { XElement } from '../../xpath/api.js';
import { inScopeNamespaces } from '../../xpath/xml.js';
import { readXmlDocument, rootElement } from '../../io/xml.js';
import { EXTENSION_NAMESPACES, SCH, SCH_EXPRESSION_ATTRIBUTES, XSL, XSL_ALLOWED, XSL_EXPRESSION_ATTRIBUTES, XSL_PATTERN_ATTRIBUTES, XSL_REFUSED } from './names.js';
import { callsIn, ScanError, templateExpressions } from './xpath-scan.js';

/** A place in a rule set's file. */
export interface Place { file: string; line?: number; column?: number }
/** Something the static check refuses: where, what was written there, and why. */
export interface Refusal extends Place { construct: string; reason: string }
/**
 * A function called (or referenced) from a rule set's XPath: `uri` for a Q{uri}local name, else its prefix, resolved
 * against `scope` (the xmlns declarations in scope) and, in a Schematron attribute, the schema's own bindings first.
 */
export interface Call extends Place { prefix?: string; uri?: string; local: string; written: string; scope: ReadonlyMap<string, string>; schematron: boolean }
/** An include or import a file makes: the static check follows it within the rule set's own files. */
export interface Include extends Place { href: string; element: string }

export interface SourceFacts {
  refusals: Refusal[];
  calls: Call[];
  includes: Include[];
  /**
   * The functions the file declares (xsl:function), as {ns}local; `ns` undefined where the name's prefix is not
   * declared where the function is written (the schema's own bindings, then the implicit ones, decide).
   */
  functions: Array<{ ns: string | undefined; prefix: string; local: string } & Place>;
  /** The prefixes its Schematron expressions may use, in the order the schema compiler takes them (compile.ts namespaces()). */
  schemaPrefixes: Array<[string, string]>;
  /** Where the file is not well-formed XML (its place, and the XML reader's reason): a mistake, not an attack, and said as one. */
  malformed?: { at: string; reason: string };
}

/** A DOCTYPE that names nothing outside and declares no entity built of others (no file read, no expansion bomb). */
function doctypeRefusal(text: string): string | undefined {
  const m = /<!DOCTYPE([^[>]*)(\[([^]*?)\])?\s*>/.exec(text.slice(0, 1 << 20));
  if (!m) return undefined;
  if (/\b(SYSTEM|PUBLIC)\b/.test(m[1]!) || /\b(SYSTEM|PUBLIC)\b/.test(m[3] ?? '')) return 'a DOCTYPE that names an external file';
  if (/<!ENTITY\s+%/.test(m[3] ?? '')) return 'a DOCTYPE with parameter entities';
  if (/<!ENTITY[^>]*&/.test(m[3] ?? '')) return 'a DOCTYPE whose entities refer to other entities (an expansion bomb)';
  return undefined;
}

/**
 * What one schema or stylesheet file of a rule set does, read by pintae's strict reader so every finding has its line
 * and column. A file with a DOCTYPE (which that reader refuses) is read once its DOCTYPE is shown harmless, with the
 * DOCTYPE blanked out (its lines kept).
 */
export function inspectSource(file: string, bytes: Buffer): SourceFacts {
  const facts: SourceFacts = { refusals: [], calls: [], includes: [], functions: [], schemaPrefixes: [] };
  let text = bytes.toString('utf8');
  const doctype = /<!DOCTYPE/.test(text.slice(0, 1 << 20)) ? doctypeRefusal(text) : undefined;
  if (doctype) { facts.refusals.push({ file, line: lineOf(text, text.indexOf('<!DOCTYPE')), construct: '<!DOCTYPE …>', reason: doctype }); return facts; }
  const entities = new Map<string, string>();
  text = text.replace(/<!DOCTYPE[^[>]*(\[[^]*?\])?\s*>/, (d) => {
    // Its internal entities (shown above to refer to no other) are put in place, as a parser would expand them.
    for (const m of d.matchAll(/<!ENTITY\s+([\w.-]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) entities.set(m[1]!, m[2] ?? m[3]!);
    return d.replace(/[^\n]/g, ' ');
  });
  if (entities.size > 0) text = text.replace(/&([\w.-]+);/g, (ref, name: string) => entities.get(name) ?? ref);
  const read = readXmlDocument(text);
  if (!read.ok) {
    facts.malformed = { at: `${file}${read.line ? `:${read.line}:${read.column ?? 1}` : ''}`, reason: read.message };
    return facts;
  }
  const root = rootElement(read.doc);
  if (root) {
    schemaPrefixes(root, facts.schemaPrefixes);
    walk(root, file, facts, false);
  }
  return facts;
}

/** sch:ns bindings first, then the xmlns declarations outside embedded XSLT, as the schema compiler binds prefixes. */
function schemaPrefixes(root: XElement, out: Array<[string, string]>): void {
  const nsElements: XElement[] = [];
  const declared: Array<[string, string]> = [];
  const visit = (e: XElement) => {
    if (e.ns === XSL) return;
    if (e.ns === SCH && e.local === 'ns') nsElements.push(e);
    for (const [p, u] of inScopeNamespaces(e)) if (p !== 'xml') declared.push([p, u]);
    for (const c of e.elements) visit(c);
  };
  visit(root);
  for (const e of nsElements) {
    const prefix = attribute(e, 'prefix'); const uri = attribute(e, 'uri');
    if (prefix && uri !== undefined) out.push([prefix, uri]);
  }
  out.push(...declared);
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}

const truthy = (v: string | undefined) => v !== undefined && ['yes', 'true', '1'].includes(v.trim());

function walk(el: XElement, file: string, facts: SourceFacts, expandText: boolean): void {
  const at = { file, line: el.line, column: el.column };
  const name = `${el.prefix ? `${el.prefix}:` : ''}${el.local}`;
  const extension = EXTENSION_NAMESPACES.get(el.ns);
  if (extension !== undefined || /saxonica\.com|saxon\.sf\.net/.test(el.ns)) {
    facts.refusals.push({ ...at, construct: `<${name}>`, reason: `an element of ${el.ns} (${extension ?? 'a processor extension'})` });
  }
  if (el.ns === XSL) {
    const refused = XSL_REFUSED.get(el.local);
    if (refused) facts.refusals.push({ ...at, construct: `<${name}>`, reason: refused });
    else if (!XSL_ALLOWED.has(el.local)) facts.refusals.push({ ...at, construct: `<${name}>`, reason: 'not an XSLT 3.0 instruction or declaration pintae knows to be harmless' });
    if ((el.local === 'include' || el.local === 'import')) facts.includes.push({ ...at, href: attribute(el, 'href') ?? '', element: name });
  }
  if (el.ns === SCH && (el.local === 'include' || (el.local === 'extends' && attribute(el, 'href') !== undefined))) {
    facts.includes.push({ ...at, href: attribute(el, 'href') ?? '', element: name });
  }
  const expands = el.ns === XSL ? attribute(el, 'expand-text') : el.attrs.find((a) => a.ns === XSL && a.local === 'expand-text')?.value;
  const textTemplates = expands !== undefined ? truthy(expands) : expandText;
  const namespaces = inScopeNamespaces(el);
  const scan = (expr: string, construct: string, line: number, column: number) => {
    let sites;
    try { sites = callsIn(expr); } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      facts.refusals.push({ file, line, column, construct, reason: `XPath that cannot be read (${e.message})` });
      return;
    }
    for (const s of sites) {
      const written = `${s.uri !== undefined ? `Q{${s.uri}}` : s.prefix ? `${s.prefix}:` : ''}${s.local}${s.reference ? '#' : '()'}`;
      facts.calls.push({ file, line, column, prefix: s.prefix, uri: s.uri, local: s.local, written, scope: namespaces, schematron: el.ns === SCH });
    }
  };
  for (const a of el.attrs) {
    const construct = `${a.prefix ? `${a.prefix}:` : ''}${a.local}="${a.value.length > 80 ? `${a.value.slice(0, 77)}…` : a.value}"`;
    if (el.ns === XSL && a.ns === '' && a.local.startsWith('_')) {
      // A shadow attribute is an expression made at compile time from static values: what it becomes cannot be read here.
      facts.refusals.push({ file, line: a.line, column: a.column, construct, reason: 'a shadow attribute (XPath text built at compile time)' });
      continue;
    }
    if (a.ns === '' && a.local.startsWith('xmlns')) continue;
    const expression = (el.ns === XSL && a.ns === '' && (XSL_EXPRESSION_ATTRIBUTES.has(a.local) || XSL_PATTERN_ATTRIBUTES.has(a.local)))
      || (el.ns !== XSL && a.ns === XSL && a.local === 'use-when')
      || (el.ns === SCH && a.ns === '' && SCH_EXPRESSION_ATTRIBUTES.get(el.local)?.has(a.local) === true);
    if (el.ns === XSL && a.ns === '' && a.local === 'extension-element-prefixes' && a.value.trim() !== '') {
      facts.refusals.push({ file, line: a.line, column: a.column, construct, reason: 'declares extension instructions' });
    }
    if (a.ns === XSL && a.local === 'extension-element-prefixes' && a.value.trim() !== '') {
      facts.refusals.push({ file, line: a.line, column: a.column, construct, reason: 'declares extension instructions' });
    }
    if (expression) { scan(a.value, construct, a.line, a.column); continue; }
    // Every other attribute may be an attribute value template (on literal result elements and many XSLT attributes).
    if (a.value.includes('{')) {
      let parts: string[];
      try { parts = templateExpressions(a.value); } catch (e) {
        if (!(e instanceof ScanError)) throw e;
        facts.refusals.push({ file, line: a.line, column: a.column, construct, reason: `an attribute value template that cannot be read (${e.message})` });
        continue;
      }
      for (const p of parts) scan(p, construct, a.line, a.column);
    }
  }
  if (el.ns === XSL && el.local === 'function') {
    const fname = attribute(el, 'name') ?? '';
    const colon = fname.indexOf(':');
    const prefix = colon < 0 ? '' : fname.slice(0, colon);
    // A prefix not declared where the function is written is resolved in judge(), as the schema compiler binds it.
    const ns = fname.startsWith('Q{') ? fname.slice(2, fname.indexOf('}')) : prefix === '' ? '' : namespaces.get(prefix);
    const local = fname.startsWith('Q{') ? fname.slice(fname.indexOf('}') + 1) : fname.slice(colon + 1);
    facts.functions.push({ ...at, ns, prefix, local });
  }
  if (textTemplates) {
    for (const child of el.children) {
      if (child.kind !== 3 || !child.value.includes('{')) continue;
      let parts: string[];
      try { parts = templateExpressions(child.value); } catch (e) {
        if (!(e instanceof ScanError)) throw e;
        facts.refusals.push({ ...at, construct: 'a text value template', reason: `it cannot be read (${e.message})` });
        continue;
      }
      for (const p of parts) scan(p, 'a text value template', el.line, el.column);
    }
  }
  for (const c of el.elements) walk(c, file, facts, textTemplates);
}

function attribute(el: XElement, local: string): string | undefined {
  return el.attrs.find((a) => a.ns === '' && a.local === local)?.value;
}
