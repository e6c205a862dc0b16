/*
 * pintae's XPath engine (api.ts's XPathEngine): compile once to closures, evaluate many times. This file, api.ts (types
 * and errors), xml.ts (the XML reader, loadable without the evaluator) and location.ts are the module's only entry
 * points for the rest of pintae (README.md; test/unit/xpath/boundary.test.ts holds both directions).
 */
import { XPathUnsupported, type XPathEngine } from './api.js';
import type { Expr } from './ast.js';
import { compileExpression, compileTestExpression } from './evaluate.js';
import { parse } from './parse.js';
import { ebv, valueOf } from './values.js';
import { defineFunctions } from './xsl-functions.js';

/** Compiles an expression (its tree given, or parsed from the text), an expression too deep for the parser or the compiler left to Saxon-JS. */
function compiled<T>(expr: string, tree: Expr | undefined, compile: (e: Expr) => T): T {
  try {
    return compile(tree ?? parse(expr));
  } catch (e) {
    // An expression nested deeper than the parser's recursion can go: Saxon-JS's to judge.
    if (e instanceof RangeError) throw new XPathUnsupported('expression nested too deeply');
    throw e;
  }
}

export const engine: XPathEngine = {
  compile: (expr, context) => compiled(expr, undefined, (e) => compileExpression(e, context)),
  compileTest: (expr, context) => compiled(expr, undefined, (e) => compileTestExpression(e, context)),
  defineFunctions: (stylesheets, namespaces, onRead) => defineFunctions(stylesheets, namespaces, onRead),
  ebv,
  valueOf,
};

/**
 * The engine with expressions read beforehand: `parsed` maps an expression's text to the tree the parser makes of it.
 * The build writes such a map beside each built-in rule set (its ~430 expressions take a one-shot CLI process some
 * 20 ms to parse while the parser's code is still cold; reading their trees as JSON takes a few). Only for maps
 * pintae's own build wrote: a text not in the map is parsed as usual.
 */
export function engineWithParsed(parsed: ReadonlyMap<string, unknown>): XPathEngine {
  return {
    ...engine,
    compile: (expr, context) => compiled(expr, parsed.get(expr) as Expr | undefined, (e) => compileExpression(e, context)),
    compileTest: (expr, context) => compiled(expr, parsed.get(expr) as Expr | undefined, (e) => compileTestExpression(e, context)),
    defineFunctions: (stylesheets, namespaces, onRead) => defineFunctions(stylesheets, namespaces, onRead, parsed),
  };
}

/** The trees the parser makes of these expressions, as the build writes them for engineWithParsed (JSON). */
export function parsedTrees(exprs: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const expr of exprs) out[expr] = parse(expr);
  return out;
}

export * from './api.js';
/** Atomic values and the effective boolean value, for callers that look at what an expression returned. */
export { Atomic, isNumeric } from './atomic.js';
export { ebv, valueOf } from './values.js';
/** Predicates decided by an element's name alone (the native runner decides them once per name path). */
export { nameOnly } from './name-only.js';
/** Limits on one evaluation (CPU time, memory): the rules of anyone run within them. */
export { XPathLimit, withinLimits, type Limits } from './budget.js';
