/**
 * The XML reader's reasons in the report's language (issue 26). The reader (src/xpath/xml.ts) and its decoder
 * (src/xpath/xml-decode.ts) say why a document is not well-formed XML in English, the words the native rule engine
 * compares with libxml2's; a report reads each reason back to its `reason.xml.*` entry (src/messages/reasons.ts) and
 * says it in Arabic. Held three ways: every sentence the reader writes has an entry (a scan of its source, so a reason
 * added later without one fails); a document that brings each entry about reads back to it and is said in Arabic,
 * with what was read (names, prefixes, code points) kept as written and no English words left; and every `what` the
 * reader can expect has its Arabic.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeXml, parseXml, XmlError } from '../../../src/xpath/xml.js';
import { REASONS, reasonRef } from '../../../src/messages/reasons.js';
import { speak } from '../../../src/messages/ref.js';
import { own } from '../../../src/messages/own.js';
import { ROOT } from '../../helpers/paths.js';
import { folded } from '../../helpers/arabic.js';

const ARABIC = /[\u0621-\u064A]/u;
/** English words an Arabic sentence may hold as they are: names of things in the syntax, pintae's own name. */
const KEPT = new Set(['pintae', 'xml', 'xmlns', 'amp', 'apos', 'quot']);

/** The reader's reason for `input` (text, or bytes it decodes first). */
function reasonOf(input: string | Uint8Array): string {
  try { parseXml(typeof input === 'string' ? input : decodeXml(input)); } catch (e) { if (e instanceof XmlError) return e.reason; throw e; }
  throw new Error(`read without an error: ${String(input).slice(0, 60)}`);
}

/** Lower-case Latin words of `ar` that are neither a parameter's value nor kept: English left in the Arabic. */
function englishLeft(ar: string, params: Record<string, unknown>): string[] {
  const rest = Object.values(params).reduce<string>((t, v) => t.split(String(v)).join(' '), ar);
  return [...rest.matchAll(/(?<![\w.:/-])[a-z]{3,}(?![\w.:/-])/g)].map((m) => m[0]).filter((w) => !KEPT.has(w));
}

const bytes = (...parts: Array<string | number[]>) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const utf16le = (s: string) => Uint8Array.from([0xff, 0xfe, ...[...s].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
const BIG = 10_000_001;

/** A document for each entry, as the reader meets it. */
const CASES: Array<[string, () => string | Uint8Array]> = [
  ['reason.xml.not-char', () => '<a>\u0001</a>'],
  ['reason.xml.doctype', () => '<!DOCTYPE a><a/>'],
  ['reason.xml.after-root', () => '<a/>x'],
  ['reason.xml.expected-root', () => 'x<a/>'],
  ['reason.xml.no-root', () => '<!-- only a comment -->'],
  ['reason.xml.bad-declaration', () => '<?xml version="1.0" bogus="x"?><a/>'],
  ['reason.xml.version', () => '<?xml version="2.0"?><a/>'],
  ['reason.xml.end-without-start', () => '</a>'],
  ['reason.xml.end-mismatch', () => '<Invoice><a></b></Invoice>'],
  ['reason.xml.expected-gt', () => '<a></a x>'],
  ['reason.xml.expected-comment-or-cdata', () => '<a><!ENTITY x></a>'],
  ['reason.xml.expected-space-or-end', () => '<a x="1"y="2"/>'],
  ['reason.xml.expected-eq', () => '<a x/>'],
  ['reason.xml.expected-quoted-value', () => '<a x=1/>'],
  ['reason.xml.expected-pi-space-or-end', () => '<a><?pi:x?></a>'],
  ['reason.xml.too-deep', () => '<d>'.repeat(258)],
  ['reason.xml.element-not-closed', () => '<a>\n<b>'],
  ['reason.xml.start-tag-not-closed', () => '<a x="1"'],
  ['reason.xml.attribute-twice-ns', () => '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>'],
  ['reason.xml.attribute-twice', () => '<a x="1" x="2"/>'],
  ['reason.xml.start-tag-too-long', () => `<a x="${'y'.repeat(BIG)}"/>`],
  ['reason.xml.prefix-undeclared', () => '<p:a/>'],
  ['reason.xml.xmlns-declared', () => '<a xmlns:xmlns="urn:x"/>'],
  ['reason.xml.xml-prefix', () => '<a xmlns:xml="urn:x"/>'],
  ['reason.xml.xmlns-namespace', () => '<a xmlns:p="http://www.w3.org/2000/xmlns/"/>'],
  ['reason.xml.prefix-undeclaring', () => '<a xmlns:p=""/>'],
  ['reason.xml.not-uri', () => '<a xmlns:p="urn:a b"/>'],
  ['reason.xml.unterminated-value', () => '<a x="1'],
  ['reason.xml.lt-in-value', () => '<a x="<"/>'],
  ['reason.xml.cdata-end-in-text', () => '<a>x]]>y</a>'],
  ['reason.xml.text-too-long', () => `<a>${'y'.repeat(BIG)}</a>`],
  ['reason.xml.unterminated-cdata', () => '<a><![CDATA[ x'],
  ['reason.xml.cdata-too-long', () => `<a><![CDATA[${'y'.repeat(BIG)}]]></a>`],
  ['reason.xml.bare-amp', () => '<a>a & b</a>'],
  ['reason.xml.bad-char-ref', () => '<a>&#xZZ;</a>'],
  ['reason.xml.char-ref-not-allowed', () => '<a>&#0;</a>'],
  ['reason.xml.entity-undefined', () => '<a>&nbsp;</a>'],
  ['reason.xml.unterminated-comment', () => '<a><!-- x'],
  ['reason.xml.double-hyphen', () => '<a><!-- a -- b --></a>'],
  ['reason.xml.comment-too-long', () => `<a><!--${'y'.repeat(BIG)}--></a>`],
  ['reason.xml.pi-reserved', () => '<a><?xml version="1.0"?></a>'],
  ['reason.xml.unterminated-pi', () => '<a><?pi x'],
  ['reason.xml.pi-too-long', () => `<a><?pi ${'y'.repeat(BIG)}?></a>`],
  ['reason.xml.name-too-long', () => `<${'a'.repeat(50_001)}/>`],
  ['reason.xml.ucs4', () => bytes([0, 0, 0, 0x3c, 0, 0, 0, 0x61])],
  ['reason.xml.ebcdic', () => bytes([0x4c, 0x6f, 0xa7, 0x94])],
  ['reason.xml.encoding-unsupported', () => bytes('<?xml version="1.0" encoding="windows-1256"?><a/>')],
  ['reason.xml.utf16-declared', () => bytes('<?xml version="1.0" encoding="UTF-16"?><a/>')],
  ['reason.xml.not-ascii', () => bytes('<?xml version="1.0" encoding="US-ASCII"?><a>', [0xe9], '</a>')],
  ['reason.xml.invalid-bytes', () => utf16le('<a>\uD800</a>')],
  ['reason.xml.expected-element-name', () => '<a><1/></a>'],
  ['reason.xml.expected-attribute-name', () => '<a 1="x"/>'],
  ['reason.xml.expected-pi-target', () => '<a><?1?></a>'],
];

describe("the XML reader's reasons read back to their entries and are said in Arabic", () => {
  it.each(CASES)('%s', (id, input) => {
    const reason = reasonOf(input());
    const ref = reasonRef(reason);
    expect(ref?.id, reason).toBe(id);
    const ar = speak(ref!, 'ar')!;
    expect(ar).toMatch(ARABIC);
    for (const v of Object.values(ref!.p)) expect(ar).toContain(String(v));
    expect(englishLeft(ar, ref!.p), ar).toEqual([]);
  });

  it('every entry of the reader has a document above (but the two about padding after it, src/io/xml.ts, tested there)', () => {
    const ids = Object.keys(REASONS).filter((id) => id.startsWith('reason.xml.') && !id.startsWith('reason.xml.trailing-'));
    expect(ids.filter((id) => !CASES.some(([c]) => c === id))).toEqual([]);
  });

  it('inside a sentence of pintae\'s (a TDD\'s source document that is not XML), the reason is said in Arabic too', () => {
    const { said } = own('tdd.source-unreadable', { reason: reasonOf('<Invoice><a></b></Invoice>') });
    const ar = speak(said, 'ar')!;
    expect(ar).toContain(speak(reasonRef('end tag </b> does not match <a>')!, 'ar'));
    expect(englishLeft(ar, { end: 'b', start: 'a' }), ar).toEqual([]);
  });

  it('the check for English left can fail: an English sentence in the Arabic is found, a name as read is not', () => {
    expect(englishLeft('العنصر <a> is not closed', { name: 'a' })).toEqual(['not', 'closed']);
    expect(englishLeft('العنصر <Invoice> غير مغلق، xmlns', { name: 'Invoice' })).toEqual([]);
  });
});

/**
 * The sentences of the reader's source: every string passed to `this.fail(`, `new XmlError(`, `xmlErrorAt(` or the
 * decoder's `invalid(`, each as a pattern where a `${…}` stands for anything. A string inside a `${…}` is an argument
 * of what fills the hole, not a sentence.
 */
const CALL = /\bthis\.fail\(|\bnew XmlError\(|\bxmlErrorAt\(|\binvalid\(/g;
function sentencesOf(source: string): string[] {
  const found: string[] = [];
  for (const call of source.matchAll(CALL)) {
    let depth = 1;
    for (let i = call.index + call[0].length; i < source.length && depth > 0; i++) {
      const c = source[i]!;
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === "'" || c === '"') {
        const end = source.indexOf(c, i + 1);
        found.push(source.slice(i + 1, end).replace(/\\(.)/g, '$1'));
        i = end;
      } else if (c === '`') {
        let text = '';
        for (i++; source[i] !== '`'; i++) {
          if (source[i] === '$' && source[i + 1] === '{') {
            let braces = 1;
            for (i += 2; braces > 0; i++) braces += source[i] === '{' ? 1 : source[i] === '}' ? -1 : 0;
            i--;
            text += '\u0000';
          } else text += source[i];
        }
        found.push(text);
      }
    }
  }
  // The declaration of xmlErrorAt/invalid (a signature, no sentence) and the empty reason src/io/xml.ts locates with.
  return found.filter((s) => s !== '');
}
const shapeOf = (sentence: string) => new RegExp(`^${sentence.split('\u0000').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');
const PROBE = new Proxy({}, { get: (_, k) => `\u0000${String(k)}\u0000` });
/** Each entry's English with a stand-in for each parameter. */
const ENGLISH = Object.entries(REASONS).map(([id, t]) => [id, (t.en as (p: unknown) => string)(PROBE)] as const);

/**
 * The glossary's section "The messages' terms" (docs/glossary.md): a reason whose English uses a term says the term's
 * Arabic (one of its forms), compared as folded() compares them (test/helpers/arabic.ts), as glossary.test.ts does.
 */
function termsOf(markdown: string): Array<{ en: RegExp[]; ar: string[]; row: string }> {
  const section = markdown.slice(markdown.indexOf("## The messages' terms"));
  return section.split('\n').map((line) => line.split('|').slice(1, -1).map((c) => c.trim()))
    .filter((cells) => cells.length === 3 && cells[0] !== 'English' && !/^-+$/.test(cells[0]!))
    .map(([en, ar]) => ({
      row: `${en} | ${ar}`,
      en: en!.split(' / ').map((e) => e.replace(/\s*\([^)]*\)/g, '').trim()).filter(Boolean)
        .map((e) => new RegExp(`(?<![\\w-])${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[- ]/g, '[- ]')}(?![\\w-])`, 'i')),
      ar: ar!.split(' / ').map((a) => folded(a.trim())),
    }));
}
function offTerms(terms: ReturnType<typeof termsOf>, entries: Array<readonly [string, string, string]>): string[] {
  return entries.flatMap(([id, en, ar]) => terms
    .filter((t) => t.en.some((re) => re.test(en)) && !t.ar.some((a) => folded(ar).includes(a)))
    .map((t) => `${id}: "${t.row}"; says: ${ar}`));
}

describe("the XML reader's reasons use the glossary's Arabic", () => {
  const terms = termsOf(readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8'));
  const sample = new Proxy({}, { get: () => 'v' });
  const said = Object.entries(REASONS).filter(([id]) => id.startsWith('reason.xml.'))
    .map(([id, t]) => [id, (t.en as (p: unknown) => string)(sample), (t.ar as (p: unknown) => string)(sample)] as const);

  it('each term of "The messages\' terms" a reason uses in English is said as the glossary says it', () => {
    expect(terms.filter((t) => t.row.startsWith('start tag')).length).toBe(1);
    expect(offTerms(terms, said)).toEqual([]);
  });

  it('the check can fail: an attribute said with another word is found', () => {
    expect(offTerms(terms, [['x', 'attribute x appears twice', 'الخاصية x مكررة']])).toHaveLength(1);
  });
});

describe('every sentence of the XML reader has an entry', () => {
  const sentences = ['src/xpath/xml.ts', 'src/xpath/xml-decode.ts'].flatMap((f) => sentencesOf(readFileSync(join(ROOT, f), 'utf8')));

  it('finds the sentences in the source', () => {
    expect(sentences.length).toBeGreaterThan(45);
    expect(sentences).toContain('no root element');
    expect(sentences).toContain('end tag </\u0000> does not match <\u0000>');
  });

  it('each has a reason.xml entry whose English has its shape', () => {
    const without = sentences.filter((s) => !ENGLISH.some(([id, en]) => id.startsWith('reason.xml.') && shapeOf(s).test(en)));
    expect(without).toEqual([]);
  });

  it('the scan can fail: a sentence added without an entry is found', () => {
    const added = sentencesOf("if (x) this.fail(`a new reason about ${name}`, at); throw new XmlError('another', 1, 1);");
    expect(added).toEqual(['a new reason about \u0000', 'another']);
    expect(added.filter((s) => !ENGLISH.some(([, en]) => shapeOf(s).test(en)))).toHaveLength(2);
  });

  it('each name the reader can expect (`expected ${what}`) has its entry, said in Arabic', () => {
    const source = readFileSync(join(ROOT, 'src/xpath/xml.ts'), 'utf8');
    const whats = [...new Set([...source.matchAll(/this\.(?:q?name)\([^()]*,\s*'([^']+)'\)/g)].map((m) => m[1]!))];
    expect(whats).toEqual(expect.arrayContaining(['an element name', 'an attribute name', 'a processing-instruction target']));
    for (const what of whats) {
      const ref = reasonRef(`expected ${what}`);
      expect(ref?.id, what).toMatch(/^reason\.xml\./);
      const ar = speak(ref!, 'ar')!;
      expect(englishLeft(ar, {}), ar).toEqual([]);
    }
  });

  it('another reader\'s "expected …" is none of them', () => {
    expect(reasonRef('expected an expression')).toBeUndefined();
  });
});
