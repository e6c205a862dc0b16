/*
 * The XPath 3.1 tokenizer. Keywords (div, and, if, …) are plain names here: whether a name is an operator depends on
 * where it stands, which the parser knows. Comments (: … :) nest and are skipped.
 */
import { XPathError } from './api.js';

export type Token =
  | { t: 'name'; v: string; pos: number } // NCName or QName (prefix:local), also prefix:* and *:local
  | { t: 'str'; v: string; pos: number }
  | { t: 'num'; v: string; kind: 'integer' | 'decimal' | 'double'; pos: number }
  | { t: 'var'; v: string; pos: number } // $name (the name as written, prefix included)
  | { t: 'sym'; v: string; pos: number }
  | { t: 'eof'; v: ''; pos: number };

const NAME_START = /[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const NAME_CHAR = /[-.0-9A-Za-z_\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const SYMBOLS = ['!=', '<=', '>=', '<<', '>>', '//', '::', ':=', '..', '||', '=>', '(', ')', '[', ']', '{', '}', ',', '@',
  '/', '|', '+', '-', '*', '=', '<', '>', '!', '.', '?', ':', '#'];

function syntaxError(expr: string, pos: number, what: string): XPathError {
  return new XPathError('XPST0003', `${what} at offset ${pos} in ${JSON.stringify(expr)}`);
}

export { syntaxError };

function skipSpaceAndComments(s: string, i: number): number {
  for (;;) {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
    if (s.startsWith('(:', i)) {
      let depth = 1;
      const start = i;
      i += 2;
      while (depth > 0) {
        if (i >= s.length) throw syntaxError(s, start, 'unclosed comment');
        if (s.startsWith('(:', i)) { depth++; i += 2; } else if (s.startsWith(':)', i)) { depth--; i += 2; } else i++;
      }
      continue;
    }
    return i;
  }
}

function readNCName(s: string, i: number): number {
  if (i >= s.length || !NAME_START.test(s[i]!)) return i;
  i++;
  while (i < s.length && NAME_CHAR.test(s[i]!)) i++;
  return i;
}

export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = skipSpaceAndComments(s, 0);
  while (i < s.length) {
    const c = s[i]!;
    const pos = i;
    if (c === '"' || c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= s.length) throw syntaxError(s, pos, 'unclosed string literal');
        if (s[i] === c) {
          if (s[i + 1] === c) { v += c; i += 2; continue; }
          i++;
          break;
        }
        v += s[i++];
      }
      out.push({ t: 'str', v, pos });
    } else if ((c >= '0' && c <= '9') || (c === '.' && s[i + 1]! >= '0' && s[i + 1]! <= '9')) {
      const m = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(s.slice(i))!;
      const text = m[0];
      i += text.length;
      if (i < s.length && NAME_CHAR.test(s[i]!) && s[i] !== '.' && s[i] !== '-') throw syntaxError(s, i, 'name character right after a number');
      const kind = /[eE]/.test(text) ? 'double' : text.includes('.') ? 'decimal' : 'integer';
      out.push({ t: 'num', v: text, kind, pos });
    } else if (c === '$') {
      const j = readQName(s, skipSpaceAndComments(s, i + 1));
      if (j.end === j.start) throw syntaxError(s, pos, 'a variable name must follow $');
      out.push({ t: 'var', v: s.slice(j.start, j.end), pos });
      i = j.end;
    } else if (NAME_START.test(c)) {
      const j = readQName(s, i);
      let end = j.end;
      // prefix:* wildcard
      if (!s.slice(i, end).includes(':') && s[end] === ':' && s[end + 1] === '*') end += 2;
      out.push({ t: 'name', v: s.slice(i, end), pos });
      i = end;
    } else if (c === '*' && s[i + 1] === ':' && NAME_START.test(s[i + 2] ?? '')) {
      const end = readNCName(s, i + 2);
      out.push({ t: 'name', v: s.slice(i, end), pos });
      i = end;
    } else {
      const sym = SYMBOLS.find((x) => s.startsWith(x, i));
      if (!sym) throw syntaxError(s, pos, `unexpected character ${JSON.stringify(c)}`);
      out.push({ t: 'sym', v: sym, pos });
      i += sym.length;
    }
    i = skipSpaceAndComments(s, i);
  }
  out.push({ t: 'eof', v: '', pos: s.length });
  return out;
}

/** An NCName or prefix:local QName starting at i (no spaces around the colon). */
function readQName(s: string, i: number): { start: number; end: number } {
  const end = readNCName(s, i);
  if (end > i && s[end] === ':' && NAME_START.test(s[end + 1] ?? '')) return { start: i, end: readNCName(s, end + 1) };
  return { start: i, end };
}
