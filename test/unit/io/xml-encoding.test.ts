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
