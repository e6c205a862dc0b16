/**
 * Issue 24, items 5 and 6, as a user meets them: the real binary spawned (execa), one scenario per friction the issue
 * names, each showing it gone. The live-API scenarios run against a sandbox started in-process on 127.0.0.1 (with a
 * small forwarding server of the test's own in front where a request must be held).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { createServer, type Server } from 'node:http';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error saxon-js ships no type declarations
import SaxonJS from 'saxon-js';
import { BIN, ENTITY, RATES, ROOT } from '../helpers/paths.js';
import { createEntity, invoice, pintae, removeTempDirs, sandbox, tempDir } from './api-helpers.js';

const STANDARD = join(ROOT, 'fixtures/invoices/standard.json');
const TAX = join(ROOT, 'fixtures/invalid/tax.json');
const HEADER = join(ROOT, 'fixtures/invalid/invoice-header.json');
const OFFLINE = ['--entity', ENTITY, '--rates', RATES, '--no-schematron'];

const run = (args: string[], cwd: string = ROOT) => execa('node', [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });

/** A directory (a repository root, where the config search stops) with the given files copied or written. */
function workDir(files: Record<string, string> = {}): string {
  const dir = tempDir();
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const fixture = (path: string) => readFileSync(path, 'utf8');

function xpath(xml: string) {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  return {
    all: (expr: string): string[] => (SaxonJS.XPath.evaluate(`for $n in (${expr}) return string($n)`, doc, { resultForm: 'array' }) as unknown[]).map(String),
    count: (expr: string): number => Number(SaxonJS.XPath.evaluate(`count(${expr})`, doc)),
  };
}

afterAll(removeTempDirs);

describe.concurrent('issue 24: command-line frictions, gone (spawned)', () => {
  it('a help example that lies: the CI example prints the failures and the summary in the log, and writes the JUnit file', async () => {
    const dir = workDir({ 'exports/a.json': fixture(STANDARD), 'exports/b.json': fixture(TAX) });
    // Exactly the example of validate --help, with the entity and rates the run needs from the config file.
    writeFileSync(join(dir, 'pintae.config.json'), JSON.stringify({ entity: ENTITY, rates: RATES }));
    const r = await run(['validate', 'exports/', '--format', 'junit', '--output', 'report.xml', '--quiet', '--max-warnings', '0', '--no-schematron'], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/^exports\/b\.json\n {2}✖ BAD-TAX-1 \d+ errors?\n {4}exports\/b\.json:\d+:\d+ +error /);
    expect(r.stdout.split('\n').at(-1)).toBe('✖ 2 invoices in 2 files: 1 valid, 1 invalid, 0 rejected');
    expect(xpath(readFileSync(join(dir, 'report.xml'), 'utf8')).count('//testcase[failure]')).toBeGreaterThan(0);
  });

  it('the file says HTML, the content is HTML: the extension chooses over the config\'s format; a contradicting --format is a usage error', async () => {
    const dir = workDir({ 'pintae.config.json': JSON.stringify({ format: 'stylish' }) });
    const page = await run(['validate', STANDARD, ...OFFLINE, '--output', 'report.html'], dir);
    expect(page.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    const [sarif, junit] = await Promise.all([run(['validate', STANDARD, ...OFFLINE, '--output', 'scan.sarif'], dir), run(['validate', STANDARD, ...OFFLINE, '--output', 'junit.xml'], dir)]);
    expect(JSON.parse(readFileSync(join(dir, 'scan.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/^<\?xml[^>]*>\n<testsuites/);
    expect([sarif.exitCode, junit.exitCode]).toEqual([0, 0]);
    const contradicted = await run(['validate', STANDARD, ...OFFLINE, '--format', 'stylish', '--output', 'r.html'], dir);
    expect(contradicted.exitCode).toBe(2);
    expect(contradicted.stderr).toBe('pintae: --format stylish --output r.html: the file\'s extension says html; name the file for its format, or leave --format out and the extension chooses it');
    expect(existsSync(join(dir, 'r.html'))).toBe(false);
  });

  it('format when piped: stylish wherever standard output goes, JSON when asked', async () => {
    const dir = workDir({ 'dir/a.json': fixture(STANDARD), 'dir/b.json': fixture(HEADER) });
    const [piped, json] = await Promise.all([run(['validate', 'dir/', ...OFFLINE], dir), run(['validate', 'dir/', ...OFFLINE, '--format', 'json'], dir)]);
    expect(piped.exitCode).toBe(1);
    expect(piped.stdout).toMatch(/^dir\/a\.json\n {2}✔ INV-2025-0001 valid\n\ndir\/b\.json\n {2}✖ BAD-HEADER-1 /);
    expect(() => JSON.parse(piped.stdout)).toThrow();
    expect(JSON.parse(json.stdout).summary).toMatchObject({ files: 2, valid: 1, invalid: 1 });
  });

  it('junit: one testcase per finding, a testsuite per input file; sarif: a rule\'s fullDescription is the rule\'s own text', async () => {
    const dir = workDir({ 'a.json': fixture(TAX), 'b.json': JSON.stringify({ ...JSON.parse(fixture(TAX)), invoice_number: 'OTHER-2', date: '2025-06-30' }) });
    const [junit, json, sarif] = await Promise.all(['junit', 'json', 'sarif'].map((format) => run(['validate', 'a.json', 'b.json', ...OFFLINE, '--format', format], dir)));
    const x = xpath(junit.stdout);
    const errors = JSON.parse(json.stdout).results.map((r: any) => r.response.data.errors.length);
    expect(x.all('//testsuite/@name')).toEqual(['a.json', 'b.json']);
    expect(x.all('//testsuite/count(testcase[failure])').map(Number)).toEqual(errors);
    expect(x.count('//testcase[count(failure) gt 1]')).toBe(0);
    // Was: the first finding's message (its invoice's values in it). Now no finding's message is in a rule's description.
    const messages: string[] = JSON.parse(json.stdout).results.flatMap((r: any) => r.response.data.errors.map((e: any) => e.message));
    const rules = JSON.parse(sarif.stdout).runs[0].tool.driver.rules;
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(messages.filter((m) => rule.fullDescription.text.includes(m)), rule.id).toEqual([]);
  });

  it('html: the seller\'s delivered legal registration says why it reads PAS, AE; each field ibr-144-ae names gets its "not stated" row', async () => {
    const body = JSON.parse(fixture(STANDARD));
    delete body.buyer.address_line1;
    delete body.buyer.region;
    const dir = workDir({ 'no-address.json': JSON.stringify(body, null, 2) });
    const r = await run(['validate', 'no-address.json', '--entity', ENTITY, '--rates', RATES, '--output', 'report.html'], dir);
    expect(r.exitCode).toBe(1);
    const page = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(page).toMatch(/<dt>Legal registration<\/dt><dd><span class="v[^"]*" id="[^"]+"><span dir="auto">1001234567<\/span> <span class="meaning" dir="auto">PAS \(Passport\), AE, scheme 0235<\/span> <span class="vnote">The form the service delivers \(spec 2\.3 item 4\)/);
    for (const label of ['Street', 'Region']) expect(page).toMatch(new RegExp(`<dt>${label}</dt><dd><span class="v flag flag-error" id="[^"]+"><span class="missing">not stated</span>`));
  });
});

describe.concurrent('the seller record kept in the folder of invoices (qa11, spawned)', () => {
  it('validate exports/ --entity exports/seller.json: the record and the config file are left out of the inputs, said on stderr; named as an input, it is judged', async () => {
    const dir = workDir({ 'exports/standard.json': fixture(STANDARD), 'exports/seller.json': fixture(ENTITY), 'pintae.config.json': '{"lang": "en"}' });
    const r = await run(['validate', 'exports/', '.', '--entity', 'exports/seller.json', '--no-schematron', '--format', 'json'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(['exports/standard.json']);
    expect(r.stderr).toContain("pintae: warning: exports/seller.json is the run's --entity file, not an invoice: left out of the inputs");
    expect(r.stderr).toContain("pintae: warning: pintae.config.json is the run's --config file, not an invoice: left out of the inputs");
    const named = await run(['validate', 'exports/seller.json', '--entity', 'exports/seller.json', '--no-schematron', '--format', 'json'], dir);
    expect(named.exitCode).toBe(1);
    expect(JSON.parse(named.stdout).results.map((x: { file: string }) => x.file)).toEqual(['exports/seller.json']);
  });
});

describe('docs/guide/ci.md "Only what changed", run as written in a git checkout (qa11)', () => {
  // The guide's block, read from the page: `npx pintae` is this checkout's binary; origin/main a branch of the test's own.
  const block = /## Only what changed\s+```sh\n([^]*?)```/.exec(readFileSync(join(ROOT, 'docs/guide/ci.md'), 'utf8'))![1]!;
  const git = (dir: string, ...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
  const step = (dir: string) => execa('sh', ['-c', block.replace(/npx pintae/g, `node ${JSON.stringify(BIN)}`)], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });

  it('no export changed, one deleted, one changed: exit 0, 0 and the changed one judged (the old pipe exited 2 on the first two)', async () => {
    const dir = workDir({ 'exports/a.json': fixture(STANDARD), 'exports/b.json': fixture(STANDARD).replace('INV-2025-0001', 'INV-2025-0002'), 'exports/README.md': '# exports\n', '.pintae/entities/ent_al_noor.json': fixture(ENTITY) });
    await git(dir, 'init', '-q', '-b', 'main');
    await git(dir, 'add', '.');
    await git(dir, 'commit', '-qm', 'exports');
    await git(dir, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    const unchanged = await step(dir);
    expect(unchanged.exitCode, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toBe('');
    await git(dir, 'rm', '-q', 'exports/b.json');
    writeFileSync(join(dir, 'exports/README.md'), '# exports, changed\n');
    await git(dir, 'commit', '-qam', 'b gone');
    const deleted = await step(dir);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    writeFileSync(join(dir, 'exports/a.json'), fixture(TAX));
    await git(dir, 'commit', '-qam', 'a changed');
    const changed = await step(dir);
    expect(changed.exitCode, changed.stderr).toBe(1);
    expect(changed.stdout).toMatch(/^exports\/a\.json\n/);
    expect(changed.stdout).toContain('✖ 1 invoice in 1 file: 0 valid, 1 invalid');
  });
});

describe.concurrent('an empty path, as a variable unset in a CI job gives one (spawned)', () => {
  it('is a usage error naming the option or the command: never the current directory, the bundled table or standard output', async () => {
    const dir = workDir({ 'pintae.config.json': '{"format": "json"}' });
    const cache = join(dir, 'cache');
    const at = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: dir, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: cache } });
    const [output, release, config, outDir, input] = await Promise.all([
      at(['validate', STANDARD, ...OFFLINE, '--output', '']),
      at(['rules', 'add', '', '--name', 'from-nothing']),
      at(['check', '--config', '', join(ROOT, 'test/unit/ubl/golden/standard.xml')]),
      at(['build', STANDARD, '--entity', ENTITY, '--entity', '', '--out-dir', '', '--lang', 'ar']),
      at(['validate', STANDARD, '', ...OFFLINE]),
    ]);
    expect([output, release, config, outDir, input].map((r) => r.exitCode)).toEqual([2, 2, 2, 2, 2]);
    expect(output.stderr).toBe('pintae: --output: the value is empty: give a file (is a variable unset?)');
    expect(output.stdout).toBe('');
    expect(release.stderr).toBe('pintae: rules add: an empty argument names no file (is a variable unset?)');
    expect(existsSync(join(cache, 'rules'))).toBe(false);
    expect(config.stderr).toBe('pintae: --config: the value is empty: give a file (is a variable unset?)');
    expect(outDir.stderr).toMatch(/^pintae: --(entity|out-dir): القيمة فارغة: حدّد (ملفاً|مجلداً) \(هل المتغير غير معرَّف؟\)$/);
    expect(input.stderr).toBe('pintae: validate: an empty argument names no file (is a variable unset?)');
  });
});

describe('issue 24: the live-API frictions, gone (spawned against a sandbox)', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>;
  beforeAll(async () => { sb = await sandbox(); });
  afterAll(async () => { await sb.close(); });

  it('entity ids: create warns that the service assigns ids and names the new one; "not found" lists the entities pintae knows', async () => {
    const cwd = workDir();
    mkdirSync(join(cwd, 'entities'));
    const fields = { ...JSON.parse(fixture(ENTITY)), trn: '100111222300003' };
    writeFileSync(join(cwd, 'entities/al-noor-trading.json'), JSON.stringify(fields, null, 2));
    const created = await pintae(['entities', 'create', 'entities/al-noor-trading.json'], { cwd, url: sb.url });
    expect(created.exitCode, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).entity_id as string;
    expect(id).not.toBe('ent_al_noor');
    expect(created.stderr).toBe(`pintae: warning: entities/al-noor-trading.json: "entity_id": "ent_al_noor" was not used: the service assigns entity ids. This entity is ${id}: invoices name it as "entity_id": "${id}", and pintae entities pull saves its record under that id`);
    const pulled = await pintae(['entities', 'pull', id], { cwd, url: sb.url });
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    copyFileSync(STANDARD, join(cwd, 'invoice.json'));
    const offline = await pintae(['validate', 'invoice.json', '--no-schematron', '--rates', RATES], { cwd, token: null });
    expect(offline.exitCode).toBe(1);
    expect(offline.stdout).toContain(`Entity ent_al_noor was not found: pintae knows one entity: ${id}. Supply its record with --entity <file>, or save it as .pintae/entities/ent_al_noor.json (pintae entities pull)`);
  });

  it('names: push, bulk, status and entities take stylish and json (text still means stylish); a report format of validate\'s is named as such', async () => {
    const cwd = workDir();
    const entityId = await createEntity(sb.url);
    writeFileSync(join(cwd, 'one.json'), JSON.stringify(invoice('invoices/standard.json', entityId, 'NAMES-1')));
    const [stylish, text, junit, list] = await Promise.all([
      pintae(['bulk', 'one.json', '--format', 'stylish', '--no-validate', '--no-ledger'], { cwd, url: sb.url }),
      pintae(['status', 'inv_nope', '--format', 'text'], { cwd, url: sb.url }),
      pintae(['bulk', 'one.json', '--format', 'junit', '--no-ledger'], { cwd, url: sb.url }),
      pintae(['entities', 'list', '--format', 'ndjson'], { cwd, url: sb.url }),
    ]);
    expect(stylish.exitCode, stylish.stderr).toBe(0);
    expect(stylish.stdout).toMatch(/^✔ NAMES-1 {2}accepted \(202\) {2}\S+/);
    expect(text.stderr).not.toMatch(/--format/);
    expect(junit.exitCode).toBe(2);
    expect(junit.stderr).toBe('pintae: --format junit: bulk reports in stylish, json, ndjson (text is stylish\'s old name)');
    expect(list.stdout.trim().split('\n').map((l) => JSON.parse(l).entity_id)).toContain(entityId);
  });

  it('streaming: bulk prints each invoice\'s line as its answer arrives, before the run ends', async () => {
    const cwd = workDir();
    const entityId = await createEntity(sb.url);
    writeFileSync(join(cwd, 'three.json'), JSON.stringify({ invoices: ['S-1', 'S-2', 'S-3'].map((n) => invoice('invoices/standard.json', entityId, n)) }));
    // The second bulk request is held until the first invoice's line has been printed: a run that prints only at its
    // end never gets there, and is told so when the hold is let go.
    let release!: () => void;
    const printedFirst = new Promise<void>((resolve) => { release = resolve; });
    let bulkCalls = 0;
    const proxy: Server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (req.url === '/oauth/invoices/bulk' && ++bulkCalls === 2) await printedFirst;
      const answer = await fetch(sb.url + req.url, { method: req.method, headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' }, body: chunks.length ? Buffer.concat(chunks) : undefined });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      const child = pintae(['bulk', 'three.json', '--chunk', '1', '--no-validate', '--no-ledger'], { cwd, url });
      let out = '';
      let linesBeforeRelease: string[] = [];
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (linesBeforeRelease.length === 0 && out.includes('\n')) { linesBeforeRelease = out.trimEnd().split('\n'); release(); }
      });
      // Only for a run that does not stream (the old behaviour): it would wait on the held request forever.
      const guard = setTimeout(release, 60_000);
      const result = await child;
      clearTimeout(guard);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(bulkCalls).toBe(3);
      expect(linesBeforeRelease).toEqual([expect.stringMatching(/^✔ S-1 {2}accepted \(202\)/)]);
      expect(result.stdout.split('\n').filter((l) => l.startsWith('✔')).map((l) => l.slice(2, 5))).toEqual(['S-1', 'S-2', 'S-3']);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('validate --remote in stylish keeps file:line:column on every error', async () => {
    const cwd = workDir();
    const entityId = await createEntity(sb.url);
    writeFileSync(join(cwd, 'bad.json'), JSON.stringify({ ...JSON.parse(fixture(TAX)), entity_id: entityId }, null, 2));
    const r = await pintae(['validate', '--remote', 'bad.json', '--no-schematron', '--rates', RATES], { cwd, url: sb.url });
    expect(r.exitCode).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => / error {2}\[/.test(l) || /only (offline|remote)/.test(l));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^ {4}bad\.json:\d+:\d+ +/);
  });
});
