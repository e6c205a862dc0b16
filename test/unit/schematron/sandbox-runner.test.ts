import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { CompiledRules } from '../../../src/schematron/run.js';
import { compileXsltFile } from '../../../src/schematron/sef.js';
import { SandboxedRules, sandboxChildPids } from '../../../src/schematron/sandbox/runner.js';
import { SandboxUnavailableError, stylesheetFromFile } from '../../../src/schematron/sandbox/index.js';
import { readCpuMs, readRssMb } from '../../../src/schematron/sandbox/usage.js';
import { linuxWrappers } from '../../../src/schematron/sandbox/boundary.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../../helpers/paths.js';
import { depth } from '../../helpers/depth.js';

/*
 * The sandboxed runner (src/schematron/sandbox/runner.ts) is CompiledRules behind a process boundary: the same SVRL
 * on every document, the same fast-then-guarded fallback, the same errors; and a child that dies is replaced, never
 * keeps pintae alive, and goes with it. What the boundary stops: sandbox-attacks and sandbox-boundary.
 */

const work = mkdtempSync(join(tmpdir(), 'pintae-sandbox-runner-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const examples = () => ['examples/invoice', 'examples/creditnote'].map((d) => join(OFFICIAL_DIR, d))
  .flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).map((f) => ({ name: f, xml: readFileSync(join(d, f), 'utf8') })));

/** An XSLT compiled into `dir` as `name`.sef.json. */
async function sef(dir: string, name: string, body: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const source = join(work, `${name}.xsl`);
  writeFileSync(source, `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0"><xsl:template match="/">${body}</xsl:template></xsl:stylesheet>`);
  const path = join(dir, `${name}.sef.json`);
  writeFileSync(path, await compileXsltFile(source));
  return path;
}

describe('the sandboxed runner', () => {
  it.skipIf(!HAVE_OFFICIAL)('gives exactly the SVRL of CompiledRules: the official rules and pintae\'s own, on every official example', () => {
    const files = [
      join(OFFICIAL_DIR, 'sef/PINT-UBL-validation-preprocessed.sef.json'),
      join(OFFICIAL_DIR, 'sef/PINT-jurisdiction-aligned-rules.sef.json'),
      join(ROOT, 'dist/schematron/pint-ae.sef.json'),
    ];
    let fired = 0;
    for (const file of files) {
      const [inProcess, sandboxed] = [CompiledRules.fromFile('layer', file), SandboxedRules.fromFile('layer', file)];
      for (const { name, xml } of examples()) {
        const svrl = sandboxed.svrl(xml);
        expect(svrl, `${file}: ${name}`).toBe(inProcess.svrl(xml));
        fired += (svrl.match(/<svrl:fired-rule/g) ?? []).length;
      }
    }
    // Not a vacuous equality: the rules ran on the examples.
    expect(fired).toBeGreaterThan(1000);
  });

  it('falls back to the guarded twin where the fast stylesheet raises an error, as CompiledRules does; errors say what Saxon-JS said', async () => {
    const dir = join(work, 'twin');
    const fast = await sef(dir, 'rules', `<xsl:sequence select="error(xs:QName('fast-failed'), 'the fast one failed')" xmlns:xs="http://www.w3.org/2001/XMLSchema"/>`);
    await sef(dir, 'rules.guarded', '<guarded/>');
    expect(SandboxedRules.fromFile('rules', fast).svrl('<doc/>')).toBe(CompiledRules.fromFile('rules', fast).svrl('<doc/>'));
    expect(SandboxedRules.fromFile('rules', fast).svrl('<doc/>')).toContain('<guarded/>');
    const alone = await sef(join(work, 'alone'), 'rules', `<xsl:sequence select="error(xs:QName('fast-failed'), 'the fast one failed')" xmlns:xs="http://www.w3.org/2001/XMLSchema"/>`);
    const message = (run: () => unknown) => { try { run(); return 'ran'; } catch (e) { return (e as Error).message; } };
    const sandboxed = message(() => SandboxedRules.fromFile('rules', alone).svrl('<doc/>'));
    expect(sandboxed).toContain('the fast one failed');
    expect(sandboxed).toBe(message(() => CompiledRules.fromFile('rules', alone).svrl('<doc/>')));
    // A document Saxon-JS cannot read.
    expect(message(() => SandboxedRules.fromFile('rules', fast).svrl('<not-closed>'))).toBe(message(() => CompiledRules.fromFile('rules', fast).svrl('<not-closed>')));
  });

  // Megabytes through the boundary: many times any pipe's buffer (64 KB) and any single read, in npm test; the 20 MB
  // of a large invoice under npm run test:deep.
  const LINES = depth(50_000, 200_000);
  it(`runs a large document (${LINES / 10_000} MB) as it runs in-process`, async () => {
    const path = await sef(join(work, 'large'), 'count', '<n><xsl:value-of select="count(//line), string(//line[last()]/@id), string-length(string(/))"/></n>');
    const xml = `<doc>${Array.from({ length: LINES }, (_, k) => `<line id="${k + 1}">${'x'.repeat(90)}</line>`).join('\n')}</doc>`;
    expect(xml.length).toBeGreaterThan(LINES * 100);
    const svrl = SandboxedRules.fromFile('count', path).svrl(xml);
    expect(svrl).toBe(CompiledRules.fromFile('count', path).svrl(xml));
    expect(svrl).toContain(`<n>${LINES} ${LINES} `);
  });

  it('replaces a child that died between documents', async () => {
    const path = await sef(join(work, 'restart'), 'ok', '<ok/>');
    const rules = SandboxedRules.fromFile('ok', path);
    rules.svrl('<doc/>');
    const before = sandboxChildPids();
    expect(before.length).toBeGreaterThan(0);
    for (const pid of before) process.kill(pid, 'SIGKILL');
    await expect.poll(() => before.every((pid) => readCpuMs(pid) === undefined)).toBe(true);
    expect(rules.svrl('<doc/>')).toContain('<ok/>');
    expect(sandboxChildPids().some((pid) => before.includes(pid))).toBe(false);
  });

  it('runs a stylesheet rewritten in place (a rule set added again under its name) as it now is', async () => {
    const dir = join(work, 'rewritten');
    const path = await sef(dir, 'rules', '<first/>');
    const rules = SandboxedRules.fromFile('rules', path);
    expect(rules.svrl('<doc/>')).toContain('<first/>');
    await sef(dir, 'rules', '<second-one/>');
    expect(SandboxedRules.fromFile('rules', path).svrl('<doc/>')).toContain('<second-one/>');
  });

  it('refuses to run at all where no boundary holds (never unsandboxed)', async () => {
    const path = await sef(join(work, 'refused'), 'ok', '<ok/>');
    const refused = SandboxedRules.fromFile('ok', path, { ruleSet: 'someone-elses', nodeFlags: new Set() });
    expect(() => refused.svrl('<doc/>')).toThrow(SandboxUnavailableError);
    expect(() => refused.svrl('<doc/>')).toThrow(/rule set someone-elses was not run: .*no permission model/);
    // The switch for trusted rules and tests: in-process, as CompiledRules.
    expect(stylesheetFromFile('ok', path, { sandbox: false })).toBeInstanceOf(CompiledRules);
    expect(stylesheetFromFile('ok', path)).toBeInstanceOf(SandboxedRules);
  });

  it('works from a worker thread (the batch pool\'s), and keeps no process alive: a script that ran a document ends, and its child with it', async () => {
    const path = await sef(join(work, 'alive'), 'ok', '<ok/>');
    const runner = join(ROOT, 'dist/schematron/sandbox/runner.js');
    const code = `import(${JSON.stringify(runner)}).then(({ SandboxedRules, sandboxChildPids }) => {
      const svrl = SandboxedRules.fromFile('ok', ${JSON.stringify(path)}).svrl('<doc/>');
      const out = JSON.stringify({ svrl, pids: sandboxChildPids() });
      require('node:worker_threads').parentPort ? require('node:worker_threads').parentPort.postMessage(out) : console.log(out);
    });`;
    const fromWorker = await new Promise<string>((resolve, reject) => {
      const w = new Worker(code, { eval: true });
      w.once('message', resolve);
      w.once('error', reject);
    });
    expect(JSON.parse(fromWorker).svrl).toContain('<ok/>');
    // No process.exit anywhere: the script ends when its work is done, with a child still warm.
    const { svrl, pids } = JSON.parse(execFileSync(process.execPath, ['--input-type=commonjs', '-e', code], { encoding: 'utf8', timeout: 120_000 })) as { svrl: string; pids: number[] };
    expect(svrl).toContain('<ok/>');
    expect(pids.length).toBe(1);
    await expect.poll(() => readCpuMs(pids[0]!), { timeout: 30_000 }).toBeUndefined();
  });

  it.runIf(linuxWrappers().includes('--pdeathsig'))('a child busy in a loop dies with a parent that is SIGKILLed (its parent-death signal)', async () => {
    const dir = join(work, 'orphan');
    const ok = await sef(dir, 'ok', '<ok/>');
    const loop = await sef(dir, 'loop', '<xsl:value-of select="sum(for $i in 1 to 1000000000000 return $i)"/>');
    const runner = join(ROOT, 'dist/schematron/sandbox/runner.js');
    const code = `import(${JSON.stringify(runner)}).then(({ SandboxedRules, sandboxChildPids }) => {
      SandboxedRules.fromFile('ok', ${JSON.stringify(ok)}).svrl('<doc/>');
      process.stdout.write(sandboxChildPids().join(',') + '\\n');
      SandboxedRules.fromFile('loop', ${JSON.stringify(loop)}).svrl('<doc/>');
    });`;
    const parent = spawn(process.execPath, ['--input-type=commonjs', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    // The child is running the loop (its CPU time grows), its parent blocked waiting for it.
    const cpu = readCpuMs(pid)!;
    await expect.poll(() => readCpuMs(pid)! > cpu + 200, { timeout: 60_000 }).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => readCpuMs(pid), { timeout: 30_000 }).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('reads a process\'s CPU time and resident memory from /proc', () => {
    const before = readCpuMs(process.pid)!;
    const until = before + 100;
    let spin = 0;
    while (readCpuMs(process.pid)! < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(readRssMb(process.pid)).toBeGreaterThan(10);
    expect(readCpuMs(2 ** 22 + 1)).toBeUndefined();
    expect(existsSync('/proc/self/stat')).toBe(true);
  });
});
