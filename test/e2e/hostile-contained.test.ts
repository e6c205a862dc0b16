import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { addRuleSet, resolveRuleSet } from '../../src/schematron/rulesets.js';
import { setStaticCheckForTests } from '../../src/schematron/guard/index.js';
import { sandboxSupport } from '../../src/schematron/sandbox/index.js';

/*
 * Issue 21 item 2, defence in depth: the hostile corpus with the static check switched off (the switch is for tests
 * alone). What the check would have refused is then compiled and run, and the second layer must hold: pintae's own
 * reading of includes, the xslt3 compiler behind the process boundary, Saxon-JS behind it while rules run. No attack
 * may create a file, read the secret or the token into any output, or delete a file. (Loops and memory bombs on
 * Saxon-JS: test/e2e/hostile-rules.test.ts through the CLI; test/unit/schematron/sandbox-attacks.test.ts holds each
 * attack against the runner itself, with the sandbox on and off.)
 */

const CORPUS = join(ROOT, 'test/fixtures/hostile');
const INVOICE = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n  <cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>\n  <cbc:ID>H-1</cbc:ID>\n</Invoice>\n';
const TOKEN = randomBytes(18).toString('base64url');
const support = sandboxSupport();

function snapshot(root: string, skip: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (p === skip) continue;
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p); else files.set(relative(root, p), st.isFile() ? readFileSync(p, 'utf8') : '(special)');
    }
  };
  walk(root);
  return files;
}

/** Adds and runs one case with the check off: what came out (findings' words, or the error that stopped it). */
async function attempt(source: string, call?: string, limits = { timeoutMs: 10_000, memoryMb: 256 }): Promise<{ said: string; out: string; secretText: string; changed: boolean }> {
  const root = mkdtempSync(join(tmpdir(), 'pintae-contained-'));
  const tag = randomBytes(6).toString('hex');
  const secret = join(root, `secret-${tag}.txt`);
  const secretText = `SECRET-${tag}-CONTENT`;
  writeFileSync(secret, secretText);
  const out = join(root, `written-${tag}.txt`);
  // A single file in a directory of its own: the secret beside the rule set's directory, never in it.
  const target = statSync(join(CORPUS, source)).isDirectory() ? join(root, source) : join(root, 'set', source);
  cpSync(join(CORPUS, source), target, { recursive: true });
  const fill = (p: string) => {
    if (statSync(p).isDirectory()) { for (const f of readdirSync(p)) fill(join(p, f)); return; }
    const text = readFileSync(p, 'utf8').replace('@CALL@', call ?? '@CALL@');
    writeFileSync(p, text.split('@SECRET@').join(secret).split('@SECRETNAME@').join(`secret-${tag}.txt`).split('@OUT@').join(out));
  };
  fill(target);
  const cache = join(root, 'cache');
  const env = { ...process.env, PINTAE_CACHE_DIR: cache };
  const before = snapshot(root, cache);
  let said: string;
  try {
    await addRuleSet(target, { name: 'contained', env });
    const rules = await resolveRuleSet('contained', env, limits);
    said = JSON.stringify(rules.run(INVOICE));
  } catch (e) {
    said = (e as Error).message;
  }
  return { said, out, secretText, changed: JSON.stringify([...snapshot(root, cache)]) !== JSON.stringify([...before]) };
}

describe.skipIf('unavailable' in support)('hostile rule sets with the static check off: the process boundary holds (issue 21 item 2)', () => {
  beforeAll(() => { setStaticCheckForTests(false); process.env.PINTAE_TOKEN = TOKEN; });
  afterAll(() => { setStaticCheckForTests(true); delete process.env.PINTAE_TOKEN; });

  // One case for each way out of the document (the corpus has more spellings of each: test/e2e/hostile-rules.test.ts).
  const cases: Array<[string, string | undefined]> = [
    ['js-eval.sch', undefined], ['js-eval.xsl', undefined], ['ixsl.sch', undefined], ['function-reference.sch', undefined],
    ['result-document.xsl', undefined], ['source-document.xsl', undefined], ['evaluate.xsl', undefined], ['use-when.xsl', undefined],
    ['include-absolute', undefined], ['xsl-include-parent', undefined],
    ['file-function.sch', "unparsed-text('file://@SECRET@')"], ['file-function.sch', "string(doc('file://@SECRET@'))"],
    ['file-function.sch', "environment-variable('PINTAE_TOKEN')"], ['file-function.sch', "string-join(uri-collection('file://@SECRET@/..'), ',')"],
  ];
  for (const [source, call] of cases) {
    it(`${source}${call ? ` (${call.replace('@SECRET@', '…')})` : ''}: nothing created, read or deleted; no secret, no token`, async () => {
      const r = await attempt(source, call);
      expect(existsSync(r.out), r.said).toBe(false);
      expect(r.said).not.toContain(r.secretText);
      expect(r.said).not.toContain(TOKEN.slice(0, 8));
      expect(r.changed, r.said).toBe(false);
    });
  }

});

if ('unavailable' in support) console.warn(`SKIPPED: no process boundary on this machine (${support.unavailable}): added rule sets on Saxon-JS are refused here, never run unsandboxed`);
