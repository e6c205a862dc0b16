/* pintae's XPath engine (api.ts's XPathEngine): compile once to closures, evaluate many times. */
import type { XPathEngine } from './api.js';
import { compileExpression } from './evaluate.js';
import { parse } from './parse.js';
import { ebv, valueOf } from './values.js';
import { defineFunctions } from './xsl-functions.js';

export const engine: XPathEngine = {
  compile: (expr, context) => compileExpression(parse(expr), context),
  defineFunctions,
  ebv,
  valueOf,
};
