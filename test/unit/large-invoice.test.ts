/**
 * A large invoice (issue 11, unbounded resources) gets the verdict a small one of the same lines gets, each finding
 * at its own line; and the memory it takes per line stays small: the tree the rules run on, measured on the heap
 * after a full collection, and the source map, which keeps one shape for lines built alike. No time is measured here
 * (figures: npm run bench, README "Performance"). The built modules are used, as the built-in rules need them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateText } from '../../dist/batch/work.js';
import { checkXml } from '../../dist/check.js';
import { validateInvoice } from '../../dist/pipeline.js';
import { builtinRuleSet } from '../../dist/schematron/rulesets.js';
import { Sources } from '../../dist/ubl/sources.js';
import { parseXml } from '../../dist/xpath/xml.js';
import { builtFixtureEnv } from '../helpers/pipeline-built.js';
import { FIXTURES } from '../helpers/paths.js';

const LINES = 3000;
const BROKEN = 2500;
const standard = () => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));

/** The standard fixture with `lines` lines (its two in turn); the line `broken` (1-based) with a zero tax amount. */
function body(lines: number, broken?: number) {
  const b = standard();
  const template = b.line_items;
  b.line_items = Array.from({ length: lines }, (_, k) => ({ ...template[k % template.length], description: `${template[k % template.length].description} #${k + 1}` }));
  if (broken !== undefined) b.line_items[broken - 1].tax_amount = 0;
  return b;
}

const rules = builtinRuleSet();
const env = builtFixtureEnv({ schematron: rules });
const validate = (b: unknown) => {
  const text = JSON.stringify(b, null, 1);
  const [result] = validateText('in.json', text, env, true);
  return { result: result!, text };
};

let large: ReturnType<typeof validate>;
beforeAll(() => { large = validate(body(LINES)); });

describe(`a ${LINES}-line invoice`, () => {
  it('is valid as the 2-line fixture is, and its XML passes check', () => {
    expect(validate(standard()).result.valid).toBe(true);
    expect(large.result.valid).toBe(true);
    // The fixture's date (2025-03-10) is before the built-in rules' validity (2026-05-28): that note alone, beside the response.
    expect(large.result.response).toMatchObject({ data: { errors: [], warnings: [] } });
    expect(large.result.pintae_findings).toMatchObject([{ rule: 'pintae/rules-validity', field: 'date', severity: 'info' }]);
    const checked = checkXml(large.result.xml!, rules);
    expect(checked.response?.data).toMatchObject({ is_valid: true, errors: [] });
  });

  it(`a broken line ${BROKEN}: the finding a broken first line of a small invoice gets, at line ${BROKEN}'s field in the file`, () => {
    const small = validate(body(2, 1)).result.response as { data: { errors: Array<Record<string, unknown>> } };
    const { result, text } = validate(body(LINES, BROKEN));
    const errors = (result.response as typeof small).data.errors;
    expect(errors.map((e) => e.rule)).toEqual(small.data.errors.map((e) => e.rule));
    const mine = errors.find((e) => e.field === `line_items[${BROKEN - 1}].tax_amount`)!;
    const theirs = small.data.errors.find((e) => e.field === 'line_items[0].tax_amount')!;
    expect(mine.message).toBe(String(theirs.message).replace('line_items[0]', `line_items[${BROKEN - 1}]`));
    const lines = text.split('\n');
    expect(lines[(mine.line as number) - 1]!.slice((mine.column as number) - 1)).toMatch(/^0/);
    expect(lines.slice(0, mine.line as number).join('\n')).toContain(`#${BROKEN}"`);
  });

  it(`check: a broken line ${BROKEN} of the XML is reported there, as the first line of the small document is`, () => {
    const breakLine = (xml: string, n: number) => {
      const at = xml.split('<cac:InvoiceLine>', n).join('<cac:InvoiceLine>').length;
      return xml.slice(0, at) + xml.slice(at).replace(/<cbc:LineExtensionAmount currencyID="AED">(\d+)\.00/, '<cbc:LineExtensionAmount currencyID="AED">$1.01');
    };
    const small = checkXml(breakLine(validate(standard()).result.xml!, 1), rules).findings;
    const big = checkXml(breakLine(large.result.xml!, BROKEN), rules).findings;
    expect(big.map((f) => f.rule)).toEqual(small.map((f) => f.rule));
    const onLine = big.filter((f) => f.location?.startsWith(`/Invoice/InvoiceLine[${BROKEN}]`));
    expect(onLine.map((f) => f.rule)).toEqual(small.filter((f) => f.location?.startsWith('/Invoice/InvoiceLine[1]')).map((f) => f.rule));
    expect(onLine.length).toBeGreaterThan(0);
    for (const f of onLine) expect(f.line).toBeGreaterThan(30 * (BROKEN - 1));
  });
});

describe('memory per line', () => {
  it('the tree the rules run on: under 6 KB a line (it was 14.7 KB)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const xml = large.result.xml!;
    gc(); gc();
    const before = process.memoryUsage().heapUsed;
    const doc = parseXml(xml);
    gc(); gc();
    const perLine = (process.memoryUsage().heapUsed - before) / LINES;
    expect(doc.elements[0]!.elements.length).toBeGreaterThan(LINES);
    expect(perLine).toBeGreaterThan(500);
    expect(perLine).toBeLessThan(6000);
  });

  it('the source map: one shape for every line built alike', () => {
    const outcome = validateInvoice(body(LINES), builtFixtureEnv());
    if (outcome.kind !== 'validated' || !outcome.sources) throw new Error('no XML built');
    expect(outcome.sources).toBeInstanceOf(Sources);
    const shapes = (outcome.sources as unknown as { shapes: Map<string, unknown> }).shapes;
    expect(shapes.size).toBeLessThanOrEqual(2);
    expect(outcome.sources.get(`/Invoice/InvoiceLine[${LINES}]/Price`)).toBe(`line_items[${LINES - 1}].unit_amount`);
  });
});
