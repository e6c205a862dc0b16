/** The report sink: overrides applied as results arrive, streaming formats written at once, --output put in place atomically. */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportSink, type ReportTarget } from '../../../src/report/sink.js';
import { ALL_FORMATS } from '../../../src/formatters/index.js';
import { finding, unreadable, validated } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sink(target: Partial<ReportTarget>) {
  const out: string[] = [];
  const s = new ReportSink({ formats: ALL_FORMATS, format: 'json', stdout: { write: (c: string) => out.push(c) }, color: false, gates: { failSeverity: 'error' }, baseDir: dir, ...target });
  return { s, out };
}
const dueDate = finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date' });

describe('ReportSink', () => {
  it('writes an ndjson line for each result when it is added, and the summary at finish', () => {
    const { s, out } = sink({ format: 'ndjson' });
    s.add(validated('a.json', 'INV-1', []));
    expect(out.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l).type)).toEqual(['result']);
    s.add(unreadable('b.json', 'broken', 1, 1));
    expect(out.join('').split('\n').filter(Boolean)).toHaveLength(2);
    expect(s.finish()).toBe(1);
    expect(JSON.parse(out.join('').trimEnd().split('\n').at(-1)!)).toMatchObject({ type: 'summary', summary: { files: 2, unreadable: 1 } });
  });

  it('holds results for a whole-report format without their XML, and writes it once at finish', () => {
    const { s, out } = sink({ format: 'json' });
    const r = validated('a.json', 'INV-1', []);
    s.add(r);
    expect(out).toEqual([]);
    expect(s.finish()).toBe(0);
    expect(r.xml).toBe('<Invoice/>');
    expect(JSON.parse(out.join('')).results).toHaveLength(1);
  });

  it('applies overrides once, whether judged first (build) or only added; the exit code follows the verdict', () => {
    const { s, out } = sink({ format: 'json', rules: { 'ibr-127-ae': 'warning' } });
    const judged = s.judge(validated('a.json', 'INV-1', [dueDate]));
    expect(judged.valid).toBe(true);
    s.add(judged);
    s.add(validated('a.json', 'INV-2', [dueDate]));
    expect(s.finish()).toBe(0);
    const doc = JSON.parse(out.join(''));
    expect(doc.overrides).toEqual([{ rule: 'ibr-127-ae', level: 'warning', applied: 2 }]);
    expect(doc.summary).toMatchObject({ valid: 2, warnings: 2 });
  });

  it('with --output, writes nothing to the file until finish puts it in place; stdout gets the failures as they come, then the summary line', () => {
    const file = join(dir, 'out/report.xml');
    const { s, out } = sink({ format: 'junit', output: file });
    s.add(validated('a.json', 'INV-0', []));
    expect(out.join('')).toBe('');
    s.add(validated('a.json', 'INV-1', [dueDate]));
    expect(existsSync(file)).toBe(false);
    expect(out.join('')).toMatch(/^a\.json\n {2}✖ INV-1 1 error\n {4}a\.json +error +invoice_header +due_date is required/);
    expect(s.finish()).toBe(1);
    expect(out.join('')).toMatch(/\n\n✖ 2 invoices in 1 file: 1 valid, 1 invalid, 0 rejected\n$/);
    expect(out.join('')).not.toContain('INV-0');
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml/);
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.xml']);
  });

  it('leaves no file, and no temporary file, when the run is aborted', () => {
    const file = join(dir, 'aborted/report.ndjson');
    const { s } = sink({ format: 'ndjson', output: file });
    s.add(validated('a.json', 'INV-1', []));
    expect(readdirSync(join(dir, 'aborted'))).toHaveLength(1);
    s.abort();
    expect(readdirSync(join(dir, 'aborted'))).toEqual([]);
  });
});
