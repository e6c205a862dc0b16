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
});
