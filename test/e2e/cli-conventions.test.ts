/**
 * Issue 12 items 4 and 5, as a user meets them: the real binary spawned (execa), one scenario per point. Gates say
 * why in every report with a summary; command-line conventions (--quiet, --output, positional arguments, formats of
 * validate --remote, `check -`, build to standard output, the command to use instead, unknown rule ids in the config,
 * help texts). The live-API points run against a sandbox started in-process on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';
import { call, createEntity, invoice, pintae, removeTempDirs, sandbox, tempDir, TOKEN } from './api-helpers.js';

const STANDARD = join(ROOT, 'fixtures/invoices/standard.json');
const TAX = join(ROOT, 'fixtures/invalid/tax.json');
// The rule engine's findings suffice for these scenarios; the PINT-AE rules are left out to keep each spawn short.
const OFFLINE = ['--entity', ENTITY, '--rates', RATES, '--no-schematron'];

const run = (args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}) =>
  execa('node', [BIN, ...args], { reject: false, cwd: options.cwd ?? ROOT, input: options.input, env: { NO_COLOR: '1', ...options.env } });

const dirs: string[] = [];
/** A temporary repository (a directory holding .git, where the config search stops) with the given files. */
function repo(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-conventions-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** Two copies of a valid invoice in one bulk body: the second gets the duplicate-number warning, nothing else. */
function twiceValid(): string {
  const body = JSON.parse(readFileSync(STANDARD, 'utf8'));
  const file = join(repo(), 'twice.json');
  writeFileSync(file, JSON.stringify({ invoices: [body, body] }));
  return file;
}
const lastLines = (text: string, n: number) => text.trimEnd().split('\n').slice(-n);
// Colour forced on (a pipe is no terminal), NO_COLOR emptied: empty counts as unset (no-color.org).
const COLOR = { FORCE_COLOR: '1', NO_COLOR: '' };
const RED_CROSS = '\u001b[31m✖';
const GREEN_CHECK = '\u001b[32m✔';

describe.concurrent('gates say why (item 4)', () => {
  it('stylish: a failing --max-warnings is the last line, by how much; the summary line above it is ✖', async () => {
    const r = await run(['validate', twiceValid(), ...OFFLINE, '--format', 'stylish', '--max-warnings', '0']);
    expect(r.exitCode).toBe(1);
    expect(lastLines(r.stdout, 2)).toEqual(['✖ 2 invoices in 1 file: 2 valid, 0 invalid, 0 rejected, 1 warning', '✖ 1 warning (maximum: 0, --max-warnings)']);
    const severity = await run(['validate', twiceValid(), ...OFFLINE, '--format', 'stylish', '--fail-severity', 'warning']);
    expect(severity.exitCode).toBe(1);
    expect(lastLines(severity.stdout, 1)).toEqual(['✖ 1 warning (--fail-severity warning: none allowed)']);
  });

  it('every other format with a summary names the gate: json, ndjson, sarif, junit, github', async () => {
    const input = twiceValid();
    const gate = { gate: 'max-warnings', warnings: 1, maximum: 0, message: '1 warning (maximum: 0, --max-warnings)' };
    const [json, ndjson, sarif, junit, github] = await Promise.all(['json', 'ndjson', 'sarif', 'junit', 'github']
      .map((format) => run(['validate', input, ...OFFLINE, '--format', format, '--max-warnings', '0'])));
    for (const r of [json, ndjson, sarif, junit, github]) expect(r.exitCode).toBe(1);
    expect(JSON.parse(json.stdout).summary.gate).toEqual(gate);
    expect(JSON.parse(lastLines(ndjson.stdout, 1)[0]!)).toMatchObject({ type: 'summary', summary: { gate } });
    const run0 = JSON.parse(sarif.stdout).runs[0];
    expect(run0.properties.summary.gate).toEqual(gate);
    expect(run0.invocations[0].toolExecutionNotifications).toEqual([{ level: 'error', descriptor: { id: 'pintae/max-warnings' }, message: { text: '1 warning (maximum: 0, --max-warnings): the run fails (exit 1)' } }]);
    expect(junit.stdout).toContain('<failure message="1 warning (maximum: 0, --max-warnings)" type="pintae/max-warnings">');
    expect(github.stdout).toContain('::error title=pintae --max-warnings::1 warning (maximum: 0, --max-warnings): the run fails');
  });

  it('the summary line is a red ✖ whenever the exit code is 1 (an invalid input or a gate), a green ✔ otherwise', async () => {
    const input = twiceValid();
    const [passing, gated, invalid] = await Promise.all([
      run(['validate', input, ...OFFLINE, '--format', 'stylish'], { env: COLOR }),
      run(['validate', input, ...OFFLINE, '--format', 'stylish', '--max-warnings', '0'], { env: COLOR }),
      run(['validate', STANDARD, TAX, ...OFFLINE, '--format', 'stylish'], { env: COLOR }),
    ]);
    expect(passing.exitCode).toBe(0);
    expect(lastLines(passing.stdout, 1)[0]!.startsWith(GREEN_CHECK)).toBe(true);
    expect(gated.exitCode).toBe(1);
    expect(lastLines(gated.stdout, 2).every((line) => line.startsWith(RED_CROSS))).toBe(true);
    expect(invalid.exitCode).toBe(1);
    expect(lastLines(invalid.stdout, 1)[0]!.startsWith(RED_CROSS)).toBe(true);
  });
});

describe.concurrent('--quiet and --output (item 5)', () => {
  it('--quiet shows failures only: the invalid invoice and the summary, not the valid one', async () => {
    const r = await run(['validate', STANDARD, TAX, ...OFFLINE, '--format', 'stylish', '--quiet']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain(TAX);
    expect(r.stdout).not.toContain(STANDARD);
    expect(lastLines(r.stdout, 1)).toEqual(['✖ 2 invoices in 2 files: 1 valid, 1 invalid, 0 rejected']);
    const github = await run(['validate', twiceValid(), ...OFFLINE, '--format', 'github', '--quiet']);
    expect(github.exitCode).toBe(0);
    expect(github.stdout).not.toMatch(/^::warning/m); // a warning that fails nothing is no failure
  });

  // Issue 24 item 5 (was: the summary alone, and nothing at all with --quiet — a CI job that failed and said nothing).
  it('with --output, standard output gets the failures and the summary line, --quiet or not; the file the whole report', async () => {
    const dir = repo();
    const report = join(dir, 'rep.xml');
    const r = await run(['validate', STANDARD, TAX, ...OFFLINE, '--format', 'junit', '--output', report]);
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(TAX);
    expect(lines[1]).toMatch(/^ {2}✖ BAD-TAX-1 \d+ errors?$/);
    expect(lines.slice(2, -2).every((l) => /^ {4}\S+:\d+:\d+ +error /.test(l) || /caused by/.test(l))).toBe(true);
    expect(lines.at(-1)).toBe('✖ 2 invoices in 2 files: 1 valid, 1 invalid, 0 rejected');
    expect(r.stdout).not.toContain(STANDARD);
    expect(readFileSync(report, 'utf8')).toMatch(/^<\?xml[\s\S]*<testsuites/);
    const quiet = await run(['validate', STANDARD, TAX, ...OFFLINE, '--format', 'junit', '--output', join(dir, 'quiet.xml'), '--quiet']);
    expect(quiet.exitCode).toBe(1);
    expect(quiet.stdout).toBe(r.stdout);
    expect(existsSync(join(dir, 'quiet.xml'))).toBe(true);
  });
});

describe.concurrent('positional arguments, inputs and the command to use (item 5)', () => {
  it('one argument too many is a usage error (exit 2) naming the command that takes several; nothing is sent', async () => {
    const push = await run(['push', STANDARD, TAX], { env: { PINTAE_TOKEN: 'unused', PINTAE_BASE_URL: 'http://127.0.0.1:9' } });
    expect(push.exitCode).toBe(2);
    expect(push.stderr).toBe('pintae: push takes one file (got 2); use pintae bulk for several');
    const get = await run(['entities', 'get', 'ent_a', 'ent_b'], { env: { PINTAE_TOKEN: 'unused', PINTAE_BASE_URL: 'http://127.0.0.1:9' } });
    expect(get.exitCode).toBe(2);
    expect(get.stderr).toMatch(/^pintae: entities get takes one <entity_id>; entities pull <ids\.\.\.> saves several/);
    const add = await run(['rules', 'add', 'a.zip', 'b.zip']);
    expect(add.exitCode).toBe(2);
    expect(add.stderr).toMatch(/^pintae: rules add takes one source \(got 2\)/);
    const sandboxArg = await run(['sandbox', 'extra']);
    expect(sandboxArg.exitCode).toBe(2);
    expect(sandboxArg.stderr).toMatch(/^pintae: too many arguments/);
  });

  it('check - reads one document from standard input, reported as file -', async () => {
    const built = await run(['build', STANDARD, ...OFFLINE]);
    expect(built.exitCode, built.stderr).toBe(0);
    const r = await run(['check', '-', '--format', 'json'], { input: built.stdout });
    expect(r.exitCode, r.stdout).toBe(0);
    const { results } = JSON.parse(r.stdout);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ file: '-', valid: true });
  });

  it('build of one input writes its XML to standard output, the report to standard error; --out-dir - too', async () => {
    const [plain, dash] = await Promise.all([run(['build', STANDARD, ...OFFLINE, '--uuid', '123e4567-e89b-12d3-a456-426614174000']), run(['build', STANDARD, ...OFFLINE, '--uuid', '123e4567-e89b-12d3-a456-426614174000', '--out-dir', '-'])]);
    for (const r of [plain, dash]) {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Invoice /);
      expect(r.stdout.trimEnd().endsWith('</Invoice>')).toBe(true);
      expect(r.stderr).toContain('✔ 1 invoice in 1 file: 1 valid');
    }
    expect(dash.stdout).toBe(plain.stdout);
    const two = await run(['build', STANDARD, TAX, ...OFFLINE]);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toBe('pintae: build prints one invoice\'s XML to standard output; for 2 inputs give --out-dir <directory>');
  });

  it('validate given XML names check; check given JSON names validate', async () => {
    const dir = repo();
    const xml = join(dir, 'invoice.xml');
    writeFileSync(xml, (await run(['build', STANDARD, ...OFFLINE])).stdout);
    const [validate, check] = await Promise.all([
      run(['validate', xml, ...OFFLINE, '--format', 'stylish']),
      run(['check', STANDARD, '--format', 'stylish', '--no-schematron']),
    ]);
    expect(validate.exitCode).toBe(1);
    expect(validate.stdout).toContain(`${xml}:1:1: this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check ${xml}`);
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain(`${STANDARD}:1:1: this holds JSON, not XML: to validate an invoice request body, run pintae validate ${STANDARD}`);
  });
});

describe('the live-API commands against a sandbox (item 5)', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>;
  let cwd: string;
  let entityId: string;
  const api = (args: string[]) => pintae(args, { cwd, url: sb.url });
  beforeAll(async () => {
    sb = await sandbox();
    cwd = tempDir();
    entityId = await createEntity(sb.url);
    const pulled = await api(['entities', 'pull', entityId]);
    expect(pulled.exitCode, pulled.stderr).toBe(0);
  });
  afterAll(async () => { await sb.close(); removeTempDirs(); });

  it('status reads every id it is given; an unknown one is reported and fails the run, the others still shown', async () => {
    const ids: string[] = [];
    for (const n of ['ST-1', 'ST-2']) {
      const sent = await call(sb.url, TOKEN, 'POST', '/oauth/invoices', invoice('invoices/standard.json', entityId, n));
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      ids.push(sent.body.invoice_id);
    }
    const both = await api(['status', ...ids, '--wait', '--timeout', '30', '--format', 'json']);
    expect(both.exitCode, both.stderr).toBe(0);
    expect(JSON.parse(both.stdout).map((s: any) => [s.invoice_id, s.category])).toEqual([[ids[0], 'success'], [ids[1], 'success']]);
    const text = await api(['status', ids[0]!, 'inv_no_such', ids[1]!]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain(ids[0]);
    expect(text.stdout).toContain(ids[1]);
    expect(text.stderr).toMatch(/^pintae: inv_no_such: /m);
  });

  it('validate --remote honours --format json and stylish; any other format is a usage error', async () => {
    const file = join(cwd, 'remote.json');
    writeFileSync(file, JSON.stringify(invoice('invoices/standard.json', entityId, 'RF-1')));
    const [json, stylish, sarif, junit] = await Promise.all([
      api(['validate', '--remote', file, '--format', 'json']),
      api(['validate', '--remote', file, '--format', 'stylish']),
      api(['validate', '--remote', file, '--format', 'sarif']),
      api(['validate', '--remote', file, '--format', 'junit']),
    ]);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).results[0]).toMatchObject({ difference: null, offline: { data: { is_valid: true } }, remote: { data: { is_valid: true } } });
    expect(stylish.exitCode).toBe(0);
    expect(stylish.stdout).toMatch(/offline: valid +remote: valid +agree/);
    for (const [r, name] of [[sarif, 'sarif'], [junit, 'junit']] as const) {
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`pintae: --format ${name}: validate --remote reports in stylish or json (--format stylish or --format json)`);
    }
  });
});

describe.concurrent('config: overrides of rule ids pintae does not know (item 5)', () => {
  it('stop the run with exit 2, located at the key, naming the closest known ids', async () => {
    const dir = repo({ 'pintae.config.json': '{\n  "rules": {\n    "ibr-127-ea": "warning",\n    "ibr-152-ae": "off"\n  }\n}\n' });
    const r = await run(['validate', STANDARD, ...OFFLINE], { cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`pintae: ${join(dir, 'pintae.config.json')}:3:5: rules: "ibr-127-ea" is not a rule id pintae knows (closest: ibr-127-ae, ibr-120-ae, ibr-121-ae)`);
    const check = await run(['check', join(ROOT, 'fixtures/invoices/standard.json')], { cwd: dir });
    expect(check.exitCode).toBe(2);
    expect(check.stderr).toMatch(/"ibr-127-ea" is not a rule id pintae knows \(closest: ibr-127-ae/);
  });

  it('refuses an id that names no finding (an unreadable input), and accepts known ids in any case', async () => {
    const refused = await run(['validate', STANDARD, ...OFFLINE], { cwd: repo({ 'pintae.config.json': '{"rules": {"pintae/unreadable": "off"}}' }) });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/rules: "pintae\/unreadable" cannot be overridden: it marks an input that could not be read/);
    const known = await run(['validate', STANDARD, ...OFFLINE, '--format', 'json'], { cwd: repo({ 'pintae.config.json': '{"rules": {"IBR-127-AE": "warning", "ibt-080": "off", "aligned-ibrp-s-09": "off"}}' }) });
    expect(known.exitCode, known.stderr).toBe(0);
    expect(JSON.parse(known.stdout).overrides).toHaveLength(3);
  });
});

describe.concurrent('help texts (item 5)', () => {
  const COMMANDS = [[], ['validate'], ['build'], ['check'], ['merge-reports'], ['rules'], ['rules', 'add'], ['rules', 'list'],
    ['push'], ['bulk'], ['status'], ['entities'], ['sandbox'], ['tdd']];
  // One spawn per command's help, read by both tests below.
  const helps = new Map<string, ReturnType<typeof run>>();
  const help = (command: string[]) => { const key = command.join(' '); if (!helps.has(key)) helps.set(key, run([...command, '--help'])); return helps.get(key)!; };
  it.each(COMMANDS.map((c) => [c.join(' ') || 'pintae', c] as const))('%s --help ends with two or three examples and speaks no internal jargon', async (_, command) => {
    const r = await help(command);
    expect(r.exitCode).toBe(0);
    const tail = r.stdout.trimEnd().split('\n');
    const at = tail.lastIndexOf('Examples:');
    expect(at).toBeGreaterThan(0);
    const examples = tail.slice(at + 1);
    expect(examples.length % 2).toBe(0);
    expect(examples.length / 2).toBeGreaterThanOrEqual(2);
    expect(examples.length / 2).toBeLessThanOrEqual(3);
    examples.forEach((line, i) => expect(line).toMatch(i % 2 === 0 ? /^  # \S/ : /^  (\S.* \| )?pintae /));
    expect(r.stdout).not.toMatch(/Saxon|cbc:|cac:|BTAE-|SVRL|\(default: \[\]\)/);
  });

  it('groups the options of validate, build and check: input, rules, output, gates', async () => {
    for (const command of ['validate', 'build', 'check']) {
      const { stdout } = await help([command]);
      const headings = stdout.split('\n').filter((line) => /^[A-Z][a-z ]+:$/.test(line));
      expect(headings).toEqual(['Arguments:', 'Input:', 'Rules:', 'Output:', 'Gates:', 'Other:', 'Exit codes:', 'Examples:']);
      const section = (title: string) => stdout.split(`\n${title}:\n`)[1]!.split('\n\n')[0]!;
      expect(section('Gates')).toMatch(/--fail-severity[\s\S]*--max-warnings/);
      expect(section('Output')).toMatch(/--format[\s\S]*--output[\s\S]*--quiet/);
      expect(section('Input')).toMatch(command === 'check' ? /--files-from/ : /--entity[\s\S]*--rates/);
    }
  });
});
