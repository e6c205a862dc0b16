/**
 * Issue 10: every finding of every report format carries the line and column of its place in the file the user gave
 * (a JSON field, an XML element, where a file stops being readable), and PINT-AE findings on the XML `validate`
 * built carry the JSON field they came from. The real binary, spawned, over inputs of every kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

const ENTITIES = ['--entity', ENTITY, '--rates', RATES];
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
const FORMATS = ['json', 'ndjson', 'sarif', 'github', 'junit', 'stylish'] as const;

let dir: string;
const jsonInputs = () => [...['invoices', 'invalid'].flatMap((d) => readdirSync(join(ROOT, 'fixtures', d)).filter((f) => f.endsWith('.json')).map((f) => `fixtures/${d}/${f}`)), join(dir, 'empty.json'), join(dir, 'list.json')];
const xmlInputs = () => readdirSync(dir).filter((f) => f.endsWith('.xml')).map((f) => join(dir, f));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pintae-positions-'));
  writeFileSync(join(dir, 'empty.json'), '');
  writeFileSync(join(dir, 'list.json'), '[]');
  const built = await run(['validate', 'fixtures/invoices', ...ENTITIES, '--deterministic', '--out-dir', dir, '--format', 'json']);
  expect(built.exitCode).toBe(0);
  const standard = readFileSync(join(dir, 'standard.xml'), 'utf8');
  writeFileSync(join(dir, 'bad-date.xml'), standard.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2025-13-10<'));
  writeFileSync(join(dir, 'bad-trn.xml'), standard.replace(/(<cac:PartyTaxScheme>\s*<cbc:CompanyID>)\d+/, '$1123'));
  writeFileSync(join(dir, 'broken.xml'), '<Invoice>\n  <ID>1</ID>\n');
  writeFileSync(join(dir, 'page.xml'), '<html>\n  <body/>\n</html>\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every finding of a report, with the place it gives (line, column), whatever the format. */
function placesOf(format: (typeof FORMATS)[number], out: string): Array<{ what: string; line?: number; column?: number }> {
  const ofResults = (results: any[]) => results.flatMap((r) => r.error ? [{ what: r.error.message, ...r.error }]
    : r.response?.data ? [...r.response.data.errors, ...r.response.data.warnings, ...(r.pintae_findings ?? [])].map((e: any) => ({ what: e.message, ...e }))
      : (r.response?.errors ?? []).map((e: any) => ({ what: e.message, ...e })));
  switch (format) {
    case 'json': return ofResults(JSON.parse(out).results);
    case 'ndjson': return ofResults(out.trim().split('\n').map((l) => JSON.parse(l)).filter((o) => o.file !== undefined));
    case 'sarif': return JSON.parse(out).runs[0].results.map((r: any) => ({ what: r.message.text, line: r.locations[0].physicalLocation.region?.startLine, column: r.locations[0].physicalLocation.region?.startColumn }));
    case 'github': return out.split('\n').filter((l) => /^::(error|warning|notice file=)/.test(l)).map((l) => ({ what: l, line: Number(/line=(\d+)/.exec(l)?.[1]) || undefined, column: Number(/col=(\d+)/.exec(l)?.[1]) || undefined }));
    case 'junit': return [...out.matchAll(/<(failure|error)\b[^>]*>([^<]*)</g)].map((m) => {
      const at = /line: (\d+), column (\d+)/.exec(m[2]!);
      return { what: m[2]!.slice(0, 200), line: at ? Number(at[1]) : undefined, column: at ? Number(at[2]) : undefined };
    });
    case 'stylish': return out.split('\n').filter((l) => /^ {4}\S.*\s(error|warning|info)\s/.test(l) || /^ {2}✖ .+:\d+:\d+: /.test(l)).map((l) => {
      const at = /^\s+(?:✖ )?\S*?:(\d+):(\d+)[:\s]/.exec(l);
      return { what: l, line: at ? Number(at[1]) : undefined, column: at ? Number(at[2]) : undefined };
    });
  }
}

describe.concurrent('every finding of every report format has a position', () => {
  for (const format of FORMATS) {
    it(`validate --format ${format}`, async () => {
      const r = await run(['validate', ...jsonInputs(), ...ENTITIES, '--format', format]);
      expect(r.exitCode, r.stderr).toBe(1);
      const places = placesOf(format, r.stdout);
      expect(places.length).toBeGreaterThan(15);
      for (const p of places) expect([p.line, p.column], p.what).toEqual([expect.any(Number), expect.any(Number)]);
    });
    it(`check --format ${format}`, async () => {
      const r = await run(['check', ...xmlInputs(), '--format', format]);
      expect(r.exitCode, r.stderr).toBe(1);
      const places = placesOf(format, r.stdout);
      expect(places.length).toBeGreaterThanOrEqual(4);
      for (const p of places) expect([p.line, p.column], p.what).toEqual([expect.any(Number), expect.any(Number)]);
    });
  }

  it('check: a PINT-AE finding is at its element, a page that is not an invoice at its root, a broken file where it breaks', async () => {
    const r = await run(['check', ...xmlInputs(), '--format', 'json']);
    const results = JSON.parse(r.stdout).results as any[];
    const of = (name: string) => results.find((x) => x.file.endsWith(name));
    const trnLines = readFileSync(join(dir, 'bad-trn.xml'), 'utf8').split('\n');
    const trnLine = trnLines.findIndex((l) => l.includes('<cbc:CompanyID>123<'));
    expect(of('bad-trn.xml').response.data.errors).toContainEqual(expect.objectContaining({ rule: 'ibr-132-ae', line: trnLine + 1, column: trnLines[trnLine]!.indexOf('<cbc:CompanyID>') + 1 }));
    // pintae's own finding, beside the rules' answer (issue 24).
    expect(of('page.xml').pintae_findings[0]).toMatchObject({ rule: 'pintae/not-ubl', severity: 'error', line: 1, column: 1 });
    expect(of('broken.xml').error).toMatchObject({ line: 3 });
  });
});
