/*
 * Expressions whose value on a node depends on nothing but that node's name: the native Schematron runner decides a
 * rule context's predicate such as `[ends-with(name(), 'BinaryObject')]` once per name path instead of once per element.
 */
import type { Expr } from './ast.js';
import { parse } from './parse.js';

/** The functions of the node's name (fn:, no argument: the context node's). */
const NAME_FNS = new Set(['name', 'local-name', 'namespace-uri']);
/** Functions of strings that cannot fail on strings, by arity; each gives a string or a boolean. */
const STRING_FNS = new Map<string, number[]>([
  ['not', [1]], ['boolean', [1]], ['true', [0]], ['false', [0]], ['ends-with', [2]], ['starts-with', [2]], ['contains', [2]],
  ['upper-case', [1]], ['lower-case', [1]], ['normalize-space', [1]], ['concat', [2, 3, 4, 5, 6, 7, 8]],
]);
/** What gives an xs:boolean (never a number, so a predicate of it never selects by position). */
const BOOLEAN_OPS = new Set(['and', 'or', '=', '!=', 'eq', 'ne']);
const BOOLEAN_FNS = new Set(['not', 'boolean', 'true', 'false', 'ends-with', 'starts-with', 'contains']);

/** A string, a boolean or one string of the node's name: every part computed from the name and literals alone. */
function ofName(e: Expr): boolean {
  switch (e.k) {
    case 'literal': return e.type === 'string';
    case 'seq': return e.items.length === 1 && ofName(e.items[0]!);
    case 'binary': return BOOLEAN_OPS.has(e.op) && ofName(e.left) && ofName(e.right);
    case 'call':
      if (e.name.prefix !== '') return false;
      if (e.args.length === 0 && NAME_FNS.has(e.name.local)) return true;
      return (STRING_FNS.get(e.name.local)?.includes(e.args.length) ?? false) && e.args.every(ofName);
    default: return false;
  }
}

/**
 * Whether the expression, evaluated with an element as the context item, gives an xs:boolean that depends only on
 * that element's namespace, local name and prefix: for any two elements named alike the same value, or the same error
 * (`ends-with(name(), 'x') = 'y'` compares a boolean with a string). Made of string literals, name(), local-name() and
 * namespace-uri() without argument, string functions, `and`, `or` and (in)equality, with no variable, path or focus
 * other than the name; anything else, or text that does not parse, is false.
 */
export function nameOnly(expr: string): boolean {
  let e: Expr;
  try { e = parse(expr); } catch { return false; }
  while (e.k === 'seq' && e.items.length === 1) e = e.items[0]!;
  const boolean = (e.k === 'binary' && BOOLEAN_OPS.has(e.op)) || (e.k === 'call' && e.name.prefix === '' && BOOLEAN_FNS.has(e.name.local));
  return boolean && ofName(e);
}
