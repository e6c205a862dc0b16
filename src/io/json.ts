import { ioWords } from '../messages/io.js';
import { JSON_END, reasonWords } from '../messages/reasons.js';
import { subjectWords, type InputSubject } from '../messages/subject.js';

/** JSON.parse with the failure located: line and column of the offending character, one-line message. */
export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** `subject`: what the text is, for the words of a failure (a file unless the caller says otherwise). */
export function parseJson(text: string, subject: InputSubject = 'file'): JsonResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, message: ioWords('io.input.empty-file', { subject: subjectWords(subject) }), line: 1, column: 1 };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    // V8's messages do not always carry a position (Node 20 drops it for an unexpected token), so the
    // failure is located by a scan of our own; JSON.parse stays the parser for every valid document.
    const { offset, message } = locateJsonError(body, subject);
    const before = body.slice(0, offset);
    const line = before.split('\n').length;
    return { ok: false, message, line, column: offset - before.lastIndexOf('\n') };
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
/** Quotes that word processors, email and web pages put where JSON has `"` (and `'`). */
const SMART_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u201f', '\u2033', '\u2018', '\u2019', '\u00ab', '\u00bb']);
/** Characters that look like a space and are not JSON's, by name (src/messages/reasons.ts says them in Arabic). */
const ODD_SPACES: Readonly<Record<string, string>> = {
  '\u00a0': 'a no-break space', '\u202f': 'a narrow no-break space', '\u200b': 'a zero-width space', '\ufeff': 'a byte-order mark',
  '\u2009': 'a thin space', '\u2007': 'a figure space', '\u3000': 'an ideographic space', '\u2028': 'a line separator',
  '\u2029': 'a paragraph separator', '\u2002': 'an en space', '\u2003': 'an em space',
};
const codeOf = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
/** Sticky: read where the scan stands, whatever the literal's length. */
const LITERAL = /true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Scans JSON text and returns where and why it first stops being JSON. */
export function locateJsonError(s: string, subject: InputSubject = 'file'): { offset: number; message: string } {
  const end = JSON_END(subjectWords(subject));
  let i = 0;
  class Stop { constructor(readonly offset: number, readonly message: string) {} }
  const fail = (message: string, at = i): never => { throw new Stop(at, message); };
  const describe = (at: number) => (at >= s.length ? end : `${JSON.stringify(s[at])}`);
  const ws = () => { while (i < s.length && WS.has(s[i]!)) i++; };
  // What JSON does not have but people write (a comment, single quotes, NaN): said for what it is.
  const foreign = (at: number): string | undefined => {
    if (s.startsWith('//', at) || s.startsWith('/*', at)) return reasonWords('reason.json.comment', {});
    if (s[at] === "'") return reasonWords('reason.json.single-quote', {});
    const ch = s[at];
    if (ch !== undefined && SMART_QUOTES.has(ch)) return reasonWords('reason.json.smart-quote', { quote: ch });
    if (ch !== undefined && (Object.hasOwn(ODD_SPACES, ch) || (/\s/u.test(ch) && !WS.has(ch)))) {
      return reasonWords('reason.json.odd-space', { name: ODD_SPACES[ch] ?? 'a space of another kind', code: codeOf(ch) });
    }
    const word = /^(?:-?Infinity|NaN|undefined)(?![\w$])/.exec(s.slice(at, at + 10))?.[0];
    return word === undefined ? undefined : reasonWords('reason.json.not-a-value', { word });
  };
  // What a body pasted from a chat or an email has before its JSON, where the first value should start.
  let first = 0;
  while (first < s.length && WS.has(s[first]!)) first++;
  const leadIn = (at: number): string | undefined => {
    if (at !== first) return undefined;
    if (s.startsWith('```', at)) return reasonWords('reason.json.fence', {});
    if (s[at] === '>') return reasonWords('reason.json.email-quote', {});
    const start = /^[ \t]*[{[]/m.exec(s.slice(at));
    return start === null || start.index === 0 ? undefined : reasonWords('reason.json.text-before', { line: s.slice(0, at + start.index).split('\n').length });
  };
  const failAt = (generic: string): never => fail(foreign(i) ?? leadIn(i) ?? generic);
  const expect = (ch: string, what: string) => { ws(); if (s[i] !== ch) failAt(reasonWords('reason.json.expected', { what, found: describe(i) })); i++; };
  const string = () => {
    i++;
    while (i < s.length && s[i] !== '"') {
      const c = s.charCodeAt(i);
      if (c < 0x20) fail(reasonWords('reason.json.control', {}));
      if (s[i] === '\\') {
        const e = s[i + 1];
        if (e === 'u') { if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) fail(reasonWords('reason.json.bad-u-escape', {})); i += 6; continue; }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) fail(reasonWords('reason.json.bad-escape', {}));
        i += 2; continue;
      }
      i++;
    }
    if (i >= s.length) fail(reasonWords('reason.json.unterminated', {}));
    i++;
  };
  const key = () => { ws(); if (s[i] !== '"') failAt(reasonWords('reason.json.expected-key', { found: describe(i) })); string(); expect(':', "':'"); };
  // Open containers on a stack of our own, not the call stack: any depth of nesting is located the same way.
  const value = (): void => {
    const open: string[] = [];
    for (;;) {
      ws();
      const c = s[i];
      if (c === '{' || c === '[') {
        i++; ws();
        if (s[i] !== (c === '{' ? '}' : ']')) {
          open.push(c);
          if (c === '{') key();
          continue;
        }
        i++;
      } else if (c === '"') string();
      else {
        LITERAL.lastIndex = i;
        const literal = LITERAL.exec(s);
        if (!literal) failAt(i >= s.length ? reasonWords('reason.json.value-missing', { subject: subjectWords(subject) }) : reasonWords('reason.json.unexpected', { found: describe(i) }));
        i += literal![0].length;
      }
      // A value ended: go on in the container that holds it, closing those that end here.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return;
        const close = top === '{' ? '}' : ']';
        ws();
        if (s[i] === ',') { i++; if (top === '{') key(); break; }
        if (s[i] === close) { i++; open.pop(); continue; }
        failAt(reasonWords('reason.json.expected', { what: `',' or '${close}'`, found: describe(i) }));
      }
    }
  };
  try {
    value(); ws();
    if (i < s.length) failAt(s[i] === '{' || s[i] === '[' ? reasonWords('reason.json.second-value', {}) : reasonWords('reason.json.after-value', { found: describe(i) }));
    return { offset: s.length, message: ioWords('io.input.not-json', {}) };
  } catch (e) {
    if (e instanceof Stop) return { offset: e.offset, message: e.message };
    throw e;
  }
}
