/**
 * `--entity invoice.json` (qa9, a careless user): the invoice was read as the seller's record, and the run answered
 * six findings of a seller with no TRN, no name, no address, none of them the mistake. An invoice request given where
 * an entity record is meant is a usage error naming what the file holds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEntityFile, toEntity } from '../../../src/io/entities.js';
import { UsageError } from '../../../src/io/errors.js';
import { ENTITY, FIXTURES } from '../../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-entity-kind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an invoice given as the entity record', () => {
  it('is refused with what it holds, at its place', () => {
    const invoice = join(FIXTURES, 'invoices/standard.json');
    expect(() => loadEntityFile(invoice)).toThrow(UsageError);
    expect(() => loadEntityFile(invoice)).toThrow(/standard\.json: this holds an invoice request \(invoice_number, line_items\), not a seller entity record/);
    expect(() => toEntity({ entity_id: 'e', line_items: [] }, 'entities[0]')).toThrow(/^entities\[0\]: this holds an invoice request \(line_items\)/);
  });

  it('an entity record is read as before', () => {
    expect(loadEntityFile(ENTITY).get('ent_al_noor')?.trn).toBe('100123456700003');
  });

  it('a file that is not JSON is named as the entity record it was given for', () => {
    const file = join(dir, 'seller.txt');
    writeFileSync(file, 'hello');
    expect(() => loadEntityFile(file)).toThrow(`--entity ${file}:1:1: the entity record is not JSON: unexpected "h"`);
  });
});
