import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NativeFirst } from '../../../src/schematron/native-layer.js';
import { addRuleSet } from '../../../src/schematron/rulesets.js';
import { addedRuleSet } from '../../helpers/rule-sets.js';
import { CompiledRules } from '../../../src/schematron/run.js';
import type { SvrlResult } from '../../../src/schematron/svrl.js';
import { brief, briefs, differential } from '../../helpers/native-differential.js';
import { ROOT } from '../../helpers/paths.js';

/*
 * Schematron compiled as the ISO reference implementation compiles it (issue 23 item 1), on both of pintae's paths:
 * test/fixtures/schematron/reference/implicit.sch uses xs: and xsd: undeclared inside and outside xsl:functions,
 * phases with no defaultPhase, and every construct the official PINT-AE 1.0.4 schemas use; three prefixes it declares
 * itself shadow implicit ones. It is added as a user adds a release (the static check, both compilers), then run on
 * pass.xml and fail.xml by the native engine and by Saxon-JS: the same report, and the one derived by hand below.
 */
const DIR = join(ROOT, 'test/fixtures/schematron/reference');
const SOURCE = readFileSync(join(DIR, 'implicit.sch'), 'utf8');
const PASS = readFileSync(join(DIR, 'pass.xml'), 'utf8');
const FAIL = readFileSync(join(DIR, 'fail.xml'), 'utf8');
const env = { ...process.env, PINTAE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'pintae-reference-')) };

/** fail.xml's report, pattern by pattern, derived from the schema and the document by hand. */
const HEADER = [
  "A:ref-01@/Doc:[ref-01] The code 'XY-1Z Q' is not 5 characters long.",
  'A:ref-02@/Doc:[ref-02] No name.',
  'A:ref-03@/Doc:[ref-03] The document is blocked.',
  'A:ref-04@/Doc:[ref-04] 3 lines, more than 2.',
  "A:ref-05@/Doc:[ref-05] The trade name 'Acme Trading' does not contain LLC.",
  'A:ref-06@/Doc:[ref-06] The code does not start with the prefix.',
  'A:ref-07@/Doc:[ref-07] The email is 35 characters long.',
  'A:ref-08@/Doc:[ref-08] The code is not AB-12.',
  'A:ref-09@/Doc:[ref-09] Not paid.',
  "A:ref-10@/Doc:[ref-10] 'levels' reads 'slevel' backwards.",
  'A:ref-12@/Doc:[ref-12] The lines sum to 81.66, not 100.00.',
  "A:ref-13@/Doc:[ref-13] The code's number '1Z Q' is no integer.",
  'A:ref-14@/Doc:[ref-14] The rate is not a number.',
  "A:ref-15@/Doc:[ref-15] The phone '00971412x4567' has other characters than digits.",
  'A:ref-16@/Doc:[ref-16] The currency is USD.',
  'A:ref-17@/Doc:[ref-17] Not an email address.',
  'A:ref-18@/Doc:[ref-18] The email does not end with .ae.',
  'A:ref-19@/Doc:[ref-19] The phone does not start with +971.',
  "A:ref-20@/Doc:[ref-20] The country 'ae' is not in capitals (AE).",
  "A:ref-21@/Doc:[ref-21] The extension is in the namespace ''.",
  'A:ref-22@/Doc:[ref-22] The extension is Note.',
  'A:ref-23@/Doc:[ref-23] The extension is named Note.',
  'A:ref-24@/Doc:[ref-24] No reference.',
  'A:ref-25@/Doc:[ref-25] Rounding by 0.75.',
  'A:ref-27@/Doc:[ref-27] Due 2025-03-01, before 2025-03-10.',
  'A:ref-28@/Doc:[ref-28] 21.5 items, more than 10.',
];
const LINES = [
  'A:ref-26@/Doc/Line[1]:[ref-26] The quantity 1.5 is not a positive integer.',
  'A:ref-11@/Doc/Line[2]:[ref-11] 20 × 3.3333 is 66.67, not 66.66.',
  'A:ref-26@/Doc/Line[3]:[ref-26] The quantity 0 is not a positive integer.',
];
const FUNCTIONS = [
  'A:ref-30@/Doc:[ref-30] The GLN 4006381333932 has a wrong check digit.',
  'A:ref-31@/Doc:[ref-31] Declared 100.05, total 100.',
  'A:ref-32@/Doc:[ref-32] Twice the rounding is -1.5.',
  'A:ref-33@/Doc:[ref-33] Four times the lines is 12.',
];
const SHADOWS = [
  'A:ref-40@/Doc:[ref-40] The reference is empty.',
  'A:ref-41@/Doc:[ref-41] The note has no XHTML paragraph.',
];

describe('Schematron as the ISO reference implementation compiles it (implicit prefixes, phases, the official constructs)', () => {
  it('is added as a user adds it (static check, both compilers) and runs natively, with the same report as on Saxon-JS', async () => {
    const manifest = await addRuleSet(join(DIR, 'implicit.sch'), { name: 'reference', env });
    expect(manifest.layers).toEqual([expect.objectContaining({ kind: 'sch', engine: 'native' })]);
    expect(manifest.layers[0]!.unsupported).toBeUndefined();
    const set = await addedRuleSet('reference', env);
    const native = set.layers[0] as NativeFirst;
    expect(native).toBeInstanceOf(NativeFirst);
    const layer = manifest.layers[0]!;
    const saxon = CompiledRules.fromFile(layer.file, join(env.PINTAE_CACHE_DIR, 'rules', 'reference', layer.file));
    const reports: Array<[SvrlResult[], SvrlResult[]]> = [PASS, FAIL].map((xml) => [native.results(xml), saxon.results(xml)]);
    for (const [ours, reference] of reports) expect(ours).toEqual(reference);
    // Every document answered by pintae's evaluator, none handed to Saxon-JS.
    expect(native.stats).toMatchObject({ native: 2, fallbacks: 0 });
    expect(reports[0]![0]).toEqual([]);
    // No defaultPhase: every pattern runs, in the order written.
    expect(reports[1]![0].map(brief)).toEqual([...HEADER, ...LINES, ...FUNCTIONS, ...SHADOWS]);
    expect(reports[1]![0].every((r) => r.flag === (r.id === 'ref-25' ? 'warning' : 'fatal'))).toBe(true);
  });

  it('a phase chosen runs its active patterns alone, on both engines; a defaultPhase is the phase when none is chosen', async () => {
    const header = await differential(SOURCE, [PASS, FAIL], { phase: 'header-only', fastOnly: true });
    expect(briefs(header)).toEqual([[], HEADER]);
    const withDefault = SOURCE.replace('queryBinding="xslt2"', 'queryBinding="xslt2" defaultPhase="lines-and-functions"');
    const byDefault = await differential(withDefault, [PASS, FAIL], { fastOnly: true });
    expect(briefs(byDefault)).toEqual([[], [...LINES, ...FUNCTIONS]]);
    // #ALL, or a phase asked for by name, overrides the default.
    const all = await differential(withDefault, [FAIL], { phase: '#ALL', fastOnly: true });
    expect(briefs(all)).toEqual([[...HEADER, ...LINES, ...FUNCTIONS, ...SHADOWS]]);
  });
});
