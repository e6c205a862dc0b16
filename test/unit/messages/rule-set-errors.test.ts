/**
 * The rule-set layer's sentences in the run's language (issue 26, the part it escaped). Every RuleSetError is said
 * from an entry of src/messages/rule-sets.ts and carries it (`said`), so the CLI says it in --lang; a refusal of the
 * static check is said with its construct and reason in Arabic, found by the check's English. Held three ways: each
 * entry brought about by a real case (a rule set added, named, read, removed) and said in Arabic with no English
 * left; a scan of src/schematron, so a RuleSetError given a sentence of its own, or a reason the check writes without
 * an Arabic here, fails; and one spawned run for the exit code and standard error in Arabic.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { zipSync } from 'fflate';
import { addRuleSet, removeRuleSet, resolveRuleSet } from '../../../src/schematron/rulesets.js';
import { readRelease, ZIP_CAPS } from '../../../src/schematron/release.js';
import { DEFAULT_CAPS } from '../../../src/schematron/guard/index.js';
import { RuleSetError, ruleSetUsage } from '../../../src/schematron/errors.js';
import { damagedReasonAr, refusalReasonAr, RULE_SETS } from '../../../src/messages/rule-sets.js';
import { speak } from '../../../src/messages/ref.js';
import { BIN, ROOT } from '../../helpers/paths.js';
import { loadEnv } from '../../../src/batch/env.js';
import { SandboxUnavailableError } from '../../../src/schematron/sandbox/limit-error.js';
import { UsageError } from '../../../src/io/errors.js';

const ARABIC = /[\u0621-\u064A]/u;
/** English words an Arabic sentence may hold as they are: commands, option values, names of formats and engines. */
const KEPT = new Set(['querybinding', 'xquery', 'xml', 'iso', 'schematron', 'url', 'ruleset', 'tdd', 'pintae', 'rules', 'add', 'remove', 'source', 'name', 'npm', 'run', 'build', 'native', 'saxon', 'schema', 'zip', 'sch', 'xslt', 'sef', 'json', 'manifest', 'readme', 'sets', 'from', 'others', 'rule']);

/** Lower-case Latin words of `ar` that are neither a parameter's value nor kept: English left in the Arabic. */
function englishLeft(ar: string, params: Record<string, unknown>): string[] {
  const values = Object.values(params).flatMap((v) => (Array.isArray(v) ? v : typeof v === 'object' && v !== null ? Object.values(v) : [v])).map(String).filter((v) => v.length > 0);
  const rest = values.sort((a, b) => b.length - a.length).reduce<string>((t, v) => t.split(v).join(' '), ar);
  return [...rest.matchAll(/(?<![\w.:/{<@-])[a-z]{3,}(?![\w.:/}>-])/gi)].map((m) => m[0].toLowerCase()).filter((w) => !KEPT.has(w));
}

const dir = mkdtempSync(join(tmpdir(), 'pintae-rsar-'));
const env = { PINTAE_CACHE_DIR: join(dir, 'cache') };
const file = (name: string, text: string | Uint8Array) => { const path = join(dir, name); writeFileSync(path, text); return path; };
const SCH = 'http://purl.oclc.org/dsdl/schematron';
const good = () => { const d = join(dir, `good-${Math.random().toString(36).slice(2)}`); mkdirSync(d); writeFileSync(join(d, 'r.sch'), `<schema xmlns="${SCH}"><pattern><rule context="/"><assert test="true()">x</assert></rule></pattern></schema>`); return d; };
/** The error `run` throws, with the entry it was said from. */
async function thrown(run: () => unknown): Promise<RuleSetError> {
  try { await run(); } catch (e) { if (e instanceof RuleSetError) return e; throw e; }
  throw new Error('no error');
}
/** A manifest in the cache, as a damaged or stale entry is met. */
function entry(name: string, manifest: unknown, files: string[] = []) {
  const d = join(env.PINTAE_CACHE_DIR, 'rules', name);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'manifest.json'), JSON.stringify(manifest));
  for (const f of files) writeFileSync(join(d, f), '{}');
}
const zip = (entries: Record<string, Uint8Array | string>) => zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));

/** Each entry, brought about as a user meets it. */
const CASES: Array<[string, () => unknown]> = [
  ['ruleset.date', () => addRuleSet(good(), { env, validFrom: '2026-13-01' })],
  ['ruleset.dates-order', () => addRuleSet(good(), { env, validFrom: '2026-05-01', validTo: '2026-01-01' })],
  ['ruleset.engine', () => addRuleSet(good(), { env, engine: 'xslt' as 'native' })],
  ['ruleset.name-unusable', () => addRuleSet(good(), { env, name: 'My Rules' })],
  ['ruleset.name-reserved', () => addRuleSet(good(), { env, name: 'builtin-tdd' })],
  ['ruleset.default-name', () => { const d = join(dir, '---'); mkdirSync(d, { recursive: true }); return addRuleSet(d, { env }); }],
  ['ruleset.remove-name', () => removeRuleSet('../x', env)],
  ['ruleset.remove-builtin', () => removeRuleSet('builtin', env)],
  ['ruleset.no-rule-files', () => { const d = join(dir, 'empty'); mkdirSync(d, { recursive: true }); return addRuleSet(d, { env }); }],
  ['ruleset.not-well-formed', () => addRuleSet(file('broken.sch', `<schema xmlns="${SCH}">\n<pattern>\n</schema>\n`), { env })],
  ['ruleset.not-schematron', () => addRuleSet(file('other.sch', '<rules/>'), { env })],
  // A schema the Schematron compiler refuses (src/schematron/compile.ts): its words read back inside layer-failed.
  ['ruleset.layer-failed', () => { const d = join(dir, 'xquery'); mkdirSync(d, { recursive: true }); writeFileSync(join(d, 'r.sch'), `<schema xmlns="${SCH}" queryBinding="xquery"><pattern><rule context="/"><assert test="true()">x</assert></rule></pattern></schema>`); return addRuleSet(d, { env }); }],
  ['ruleset.unknown', () => resolveRuleSet('nonexist', env)],
  ['ruleset.stale-gone', () => { entry('stale', { name: 'stale', source: join(dir, 'gone'), hash: 'h', added: 'a', compiler: 'pintae 0.1', layers: [{ file: 'a.sef.json' }] }, ['a.sef.json']); return resolveRuleSet('stale', env); }],
  ['ruleset.damaged', () => { entry('hollow', { name: 'hollow', source: 's', hash: 'h', added: 'a', layers: [] }); return resolveRuleSet('hollow', env); }],
  ['ruleset.source-missing', () => addRuleSet(join(dir, 'nothere'), { env })],
  ['ruleset.dirs-deep', () => { const d = join(dir, 'deep', ...Array.from({ length: 34 }, () => 'd')); mkdirSync(d, { recursive: true }); return readRelease(join(dir, 'deep')); }],
  ['ruleset.dir-entries', () => { const d = join(dir, 'many'); mkdirSync(d, { recursive: true }); for (let i = 0; i < 11; i++) writeFileSync(join(d, `f${i}.txt`), ''); return readRelease(d, { files: { ...DEFAULT_CAPS, files: 1 } }); }],
  ['ruleset.zip-nested', () => readRelease(file('nest.zip', zip({ 'a.zip': zip({ 'b.zip': zip({ 'r.sch': '<x/>' }) }) })))],
  ['ruleset.zip-entries', () => readRelease(file('entries.zip', zip({ 'a.sch': '<x/>', 'b.sch': '<x/>' })), { zip: { ...ZIP_CAPS, entries: 1 } })],
  ['ruleset.zip-outside', () => readRelease(file('outside.zip', zip({ '../evil.sch': '<x/>' })))],
  ['ruleset.zip-large', () => readRelease(file('large.zip', zip({ 'a.sch': '<x>0123456789</x>' })), { zip: { ...ZIP_CAPS, fileBytes: 4 } })],
  ['ruleset.zip-ratio', () => readRelease(file('ratio.zip', zip({ 'a.sch': new Uint8Array(2 << 20) })), { zip: { ...ZIP_CAPS, ratio: 2 } })],
  ['ruleset.zip-size', () => readRelease(file('size.zip', zip({ 'a.sch': '<x>0123456789</x>' })), { zip: { ...ZIP_CAPS, totalBytes: 4 } })],
  ['ruleset.refusal', () => { const d = join(dir, 'linked'); mkdirSync(d, { recursive: true }); symlinkSync(join(dir, 'nowhere.sch'), join(d, 'r.sch')); return readRelease(d); }],
  ['ruleset.refused', () => { const d = join(dir, 'reads'); mkdirSync(d, { recursive: true }); writeFileSync(join(d, 'x.sch'), `<schema xmlns="${SCH}"><pattern><rule context="/"><assert test="unparsed-text('/etc/passwd') and environment-variable('PINTAE_TOKEN')">x</assert></rule></pattern></schema>`); return addRuleSet(d, { env }); }],
];

describe('the rule-set layer\'s errors are said from the catalogue, and in Arabic', () => {
  for (const [id, run] of CASES) {
    it(id, async () => {
      const e = await thrown(run);
      expect(e.said?.id, e.message).toBe(id);
      expect(speak(e.said!, 'en')).toBe(e.message);
      const ar = speak(e.said!, 'ar')!;
      expect(ar).toMatch(ARABIC);
      expect(englishLeft(ar, e.said!.p), ar).toEqual([]);
    });
  }

  it('a name from a config file\'s "ruleSet" is said as coming from there, in Arabic too', async () => {
    const u = ruleSetUsage(await thrown(() => resolveRuleSet('nonexist', env)), '/p/pintae.config.json');
    expect(u.message).toMatch(/^\/p\/pintae\.config\.json: "ruleSet": "nonexist": neither builtin, /);
    expect(u.message).not.toContain('--rules');
    expect(u.said?.id).toBe('ruleset.unknown.config');
    const ar = speak(u.said!, 'ar')!;
    expect(ar).toMatch(/^\/p\/pintae\.config\.json: "ruleSet": "nonexist": ليس builtin/);
    expect(englishLeft(ar, u.said!.p)).toEqual([]);
    // Named with --rules: as before.
    expect(ruleSetUsage(await thrown(() => resolveRuleSet('nonexist', env))).message).toMatch(/^--rules nonexist: neither /);
  });

  it('validate, build, push, bulk and tdd: a config file\'s ruleSet is named as such by the environment they load', async () => {
    const saved = process.env.PINTAE_CACHE_DIR;
    process.env.PINTAE_CACHE_DIR = env.PINTAE_CACHE_DIR;
    try {
      const load = (ruleSetFrom?: string) => loadEnv({ entityFiles: [], ruleSet: 'nonexist', today: '2026-06-01', uuid: { kind: 'random' }, lineAmounts: 'aed', cwd: dir, ...(ruleSetFrom ? { ruleSetFrom } : {}) }).then(() => undefined, (e: UsageError) => e);
      const fromConfig = (await load('/p/pintae.config.json'))!;
      expect(fromConfig).toBeInstanceOf(UsageError);
      expect(fromConfig.message).toMatch(/^\/p\/pintae\.config\.json: "ruleSet": "nonexist": neither /);
      expect(speak(fromConfig.said!, 'ar')).toMatch(/^\/p\/pintae\.config\.json: "ruleSet": "nonexist": ليس /);
      expect((await load())!.message).toMatch(/^--rules nonexist: neither /);
    } finally {
      if (saved === undefined) delete process.env.PINTAE_CACHE_DIR; else process.env.PINTAE_CACHE_DIR = saved;
    }
  });

  it('the refusals name the construct as written and say the reason in Arabic', async () => {
    const e = await thrown(CASES.find(([id]) => id === 'ruleset.refused')![1]);
    const ar = speak(e.said!, 'ar')!;
    expect(ar).toContain('unparsed-text(): يقرأ ملفاً أو عنوان URL نصاً');
    expect(ar).toContain('environment-variable(): يقرأ متغيرات البيئة');
  });

  it('the sentences the catalogue holds inside others (a layer that did not compile) read back to Arabic', () => {
    const failed = (reason: string) => speak({ id: 'ruleset.layer-failed', p: { at: 'r/x.xslt', reason } }, 'ar')!;
    expect(failed('the XSLT compiler wrote no SEF')).toBe('r/x.xslt: لم يكتب مترجم XSLT أي SEF');
    expect(failed('the XSLT did not compile:\nXTSE0010 bad')).toBe('r/x.xslt: تعذّرت ترجمة XSLT:\nXTSE0010 bad');
    expect(failed('sch:assert without @test in rule /a')).toBe('r/x.xslt: sch:assert بلا @test في القاعدة /a');
    expect(failed('<sch:include href="../x.sch">: an include that leaves the rule set\'s directory')).toBe('r/x.xslt: <sch:include href="../x.sch">: تضمين يخرج من مجلد مجموعة القواعد');
    // A sentence pintae does not word (Saxon's, a lower layer's) stays as it is.
    expect(failed('XTSE0010 something Saxon said')).toBe('r/x.xslt: XTSE0010 something Saxon said');
  });

  it('a damaged entry met while a document is judged (a rules-failed finding, its words crossed a thread) is said in Arabic', async () => {
    const damaged = await thrown(CASES.find(([id]) => id === 'ruleset.damaged')![1]);
    const ar = speak({ id: 'rules.failed', p: { set: 'hollow', layer: 'r.sch', why: { kind: 'error', text: damaged.message } } }, 'ar')!;
    expect(ar).toContain('مجموعة القواعد hollow تالفة (لا طبقات فيه)');
    expect(ar).not.toContain('is damaged');
  });

  it('a set the sandbox cannot hold here (a rules-failed finding) is said in Arabic, with every reason the boundary gives', () => {
    const boundary = readFileSync(join(ROOT, 'src/schematron/sandbox/boundary.ts'), 'utf8');
    const reasons = [...boundary.matchAll(/unavailable: (['`])((?:(?!\1).)*)\1/g)].map((m) => filled(m[2]!));
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    for (const reason of reasons) {
      const e = new SandboxUnavailableError('path-1', reason);
      const ar = speak({ id: 'rules.failed', p: { set: 'path-1', layer: 'r.xslt', why: { kind: 'error', text: e.message } } }, 'ar')!;
      expect(ar, reason).toContain('لم تُشغَّل مجموعة القواعد path-1: تحتاج إلى Saxon-JS');
      expect(englishLeft(ar, { reason }).filter((w) => !['node', 'dist', 'permission', 'model', 'built', 'child'].includes(w)), ar).toEqual([]);
    }
  });

  it('rules list\'s words have Arabic', () => {
    for (const id of Object.keys(RULE_SETS).filter((k) => k.startsWith('ruleset.list.'))) {
      const p = id === 'ruleset.list.validity' ? { validity: 'always' } : id === 'ruleset.list.damaged-source' ? { file: '/c/x/manifest.json', reason: 'no layers', name: 'x' } : {};
      const ar = speak({ id, p }, 'ar')!;
      expect(ar, id).toMatch(ARABIC);
      expect(englishLeft(ar, p), id).toEqual([]);
    }
  });
});

/** The .ts files under a directory. */
function sources(d: string): string[] {
  return readdirSync(d).flatMap((n) => { const p = join(d, n); return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []; });
}
const SCHEMATRON = sources(join(ROOT, 'src/schematron')).map((p) => [relative(ROOT, p), readFileSync(p, 'utf8')] as const);
/** An English text with its template's holes filled by a digit (the caps and names they hold). */
const filled = (literal: string) => literal.replace(/\$\{[^}]*\}/g, '1');

describe('no rule-set sentence without an entry (scan of src/schematron)', () => {
  it('a RuleSetError is never given a sentence of its own, and every id it is said from is in the catalogue', () => {
    const own = SCHEMATRON.flatMap(([f, s]) => [...s.matchAll(/new (?:RuleSetError|DamagedEntry|RuleSetRefused|SchematronError)\(\s*(['`])/g)].map((m) => `${f}: ${m[0]}`));
    expect(own).toEqual([]);
    const ids = SCHEMATRON.flatMap(([, s]) => [...s.matchAll(/(?:ruleSetError|ruleSetWorded|schematronError)\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(ids.length).toBeGreaterThan(45);
    expect(ids.filter((id) => !Object.hasOwn(RULE_SETS, id))).toEqual([]);
    expect('throw new RuleSetError(`${x}: bad`)'.match(/new (?:RuleSetError|DamagedEntry|RuleSetRefused)\(\s*(['`])/)).not.toBeNull();
  });

  it('every reason the static check writes has its Arabic', () => {
    const guard = SCHEMATRON.filter(([f]) => f.startsWith('src/schematron/guard/'));
    const reasons = guard.flatMap(([, s]) => [
      ...[...s.matchAll(/\breason: (['`])((?:(?!\1).)*)\1/g)].map((m) => m[2]!),
      ...[...s.matchAll(/\brefuse\((['`])((?:(?!\1).)*)\1\)/g)].map((m) => m[2]!),
      ...[...s.matchAll(/\breturn (['`])((?:(?!\1).)*)\1;/g)].map((m) => m[2]!),
      ...[...s.matchAll(/\?\? (['`])((?:(?!\1).)*)\1/g)].map((m) => m[2]!),
      // The tables of refused functions, elements and SEF constructs, and of extension namespaces.
      ...[...s.matchAll(/\[\s*'[^']*',\s*(["'])((?:(?!\1).)*)\1\s*\]/g)].map((m) => m[2]!),
    ]).map((r) => filled(r.replace(/\\'/g, "'"))).filter((r) => /^[a-zA-Z<]/.test(r) && / /.test(r));
    expect(reasons.length).toBeGreaterThan(50);
    expect([...new Set(reasons)].filter((r) => refusalReasonAr(r) === r)).toEqual([]);
  });

  it('every reason an entry of the cache is damaged for has its Arabic', () => {
    const cache = SCHEMATRON.find(([f]) => f === 'src/schematron/cache.ts')![1];
    const fn = cache.slice(cache.indexOf('function shapeError'), cache.indexOf('\n}\n', cache.indexOf('function shapeError')));
    const reasons = [...fn.matchAll(/return (['`])((?:(?!\1).)*)\1;/g), ...cache.matchAll(/new DamagedEntry\([^;]*?(['`])((?:(?!\1)[^$])*?)\1\)/g)].map((m) => filled(m[2]!));
    expect(reasons.length).toBeGreaterThanOrEqual(8);
    expect(reasons.filter((r) => damagedReasonAr(r) === r)).toEqual([]);
  });
});

describe('spawned: a rule set that is none, said in Arabic', () => {
  it('check --rules nonexist --lang ar: exit 2, standard error in Arabic only', () => {
    const doc = file('doc.xml', '<Invoice/>');
    const r = spawnSync(process.execPath, [BIN, 'check', doc, '--rules', 'nonexist', '--lang', 'ar', '--no-config'], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^pintae: --rules nonexist: ليس builtin, builtin-saxon, /);
    expect(r.stderr).toContain('ولا مساراً');
    expect(r.stderr).not.toMatch(/neither|nor a path|none yet/);
  });

  it('sandbox --rules nonexist --lang ar: the same sentence, in Arabic (the sandbox keeps the entry too)', () => {
    const r = spawnSync(process.execPath, [BIN, 'sandbox', '--rules', 'nonexist', '--port', '0', '--data-dir', join(dir, 'sbx'), '--lang', 'ar', '--no-config'], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^pintae: --rules nonexist: ليس builtin/);
  });
});

