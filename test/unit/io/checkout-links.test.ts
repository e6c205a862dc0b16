import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAtomic } from '../../../src/io/write.js';
import { ownPath } from '../../../src/io/own-folder.js';
import { defaultLedgerPath } from '../../../src/cli/api-setup.js';
import { Ledger } from '../../../src/batch/ledger.js';
import { xmlWriter } from '../../../src/cli/xml-out.js';
import { Store } from '../../../src/sandbox/store.js';
import type { InvoiceResult } from '../../../src/model/report.js';

// A folder pintae is run in may be a checkout or an unpacked package: a symbolic link planted there must not make
// pintae create, append to or replace a file of the user's elsewhere (docs/decisions.md "What a checkout may decide
// (secco)"). `victim` stands for ~/.bashrc; `absent` for a file of the user's that does not exist yet.
const root = mkdtempSync(join(tmpdir(), 'pintae-checkout-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const VICTIM = 'the user\'s own file\n';
function setup(): { dir: string; victim: string; absent: string } {
  const dir = join(root, `c${++n}`);
  mkdirSync(dir, { recursive: true });
  const victim = join(root, `victim${n}`);
  writeFileSync(victim, VICTIM);
  return { dir, victim, absent: join(root, `absent${n}`) };
}

describe('a file pintae names in a folder (linkReplaced) replaces a planted link, never writes through it', () => {
  it('writeAtomic: the link becomes the file, its target is untouched', () => {
    const { dir, victim } = setup();
    symlinkSync(victim, join(dir, 'inv.xml'));
    writeAtomic(join(dir, 'inv.xml'), '<x/>', { linkReplaced: true });
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM);
    expect(lstatSync(join(dir, 'inv.xml')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'inv.xml'), 'utf8')).toBe('<x/>');
  });

  it('writeAtomic: a dangling link does not create the file it names', () => {
    const { dir, absent } = setup();
    symlinkSync(absent, join(dir, 'inv.xml'));
    writeAtomic(join(dir, 'inv.xml'), '<x/>', { linkReplaced: true });
    expect(existsSync(absent)).toBe(false);
    expect(readFileSync(join(dir, 'inv.xml'), 'utf8')).toBe('<x/>');
  });

  it('a path the user names (--output) is still written through its link, as documented', () => {
    const { dir, victim } = setup();
    symlinkSync(victim, join(dir, 'report.html'));
    writeAtomic(join(dir, 'report.html'), 'report');
    expect(readFileSync(victim, 'utf8')).toBe('report');
  });

  it('build --out-dir (xmlWriter): out/inv.xml planted as a link to a user file', () => {
    const { dir, victim } = setup();
    symlinkSync(victim, join(dir, 'inv.xml'));
    const result = { file: 'exports/inv.json', index: null, valid: true, xml: '<Invoice/>' } as unknown as InvoiceResult;
    const written = xmlWriter(dir, 'build', { judge: (r) => r })(result);
    expect(written.xmlPath).toBe(join(dir, 'inv.xml'));
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM);
    expect(readFileSync(join(dir, 'inv.xml'), 'utf8')).toBe('<Invoice/>');
  });

  it('the sandbox\'s records (.pintae/sandbox): a record file planted as a link', () => {
    const { dir, victim } = setup();
    const store = new Store(dir);
    symlinkSync(victim, join(dir, 'entities', 'ent_1.json'));
    store.saveEntity({ entity_id: 'ent_1' } as Parameters<Store['saveEntity']>[0]);
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM);
    expect(JSON.parse(readFileSync(join(dir, 'entities', 'ent_1.json'), 'utf8'))).toMatchObject({ entity_id: 'ent_1' });
  });
});

describe('pintae\'s own folder in the working directory (.pintae/) is not reached through a link', () => {
  it('the default ledger: .pintae/ledger.jsonl linked to a file that does not exist yet is refused, nothing is created', () => {
    const { dir, absent } = setup();
    mkdirSync(join(dir, '.pintae'));
    symlinkSync(absent, join(dir, '.pintae', 'ledger.jsonl'));
    expect(() => defaultLedgerPath(dir)).toThrow(/ledger\.jsonl is a symbolic link to .*absent.*--ledger <file>/);
    expect(existsSync(absent)).toBe(false);
  });

  it('the default ledger: linked to an existing file, or .pintae itself a link, or its lock a link', () => {
    const a = setup();
    mkdirSync(join(a.dir, '.pintae'));
    symlinkSync(a.victim, join(a.dir, '.pintae', 'ledger.jsonl'));
    expect(() => defaultLedgerPath(a.dir)).toThrow(/is a symbolic link/);
    const b = setup();
    mkdirSync(join(root, `elsewhere${n}`));
    symlinkSync(join(root, `elsewhere${n}`), join(b.dir, '.pintae'));
    expect(() => defaultLedgerPath(b.dir)).toThrow(/\.pintae is a symbolic link/);
    const c = setup();
    mkdirSync(join(c.dir, '.pintae'));
    symlinkSync(c.victim, join(c.dir, '.pintae', 'ledger.jsonl.lock'));
    expect(() => defaultLedgerPath(c.dir)).toThrow(/ledger\.jsonl\.lock is a symbolic link/);
    for (const s of [a, b, c]) expect(readFileSync(s.victim, 'utf8')).toBe(VICTIM);
  });

  it('the default ledger where nothing is planted: the path, made on first use', () => {
    const { dir } = setup();
    expect(defaultLedgerPath(dir)).toBe(join(dir, '.pintae', 'ledger.jsonl'));
    Ledger.open(defaultLedgerPath(dir), { noFollow: true }).close();
    expect(lstatSync(join(dir, '.pintae', 'ledger.jsonl')).isFile()).toBe(true);
  });

  it('Ledger.open with noFollow does not open a link swapped in after the check', () => {
    const { dir, absent } = setup();
    symlinkSync(absent, join(dir, 'ledger.jsonl'));
    expect(() => Ledger.open(join(dir, 'ledger.jsonl'), { noFollow: true })).toThrow();
    expect(existsSync(absent)).toBe(false);
  });

  it('the entity store of entities pull: .pintae/entities a link to another folder', () => {
    const { dir } = setup();
    const elsewhere = join(root, `store${n}`);
    mkdirSync(elsewhere);
    mkdirSync(join(dir, '.pintae'));
    symlinkSync(elsewhere, join(dir, '.pintae', 'entities'));
    expect(() => ownPath(dir, ['.pintae', 'entities'])).toThrow(/entities is a symbolic link to .*store.*remove the link$/);
  });
});
