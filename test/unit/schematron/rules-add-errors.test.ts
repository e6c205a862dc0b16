import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addRuleSet } from '../../../src/schematron/rulesets.js';

/**
 * `rules add` of a single .sch that is no Schematron schema says why and where, instead of "no rule files found"; a
 * schema is judged well-formed by pintae's strict reader (xmlbuilder2 alone took an unclosed sch:pattern).
 */
const dir = mkdtempSync(join(tmpdir(), 'pintae-add-errors-'));
const env = { PINTAE_CACHE_DIR: join(dir, 'cache') };
const file = (name: string, text: string) => { const path = join(dir, name); writeFileSync(path, text); return path; };
const refusal = (path: string) => addRuleSet(path, { env }).then(() => 'added', (e: Error) => e.message);

describe('rules add of a .sch that is not a Schematron schema', () => {
  it('a schema that is not well-formed: the line and column where the XML breaks', async () => {
    const path = file('broken.sch', '<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron">\n  <sch:pattern>\n</sch:schema>\n');
    expect(await refusal(path)).toBe(`${path}:3:3: not well-formed XML: end tag </sch:schema> does not match <sch:pattern>`);
  });

  it('a file that is not XML at all: where it breaks', async () => {
    const path = file('notxml.sch', '<notxml\n');
    expect(await refusal(path)).toMatch(new RegExp(`^${path}:2:1: not well-formed XML: `));
  });

  it('empty: said so, at 1:1', async () => {
    expect(await refusal(file('empty.sch', ''))).toBe(`${join(dir, 'empty.sch')}:1:1: not well-formed XML: the file is empty`);
  });

  it('another vocabulary: names the root it found and the one expected', async () => {
    const path = file('other.sch', '<schema xmlns="http://www.w3.org/2001/XMLSchema"/>');
    expect(await refusal(path)).toBe(`${path}: not an ISO Schematron schema (its root element is {http://www.w3.org/2001/XMLSchema}schema; expected schema in the namespace http://purl.oclc.org/dsdl/schematron)`);
  });

  it('a directory without rule files keeps its words', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pintae-add-none-'));
    expect(await refusal(empty)).toBe(`${empty}: no rule files found (.sch, .xslt or .sef.json)`);
  });
});
