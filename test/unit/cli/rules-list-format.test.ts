import { describe, expect, it } from 'vitest';
import { runRulesList } from '../../../src/cli/commands/rules.js';

/**
 * `pintae rules list --format json` is read by scripts. A format it does not have (`yaml`, `JSON`, a typo) printed the
 * table, exit 0, which the script then failed to parse far from the cause: a usage error (exit 2) names the two.
 */
describe('rules list --format', () => {
  it.each(['yaml', 'JSON', 'jsno'])('%s: a usage error naming table and json', async (format) => {
    await expect(runRulesList({ format, config: false } as { format: string })).rejects.toMatchObject({ name: 'UsageError', message: `--format ${format}: choose one of table, json` });
  });
});
