import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString, getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileNative } from '../../../src/schematron/native.js';
import { engine, type XDocument } from '../../../src/xpath/index.js';
import { parseXml } from '../../../src/xpath/xml.js';

/*
 * What the native runner and the evaluator keep per document (the walk in document order, the root's child index, key
 * indexes) lives on the document (XDocument.memo), not in a WeakMap beside the tree: V8 keeps a WeakMap's value alive
 * through its young-generation collections while the key lives, so a value that reaches the tree made every document
 * judged survive them into the old generation (docs/decisions.md, "Per-document state kept by the document").
 * Measured by what reaches the old generation, never by time. This file runs in a process of its own (vitest.config.ts:
 * test/unit/schematron is isolated), so the flag that exposes the collector touches no other test.
 */

const ROOT = join(import.meta.dirname, '../../..');
const INVOICE = readFileSync(join(ROOT, 'test/unit/ubl/golden/standard.xml'), 'utf8');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

describe('per-document state of the native runner', () => {
  it('is kept by the document: a judged document and its tree die young, as a document only read does', async () => {
    const schema = readFileSync(join(ROOT, 'schematron/pint-ae.sch'), 'utf8');
    const rules = await compileNative(schema, engine, { baseDir: join(ROOT, 'schematron') });
    const doc: XDocument = parseXml(INVOICE);
    const results = rules.results(doc);
    // The walk and the root's child index are in the document's memo (the root has more than 12 element children).
    expect(doc.memo?.size).toBeGreaterThanOrEqual(2);
    expect(rules.results(doc)).toEqual(results);

    // Warm: every rule the document reaches compiled, the process's tables filled.
    for (let i = 0; i < 50; i++) rules.results(parseXml(INVOICE));
    const N = 100;
    // N documents read and dropped, then N judged and dropped, with a scavenge every few: the judged ones' trees must
    // not reach the old generation either (what else grows there, the evaluator's own tables, is far smaller). The
    // least of three rounds: a tree kept by the runner shows in every round, the collector's own timing (a marking
    // that happens to start during one) does not.
    const grown = (each: () => void) => {
      gc(); gc();
      const start = oldSpace();
      for (let i = 0; i < N; i++) { each(); if (i % 5 === 4) gc({ type: 'minor' }); }
      return oldSpace() - start;
    };
    const rounds = [0, 1, 2].map(() => {
      const readBytes = grown(() => parseXml(INVOICE));
      const judgedBytes = grown(() => rules.results(parseXml(INVOICE)));
      return { readBytes, judgedBytes, extra: judgedBytes - readBytes };
    });
    // What the trees of N documents take in the old generation when they are kept (promoted by two scavenges).
    gc(); gc();
    const before = oldSpace();
    const kept = Array.from({ length: N }, () => parseXml(INVOICE));
    gc({ type: 'minor' }); gc({ type: 'minor' });
    const keptBytes = oldSpace() - before;
    expect(kept.length).toBe(N);
    const least = Math.min(...rounds.map((r) => r.extra));
    expect(least, `old generation grew judging more than reading by ${rounds.map((r) => r.extra).join(', ')} bytes; keeping the ${N} trees takes ${keptBytes}`)
      .toBeLessThan(keptBytes / 4);
  });

  // The process-wide tables of the evaluator (a memoised function's results by argument, parsed decimals, contains()
  // answers, compiled patterns) are keyed by values read from documents. V8 makes a string of 13 characters or more
  // sliced from a text a view of that text, so a kept key kept the whole document it came from (210 KB per 200 KB
  // document judged by the built-in rules, for as long as the process runs): keys and kept results are copies.
  it('keeps no document\'s text in its tables: values read from documents are kept as copies', async () => {
    const PAD = `<!--${'p'.repeat(400_000)}-->`;
    // Each document's texts made long and its own (a 15-digit suffix), behind 400 KB that only the text holds.
    const docs = (n: number, base: string, from = 0) => Array.from({ length: n }, (_, i) => {
      const u = String(100_000_000_000_000 + (from + i) * 7919);
      return base.replace(/>([^<>]{3,})</g, (_m, t: string) => `>${t}${u}<`).replace(/^(<\?xml[^>]*\?>)?/, (decl) => `${decl}${PAD}`);
    });
    const used = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
    const keptPerDocument = async (schema: string, baseDir: string, base: string) => {
      const rules = await compileNative(schema, engine, { baseDir });
      // Compiled and warm on documents of the same shape (a first comment, a first long text take paths of their own
      // whose code and feedback land in the heap once); the tables take these few and the N more.
      for (const warm of docs(3, base, 1_000)) rules.results(warm);
      const N = 40; // fewer than the 64 long texts the contains() table holds, with what the first test left there
      const texts = docs(N, base);
      const before = used();
      for (let i = 0; i < N; i++) { rules.results(texts[i]!); texts[i] = ''; }
      return (used() - before) / N;
    };
    // Every table at once: a schema's own function, decimal casts, contains() on a long text (kept from 256
    // characters), a pattern that a document gives.
    const own = await keptPerDocument(`<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f" queryBinding="xslt2">
  <sch:ns prefix="f" uri="urn:f"/><sch:ns prefix="xs" uri="http://www.w3.org/2001/XMLSchema"/>
  <xsl:function name="f:tail" as="xs:string"><xsl:param name="s" as="xs:string"/><xsl:sequence select="substring($s, 2)"/></xsl:function>
  <sch:pattern><sch:rule context="//*[not(*)]">
    <sch:assert id="m" test="string-length(f:tail(.)) ge 0">m</sch:assert>
    <sch:assert id="d" test="not(. castable as xs:decimal) or xs:decimal(.) ge -1e30">d</sch:assert>
    <sch:assert id="c" test="not(contains(., 'zz'))">c</sch:assert>
    <sch:assert id="r" test="not(matches('-', .))">r</sch:assert>
  </sch:rule></sch:pattern>
</sch:schema>`, ROOT, `<r><a>12345.5</a><b>some long text here</b><c>AE</c><d>${'a list of codes '.repeat(20)}</d></r>`);
    // After the schema above: the built-in rules fill the contains() table, which is dropped whole at 64 texts.
    const builtin = await keptPerDocument(readFileSync(join(ROOT, 'schematron/pint-ae.sch'), 'utf8'), join(ROOT, 'schematron'), INVOICE);
    // 400 KB a document when a kept key keeps its text. Kept as copies, what the tables hold is each document's own
    // values, a few KB, but measured from the heap it swings from nothing to ~25 KB a document (a bounded table dropped
    // whole during the run, or not; CI once saw 20.5 KB): a quarter of the text keeps both sides of the line clear.
    const line = 100_000;
    expect(builtin, 'bytes kept per document by the built-in rules').toBeLessThan(line);
    expect(own, 'bytes kept per document by a schema using every table').toBeLessThan(line);
  });
});
