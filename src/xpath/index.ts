/* pintae's XPath engine (api.ts's XPathEngine): compile once to closures, evaluate many times. */
import { XPathUnsupported, type XPathEngine } from './api.js';
import { compileExpression } from './evaluate.js';
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
  defineFunctions,
  ebv,
  valueOf,
};
