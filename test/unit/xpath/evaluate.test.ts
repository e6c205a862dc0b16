// pintae's XPath evaluator on small literal documents: expected values from the XPath 3.1 specification.
import { describe, expect, it } from 'vitest';
import { XPathError, XPathUnsupported, type Item, type Sequence } from '../../../src/xpath/api.js';
import { engine } from '../../../src/xpath/index.js';
import { location } from '../../../src/xpath/location.js';
import { stringOf, type Atomic } from '../../../src/xpath/values.js';
import { parseXml } from '../../../src/xpath/xml.js';

const NS = new Map([['a', 'urn:a'], ['b', 'urn:b']]);
const DOC = parseXml(`<r xmlns="urn:a" xmlns:b="urn:b" id="r1"><x n="1">one</x><b:x n="2">two</b:x><x n="3">three<y>!</y></x><z/></r>`);

function show(seq: Sequence): string[] {
  return seq.map((it: Item) => ('atomic' in it ? `${(it as Atomic).type}:${stringOf(it as Atomic)}` : `node:${location(it)}`));
}
function run(expr: string, item: Item | null = DOC, vars: Record<string, Sequence> = {}): string[] {
  const fn = engine.compile(expr, { namespaces: NS, variables: new Set(Object.keys(vars)) });
  return show(fn(item ?? undefined, new Map(Object.entries(vars))));
}
function errorCode(expr: string): string {
  try { run(expr); } catch (e) { if (e instanceof XPathError) return e.code; throw e; }
  return 'no error';
}

describe('paths', () => {
  it('child and attribute steps with prefixes', () => {
    expect(run('/a:r/a:x')).toEqual(['node:/r/x[1]', 'node:/r/x[3]']);
    expect(run('/a:r/b:x/@n')).toEqual(['node:/r/x[2]/@n']);
    expect(run('/*/*')).toEqual(['node:/r/x[1]', 'node:/r/x[2]', 'node:/r/x[3]', 'node:/r/z']);
    expect(run('//a:y/../@n')).toEqual(['node:/r/x[3]/@n']);
    expect(run('/a:r/*:x[2]')).toEqual(['node:/r/x[2]']);
    expect(run('(//a:x)[last()]')).toEqual(['node:/r/x[3]']);
  });
  it('reverse axes count positions from the context node but return document order', () => {
    expect(run('//a:y/ancestor::*[1]')).toEqual(['node:/r/x[3]']);
    expect(run('//a:y/ancestor::*')).toEqual(['node:/r', 'node:/r/x[3]']);
    expect(run('/a:r/a:z/preceding-sibling::*[1]/@n')).toEqual(['node:/r/x[3]/@n']);
  });
  it('a last step may give atomic values', () => {
    expect(run('/a:r/a:x/string(@n)')).toEqual(['string:1', 'string:3']);
  });
  it('union, intersect, except in document order without duplicates', () => {
    expect(run('/a:r/a:z | /a:r/a:x | /a:r/a:x')).toEqual(['node:/r/x[1]', 'node:/r/x[3]', 'node:/r/z']);
    expect(run('/a:r/* except /a:r/a:x')).toEqual(['node:/r/x[2]', 'node:/r/z']);
    expect(run('/a:r/* intersect /a:r/b:x')).toEqual(['node:/r/x[2]']);
  });
  it('predicates: numeric means position, anything else its effective boolean value', () => {
    expect(run('/a:r/a:x[@n = 3]/@n')).toEqual(['node:/r/x[3]/@n']);
    expect(run('/a:r/a:x[2 - 1]/@n')).toEqual(['node:/r/x[1]/@n']);
    expect(run('(1, 2, 3)[. > 1][1]')).toEqual(['integer:2']);
  });
});

describe('expressions', () => {
  it('literals keep their types', () => {
    expect(run('12, 1.5, 1e3, "a""b", \'c\'\'d\'')).toEqual(['integer:12', 'decimal:1.5', 'double:1000', 'string:a"b', "string:c'd"]);
  });
  it('for, let, some, every, if, simple map, range', () => {
    expect(run('for $i in 1 to 3 return $i * 2')).toEqual(['integer:2', 'integer:4', 'integer:6']);
    expect(run('let $a := 2, $b := $a + 1 return $a * $b')).toEqual(['integer:6']);
    expect(run('some $x in (1, 2) satisfies $x gt 1, every $x in (1, 2) satisfies $x gt 1')).toEqual(['boolean:true', 'boolean:false']);
    expect(run('if (()) then 1 else 2')).toEqual(['integer:2']);
    expect(run('(1, 2) ! (. + 1)')).toEqual(['integer:2', 'integer:3']);
    expect(run('3 to 1')).toEqual([]);
  });
  it('arithmetic keeps decimals exact', () => {
    expect(run('0.1 + 0.2 = 0.3')).toEqual(['boolean:true']);
  });
  it('comments nest', () => {
    expect(run('1 (: a (: b :) c :) + 1')).toEqual(['integer:2']);
  });
  it('external variables', () => {
    expect(run('$v', null, { v: [] })).toEqual([]);
  });
});

describe('errors', () => {
  it('static errors at compile time', () => {
    expect(() => run('$nope')).toThrow(XPathError);
    expect(() => run('nope:x')).toThrow(/XPST0081/);
    expect(() => run('1 +')).toThrow(/XPST0003/);
  });
  it('unsupported constructs', () => {
    expect(() => run('map { 1: 2 }')).toThrow(XPathUnsupported);
    expect(() => run('1 => string()')).toThrow(XPathUnsupported);
  });
  it('dynamic errors', () => {
    expect(errorCode('(1, 2)/a:x')).toBe('XPTY0019');
    expect(errorCode('/a:r/(a:x, 1)')).toBe('XPTY0018');
    expect(() => run('.', null)).toThrow(/XPDY0002/);
    expect(errorCode('1.5 to 3')).toBe('XPTY0004');
  });
});
