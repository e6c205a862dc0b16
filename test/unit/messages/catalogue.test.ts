/**
 * The message catalogues (issue 26 item 2): every id has both languages, the two use the same parameters, and the
 * code names ids instead of writing sentences. Parameters are found by calling each text with a recording stand-in
 * that notes every top-level name read (and stands in for any value: text, number, list, function).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FINDINGS } from '../../../src/messages/findings.js';
import { REPORT } from '../../../src/messages/report.js';
import { CLI } from '../../../src/messages/cli.js';
import { WORDS } from '../../../src/messages/table.js';
import { OWN } from '../../../src/messages/own.js';
import { VALUES } from '../../../src/messages/values.js';
import { IO } from '../../../src/messages/io.js';
import { API } from '../../../src/messages/api.js';
import { DERIVE } from '../../../src/messages/derive.js';
import { REASONS } from '../../../src/messages/reasons.js';
import { NET_MESSAGES } from '../../../src/messages/net.js';
import { TDD_MESSAGES } from '../../../src/messages/tdd.js';
import { RULE_SETS } from '../../../src/messages/rule-sets.js';
import { textOf } from '../../../src/messages/ref.js';
import type { Text } from '../../../src/messages/lang.js';
import { ROOT } from '../../helpers/paths.js';

type AnyText = Text<Record<string, unknown>>;
const ARABIC = /[\u0600-\u06FF]/u;

/** A value that is any value: every property is another, it can be called, and it reads as text or the number 1. */
function anything(): unknown {
  const f = function () { return anything(); };
  return new Proxy(f, {
    get: (_t, key) => (key === Symbol.toPrimitive ? (hint: string) => (hint === 'number' ? 1 : 'x') : key === 'length' ? 1 : key === Symbol.iterator ? function* () { yield 'x'; } : anything()),
  });
}
/** The top-level parameter names a text reads, over a few shapes of the parameters (branches on them differ). */
function paramsRead(say: (p: never) => string): string[] {
  const read = new Set<string>();
  for (const empty of [false, true]) {
    const p = new Proxy({}, {
      get: (_t, key) => { if (typeof key === 'string') read.add(key); return empty ? undefined : anything(); },
      has: (_t, key) => { if (typeof key === 'string') read.add(key); return !empty; },
    });
    try { say(p as never); } catch { /* an empty shape may not suit every text; what it read still counts */ }
  }
  return [...read].sort();
}

const entries: Array<[string, AnyText | undefined]> = [
  ...Object.entries(FINDINGS).map(([id, t]) => [id, t] as [string, AnyText]),
  ...Object.entries(REPORT).map(([id, t]) => [id, t] as [string, AnyText]),
  ...Object.entries(CLI).map(([id, t]) => [id, t] as [string, AnyText]),
  ...Object.entries(OWN).map(([id, t]) => [id, t] as [string, AnyText]),
  ...Object.entries(VALUES).map(([id, t]) => [id, t] as [string, AnyText]),
  ...[IO, API, DERIVE, REASONS, NET_MESSAGES, TDD_MESSAGES, RULE_SETS].flatMap((c) => Object.entries(c).map(([id, t]) => [id, t] as [string, AnyText])),
  ...Object.entries(WORDS).flatMap(([rule, w]) => [[`rule:${rule}`, w.request], ...(w.xml ? [[`xml:${rule}`, w.xml]] : [])] as Array<[string, AnyText]>),
];

/**
 * Real parameters for the entries the stand-in cannot say (they choose their words by a parameter's value): each
 * sample is said in both languages too. Every kind of hint (a value sent in a common wrong form) is among them.
 */
const validity = { date: '2025-03-10', family: 'PINT-AE', customization: 'urn:peppol:pint:billing-1@ae-1', set: { name: 'builtin-billing', version: '1.0.4', from: '2026-05-28', to: null } };
const answerProblems = [{ status: 200, reason: 'declared', size: '80 MiB', max: '64 MiB' }, { status: 200, reason: 'grew', max: '64 MiB' }, { status: 502, reason: 'slow', seconds: 30 }];
const SAMPLES: Readonly<Record<string, readonly unknown[]>> = {
  // The rule-set layer's entries whose words are a sentence or reason found by its English (src/messages/rule-sets.ts).
  'ruleset.layer-failed': [{ at: 'r/x.xslt', reason: 'the XSLT compiler wrote no SEF' }],
  'ruleset.refusal': [{ refusal: { file: 'r/x.sch', line: 1, column: 9, construct: 'doc()', reason: 'reads another document (a file or a URL)' } }],
  'ruleset.list.validity': [{ validity: 'always' }],
  'ruleset.schema.refused': [{ construct: '<sch:include href="../x.sch">', reason: 'an include that leaves the rule set\'s directory' }],
  'ruleset.list.damaged-source': [{ file: 'c/x/manifest.json', reason: 'no layers', name: 'x' }],
  'net.answer': answerProblems,
  'net.unreadable-answer': answerProblems.map((p) => ({ ...p, method: 'GET', path: '/oauth/invoices/x', maybeCreated: true })),
  'net.http-error': [401, 403, 404, 409, 422, 400, 500, 418].map((status) => ({ method: 'POST', path: '/oauth/entities', status, detail: 'Bad request' })),
  'net.unreachable': ['ECONNRESET', 'HPE_INVALID_CONSTANT', 'EWEIRD'].map((code) => ({ method: 'GET', path: '/x', attempts: 4, code, detail: 'socket hang up', maybeCreated: true })),
  'rules.before-validity': [{ ...validity, dateName: 'invoice' }, { ...validity, dateName: 'issue', family: 'TDD' }],
  'rules.after-validity': [{ ...validity, dateName: 'issue' }],
  'cli.option-output': [{ flag: '--output', message: 'r.json: is a directory; name a file', said: { id: 'io.output.not-a-file', p: { path: 'r.json', what: 'a directory' } } }],
  'tdd.source.lacks': [{ missing: [
    { kind: 'element', element: 'cbc:UUID', term: 'BTAE-07' }, { kind: 'type-code' }, { kind: 'seller-tax-id' }, { kind: 'seller-scheme' },
    { kind: 'tax-exclusive' }, { kind: 'currency-code', term: 'IBT-005', value: 'XXX' }, { kind: 'tax-amount', currency: 'USD', term: 'IBT-110' },
  ] }],
  'value.fix': [
    { fix: { kind: 'number', sent: 'AED 1,250', problems: [{ kind: 'currency', currency: 'AED' }, { kind: 'grouping', separator: ',' }], fixed: '1250', or: '1.250' } },
    { fix: { kind: 'number', sent: '(5%)', problems: [{ kind: 'percent' }, { kind: 'parentheses' }, { kind: 'decimal-comma' }], fixed: '-5' } },
    { fix: { kind: 'date', sent: '03/04/2026', form: 'DD/MM/YYYY or MM/DD/YYYY', readings: ['2026-04-03', '2026-03-04'] } },
    { fix: { kind: 'date', sent: '2026-04-03T10:00', form: 'a date and time', readings: ['2026-04-03'] } },
    { fix: { kind: 'date', sent: '3 June 2026', form: 'a month name', readings: ['2026-06-03'] } },
    { fix: { kind: 'no-day', sent: '31/04/2026', form: 'DD/MM/YYYY', year: 2026, month: 4, day: 31 } },
    { fix: { kind: 'trn', sent: 'TRN 100-987-654', problems: ['prefix', 'dashes', 'spaces', 'dots'], fixed: '100987654300003' } },
    { fix: { kind: 'text', sent: 30, fixed: '30' } },
  ],
};

/** Entries with no words of their own: `reason.at` is a place and a lower layer's reason ("--rates x.csv: permission denied"), the reason said in the language. */
const NO_WORDS = new Set(['reason.at']);

describe('the catalogues: every id in English and Arabic, with the same parameters', () => {
  it.each(entries)('%s', (id, text) => {
    expect(typeof text?.en, `${id}: no English`).toBe('function');
    expect(typeof text?.ar, `${id}: no Arabic`).toBe('function');
    expect(paramsRead(text!.ar), `${id}: the Arabic reads other parameters than the English`).toEqual(paramsRead(text!.en));
    // Arabic, not a copy of the English: the text said with stand-in values holds Arabic letters.
    for (const p of NO_WORDS.has(id) ? [] : SAMPLES[id] ?? [anything()]) {
      expect(text!.ar(p as never), id).toMatch(ARABIC);
      expect(text!.en(p as never), id).not.toMatch(ARABIC);
    }
    expect(textOf(id), `${id}: not found by its id`).toBe(text);
  });

  it('no id is in two catalogues (a report finds an entry by its id alone)', () => {
    const ids = entries.map(([id]) => id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('the placeholder check can fail: a text that reads a parameter the other does not is told apart', () => {
    expect(paramsRead((p: { a: string }) => `${p.a}`)).not.toEqual(paramsRead((p: { a: string; b: string }) => `${p.a}${p.b}`));
  });
});

/**
 * Sentences written in code instead of named by id. A finding constructor given a text literal (`error('tax', '…')`,
 * `{ message: '…' }`) or a usage error given one (`new UsageError('…')`) counts; a file not converted yet is listed
 * with its count, which may only go down (and must then be lowered here): a new sentence without an id fails.
 */
const NOT_YET: Readonly<Record<string, number>> = JSON.parse(readFileSync(join(ROOT, 'test/unit/messages/literal-sentences.json'), 'utf8')) as Record<string, number>;
// Also the errors a person reads in a lower layer's words (an output that cannot be written, a TDD option or source
// document refused) and the spinner's line on a terminal.
const LITERAL = /(?:\berror\(\s*'[a-z_]+',\s*|\bmessage:\s*|new (?:Usage|Output|TddSource)Error\(\s*|new TddOptionError\([^,()]+,\s*|\b(?:progress|spinner\.text)\(\s*(?:[^'`()]*\?\s*)?)(['`])[A-Za-z$-]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('no sentence without an id', () => {
  const counts = new Map<string, number>();
  for (const file of sources(join(ROOT, 'src'))) {
    const rel = relative(ROOT, file);
    if (rel.startsWith('src/messages/')) continue;
    const n = [...readFileSync(file, 'utf8').matchAll(LITERAL)].length;
    if (n) counts.set(rel, n);
  }
  it('the rule engine, the unknown-field findings and the report formatters name every sentence by id', () => {
    const converted = [...counts.keys()].filter((f) => /^src\/(rules\/|schema\/unknown-fields\.ts|formatters\/(stylish|json|ndjson|github|junit|sarif|quiet|speak)\.ts|report\/gate\.ts)/.test(f));
    expect(converted).toEqual([]);
  });
  it('the command line, the API client, the batch runner and the readers name every sentence by id (issue 26, part 3)', () => {
    const converted = [...counts.keys()].filter((f) => /^src\/(api\/|batch\/|cli\/|io\/|tdd\/|config\/load\.ts|derive\/endpoint\.ts)/.test(f));
    expect(converted).toEqual([]);
  });
  it('the library\'s validator names its warnings and argument errors by id (src/messages/library.ts), as the CLI does', () => {
    const said = /new (?:Type|Range)Error\(\s*['`][A-Za-z]|warnings\.push\(\s*['`][A-Za-z]|\bconst [A-Z_]+ = ['`][A-Za-z]/g;
    expect([...readFileSync(join(ROOT, 'src/validator.ts'), 'utf8').matchAll(said)].map((m) => m[0])).toEqual([]);
    expect(['throw new TypeError(\'tdd takes one\')', 'warnings.push(`no transportId`)', "const ONE = 'validate takes'"].join('\n').match(said)).toHaveLength(3);
  });
  it('elsewhere, no file has more literal sentences than the list of files not converted yet says', () => {
    const over = [...counts].filter(([f, n]) => n > (NOT_YET[f] ?? 0)).map(([f, n]) => `${f}: ${n} (listed: ${NOT_YET[f] ?? 0})`);
    expect(over).toEqual([]);
    const stale = Object.entries(NOT_YET).filter(([f, n]) => (counts.get(f) ?? 0) < n).map(([f, n]) => `${f}: ${counts.get(f) ?? 0} (listed: ${n}): lower it`);
    expect(stale).toEqual([]);
  });
});
