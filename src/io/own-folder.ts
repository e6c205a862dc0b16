import { lstatSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ioError } from '../messages/io.js';

/**
 * A path in pintae's own folder under the working directory (`.pintae/ledger.jsonl`, `.pintae/entities`), which no
 * one named: none of its parts below `cwd` may be a symbolic link. The working directory may be a checkout or an
 * unpacked package, and a link planted there (`.pintae/ledger.jsonl -> ~/.bashrc`) would have pintae create, append
 * to or replace a file of the user's anywhere (docs/decisions.md "What a checkout may decide (secco)"). A part not
 * there yet is fine: pintae makes it. `option` is how the user names the place instead (`--ledger <file>`), where there is one.
 */
export function ownPath(cwd: string, parts: readonly string[], option?: string): string {
  let at = resolve(cwd);
  for (const part of parts) {
    at = join(at, part);
    let target: string | undefined;
    try { if (lstatSync(at).isSymbolicLink()) target = readlinkSync(at); } catch { /* not there yet: pintae makes it */ }
    if (target !== undefined) throw ioError('io.own.link', { path: at, target, option });
  }
  return at;
}
