/**
 * The language of a command-line run (issue 26, part 3; src/cli/lang.ts): --lang as written on the command line
 * first, from the start; the config file's `lang` once the config file has been read; English otherwise. The
 * order is the documented one (docs/reference/languages.md, "Which language when").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliLang, langOfArgv, noteArgv, readRunConfig, usageText } from '../../../src/cli/lang.js';
import { UsageError } from '../../../src/io/errors.js';
import { usageError } from '../../../src/messages/cli.js';
import { comparisonText, type Row } from '../../../src/cli/commands/validate-remote.js';
import type { Verdict } from '../../../src/api/compare.js';

const ARABIC = /[\u0600-\u06FF]/u;
const dirs: string[] = [];
function withConfig(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-cli-lang-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'pintae.config.json'), text);
  writeFileSync(join(dir, '.git'), ''); // the search for a config file stops here
  return dir;
}
afterEach(() => { noteArgv([]); readRunConfig({ config: false }); for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe('the run\'s language', () => {
  it('--lang on the command line, in either spelling; a value that is no language is not taken', () => {
    expect(langOfArgv(['node', 'pintae', 'status', 'x', '--lang', 'ar'])).toBe('ar');
    expect(langOfArgv(['node', 'pintae', 'status', 'x', '--lang=en+ar'])).toBe('en+ar');
    expect(langOfArgv(['node', 'pintae', 'status', 'x', '--lang', 'fr'])).toBeUndefined();
  });

  it('English before anything is read; the config file\'s lang once it is read; --lang as written wins over it', () => {
    noteArgv(['node', 'pintae', 'rules', 'list']);
    expect(cliLang()).toBe('en');
    const dir = withConfig('{ "lang": "ar" }\n');
    readRunConfig({}, dir);
    expect(cliLang()).toBe('ar');
    noteArgv(['node', 'pintae', 'rules', 'list', '--lang', 'en']);
    expect(cliLang()).toBe('en');
  });

  it('an error in the config file itself is said before its lang is known; one after it, in its lang', () => {
    noteArgv(['node', 'pintae', 'tdd']);
    const broken = withConfig('{ "lang": "ar", "format": 3 }\n');
    let error: unknown;
    try { readRunConfig({}, broken); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(UsageError);
    expect(usageText(error as UsageError)).not.toMatch(ARABIC);
    readRunConfig({}, withConfig('{ "lang": "ar" }\n'));
    expect(usageText(usageError('cli.tdd-no-input', {}))).toMatch(ARABIC);
  });

  it('a bad --lang is a usage error of its own, said in English (the language it names is none)', () => {
    expect(() => readRunConfig({ lang: 'fr', config: false })).toThrow('--lang fr: choose one of en, ar, en+ar');
  });

  it('a config file\'s problems, each said from its own entry: every line in Arabic when the run is', () => {
    noteArgv(['node', 'pintae', 'validate', '--lang', 'ar']);
    let error: unknown;
    try { readRunConfig({}, withConfig('{ "format": 3, "bogus": true }\n')); } catch (e) { error = e; }
    const lines = usageText(error as UsageError).split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^\/.*pintae\.config\.json:1:\d+: .*[\u0600-\u06FF]/u);
  });
});

/**
 * validate --remote's comparison as stylish prints it (src/cli/commands/validate-remote.ts), in the run's language:
 * the verdicts, agree or differ, the sides of a difference, the summary. The errors listed are the answers' own.
 */
describe('validate --remote in the run\'s language', () => {
  const entry = { section: 'tax', message: 'total_tax: does not match the lines' };
  const invalid: Verdict = { kind: 'validated', response: { message: 'x', data: { is_valid: false, entity_id: 'e', invoice_number: 'A-1', total_errors: 1, errors: [entry], warnings: [] } } as never };
  const valid: Verdict = { kind: 'validated', response: { message: 'x', data: { is_valid: true, entity_id: 'e', invoice_number: 'A-1', total_errors: 0, errors: [], warnings: [] } } as never };
  const rows: Row[] = [{ file: 'a.json', index: null, invoice_number: 'A-1', offline: invalid, remote: valid, difference: { verdict: true, onlyOffline: ['[tax] total_tax: does not match the lines'], onlyRemote: [] } }];

  it('en: as it always was', () => {
    expect(comparisonText(rows, false, false)).toBe([
      '✖ a.json  A-1', '    offline: invalid, 1 error    remote: valid    DIFFER', '    verdicts differ',
      '    a.json  only offline  [tax] total_tax: does not match the lines', '', '✖ 1 invoice: 0 agree, 1 differ', ''].join('\n'));
  });

  it('ar: every word of pintae\'s in Arabic; en+ar: each line in English, then in Arabic', () => {
    noteArgv(['node', 'pintae', 'validate', '--remote', '--lang', 'ar']);
    expect(comparisonText(rows, false, false)).toBe([
      '✖ a.json  A-1', '    محلياً: غير صالحة، الأخطاء: 1    لدى الخدمة: صالحة    مختلفتان', '    النتيجتان مختلفتان',
      // The side padded to the longer of the two ("لدى الخدمة فقط"), so the errors stand in one column.
      '    a.json  محلياً فقط      [tax] total_tax: does not match the lines', '', '✖ الفواتير: 1 — متفقة: 0، مختلفة: 1', ''].join('\n'));
    noteArgv(['node', 'pintae', 'validate', '--remote', '--lang', 'en+ar']);
    const both = comparisonText(rows, false, false).split('\n');
    expect(both.slice(1, 5)).toEqual(['    offline: invalid, 1 error    remote: valid    DIFFER', '    محلياً: غير صالحة، الأخطاء: 1    لدى الخدمة: صالحة    مختلفتان',
      '    verdicts differ', '    النتيجتان مختلفتان']);
    expect(both).toContain('    a.json  only offline / محلياً فقط     [tax] total_tax: does not match the lines');
    expect(both.slice(-3, -1)).toEqual(['✖ 1 invoice: 0 agree, 1 differ', '✖ الفواتير: 1 — متفقة: 0، مختلفة: 1']);
  });
});
