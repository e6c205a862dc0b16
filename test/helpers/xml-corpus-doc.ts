/**
 * What the corpus families of xml-corpus-*.ts work with: seeded choices, an example's text with its tags and text
 * located, and the byte encodings the variants are written in.
 */

export interface Source { name: string; text: string }
export interface Variant {
  name: string;
  bytes: Uint8Array;
  /** A DOCTYPE variant: pintae refuses it by policy whatever libxml2 says, so it is counted apart. */
  doctype?: boolean;
}
/** What a family makes: text (written as UTF-8) or bytes. */
export type Made = { what: string; text: string; doctype?: boolean } | { what: string; bytes: Uint8Array };
export type Family = (doc: Doc, r: Rng) => Made;

/** Seeded random choices (mulberry32). */
export class Rng {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = Math.imul(this.seed ^ (this.seed >>> 15), 1 | this.seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number { return Math.floor(this.next() * n); }
  between(lo: number, hi: number): number { return lo + this.int(hi - lo + 1); }
  pick<T>(xs: readonly T[]): T { return xs[this.int(xs.length)]!; }
  chance(p: number): boolean { return this.next() < p; }
}

export interface Attr { at: number; name: string; valueAt: number; valueEnd: number }
export interface Tag { at: number; end: number; name: string; depth: number; empty: boolean; attrs: Attr[] }

/** An example's text with where its start tags, attributes and text content are (the examples are simple XML). */
export class Doc {
  readonly tags: Tag[] = [];
  /** Non-blank character data: [start, end). */
  readonly texts: Array<[number, number]> = [];
  readonly declEnd: number;

  constructor(readonly name: string, readonly text: string) {
    this.declEnd = text.startsWith('<?xml') ? text.indexOf('?>') + 2 : 0;
    const TAG = /<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
    const ATTR = /([^\s=]+)\s*=\s*("[^"]*"|'[^']*')/g;
    let depth = 0;
    for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
      if (text.startsWith('<!--', i)) { i = text.indexOf('-->', i); continue; }
      if (text.startsWith('<?', i)) { i = text.indexOf('?>', i); continue; }
      if (text.startsWith('</', i)) { depth--; this.content(text.indexOf('>', i) + 1); continue; }
      TAG.lastIndex = i;
      const m = TAG.exec(text);
      if (!m) throw new Error(`${name}: no start tag at ${i}`);
      const attrs: Attr[] = [];
      for (const a of m[2]!.matchAll(ATTR)) {
        const at = i + 1 + m[1]!.length + a.index;
        const valueAt = at + a[0].length - a[2]!.length + 1;
        attrs.push({ at, name: a[1]!, valueAt, valueEnd: valueAt + a[2]!.length - 2 });
      }
      const empty = m[3] === '/';
      this.tags.push({ at: i, end: TAG.lastIndex, name: m[1]!, depth: depth + 1, empty, attrs });
      if (!empty) depth++;
      this.content(TAG.lastIndex);
    }
  }

  private content(from: number): void {
    const to = this.text.indexOf('<', from);
    if (to > from && this.text.slice(from, to).trim() !== '') this.texts.push([from, to]);
  }

  get root(): Tag { return this.tags[0]!; }
  /** The text with `length` characters at `at` replaced by `insert`. */
  splice(at: number, length: number, insert: string): string { return this.text.slice(0, at) + insert + this.text.slice(at + length); }
  /** A place inside character data (a text node or an attribute value), where a character or reference may go. */
  somewhereInData(r: Rng): number {
    if (r.chance(0.5) && this.texts.length > 0) { const [a, b] = r.pick(this.texts); return r.between(a, b); }
    const withAttrs = this.tags.filter((t) => t.attrs.length > 0);
    const attr = r.pick(r.pick(withAttrs).attrs);
    return r.between(attr.valueAt, attr.valueEnd);
  }
  /** An element that has content (not an empty-element tag). */
  openTag(r: Rng, maxDepth = Infinity): Tag { return r.pick(this.tags.filter((t) => !t.empty && t.depth <= maxDepth)); }
  /** The end of the end tag closing `tag` (the examples never nest an element in one of the same name). */
  closeOf(tag: Tag): number {
    const end = `</${tag.name}>`;
    return this.text.indexOf(end, tag.end) + end.length;
  }
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** UTF-16 code units as bytes (lone surrogates kept: the point of some variants), with or without a byte-order mark. */
export function utf16(text: string, little: boolean, bom: boolean): Uint8Array {
  const units = (bom ? '\uFEFF' : '') + text;
  const out = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    out[2 * i + (little ? 0 : 1)] = u & 0xff;
    out[2 * i + (little ? 1 : 0)] = u >> 8;
  }
  return out;
}

/** One byte per character: characters beyond U+00FF become '?'. */
export const latin1 = (text: string) => Uint8Array.from(text, (c) => (c.charCodeAt(0) > 0xff ? 0x3f : c.charCodeAt(0)));

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
