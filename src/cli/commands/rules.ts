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
    process.stdout.write(`added ${m.name}${m.version ? ` (version ${m.version})` : ''}: ${m.layers.length} layer${m.layers.length === 1 ? '' : 's'} (${m.layers.map((l) => `${l.from} [${l.kind}, ${l.engine ?? 'saxon-js'}]`).join(', ')}), hash ${m.hash.slice(0, 16)}\n`
      + m.layers.filter((l) => l.unsupported).map((l) => `${l.from} runs on Saxon-JS: pintae's evaluator cannot compile ${l.unsupported}\n`).join('')
      + `use it with --rules ${m.name}\n`);
    return 0;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/**
 * `pintae rules list`: the built-in rules (chosen per document, also as builtin-saxon), each built-in set by its
 * customization, and every added set, with version, engine, source and hash.
 */
export async function runRulesList(options: { format?: string }): Promise<number> {
  const { listRuleSets, cacheDir, builtinInfos, engineOf } = await rulesets();
  const sets = listRuleSets();
  const builtins = builtinInfos();
  if (options.format === 'json') {
    process.stdout.write(JSON.stringify({ cache: cacheDir(), rulesets: [
      { name: 'builtin', version: '1.0.4', source: 'pintae (the set of each document\'s customization)', hash: null, engine: 'native' },
      { name: 'builtin-saxon', version: '1.0.4', source: 'pintae (Saxon-JS alone)', hash: null, engine: 'saxon-js' },
      ...builtins.map((b) => ({ ...b, source: 'pintae', engine: 'native' })), ...sets.map((m) => ({ ...m, engine: engineOf(m) }))] }, null, 2) + '\n');
    return 0;
  }
  const rows = [['NAME', 'VERSION', 'ENGINE', 'HASH', 'SOURCE'], ['builtin', '1.0.4', 'native', '-', 'pintae (PINT-AE 1.0.4, our own rules: the set of each document\'s customization)'],
    ['builtin-saxon', '1.0.4', 'saxon-js', '-', 'pintae (the same rules on Saxon-JS alone: the reference)'],
    ...builtins.map((b) => [b.name, b.version ?? '-', 'native', b.hash.slice(0, 16) || '-', `pintae (${b.customization})`]),
    ...sets.map((m) => [m.name, m.version ?? '-', engineOf(m), m.hash.slice(0, 16), m.source])];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  process.stdout.write(rows.map((r) => r.map((v, c) => v.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n') + `\n(cache: ${cacheDir()})\n`);
  return 0;
}
