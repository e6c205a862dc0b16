/**
 * --lang (issue 26) end to end, one spawn per format: what a person reads is Arabic with --lang ar, both (English
 * first) with en+ar; `response` stays the service's English answer, byte for byte the same as with --lang en. The
 * expectations are properties, not pintae's own Arabic: Arabic letters where a person reads, the English where the
 * service's answer is, and `message_en` equal to that English.
 */
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, ROOT } from '../helpers/paths.js';

const INPUTS = ['fixtures/invalid/tax.json', 'fixtures/invalid/invoice-items.json'];
// The findings here come from the rule engine and the request's terms: the PINT-AE rules are left out to keep it short.
const ARGS = [...INPUTS, '--entity', ENTITY, '--no-schematron', '--no-config'];
const ARABIC = /[\u0600-\u06FF]/u;
const STACK = /\n\s+at |\bat .+:\d+:\d+\)?$/m;

const run = (args: string[]) => execa('node', [BIN, 'validate', ...ARGS, ...args], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });

type Entry = { message: string; message_en?: string; rule?: string };
type Result = { response: { data: { errors: Entry[]; warnings: Entry[] } }; findings?: { errors: Entry[]; warnings: Entry[] } };

describe('--lang: every report format', () => {
  it('json: response identical to --lang en; findings in Arabic, each with message_en, the response\'s English', async () => {
    const [en, ar] = await Promise.all([run(['--format', 'json']), run(['--format', 'json', '--lang', 'ar'])]);
    expect([en.exitCode, ar.exitCode]).toEqual([1, 1]);
    const E = JSON.parse(en.stdout) as { results: Result[] };
    const A = JSON.parse(ar.stdout) as { results: Result[] };
    expect(A.results.map((r) => r.response)).toEqual(E.results.map((r) => r.response));
    expect(en.stdout).not.toContain('message_en');
    expect(E.results.every((r) => r.findings === undefined)).toBe(true);
    for (const r of A.results) {
      expect(r.findings!.errors.length).toBe(r.response.data.errors.length);
      r.findings!.errors.forEach((f, i) => {
        expect(f.message).toMatch(ARABIC);
        expect(f.message_en).toBe(r.response.data.errors[i]!.message);
        expect(r.response.data.errors[i]!.message).not.toMatch(ARABIC);
      });
    }
  });

  it('en+ar in json: English first, then the Arabic', async () => {
    const both = await run(['--format', 'json', '--lang', 'en+ar']);
    const f = (JSON.parse(both.stdout) as { results: Result[] }).results[0]!.findings!.errors[0]!;
    expect(f.message.startsWith(f.message_en!)).toBe(true);
    expect(f.message.slice(f.message_en!.length)).toMatch(ARABIC);
  });

  it('ndjson: each result line carries findings in Arabic; the summary line stays', async () => {
    const { stdout, exitCode } = await run(['--format', 'ndjson', '--lang', 'ar']);
    expect(exitCode).toBe(1);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string } & Partial<Result>);
    const results = lines.filter((l) => l.type === 'result');
    expect(results).toHaveLength(2);
    for (const r of results) expect(r.findings!.errors.every((f) => ARABIC.test(f.message) && !ARABIC.test(f.message_en!))).toBe(true);
    expect(lines.at(-1)!.type).toBe('summary');
  });

  it('sarif: result messages in Arabic, the English in properties.message_en', async () => {
    const { stdout } = await run(['--format', 'sarif', '--lang', 'ar']);
    const results = (JSON.parse(stdout) as { runs: Array<{ results: Array<{ message: { text: string }; properties: { message_en?: string } }> }> }).runs[0]!.results;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.message.text).toMatch(ARABIC);
      expect(r.properties.message_en).not.toMatch(ARABIC);
    }
  });

  it('junit: each failure\'s message in Arabic', async () => {
    const { stdout } = await run(['--format', 'junit', '--lang', 'ar']);
    const failures = [...stdout.matchAll(/<failure message="([^"]*)"/g)].map((m) => m[1]!);
    expect(failures.length).toBe(3);
    expect(failures.every((m) => ARABIC.test(m))).toBe(true);
  });

  it('github: each annotation on one line, in Arabic; en+ar joins both on that line, English first', async () => {
    const [ar, both] = await Promise.all([run(['--format', 'github', '--lang', 'ar']), run(['--format', 'github', '--lang', 'en+ar'])]);
    const errors = (out: string) => out.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors(ar.stdout)).toHaveLength(3);
    expect(errors(ar.stdout).every((l) => ARABIC.test(l))).toBe(true);
    for (const l of errors(both.stdout)) {
      const text = l.slice(l.indexOf('::', 2) + 2);
      expect(text).toMatch(/^[\x20-\x7E]+ \/ /);
      expect(text).toMatch(ARABIC);
    }
  });

  it('stylish: findings and the summary in Arabic; en+ar puts each Arabic message on its own line under the English', async () => {
    const [ar, both] = await Promise.all([run(['--lang', 'ar']), run(['--lang', 'en+ar'])]);
    expect(ar.exitCode).toBe(1);
    const summary = ar.stdout.trim().split('\n').at(-1)!;
    expect(summary).toMatch(/^✖ /);
    expect(summary).toMatch(ARABIC);
    const lines = both.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('ibr-co-14'));
    // The English line holds no Arabic (it reads without bidirectional support); the next line is the Arabic alone.
    expect(lines[at]).not.toMatch(ARABIC);
    expect(lines[at + 1]).toMatch(ARABIC);
    expect(lines[at + 1]).not.toMatch(/[A-Za-z]{8,}.*[A-Za-z]{8,}.*[A-Za-z]{8,}/);
    expect(lines[at + 1]!.search(/\S/)).toBe(lines[at]!.indexOf('total_tax'));
  });

  it('quiet: the failures and the summary line in Arabic', async () => {
    const { stdout, exitCode } = await run(['--quiet', '--lang', 'ar']);
    expect(exitCode).toBe(1);
    const findings = stdout.split('\n').filter((l) => /\berror\b/.test(l));
    expect(findings).toHaveLength(3);
    expect(findings.every((l) => ARABIC.test(l))).toBe(true);
  });

  it('html: --lang ar lays the page out right to left in Arabic; en+ar keeps the English page with both languages', async () => {
    const [ar, both] = await Promise.all([run(['--format', 'html', '--lang', 'ar']), run(['--format', 'html', '--lang', 'en+ar'])]);
    expect(ar.exitCode).toBe(1);
    expect(ar.stdout).toMatch(/^<!DOCTYPE html>/i);
    expect(ar.stdout).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.stderr).not.toMatch(STACK);
    expect(both.exitCode).toBe(1);
    expect(both.stdout).toMatch(/<html lang="en"/);
    expect(both.stdout).toMatch(/lang="ar" dir="rtl"/);
  });

  it('usage errors in Arabic; a bad --lang or config lang is a usage error (exit 2), no stack trace', async () => {
    const [format, lang] = await Promise.all([run(['--format', 'bogus', '--lang', 'ar']), run(['--lang', 'fr'])]);
    expect(format.exitCode).toBe(2);
    expect(format.stderr).toMatch(/^pintae: --format bogus: .*[\u0600-\u06FF]/u);
    expect(lang.exitCode).toBe(2);
    expect(lang.stderr).toBe('pintae: --lang fr: choose one of en, ar, en+ar');
    const dir = mkdtempSync(join(tmpdir(), 'pintae-lang-'));
    try {
      writeFileSync(join(dir, 'pintae.config.json'), '{\n  "lang": "fr"\n}\n');
      const bad = await execa('node', [BIN, 'validate', ...INPUTS.map((i) => join(ROOT, i)), '--entity', ENTITY, '--no-schematron', '--config', join(dir, 'pintae.config.json')], { reject: false, cwd: dir });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/pintae\.config\.json:2:11: lang must be one of "en", "ar", "en\+ar"/);
      expect(bad.stderr).not.toMatch(STACK);
      // The sandbox's start on a damaged record of its data directory: said in Arabic (it was English whatever --lang).
      mkdirSync(join(dir, 'data', 'users'), { recursive: true });
      writeFileSync(join(dir, 'data', 'tokens.json'), '{"t": "app"}');
      writeFileSync(join(dir, 'data', 'users', 'u.json'), '{"user_id": 5}');
      const sandbox = await execa('node', [BIN, 'sandbox', '--data-dir', join(dir, 'data'), '--port', '0', '--lang', 'ar', '--no-config'], { reject: false, cwd: dir });
      expect(sandbox.exitCode).toBe(2);
      expect(sandbox.stderr).toBe(`pintae: ${join(dir, 'data', 'users', 'u.json')}:1:13: ليس سجلاً مقروءاً من سجلات sandbox (مستخدم): user_id يجب أن يكون نصاً غير فارغ (استعد الملف، أو انقله خارج مجلد البيانات)`);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('the TDD builder\'s option and source errors and the output\'s problems in Arabic, not the English alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-lang-'));
    try {
      const pintae = (args: string[]) => execa('node', [BIN, ...args, '--lang', 'ar', '--no-config'], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
      const built = await execa('node', [BIN, 'build', 'fixtures/invoices/standard.json', '--entity', ENTITY, '--no-config'], { cwd: ROOT });
      // A UBL invoice without the seller's electronic address: a TDS (type F) has no reporter to name.
      writeFileSync(join(dir, 'no-endpoint.xml'), built.stdout.replace(/<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/, ''));
      const parties = ['--receiver', '0242:000773', '--representative', '0242:000001', '--transport-id', 'x'];
      const [scheme, issued, source, output, outDir] = await Promise.all([
        pintae(['tdd', 'fixtures/invoices/standard.json', '--entity', ENTITY, ...parties, '--representative', '0235:1']),
        pintae(['tdd', 'fixtures/invoices/standard.json', '--entity', ENTITY, ...parties, '--issued', 'yesterday']),
        pintae(['tdd', join(dir, 'no-endpoint.xml'), ...parties, '--type', 'F']),
        pintae(['validate', 'fixtures/invoices/standard.json', '--entity', ENTITY, '--no-schematron', '--output', dir]),
        pintae(['build', 'fixtures/invoices/standard.json', '--entity', ENTITY, '--no-schematron', '--out-dir', join(dir, 'no-endpoint.xml', 'x')]),
      ]);
      for (const [r, code, start] of [[scheme, 2, 'pintae: --representative 0235:1: '], [issued, 2, 'pintae: --issued yesterday: '], [output, 2, `pintae: --output ${dir}: `], [outDir, 2, `pintae: --out-dir ${join(dir, 'no-endpoint.xml', 'x')}: `]] as const) {
        expect([r.exitCode, r.stderr.startsWith(start)], r.stderr).toEqual([code, true]);
        expect(r.stderr.slice(start.length), r.stderr).toMatch(/^[^a-z]*[\u0600-\u06FF]/u);
        expect(r.stderr).not.toMatch(/\b(give|choose|the scheme must|cannot write|is a directory|name a file)\b/);
      }
      expect(source.exitCode).toBe(1);
      const refusal = source.stderr.split('\n').find((l) => l.includes('--reporter'));
      expect(refusal, source.stderr).toMatch(/^.*no-endpoint\.xml:\d+:\d+: error: .*[\u0600-\u06FF]/u);
      expect(refusal).not.toMatch(/has no seller endpoint/);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('the XML reader\'s reason for an unreadable document in Arabic, at its file:line:column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-lang-'));
    try {
      writeFileSync(join(dir, 'bad.xml'), '<Invoice><a></b></Invoice>');
      const out = await execa('node', [BIN, 'check', 'bad.xml', '--lang', 'ar', '--no-config'], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });
      expect(out.exitCode).toBe(1);
      const line = `${out.stdout}\n${out.stderr}`.split('\n').find((l) => l.includes('bad.xml:1:15:'));
      // The reason's parts as read stay as written; its words are Arabic, the English sentence is gone.
      expect(line, out.stdout).toMatch(/bad\.xml:1:15: [^a-z]*[\u0600-\u06FF][^\n]*<\/b>[^\n]*<a>/u);
      expect(line).not.toMatch(/end tag|does not match/);
      expect(out.stderr).not.toMatch(STACK);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('pintae\'s own findings, hints and the duplicate-number warning in Arabic, each with its English beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-lang-'));
    try {
      // The same invoice twice (its number repeated), the first with an amount in a common wrong form (a hint); the
      // fixtures' date is before the built-in rules' validity, so each gets pintae/rules-validity.
      const standard = JSON.parse(readFileSync(join(ROOT, 'fixtures/invoices/standard.json'), 'utf8'));
      const odd = structuredClone(standard);
      odd.line_items[0].unit_amount = '1,200.00';
      writeFileSync(join(dir, 'two.json'), JSON.stringify([odd, standard]));
      // And a file that is not JSON: its error, the JSON reader's reason, is said in Arabic too (issue 26).
      writeFileSync(join(dir, 'cut.json'), '{"invoice_number": "A-1"');
      const out = await execa('node', [BIN, 'validate', join(dir, 'two.json'), join(dir, 'cut.json'), '--entity', ENTITY, '--no-config', '--format', 'json', '--lang', 'ar'], { reject: false, cwd: dir });
      expect(out.exitCode).toBe(1);
      type Own = Entry & { hint?: string; hint_en?: string; field?: string };
      const [first, second, cut] = (JSON.parse(out.stdout) as { results: Array<Omit<Result, 'findings'> & { pintae_findings: Own[]; findings: { errors: Own[]; warnings: Own[] }; error?: Entry }> }).results;
      expect(cut!.error).toMatchObject({ message: "كان المتوقع ',' أو '}'، ووُجد نهاية الملف", message_en: "expected ',' or '}', found the end of the file" });
      for (const r of [first!, second!]) {
        const validity = r.pintae_findings.find((f) => f.rule === 'pintae/rules-validity')!;
        expect(validity.message).toMatch(ARABIC);
        expect(validity.message_en).toMatch(/^the invoice date 2025-03-10 is before the validity of every PINT-AE rule set/);
      }
      const hinted = first!.findings.errors.find((f) => f.field === 'line_items[0].unit_amount')!;
      expect(hinted.hint).toMatch(ARABIC);
      expect(hinted.hint).toContain('"1,200.00"');
      expect(hinted.hint_en).toBe('"1,200.00" has a comma between thousands: send 1200.00');
      expect(first!.response.data.errors.find((f) => f.message === hinted.message_en)).toMatchObject({ hint: hinted.hint_en });
      const duplicate = second!.findings.warnings.find((f) => f.field === 'invoice_number')!;
      expect(duplicate.message).toMatch(ARABIC);
      expect(duplicate.message_en).toBe(second!.response.data.warnings.find((f) => f.message === duplicate.message_en)!.message);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});

/**
 * --lang and the config file's `lang` beyond validate, build and check (issue 26, part 3): the live-API commands and
 * tdd, against a sandbox on 127.0.0.1. Three spawns: the config's lang on entities' own line, on a usage error that
 * follows the config, and --lang on push's line per invoice and its summary.
 */
describe('--lang and the config file\'s lang on the other commands', () => {
  it('entities list, tdd (a usage error after the config is read), push: in Arabic, no English sentence, no stack trace', async () => {
    const { sandbox, pintae, tempDir, removeTempDirs } = await import('./api-helpers.js');
    const sb = await sandbox();
    try {
      const arabicConfig = tempDir();
      writeFileSync(join(arabicConfig, 'pintae.config.json'), '{ "lang": "ar" }\n');
      const plain = tempDir();
      const [list, tdd, push] = await Promise.all([
        pintae(['entities', 'list'], { cwd: arabicConfig, url: sb.url }),
        pintae(['tdd', join(ROOT, 'fixtures/invoices/standard.json'), '--entity', ENTITY], { cwd: arabicConfig, token: null }),
        pintae(['push', join(ROOT, 'fixtures/invalid/tax.json'), '--entity', ENTITY, '--no-schematron', '--no-ledger', '--lang', 'ar'], { cwd: plain, url: sb.url }),
      ]);
      // A new application has no entity: the line that says so is the config's language.
      expect([list.exitCode, list.stderr]).toEqual([0, '']);
      expect(list.stdout).toMatch(ARABIC);
      expect(list.stdout).not.toMatch(/[a-z]{3}/);
      // tdd without --receiver and --representative (nor "tdd" in the config): a usage error read after the config.
      expect(tdd.exitCode).toBe(2);
      expect(tdd.stderr).toMatch(/^pintae: --receiver و--representative: .*[\u0600-\u06FF]/u);
      expect(tdd.stderr).not.toMatch(/required|give them/);
      expect(tdd.stderr).not.toMatch(STACK);
      // push of an invalid invoice: not sent; its line and the summary in Arabic; the outcome is a value, as in JSON.
      expect(push.exitCode).toBe(1);
      const lines = push.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^✖ .*invalid/);
      expect(lines[1]).toMatch(ARABIC);
      // The offline validation's finding under it: the rule engine's entry, in Arabic too.
      expect(lines[2]).toMatch(/^\s+error  tax  total_tax .*[\u0600-\u06FF].*ibr-co-14$/u);
      expect(lines.at(-1)).toMatch(ARABIC);
      expect(push.stdout).not.toMatch(/not sent|offline validation|\d+ invoices?:/);
      expect(push.stderr).not.toMatch(STACK);
    } finally {
      await sb.close();
      removeTempDirs();
    }
  });
});

describe('the word before a warning on standard error', () => {
  it('is Arabic in an Arabic run (pintae: تحذير: …), English in an English or en+ar one, whichever command warns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-warning-word-'));
    try {
      // A key given twice is read as its last value, with a warning at the second.
      writeFileSync(join(dir, 'twice.json'), '{\n  "format": "json",\n  "format": "json"\n}\n');
      const runIn = (lang: string) => execa('node', [BIN, 'validate', ...INPUTS.map((f) => join(ROOT, f)), '--entity', ENTITY, '--no-schematron', '--config', 'twice.json', '--lang', lang], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });
      const [ar, en, both] = await Promise.all([runIn('ar'), runIn('en'), runIn('en+ar')]);
      expect(ar.stderr).toMatch(/^pintae: تحذير: \S*twice\.json:3:3: /m);
      expect(ar.stderr).not.toMatch(/pintae: warning:/);
      expect(en.stderr).toMatch(/^pintae: warning: \S*twice\.json:3:3: /m);
      expect(both.stderr).toMatch(/^pintae: warning: \S*twice\.json:3:3: /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
