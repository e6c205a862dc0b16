/*
 * pintae's XPath engine (api.ts's XPathEngine): compile once to closures, evaluate many times. This file, api.ts (types
 * and errors), xml.ts (the XML reader, loadable without the evaluator) and location.ts are the module's only entry
 * points for the rest of pintae (README.md; test/unit/xpath/boundary.test.ts holds both directions).
 */
import { XPathUnsupported, type XPathEngine } from './api.js';
import { compileExpression, compileTestExpression } from './evaluate.js';
import { parse } from './parse.js';
import { ebv, valueOf } from './values.js';
import { defineFunctions } from './xsl-functions.js';

export const engine: XPathEngine = {
  compile(expr, context) {
    try {
      return compileExpression(parse(expr), context);
    } catch (e) {
      // An expression nested deeper than the parser's recursion can go: Saxon-JS's to judge.
      if (e instanceof RangeError) throw new XPathUnsupported('expression nested too deeply');
      throw e;
    }
  },
  compileTest(expr, context) {
    try {
      return compileTestExpression(parse(expr), context);
    } catch (e) {
      if (e instanceof RangeError) throw new XPathUnsupported('expression nested too deeply');
      throw e;
    }
  },
  defineFunctions,
  ebv,
  valueOf,
};

export * from './api.js';
/** Atomic values and the effective boolean value, for callers that look at what an expression returned. */
export { Atomic, isNumeric } from './atomic.js';
export { ebv, valueOf } from './values.js';
/** Predicates decided by an element's name alone (the native runner decides them once per name path). */
export { nameOnly } from './name-only.js';
/** Limits on one evaluation (CPU time, memory): the rules of anyone run within them. */
export { XPathLimit, withinLimits, type Limits } from './budget.js';
