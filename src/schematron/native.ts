import { NOT_IMPLEMENTED, XPathError, XPathUnsupported, type Evaluate, type Variables, type FunctionLibrary, type Sequence, type StaticContext, type XAttr, type XDocument, type XElement, type XNode, type XPathEngine } from '../xpath/api.js';
import { location } from '../xpath/location.js';
import { parseXml, sharedName } from '../xpath/xml.js';
import { matcher, type Matcher, type Predicate } from './native-match.js';
import type { NativePlan, PlanCheck, PlanPart, PlanRule } from './native-plan.js';
import type { CompileOptions } from './compile.js';
import type { SvrlResult } from './svrl.js';

/*
 * A Schematron schema (read into a NativePlan) run by pintae's own XPath evaluator (src/xpath/): the report it gives is
 * the SVRL the schema's guarded XSLT (compile.ts) writes through Saxon-JS, result for result and in the same order (a
 * differential test holds the two engines together). Patterns are walked like the stylesheet's modes: the document
 * node, then every element in document order; on each, the first rule of the pattern whose context matches fires.
 * An XPath error fails the one assert it hits (role evaluation-error), as the guarded stylesheet's xsl:try does; an
 * error while matching a context is no match (XSLT 3.0 5.5.4). What the evaluator cannot compile, or a document whose
 * answer depends on how Saxon-JS reads it, throws XPathUnsupported: the caller's to run on Saxon-JS.
 */

type Message = Array<string | Evaluate>;
/** An assert or report: its test compiled for its effective boolean value (XPathEngine.compileTest). */
interface Check extends Omit<PlanCheck, 'message' | 'diagnostics'> { test: string; holds: (item: XNode, vars: Variables) => boolean; report: boolean; message: Message; diagnostics?: Array<{ id: string; message: Message }> }
/** A let (check undefined) or a check (let undefined): one shape, so the loop over a rule's parts sees one kind of object. */
interface Part { let: { name: string; value: Evaluate } | undefined; check: Check | undefined }

interface Rule {
  match: Matcher;
  plan: PlanRule;
  /** Compiled on the rule's first firing: a cold start pays only for the rules its documents reach. */
  parts?: Part[];
}
/**
 * A rule that may fire on the nodes of one name path: `match` true when it matches every such node (an alternative of
 * its context without predicates fits the path), else the test to make on each.
 */
interface Candidate { rule: Rule; match: true | Matcher }
interface Pattern {
  /** Attribute nodes are walked too: each element's attributes after it, before its children (XSLT's `@*|*`). */
  attributes: boolean;
  /** Every rule of the pattern, in order. */
  rules: Rule[];
  byName: Map<string, Rule[]>;
  /**
   * By name path (NamePaths id, 0 the document node): the rules that may fire there, in order; kept across documents
   * (an array indexed by the id: one look-up per element and pattern).
   */
  byPath: Array<Candidate[] | undefined>;
  /** The rules that may fire on an attribute (those whose context is no plain path: a plain path matches elements only). */
  onAttributes?: Candidate[];
}

/**
 * Numbers for the name paths of elements (namespace, local name and prefix of each ancestor-or-self), shared by every
 * document and every rule set of the process: what rules can fire on an element depends on its path before its
 * values, and a predicate of the element's name alone (`*[ends-with(name(), 'Amount')]`, which reads the prefix) is
 * decided once per path.
 */
class NamePaths {
  /** Names (namespace → local name → prefix) numbered once for the process. */
  private readonly names = new Map<string, Map<string, Map<string, number>>>();
  private nextName = 0;
  /** By parent id: name id → id. */
  private readonly children: Array<Map<number, number> | undefined> = [];
  private next = 1;

  /** The number of a name (the same for every element so named, in any document). */
  name(ns: string, local: string, prefix: string): number {
    let byLocal = this.names.get(ns);
    if (!byLocal) this.names.set(ns, (byLocal = new Map()));
    let byPrefix = byLocal.get(local);
    if (!byPrefix) byLocal.set(local, (byPrefix = new Map()));
    let id = byPrefix.get(prefix);
    if (id === undefined) byPrefix.set(prefix, (id = this.nextName++));
    return id;
  }

  /** The id of a child path of `parent` (0: the document node) by the child's name number. */
  child(parent: number, name: number): number {
    let byName = this.children[parent];
    if (!byName) this.children[parent] = byName = new Map();
    let id = byName.get(name);
    if (id === undefined) byName.set(name, (id = this.next++));
    return id;
  }
}
const PATHS = new NamePaths();

/** A document's elements in document order with the ids of their name paths (see inOrder). */
interface InOrder { elements: XElement[]; pathIds: Int32Array }
/**
 * The key of a document's InOrder in its memo (XDocument.memo: not a WeakMap, whose entries keep trees through V8's
 * young-generation collections): every rule set (every layer) run on one tree walks it in the same order.
 */
const ORDER = {};

export class NativeRules {
  private readonly namespaces: ReadonlyMap<string, string>;
  private readonly functions: FunctionLibrary;
  private readonly globalNames: ReadonlySet<string>;
  private readonly globals: Array<{ name: string; value: Evaluate }>;
  private readonly patterns: Pattern[];
  /** The rule contexts' expressions not compiled yet (see later): compileAll compiles them. */
  private readonly pending: Array<() => void> = [];

  constructor(private readonly engine: XPathEngine, plan: NativePlan) {
    this.namespaces = new Map(plan.namespaces);
    this.functions = engine.defineFunctions(plan.functions, this.namespaces);
    const names = new Set<string>();
    this.globals = plan.globals.map((g) => {
      const value = g.tree !== undefined ? treeValue(g.tree) : this.compile(g.value, names);
      names.add(g.name);
      return { name: g.name, value };
    });
    this.globalNames = names;
    this.patterns = plan.patterns.map((p) => {
      const rules = p.rules.map((r): Rule => ({ plan: r, match: matcher(r.context, this.namespaces, (e) => this.later(e, names), (e) => this.laterPredicate(e, names)) }));
      return { attributes: p.attributes ?? false, rules, byName: byName(rules), byPath: [] };
    });
  }

  /** Compiles every rule now (by default each is compiled on its first firing): how a build checks a whole schema. */
  compileAll(): this {
    this.functions.compileAll();
    for (const compile of this.pending.splice(0)) compile();
    for (const p of this.patterns) for (const r of p.rules) this.parts(r);
    return this;
  }

  /**
   * The failed asserts and successful reports of one document (its text, or the tree pintae's reader made of it), as
   * parseSvrl reads them from the guarded stylesheet's SVRL: an XPath error fails the assert it hits alone.
   */
  results(input: string | XDocument): SvrlResult[] {
    const doc = typeof input === 'string' ? parseXml(input) : input;
    const vars = this.bindGlobals(doc);
    const { elements, pathIds } = inOrder(doc);
    const out: SvrlResult[] = [];
    const cache = { memo: new Map<unknown, unknown>() };
    for (const pattern of this.patterns) {
      const byPath = pattern.byPath;
      this.fire(byPath[0] ?? this.candidates(pattern, doc, 0), doc, doc, vars, out, cache);
      const attributes = pattern.attributes ? (pattern.onAttributes ??= this.attributeCandidates(pattern)) : undefined;
      for (let i = 0; i < elements.length; i++) {
        const e = elements[i]!;
        const id = pathIds[i]!;
        const candidates = byPath[id] ?? this.candidates(pattern, e, id);
        if (candidates.length !== 0) this.fire(candidates, e, doc, vars, out, cache);
        if (attributes !== undefined && attributes.length !== 0) { const attrs = e.attrs; for (let j = 0; j < attrs.length; j++) this.fire(attributes, attrs[j]!, doc, vars, out, cache); }
      }
    }
    return out;
  }

  /** The global lets on a document (apart from results: its closures would make results' variables a context of theirs). */
  private bindGlobals(doc: XDocument): Map<string, Sequence> {
    let vars = new Map<string, Sequence>();
    for (const g of this.globals) vars = bind(vars, g.name, () => g.value(doc, vars), false, true);
    return vars;
  }

  /**
   * The rules of a pattern that may fire on a node of this name path, worked out on the first such node: those whose
   * names fit, each with what is left to test on the node (nothing, when an alternative without predicates fits).
   */
  private candidates(pattern: Pattern, node: XDocument | XElement, pathId: number): Candidate[] {
    const byLocal = (node.kind === 1 ? pattern.byName.get(node.local) : pattern.byName.get('#document')) ?? pattern.byName.get('*')!;
    const out: Candidate[] = [];
    for (const rule of byLocal) {
      const fit = rule.match.forPath ? rule.match.forPath(node) : rule.match;
      if (fit !== false) out.push({ rule, match: fit });
    }
    pattern.byPath[pathId] = out;
    return out;
  }

  /**
   * The rules of a pattern that may fire on an attribute: a plain path matches elements only; a pattern ending in an
   * attribute step is in no list of byName (it never matches an element) but may match here.
   */
  private attributeCandidates(pattern: Pattern): Candidate[] {
    return pattern.rules.filter((r) => !r.match.forPath && (r.match.names === undefined || r.match.attributesOnly)).map((rule) => ({ rule, match: rule.match }));
  }

  private compile(expr: string, variables: ReadonlySet<string>): Evaluate {
    const context: StaticContext = { namespaces: this.namespaces, variables, functions: this.functions };
    return this.engine.compile(expr, context);
  }

  /**
   * An expression of a rule context, compiled when a node first needs it (most of a schema's contexts are never tried
   * on a given document: a cold start pays only for those its documents reach). Where it does not compile, the schema
   * is not the evaluator's (as when that was found while building the rules): UncompiledContext, never an XPath error
   * that the matcher would take for "no match".
   */
  private later(expr: string, variables: ReadonlySet<string>): Evaluate {
    return this.onFirstNeed(() => this.compile(expr, variables));
  }

  /**
   * A predicate of a rule context, compiled (as later) on first need: for its effective boolean value where its value
   * is always a boolean (XPathEngine.compileTest), else for its value (a number compares with the position).
   */
  private laterPredicate(expr: string, variables: ReadonlySet<string>): Predicate {
    return this.onFirstNeed((): Predicate => {
      const context: StaticContext = { namespaces: this.namespaces, variables, functions: this.functions };
      const t = this.engine.compileTest(expr, context);
      return t.boolean ? t.test as Predicate : this.engine.compile(expr, context) as Predicate;
    });
  }

  /** A function made by `make` when first called (or by compileAll), a failure to make it UncompiledContext (see later). */
  private onFirstNeed<F extends (item: XNode, vars: Map<string, Sequence>) => unknown>(make: () => F): F {
    let compiled: F | undefined;
    const compile = () => (compiled ??= make());
    this.pending.push(compile);
    return ((item: XNode, vars: Map<string, Sequence>) => {
      if (compiled === undefined) {
        try { compile(); } catch (e) { throw new UncompiledContext(e); }
      }
      return compiled!(item, vars);
    }) as F;
  }

  private parts(rule: Rule): Part[] {
    if (rule.parts) return rule.parts;
    const scope = new Set(this.globalNames);
    return (rule.parts = rule.plan.parts.map((part: PlanPart): Part => {
      const names = new Set(scope);
      if ('let' in part) {
        const value = part.let.tree !== undefined ? treeValue(part.let.tree) : this.compile(part.let.value, names);
        scope.add(part.let.name);
        return { let: { name: part.let.name, value }, check: undefined };
      }
      const { diagnostics: planned, ...c } = part.check;
      const message = (m: PlanCheck['message']): Message => m.map((p) => (typeof p === 'string' ? p : this.compile(p.select, names)));
      const context: StaticContext = { namespaces: this.namespaces, variables: names, functions: this.functions };
      return {
        let: undefined,
        check: {
          ...c, holds: this.engine.compileTest(c.test, context).test, report: c.kind === 'successful-report', message: message(c.message),
          ...(planned ? { diagnostics: planned.map((d) => ({ id: d.id, message: message(d.message) })) } : {}),
        },
      };
    }));
  }

  private fire(candidates: Candidate[], node: XDocument | XElement | XAttr, doc: XDocument, globals: Map<string, Sequence>, out: SvrlResult[], cache: { memo: Map<unknown, unknown> }): void {
    let rule: Rule | undefined;
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      if (c.match === true || c.match(node, doc, globals, cache)) { rule = c.rule; break; }
    }
    if (!rule) return;
    let vars = globals;
    const parts = rule.parts ?? this.parts(rule);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const c = part.check;
      if (c === undefined) { vars = bindLet(part.let!, node, vars, globals); continue; }
      try {
        if (c.holds(node, vars) === c.report) out.push(this.report(c, node, vars));
      } catch (e) {
        if (!(e instanceof XPathError)) throw e;
        out.push(this.evaluationError(c, node, declined(e)));
      }
    }
  }

  /** What the guarded stylesheet writes for an assert or report whose test (or a let it reads) raised an XPath error. */
  private evaluationError(c: Check, node: XNode, e: XPathError): SvrlResult {
    return { kind: 'failed-assert', id: c.id, flag: c.flag, role: 'evaluation-error', test: c.test, location: location(node), text: `Rule could not be evaluated: ${e.message}`.replace(/\s+/g, ' ').trim() };
  }

  private report(c: Check, node: XNode, vars: Map<string, Sequence>): SvrlResult {
    const say = (m: Message) => m.map((p) => (typeof p === 'string' ? p : this.engine.valueOf(p(node, vars)))).join('').replace(/\s+/g, ' ').trim();
    // Diagnostics first, as the stylesheet writes them: an XPath error in one fails the assert as its test's would.
    const diagnostics = c.diagnostics?.map((d) => ({ id: d.id, text: say(d.message) }));
    return { kind: c.kind, id: c.id, flag: c.flag, role: c.role, test: c.test, location: location(node), text: say(c.message), ...(diagnostics ? { diagnostics } : {}) };
  }
}

/**
 * The number of each of the reader's Name objects (one per name and document, most kept by the reader for the process:
 * xml.ts sharedName), looked up by the object: comparing namespace URIs as strings, element after element, cost more
 * than the walk. A WeakMap whose values are numbers keeps nothing of a document alive.
 */
const NAME_IDS = new WeakMap<object, number>();

/**
 * Every element of a document in document order with the id of its name path, in arrays of exactly that length (an
 * invoice of 100,000 lines has 2.3 million elements: arrays grown by push kept up to half as much again, for the whole
 * run); made once per document, for every rule set run on it.
 */
function inOrder(doc: XDocument): InOrder {
  const memo = (doc.memo ??= new Map());
  const known = memo.get(ORDER) as InOrder | undefined;
  if (known) return known;
  let count = 0;
  const stack: XElement[] = [...doc.elements];
  // Index loops, not for…of: an element without children holds a frozen empty array, and iterating frozen and other
  // arrays at one site costs more than the walk (here and in the evaluator's hot loops).
  while (stack.length > 0) { const e = stack.pop()!; count++; const es = e.elements; for (let j = 0; j < es.length; j++) stack.push(es[j]!); }
  const elements: XElement[] = new Array(count);
  const pathIds = new Int32Array(count);
  const nameOf = (e: XElement): number => {
    const shared = sharedName(e);
    if (shared === undefined) return PATHS.name(e.ns, e.local, e.prefix);
    let id = NAME_IDS.get(shared);
    if (id === undefined) NAME_IDS.set(shared, (id = PATHS.name(e.ns, e.local, e.prefix)));
    return id;
  };
  // Iterative (a document may nest deeper than the stack): each element with its parent's path id.
  const open: Array<XDocument | XElement> = [doc];
  const openIds: number[] = [0];
  const next: number[] = [0];
  let i = 0;
  while (open.length > 0) {
    const top = open.length - 1;
    const kids = open[top]!.elements;
    const k = next[top]!;
    if (k === kids.length) { open.pop(); openIds.pop(); next.pop(); continue; }
    next[top] = k + 1;
    const c = kids[k]!;
    const id = PATHS.child(openIds[top]!, nameOf(c));
    elements[i] = c; pathIds[i++] = id;
    if (c.elements.length > 0) { open.push(c); openIds.push(id); next.push(0); }
  }
  const order = { elements, pathIds };
  memo.set(ORDER, order);
  return order;
}

/**
 * A let's temporary tree: one document read once and given to every evaluation (XSLT makes a new tree each time the
 * variable is evaluated; the two differ only in node identity across firings, which no rule can observe).
 */
function treeValue(xml: string): Evaluate {
  const doc = parseXml(xml);
  return () => [doc];
}

/**
 * Variables in which a let whose value raised an XPath error is bound to that error: as in the guarded stylesheet,
 * where lets are evaluated when read, the error reaches only the asserts that read the let (and lets built on it).
 */
class FailedLets extends Map<string, Sequence> {
  readonly failed = new Map<string, Error>();
  override get(name: string): Sequence | undefined {
    const error = this.failed.get(name);
    if (error) throw error;
    return super.get(name);
  }
  override set(name: string, value: Sequence): this {
    this.failed?.delete(name);
    return super.set(name, value);
  }
}

/**
 * A rule context's expression, compiled on first need, did not compile: the schema cannot run on pintae's evaluator
 * (NativeFirst then leaves it to Saxon-JS for good, as when the whole schema is compiled up front: compileAll).
 */
export class UncompiledContext extends Error {
  constructor(override readonly cause: unknown) { super((cause as Error)?.message ?? String(cause)); this.name = 'UncompiledContext'; }
}

/**
 * A global let read by a rule raised an XPath error. The guarded stylesheet's xsl:try does not catch the errors of
 * global variables: Saxon-JS fails the whole document, and so does the native runner (no fallback: same answer).
 */
export class GlobalLetError extends Error {
  constructor(name: string, override readonly cause: XPathError) { super(`global let $${name}: ${cause.message}`); this.name = 'GlobalLetError'; }
}

/**
 * A rule's let bound on the node (apart from fire: a closure there over its variables would make fire allocate their
 * context on every call, let or no let).
 */
function bindLet(l: { name: string; value: Evaluate }, node: XNode, vars: Map<string, Sequence>, globals: Map<string, Sequence>): Map<string, Sequence> {
  return bind(vars, l.name, () => l.value(node, vars), vars === globals);
}

/** Binds a let (a copy of `vars` when `copy`, so the caller's map is left as it was), an XPath error included. */
function bind(vars: Map<string, Sequence>, name: string, value: () => Sequence, copy: boolean, global = false): Map<string, Sequence> {
  let out = vars;
  try {
    const v = value();
    if (copy) out = vars instanceof FailedLets ? copyFailed(vars) : new Map(vars);
    out.set(name, v);
  } catch (e) {
    if (!(e instanceof XPathError)) throw e;
    out = vars instanceof FailedLets && !copy ? vars : copyFailed(vars);
    Map.prototype.delete.call(out, name);
    (out as FailedLets).failed.set(name, e.code === NOT_IMPLEMENTED ? declined(e) : global ? new GlobalLetError(name, e) : e);
  }
  return out;
}

/**
 * An error with the evaluator's code for "not implemented" (PTAE0001) is no XPath error of the rules: Saxon-JS may well
 * answer there, so the document goes to it (XPathUnsupported) instead of an assert failing with evaluation-error.
 */
function declined(e: XPathError): XPathError {
  if (e.code === NOT_IMPLEMENTED) throw new XPathUnsupported(e.message);
  return e;
}

function copyFailed(vars: Map<string, Sequence>): FailedLets {
  const out = new FailedLets();
  for (const [k, v] of Map.prototype.entries.call(vars) as IterableIterator<[string, Sequence]>) Map.prototype.set.call(out, k, v);
  if (vars instanceof FailedLets) for (const [k, e] of vars.failed) out.failed.set(k, e);
  return out;
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

/**
 * A schema's text straight to runnable native rules (what the build and the tests do; runs read a saved plan). The
 * planner is imported only here and only when called: a run that reads a saved plan never loads the schema reader.
 */
export async function compileNative(text: string, engine: XPathEngine, options: CompileOptions = {}): Promise<NativeRules> {
  const { planNative } = await import('./native-plan.js');
  return new NativeRules(engine, planNative(text, options));
}
