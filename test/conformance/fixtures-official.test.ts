import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, HAVE_OFFICIAL, OFFICIAL_DIR } from '../helpers/paths.js';
import { runOfficialRules } from '../helpers/official.js';
import { dataOf, validateFile } from '../helpers/pipeline.js';

const valid = readdirSync(join(FIXTURES, 'invoices')).filter((f) => f.endsWith('.json')).sort();

if (!HAVE_OFFICIAL) console.warn(`SKIPPED: official PINT-AE rules not found at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);

describe.skipIf(!HAVE_OFFICIAL)('every valid fixture passes the official PINT-AE 1.0.4 rules (both layers)', () => {
  it.each(valid)('%s', (file) => {
    for (const lineAmounts of ['aed', 'document'] as const) {
      const outcome = validateFile(join(FIXTURES, 'invoices', file), { lineAmounts });
      expect(dataOf(outcome).errors).toEqual([]);
      expect(outcome.kind === 'validated' && outcome.xml).toBeTruthy();
      const xml = outcome.kind === 'validated' ? outcome.xml! : '';
      expect(runOfficialRules(xml).map((f) => `${f.id}: ${f.text}`)).toEqual([]);
    }
  });
});
