/**
 * Issue 12 items 4 and 5, as a user meets them: the real binary spawned (execa), one scenario per point. Gates say
 * why in every report with a summary; command-line conventions (--quiet, --output, positional arguments, formats of
 * validate --remote, `check -`, build to standard output, the command to use instead, unknown rule ids in the config,
 * help texts). The live-API points run against a sandbox started in-process on 127.0.0.1.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';

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
