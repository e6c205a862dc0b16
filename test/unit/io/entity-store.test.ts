/**
 * A seller's record saved in .pintae/entities that cannot be used (not JSON, no object, no entity_id, or another
 * entity's record under this entity's name). Found using pintae: the run said "internal error while validating this
 * file" for a broken record, and for a file holding another entity's record (or an empty list) it answered the
 * service's "Entity … was not found: pintae knows one entity: <that same id>". Now the invoice is not judged, the
 * error says which record and why, with what to do, in the run's language, and the run exits 2 once every other
 * input is reported (docs/reference/exit-codes.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entityFinder } from '../../../src/io/entities.js';
import { EntityStoreError, UsageError } from '../../../src/io/errors.js';
import { internalFault } from '../../../src/batch/unreadable.js';
import { runSources } from '../../../src/batch/run.js';
import { loadEnv } from '../../../src/batch/env.js';
import { speak } from '../../../src/messages/ref.js';
import { ENTITY, FIXTURES } from '../../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-entity-store-'));
const store = join(dir, '.pintae', 'entities');
const record = join(store, 'ent_al_noor.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => mkdirSync(store, { recursive: true }));

const saved = (text: string) => { writeFileSync(record, text); return entityFinder(undefined, dir); };
const ADVICE = '; correct or delete it, or save it again (pintae entities pull)';
const failure = (text: string): EntityStoreError => {
  try { saved(text)('ent_al_noor'); } catch (e) { return e as EntityStoreError; }
  throw new Error('the record was used');
};

describe('a record of the entity store that cannot be used', () => {
  it('a good record is used as before, and an id with no file is unknown (not an error)', () => {
    writeFileSync(record, readFileSync(ENTITY));
    const find = entityFinder(undefined, dir);
    expect(find('ent_al_noor')?.trn).toBe('100123456700003');
    expect(find('ent_other')).toBeUndefined();
  });

  it('another entity\'s record, several, or none under this entity\'s name: named, never "not found"', () => {
    const other = failure('{"entity_id": "ent_other"}');
    expect(other).toBeInstanceOf(EntityStoreError);
    expect(other).toBeInstanceOf(UsageError);
    expect(other.message).toBe(`${record}: saved as the record of entity "ent_al_noor", but it holds the record of "ent_other"` + ADVICE);
    expect(failure('[{"entity_id": "a"}, {"entity_id": "b"}]').message).toBe(`${record}: saved as the record of entity "ent_al_noor", but it holds the record of "a", "b"` + ADVICE);
    expect(failure('[]').message).toBe(`${record}: saved as the record of entity "ent_al_noor", but it holds no record (an empty list)` + ADVICE);
  });

  it('a record that is no JSON, no object or has no entity_id: the store\'s own words, at the place', () => {
    expect(failure('{"entity_id": "ent_al_noor", ').message).toBe(`entity store ${record}:1:30: the entity record is not JSON: expected a double-quoted property name, found the end of the file` + ADVICE);
    expect(failure('null').message).toBe(`${record}: an entity must be a JSON object` + ADVICE);
    expect(failure('{}').message).toBe(`${record}: the entity record has no entity_id` + ADVICE);
    for (const text of ['null', '{}', '[]', '{', '{"entity_id": "x"}']) expect(failure(text)).toBeInstanceOf(EntityStoreError);
  });

  it('the invoice is not judged: said with what to do, in English and Arabic, and marked for exit 2 (not an internal fault)', () => {
    const result = internalFault('standard.json', failure('{"entity_id": "x"'));
    expect(result.error).toMatchObject({ usage: true, line: 1, column: 1 });
    expect(result.error?.internal).toBeUndefined();
    expect(result.error?.message).toBe(`not judged: the seller's saved record cannot be used: entity store ${record}:1:18: the entity record is not JSON: expected ',' or '}', found the end of the file; correct or delete it, or save it again (pintae entities pull)`);
    const ar = speak(result.error!.said!, 'ar')!;
    expect(ar).toBe(`لم يُحكم عليه: لا يمكن استخدام سجل المورد المحفوظ: entity store ${record}:1:18: سجل الكيان ليس JSON: كان المتوقع ',' أو '}'، ووُجد نهاية الملف؛ صحّحه أو احذفه، أو احفظه من جديد (pintae entities pull)`);
    // As push, bulk and tdd say it (they stop at it): the store's sentence and the advice, in Arabic.
    expect(speak(failure('{}').said!, 'ar')).toBe(`${record}: سجل الكيان بلا entity_id؛ صحّحه أو احذفه، أو احفظه من جديد (pintae entities pull)`);
    // Each of the store's sentences is said in Arabic, none left in English.
    for (const text of ['null', '{}', '[]', '{"entity_id": "x"}']) {
      const said = speak(internalFault('a.json', failure(text)).error!.said!, 'ar')!;
      expect(said).not.toMatch(/saved as|holds|must be|has no|entity record/);
    }
  });

  it('any other exception is still an internal fault', () => {
    expect(internalFault('a.json', new Error('boom')).error).toMatchObject({ internal: true, message: 'internal error while validating this file: boom' });
    expect(internalFault('a.json', new UsageError('elsewhere')).error).toMatchObject({ internal: true });
  });

  it('in a run: that invoice is not judged, the others are', async () => {
    writeFileSync(record, '{"entity_id": "ent_other"}');
    const other = join(dir, 'other-seller.json');
    const given = JSON.parse(readFileSync(ENTITY, 'utf8'));
    writeFileSync(join(dir, 'given.json'), JSON.stringify({ ...given, entity_id: 'ent_given' }));
    const invoice = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    writeFileSync(other, JSON.stringify({ ...invoice, entity_id: 'ent_given' }));
    copyFileSync(join(FIXTURES, 'invoices/standard.json'), join(dir, 'standard.json'));
    const env = await loadEnv({ entityFiles: [join(dir, 'given.json')], ruleSet: false, today: '2026-11-27', uuid: { kind: 'deterministic' }, lineAmounts: 'aed', cwd: dir });
    const results = [...runSources([{ kind: 'file', path: join(dir, 'standard.json') }, { kind: 'file', path: other }], env, () => '')];
    expect(results).toHaveLength(2);
    expect(results[0]!.error).toMatchObject({ usage: true });
    expect(results[0]!.error?.message).toMatch(/^not judged: the seller's saved record cannot be used: .*holds the record of "ent_other"/);
    expect(results[1]!.error).toBeUndefined();
    expect(results[1]!.response).not.toBeNull();
  });
});
