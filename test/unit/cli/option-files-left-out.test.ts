/**
 * A file the run reads through an option, found again among the inputs of a folder, is left out by what it is, not by
 * its spelling: a link in the folder to the seller record named elsewhere was judged as an invoice (4 errors, exit 1),
 * and so was the record itself where `--entity` named it through a link (qa, symlinks).
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leaveOutOptionFiles } from '../../../src/cli/batch.js';

const root = mkdtempSync(join(tmpdir(), 'pintae-left-out-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => { vi.restoreAllMocks(); });

const kept = (dir: string, files: string[], option: { option: string; path: string }, named = [dir]) => {
  const said: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => { said.push(String(chunk)); return true; });
  const sources = files.map((path) => ({ path: join(dir, path), kind: 'file' }));
  const out = leaveOutOptionFiles(sources, named, [option]).map((s) => s.path.slice(dir.length + 1));
  vi.restoreAllMocks();
  return { out, said: said.join('') };
};

function folder(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'exports'), { recursive: true });
  mkdirSync(join(dir, 'records'), { recursive: true });
  writeFileSync(join(dir, 'exports/invoice.json'), '{}');
  writeFileSync(join(dir, 'records/seller.json'), '{}');
  return dir;
}

describe('leaveOutOptionFiles: an option file known through links', () => {
  it('a symbolic link in the folder to the --entity record named by its real path is left out, and said', () => {
    const dir = folder('symlink-in-folder');
    symlinkSync('../records/seller.json', join(dir, 'exports/seller.json'));
    const r = kept(dir, ['exports/invoice.json', 'exports/seller.json'], { option: '--entity', path: join(dir, 'records/seller.json') }, [join(dir, 'exports')]);
    expect(r.out).toEqual(['exports/invoice.json']);
    expect(r.said).toContain("exports/seller.json is the run's --entity file, not an invoice: left out of the inputs");
  });

  it('the record itself left out where --entity names it through a link outside the folder', () => {
    const dir = folder('option-through-link');
    writeFileSync(join(dir, 'exports/seller.json'), '{}');
    symlinkSync(join(dir, 'exports/seller.json'), join(dir, 'seller-link.json'));
    const r = kept(dir, ['exports/invoice.json', 'exports/seller.json'], { option: '--entity', path: join(dir, 'seller-link.json') }, [join(dir, 'exports')]);
    expect(r.out).toEqual(['exports/invoice.json']);
  });

  it('a hard link is the same file', () => {
    const dir = folder('hard-link');
    linkSync(join(dir, 'records/seller.json'), join(dir, 'exports/seller.json'));
    const r = kept(dir, ['exports/invoice.json', 'exports/seller.json'], { option: '--rates', path: join(dir, 'records/seller.json') }, [join(dir, 'exports')]);
    expect(r.out).toEqual(['exports/invoice.json']);
    expect(r.said).toContain("is the run's --rates file");
  });

  it('a directory of records named through a link: the files under its real path are left out', () => {
    const dir = folder('dir-link');
    mkdirSync(join(dir, 'exports/entities'));
    writeFileSync(join(dir, 'exports/entities/a.json'), '{}');
    symlinkSync(join(dir, 'exports/entities'), join(dir, 'entities-link'));
    const r = kept(dir, ['exports/invoice.json', 'exports/entities/a.json'], { option: '--entity', path: join(dir, 'entities-link') }, [join(dir, 'exports')]);
    expect(r.out).toEqual(['exports/invoice.json']);
  });

  it('a copy (another file with the same bytes) is no option file: kept; a file named as an input is kept too', () => {
    const dir = folder('copy');
    writeFileSync(join(dir, 'exports/seller.json'), '{}');
    expect(kept(dir, ['exports/invoice.json', 'exports/seller.json'], { option: '--entity', path: join(dir, 'records/seller.json') }).out)
      .toEqual(['exports/invoice.json', 'exports/seller.json']);
    symlinkSync('../records/seller.json', join(dir, 'exports/named.json'));
    expect(kept(dir, ['exports/named.json'], { option: '--entity', path: join(dir, 'records/seller.json') }, [join(dir, 'exports/named.json')]).out)
      .toEqual(['exports/named.json']);
  });
});
