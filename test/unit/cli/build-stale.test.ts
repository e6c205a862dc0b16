import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlWriter } from '../../../src/cli/xml-out.js';
import { CLI } from '../../../src/messages/cli.js';
import type { InvoiceResult } from '../../../src/model/report.js';

/**
 * `pintae build exports/ --out-dir xml/` run again after an invoice was edited and broke: build writes only valid
 * invoices, so xml/<name>.xml of the earlier run stays. Whoever sends what is in xml/ would send the old invoice as if
 * it were this one. The file is not removed (it may be the user's own), but the run says so, by its path.
 */
const result = (file: string, valid: boolean, index: number | null = null): InvoiceResult =>
  ({ file, index, valid, rejected: false, response: null, xml: valid ? '<Invoice/>' : null } as unknown as InvoiceResult);
const verdict = { judge: (r: InvoiceResult) => r };

describe('build over an --out-dir holding an earlier run\'s XML', () => {
  it('an input that fails now: its old XML is named, left as it was; a valid one is written; no old file, nothing said', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-stale-'));
    writeFileSync(join(dir, 'broken.xml'), 'old');
    writeFileSync(join(dir, 'bulk-1.xml'), 'old');
    const told: Array<[string, string]> = [];
    const write = xmlWriter(dir, 'build', verdict, (path, input) => { told.push([path, input]); });
    write(result('in/broken.json', false));
    write(result('in/fine.json', true));
    write(result('in/never-built.json', false));
    write(result('in/bulk.json', false, 1));
    expect(told).toEqual([[join(dir, 'broken.xml'), 'in/broken.json'], [join(dir, 'bulk-1.xml'), 'in/bulk.json [1]']]);
    expect(readFileSync(join(dir, 'broken.xml'), 'utf8')).toBe('old');
    expect(existsSync(join(dir, 'fine.xml'))).toBe(true);
  });

  it('validate --out-dir writes every invoice\'s XML: nothing to say there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-stale-'));
    writeFileSync(join(dir, 'broken.xml'), 'old');
    const told: string[] = [];
    xmlWriter(dir, 'validate', verdict, (path) => { told.push(path); })(result('broken.json', false));
    expect(told).toEqual([]);
  });

  it('the words, in English and Arabic', () => {
    const p = { path: 'xml/a.xml', input: 'exports/a.json', dir: 'xml/' };
    expect(CLI['cli.build-stale'].en(p)).toBe('xml/a.xml is left from an earlier run: exports/a.json failed this time, so its XML was not written — remove the old file before sending what is in xml/');
    expect(CLI['cli.build-stale'].ar(p)).toBe('xml/a.xml باقٍ من تشغيل سابق: فشل exports/a.json هذه المرة فلم يُكتب ملف XML الخاص به — احذف الملف القديم قبل إرسال ما في xml/');
  });
});
