/*
 * The function calls an XPath expression makes, found by reading its tokens rather than by parsing it: the static
 * check must see every call in any expression a rule set may hold, also in the XPath 3.1 that pintae's evaluator does
 * not compile (maps, arrays, arrows, inline functions). A call is a name (QName or Q{uri}local) followed by "(" or by
 * "#" and an arity (a function reference), except the words the grammar reserves there (if, node, element, …) and
 * an operator keyword standing after an operand (`… return (…)`). What the scan cannot read (an unclosed string or
 * comment) is reported, and the rule set is refused for it.
 */

export interface CallSite {
  /** The prefix as written ('' for none); undefined for a Q{uri}local name, whose `uri` is given. */
  prefix?: string;
  uri?: string;
  local: string;
  /** Offset of the name in the expression. */
  offset: number;
  /** `name#arity`: a reference to the function rather than a call. */
  reference: boolean;
}

/** Names that are never a function call when unprefixed: XPath's reserved function names and its type and kind tests. */
const RESERVED = new Set(['attribute', 'comment', 'document-node', 'element', 'empty-sequence', 'function', 'if', 'item',
  'map', 'array', 'namespace-node', 'node', 'processing-instruction', 'schema-attribute', 'schema-element', 'switch', 'text',
  'typeswitch']);
/** Operator keywords: after an operand, a name is one of these (`$a and (…)`, `… return (…)`). */
const OPERATORS = new Set(['and', 'or', 'div', 'idiv', 'mod', 'union', 'intersect', 'except', 'return', 'then', 'else', 'in',
  'satisfies', 'to', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'is', 'instance', 'of', 'cast', 'castable', 'treat', 'as', 'otherwise']);

const NAME_START = /[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const NAME_CHAR = /[-.0-9A-Za-z_\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;

export class ScanError extends Error {}

/** Skips white space and (nested) comments from i. */
function skip(s: string, i: number): number {
  for (;;) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (!s.startsWith('(:', i)) return i;
    let depth = 1;
    const start = i;
    i += 2;
    while (depth > 0) {
      if (i >= s.length) throw new ScanError(`a comment opened at offset ${start} is not closed`);
      if (s.startsWith('(:', i)) { depth++; i += 2; } else if (s.startsWith(':)', i)) { depth--; i += 2; } else i++;
    }
  }
}

/** The end of the string literal whose quote is at i. */
export function stringEnd(s: string, i: number): number {
  const q = s[i]!;
  let j = i + 1;
  for (;;) {
    const k = s.indexOf(q, j);
    if (k < 0) throw new ScanError(`a string opened at offset ${i} is not closed`);
    if (s[k + 1] === q) { j = k + 2; continue; }
    return k + 1;
  }
}

function ncName(s: string, i: number): number {
  if (i >= s.length || !NAME_START.test(s[i]!)) return i;
  i++;
  while (i < s.length && NAME_CHAR.test(s[i]!)) i++;
  return i;
}

/** Every function call and function reference in `expr`. Throws ScanError where the text cannot be read. */
export function callsIn(expr: string): CallSite[] {
  const out: CallSite[] = [];
  let i = skip(expr, 0);
  let afterOperand = false;
  while (i < expr.length) {
    const c = expr[i]!;
    if (c === '"' || c === "'") { i = skip(expr, stringEnd(expr, i)); afterOperand = true; continue; }
    if (c === '$') {
      // A variable reference: its name is never a call (though `$f(…)` calls what $f holds: see the callers).
      const end = ncName(expr, i + 1);
      i = expr[end] === ':' && NAME_START.test(expr[end + 1] ?? '') ? ncName(expr, end + 1) : end;
      i = skip(expr, i); afterOperand = true; continue;
    }
    let site: Omit<CallSite, 'reference' | 'offset'> | undefined;
    const start = i;
    if (c === 'Q' && expr[i + 1] === '{') {
      const close = expr.indexOf('}', i + 2);
      if (close < 0) throw new ScanError(`a Q{ name opened at offset ${i} is not closed`);
      const end = ncName(expr, close + 1);
      site = { uri: expr.slice(i + 2, close).trim(), local: expr.slice(close + 1, end) };
      i = end;
    } else if (NAME_START.test(c)) {
      let end = ncName(expr, i);
      let prefix = '';
      let local = expr.slice(i, end);
      if (expr[end] === ':' && NAME_START.test(expr[end + 1] ?? '')) {
        prefix = local;
        const localEnd = ncName(expr, end + 1);
        local = expr.slice(end + 1, localEnd);
        end = localEnd;
      }
      site = { prefix, local };
      i = end;
    }
    if (site) {
      const next = skip(expr, i);
      const keyword = site.prefix === '' && (RESERVED.has(site.local) || (afterOperand && OPERATORS.has(site.local)));
      if (!keyword && expr[next] === '(') out.push({ ...site, offset: start, reference: false });
      else if (!keyword && expr[next] === '#' && /\d/.test(expr[skip(expr, next + 1)] ?? '')) out.push({ ...site, offset: start, reference: true });
      // An operator keyword leaves the next name in operand position; anything else just read is an operand.
      afterOperand = !(site.prefix === '' && afterOperand && OPERATORS.has(site.local)) && expr[next] !== '(';
      i = next;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(expr[i + 1] ?? ''))) {
      while (i < expr.length && /[0-9.eE]/.test(expr[i]!)) i++;
      i = skip(expr, i); afterOperand = true; continue;
    }
    afterOperand = c === ')' || c === ']' || c === '}' || c === '.' || c === '*' || c === '?';
    i = skip(expr, i + 1);
  }
  return out;
}

/**
 * The expressions of an attribute value template (or of a text value template): the text between unescaped braces,
 * braces inside string literals and nested braces (maps, inline functions) kept in their expression.
 */
export function templateExpressions(value: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < value.length) {
    const c = value[i]!;
    if (c === '{' && value[i + 1] === '{') { i += 2; continue; }
    if (c === '}' && value[i + 1] === '}') { i += 2; continue; }
    if (c !== '{') { i++; continue; }
    let depth = 1;
    let j = i + 1;
    while (j < value.length && depth > 0) {
      const d = value[j]!;
      if (d === '"' || d === "'") { j = stringEnd(value, j); continue; }
      if (d === '(' && value[j + 1] === ':') { j = skip(value, j); continue; }
      if (d === '{') depth++;
      else if (d === '}') depth--;
      j++;
    }
    if (depth > 0) throw new ScanError(`a { opened at offset ${i} is not closed`);
    out.push(value.slice(i + 1, j - 1));
    i = j;
  }
  return out;
}
