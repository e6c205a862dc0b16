/*
 * xsl:function declarations of XSLT 3.0 stylesheets as user functions of the evaluator: parameters and result with
 * their @as types (function conversion rules, as Saxon-JS applies them), a body of xsl:variable, xsl:sequence, xsl:if,
 * xsl:choose, xsl:for-each (without xsl:sort) and (for an atomic result) xsl:value-of instructions. Anything else in a function is XPathUnsupported
 * (the rule set then runs on Saxon-JS).
 *
 * The instructions are checked when the stylesheets are read; the XPath in them is read and compiled on the
 * function's first call (a one-invoice run calls few of a rule set's functions). A body that does not compile then
 * throws UncompiledFunction, never an XPath error; FunctionLibrary.compileAll compiles every body at once.
 */
import { tick, XPathLimit } from './budget.js';
import { UncompiledFunction, XPathError, XPathUnsupported, type Evaluate, type FunctionLibrary, type Sequence, type StaticContext, type XElement, type XNode } from './api.js';
import type { Expr } from './ast.js';
import { compileExpression, compileFunctionBody } from './evaluate.js';
import { FN, resolvePrefix, XS, type Scope, type UserFunction, type UserFunctions, type UserKey } from './scope.js';
import { rootOf } from './axes.js';
import { atomize, EMPTY, isConstant, isStringLike, markConstant, NOT_IMPLEMENTED, stringValue, type Atomic } from './atomic.js';
import { parse, parseSequenceType, splitQName } from './parse.js';
import { compileSequenceType } from './seqtype.js';
import { convert, type SequenceType } from './types.js';
import { notImplemented } from './values.js';
import { parseXml, XmlError } from './xml.js';
import { own } from './intern.js';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
/** User function calls in progress, and how many may nest. */
let depth = 0;
const MAX_DEPTH = 1000;
const ANY: SequenceType = { kind: 'items', item: { kind: 'item' }, occurrence: '*' };

interface Declaration {
  ns: string; local: string; display: string; params: Array<{ name: string; as: string | undefined }>; as: string | undefined;
  /** The body as one expression, its XPath read now (instructions already checked when the function was declared). */
  body: () => Expr;
}

class Library implements UserFunctions {
  readonly functions = new Map<string, UserFunction>();
  readonly keys = new Map<string, Key>();
  /** Each function's compilation (the compiler's error thrown as it is): what compileAll runs. */
  readonly compilers: Array<() => void> = [];
  get size(): number { return this.functions.size + this.keys.size; }
  compileAll(): void {
    for (const compile of this.compilers) compile();
  }
  lookup(ns: string, local: string, arity: number): UserFunction | undefined {
    return this.functions.get(`{${ns}}${local}#${arity}`);
  }
  key(ns: string, local: string): UserKey | undefined {
    return this.keys.get(`{${ns}}${local}`);
  }
}

/**
 * An xsl:key: the nodes its pattern matches (found as `//(pattern)` selects them), indexed per document by the string
 * of each atomized value of @use, on the first key() call for that document. Values other than strings (numbers,
 * dates: their equality depends on type) and any error while indexing are declined (PTAE0001), for Saxon-JS to answer.
 */
class Key implements UserKey {
  match: Evaluate | undefined;
  use: Evaluate | undefined;
  /** Each document's index is in its memo (XDocument.memo), keyed by this key: not in a WeakMap beside the tree. */
  constructor(readonly display: string) {}

  lookup(values: Sequence, context: XNode): Sequence {
    const root = rootOf(context);
    if (root.kind !== 9) throw notImplemented(`key('${this.display}') from a node outside a document`);
    const memo = (root.memo ??= new Map());
    let index = memo.get(this) as { byValue: Map<string, XNode[]>; all: XNode[] } | undefined;
    if (!index) memo.set(this, (index = this.build(root)));
    const wanted = atomize(values);
    if (wanted.some((v) => !isStringLike(v.type))) throw notImplemented(`key('${this.display}') of a value that is not a string`);
    if (wanted.length === 1) return index.byValue.get(wanted[0]!.value as string) ?? EMPTY;
    const hit = new Set<XNode>();
    for (const v of wanted) for (const n of index.byValue.get(v.value as string) ?? []) hit.add(n);
    return index.all.filter((n) => hit.has(n));
  }

  private build(root: XNode): { byValue: Map<string, XNode[]>; all: XNode[] } {
    const byValue = new Map<string, XNode[]>();
    const all: XNode[] = [];
    try {
      for (const node of this.match!(root, new Map()) as XNode[]) {
        all.push(node);
        for (const v of atomize(this.use!(node, new Map()))) {
          if (!isStringLike(v.type)) throw notImplemented(`xsl:key ${this.display}: a @use value that is not a string`);
          const list = byValue.get(v.value as string);
          if (!list) byValue.set(v.value as string, [node]);
          else if (list[list.length - 1] !== node) list.push(node);
        }
      }
    } catch (e) {
      if (e instanceof XPathError && e.code !== NOT_IMPLEMENTED) throw notImplemented(`xsl:key ${this.display}: ${e.message}`);
      throw e;
    }
    return { byValue, all };
  }
}

/** Every xmlns:prefix declaration of the text (one URI per prefix, or XPathUnsupported). */
function declaredNamespaces(text: string, base: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map(base);
  const declared = new Map<string, string>();
  for (const m of text.matchAll(/\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const uri = m[2] ?? m[3]!;
    if (declared.has(m[1]!) && declared.get(m[1]!) !== uri) throw new XPathUnsupported(`prefix ${m[1]} bound to two namespaces in one stylesheet`);
    declared.set(m[1]!, uri);
    out.set(m[1]!, uri);
  }
  return out;
}

const attr = (el: XElement, name: string): string | undefined => el.attrs.find((a) => a.ns === '' && a.local === name)?.value;

function xslChildren(el: XElement, what: string): XElement[] {
  const out: XElement[] = [];
  for (const c of el.children) {
    if (c.kind === 1) {
      if (c.ns !== XSL) throw new XPathUnsupported(`${what}: literal result elements`);
      out.push(c);
    } else if (c.kind === 3 && c.value.trim() !== '') throw new XPathUnsupported(`${what}: text content`);
  }
  return out;
}

/** Attributes that change how XPath in the element reads (element names, collation, 1.0 compatibility): left to Saxon-JS. */
const XPATH_SETTINGS = new Set(['xpath-default-namespace', 'default-collation', 'version']);
function checkStaticSettings(el: XElement, what: string, allowVersion = false): void {
  for (const a of el.attrs) {
    if (a.ns === '' && XPATH_SETTINGS.has(a.local) && !(allowVersion && a.local === 'version')) throw new XPathUnsupported(`${what} with @${a.local}`);
  }
}

/** Whether a sequence type text names atomic items only (what a text node in the result is atomized to). */
function atomicOnly(as: string | undefined): boolean {
  if (as === undefined) return false;
  try { const t = parseSequenceType(as); return t.k === 'items' && t.item.k === 'atomic'; } catch { return false; }
}

const EMPTY_SEQ: Expr = { k: 'seq', items: [] };
/** What reads a select or test attribute: the parser, or (checking the instructions alone) nothing. */
type Read = (xpath: string) => Expr;
const UNREAD: Read = () => EMPTY_SEQ;

/**
 * A sequence constructor of xsl:variable, xsl:sequence, xsl:value-of, xsl:if and xsl:choose as one expression: each
 * variable a let over the instructions after it, results concatenated, xsl:if and xsl:choose as if-then-else.
 * xsl:value-of makes a text node; it is taken only where the function's result type is atomic, so the node would be
 * atomized at once: it is then the xs:untypedAtomic of its string (items joined by @separator, default a space).
 */
function sequenceConstructor(children: XElement[], display: string, atomicResult: () => boolean, scope: Scope, parse: Read): Expr {
  let body: Expr = EMPTY_SEQ;
  const then = (value: Expr, rest: Expr): Expr => (rest.k === 'seq' && rest.items.length === 0 ? value : { k: 'seq', items: [value, rest] });
  for (let i = children.length - 1; i >= 0; i--) {
    const c = children[i]!;
    const what = `xsl:function ${display}: xsl:${c.local}`;
    if (c.attrs.some((a) => a.ns === '' && a.local === 'use-when')) throw new XPathUnsupported(`${what} with @use-when`);
    const select = attr(c, 'select');
    const empty = c.children.every((x) => x.kind !== 1 && x.kind !== 3);
    if (c.local === 'variable' && select !== undefined && empty) {
      if (attr(c, 'as') !== undefined) throw new XPathUnsupported(`${what} with @as`);
      body = { k: 'let', name: splitQName(attr(c, 'name') ?? ''), value: parse(select), body };
    } else if (c.local === 'sequence' && select !== undefined && empty) {
      body = then(parse(select), body);
    } else if (c.local === 'value-of' && select !== undefined && empty && atomicResult()) {
      const separator = attr(c, 'separator') ?? ' ';
      if (/[{}]/.test(separator)) throw new XPathUnsupported(`${what} with a computed separator`);
      if (resolvePrefix('xs', scope) !== XS) throw new XPathUnsupported(`${what} where xs is not XML Schema`);
      const joined = parse(`string-join(data((${select})) ! string(.), '${separator.replace(/'/g, "''")}')`);
      body = then({ k: 'cast', operand: joined, type: { prefix: 'xs', local: 'untypedAtomic' }, optional: false }, body);
    } else if (c.local === 'for-each' && select !== undefined) {
      // The simple map operator is xsl:for-each without xsl:sort: its body runs once per item, in order, with that
      // item as the context item and position() and last() counted in the selected sequence.
      const inner = xslChildren(c, what);
      if (inner.some((x) => x.local === 'sort')) throw new XPathUnsupported(`${what} with xsl:sort`);
      body = then({ k: 'binary', op: '!', left: parse(select), right: sequenceConstructor(inner, display, atomicResult, scope, parse) }, body);
    } else if (c.local === 'if' && attr(c, 'test') !== undefined) {
      body = then({ k: 'if', cond: parse(attr(c, 'test')!), then: sequenceConstructor(xslChildren(c, what), display, atomicResult, scope, parse), else: EMPTY_SEQ }, body);
    } else if (c.local === 'choose') {
      const branches = xslChildren(c, what);
      let chosen: Expr = EMPTY_SEQ;
      for (let j = branches.length - 1; j >= 0; j--) {
        const b = branches[j]!;
        if (b.local === 'otherwise' && j === branches.length - 1) chosen = sequenceConstructor(xslChildren(b, what), display, atomicResult, scope, parse);
        else if (b.local === 'when' && attr(b, 'test') !== undefined) chosen = { k: 'if', cond: parse(attr(b, 'test')!), then: sequenceConstructor(xslChildren(b, what), display, atomicResult, scope, parse), else: chosen };
        else throw new XPathUnsupported(`${what}: xsl:${b.local} here`);
      }
      if (!branches.some((b) => b.local === 'when')) throw new XPathUnsupported(`${what} without xsl:when`);
      body = then(chosen, body);
    } else {
      throw new XPathUnsupported(`${what} here`);
    }
  }
  return body;
}

function declaration(fn: XElement, scope: Scope, read: Read): Declaration {
  const display = attr(fn, 'name') ?? '';
  checkStaticSettings(fn, `xsl:function ${display}`);
  const name = splitQName(display);
  if (name.prefix === '') throw new XPathUnsupported(`xsl:function ${display}: no prefix`);
  const ns = resolvePrefix(name.prefix, scope);
  if (ns === FN || ns === XS || ns === XSL) throw new XPathUnsupported(`xsl:function ${display}: reserved namespace`);
  const params: Declaration['params'] = [];
  const children = xslChildren(fn, `xsl:function ${display}`);
  let i = 0;
  for (; i < children.length && children[i]!.local === 'param'; i++) {
    const c = children[i]!;
    if (attr(c, 'select') !== undefined || c.children.length > 0) throw new XPathUnsupported(`xsl:function ${display}: a parameter with a default`);
    params.push({ name: attr(c, 'name')!, as: attr(c, 'as') });
  }
  const instructions = children.slice(i);
  let atomic: boolean | undefined;
  const atomicResult = () => (atomic ??= atomicOnly(attr(fn, 'as')));
  // The instructions checked now (what is XPathUnsupported is found with the stylesheet, as always); their XPath read
  // on the first call.
  sequenceConstructor(instructions, display, atomicResult, scope, UNREAD);
  return { ns, local: name.local, display, params, as: attr(fn, 'as'), body: () => sequenceConstructor(instructions, display, atomicResult, scope, read) };
}

function userFunction(decl: Declaration, sc: StaticContext, scope: Scope): UserFunction {
  const types = decl.params.map((p) => (p.as === undefined ? ANY : compileSequenceType(parseSequenceType(p.as), scope)));
  const result = decl.as === undefined ? ANY : compileSequenceType(parseSequenceType(decl.as), scope);
  const body = compileFunctionBody(decl.body(), sc, decl.params.map((p) => p.name));
  const what = decl.params.map((p) => `parameter $${p.name} of ${decl.display}()`);
  const resultWhat = `result of ${decl.display}()`;
  // A function of no parameter has no focus and sees no variable: no node and no document's text can reach its value,
  // which is the same on every call (a code list's string: `pf:cl-iso4217()`). Its first value is kept, whatever its
  // length (the Memo below keeps no long string, which might be a slice of a document), its atomic values marked
  // constant (isConstant: a Memo keeps them as they are). Errors are not kept (each call raises its own).
  const constant = decl.params.length === 0;
  let value0: Sequence | undefined;
  const memo = !constant && types.every(atMostOneAtomic) ? new Memo() : undefined;
  const asString = types.map((t) => t.kind === 'items' && t.item.kind === 'atomic' && t.item.type === 'string');
  return {
    call(args: Sequence[]): Sequence {
      if (value0 !== undefined) return value0;
      // Kept results looked up before converting the arguments, where the conversion's result is known without making
      // it (a node or string-like value passed as xs:string is that string): no atomic value made per call.
      if (memo) {
        const known = memo.getUnconverted(args, asString);
        if (known !== undefined) return known;
      }
      const converted = args.length === 0 ? args : args.map((a, i) => (types[i] === ANY ? a : convert(a, types[i]!, what[i]!)));
      if (memo) {
        const known = memo.get(converted);
        if (known !== undefined) return known;
      }
      // Recursion deep enough to exhaust the JavaScript stack is stopped before it does: an error the caller can fall back on.
      if (depth >= MAX_DEPTH) throw notImplemented(`${decl.display}(): calls nested more than ${MAX_DEPTH} deep`);
      let value: Sequence;
      depth++;
      tick();
      try { value = body(converted); } finally { depth--; }
      const out = result === ANY ? value : convert(value, result, resultWhat);
      if (constant) {
        for (let i = 0; i < out.length; i++) if ((out[i] as Atomic).atomic === true) markConstant(out[i] as Atomic);
        value0 = out;
      }
      memo?.set(converted, out);
      return out;
    },
  };
}

/** A parameter type that lets in at most one atomic value (xs:string, xs:string?, …): no node reaches the body. */
const atMostOneAtomic = (t: SequenceType): boolean => t.kind === 'items' && t.item.kind === 'atomic' && (t.occurrence === '' || t.occurrence === '?');

/**
 * An argument's value as a key kept for the process: a string read from a document is a slice of it (intern.ts, own),
 * so a copy; a constant's (a literal, a function of no parameter: atomic.ts isConstant) as it is, so that the same
 * value looked up again is found by identity instead of compared character by character.
 */
const kept = (arg: Sequence): unknown => {
  const value = Memo.valueOf(arg);
  return typeof value === 'string' && !isConstant(arg[0] as Atomic) ? own(value) : value;
};

/** Most results a function keeps (a code-list check sees a few distinct codes per document; a generated corpus more). */
const MEMO_SIZE = 10_000;

/**
 * The results of a user function whose parameters each take at most one atomic value, by its converted arguments: its
 * body has no focus and sees no variable but its parameters, so it reaches no node and gives the same value for the
 * same arguments (a code-list check, `pf:cl-in(@currencyID, pf:cl-iso4217())`, is called for every amount of an
 * invoice). Kept for string-like and boolean arguments (and none): their value is all a body can see of them, with the
 * type. Errors are not kept (each call raises its own).
 */
class Memo {
  private readonly root = new Map<string, unknown>();
  private size = 0;

  /** The type of an argument as its key, or undefined when it is not kept (a number, a date …); its value is keyOf's. */
  private static typeOf(arg: Sequence): string | undefined {
    if (arg.length === 0) return '()';
    const a = arg[0] as Atomic;
    if (arg.length > 1 || a.atomic !== true) return undefined;
    return isStringLike(a.type) || a.type === 'boolean' ? a.type : undefined;
  }
  static valueOf(arg: Sequence): unknown {
    return arg.length === 0 ? '' : (arg[0] as Atomic).value;
  }

  /** The map where the last argument's value is looked up (type → value → … → result), made on the way when `make`. */
  private leaf(args: Sequence[], make: boolean): Map<unknown, unknown> | undefined {
    let level: Map<unknown, unknown> = this.root;
    for (let i = 0; i < args.length; i++) {
      const type = Memo.typeOf(args[i]!);
      if (type === undefined) return undefined;
      let byValue = level.get(type) as Map<unknown, unknown> | undefined;
      if (!byValue) { if (!make) return undefined; level.set(type, (byValue = new Map())); }
      if (i === args.length - 1) return byValue;
      const value = Memo.valueOf(args[i]!);
      let next = byValue.get(value) as Map<unknown, unknown> | undefined;
      if (!next) { if (!make) return undefined; byValue.set(kept(args[i]!), (next = new Map())); }
      level = next;
    }
    return level;
  }

  /**
   * The result kept for arguments before their conversion, where each is empty or one node or string-like value for an
   * xs:string parameter: convert gives such a value as the xs:string of its string (a node's string value), so its key
   * is known without converting. Undefined for other arguments (then get, after converting) or when none is kept.
   * Only successful calls are kept: a hit is a conversion that succeeds.
   */
  getUnconverted(args: Sequence[], asString: boolean[]): Sequence | undefined {
    if (args.length === 0) return this.root.get('') as Sequence | undefined;
    let level: Map<unknown, unknown> = this.root;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      let type: string, value: unknown;
      if (arg.length === 0) { type = '()'; value = ''; } else {
        if (arg.length > 1 || !asString[i]) return undefined;
        const it = arg[0]!;
        if ((it as Atomic).atomic === true) {
          if (!isStringLike((it as Atomic).type)) return undefined;
          value = (it as Atomic).value;
        } else value = stringValue(it as XNode);
        type = 'string';
      }
      const byValue = level.get(type) as Map<unknown, unknown> | undefined;
      if (!byValue) return undefined;
      if (i === args.length - 1) return byValue.get(value) as Sequence | undefined;
      const next = byValue.get(value) as Map<unknown, unknown> | undefined;
      if (!next) return undefined;
      level = next;
    }
    return undefined;
  }

  get(args: Sequence[]): Sequence | undefined {
    if (args.length === 0) return this.root.get('') as Sequence | undefined;
    return this.leaf(args, false)?.get(Memo.valueOf(args[args.length - 1]!)) as Sequence | undefined;
  }

  set(args: Sequence[], value: Sequence): void {
    if (this.size >= MEMO_SIZE) return;
    // A result holding a long string may be a slice of the document its argument came from: not kept for the process.
    if (value.some((i) => (i as Atomic).atomic === true && typeof (i as Atomic).value === 'string' && ((i as Atomic).value as string).length >= 13)) return;
    if (args.length === 0) { this.root.set('', value); this.size++; return; }
    const leaf = this.leaf(args, true);
    if (!leaf) return;
    leaf.set(kept(args[args.length - 1]!), value);
    this.size++;
  }
}

/**
 * A function whose body is read and compiled on its first call (most of a rule set's functions are never called on a
 * given document). What does not compile then is UncompiledFunction (the set is not the evaluator's; no XPath error
 * an assert or a rule context could take as the document's), and so again on every later call; a limit reached while
 * compiling stays the limit. compileAll (the library's) compiles it at once and throws the compiler's own error.
 */
function lazyFunction(decl: Declaration, sc: StaticContext, scope: Scope, library: Library): UserFunction {
  let failure: unknown;
  let compiling = false;
  const compile = (): void => {
    if (failure !== undefined) throw failure;
    if (fn.call !== firstCall) return;
    if (compiling) throw new XPathUnsupported(`${decl.display} called while compiling`);
    compiling = true;
    try { fn.call = userFunction(decl, sc, scope).call; } catch (e) { failure = e; throw e; } finally { compiling = false; }
  };
  const firstCall = (args: Sequence[]): Sequence => {
    try { compile(); } catch (e) {
      if (e instanceof XPathLimit) throw e;
      throw new UncompiledFunction(e);
    }
    return fn.call(args);
  };
  const fn: UserFunction = { call: firstCall };
  library.compilers.push(compile);
  return fn;
}

/** The stylesheet's root element; text our XML reader refuses is left to Saxon-JS, which reports it in its own words. */
function readStylesheet(text: string): XElement | undefined {
  try {
    return parseXml(text).children.find((c): c is XElement => c.kind === 1);
  } catch (e) {
    if (e instanceof XmlError) throw new XPathUnsupported(`defineFunctions: ${e.message}`);
    throw e;
  }
}

/**
 * The xsl:function elements of the stylesheets, each compiled on its first call (XPathUnsupported / XPathError as the
 * engine's compile, through compileAll; UncompiledFunction from a call). `onRead` is told every XPath text of a body
 * as it is read (the build records them); `trees` holds trees the parser made beforehand, by text (engineWithParsed).
 */
export function defineFunctions(stylesheets: string[], namespaces: ReadonlyMap<string, string>, onRead?: (xpath: string) => void, trees?: ReadonlyMap<string, unknown>): FunctionLibrary {
  const read: Read = (xpath) => { onRead?.(xpath); return (trees?.get(xpath) as Expr | undefined) ?? parse(xpath); };
  const library = new Library();
  const pending: Array<{ decl: Declaration; sc: StaticContext; scope: Scope }> = [];
  const pendingKeys: Array<{ key: Key; match: string; use: string; sc: StaticContext }> = [];
  for (const text of stylesheets) {
    const root = readStylesheet(text);
    if (!root || root.ns !== XSL || (root.local !== 'stylesheet' && root.local !== 'transform')) {
      throw new XPathUnsupported('defineFunctions: not an XSLT stylesheet');
    }
    checkStaticSettings(root, 'xsl:stylesheet', true);
    const version = Number(attr(root, 'version'));
    // Below 2.0 XPath runs in its 1.0 compatibility mode, which pintae does not implement.
    if (!(version >= 2)) throw new XPathUnsupported(`an XSLT stylesheet of version ${attr(root, 'version') ?? '(none)'}`);
    const sc: StaticContext = { namespaces: declaredNamespaces(text, namespaces), variables: new Set(), functions: library };
    const scope: Scope = { sc, locals: new Map(), frame: { size: 0 } };
    for (const c of root.children) {
      if (c.kind === 1 && c.ns === XSL && c.local === 'function') {
        const decl = declaration(c, scope, read);
        const key = `{${decl.ns}}${decl.local}#${decl.params.length}`;
        if (library.functions.has(key) || pending.some((p) => `{${p.decl.ns}}${p.decl.local}#${p.decl.params.length}` === key)) {
          throw new XPathUnsupported(`xsl:function ${decl.display} declared twice`);
        }
        pending.push({ decl, sc, scope });
      } else if (c.kind === 1 && c.ns === XSL && c.local === 'key') {
        const display = attr(c, 'name') ?? '';
        const match = attr(c, 'match'); const use = attr(c, 'use');
        if (match === undefined || use === undefined || c.children.some((x) => x.kind === 1 || (x.kind === 3 && x.value.trim() !== ''))) throw new XPathUnsupported(`xsl:key ${display} without @match and @use`);
        if (c.attrs.some((a) => a.ns === '' && !['name', 'match', 'use'].includes(a.local))) throw new XPathUnsupported(`xsl:key ${display} with other attributes`);
        const qn = splitQName(display);
        const ns = qn.prefix === '' ? '' : resolvePrefix(qn.prefix, scope);
        const id = `{${ns}}${qn.local}`;
        // Several declarations of one key name make one key (XSLT 3.0 20.2.1): left to Saxon-JS.
        if (library.keys.has(id)) throw new XPathUnsupported(`xsl:key ${display} declared twice`);
        const key = new Key(display);
        library.keys.set(id, key);
        pendingKeys.push({ key, match, use, sc });
      }
    }
  }
  // Every function is known before any body compiles: bodies call each other.
  // A call site keeps the function object it found at compile time: its call compiles the body on the first call
  // (or compileAll does), then is the compiled function's.
  for (const { decl, sc, scope } of pending) {
    const fn = lazyFunction(decl, sc, scope, library);
    library.functions.set(`{${decl.ns}}${decl.local}#${decl.params.length}`, fn);
  }
  for (const { key, match, use, sc } of pendingKeys) {
    if (/current\s*\(|\bkey\s*\(/.test(match + use)) throw new XPathUnsupported(`xsl:key ${key.display}: current() or key() in its pattern or @use`);
    key.match = compileExpression(parse(`//(${match})`), sc);
    key.use = compileExpression(parse(use), sc);
  }
  return library;
}
