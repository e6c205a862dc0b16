import { UsageError } from '../../io/errors.js';
import type { MessageRef } from '../../messages/ref.js';
import { usageError } from '../../messages/cli.js';
import { cliLang, readRunConfig, tell } from '../lang.js';
import { inLang, type Text } from '../../messages/lang.js';
import { RULE_SETS, type RuleSetMessageId } from '../../messages/rule-sets.js';

/** A rule set's error as a usage error, keeping the catalogue entry it was said from (src/messages/rule-sets.ts). */
const asUsage = (e: unknown) => (e instanceof UsageError ? e : new UsageError((e as Error).message, 'usage', (e as { said?: MessageRef }).said));
import { removeTemporariesOnExit, withSignalsHandled } from '../signals.js';
import { warningWord } from '../warn.js';

async function rulesets() {
  return import('../../schematron/rulesets.js');
}

/** `pintae rules add <dir|zip|file>`: compiles a rule set once into the cache. */
export async function runRulesAdd(source: string, options: { name?: string; customization?: string[]; version?: string; validFrom?: string; validTo?: string; engine?: string; lang?: string }): Promise<number> {
  readRunConfig(options);
  if (options.engine !== undefined && options.engine !== 'native' && options.engine !== 'saxon-js') {
    throw usageError('cli.rules-engine', { engine: options.engine });
  }
  const { addRuleSet, builtinInfos } = await rulesets();
  process.stderr.write(`${tell('cli.rules-adding', { source })}\n`); // compiling it where it is Schematron or XSLT: seconds
  removeTemporariesOnExit(); // a Ctrl-C while compiling leaves no working directory in /tmp
  // Another set under the same name is replaced (the swap is atomic), but every run using the name now judges by
  // other rules: said, with what was there, so a mistaken name is noticed (docs/decisions.md "rules add over a name").
  const replaced = (old: { name: string; hash: string; source: string; version: string | null }) =>
    process.stderr.write(`pintae: ${warningWord()}: ${tell('cli.rules-replaced', { name: old.name, hash: old.hash.slice(0, 16), source: old.source, version: old.version ?? undefined })}\n`);
  try {
    const m = await withSignalsHandled(() => addRuleSet(source, { name: options.name, customizations: options.customization, version: options.version, validFrom: options.validFrom, validTo: options.validTo, engine: options.engine as 'native' | 'saxon-js' | undefined, replaced }));
    const forWhat = m.customizations?.length
      ? tell('cli.rules-judges', { customizations: m.customizations, always: validityWords(m) === 'always', from: m.valid_from ?? undefined, to: m.valid_to ?? undefined })
      : tell('cli.rules-no-customization', {});
    process.stdout.write(`${tell('cli.rules-added', { name: m.name, version: m.version ?? undefined, layers: m.layers.map((l) => `${l.from} [${l.kind}, ${l.engine ?? 'saxon-js'}]`), hash: m.hash.slice(0, 16) })}\n`
      + m.layers.filter((l) => l.unsupported).map((l) => `${tell('cli.rules-layer-saxon', { from: l.from, unsupported: String(l.unsupported) })}\n`).join('')
      + `${forWhat}\n${tell('cli.rules-use', { name: m.name })}\n`);
    // A mistyped CustomizationID is no error (a later specification may be meant), but the set would then judge no
    // document pintae reads today: said at once rather than found out from reports.
    const known = builtinInfos().map((b) => b.customization!);
    for (const id of (m.customizations ?? []).filter((c) => !known.includes(c))) {
      process.stderr.write(`pintae: ${warningWord()}: ${tell('cli.rules-unknown-customization', { id, known })}\n`);
    }
    return 0;
  } catch (e) {
    throw asUsage(e);
  }
}

/**
 * `pintae rules list`: the built-in rules (chosen per document, also as builtin-saxon), each built-in set by its
 * customization, and every added set, with version, engine, source and hash.
 */
export async function runRulesList(options: { format?: string; lang?: string }): Promise<number> {
  readRunConfig(options);
  // A script asking for another format (or mistyping json) gets a usage error, never the table it cannot parse.
  if (options.format !== undefined && options.format !== 'table' && options.format !== 'json') throw usageError('format.unknown', { format: options.format, names: ['table', 'json'] });
  const { listEntries, cacheDir, builtinInfos, engineOf } = await rulesets();
  const entries = listEntries();
  const sets = entries.flatMap((e) => (e.manifest ? [e.manifest] : []));
  const damaged = entries.flatMap((e) => (e.damaged ? [{ name: e.name, file: e.damaged.file, reason: e.damaged.reason }] : []));
  const builtins = builtinInfos();
  if (options.format === 'json') {
    process.stdout.write(JSON.stringify({ cache: cacheDir(), rulesets: [
      { name: 'builtin', version: '1.0.4', source: 'pintae (of each document\'s customization, the newest set valid on its issue date)', hash: null, engine: 'native', customizations: builtins.map((b) => b.customization), valid_from: null, valid_to: null },
      { name: 'builtin-saxon', version: '1.0.4', source: 'pintae (Saxon-JS alone)', hash: null, engine: 'saxon-js', customizations: builtins.map((b) => b.customization), valid_from: null, valid_to: null },
      ...builtins.map((b) => ({ ...b, customizations: [b.customization], source: 'pintae', engine: 'native' })),
      ...sets.map((m) => ({ ...m, customization: m.customizations?.[0] ?? null, customizations: m.customizations ?? [], valid_from: m.valid_from ?? null, valid_to: m.valid_to ?? null, engine: engineOf(m) })),
      ...damaged.map((d) => ({ name: d.name, damaged: `${d.file}: ${d.reason}`, fix: `pintae rules remove ${d.name}` }))] }, null, 2) + '\n');
    return 0;
  }
  // The table is for a person: its headers and words in the run's language (JSON, for scripts, stays as it is).
  const w = (id: RuleSetMessageId, p: object = {}) => inLang(RULE_SETS[id] as unknown as Text<object>, p, cliLang(), ' / ');
  const valid = (v: { valid_from?: string | null; valid_to?: string | null }) => w('ruleset.list.validity', { validity: validityWords(v) });
  const rows = [(['name', 'customization', 'version', 'valid', 'engine', 'hash', 'source'] as const).map((h) => w(`ruleset.list.${h}`)),
    ['builtin', w('ruleset.list.each'), '1.0.4', '-', 'native', '-', w('ruleset.list.builtin')],
    ['builtin-saxon', w('ruleset.list.each'), '1.0.4', '-', 'saxon-js', '-', w('ruleset.list.builtin-saxon')],
    ...builtins.map((b) => [b.name, b.customization ?? '-', b.version ?? '-', valid(b), 'native', b.hash.slice(0, 16) || '-', 'pintae']),
    ...sets.map((m) => [m.name, m.customizations?.join(' ') || w('ruleset.list.rules-only'), m.version ?? '-', valid(m), engineOf(m), m.hash.slice(0, 16), m.source]),
    ...damaged.map((d) => [d.name, w('ruleset.list.damaged'), '-', '-', '-', '-', w('ruleset.list.damaged-source', { file: d.file, reason: d.reason, name: d.name })])];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  process.stdout.write(rows.map((r) => r.map((v, c) => v.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n') + `\n${tell('cli.rules-cache', { dir: cacheDir() })}\n`);
  return 0;
}

/** A validity as a person reads it: `2026-05-28 –`, `– 2026-05-27`, `2025-01-01 – 2026-05-27`, `always`. */
function validityWords(v: { valid_from?: string | null; valid_to?: string | null }): string {
  if (!v.valid_from && !v.valid_to) return 'always';
  return `${v.valid_from ?? ''} – ${v.valid_to ?? ''}`.trim();
}

/** `pintae rules remove NAME`: the one entry of that name, nothing else. */
export async function runRulesRemove(name: string, options: { lang?: string } = {}): Promise<number> {
  readRunConfig(options);
  const { removeRuleSet } = await rulesets();
  let removed: boolean;
  try { removed = removeRuleSet(name); } catch (e) { throw asUsage(e); }
  if (!removed) throw usageError('cli.rules-none', { name });
  process.stdout.write(`${tell('cli.rules-removed', { name })}\n`);
  return 0;
}
