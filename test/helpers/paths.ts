import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'bin/pintae.js');
export const FIXTURES = join(ROOT, 'fixtures');
export const ENTITY = join(FIXTURES, 'entities/al-noor-trading.json');
export const RATES = join(FIXTURES, 'rates/cbuae-2025.csv');
/** The official PINT-AE material: test oracles only, never copied into the project. */
export const OFFICIAL_DIR = resolve(ROOT, process.env.PINTAE_OFFICIAL_DIR ?? '../shared/pint-ae');
export const HAVE_OFFICIAL = existsSync(join(OFFICIAL_DIR, 'sef'));
/** The official AE TDD material (ae-tdd beside pint-ae): test oracles only, never copied into the project. */
export const TDD_OFFICIAL_DIR = resolve(OFFICIAL_DIR, '../ae-tdd');
export const HAVE_TDD_OFFICIAL = existsSync(join(TDD_OFFICIAL_DIR, 'sef/peppol-ae-tdd.sef.json'));
