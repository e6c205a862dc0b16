/**
 * An accountant runs `pintae validate received/` on a folder of UBL XML (or `check exports/` on JSON): "the directory
 * holds no .json files" said nothing of what to do (qa9). The folder's own files name the command to run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discover, XML_INPUTS } from '../../../src/batch/discover.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-other-kind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a directory of the other command\'s documents', () => {
  it('validate on XML names check; check on JSON names validate; neither: as before', () => {
    const xml = join(dir, 'received'); mkdirSync(xml); writeFileSync(join(xml, 'a.xml'), '<Invoice/>');
    const json = join(dir, 'exports'); mkdirSync(json); writeFileSync(join(json, 'a.json'), '{}');
    const none = join(dir, 'empty'); mkdirSync(none); writeFileSync(join(none, 'notes.txt'), '');
    expect(() => discover([xml])).toThrow(`${xml}: the directory holds no .json files, but .xml files: to check UBL invoices or Tax Data Documents, run pintae check ${xml}`);
    expect(() => discover([json], XML_INPUTS)).toThrow(`${json}: the directory holds no .xml files, but .json files: to validate invoice requests, run pintae validate ${json}`);
    expect(() => discover([none])).toThrow(`${none}: the directory holds no .json files`);
  });
});
