/**
 * Report formats and --output end to end: the real binary spawned (execa), its reports parsed. JUnit is checked
 * for the shape CI systems read, SARIF against the SARIF 2.1.0 schema, GitHub commands by exact output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
// @ts-expect-error saxon-js ships no type declarations
import SaxonJS from 'saxon-js';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const TAX = 'fixtures/invalid/tax.json';
const HEADER = 'fixtures/invalid/invoice-header.json';
const MALFORMED = 'fixtures/invalid/malformed.json';
const STANDARD = 'fixtures/invoices/standard.json';
const ENTITIES = ['--entity', ENTITY, '--rates', RATES];
// Where a test's findings all come from the rule engine, the PINT-AE rules are left out to keep the spawn short.
const FAST = ['--no-schematron'];
const STACK = /\n\s+at |\bat .+:\d+:\d+\)?$/m;

const run = (args: string[], input?: string) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, input, env: { NO_COLOR: '1' } });
const dirs: string[] = [];
function tempDir(): string { const d = mkdtempSync(join(tmpdir(), 'pintae-report-')); dirs.push(d); return d; }
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** Line and column where `"key":`'s value starts in a fixture, found by reading the text (not by pintae's scanner). */
function valueAt(path: string, key: string): { line: number; column: number } {
  const lines = readFileSync(join(ROOT, path), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(`"${key}":`));
  const m = new RegExp(`"${key}":\\s*`).exec(lines[line]!)!;
  return { line: line + 1, column: m.index + m[0].length + 1 };
}

const require = createRequire(import.meta.url);
const { $schema: _draft04, id, ...sarifSchema } = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
// See test/unit/formatters/sarif.test.ts for why the draft-04 schema is read this way; formats are not checked here.
const validateSarif = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false }).compile({ $id: id, ...sarifSchema });

function xpath(xml: string) {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  return {
    all: (expr: string): string[] => (SaxonJS.XPath.evaluate(`for $n in (${expr}) return string($n)`, doc, { resultForm: 'array' }) as unknown[]).map(String),
    count: (expr: string): number => Number(SaxonJS.XPath.evaluate(`count(${expr})`, doc)),
  };
}

describe.concurrent('pintae report formats (spawned)', () => {
  it('--format github: one annotation per finding at the line of its field, then the summary line', async () => {
    const r = await run(['validate', TAX, MALFORMED, ...ENTITIES, ...FAST, '--format', 'github']);
    expect(r.exitCode).toBe(1);
    const tax = valueAt(TAX, 'total_tax');
    expect(r.stdout).toBe([
      `::error file=${TAX},line=${tax.line},col=${tax.column},title=ibr-co-14::total_tax 60.00 differs from the sum of line tax amounts 62.50 (section tax; field total_tax)`,
      `::error file=${MALFORMED},line=6,col=42,title=pintae/unreadable::expected a double-quoted property name, found "}"`,
      'pintae: 1 invoice in 2 files: 0 valid, 1 invalid, 0 rejected, 1 unreadable, 0 warnings, 0 notes, 0 turned off',
    ].join('\n'));
  });

  it('--format sarif: a valid SARIF 2.1.0 log whose results point at the input file and the field\'s line', async () => {
    const r = await run(['validate', HEADER, MALFORMED, ...ENTITIES, '--format', 'sarif']);
    expect(r.exitCode).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log) ? [] : validateSarif.errors).toEqual([]);
    const run0 = log.runs[0];
    expect(run0.tool.driver.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const byRule = (rule: string) => run0.results.find((x: any) => x.ruleId === rule);
    const country = byRule('IBT-080');
    expect(country.locations[0].physicalLocation.artifactLocation).toEqual({ uri: HEADER, uriBaseId: '%SRCROOT%' });
    // The invoice has no delivery at all: the finding goes to the nearest object present, the invoice itself.
    expect(country.locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 1 });
    expect(country.message.text).toContain('field delivery.country');
    expect(byRule('pintae/unreadable').locations[0].physicalLocation.region).toEqual({ startLine: 6, startColumn: 42 });
    for (const id of ['ibr-127-ae', 'ibr-152-ae', 'IBT-080', 'pintae/unreadable']) expect(run0.tool.driver.rules.map((x: any) => x.id)).toContain(id);
  });

  it('--format junit: one testsuite per file, a testcase per finding (a failure per error), an error for an unreadable file', async () => {
    const r = await run(['validate', STANDARD, HEADER, MALFORMED, ...ENTITIES, '--format', 'junit']);
    expect(r.exitCode).toBe(1);
    const x = xpath(r.stdout);
    expect(x.all('/testsuites/testsuite/@name')).toEqual([STANDARD, HEADER, MALFORMED]);
    expect(x.count('//testcase[count(failure | error) gt 1]')).toBe(0);
    expect(x.all(`//testsuite[@name='${HEADER}']/testcase[failure]/@name`).map((n) => n.replace(/ \(line \d+, column \d+\)$/, '')))
      .toEqual(['BAD-HEADER-1: ibr-127-ae', 'BAD-HEADER-1: ibr-152-ae', 'BAD-HEADER-1: IBT-080']);
    expect(x.count(`//testsuite[@name='${STANDARD}']/testcase/(failure, error)`)).toBe(0);
    // validate names the rules that judged each built document, as check does.
    expect(x.all(`//testsuite[@name='${STANDARD}']/testcase/properties/property[@name='pintae.rule-set.name']/@value`)).toEqual(['builtin-billing']);
    expect(x.all(`//testsuite[@name='${HEADER}']//failure/@type`)).toEqual(['ibr-127-ae', 'ibr-152-ae', 'IBT-080']);
    expect(x.all(`//testsuite[@name='${HEADER}']//failure[1]`)[0]).toMatch(/^section: invoice_header\nrule: ibr-127-ae\nfield: due_date\nline: \d+, column \d+\nmessage: due_date is required/);
    expect(x.count(`//testsuite[@name='${MALFORMED}']/testcase/error`)).toBe(1);
    expect(x.all('/testsuites/(@failures, @errors)')).toEqual(['3', '1']);
    expect(x.all('/testsuites/@tests')).toEqual([String(x.count('//testcase'))]);
  });

  it('--format ndjson: a line per invoice as it is validated, then a summary line', async () => {
    const bulk = JSON.stringify({ invoices: [JSON.parse(readFileSync(join(ROOT, STANDARD), 'utf8')), JSON.parse(readFileSync(join(ROOT, TAX), 'utf8'))] });
    const r = await run(['validate', '-', MALFORMED, ...ENTITIES, ...FAST, '--format', 'ndjson'], bulk);
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.type, l.file, l.index])).toEqual([['result', '-', 0], ['result', '-', 1], ['result', MALFORMED, null], ['summary', undefined, undefined]]);
    expect(lines[3].summary).toMatchObject({ files: 2, invoices: 2, valid: 1, invalid: 1, unreadable: 1 });
  });

  it('--output writes the chosen report to a file atomically while the terminal gets the failures and the summary line', async () => {
    const dir = tempDir();
    const file = join(dir, 'reports/pintae.sarif');
    const r = await run(['validate', TAX, ...ENTITIES, ...FAST, '--format', 'sarif', '--output', file]);
    expect(r.exitCode).toBe(1);
    expect(validateSarif(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
    expect(r.stdout).toMatch(new RegExp(`^${TAX}\\n {2}✖ BAD-TAX-1 \\d+ errors?\\n`));
    expect(r.stdout.split('\n').at(-1)).toBe('✖ 1 invoice in 1 file: 0 valid, 1 invalid, 0 rejected');
    expect(readdirSync(join(dir, 'reports'))).toEqual(['pintae.sarif']);
  });

  it('--output without --format writes json; ndjson streams into the file and is put in place at the end', async () => {
    const dir = tempDir();
    const [a, b] = await Promise.all([
      run(['validate', STANDARD, ...ENTITIES, ...FAST, '--output', join(dir, 'r.json')]),
      run(['validate', STANDARD, TAX, ...ENTITIES, ...FAST, '--format', 'ndjson', '--output', join(dir, 'r.ndjson')]),
    ]);
    expect(a.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).summary).toMatchObject({ valid: 1 });
    expect(a.stdout).toMatch(/✔ 1 invoice in 1 file: 1 valid/);
    expect(b.exitCode).toBe(1);
    expect(readFileSync(join(dir, 'r.ndjson'), 'utf8').trimEnd().split('\n')).toHaveLength(3);
    expect(readdirSync(dir).sort()).toEqual(['r.json', 'r.ndjson']);
  });

  it('--output naming a directory is a usage error (exit 2) that leaves nothing behind', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    const r = await run(['validate', STANDARD, ...ENTITIES, ...FAST, '--output', join(dir, 'out')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: --output ${join(dir, 'out')}: is a directory; name a file`);
    expect(r.stderr).not.toMatch(STACK);
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });

  it('--output naming one of the inputs (by another spelling of its path) is a usage error (exit 2) that leaves the input as it was', async () => {
    const dir = tempDir();
    const input = join(dir, 'invoice.json');
    const text = readFileSync(STANDARD, 'utf8');
    writeFileSync(input, text);
    const r = await run(['validate', dir, ...ENTITIES, ...FAST, '--output', join(dir, '.', 'invoice.json')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: --output ${join(dir, 'invoice.json')} is the input ${input}: the report would replace it (and be read as an input by the next run); name another file`);
    expect(readFileSync(input, 'utf8')).toBe(text);
    const xml = join(dir, 'invoice.xml');
    writeFileSync(xml, '<Invoice/>');
    const c = await run(['check', xml, ...FAST, '--output', xml]);
    expect(c.exitCode).toBe(2);
    expect(readFileSync(xml, 'utf8')).toBe('<Invoice/>');
    expect(readdirSync(dir).sort()).toEqual(['invoice.json', 'invoice.xml']);
  });

  it('check --format sarif points a PINT-AE finding at the line of its element in the XML', async () => {
    const dir = tempDir();
    const built = await run(['validate', STANDARD, ...ENTITIES, ...FAST, '--deterministic', '--out-dir', dir, '--format', 'json']);
    expect(built.exitCode).toBe(0);
    const xml = readFileSync(join(dir, 'standard.xml'), 'utf8').replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2025-13-10<');
    writeFileSync(join(dir, 'bad.xml'), xml);
    const r = await run(['check', join(dir, 'bad.xml'), '--format', 'sarif']);
    expect(r.exitCode).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log) ? [] : validateSarif.errors).toEqual([]);
    const lines = xml.split('\n');
    const issueDate = lines.findIndex((l) => l.includes('<cbc:IssueDate>'));
    const found = log.runs[0].results.filter((x: any) => x.properties.xmlLocation === '/Invoice/IssueDate');
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(f.locations[0].physicalLocation.region).toEqual({ startLine: issueDate + 1, startColumn: lines[issueDate]!.indexOf('<cbc:IssueDate>') + 1 });
  });

  it('check takes the same formats and --output', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.xml'), '<Invoice>\n  <cbc:ID>1</cbc:ID>\n');
    const r = await run(['check', join(dir, 'broken.xml'), '--format', 'junit', '--output', join(dir, 'check.xml')]);
    expect(r.exitCode).toBe(1);
    const x = xpath(readFileSync(join(dir, 'check.xml'), 'utf8'));
    expect(x.all('//testsuite/@name')).toEqual([join(dir, 'broken.xml')]);
    expect(x.count('//testcase/error')).toBe(1);
    expect(r.stdout).toContain('✖ 0 documents in 1 file');
    const g = await run(['check', join(dir, 'broken.xml'), '--format', 'github']);
    expect(g.stdout.split('\n')[0]).toMatch(new RegExp(`^::error file=${join(dir, 'broken.xml').replace(/[.]/g, '\\.')},line=\\d+,col=\\d+,title=pintae/unreadable::`));
    expect(existsSync(join(dir, 'check.xml'))).toBe(true);
  });
});
