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
