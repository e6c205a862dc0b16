/**
 * Commands pintae suggests name the user's path in them ("run pintae check <file>"). Found using pintae on a folder
 * named `فواتير نوفمبر` (a space, as folders made in a file manager have): the line said `run pintae validate
 * فواتير نوفمبر/bad.json`, which a shell splits in two. A path is now one shell word (quoted where it must be), held
 * against the shell itself. Also found: `check` of a JSON file said that advice in English whatever --lang.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellWord } from '../../../src/messages/shell.js';
import { speak } from '../../../src/messages/ref.js';
import { saidOf } from '../../../src/formatters/speak.js';
import { jsonNotXml, xmlNotJson } from '../../../src/io/input-kind.js';
import { discover } from '../../../src/batch/discover.js';
import { UsageError } from '../../../src/io/errors.js';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

describe('a path in a suggested command is one shell word', () => {
  it('plain names stay as they are; others are quoted; a name starting with "-" is not an option; "-" is standard input', () => {
    expect(shellWord('exports/a.json')).toBe('exports/a.json');
    expect(shellWord('فواتير/فاتورة١.json')).toBe('فواتير/فاتورة١.json');
    expect(shellWord('فواتير نوفمبر/bad.json')).toBe("'فواتير نوفمبر/bad.json'");
    expect(shellWord("it's.json")).toBe("'it'\\''s.json'");
    expect(shellWord('-x.json')).toBe('./-x.json');
    expect(shellWord('-')).toBe('-');
    expect(shellWord('~/a.json')).toBe("'~/a.json'");
    for (const w of ['a b', "it's", '$HOME', 'plain.json']) expect(shellWord(shellWord(w))).toBe(shellWord(w));
  });

  it('the shell reads back each word as the path it names (2,000 seeded names of spaces, quotes, $, globs, ;, Arabic, newlines)', () => {
    const next = random(20261127);
    const alphabet = [..."ab.-_/ '\"$`\\*?[]{}();&|<>!#~=%,:@+\t\nفاتورة١"];
    const words = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''))
      .filter((w) => !/^'(?:[^']|'\\'')*'$/.test(w) && w !== '-');
    const script = `printf '%s\\0' ${words.map(shellWord).join(' ')}`;
    const read = execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8', maxBuffer: 1 << 24 }).split('\0').slice(0, -1);
    expect(read).toEqual(words.map((w) => (w.startsWith('-') ? `./${w}` : w)));
  });
});

describe('the advice naming the other command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pintae shell words '));
  it('check of JSON, validate of XML, a folder of the other kind: the path quoted, and said in Arabic when read back from a report', () => {
    const file = join(dir, 'my bad.json');
    const json = jsonNotXml(Buffer.from('{"invoice_number": "A"}'), file)!;
    expect(json).toBe(`this holds JSON, not XML: to validate an invoice request body, run pintae validate '${file}'`);
    const xml = xmlNotJson('<Invoice/>', 'plain.xml')!;
    expect(xml).toBe('this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check plain.xml');
    for (const [message, ar] of [[json, `هذا المدخل يحوي JSON، لا XML: للتحقق من نص طلب فاتورة شغّل pintae validate '${file}'`],
      [xml, 'هذا المدخل يحوي XML، لا نص طلب فاتورة (JSON): لفحص فاتورة UBL شغّل pintae check plain.xml']] as const) {
      // As an unreadable input's error crosses a worker thread: its English only.
      const said = saidOf({ findings: [], error: { message } })[message];
      expect(said && speak(said, 'ar')).toBe(ar);
    }
    const received = join(dir, 'received invoices');
    mkdirSync(received);
    writeFileSync(join(received, 'a.xml'), '<Invoice/>');
    const e = (() => { try { discover([received]); } catch (x) { return x as UsageError; } throw new Error('found'); })();
    expect(e.message).toBe(`${received}: the directory holds no .json files, but .xml files: to check UBL invoices or Tax Data Documents, run pintae check '${received}'`);
    expect(speak(e.said!, 'ar')).toMatch(new RegExp(`شغّل pintae check '${received.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'$`));
    rmSync(dir, { recursive: true, force: true });
  });
});
