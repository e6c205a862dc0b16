import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.js';

/*
 * The self-billing rule set is the billing one with other document type codes (ibr-cl-01): both top-level sources
 * include the same rule files, so a rule fixed in one is fixed in both. What keeps them so is this test: the two
 * files may differ only in their description, title and the two code lists.
 */
const read = (file: string) => readFileSync(join(ROOT, 'schematron', file), 'utf8');
const DIFFERING = /^\s*(<sch:title>|<sch:let name="uncl1001-|<!-- ibr-cl-01's|pintae's own PINT-AE|pint-ae-selfbilling\.sch is|The billing rules \(pint-ae\.sch\)|line is pint-ae\.sch's own|Compiled at build time)/;

describe('built-in rule sources', () => {
  it('billing and self-billing differ only in their description and the document type codes of ibr-cl-01', () => {
    const strip = (text: string) => text.split('\n').filter((l) => !DIFFERING.test(l)).join('\n');
    expect(strip(read('pint-ae-selfbilling.sch'))).toBe(strip(read('pint-ae.sch')));
  });

  it('the code lists are the release’s: billing 380 480 / 81 381, self-billing 389 480 / 81 261', () => {
    const lists = (text: string) => [...text.matchAll(/<sch:let name="(uncl1001-[\w-]+)" value="'([^']*)'"/g)].map((m) => `${m[1]}:${m[2]!.trim()}`);
    expect(lists(read('pint-ae.sch'))).toEqual(['uncl1001-invoice:380 480', 'uncl1001-credit-note:81 381']);
    expect(lists(read('pint-ae-selfbilling.sch'))).toEqual(['uncl1001-invoice:389 480', 'uncl1001-credit-note:81 261']);
  });
});
