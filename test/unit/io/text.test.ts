/**
 * Issue 22, item 1: the one decoder of the text files pintae reads. UTF-8 with or without a byte-order mark and
 * UTF-16 with one are read; anything else is refused at its byte, located in the text as the user sees it, with a
 * guess at what the file is; nothing is ever replaced by U+FFFD.
 */
import { describe, expect, it } from 'vitest';
import { answerText, decodeText, textOrThrow, UndecodableText, usageText } from '../../../src/io/text.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const cp1252 = (s: string) => Buffer.from([...s].map((c) => ({ '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 } as Record<string, number>)[c] ?? c.charCodeAt(0)));
const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const utf16be = (s: string) => Buffer.from(utf16le(s)).swap16();
/** Windows-1256 for the few Arabic letters used here. */
const cp1256 = (s: string) => Buffer.from([...s].map((c) => ({ 'ش': 0xd4, 'ر': 0xd1, 'ك': 0xdf, 'ة': 0xc9, 'ا': 0xc7, 'ل': 0xe1, 'ن': 0xe4, 'و': 0xe6 } as Record<string, number>)[c] ?? c.charCodeAt(0)));

const TEXT = '{\n  "buyer": {\n    "name": "Café Société LLC — 𝒳 وثيقة"\n  }\n}\n';

describe('what is read', () => {
  it.each([
    ['UTF-8', utf8(TEXT)],
    ['UTF-8 with a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(TEXT)])],
    ['UTF-16LE with a byte-order mark', utf16le(TEXT)],
    ['UTF-16BE with a byte-order mark', utf16be(TEXT)],
  ])('%s: the text, without its byte-order mark', (_, bytes) => {
    expect(decodeText(bytes)).toEqual({ ok: true, text: TEXT });
  });

  it('an empty file is empty text', () => {
    expect(decodeText(new Uint8Array())).toEqual({ ok: true, text: '' });
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf]))).toEqual({ ok: true, text: '' });
  });
});

describe('what is refused, where, and what the file looks like', () => {
  it('Windows-1252 (older ERP exports, Excel): at the first byte that is not UTF-8, on its line and column', () => {
    expect(decodeText(cp1252('{\n  "buyer": {\n    "name": "Café Société LLC"\n  }\n}\n'))).toEqual({
      ok: false, line: 3, column: 17, message: 'byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8',
    });
  });

  it('Windows-1252 punctuation (0x80–0x9F) is Windows-1252 too', () => {
    const r = decodeText(cp1252('{"note": “quoted” – 5 €}'));
    expect(r).toMatchObject({ ok: false, line: 1, column: 10, message: expect.stringContaining('byte 0x93 is not UTF-8; the file looks like Windows-1252') });
  });

  it('columns count characters as the rest of pintae does (UTF-16 code units), after CR LF line ends too', () => {
    const bytes = Buffer.concat([utf8('{\r\n"a": "𝒳é", "b": "'), Buffer.from([0xe9]), utf8('"}')]);
    expect(decodeText(bytes)).toMatchObject({ ok: false, line: 2, column: 19 });
  });

  it('a file with a byte-order mark counts its columns without it', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a": "'), Buffer.from([0xe9]), utf8('"}')]);
    expect(decodeText(bytes)).toMatchObject({ ok: false, line: 1, column: 8 });
  });

  it('an Arabic 8-bit code page (words of high bytes) is not called Windows-1252', () => {
    const r = decodeText(cp1256('{"name": "شركة النور"}'));
    expect(r).toMatchObject({ ok: false, line: 1, column: 11 });
    if (r.ok) return;
    expect(r.message).toBe('byte 0xD4 is not UTF-8; the file looks like an 8-bit code page other than Windows-1252 (such as Windows-1256 for Arabic) — save it as UTF-8');
  });

  it('UTF-8 with one stray byte: two encodings mixed', () => {
    const bytes = Buffer.concat([utf8('{"a": "Société", "b": "Caf'), Buffer.from([0xe9]), utf8('"}')]);
    expect(decodeText(bytes)).toMatchObject({ ok: false, line: 1, column: 27, message: expect.stringContaining('the rest of the file is UTF-8') });
  });

  it('a file cut short inside a character', () => {
    const whole = utf8('{"a": "€');
    expect(decodeText(whole.subarray(0, whole.length - 1))).toMatchObject({ ok: false, line: 1, column: 8, message: 'byte 0xE2 is not UTF-8: the file ends inside a character — it may be cut short' });
  });

  it('binary content (the start of a PNG image) is not text', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(decodeText(bytes)).toMatchObject({ ok: false, message: expect.stringContaining('does not look like text') });
  });

  it.each([
    ['UTF-16LE', Buffer.from('{"a": 1}', 'utf16le')],
    ['UTF-16BE', Buffer.from('{"a": 1}', 'utf16le').swap16()],
  ])('%s without a byte-order mark: said so, at the start', (name, bytes) => {
    expect(decodeText(bytes)).toEqual({ ok: false, line: 1, column: 1, message: `the file looks like ${name} without a byte-order mark (a zero byte in every other place) — save it as UTF-8, or as UTF-16 with a byte-order mark` });
  });

  it('UTF-16 with a byte-order mark: a lone surrogate, or an odd last byte', () => {
    const lone = Buffer.concat([utf16le('{"a":\n"x'), Buffer.from([0x00, 0xd8, 0x41, 0x00])]);
    expect(decodeText(lone)).toMatchObject({ ok: false, line: 2, column: 3, message: expect.stringContaining('bytes 0x00 0xD8 are half of a UTF-16LE surrogate pair') });
    const odd = Buffer.concat([utf16be('{}'), Buffer.from([0x00])]);
    expect(decodeText(odd)).toMatchObject({ ok: false, line: 1, column: 3, message: expect.stringContaining('the file ends inside a character: UTF-16BE text has an even number of bytes') });
  });

  it('UTF-32 is named, not read as UTF-16', () => {
    expect(decodeText(Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]))).toMatchObject({ ok: false, line: 1, column: 1, message: expect.stringContaining('UTF-32') });
  });

  it('never U+FFFD: every refusal, whatever the bytes', () => {
    for (let b = 0x80; b <= 0xff; b++) {
      const r = decodeText(Buffer.from([0x7b, 0x22, b, 0x22, 0x7d]));
      if (r.ok) throw new Error(`byte ${b} read`);
      expect(r.message).not.toContain('\uFFFD');
    }
  });
});

describe('the forms callers take', () => {
  const bytes = cp1252('{"name": "Café"}');
  it('textOrThrow: an UndecodableText (an input error) that carries its place', () => {
    let error: unknown;
    try { textOrThrow(bytes); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(UndecodableText);
    expect(error).toMatchObject({ line: 1, column: 14, message: expect.stringMatching(/^1:14: byte 0xE9 is not UTF-8/) });
  });

  it('usageText: a usage error at file:line:column', () => {
    expect(() => usageText(bytes, 'seller.json')).toThrow(/^seller\.json:1:14: byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8$/);
  });

  it('answerText: words about an answer that is not text, never the answer with U+FFFD in it', () => {
    expect(answerText(utf8('{"message":"ok"}'))).toBe('{"message":"ok"}');
    const said = answerText(bytes);
    expect(said).toMatch(/^\(an answer that is not text pintae reads, not shown: 1:14: byte 0xE9 is not UTF-8; the answer looks like Windows-1252\)$/);
  });
});
