import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where pintae keeps what it compiles once: $PINTAE_CACHE_DIR, else $XDG_CACHE_HOME/pintae, else ~/.cache/pintae. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PINTAE_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pintae');
}
