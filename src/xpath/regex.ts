/*
 * XPath regular expressions (F&O 3.1 5.6.1) translated to JavaScript ones, compiled once per (pattern, flags).
 * Only a subset whose meaning is the same in both is translated; anything else is left to Saxon-JS.
 */
import { XPathError } from './api.js';
import { notImplemented } from './atomic.js';
import { own } from './intern.js';

/**
 * Compiled expressions by flags and pattern, for the process: bounded (a pattern may come from a document, each one
 * new), and keyed by a copy (a pattern read from a document is a slice of it: intern.ts, own).
 */
const cache = new Map<string, RegExp>();
const CACHE_SIZE = 1024;

/** XPath escapes with a direct JavaScript (u mode) equivalent, outside a character class. */
const CLASS_ESCAPES: Record<string, string> = {
  d: '\\p{Nd}', D: '\\P{Nd}', s: '[ \\t\\n\\r]', S: '[^ \\t\\n\\r]', w: '[^\\p{P}\\p{Z}\\p{C}]', W: '[\\p{P}\\p{Z}\\p{C}]',
};
/** Inside a character class only those that are a single class themselves. */
const IN_CLASS_ESCAPES: Record<string, string> = { d: '\\p{Nd}', D: '\\P{Nd}', s: ' \\t\\n\\r' };
const SINGLE_ESCAPES = new Set(['n', 'r', 't', '\\', '|', '.', '-', '^', '?', '*', '+', '{', '}', '(', ')', '[', ']', '$']);
const CATEGORY = /^\\[pP]\{(?:[LMNPZSC][a-z]?)\}/;

function translateEscape(p: string, i: number, inClass: boolean): [string, number] {
  const c = p[i + 1];
  if (c === undefined) throw new XPathError('FORX0002', 'regular expression ends with a backslash');
  // JavaScript's u mode allows \- only inside a class; outside one it is just '-'.
  if (c === '-' && !inClass) return ['-', i + 2];
  if (SINGLE_ESCAPES.has(c)) return [`\\${c}`, i + 2];
  const table = inClass ? IN_CLASS_ESCAPES : CLASS_ESCAPES;
  if (table[c] !== undefined) return [table[c], i + 2];
  if (c === 'p' || c === 'P') {
    const m = CATEGORY.exec(p.slice(i));
    if (!m) throw notImplemented(`regular expression escape ${p.slice(i, i + 12)}`);
    return [m[0], i + m[0].length];
  }
  if (!inClass && c >= '1' && c <= '9') return [`\\${c}`, i + 2];
  throw notImplemented(`regular expression escape \\${c}`);
}

function translate(p: string, dotAll: boolean): string {
  let out = '';
  let i = 0;
  let depth = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === '\\') {
      const [t, next] = translateEscape(p, i, false);
      out += t; i = next;
    } else if (c === '.') {
      out += dotAll ? '[^]' : '[^\\n\\r]'; i++;
    } else if (c === '[') {
      let j = i + 1;
      let cls = '[';
      if (p[j] === '^') { cls += '^'; j++; }
      // An empty class or one opening with ']' reads differently in XSD and JavaScript: left to Saxon-JS.
      if (p[j] === ']') throw notImplemented('a character class that is empty or opens with ]');
      while (j < p.length && p[j] !== ']') {
        const d = p[j];
        if (d === '\\') {
          const [t, next] = translateEscape(p, j, true);
          cls += t; j = next;
        } else if (d === '[') {
          throw notImplemented('character class subtraction or a [ inside a class');
        } else if (d === '-' && p[j + 1] === '[') {
          throw notImplemented('character class subtraction');
        } else {
          cls += d === '/' ? '\\/' : d; j++;
        }
      }
      if (p[j] !== ']') throw new XPathError('FORX0002', 'unterminated character class');
      out += `${cls}]`; i = j + 1;
    } else if (c === '(') {
      if (p[i + 1] === '?') {
        if (p[i + 2] !== ':') throw notImplemented('regular expression group (?…');
        out += '(?:'; i += 3;
      } else { out += '('; i++; }
      depth++;
    } else if (c === ')') {
      depth--; out += ')'; i++;
    } else {
      out += c; i++;
    }
  }
  if (depth !== 0) throw new XPathError('FORX0002', 'unbalanced parentheses in regular expression');
  return out;
}

/** The compiled expression; `global` adds the g flag (replace, tokenize). FORX0001/FORX0002 as XPath. */
export function compileRegex(pattern: string, flags: string, global = false): RegExp {
  const key = `${global ? 'g' : ''}${flags}\u0000${pattern}`;
  let re = cache.get(key);
  if (re) return re;
  let jsFlags = 'u';
  for (const f of flags) {
    if (f === 's') jsFlags += 's';
    else if (f === 'm') jsFlags += 'm';
    else if (f === 'i' || f === 'x' || f === 'q') throw notImplemented(`regular expression flag ${f}`);
    else throw new XPathError('FORX0001', `invalid regular expression flag ${f}`);
  }
  if (global) jsFlags += 'g';
  // Without the s flag XPath's . excludes only \n and \r (JavaScript's also excludes \u2028 and \u2029).
  const source = translate(pattern, jsFlags.includes('s'));
  try {
    re = new RegExp(source, jsFlags);
  } catch (e) {
    throw new XPathError('FORX0002', `invalid regular expression ${JSON.stringify(pattern)}: ${(e as Error).message}`);
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(own(key), re);
  return re;
}
