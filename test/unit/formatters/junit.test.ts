/**
 * The `junit` format, parsed (Saxon-JS parse-xml) and checked against the JUnit XML shape CI systems read (the
 * Jenkins/Ant junit schema: <testsuites> of <testsuite name tests failures errors> holding optional <properties>, then
 * <testcase name classname> whose children are <failure>, <error>, <skipped>, <system-out>, <system-err>).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error saxon-js ships no type declarations
import SaxonJS from 'saxon-js';
import { junit } from '../../../src/formatters/junit.js';
import { finding, mixedReport, reportOf, validated } from './support.js';

function xpath(xml: string) {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  return {
    all: (expr: string): string[] => (SaxonJS.XPath.evaluate(`for $n in (${expr}) return string($n)`, doc, { resultForm: 'array' }) as unknown[]).map(String),
    one(expr: string): string { const v = this.all(expr); expect(v, expr).toHaveLength(1); return v[0]!; },
    count: (expr: string): number => Number(SaxonJS.XPath.evaluate(`count(${expr})`, doc)),
    bool: (expr: string): boolean => Boolean(SaxonJS.XPath.evaluate(`boolean(${expr})`, doc)),
  };
}

/** The structure JUnit readers rely on, whatever the content. */
function expectJUnitShape(x: ReturnType<typeof xpath>): void {
  expect(x.count('/testsuites')).toBe(1);
  expect(x.bool('/testsuites/*[not(self::testsuite)]')).toBe(false);
  expect(x.bool('//testsuite[not(@name) or not(@tests) or not(@failures) or not(@errors)]')).toBe(false);
  expect(x.bool('//testsuite/*[not(self::properties or self::testcase)]')).toBe(false);
  expect(x.bool('//testsuite/properties[preceding-sibling::testcase]')).toBe(false);
  expect(x.bool('//testcase[not(@name) or not(@classname)]')).toBe(false);
  expect(x.bool('//testcase/*[not(self::failure or self::error or self::skipped or self::system-out or self::system-err)]')).toBe(false);
  // Counts agree with the elements: tests = testcases, failures/errors = testcases holding one.
  expect(x.bool('//testsuite[number(@tests) ne count(testcase) or number(@failures) ne count(testcase[failure]) or number(@errors) ne count(testcase[error])]')).toBe(false);
  expect(x.one('/testsuites/@tests')).toBe(String(x.count('//testcase')));
  expect(x.one('/testsuites/@failures')).toBe(String(x.count('//testcase[failure]')));
  expect(x.one('/testsuites/@errors')).toBe(String(x.count('//testcase[error]')));
}

describe('junit format', () => {
  // Issue 24 item 6: one testcase per finding, a testsuite per input file, as ESLint's junit formatter makes them
  // (several <failure> elements in one testcase showed as the first in most viewers).
  it('gives one testsuite per input file and one testcase per finding; each error a failure with section, rule and message', () => {
    const x = xpath(junit(mixedReport(), { color: false }));
    expectJUnitShape(x);
    expect(x.count('//testcase[count(failure | error) gt 1]')).toBe(0);
    expect(x.all('//testsuite/@name')).toEqual(['in/a.json', 'in/b.json', 'in/c.json']);
    expect(x.all("//testsuite[@name='in/a.json']/testcase/@name")).toEqual(['INV-1', 'INV-2: ibr-127-ae', 'INV-2: ibr-190-ae', 'INV-2: ibr-w-01']);
    expect(x.all("//testsuite[@name='in/a.json']/testcase/@classname")).toEqual(['in/a.json', 'in/a.json', 'in/a.json', 'in/a.json']);
    expect(x.count("//testcase[@name='INV-1']/*")).toBe(0);
    expect(x.all("//testcase[starts-with(@name, 'INV-2')]/failure/@type")).toEqual(['ibr-127-ae', 'ibr-190-ae']);
    expect(x.one("//testcase[@name='INV-2: ibr-127-ae']/failure/@message")).toBe('due_date is required when the amount due is above zero');
    expect(x.one("//testcase[@name='INV-2: ibr-127-ae']/failure")).toBe('section: invoice_header\nrule: ibr-127-ae\nfield: due_date\nmessage: due_date is required when the amount due is above zero');
    // A warning that does not fail the run is a passed testcase that says it.
    expect(x.count("//testcase[@name='INV-2: ibr-w-01']/failure")).toBe(0);
    expect(x.one("//testcase[@name='INV-2: ibr-w-01']/system-out")).toMatch(/^warning: section: tax; rule: ibr-w-01; location: \/Invoice\/cac:TaxTotal\[1\]; message: Tax total should be rounded$/);
    expect(x.one("//testsuite[@name='in/b.json']/testcase/failure/@type")).toBe('pintae/rejected');
    expect(x.one("//testsuite[@name='in/c.json']/testcase/error/@type")).toBe('pintae/unreadable');
    expect(x.one("//testsuite[@name='in/c.json']/testcase/@name")).toBe('(unreadable): pintae/unreadable (line 3, column 7)');
    expect(x.one("//testsuite[@name='in/c.json']/testcase/error")).toContain('line: 3, column 7');
    expect(x.all('/testsuites/(@tests, @failures, @errors)')).toEqual(['6', '3', '1']);
  });

  it('lists the overrides in force as properties of every suite, and moved or suppressed findings in system-out', () => {
    const x = xpath(junit(mixedReport({ 'ibr-127-ae': 'off', 'ibr-190-ae': 'warning' }), { color: false }));
    expectJUnitShape(x);
    expect(x.count('//testsuite[not(properties)]')).toBe(0);
    expect(x.all("//testsuite[1]/properties/property/concat(@name, '=', @value)")).toEqual(['pintae.rule-override.ibr-127-ae=off', 'pintae.rule-override.ibr-190-ae=warning']);
    expect(x.count("//testcase[starts-with(@name, 'INV-2')]/failure")).toBe(0);
    expect(x.one("//testcase[@name='INV-2: ibr-190-ae']/system-out")).toContain('warning: section: invoice_items; rule: ibr-190-ae; field: line_items[0].tax_amount; severity: error → warning by rule override');
    expect(x.one("//testcase[@name='INV-2: ibr-127-ae']/system-out")).toContain('off (rule override): section: invoice_header; rule: ibr-127-ae');
  });

  it('makes warnings failures under --fail-severity warning', () => {
    const x = xpath(junit(mixedReport({}, 'warning'), { color: false }));
    expect(x.all("//testcase[starts-with(@name, 'INV-2')]/failure/@type")).toEqual(['ibr-127-ae', 'ibr-190-ae', 'ibr-w-01']);
  });

  it('escapes markup and drops characters XML cannot carry, so any message parses back as sent', () => {
    const message = 'a <b> & "c" \'d\' \u0001 e\nf';
    const r = validated('dir/<odd> & "name".json', 'INV-<1>', [finding('error', 'tax', message, { rule: 'ibr-x' })]);
    const x = xpath(junit(reportOf([r]), { color: false }));
    expect(x.one('//testsuite/@name')).toBe('dir/<odd> & "name".json');
    expect(x.one('//testcase/@name')).toBe('INV-<1>: ibr-x');
    expect(x.one('//failure/@message')).toBe('a <b> & "c" \'d\' \uFFFD e\nf');
    expect(x.one('//failure')).toContain('message: a <b> & "c" \'d\' \uFFFD e\nf');
  });
});
