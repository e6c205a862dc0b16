import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileXsltFile } from '../../../src/schematron/sef.js';
import { RuleLimitError, stylesheetFromFile } from '../../../src/schematron/sandbox/index.js';
import type { Stylesheet } from '../../../src/schematron/run.js';

/*
 * Issue 21, item 2: every attack a rule set can make on Saxon-JS, with no static check in front (these stylesheets
 * are compiled straight from XSLT), run behind the sandbox (src/schematron/sandbox) and stopped there. Each harmless
 * attack is also run with the sandbox switched off (`sandbox: false`: in pintae's process, as CompiledRules), where it
 * succeeds: the assertions can fail, and the sandbox is what stops each one. The loop and the memory bombs are not
 * run unsandboxed: they would take the test process with them. (Checked: with stylesheetFromFile made to return
 * CompiledRules whatever it is asked, every test here but those three fails.)
 */

const work = mkdtempSync(join(tmpdir(), 'pintae-sandbox-attacks-'));
const outside = join(work, 'outside');
const rules = join(work, 'rules');
mkdirSync(outside);
mkdirSync(rules);
const SECRET = 'TOPSECRET-7f3a';
const TOKEN = 'secret-token-91c2';
writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
writeFileSync(join(outside, 'secret.xml'), `<secret>${SECRET}</secret>`);
writeFileSync(join(outside, 'secret.json'), JSON.stringify({ s: SECRET }));
const url = (name: string) => pathToFileURL(join(outside, name)).href;

let server: Server;
const requests: string[] = [];
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => { requests.push(req.url ?? ''); res.end('<ok/>'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // A token in pintae's environment: a sandboxed child starts with an empty one.
  process.env.PINTAE_TOKEN = TOKEN;
});
afterAll(async () => {
  delete process.env.PINTAE_TOKEN;
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const NS = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:js="http://saxonica.com/ns/globalJS" xmlns:ixsl="http://saxonica.com/ns/interactiveXSLT"';
/** A stylesheet whose one template writes `body` into <out>. */
const xslt = (body: string) =>
  `<xsl:stylesheet ${NS} version="3.0" exclude-result-prefixes="#all"><xsl:template match="/"><out>${body}</out></xsl:template></xsl:stylesheet>`;
const valueOf = (expr: string) => xslt(`<xsl:value-of select="${expr.replaceAll('"', '&quot;')}"/>`);

let count = 0;
/** The stylesheet compiled into the rule set's directory, as `rules add` leaves a compiled set. */
async function compiled(text: string): Promise<string> {
  const name = `attack-${++count}`;
  const source = join(work, `${name}.xsl`);
  writeFileSync(source, text);
  const sef = join(rules, `${name}.sef.json`);
  writeFileSync(sef, await compileXsltFile(source));
  return sef;
}

type Outcome = { svrl: string } | { error: Error };
const run = (runner: Stylesheet): Outcome => {
  try { return { svrl: runner.svrl('<doc/>') }; } catch (e) { return { error: e as Error }; }
};
const said = (o: Outcome) => ('svrl' in o ? o.svrl : o.error.message);
const sandboxed = (sef: string, limits?: { cpuMs?: number; memoryMb?: number }) => run(stylesheetFromFile('attack', sef, { ruleSet: 'hostile', limits }));
const unsandboxed = (sef: string) => run(stylesheetFromFile('attack', sef, { sandbox: false }));

/** The process's own `process` from JavaScript that a stylesheet reaches without eval (ixsl: functions). */
const PROCESS = "ixsl:get(ixsl:window(), 'process')";
const builtin = (name: string) => `ixsl:call(${PROCESS}, 'getBuiltinModule', ['${name}'])`;

describe('a hostile rule set behind the sandbox (issue 21)', () => {
  it('js: cannot run a program (child_process through eval, and through ixsl:call without eval)', async () => {
    for (const [how, expr] of [
      ['eval', (marker: string) => `js:eval("process.getBuiltinModule('child_process').execFileSync('touch', ['${marker}'])")`],
      ['ixsl', (marker: string) => `ixsl:call(${builtin('child_process')}, 'execFileSync', ['touch', ['${marker}']])`],
    ] as const) {
      const [inside, open] = [join(outside, `ran-${how}-sandboxed`), join(outside, `ran-${how}-open`)];
      unsandboxed(await compiled(valueOf(`string(${expr(open)})`)));
      expect(existsSync(open), `unsandboxed ${how}: the program ran`).toBe(true);
      const o = sandboxed(await compiled(valueOf(`string(${expr(inside)})`)));
      expect('error' in o, `${how}: ${said(o)}`).toBe(true);
      expect(existsSync(inside)).toBe(false);
    }
  });

  it('js: cannot write a file', async () => {
    const expr = (target: string) => `string(ixsl:call(${builtin('fs')}, 'writeFileSync', ['${target}', 'x']))`;
    unsandboxed(await compiled(valueOf(expr(join(outside, 'written-open')))));
    expect(existsSync(join(outside, 'written-open'))).toBe(true);
    expect('error' in sandboxed(await compiled(valueOf(expr(join(outside, 'written-sandboxed')))))).toBe(true);
    expect(existsSync(join(outside, 'written-sandboxed'))).toBe(false);
  });

  it("js: reads no token from the environment (and neither does environment-variable())", async () => {
    const viaJs = await compiled(valueOf("string(ixsl:get(ixsl:window(), 'process.env.PINTAE_TOKEN'))"));
    expect(said(unsandboxed(viaJs))).toContain(TOKEN);
    expect(said(sandboxed(viaJs))).not.toContain(TOKEN);
    const viaEval = await compiled(valueOf("string(js:eval('JSON.stringify(process.env)'))"));
    expect(said(unsandboxed(viaEval))).toContain(TOKEN);
    expect(said(sandboxed(viaEval))).not.toContain(TOKEN);
    // Saxon-JS 2.7 answers fn:environment-variable with nothing, sandboxed or not: this one cannot fail by removing
    // the sandbox; the child's empty environment stands behind it should a later Saxon-JS read process.env.
    const viaXPath = await compiled(valueOf("(environment-variable('PINTAE_TOKEN'), string-join(available-environment-variables(), ' '))"));
    expect(said(sandboxed(viaXPath))).not.toContain(TOKEN);
  });

  it('js: cannot signal a process (process.kill is not in the permission model)', async () => {
    // Signal 0 only asks whether the process could be signalled: answered true in pintae's process.
    const sef = await compiled(valueOf(`string(ixsl:call(${PROCESS}, 'kill', [${process.pid}, 0]))`));
    expect(said(unsandboxed(sef))).toContain('true');
    expect('error' in sandboxed(sef)).toBe(true);
  });

  it('reads no file outside the rule set: unparsed-text, unparsed-text-lines, doc, json-doc, collection', async () => {
    for (const expr of [
      `unparsed-text('${url('secret.txt')}')`,
      `string-join(unparsed-text-lines('${url('secret.txt')}'))`,
      `string(doc('${url('secret.xml')}'))`,
      `json-doc('${url('secret.json')}')?s`,
    ]) {
      const sef = await compiled(valueOf(expr));
      expect(said(unsandboxed(sef)), expr).toContain(SECRET);
      const o = sandboxed(sef);
      expect(said(o), expr).not.toContain(SECRET);
      expect('error' in o, expr).toBe(true);
    }
    // Saxon-JS has no collection() without a finder the caller supplies: refused sandboxed or not.
    const collection = await compiled(valueOf(`string-join(collection('${pathToFileURL(outside).href}/') ! string(.))`));
    expect(said(sandboxed(collection))).not.toContain(SECRET);
  });

  it('xsl:result-document writes nothing', async () => {
    const target = (name: string) => pathToFileURL(join(outside, name)).href;
    const sef = (name: string) => compiled(xslt(`<xsl:result-document href="${target(name)}"><w>written</w></xsl:result-document>`));
    unsandboxed(await sef('result-open.xml'));
    expect(existsSync(join(outside, 'result-open.xml'))).toBe(true);
    sandboxed(await sef('result-sandboxed.xml'));
    expect(existsSync(join(outside, 'result-sandboxed.xml'))).toBe(false);
    expect(readdirSync(rules).filter((f) => !f.endsWith('.sef.json'))).toEqual([]);
  });

  it('reaches no network: fetch from js:, doc() of an http: address', async () => {
    const fetching = (path: string) => compiled(valueOf(`string(js:fetch('${origin}${path}'))`));
    // Refused at once in the child (its fetch throws): no request is left on its way when the run ends.
    const o = sandboxed(await fetching('sandboxed'));
    expect(said(o)).toMatch(/fetch is not available to a rule set/);
    // The same attack in pintae's process reaches the server; by the time it has, a request the sandboxed run had
    // sent before it would have arrived too.
    unsandboxed(await fetching('open'));
    await expect.poll(() => requests, { timeout: 60_000 }).toContain('/open');
    expect(requests).toEqual(['/open']);
    // Saxon-JS refuses synchronous http: reads itself, in pintae's process too; the sandbox stands behind it.
    expect('error' in sandboxed(await compiled(valueOf(`string(doc('${origin}doc'))`)))).toBe(true);
    expect('error' in sandboxed(await compiled(valueOf(`unparsed-text('${origin}text')`)))).toBe(true);
    expect(requests).toEqual(['/open']);
  });

  it('ixsl:eval and the Function constructor generate no code', async () => {
    const sef = await compiled(valueOf("string(ixsl:eval('6 * 7'))"));
    expect(said(unsandboxed(sef))).toContain('42');
    expect(said(sandboxed(sef))).toMatch(/Code generation from strings disallowed/);
  });

  // A limit of 1 s of CPU (it was 2): each endless case burns all of it, and a document's CPU is counted from its own
  // start (the child's start-up is not in it), so 1 s is still far above what the fine document needs.
  it('an endless loop is stopped at its CPU-time limit, and the next document runs in a fresh child', async () => {
    const loop = await compiled(valueOf('sum(for $i in 1 to 1000000000000 return $i)'));
    const o = sandboxed(loop, { cpuMs: 1000 });
    expect('error' in o && o.error).toBeInstanceOf(RuleLimitError);
    const error = (o as { error: RuleLimitError }).error;
    expect([error.kind, error.limit, error.ruleSet, error.code]).toEqual(['time', 1000, 'hostile', 'pintae/rules-failed']);
    expect(error.message).toMatch(/rule set hostile .*time limit of 1 s/);
    const fine = await compiled(valueOf("'fine'"));
    expect(said(sandboxed(fine, { cpuMs: 1000 }))).toContain('<out>fine</out>');
    // A recursive function that never ends.
    const recursive = await compiled(`<xsl:stylesheet ${NS} xmlns:f="urn:f" xmlns:xs="http://www.w3.org/2001/XMLSchema" version="3.0">
      <xsl:function name="f:loop" as="xs:integer"><xsl:param name="n" as="xs:integer"/><xsl:sequence select="f:loop(($n + 1) mod 1000)"/></xsl:function>
      <xsl:template match="/"><out><xsl:value-of select="f:loop(1)"/></out></xsl:template></xsl:stylesheet>`);
    const r = sandboxed(recursive, { cpuMs: 1000 });
    // Saxon-JS either recurses for ever (tail calls) or runs out of stack: stopped either way, never a verdict.
    expect('error' in r, said(r)).toBe(true);
  });

  it('a memory bomb is stopped at its memory limit: a growing heap, and one string doubled', async () => {
    for (const expr of [
      'count(sort(for $i in 1 to 100000000 return string($i)))',
      "contains(fold-left(1 to 28, 'x', function($s, $i) { $s || $s }), 'y')",
    ]) {
      const o = sandboxed(await compiled(valueOf(expr)), { memoryMb: 128, cpuMs: 120_000 });
      expect('error' in o && o.error, expr).toBeInstanceOf(RuleLimitError);
      const error = (o as { error: RuleLimitError }).error;
      expect([error.kind, error.limit], expr).toEqual(['memory', 128]);
      expect(error.message).toMatch(/rule set hostile .*memory limit of 128 MB/);
    }
    // The limit is low (it halves the time a growing heap takes to reach it), but not below what a stylesheet needs
    // to run at all: stopped above for what the rules hold, not for Saxon-JS itself.
    expect(said(sandboxed(await compiled(valueOf("string-join((1 to 1000) ! 'x')")), { memoryMb: 128 }))).toContain(`<out>${'x'.repeat(1000)}</out>`);
  });

  it('a report too large for pintae to take is refused in the child', async () => {
    const o = sandboxed(await compiled(valueOf("string-join((1 to 8000000) ! 'xxxxxxxxxx')")));
    expect('error' in o && o.error).toBeInstanceOf(RuleLimitError);
    expect((o as { error: RuleLimitError }).error.kind).toBe('memory');
  });
});
