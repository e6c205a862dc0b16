/*
 * Whether a namespace name is a URI reference as libxml2 parses one (RFC 3986, its xmlParse3986URIReference):
 * libxml2 reports a namespace declaration whose value it cannot parse as a namespace error, so a document that
 * declares one is not well-formed to it, and pintae must refuse it too. Only acceptance matters here, so this walks
 * the string the way libxml2's parser does (each part greedy, no backtracking) and keeps nothing. Measured against
 * libxml2 2.13 (xmllint-wasm) by test/conformance/xml-wellformed.test.ts.
 */

import { own } from './intern.js';

const enum C { Alpha = 1, Digit = 2, Unreserved = 4, SubDelim = 8, Hex = 16 }

/** RFC 3986 character classes of the ASCII codes; anything beyond ASCII is in none (libxml2 refuses raw non-ASCII). */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let k = 0;
  if (/[A-Za-z]/.test(ch)) k |= C.Alpha | C.Unreserved;
  if (/[0-9]/.test(ch)) k |= C.Digit | C.Unreserved | C.Hex;
  if (/[A-Fa-f]/.test(ch)) k |= C.Hex;
  if (/[-._~]/.test(ch)) k |= C.Unreserved;
  if (/[!$&'()*+,;=]/.test(ch)) k |= C.SubDelim;
  CLASS[c] = k;
}

const is = (s: string, i: number, k: number) => { const c = s.charCodeAt(i); return c < 128 && (CLASS[c]! & k) !== 0; };

/** A walk over one string: `i` is the position, every method returns false where libxml2 gives up. */
class Walk {
  i = 0;
  constructor(private readonly s: string) {}

  private at(c: string): boolean { return this.s[this.i] === c; }
  private pct(): boolean { return this.at('%') && is(this.s, this.i + 1, C.Hex) && is(this.s, this.i + 2, C.Hex); }
  /** Unreserved, percent-encoded or a sub-delimiter: what user info, host names and path characters share. */
  private plain(): boolean { return is(this.s, this.i, C.Unreserved | C.SubDelim) || this.pct(); }
  private pchar(): boolean { return this.plain() || this.at(':') || this.at('@'); }
  private step(): void { this.i += this.at('%') ? 3 : 1; }

  private segment(forbid: string, mayBeEmpty: boolean): boolean {
    if (!this.pchar() || this.at(forbid)) return mayBeEmpty;
    while (this.pchar() && !this.at(forbid)) this.step();
    return true;
  }

  private slashSegments(): boolean {
    while (this.at('/')) { this.i++; if (!this.segment('', true)) return false; }
    return true;
  }

  private authority(): boolean {
    const start = this.i;
    while (this.plain() || this.at(':')) this.step();
    if (this.at('@')) this.i++; else this.i = start;
    if (this.at('[')) {
      const close = this.s.indexOf(']', this.i + 1);
      if (close < 0) return false;
      this.i = close + 1;
    } else {
      while (this.plain()) this.step();
    }
    if (this.at(':')) {
      this.i++;
      // A port needs a digit, and libxml2 gives up on one that overflows a C int.
      if (!is(this.s, this.i, C.Digit)) return false;
      let port = 0;
      while (is(this.s, this.i, C.Digit)) { port = port * 10 + this.s.charCodeAt(this.i++) - 48; if (port > 0x7fffffff) return false; }
    }
    return true;
  }

  /** After the scheme (absolute) or from the start (relative): authority and path. */
  private hierarchy(relative: boolean): boolean {
    if (this.at('/') && this.s[this.i + 1] === '/') { this.i += 2; return this.authority() && this.slashSegments(); }
    if (this.at('/')) { this.i++; return !this.segment('', false) || this.slashSegments(); }
    if (this.pchar()) return this.segment(relative ? ':' : '', false) && this.slashSegments();
    return true;
  }

  private tail(): boolean {
    if (this.at('?')) { this.i++; while (this.pchar() || this.at('/') || this.at('?')) this.step(); }
    if (this.at('#')) { this.i++; while (this.pchar() || this.at('/') || this.at('?') || this.at('[') || this.at(']')) this.step(); }
    return this.i === this.s.length;
  }

  absolute(): boolean {
    if (!is(this.s, 0, C.Alpha)) return false;
    this.i = 1;
    while (is(this.s, this.i, C.Alpha | C.Digit) || this.at('+') || this.at('-') || this.at('.')) this.i++;
    if (!this.at(':')) return false;
    this.i++;
    return this.hierarchy(false) && this.tail();
  }

  relative(): boolean {
    this.i = 0;
    return this.hierarchy(true) && this.tail();
  }
}

/** Namespace names already found valid: every document of a kind declares the same few (bounded, for a long run). */
const valid = new Set<string>();

/** True when libxml2 accepts `uri` as the value of a namespace declaration (a URI reference, absolute or relative). */
export function isUriReference(uri: string): boolean {
  if (valid.has(uri)) return true;
  const walk = new Walk(uri);
  if (!walk.absolute() && !walk.relative()) return false;
  if (valid.size >= 1000) valid.clear();
  valid.add(own(uri)); // a copy: a slice of the document would keep the whole document
  return true;
}
