/**
 * serve's warning for a record of the local entity store (.pintae/entities) that could not be read: the reader's
 * reason already names the file at its line and column, and the warning said the path a second time before it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeFiles } from '../../../src/serve/env.js';
import { serveWords } from '../../../src/messages/serve.js';

const cwd = mkdtempSync(join(tmpdir(), 'pintae-store-words-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('pintae serve: an entity record of the local store that is not JSON', () => {
  it('is named once, at its line and column', () => {
    const dir = join(cwd, '.pintae', 'entities');
    mkdirSync(dir, { recursive: true });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, 'not json');
    const said: string[] = [];
    expect(storeFiles(cwd, (file, reason) => said.push(serveWords('entity-store-skipped', { file, reason })))).toEqual([]);
    expect(said).toHaveLength(1);
    expect(said[0]!.split(bad).length - 1).toBe(1);
    expect(said[0]).toMatch(new RegExp(`^pintae serve: not loaded: entity store ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:1: `));
  });

  it('a reason that does not name the file keeps the path', () => {
    expect(serveWords('entity-store-skipped', { file: '/x/.pintae/entities', reason: 'EACCES: permission denied' }))
      .toBe('pintae serve: entity store /x/.pintae/entities not loaded: EACCES: permission denied');
  });
});
