/** The config file: found upward from the working directory, checked with located errors, merged under the command line. */
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findConfigFile, loadConfig, readConfig } from '../../../src/config/load.js';
import { runSettings } from '../../../src/config/settings.js';
import { UsageError } from '../../../src/io/errors.js';
import { FIXTURES } from '../../helpers/paths.js';

const dirs: string[] = [];
/** A temporary repository: a directory holding .git, so the upward search never leaves it. */
function repo(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) { mkdirSync(join(dir, path, '..'), { recursive: true }); writeFileSync(join(dir, path), text); }
  return dir;
}
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function usageError(fn: () => unknown): string {
  try { fn(); } catch (e) { expect(e).toBeInstanceOf(UsageError); return (e as Error).message; }
  throw new Error('expected a UsageError');
}

describe('finding the config file', () => {
  it('takes the nearest pintae.config.json or .pintaerc.json from the working directory upward', () => {
    const root = repo({ 'pintae.config.json': '{}', 'a/.pintaerc.json': '{}', 'a/b/c/.keep': '' });
    expect(findConfigFile(join(root, 'a/b/c'))).toBe(join(root, 'a/.pintaerc.json'));
    expect(findConfigFile(join(root, 'x-missing-is-fine-too'.slice(0, 0)))).toBe(join(root, 'pintae.config.json'));
  });

  it('stops at the directory holding .git: a file above the repository is not used', () => {
    const outer = repo({ 'pintae.config.json': '{"format":"json"}' });
    const inner = join(outer, 'project');
    mkdirSync(join(inner, '.git'), { recursive: true });
    expect(findConfigFile(inner)).toBeUndefined();
    expect(loadConfig(undefined, inner)).toBeUndefined();
  });

  it('stops before a directory every user may write into (sticky, world-writable, as /tmp): another user\'s file there applies to no one', () => {
    const shared = repo({ 'pintae.config.json': '{"ruleSet":"./rules"}', 'work/invoice.json': '{}' });
    chmodSync(shared, 0o1777);
    expect(findConfigFile(join(shared, 'work'))).toBeUndefined();
    expect(findConfigFile(shared)).toBeUndefined();
    // The same folder, no longer shared: its file is found again.
    chmodSync(shared, 0o755);
    expect(findConfigFile(join(shared, 'work'))).toBe(join(shared, 'pintae.config.json'));
    // World-writable without the sticky bit, or sticky alone, is an ordinary folder (only both together is /tmp's kind).
    for (const mode of [0o777, 0o1755]) {
      chmodSync(shared, mode);
      expect(findConfigFile(join(shared, 'work')), mode.toString(8)).toBe(join(shared, 'pintae.config.json'));
    }
    chmodSync(shared, 0o755);
  });

  it('refuses two config files in one directory', () => {
    const root = repo({ 'pintae.config.json': '{}', '.pintaerc.json': '{}' });
    expect(usageError(() => findConfigFile(root))).toMatch(/both pintae\.config\.json and \.pintaerc\.json/);
  });

  it('uses --config <file> instead, and nothing with --no-config', () => {
    const root = repo({ 'pintae.config.json': '{"format":"json"}', 'ci/other.json': '{"format":"sarif"}' });
    expect(loadConfig('ci/other.json', root)?.format).toBe('sarif');
    expect(loadConfig(false, root)).toBeUndefined();
    expect(usageError(() => loadConfig('nope.json', root))).toBe('--config nope.json: no such file');
  });
});

describe('reading the config file', () => {
  it('resolves paths against the file\'s directory; a rule set name stays a name', () => {
    const root = repo({
      'conf/pintae.config.json': JSON.stringify({ entity: ['e/a.json', '/abs/b.json'], rates: '../rates.csv', ruleSet: 'builtin', rules: { 'ibr-127-ae': 'off' }, baseUrl: 'https://api.example.test/v1' }),
      'named/pintae.config.json': '{"ruleSet": "pint-ae-1.0.4"}',
      'pathy/pintae.config.json': '{"ruleSet": "./rules/release.zip"}',
    });
    const c = readConfig(join(root, 'conf/pintae.config.json'));
    expect(c).toEqual({
      file: join(root, 'conf/pintae.config.json'), entity: [join(root, 'conf/e/a.json'), '/abs/b.json'], rates: join(root, 'rates.csv'),
      ruleSet: 'builtin', rules: { 'ibr-127-ae': 'off' }, baseUrl: 'https://api.example.test/v1',
    });
    expect(readConfig(join(root, 'named/pintae.config.json')).ruleSet).toBe('pint-ae-1.0.4');
    expect(readConfig(join(root, 'pathy/pintae.config.json')).ruleSet).toBe(join(root, 'pathy/rules/release.zip'));
  });

  it('locates an unknown key at the key (file:line:column), naming the known ones', () => {
    const root = repo({ 'pintae.config.json': '{\n  "format": "json",\n  "fromat": "sarif"\n}\n' });
    expect(usageError(() => loadConfig(undefined, root)))
      .toBe(`${join(root, 'pintae.config.json')}:3:3: unknown key "fromat" (known keys: entity, rates, ruleSet, format, failSeverity, lang, maxWarnings, rules, baseUrl, tdd)`);
  });

  it('locates each wrong value at the value, in words', () => {
    const text = '{\n  "failSeverity": "fatal",\n  "maxWarnings": -1,\n  "rules": { "ibr-127-ae": "warn", "bad id": "off" },\n  "entity": 3,\n  "baseUrl": "ftp://x"\n}\n';
    const root = repo({ '.pintaerc.json': text });
    const file = join(root, '.pintaerc.json');
    expect(usageError(() => loadConfig(undefined, root)).split('\n').sort()).toEqual([
      `${file}:2:19: failSeverity must be one of "error", "warning"`,
      `${file}:3:18: maxWarnings must be 0 or more`,
      `${file}:4:28: rules.ibr-127-ae must be one of "error", "warning", "info", "off"`,
      `${file}:4:36: rules: "bad id" is not a rule id (e.g. ibr-127-ae)`,
      `${file}:5:13: entity must be a file path or a list of file paths`,
      `${file}:6:14: baseUrl must be an http:// or https:// URL`,
    ].sort());
  });

  it('says "an object" of a config that is a list, and takes 1e400 (Infinity to JSON) for no whole number of warnings', () => {
    const list = repo({ 'pintae.config.json': '[]\n' });
    expect(usageError(() => loadConfig(undefined, list))).toBe(`${join(list, 'pintae.config.json')}:1:1: (the config) must be an object`);
    const huge = repo({ 'pintae.config.json': '{\n  "maxWarnings": 1e400\n}\n' });
    expect(usageError(() => loadConfig(undefined, huge))).toBe(`${join(huge, 'pintae.config.json')}:2:18: maxWarnings must be a whole number`);
  });

  it('locates a JSON syntax error', () => {
    const root = repo({ 'pintae.config.json': '{\n  "format": "json",\n}\n' });
    expect(usageError(() => loadConfig(undefined, root))).toMatch(/pintae\.config\.json:3:1: expected a double-quoted property name/);
  });
});

describe('command line over config file', () => {
  const root = repo({ 'pintae.config.json': JSON.stringify({ entity: 'ent.json', rates: 'r.csv', ruleSet: 'builtin', format: 'sarif', failSeverity: 'warning', maxWarnings: 5, rules: { 'ibr-127-ae': 'warning' } }) });

  it('takes the config file where the command line is silent', () => {
    expect(runSettings({ entity: [] }, root)).toMatchObject({
      entity: [join(root, 'ent.json')], rates: join(root, 'r.csv'), ruleSet: 'builtin', format: 'sarif',
      gates: { failSeverity: 'warning', maxWarnings: 5 }, rules: { 'ibr-127-ae': 'warning' },
    });
  });

  it('lets every command-line option win', () => {
    const s = runSettings({ entity: ['mine.json'], rates: 'mine.csv', rules: 'other', format: 'junit', failSeverity: 'error', maxWarnings: '0' }, root);
    expect(s).toMatchObject({ entity: ['mine.json'], rates: 'mine.csv', ruleSet: 'other', format: 'junit', gates: { failSeverity: 'error', maxWarnings: 0 } });
  });

  it('falls back to the command\'s default format, or json for --output, with no config', () => {
    expect(runSettings({ config: false }, root)).toMatchObject({ format: 'stylish', gates: { failSeverity: 'error' }, rules: {} });
    expect(runSettings({ config: false, output: 'r.json' }, root).format).toBe('json');
  });

  // Issue 24 item 5: the extension of --output chooses the format over the config file's; a contradicting --format is a usage error.
  it('lets --output\'s extension choose the format, over the config file\'s', () => {
    const cases: Array<[string, string]> = [['r.html', 'html'], ['R.HTM', 'html'], ['scan.sarif', 'sarif'], ['scan.sarif.json', 'sarif'], ['r.json', 'json'],
      ['r.ndjson', 'ndjson'], ['r.jsonl', 'ndjson'], ['report.xml', 'junit'], ['r.txt', 'sarif']];
    for (const [output, format] of cases) expect([output, runSettings({ entity: [], output }, root).format]).toEqual([output, format]);
    expect(runSettings({ config: false, output: 'r.txt' }, root).format).toBe('json');
    expect(runSettings({ config: false, output: 'r.html', format: 'html' }, root).format).toBe('html');
    expect(runSettings({ config: false, output: 'r.txt', format: 'stylish' }, root).format).toBe('stylish');
  });

  it('refuses a --format that contradicts --output\'s extension', () => {
    expect(usageError(() => runSettings({ config: false, format: 'stylish', output: 'r.html' }, root)))
      .toBe('--format stylish --output r.html: the file\'s extension says html; name the file for its format, or leave --format out and the extension chooses it');
    expect(usageError(() => runSettings({ config: false, format: 'json', output: 'report.xml' }, root))).toMatch(/^--format json --output report.xml: the file's extension says junit;/);
    expect(usageError(() => runSettings({ config: false, format: 'sarif', output: 'out.json' }, root))).toMatch(/says json/);
  });

  it('refuses bad gate values from the command line', () => {
    expect(usageError(() => runSettings({ config: false, failSeverity: 'info' }, root))).toBe('--fail-severity info: choose error or warning');
    expect(usageError(() => runSettings({ config: false, maxWarnings: '-1' }, root))).toBe('--max-warnings -1: give a whole number, 0 or more');
    expect(usageError(() => runSettings({ config: false, format: 'xml' }, root))).toBe('--format xml: choose one of stylish, json, junit, sarif, github, ndjson, html');
  });
});

describe('an invoice given as the config file (qa11: --config invoice.json, a careless user)', () => {
  it('is one error naming what it holds, at its first invoice key: not an unknown-key error for each of its fields', () => {
    const file = join(FIXTURES, 'invoices/standard.json');
    let thrown: unknown;
    try { readConfig(file); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(`${file}:3:3: this holds an invoice request (invoice_number, line_items), not a pintae config file: give the invoice as an input, and to --config a config file (or leave --config out)`);
  });
});
