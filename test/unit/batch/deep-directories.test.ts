/**
 * Issue 22, item 3: directory walking keeps its own stack. A tree 10,000 levels deep is reported where pintae stops
 * searching (256 levels), and the other inputs are found as usual; before, about 2,000 levels ended the whole run
 * with "Maximum call stack size exceeded". The same run through the binary: test/e2e/deep-directories.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { discover, XML_INPUTS } from '../../../src/batch/discover.js';
import { deepTreeRoot, makeDeepDirectories, removeDeepDirectories } from '../../helpers/deep-tree.js';
import { ENTITY } from '../../helpers/paths.js';

const LIMIT = 256;
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(deepTreeRoot(), 'pintae-deep-'));
  copyFileSync(ENTITY, join(root, 'a.json'));
  mkdirSync(join(root, 'deep'));
  makeDeepDirectories(join(root, 'deep'), 10_000, 'bottom.json');
  mkdirSync(join(root, 'z'));
  copyFileSync(ENTITY, join(root, 'z', 'z.json'));
});
afterAll(() => { removeDeepDirectories(root); rmdirSync(root); });

const deepest = () => join(root, 'deep', ...Array<string>(LIMIT).fill('d'));

describe('a directory tree 10,000 levels deep', () => {
  it('given as a directory: the other inputs are found, the deep one reported where the search stops', () => {
    expect(discover([root])).toEqual([
      { kind: 'file', path: join(root, 'a.json') },
      { kind: 'unreadable', path: deepest(), message: `more than ${LIMIT} directories deep: not searched (pintae's limit; give this directory itself to search it)` },
      { kind: 'file', path: join(root, 'z', 'z.json') },
    ]);
  });

  it('through a glob\'s ** alike, and for check\'s XML inputs', () => {
    expect(discover([`${root}/**/*.json`]).map((s) => s.path)).toEqual([join(root, 'a.json'), deepest(), join(root, 'z', 'z.json')]);
    expect(discover([root], XML_INPUTS).map((s) => s.kind)).toEqual(['unreadable']);
  });
});
