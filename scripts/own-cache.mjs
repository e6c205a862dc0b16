// The scripts that measure or exercise pintae (bench, fuzz, screenshots) run it with a cache of their own: a rule set
// added to the user's cache with a customization would judge their invoices instead of the built-in rules (a
// 1.0.3 set added by hand once turned the bench's 20,000-line validate from 4 s into over 10 min on Saxon-JS).
// V8's code cache kept there is reused between runs; added rule sets never are.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export function useOwnCache(root, name) {
  const dir = join(root, 'node_modules/.cache', name);
  rmSync(join(dir, 'rules'), { recursive: true, force: true });
  process.env.PINTAE_CACHE_DIR = dir;
  return dir;
}
