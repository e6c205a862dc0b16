/*
 * pintae's XML reader for its own XPath evaluator: builds the tree Saxon-JS sees for the same text (namespaces
 * resolved, whitespace-only text kept, CDATA merged into text, comments and processing instructions kept), in one
 * pass without regular expressions on the hot paths. It is stricter than Saxon-JS's own reader (which lets some
 * ill-formed text through): anything not well-formed XML 1.0 with namespaces is an XmlError. What it leaves to
 * Saxon-JS (a DOCTYPE, entities beyond the five predefined ones, XML 1.1) is XPathUnsupported.
 */
import { XPathUnsupported } from './api.js';
import type { XAttr, XDocument, XElement, XNode } from './api.js';

/** Text that is not well-formed XML, located (1-based line and column, counted in characters). */
export class XmlError extends Error {
  constructor(readonly reason: string, readonly line: number, readonly column: number) {
    super(`not well-formed XML at line ${line}, column ${column}: ${reason}`);
    this.name = 'XmlError';
  }
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// XML 1.0 (fifth edition) names, without the colon: namespace-aware names are NCName or NCName:NCName. Saxon-JS's
// reader refuses characters beyond U+FFFF in names (measured), so they are left out: such a name is an XmlError.
const START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D'
  + '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
const REST = `${START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NCNAME = `[${START}][${REST}]*`;
const QNAME_AT = new RegExp(`${NCNAME}(?::${NCNAME})?`, 'y');
const NCNAME_AT = new RegExp(NCNAME, 'y');
/** For each ASCII code: 1 a name start character, 2 a name character that cannot start a name, 0 neither (':' is 0). */
const ASCII_NAME = new Uint8Array(128).map((_, c) => (/[A-Za-z_]/.test(String.fromCharCode(c)) ? 1 : /[-.0-9]/.test(String.fromCharCode(c)) ? 2 : 0));
const NAME_ONLY = new RegExp(`^[${START}:][${REST}:]*$`);
/** A character XML 1.0 does not allow anywhere (lone surrogates included, thanks to the u flag). */
const NOT_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const XML_DECL = /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])(1\.[0-9]+)\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\4)?[ \t\n]*\?>/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

type Scope = ReadonlyMap<string, string>;
const ROOT_SCOPE: Scope = new Map([['xml', XML_NS], ['', '']]);

interface RawAttr { qname: string; value: string; at: number }
interface Open { element: XElement; qname: string; scope: Scope }

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09;

/** Parses a whole XML document. Throws XmlError when it is not well-formed, XPathUnsupported for a DOCTYPE or XML 1.1. */
export function parseXml(text: string): XDocument {
  let s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  return new Parser(s).document();
}

class Parser {
  private pos = 0;
  private order = 0;
  /** Text read since the last node other than text, waiting to become one text node. */
  private pending = '';
  constructor(private readonly s: string) {}

  document(): XDocument {
    const s = this.s;
    const bad = NOT_CHAR.exec(s);
    if (bad) this.fail(`character U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`, bad.index);
    const doc: XDocument = { kind: 9, parent: null, order: this.order++, children: [] };
    if (s.startsWith('<?xml') && isSpace(s.charCodeAt(5))) this.declaration();
    let root = false;
    for (;;) {
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      if (this.pos >= s.length) break;
      if (s.startsWith('<!--', this.pos)) doc.children.push(this.comment(doc));
      else if (s.startsWith('<?', this.pos)) doc.children.push(this.instruction(doc));
      else if (s.startsWith('<!DOCTYPE', this.pos)) {
        if (root) this.fail('a DOCTYPE after the root element');
        throw new XPathUnsupported('a document with a DOCTYPE is left to Saxon-JS');
      } else if (s.charCodeAt(this.pos) === 0x3c && !root) { root = true; this.element(doc); }
      else this.fail(root ? 'content after the root element' : 'expected the root element');
    }
    if (!root) this.fail('no root element');
    return doc;
  }

  private declaration(): void {
    XML_DECL.lastIndex = 0;
    const m = XML_DECL.exec(this.s);
    if (!m) this.fail('malformed XML declaration');
    if (m[2] !== '1.0') throw new XPathUnsupported(`XML ${m[2]} is left to Saxon-JS`);
    this.pos = XML_DECL.lastIndex;
  }

  /** The element starting at pos, with all its content (iterative: no recursion limit on nesting depth). */
  private element(doc: XDocument): void {
    const s = this.s;
    const stack: Open[] = [];
    let parent: XElement | XDocument = doc;
    let scope = ROOT_SCOPE;
    for (;;) {
      // At a '<' that starts a tag, a comment, a CDATA section or a processing instruction.
      const next = s.charCodeAt(this.pos + 1);
      if (next === 0x2f) { // '/'
        const open = stack.pop();
        if (!open) this.fail('end tag without a start tag');
        const at = this.pos + 2;
        const after = s.charCodeAt(at + open.qname.length);
        if (s.startsWith(open.qname, at) && (isSpace(after) || after === 0x3e)) this.pos = at + open.qname.length;
        else this.fail(`end tag </${this.name(QNAME_AT, at, 'an element name')}> does not match <${open.qname}>`, at);
        while (isSpace(s.charCodeAt(this.pos))) this.pos++;
        if (s.charCodeAt(this.pos) !== 0x3e) this.fail("expected '>'");
        this.pos++;
        this.flush(open.element);
        if (stack.length === 0) return;
        const top = stack[stack.length - 1]!;
        parent = top.element; scope = top.scope;
      } else if (next === 0x21) { // '!'
        if (s.startsWith('<!--', this.pos)) { this.flush(parent); parent.children.push(this.comment(parent)); }
        else if (s.startsWith('<![CDATA[', this.pos) && stack.length > 0) {
          const end = s.indexOf(']]>', this.pos + 9);
          if (end < 0) this.fail('unterminated CDATA section');
          this.pending += s.slice(this.pos + 9, end);
          this.pos = end + 3;
        } else this.fail('expected a comment or a CDATA section');
      } else if (next === 0x3f) { // '?'
        this.flush(parent); parent.children.push(this.instruction(parent));
      } else {
        this.flush(parent);
        const open = this.startTag(parent, scope);
        parent.children.push(open.element);
        if (s.charCodeAt(this.pos - 2) !== 0x2f) { stack.push(open); parent = open.element; scope = open.scope; }
        else if (stack.length === 0) return;
      }
      const lt = s.indexOf('<', this.pos);
      if (lt < 0) this.fail(`element <${stack[stack.length - 1]!.qname}> is not closed`, s.length);
      if (lt > this.pos) this.text(lt);
      this.pos = lt;
    }
  }

  /** The start tag at pos; leaves pos after its '>' (so `s[pos - 2] === '/'` tells an empty-element tag). */
  private startTag(parent: XElement | XDocument, inherited: Scope): Open {
    const s = this.s;
    const tagAt = this.pos;
    const qname = this.name(QNAME_AT, this.pos + 1, 'an element name');
    let raw: RawAttr[] | undefined;
    let scope = inherited;
    for (;;) {
      const before = this.pos;
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const c = s.charCodeAt(this.pos);
      if (c === 0x3e) { this.pos++; break; }
      if (c === 0x2f && s.charCodeAt(this.pos + 1) === 0x3e) { this.pos += 2; break; }
      if (this.pos === before) this.fail(Number.isNaN(c) ? `start tag <${qname}> is not closed` : "expected whitespace, '>' or '/>'");
      const at = this.pos;
      const name = this.name(QNAME_AT, at, 'an attribute name');
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      if (s.charCodeAt(this.pos) !== 0x3d) this.fail("expected '='");
      this.pos++;
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const value = this.attrValue();
      if (raw) for (const other of raw) if (other.qname === name) this.fail(`attribute ${name} appears twice`, at);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === inherited) scope = new Map(inherited);
        (scope as Map<string, string>).set(this.declare(name, value, at), value);
      }
      (raw ??= []).push({ qname: name, value, at });
    }
    const element: XElement = { kind: 1, parent, order: this.order++, ns: '', local: qname, prefix: '', attrs: [], children: [] };
    const colon = qname.indexOf(':');
    if (colon > 0) { element.prefix = qname.slice(0, colon); element.local = qname.slice(colon + 1); }
    if (element.prefix === 'xmlns') this.fail('an element name cannot have the prefix xmlns', tagAt + 1);
    const ns = scope.get(element.prefix);
    if (ns === undefined) this.fail(`namespace prefix ${element.prefix} is not declared`, tagAt + 1);
    element.ns = ns;
    if (raw) for (const a of raw) {
      if (a.qname === 'xmlns' || a.qname.startsWith('xmlns:')) continue;
      const i = a.qname.indexOf(':');
      const prefix = i > 0 ? a.qname.slice(0, i) : '';
      const local = i > 0 ? a.qname.slice(i + 1) : a.qname;
      const attrNs = prefix === '' ? '' : scope.get(prefix);
      if (attrNs === undefined) this.fail(`namespace prefix ${prefix} is not declared`, a.at);
      for (const other of element.attrs) {
        if (other.local === local && other.ns === attrNs) this.fail(`attribute {${attrNs}}${local} appears twice`, a.at);
      }
      element.attrs.push({ kind: 2, parent: element, order: this.order++, ns: attrNs, local, prefix, value: a.value } satisfies XAttr);
    }
    return { element, qname, scope };
  }

  /** Checks a namespace declaration against the Namespaces in XML 1.0 constraints; returns the prefix it binds. */
  private declare(name: string, uri: string, at: number): string {
    const prefix = name === 'xmlns' ? '' : name.slice(6);
    if (prefix === 'xmlns') this.fail('the prefix xmlns cannot be declared', at);
    if ((prefix === 'xml') !== (uri === XML_NS)) this.fail('the prefix xml is bound to its namespace and nothing else is', at);
    if (uri === XMLNS_NS) this.fail(`the namespace ${XMLNS_NS} cannot be declared`, at);
    if (prefix !== '' && uri === '') this.fail(`prefix ${prefix} cannot be undeclared in XML 1.0`, at);
    return prefix;
  }

  /** A quoted attribute value at pos, normalized as XML 1.0 says for CDATA attributes. */
  private attrValue(): string {
    const s = this.s;
    const quote = s.charCodeAt(this.pos);
    if (quote !== 0x22 && quote !== 0x27) this.fail('expected a quoted attribute value');
    const start = this.pos + 1;
    const end = s.indexOf(quote === 0x22 ? '"' : "'", start);
    if (end < 0) this.fail('unterminated attribute value');
    let value = s.slice(start, end);
    const lt = value.indexOf('<');
    if (lt >= 0) this.fail("'<' in an attribute value", start + lt);
    // Literal tabs and line ends become spaces; the same characters written as references stay as they are.
    if (value.includes('\n') || value.includes('\t')) value = value.replace(/[\t\n]/g, ' ');
    if (value.includes('&')) value = this.references(value, start);
    this.pos = end + 1;
    return value;
  }

  /** Character data from pos up to the '<' at `end`. */
  private text(end: number): void {
    let t = this.s.slice(this.pos, end);
    const cdataEnd = t.indexOf(']]>');
    if (cdataEnd >= 0) this.fail("']]>' in text", this.pos + cdataEnd);
    if (t.includes('&')) t = this.references(t, this.pos);
    this.pending += t;
  }

  /** Replaces the entity and character references in `t`, which starts at `offset` in the text. */
  private references(t: string, offset: number): string {
    let out = '';
    let from = 0;
    for (let amp = t.indexOf('&'); amp >= 0; amp = t.indexOf('&', from)) {
      const semi = t.indexOf(';', amp + 1);
      if (semi < 0) this.fail("'&' not starting a reference", offset + amp);
      const ref = t.slice(amp + 1, semi);
      out += t.slice(from, amp) + this.reference(ref, offset + amp);
      from = semi + 1;
    }
    return out + t.slice(from);
  }

  private reference(ref: string, at: number): string {
    if (ref.charCodeAt(0) === 0x23) { // '#'
      const hex = ref.charCodeAt(1) === 0x78;
      const digits = ref.slice(hex ? 2 : 1);
      if (!(hex ? /^[0-9A-Fa-f]+$/ : /^[0-9]+$/).test(digits)) this.fail(`malformed character reference &${ref};`, at);
      const code = parseInt(digits, hex ? 16 : 10);
      if (code > 0x10ffff || NOT_CHAR.test(String.fromCodePoint(code))) this.fail(`&${ref}; refers to a character XML does not allow`, at);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value !== undefined && Object.hasOwn(PREDEFINED, ref)) return value;
    if (NAME_ONLY.test(ref)) throw new XPathUnsupported(`entity &${ref}; is left to Saxon-JS`);
    this.fail("'&' not starting a reference", at);
  }

  private comment(parent: XElement | XDocument): XNode {
    const end = this.s.indexOf('--', this.pos + 4);
    if (end < 0) this.fail('unterminated comment');
    if (this.s.charCodeAt(end + 2) !== 0x3e) this.fail("'--' inside a comment", end);
    const value = this.s.slice(this.pos + 4, end);
    this.pos = end + 3;
    return { kind: 8, parent, order: this.order++, value };
  }

  private instruction(parent: XElement | XDocument): XNode {
    const s = this.s;
    const target = this.name(NCNAME_AT, this.pos + 2, 'a processing-instruction target');
    if (target.toLowerCase() === 'xml') this.fail(`processing-instruction target ${target} is reserved`, this.pos - target.length);
    let value = '';
    if (!s.startsWith('?>', this.pos)) {
      if (!isSpace(s.charCodeAt(this.pos))) this.fail("expected whitespace or '?>'");
      while (isSpace(s.charCodeAt(this.pos))) this.pos++;
      const end = s.indexOf('?>', this.pos);
      if (end < 0) this.fail('unterminated processing instruction');
      value = s.slice(this.pos, end);
      // Saxon-JS's reader misreads '??>' (it fails, or runs the instruction on past its end): its answer is its own.
      if (value.endsWith('?')) throw new XPathUnsupported("a processing instruction ending in '?' is left to Saxon-JS");
      this.pos = end;
    }
    this.pos += 2;
    return { kind: 7, parent, order: this.order++, target, value };
  }

  /** Turns the text read so far into a text node of `parent`. */
  private flush(parent: XElement | XDocument): void {
    if (this.pending === '') return;
    parent.children.push({ kind: 3, parent, order: this.order++, value: this.pending });
    this.pending = '';
  }

  private name(pattern: RegExp, at: number, what: string): string {
    // ASCII names without a regular expression; anything else (or an ill-formed name) through the full pattern.
    const s = this.s;
    let i = at;
    let c = s.charCodeAt(i);
    if (c < 0x80 && ASCII_NAME[c] === 1) {
      let colon = pattern !== QNAME_AT;
      for (c = s.charCodeAt(++i); ; c = s.charCodeAt(++i)) {
        if (c < 0x80 && ASCII_NAME[c]! > 0) continue;
        if (c === 0x3a && !colon) { colon = true; const d = s.charCodeAt(i + 1); if (d < 0x80 && ASCII_NAME[d] === 1) continue; }
        break;
      }
      if (!(c >= 0x80)) { this.pos = i; return s.slice(at, i); }
    }
    pattern.lastIndex = at;
    const m = pattern.exec(this.s);
    if (!m) this.fail(`expected ${what}`, at);
    this.pos = pattern.lastIndex;
    return m[0];
  }

  private fail(reason: string, at = this.pos): never {
    let line = 1;
    let lineStart = 0;
    for (let i = this.s.indexOf('\n'); i >= 0 && i < at; i = this.s.indexOf('\n', i + 1)) { line++; lineStart = i + 1; }
    throw new XmlError(reason, line, at - lineStart + 1);
  }
}
