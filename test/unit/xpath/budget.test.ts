import { describe, expect, it } from 'vitest';
import { engine, withinLimits, XPathError, XPathLimit } from '../../../src/xpath/index.js';
import { parseXml } from '../../../src/xpath/xml.js';

/* Limits on one evaluation (src/xpath/budget.ts, issue 21 item 3): what a rule set from anyone may take. */

const doc = parseXml('<r><a/><a/><a/></r>');
const run = (expr: string) => engine.compile(expr, { namespaces: new Map(), variables: new Set() })(doc, new Map());
const limits = (cpuMs: number, heapMb = 4096) => ({ cpuMs, heapBytes: heapMb * 2 ** 20 });
const thrown = (f: () => unknown): unknown => { try { f(); return undefined; } catch (e) { return e; } };

describe('evaluation within limits', () => {
  it('a loop without end stops at the time limit with XPathLimit, which is no XPathError', () => {
    const e = thrown(() => withinLimits(limits(200), () => run('count(for $i in 1 to 999999, $j in 1 to 999999 return $i)')));
    expect(e).toBeInstanceOf(XPathLimit);
    expect(e).not.toBeInstanceOf(XPathError);
    expect(e).toMatchObject({ kind: 'time', limit: 200, message: 'the rules ran longer than the time limit of 0.2 s' });
  });

  it('the same shape of loop through predicates, paths and the simple map', () => {
    for (const expr of ['count((1 to 999999)[(1 to 999999)[. = 0]])', 'count((1 to 999999) ! ((1 to 999999) ! .))', 'count(//a/(1 to 999999)/(1 to 999999))']) {
      expect(thrown(() => withinLimits(limits(200), () => run(expr))), expr).toBeInstanceOf(XPathLimit);
    }
  });

  it('a test of the element\'s shape alone (structural.ts, no path walked) counts as a path\'s start does: many of them stop at the time limit', () => {
    const a = doc.elements[0]!.elements[0]!;
    for (const expr of ['not(*) and not(normalize-space())', '@x = \'y\'']) {
      const { test } = engine.compileTest(expr, { namespaces: new Map(), variables: new Set() });
      expect(thrown(() => withinLimits(limits(1), () => { for (let i = 0; i < 5_000_000; i++) test(a, new Map()); })), expr).toBeInstanceOf(XPathLimit);
    }
  });

  it('a sequence that grows past the memory limit stops with XPathLimit memory', () => {
    const e = thrown(() => withinLimits(limits(600_000, 300), () => run("count(for $i in 1 to 999999, $j in 1 to 999999 return concat('xxxxxxxxxxxxxxxx', $i, $j))")));
    expect(e).toMatchObject({ kind: 'memory', message: 'the rules needed more memory than the limit of 300 MB' });
  });

  it('within the limits, answers are those of an evaluation without them; outside any, nothing is counted against', () => {
    expect(withinLimits(limits(10_000), () => run('count(for $i in 1 to 1000, $j in 1 to 100 return $i)'))).toEqual(run('count(for $i in 1 to 1000, $j in 1 to 100 return $i)'));
    expect(run('count(//a)')).toHaveLength(1);
    // A run that ended (by a limit) leaves none behind: the next one outside any limits is not stopped.
    thrown(() => withinLimits(limits(50), () => run('count(for $i in 1 to 999999, $j in 1 to 999999 return $i)')));
    expect(run('count(for $i in 1 to 2000, $j in 1 to 2000 return $i)')).toHaveLength(1);
  });
});
