/**
 * An XML document saved in Windows-1252/Latin-1 without saying so (an ERP export, a file opened and saved in an
 * editor): read as UTF-8, as libxml2 reads it, and refused at the first such byte. libxml2's words ("invalid bytes in
 * character encoding UTF-8 (0xE9 0x20 …)") say nothing a support person can act on: pintae says what the file
 * probably is and what to do, located, from the same catalogue entries as a JSON file's (in Arabic too).
 */
import { describe, expect, it } from 'vitest';
import { readXmlDocument } from '../../../src/io/xml.js';
import { checkXml } from '../../../src/check.js';
import { reasonRef } from '../../../src/messages/reasons.js';
import { speak } from '../../../src/messages/ref.js';
import { tddOfXml } from '../../../src/tdd/run.js';
import { noteArgv, told } from '../../../src/cli/lang.js';

const DOC = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">\n  <Note>Café Société</Note>\n</Invoice>\n';
const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe('an XML document in an undeclared 8-bit encoding', () => {
  it('Latin-1 bytes: the byte, what the file looks like and what to do, at its line and column', () => {
    const read = readXmlDocument(latin1(DOC));
    expect(read).toEqual({ ok: false, message: 'byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8', line: 3, column: 12 });
    expect(speak(reasonRef(read.ok ? '' : read.message)!, 'ar')).toBe('البايت 0xE9 ليس UTF-8؛ يبدو الملف بترميز Windows-1252 — احفظه بترميز UTF-8');
  });

  it('a request body is called one; the same words reach check', () => {
    const outcome = checkXml(latin1(DOC), undefined, [], 'body');
    expect(outcome.wellFormed).toMatchObject({ ok: false, message: 'byte 0xE9 is not UTF-8; the request body looks like Windows-1252 — save it as UTF-8' });
  });

  it('control characters besides: not text at all, and the fix names XML (not JSON)', () => {
    const read = readXmlDocument(latin1(DOC.replace('Café', '\u0001Café')));
    expect(read).toMatchObject({ ok: false, message: 'byte 0xE9 is not UTF-8; the file does not look like text — give an XML document saved as UTF-8' });
  });

  it('declared ISO-8859-1: read, as libxml2 reads it', () => {
    expect(readXmlDocument(latin1(DOC.replace('UTF-8', 'ISO-8859-1'))).ok).toBe(true);
  });

  it('pintae tdd of such a file says the same, and in Arabic with --lang ar (a reader\'s words read back)', () => {
    const r = tddOfXml(latin1(DOC), undefined, { receiver: '0242:000773', representative: '0242:000001', issued: '2025-02-06T08:00:00+04:00', transportId: '22222222-3333-4444-5555-666666666666' });
    expect(r.error).toMatchObject({ message: 'byte 0xE9 is not UTF-8; the file looks like Windows-1252 — save it as UTF-8', line: 3, column: 12 });
    noteArgv(['--lang', 'ar']);
    try {
      expect(told(r.error!.message, r.error!.said)).toBe('البايت 0xE9 ليس UTF-8؛ يبدو الملف بترميز Windows-1252 — احفظه بترميز UTF-8');
    } finally { noteArgv([]); }
  });
});

/**
 * A received invoice with NUL padding after it (a transfer into a fixed-size buffer) or a Ctrl-Z (the end-of-file
 * mark of old DOS and Windows tools): said as what it is, at its place, rather than "character U+0000 is not allowed
 * in XML". A file cut short and padded, or a NUL inside the document, keep the reader's words.
 */
describe('what follows a whole XML document', () => {
  const whole = Buffer.from(DOC, 'utf8');
  it.each([
    ['one NUL', '\u0000', 'the document is followed by NUL (U+0000) padding, as a file transfer or a tool leaves it — remove it'],
    ['NULs and a line end', '\u0000\u0000\n\u0000', 'the document is followed by NUL (U+0000) padding, as a file transfer or a tool leaves it — remove it'],
    ['a Ctrl-Z', '\u001a', 'the document is followed by Ctrl-Z (U+001A), the end-of-file mark of old DOS and Windows tools — remove it'],
  ])('%s: said as padding, at its line and column', (_, tail, message) => {
    expect(readXmlDocument(Buffer.concat([whole, Buffer.from(tail, 'latin1')]))).toEqual({ ok: false, message, line: 5, column: 1 });
  });

  it('in Arabic', () => {
    expect(speak(reasonRef('the document is followed by Ctrl-Z (U+001A), the end-of-file mark of old DOS and Windows tools — remove it')!, 'ar'))
      .toBe('يلي المستندَ المحرفُ Ctrl-Z (U+001A)، وهو علامة نهاية الملف في أدوات DOS وWindows القديمة — احذفه');
  });

  it('a document cut short and padded, or a NUL inside it: the reader\'s words, not "remove it"', () => {
    expect(readXmlDocument(Buffer.concat([whole.subarray(0, 100), Buffer.alloc(8)]))).toMatchObject({ ok: false, message: 'character U+0000 is not allowed in XML' });
    expect(readXmlDocument(Buffer.from(DOC.replace('Café', '\u0000Café'), 'utf8'))).toMatchObject({ ok: false, message: 'character U+0000 is not allowed in XML', line: 3 });
  });

  it('a megabyte of NULs with text after them: the reader\'s words, read once (an end-anchored search over the run was quadratic: 33 s for 200 KB, past the suite\'s time-out here)', () => {
    const padded = Buffer.concat([whole, Buffer.alloc(1_000_000), Buffer.from('x')]);
    expect(readXmlDocument(padded)).toMatchObject({ ok: false, message: 'character U+0000 is not allowed in XML', line: 5, column: 1 });
    expect(readXmlDocument(Buffer.concat([whole, Buffer.alloc(1_000_000)]))).toMatchObject({ ok: false, message: expect.stringMatching(/^the document is followed by NUL/), line: 5, column: 1 });
  });
});
