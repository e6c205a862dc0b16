import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileScope, compileXslt, compileXsltFile } from '../../../src/schematron/sef.js';
import { compiles, xslt3ServerPids } from '../../../src/schematron/xslt3.js';
import { ROOT } from '../../helpers/paths.js';

/*
 * Compiling XSLT runs the stylesheet's code (issue 21): a static parameter or a use-when is evaluated by the compiler,
 * with unparsed-text(), doc() and, through ixsl:window(), the whole of JavaScript. The xslt3 compiler runs behind the
 * sandbox's boundary (src/schematron/sandbox/compiler.ts): on the warm server and as a process of its own, these
 * compile-time attacks are refused. xslt3's own command line, outside the boundary, carries each one out: the
 * assertions can fail.
 */

const work = mkdtempSync(join(tmpdir(), 'pintae-sandbox-compile-'));
const outside = join(work, 'outside');
// The sources compiled as files lie in a directory of their own: a process compile may read the source's directory.
const sources = join(work, 'sources');
mkdirSync(outside);
mkdirSync(sources);
const SECRET = 'COMPILE-SECRET-5d1e';
writeFileSync(join(outside, 'secret.txt'), SECRET);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NS = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:ixsl="http://saxonica.com/ns/interactiveXSLT"';
const withStatic = (select: string) => `<xsl:stylesheet ${NS} version="3.0">
  <xsl:param name="p" static="yes" select="${select.replaceAll('"', '&quot;')}"/>
  <xsl:template match="/"><out><xsl:value-of select="$p"/></out></xsl:template></xsl:stylesheet>`;
const READ = withStatic(`unparsed-text('${pathToFileURL(join(outside, 'secret.txt')).href}')`);
const write = (target: string) => withStatic(`string(ixsl:call(ixsl:call(ixsl:get(ixsl:window(), 'process'), 'getBuiltinModule', ['fs']), 'writeFileSync', ['${target}', 'x']))`);

const outcome = (p: Promise<string>) => p.then((sef) => sef, (e: Error) => `refused: ${e.message}`);
/** xslt3's own command line, no boundary: what the compiler does unsandboxed. */
function commandLine(text: string, name: string): string {
  const source = join(work, `${name}.xsl`);
  writeFileSync(source, text);
  const target = join(work, `${name}.sef.json`);
  execFileSync(process.execPath, [createRequire(import.meta.url).resolve('xslt3/xslt3.js'), `-xsl:${source}`, `-export:${target}`, '-nogo'], { stdio: 'ignore' });
  return readFileSync(target, 'utf8');
}

describe('the xslt3 compiler behind the boundary', () => {
  it('reads no file outside what it compiles at compile time, on the server and as a process', async () => {
    expect(commandLine(READ, 'read-open')).toContain(SECRET);
    const before = compiles.server;
    const onServer = await outcome(compileXslt(READ));
    expect(onServer).toMatch(/^refused: /);
    expect(onServer).not.toContain(SECRET);
    // The warm server answered (a refusal from the server, not from a fallback process).
    expect(compiles.server).toBe(before + 1);
    const file = join(sources, 'read.xsl');
    writeFileSync(file, READ);
    expect(await outcome(compileXsltFile(file, 'process'))).toMatch(/^refused: (?![^]*COMPILE-SECRET)/);
  });

  it('writes no file at compile time, on the server and as a process', async () => {
    commandLine(write(join(outside, 'wrote-open')), 'write-open');
    expect(existsSync(join(outside, 'wrote-open'))).toBe(true);
    expect(await outcome(compileXslt(write(join(outside, 'wrote-server'))))).toMatch(/^refused: /);
    const file = join(sources, 'write.xsl');
    writeFileSync(file, write(join(outside, 'wrote-process')));
    expect(await outcome(compileXsltFile(file, 'process'))).toMatch(/^refused: /);
    expect(existsSync(join(outside, 'wrote-server'))).toBe(false);
    expect(existsSync(join(outside, 'wrote-process'))).toBe(false);
  });

  it('compiles an honest stylesheet as before, and gives each compile scope servers of its own', async () => {
    const honest = `<xsl:stylesheet ${NS} version="3.0"><xsl:template match="/"><ok/></xsl:template></xsl:stylesheet>`;
    const inScope = async (scope: string) => compileScope.run(scope, async () => { await compileXslt(honest); return xslt3ServerPids(); });
    const [a, b] = [await inScope('set-a'), await inScope('set-b')];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    // A compile could leave its server altered: set-b's compiles never run on a server set-a's compiles ran on.
    expect(b.some((pid) => a.includes(pid))).toBe(false);
    expect(JSON.parse(await compileXslt(honest))).toHaveProperty('N', 'package');
  });

  it('leaves no area behind: one left by a process killed outright is removed by the next process that makes one', () => {
    const gone = execFileSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' }).trim();
    const left = mkdtempSync(join(tmpdir(), `pintae-compile-${gone}-`));
    writeFileSync(join(left, 'rules.xslt'), 'left over');
    const compiler = pathToFileURL(join(ROOT, 'dist/schematron/sandbox/compiler.js')).href;
    const made = execFileSync(process.execPath, ['--input-type=module', '-e', `import { makeArea } from ${JSON.stringify(compiler)}; console.log(makeArea());`], { encoding: 'utf8' }).trim();
    expect(existsSync(left)).toBe(false);
    // And its own area went as it exited.
    expect(made).toMatch(/pintae-compile-\d+-/);
    expect(existsSync(made)).toBe(false);
  });
});
