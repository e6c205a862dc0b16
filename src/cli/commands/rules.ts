import { UsageError } from '../../io/errors.js';

async function rulesets() {
  return import('../../schematron/rulesets.js');
}

/** `pintae rules add <dir|zip|file>`: compiles a rule set once into the cache. */
export async function runRulesAdd(source: string, options: { name?: string }): Promise<number> {
  const { addRuleSet } = await rulesets();
  process.stderr.write(`compiling ${source} …\n`);
  try {
    const m = await addRuleSet(source, { name: options.name });
    process.stdout.write(`added ${m.name}${m.version ? ` (version ${m.version})` : ''}: ${m.layers.length} layer${m.layers.length === 1 ? '' : 's'} (${m.layers.map((l) => `${l.from} [${l.kind}]`).join(', ')}), hash ${m.hash.slice(0, 16)}\nuse it with --rules ${m.name}\n`);
    return 0;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/**
 * `pintae rules list`: the built-in rules (chosen per document, also as builtin-saxon), each built-in set by its
 * customization, and every added set, with version, source and hash.
 */
export async function runRulesList(options: { format?: string }): Promise<number> {
  const { listRuleSets, cacheDir, builtinInfos } = await rulesets();
  const sets = listRuleSets();
  const builtins = builtinInfos();
  if (options.format === 'json') {
    process.stdout.write(JSON.stringify({ cache: cacheDir(), rulesets: [
      { name: 'builtin', version: '1.0.4', source: 'pintae (the set of each document\'s customization)', hash: null },
      { name: 'builtin-saxon', version: '1.0.4', source: 'pintae (Saxon-JS alone)', hash: null },
      ...builtins.map((b) => ({ ...b, source: 'pintae' })), ...sets] }, null, 2) + '\n');
    return 0;
  }
  const rows = [['NAME', 'VERSION', 'HASH', 'SOURCE'], ['builtin', '1.0.4', '-', 'pintae (PINT-AE 1.0.4, our own rules: the set of each document\'s customization)'],
    ['builtin-saxon', '1.0.4', '-', 'pintae (the same rules on Saxon-JS alone: the reference)'],
    ...builtins.map((b) => [b.name, b.version ?? '-', b.hash.slice(0, 16) || '-', `pintae (${b.customization})`]),
    ...sets.map((m) => [m.name, m.version ?? '-', m.hash.slice(0, 16), m.source])];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  process.stdout.write(rows.map((r) => r.map((v, c) => v.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n') + `\n(cache: ${cacheDir()})\n`);
  return 0;
}
