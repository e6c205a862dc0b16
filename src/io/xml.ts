import { saxon } from './saxon.js';

export type XmlCheck = { ok: true } | { ok: false; message: string; line?: number; column?: number };

/**
 * Well-formedness with the failure located. A document type declaration is refused outright: an invoice never needs
 * one, and refusing it means no external entity or DTD is ever resolved (no XXE).
 */
export function checkWellFormed(text: string): XmlCheck {
  const doctype = /<!DOCTYPE/i.exec(text);
  if (doctype) {
    const before = text.slice(0, doctype.index);
    return { ok: false, message: 'a DOCTYPE declaration is not allowed (DTDs and external entities are never resolved)', line: before.split('\n').length, column: doctype.index - before.lastIndexOf('\n') };
  }
  if (text.trim() === '') return { ok: false, message: 'the file is empty', line: 1, column: 1 };
  try {
    saxon().XPath.evaluate('parse-xml($xml)', null, { params: { xml: text } });
    return { ok: true };
  } catch (e) {
    const message = (e as Error).message;
    // Saxon-JS's parser counts lines from 0: "Unexpected close tag at line 1 column 9".
    const at = /at line (\d+) column (\d+)/.exec(message);
    return at
      ? { ok: false, message: message.replace(/\s*at line \d+ column \d+.*$/s, ''), line: Number(at[1]) + 1, column: Number(at[2]) }
      : { ok: false, message: message.split('\n')[0]! };
  }
}
