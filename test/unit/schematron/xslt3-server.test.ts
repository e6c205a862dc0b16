import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchematron } from '../../../src/schematron/compile.js';
import { compileXsltFile } from '../../../src/schematron/sef.js';
import { CompiledRules } from '../../../src/schematron/run.js';
import { compiles, xslt3ServerPids } from '../../../src/schematron/xslt3.js';
import { ROOT } from '../../helpers/paths.js';

/*
 * The warm xslt3 compiler (src/schematron/xslt3-server.ts) held to xslt3's command line, the oracle: the same SEF
 * for every stylesheet, whatever the server compiled before it, the same failure for one that does not compile, and
 * a compile that still answers when the server dies under it.
 */
const work = mkdtempSync(join(tmpdir(), 'pintae-xslt3-server-'));
const file = (name: string, text: string) => { const path = join(work, name); writeFileSync(path, text); return path; };
const iso = (name: string) => join(ROOT, 'test/fixtures/schematron/iso', name);
const stylesheets = ['diagnostics.sch', 'for-each.sch'].flatMap((name) => [false, true].map((guards) =>
  file(`${name}.${guards}.xsl`, compileSchematron(readFileSync(iso(name), 'utf8'), { guards, baseDir: join(ROOT, 'test/fixtures/schematron/iso') }))));

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/**
 * Each stylesheet's SEF by xslt3's command line, the oracle: compiled once for the file (a process per compile costs
 * a cold Saxon-JS each time), whichever test asks first.
 */
const byCommandLine = new Map<number, Promise<string>>();
const byProcess = (k: number) => { if (!byCommandLine.has(k)) byCommandLine.set(k, compileXsltFile(stylesheets[k]!, 'process')); return byCommandLine.get(k)!; };

/** A SEF without what differs between any two compiles: the time it was built, and the checksum that covers it. */
const timeless = (sef: string) => { const tree = JSON.parse(sef) as Record<string, unknown>; delete tree.buildDateTime; delete tree['Σ']; return tree; };

describe('the xslt3 compile server', () => {
  it('writes the command line\'s SEF for every stylesheet, in any order, and the SEF runs', async () => {
    const oracle = await Promise.all(stylesheets.map((_, k) => byProcess(k)));
    const order = [...stylesheets.keys(), ...[...stylesheets.keys()].reverse()];
    const served = compiles.server;
    for (const k of order) expect(timeless(await compileXsltFile(stylesheets[k]!, 'server')), stylesheets[k]).toEqual(timeless(oracle[k]!));
    expect(xslt3ServerPids().length).toBeGreaterThan(0);
    // Every one by the server, none by a fallback process (a server that failed every job would still give the SEF).
    expect(compiles.server - served).toBe(order.length);
    const lines = `<Invoice xmlns:cac="${CAC}" xmlns:cbc="${CBC}">${['1', '3', '3'].map((id) => `<cac:InvoiceLine><cbc:ID>${id}</cbc:ID></cac:InvoiceLine>`).join('')}</Invoice>`;
    const results = new CompiledRules('for-each', await compileXsltFile(stylesheets[2]!, 'server')).results(lines);
    expect(results.map((r) => r.id)).toEqual(['fe-001', 'fe-002']);
    expect(results).toEqual(new CompiledRules('for-each', oracle[2]!).results(lines));
  });

  it('refuses a stylesheet that does not compile with the command line\'s words', async () => {
    const bad = file('bad.xsl', `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0">
      <xsl:template match="/"><xsl:value-of select="xsd:string(1)"/></xsl:template></xsl:stylesheet>`);
    const failure = async (how: 'server' | 'process') => compileXsltFile(bad, how).then(() => 'compiled', (e: Error) => e.message);
    const [server, command] = [await failure('server'), await failure('process')];
    expect(server).toMatch(/^the XSLT did not compile:\n.*XPST0081/s);
    expect(server).toBe(command);
    const notXml = file('not.xsl', 'not XML');
    expect(await compileXsltFile(notXml, 'server').catch((e: Error) => e.message)).toBe(await compileXsltFile(notXml, 'process').catch((e: Error) => e.message));
  });

  it('a compile whose server dies under it is done by a process of its own, and so is every later one', async () => {
    const expected = timeless(await byProcess(1));
    await compileXsltFile(stylesheets[0]!, 'server');
    const [pid] = xslt3ServerPids();
    const pending = compileXsltFile(stylesheets[1]!, 'server');
    process.kill(pid!, 'SIGKILL');
    expect(timeless(await pending)).toEqual(expected);
    expect(timeless(await compileXsltFile(stylesheets[1]!, 'server'))).toEqual(expected);
    expect(xslt3ServerPids()).toEqual([]);
  });

  it('an idle server never keeps pintae from exiting, and leaves with it', async () => {
    // A script that compiles once and then has nothing left to do: it must end by itself, its server with it.
    const script = file('once.mjs', `import { compileXsltFile } from ${JSON.stringify(join(ROOT, 'dist/schematron/sef.js'))};
      import { xslt3ServerPids } from ${JSON.stringify(join(ROOT, 'dist/schematron/xslt3.js'))};
      await compileXsltFile(${JSON.stringify(stylesheets[0])});
      console.log(xslt3ServerPids().join(','));`);
    const pids = execFileSync(process.execPath, [script], { encoding: 'utf8', timeout: 120_000 }).trim().split(',').filter(Boolean).map(Number);
    expect(pids.length).toBeGreaterThan(0);
    // It leaves on the disconnect of its parent's exit, a moment later; a hang fails at the test's timeout.
    for (const pid of pids) while (running(pid)) await new Promise((done) => setTimeout(done, 20));
  });
});

/** Whether a process runs (a zombie, left to a container's init that does not reap it, has ended). */
function running(pid: number): boolean {
  try { process.kill(pid, 0); } catch { return false; }
  try { return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8')); } catch { return false; }
}
