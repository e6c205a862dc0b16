import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { execa } from 'execa';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/paths.js';
import { createValidator } from '../../src/index.js';
import { addRuleSet } from '../../src/schematron/rulesets.js';
import { parseRuleLimits } from '../../src/schematron/limits.js';
import { UsageError } from '../../src/io/errors.js';
import { DEEP } from '../helpers/depth.js';

/*
 * Issue 21: a rule set is data. Every case of the hostile corpus (test/fixtures/hostile, README there) is refused
 * with its intended words, through the spawned CLI and through the library, and none creates, reads into any output
 * or deletes a file outside pintae's own.
 */

const CORPUS = join(ROOT, 'test/fixtures/hostile');
const SEF_CACHE = process.env.PINTAE_SEF_CACHE_DIR;
const INVOICE = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n  <cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>\n  <cbc:ID>H-1</cbc:ID>\n</Invoice>\n';

interface Scene { root: string; rules: string; secret: string; secretText: string; out: string; cache: string; docs: string[] }

/** A temporary directory holding the case (placeholders filled in), a secret beside it, two documents and a cache. */
function scene(source: string, fill: Record<string, string> = {}): Scene {
  const root = mkdtempSync(join(tmpdir(), 'pintae-hostile-'));
  const tag = randomBytes(6).toString('hex');
  const secret = join(root, `secret-${tag}.txt`);
  const secretText = `SECRET-${tag}-CONTENT`;
  writeFileSync(secret, secretText);
  const out = join(root, `written-${tag}.txt`);
  const subst = (text: string) => Object.entries({ '@SECRET@': secret, '@SECRETNAME@': `secret-${tag}.txt`, '@OUT@': out, ...fill })
    .reduce((t, [k, v]) => t.split(k).join(v), text);
  const target = join(root, source);
  cpSync(join(CORPUS, source), target, { recursive: true });
  const fillIn = (p: string) => {
    if (statSync(p).isDirectory()) { for (const f of readdirSync(p)) fillIn(join(p, f)); return; }
    writeFileSync(p, subst(readFileSync(p, 'utf8')));
  };
  fillIn(target);
  const docs = ['one.xml', 'two.xml'].map((f) => { const p = join(root, f); writeFileSync(p, INVOICE.replace('H-1', f)); return p; });
  return { root, rules: target, secret, secretText, out, cache: join(root, 'pintae-cache'), docs };
}

/** Every file under the scene's root but pintae's cache, with its content: what a run may not change. */
function snapshot(s: Scene): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (p === s.cache) continue;
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else files.set(relative(s.root, p), st.isFile() ? readFileSync(p, 'utf8') : `(${st.isSymbolicLink() ? 'link' : 'special'})`);
    }
  };
  walk(s.root);
  return files;
}

/** A token in the environment, as a CI job has one: random, so no run of 8 of it is part of any path here. */
const TOKEN = randomBytes(18).toString('base64url');

const cli = (s: Scene, args: string[]) => execa('node', [BIN, ...args], {
  reject: false, timeout: 120_000, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: s.cache, ...(SEF_CACHE ? { PINTAE_SEF_CACHE_DIR: SEF_CACHE } : {}), PINTAE_TOKEN: TOKEN },
});

/**
 * The case is refused by the library's rules add and validator (the static check `check --rules` and `rules add` run
 * too), with its words and nothing of the secret or the token in them, and by check --rules, spawned (exit 2, its
 * words, nothing of either in any output), and leaves every file as it was. (`rules add` spawned takes the same path
 * as the library's: its refusals are held once, for the js: case below.)
 *
 * Spawned in npm test: one case of each kind of refusal (a function, an XSLT instruction, an include that leaves the
 * set, one that is no file to read, a DOCTYPE) and those where a process is at stake (a named pipe or /dev/zero would
 * never end a read, an entity bomb would fill memory, file-function.sch asks the environment for the token); every
 * case is refused through the library in npm test, each spawned under `npm run test:deep`. A spawn is 0.3 s of CPU,
 * and the refusal is the same code in both (src/schematron/guard/): the process adds the exit code and the
 * printing, which the sample holds.
 */
const SPAWNED = new Set(['js-eval.sch', 'result-document.xsl', 'include-parent', 'include-devzero', 'include-link', 'include-fifo', 'doctype-external.sch', 'entity-bomb.sch', 'file-function.sch']);

async function refusedEverywhere(s: Scene, source: string, words: RegExp): Promise<string | undefined> {
  const before = snapshot(s);
  let stderr: string | undefined;
  if (DEEP || SPAWNED.has(source)) {
    const checked = await cli(s, ['check', '--rules', s.rules, s.docs[0]!, '--format', 'json']);
    expect(checked.exitCode, checked.stderr).toBe(2);
    expect(checked.stderr).toMatch(words);
    expect(checked.stderr).toMatch(/refused|leaves|URL|absolute|not a regular file|link|DOCTYPE/);
    expect(checked.stdout + checked.stderr).not.toContain(s.secretText);
    expect(checked.stdout + checked.stderr).not.toContain(TOKEN.slice(0, 8));
    expect(existsSync(s.out)).toBe(false);
    expect(snapshot(s)).toEqual(before);
    stderr = checked.stderr;
  }
  // The library: the same refusal, the same words, from rules add and from the validator; nothing of the secret.
  const previous = process.env.PINTAE_CACHE_DIR;
  process.env.PINTAE_CACHE_DIR = s.cache;
  try {
    const refusal = async (p: Promise<unknown>) => {
      const e = await p.then(() => { throw new Error('not refused'); }, (x: unknown) => x as Error);
      expect(e.message).toMatch(words);
      expect(e.message).toMatch(/refused|leaves|URL|absolute|not a regular file|link|DOCTYPE/);
      expect(e.message).not.toContain(s.secretText);
    };
    await refusal(addRuleSet(s.rules, { name: 'hostile', env: { ...process.env, PINTAE_CACHE_DIR: s.cache } }));
    expect(existsSync(join(s.cache, 'rules', 'hostile'))).toBe(false);
    await refusal(createValidator({ ruleSet: s.rules }));
  } finally {
    process.env.PINTAE_CACHE_DIR = previous;
  }
  expect(existsSync(s.out)).toBe(false);
  expect(snapshot(s)).toEqual(before);
  return stderr;
}

describe('hostile rule sets: refused before they run, naming file, line and construct (issue 21 item 1)', () => {
  const cases: Array<[string, RegExp]> = [
    ['js-eval.sch', /js-eval\.sch:6:\d+: js:eval\(\): .*JavaScript/],
    ['js-eval.xsl', /js-eval\.xsl:6:\d+: js:eval\(\): .*JavaScript/],
    ['js-eqname.sch', /js-eqname\.sch:6:\d+: Q\{http:\/\/saxonica\.com\/ns\/globalJS\}eval\(\)/],
    ['ixsl.sch', /ixsl\.sch:6:\d+: ixsl:call\(\): .*interactive/],
    ['saxon-ext.sch', /saxon-ext\.sch:6:\d+: saxon:evaluate\(\): .*Saxon extension/],
    ['function-reference.sch', /function-reference\.sch:6:\d+: unparsed-text#: reads a file/],
    ['arrow.sch', /arrow\.sch:6:\d+: unparsed-text\(\): reads a file/],
    ['function-lookup.sch', /function-lookup\.sch:6:\d+: function-lookup\(\): calls a function chosen by its name/],
    ['undeclared-function.sch', /undeclared-function\.sch:6:\d+: x:read\(\): a function of urn:example:x that is neither standard nor declared/],
    ['result-document.xsl', /result-document\.xsl:6:\d+: <xsl:result-document>: writes a file/],
    ['evaluate.xsl', /evaluate\.xsl:6:\d+: <xsl:evaluate>: evaluates XPath text built at run time/],
    ['source-document.xsl', /source-document\.xsl:6:\d+: <xsl:source-document>: reads another document/],
    ['use-when.xsl', /use-when\.xsl:6:\d+: unparsed-text-available\(\): tells whether a file/],
    ['shadow.xsl', /shadow\.xsl:6:\d+: _select=.*: a shadow attribute/],
    ['avt.xsl', /avt\.xsl:6:\d+: unparsed-text\(\): reads a file/],
    ['match-pattern.xsl', /match-pattern\.xsl:9:\d+: doc\(\): reads another document/],
    ['extension-instruction.xsl', /extension-instruction\.xsl:\d+:\d+: (<ixsl:set-property>|extension-element-prefixes)/],
    ['include-absolute', /include-absolute\/rules\.sch:5:\d+: <sch:include href=".*">: an include of an absolute path/],
    ['include-parent', /include-parent\/rules\.sch:5:\d+: <sch:include href="\.\.\/secret-.*">: an include that leaves the rule set's directory/],
    ['include-url', /include-url\/rules\.sch:5:\d+: <sch:include href="file:\/\/.*">: an include of a URL/],
    ['include-encoded', /include-encoded\/rules\.sch:5:\d+: <sch:include href="%2e%2e\/.*">: an include that leaves the rule set's directory/],
    ['include-devzero', /include-devzero\/rules\.sch:5:\d+: <sch:include href="\/dev\/zero">: an include of an absolute path/],
    ['xsl-include-parent', /xsl-include-parent\/rules\.xsl:4:\d+: <xsl:include href="\.\.\/secret-.*">: an include that leaves/],
    ['doctype-external.sch', /doctype-external\.sch:2:1: <!DOCTYPE …>: a DOCTYPE that names an external file/],
    ['entity-bomb.sch', /entity-bomb\.sch:2:1: <!DOCTYPE …>: a DOCTYPE whose entities refer to other entities/],
  ];
  for (const [source, words] of cases) {
    it(source, async () => {
      const s = scene(source);
      await refusedEverywhere(s, source, words);
    });
  }

  it('rules add, spawned: refused with the same words, no entry written, the rule set left as it was', async () => {
    const s = scene('js-eval.sch');
    const before = snapshot(s);
    const added = await cli(s, ['rules', 'add', s.rules, '--name', 'hostile']);
    expect(added.exitCode, added.stderr).toBe(2);
    expect(added.stderr).toMatch(/js-eval\.sch:6:\d+: js:eval\(\): .*JavaScript/);
    expect(existsSync(join(s.cache, 'rules', 'hostile'))).toBe(false);
    expect(existsSync(s.out)).toBe(false);
    expect(snapshot(s)).toEqual(before);
  });

  it('a config file in a checkout naming a rule set: the set is checked as any other before it runs', async () => {
    const s = scene('js-eval.sch');
    writeFileSync(join(s.root, 'pintae.config.json'), JSON.stringify({ ruleSet: './js-eval.sch' }));
    const before = snapshot(s);
    const r = await execa('node', [BIN, 'check', s.docs[0]!], { cwd: s.root, reject: false, timeout: 120_000, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: s.cache } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/js-eval\.sch:6:\d+: js:eval\(\): .*JavaScript/);
    // Said before anything else: the checkout's file replaces the built-in rules (docs/decisions.md "What a checkout may decide (secco)").
    expect(r.stderr).toMatch(/pintae\.config\.json \(found, not named with --config\) has every document judged by the rule set \S*js-eval\.sch, not by the PINT-AE rules pintae chooses/);
    expect(existsSync(s.out)).toBe(false);
    expect(snapshot(s)).toEqual(before);
  });

  it('an include that is a link to a file outside the rule set', async () => {
    const s = scene('include-link');
    symlinkSync(s.secret, join(s.rules, 'part.xml'));
    await refusedEverywhere(s, 'include-link', /include-link\/rules\.sch:5:\d+: <sch:include href="part\.xml">: a link that leaves the rule set's directory/);
  });

  it('an include that is a named pipe: refused at once, never opened (reading it would never end)', async () => {
    const s = scene('include-fifo');
    execFileSync('mkfifo', [join(s.rules, 'part.xml')]);
    await refusedEverywhere(s, 'include-fifo', /include-fifo\/rules\.sch:5:\d+: <sch:include href="part\.xml">: not a regular file/);
  });

  // Each function that reaches beyond the document, in the same schema; the words come from the list in names.ts.
  const calls: Array<[string, string, RegExp]> = [
    ['doc', "doc('@SECRET@')", /reads another document/],
    ['document', "document('@SECRET@')", /reads another document/],
    ['doc-available', "doc-available('@SECRET@')", /tells whether a file or URL can be read/],
    ['unparsed-text', "unparsed-text('@SECRET@')", /reads a file or a URL as text/],
    ['unparsed-text-lines', "unparsed-text-lines('@SECRET@')", /reads a file or a URL as text/],
    ['unparsed-text-available', "unparsed-text-available('@SECRET@')", /tells whether a file or URL can be read/],
    ['collection', "collection('@SECRET@')", /reads documents from a directory/],
    ['uri-collection', "uri-collection('@SECRET@')", /lists a directory/],
    ['json-doc', "json-doc('@SECRET@')", /reads a file or a URL as JSON/],
    ['environment-variable', "environment-variable('PINTAE_TOKEN')", /reads the environment/],
    ['available-environment-variables', 'available-environment-variables()', /lists the environment/],
    ['transform', "transform(map{'stylesheet-location': '@SECRET@'})", /compiles and runs another stylesheet/],
    ['load-xquery-module', "load-xquery-module('urn:x')", /loads code/],
    ['parse-xml', "parse-xml('&lt;x/&gt;')", /parses text whose DOCTYPE/],
    ['fn: prefix', "fn:unparsed-text('@SECRET@')", /reads a file or a URL as text/],
  ];
  // One schema calling every one of them, each at a line of its own: one run, and every refusal named at its line.
  it('file-function.sch with every function that reaches beyond the document, each refused at its own line', async () => {
    const s = scene('file-function.sch');
    const asserts = calls.map(([, call], i) => `      <sch:assert id="hostile-${i + 2}" test="false()">leak: <sch:value-of select="${call.split('@SECRET@').join(`file://${s.secret}`)}"/></sch:assert>`).join('\n');
    writeFileSync(s.rules, readFileSync(s.rules, 'utf8').replace(/ *<sch:assert id="hostile-1"[^\n]*\n/, `${asserts}\n`).replace('<sch:schema ', '<sch:schema xmlns:fn="http://www.w3.org/2005/xpath-functions" '));
    const lines = calls.map(([name, , words], i) => new RegExp(`file-function\\.sch:${6 + i}:\\d+: .*${name === 'fn: prefix' ? 'fn:unparsed-text' : name}\\(\\): ${words.source}`));
    // The spawned run's refusal names every one (the library's, held by refusedEverywhere, the first).
    const stderr = await refusedEverywhere(s, 'file-function.sch', lines[0]!);
    for (const line of lines) expect(stderr).toMatch(line);
  });
});

/** A small schema that fails every document with its message (to tell rule sets and their versions apart). */
const failing = (message: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt2">
  <sch:pattern>
    <sch:rule context="/*">
      <sch:assert id="own-1" test="false()">${message}</sch:assert>
    </sch:rule>${extra}
  </sch:pattern>
</sch:schema>
`;

describe('hostile rule sets: limits while they run (issue 21 item 3)', () => {
  it('an endless loop on pintae\'s evaluator: each document fails with pintae/rules-failed naming the set and the time limit, and the run goes on', async () => {
    const s = scene('loop-native.sch');
    // A short limit: every second of it is burnt by the loop, on each document.
    const r = await cli(s, ['check', '--rules', s.rules, ...s.docs, '--rule-timeout', '0.3', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const results = JSON.parse(r.stdout).results as Array<{ file: string; valid: boolean; response: { data: { errors: unknown[] } }; pintae_findings: Array<{ rule?: string; message: string; severity: string }> }>;
    expect(results.map((x) => x.file)).toEqual(s.docs);
    for (const x of results) {
      // Never valid, and pintae's own error: beside the rules' answer, never in it (issue 24).
      expect(x.valid).toBe(false);
      expect(x.response.data.errors).toEqual([]);
      expect(x.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/rules-failed', severity: 'error', message: expect.stringMatching(/^The PINT-AE rules \(path-[0-9a-f]+, loop-native\.sch\) could not be run on this document: the rules ran longer than the time limit of 0.3 s \(--rule-timeout\)$/) })]);
    }
  });

  it('a sequence that grows without end on pintae\'s evaluator: pintae/rules-failed naming the memory limit', async () => {
    const s = scene('memory-native.sch');
    const r = await cli(s, ['check', '--rules', s.rules, s.docs[0]!, '--rule-memory', '200', '--rule-timeout', '600', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/rules-failed', severity: 'error', message: expect.stringMatching(/the rules needed more memory than the limit of 200 MB \(--rule-memory\)$/) })]);
  });

  it('the library: the same limits, by option', async () => {
    const s = scene('loop-native.sch');
    const previous = process.env.PINTAE_CACHE_DIR;
    process.env.PINTAE_CACHE_DIR = s.cache;
    try {
      const v = await createValidator({ ruleSet: s.rules, ruleTimeout: 0.3 });
      const result = v.check(INVOICE);
      expect(result.valid).toBe(false);
      expect(result.findings.map((f) => f.rule)).toEqual(['pintae/rules-failed']);
      await expect(createValidator({ ruleSet: s.rules, ruleTimeout: 'soon' as unknown as number })).rejects.toThrow(/ruleTimeout must be a number/);
    } finally {
      process.env.PINTAE_CACHE_DIR = previous;
    }
  });

  it('pintae/rules-failed cannot be overridden: not by a config file, not by a library caller', async () => {
    const s = scene('loop-native.sch');
    const config = join(s.root, 'pintae.config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'pintae/rules-failed': 'off' } }));
    const r = await cli(s, ['check', '--rules', s.rules, s.docs[0]!, '--rule-timeout', '1', '--config', config]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/"pintae\/rules-failed" cannot be overridden: it marks a document its rules could not be run on/);
    const previous = process.env.PINTAE_CACHE_DIR;
    process.env.PINTAE_CACHE_DIR = s.cache;
    try {
      // Refused as the CLI refuses it (issue 22: the library took it, and the verdict stayed invalid all the same).
      await expect(createValidator({ ruleSet: s.rules, ruleTimeout: 0.3, rules: { 'pintae/rules-failed': 'off' } }))
        .rejects.toThrow(/^createValidator: rules: "pintae\/rules-failed" cannot be overridden: it marks a document its rules could not be run on/);
      const v = await createValidator({ ruleSet: s.rules, ruleTimeout: 0.3 });
      expect(v.check(INVOICE).valid).toBe(false);
    } finally {
      process.env.PINTAE_CACHE_DIR = previous;
    }
  });

  it('limits that make no sense are usage errors', async () => {
    // Each value through the function every command reads the flags with (parseRuleLimits); one of each flag spawned,
    // for the exit code and the printing.
    const cases = [['--rule-timeout', '0'], ['--rule-timeout', 'soon'], ['--rule-memory', '10'], ['--rule-memory', '-5']] as const;
    for (const [flag, value] of cases) {
      const e = (() => { try { parseRuleLimits(flag === '--rule-timeout' ? { ruleTimeout: value } : { ruleMemory: value }); } catch (x) { return x as Error; } return undefined; })();
      expect(e, `${flag} ${value}`).toBeInstanceOf(UsageError);
      expect(e!.message).toContain(`${flag} ${value}: a number from`);
    }
    const s = scene('loop-native.sch');
    for (const [flag, value] of [cases[0], cases[3]]) {
      const r = await cli(s, ['check', s.docs[0]!, flag, value]);
      expect(r.exitCode, `${flag} ${value}`).toBe(2);
      expect(r.stderr).toContain(`${flag} ${value}: a number from`);
    }
  });
});

describe('hostile rule sets: zips (issue 21 item 3)', () => {
  const zipScene = (bytes: Uint8Array) => { const s = scene('js-eval.sch'); const zip = join(s.root, 'release.zip'); writeFileSync(zip, bytes); return { s, zip }; };

  it('a zip bomb: refused from the zip\'s own directory, nothing inflated', async () => {
    const { s, zip } = zipScene(zipSync({ 'rules.sch': new Uint8Array(20 << 20) }));
    const r = await cli(s, ['rules', 'add', zip, '--name', 'bomb']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/release\.zip: the entry rules\.sch inflates \d+ times \(the cap on the compression ratio is 200\)/);
    expect(existsSync(join(s.cache, 'rules', 'bomb'))).toBe(false);
  });

  it('zips nested more than two deep', async () => {
    const inner = zipSync({ 'rules.sch': new TextEncoder().encode(failing('deep')) });
    const { s, zip } = zipScene(zipSync({ 'a.zip': zipSync({ 'b.zip': inner }) }));
    const r = await cli(s, ['rules', 'add', zip, '--name', 'nested']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/release\.zip!\/a\.zip!\/b\.zip: zips nested more than 2 deep \(the cap on nesting\)/);
  });

  it('a zip of too many entries, and an entry that names a place outside the zip', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 10_000; i++) many[`f${i}.txt`] = new Uint8Array(0);
    const { s, zip } = zipScene(zipSync(many));
    const r = await cli(s, ['rules', 'add', zip, '--name', 'many']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/more than 10000 entries \(the cap on a release's entries\)/);
    writeFileSync(zip, zipSync({ '../escape.sch': new TextEncoder().encode(failing('x')) }));
    const escape = await cli(s, ['rules', 'add', zip, '--name', 'escape']);
    expect(escape.exitCode).toBe(2);
    expect(escape.stderr).toMatch(/the entry \.\.\/escape\.sch names a place outside the zip/);
    expect(existsSync(join(s.root, 'escape.sch'))).toBe(false);
  });
});

describe('the rule cache is pintae\'s, and pintae touches only its own entries (issue 21 item 4)', () => {
  it('names that could leave the cache, or name built-in rules, are refused and nothing is deleted', async () => {
    const s = scene('js-eval.sch');
    const rules = join(s.root, 'good.sch');
    writeFileSync(rules, failing('good'));
    mkdirSync(join(s.cache, 'rules'), { recursive: true });
    writeFileSync(join(s.cache, 'mine.txt'), 'not pintae\'s');
    writeFileSync(join(s.cache, 'rules', 'other.txt'), 'not pintae\'s either');
    // What a killed add left (its pid gone) is pintae's to remove; a live process's, and anything else, is not.
    const dead = join(s.cache, 'rules', '.new-good-999999999-0123abcd');
    const live = join(s.cache, 'rules', `.new-good-${process.pid}-0123abcd`);
    const mine = join(s.cache, 'rules', '.mine-999999999');
    for (const d of [dead, live, mine]) mkdirSync(d);
    const added = await cli(s, ['rules', 'add', rules, '--name', 'good']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect([dead, live, mine].map((d) => existsSync(d))).toEqual([false, true, true]);
    // Every name is judged in the unit test of badName (test/unit/schematron/guard.test.ts); here, spawned, those that
    // would leave the cache or take the built-in rules' place.
    for (const name of ['..', '.', '../x', 'builtin-billing']) {
      const r = await cli(s, ['rules', 'add', rules, '--name', name]);
      expect(r.exitCode, name).toBe(2);
      expect(r.stderr, name).toMatch(/rule set name .* (is not usable|names built-in rules)/);
    }
    for (const name of ['..', '../x', 'builtin']) expect((await cli(s, ['rules', 'remove', name])).exitCode, name).toBe(2);
    // A file named "..sch" gives no usable default name: the user is asked for one.
    const dots = join(s.root, '..sch');
    writeFileSync(dots, failing('dots'));
    const r = await cli(s, ['rules', 'add', dots]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/the default name, from .*\.\.sch\): give one with --name/);
    expect(readFileSync(join(s.cache, 'mine.txt'), 'utf8')).toBe('not pintae\'s');
    expect(readFileSync(join(s.cache, 'rules', 'other.txt'), 'utf8')).toBe('not pintae\'s either');
    expect(existsSync(join(s.cache, 'rules', 'good', 'manifest.json'))).toBe(true);
    // remove takes its own entry, and only it.
    expect((await cli(s, ['rules', 'remove', 'good'])).exitCode).toBe(0);
    expect(existsSync(join(s.cache, 'rules', 'good'))).toBe(false);
    expect(readFileSync(join(s.cache, 'rules', 'other.txt'), 'utf8')).toBe('not pintae\'s either');
    expect((await cli(s, ['rules', 'remove', 'good'])).stderr).toMatch(/no rule set named good was added/);
  });

  it('a rule set given by path is compiled anew when an included file is edited in place', async () => {
    const s = scene('js-eval.sch');
    const dir = join(s.root, 'edited');
    mkdirSync(dir);
    writeFileSync(join(dir, 'rules.sch'), failing('main', '\n    <sch:include href="part.xml"/>').replace('<sch:pattern>', '<sch:pattern id="p">'));
    const part = (word: string) => `<sch:rule xmlns:sch="http://purl.oclc.org/dsdl/schematron" context="/*/*"><sch:assert id="own-2" test="false()">${word}</sch:assert></sch:rule>`;
    writeFileSync(join(dir, 'part.xml'), part('before the edit'));
    const messages = async () => {
      const r = await cli(s, ['check', '--rules', dir, s.docs[0]!, '--format', 'json']);
      return (JSON.parse(r.stdout).results[0].response.data.errors as Array<{ message: string }>).map((e) => e.message);
    };
    expect(await messages()).toContain('before the edit');
    const stamp = statSync(dir).mtime;
    writeFileSync(join(dir, 'part.xml'), part('after the edit'));
    // The directory's own time is as it was: only the included file's content changed.
    expect(statSync(dir).mtime).toEqual(stamp);
    expect(await messages()).toContain('after the edit');
  });

  it('a damaged manifest: validate and check name the file and the fix; rules list lists the others and marks it; rules remove mends it', async () => {
    const s = scene('js-eval.sch');
    const rules = join(s.root, 'good.sch');
    writeFileSync(rules, failing('good'));
    for (const name of ['good', 'broken']) expect((await cli(s, ['rules', 'add', rules, '--name', name, '--customization', 'urn:example:x'])).exitCode).toBe(0);
    const manifest = join(s.cache, 'rules', 'broken', 'manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').slice(0, 40));
    const checked = await cli(s, ['check', s.docs[0]!]);
    expect(checked.exitCode).toBe(2);
    expect(checked.stderr).toContain(`${manifest}: the rule set broken is damaged (not JSON: `);
    expect(checked.stderr).toContain('remove it with `pintae rules remove broken`, then add it again');
    expect(checked.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    const list = await cli(s, ['rules', 'list']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toMatch(/^good\s+urn:example:x/m);
    expect(list.stdout).toMatch(/^broken\s+DAMAGED .*manifest\.json: not JSON.*\(pintae rules remove broken\)/m);
    const json = JSON.parse((await cli(s, ['rules', 'list', '--format', 'json'])).stdout);
    expect(json.rulesets.find((r: { name: string }) => r.name === 'broken')).toEqual(expect.objectContaining({ fix: 'pintae rules remove broken' }));
    expect((await cli(s, ['rules', 'remove', 'broken'])).exitCode).toBe(0);
    expect((await cli(s, ['check', s.docs[0]!, '--format', 'json'])).exitCode).toBe(1);
  });
});

describe('a damaged compiled file (issue 21 item 4)', () => {
  it('a truncated SEF: each document fails with pintae/rules-failed naming the file and the fix, never valid', async () => {
    const s = scene('js-eval.sch');
    const rules = join(s.root, 'own.xsl');
    writeFileSync(rules, '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:svrl="http://purl.oclc.org/dsdl/svrl"><xsl:template match="/"><svrl:schematron-output/></xsl:template></xsl:stylesheet>');
    expect((await cli(s, ['rules', 'add', rules, '--name', 'own'])).exitCode).toBe(0);
    expect((await cli(s, ['check', '--rules', 'own', s.docs[0]!])).exitCode).toBe(0);
    const sef = join(s.cache, 'rules', 'own', 'own.sef.json');
    writeFileSync(sef, readFileSync(sef, 'utf8').slice(0, 100));
    const r = await cli(s, ['check', '--rules', 'own', s.docs[0]!, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const [error] = JSON.parse(r.stdout).results[0].pintae_findings;
    expect(error.rule).toBe('pintae/rules-failed');
    expect(error.message).toContain(`${sef}: the rule set own is damaged (not JSON: `);
    expect(error.message).toContain('pintae rules remove own');
  });
});

describe('rule sets as published (issue 21 item 5)', () => {
  it('an XSLT with a relative xsl:include, from its directory and from a zip; two schemas of one name in different folders are both kept', async () => {
    const s = scene('js-eval.sch');
    const dir = join(s.root, 'published');
    mkdirSync(join(dir, 'lib'), { recursive: true });
    writeFileSync(join(dir, 'lib', 'words.xsl'), '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:w="urn:w"><xsl:function name="w:word" as="xs:string" xmlns:xs="http://www.w3.org/2001/XMLSchema"><xsl:sequence select="\'from the included file\'"/></xsl:function></xsl:stylesheet>');
    writeFileSync(join(dir, 'rules.xsl'), '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:w="urn:w"><xsl:include href="lib/words.xsl"/><xsl:template match="/"><svrl:schematron-output><svrl:failed-assert id="own-1" location="/"><svrl:text><xsl:value-of select="w:word()"/></svrl:text></svrl:failed-assert></svrl:schematron-output></xsl:template></xsl:stylesheet>');
    const fromDir = await cli(s, ['check', '--rules', dir, s.docs[0]!, '--format', 'json']);
    expect(fromDir.exitCode, fromDir.stderr).toBe(1);
    expect(JSON.parse(fromDir.stdout).results[0].response.data.errors[0].message).toBe('from the included file');
    const zip = join(s.root, 'published.zip');
    writeFileSync(zip, zipSync({ 'rules.xsl': readFileSync(join(dir, 'rules.xsl')), 'lib/words.xsl': readFileSync(join(dir, 'lib', 'words.xsl')) }));
    const fromZip = await cli(s, ['check', '--rules', zip, s.docs[0]!, '--format', 'json']);
    expect(JSON.parse(fromZip.stdout).results[0].response.data.errors[0].message).toBe('from the included file');
    // A mistake in a zipped stylesheet is named by its place in the zip, never by pintae's working copy.
    writeFileSync(zip, zipSync({ 'rules.xsl': new TextEncoder().encode(readFileSync(join(dir, 'rules.xsl'), 'utf8').replace('w:word()', 'w:word(')), 'lib/words.xsl': readFileSync(join(dir, 'lib', 'words.xsl')) }));
    const broken = await cli(s, ['rules', 'add', zip, '--name', 'broken']);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain(`${zip}!/rules.xsl`);
    expect(broken.stderr).not.toMatch(/pintae-release-/);
    // Two schemas named rules.sch, in two folders: two layers.
    const two = join(s.root, 'two');
    for (const [sub, word] of [['billing', 'first'], ['selfbilling', 'second']]) { mkdirSync(join(two, sub!), { recursive: true }); writeFileSync(join(two, sub!, 'rules.sch'), failing(word!)); }
    const added = await cli(s, ['rules', 'add', two, '--name', 'two']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/2 layers \(billing\/rules\.sch .*selfbilling\/rules\.sch/);
    const both = await cli(s, ['check', '--rules', 'two', s.docs[0]!, '--format', 'json']);
    expect((JSON.parse(both.stdout).results[0].response.data.errors as Array<{ message: string }>).map((e) => e.message).sort()).toEqual(['first', 'second']);
  });
});

describe('hostile rule sets on Saxon-JS: limits behind the process boundary (issue 21 items 2 and 3)', () => {
  it('a loop pintae\'s evaluator leaves to Saxon-JS: pintae/rules-failed naming the time limit, and the next document is judged', async () => {
    const s = scene('loop-saxon.sch');
    // Half a second of CPU per document (each burns all of it, counted from the document's start in the child).
    const r = await cli(s, ['check', '--rules', s.rules, ...s.docs, '--rule-timeout', '0.5', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const results = JSON.parse(r.stdout).results as Array<{ file: string; pintae_findings: Array<{ rule?: string; message: string }> }>;
    expect(results.map((x) => x.file)).toEqual(s.docs);
    for (const x of results) {
      expect(x.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/rules-failed', message: expect.stringMatching(/^The PINT-AE rules \(path-[0-9a-f]+, loop-saxon\.sch\) could not be run on this document: the rules ran longer than the time limit of 0.5 s \(--rule-timeout\)$/) })]);
    }
  });

  it('a sequence held whole on Saxon-JS: pintae/rules-failed naming the memory limit', async () => {
    const s = scene('memory-saxon.sch');
    const r = await cli(s, ['check', '--rules', s.rules, s.docs[0]!, '--rule-memory', '256', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/rules-failed', message: expect.stringMatching(/the rules needed more memory than the limit of 256 MB \(--rule-memory\)/) })]);
  });
});
