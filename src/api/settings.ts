import { loadConfig } from '../config/load.js';
import { apiError } from '../messages/api.js';
import { registerSecret } from '../io/secrets.js';
import { readOptionFile } from '../io/option-file.js';

/**
 * Where the API client finds its base URL and token: base URL from --base-url, then PINTAE_BASE_URL, then `baseUrl`
 * in the config file that --config names (src/config/load.ts); a found one's `baseUrl` is refused, never followed. The token never comes from a command-line argument (it would show in `ps`
 * and shell history) nor from the config file (a project file, usually committed): it comes from PINTAE_TOKEN, or
 * from the file named by PINTAE_TOKEN_FILE (docs/decisions.md).
 */
export interface ApiSettings { baseUrl: string; token: string }

export function normalizeBaseUrl(raw: string, where: string): string {
  let url: URL;
  try { url = new URL(raw); } catch { throw apiError('api.url.invalid', { where, raw }); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw apiError('api.url.scheme', { where });
  if (url.username || url.password) throw apiError('api.url.credentials', { where });
  if (url.search || url.hash) throw apiError('api.url.query', { where });
  return url.toString().replace(/\/+$/, '');
}

export function resolveBaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string, configChoice?: string | boolean): string {
  if (flag) return normalizeBaseUrl(flag, '--base-url');
  if (env.PINTAE_BASE_URL) return normalizeBaseUrl(env.PINTAE_BASE_URL, 'PINTAE_BASE_URL');
  // --config <file> names the file, --no-config (false) ignores any; otherwise (true, absent) the one found upward.
  const named = typeof configChoice === 'string';
  const config = loadConfig(configChoice === true ? undefined : configChoice, cwd);
  if (config?.baseUrl?.trim()) {
    const url = normalizeBaseUrl(config.baseUrl.trim(), `${config.file}: baseUrl`);
    // The token goes where the base URL says. A config file found upward is the checkout's, and a checkout may come
    // from anyone (a customer's project, a cloned repository): its baseUrl would send the user's own token to a
    // server of its choosing. The user names the address: --base-url, PINTAE_BASE_URL, or --config naming the file.
    if (!named) throw apiError('api.url.project-config', { file: config.file, url });
    return url;
  }
  throw apiError('api.url.none', {});
}

/** A bearer token is a few hundred characters; a JWT with many claims a few thousand. */
export const TOKEN_FILE_BYTES = 64 * 1024;

/** The token file's content: a regular file within the cap, as every file named by an option (src/io/option-file.ts). */
const readTokenFile = (file: string) => readOptionFile(file, { what: 'PINTAE_TOKEN_FILE', maxBytes: TOKEN_FILE_BYTES }).toString('utf8').trim();

export function resolveToken(env: NodeJS.ProcessEnv): string {
  let token = env.PINTAE_TOKEN?.trim();
  let where = 'PINTAE_TOKEN';
  if (!token && env.PINTAE_TOKEN_FILE) {
    where = `PINTAE_TOKEN_FILE ${env.PINTAE_TOKEN_FILE}`;
    token = readTokenFile(env.PINTAE_TOKEN_FILE);
  }
  registerSecret(token);
  if (!token) throw apiError('api.token.none', {});
  if (token.length < 4 || /\s/.test(token)) throw apiError('api.token.unusable', { where });
  // An HTTP header carries only these: any other character would make the client fail with the request never sent,
  // an outcome that could only be reported as unknown. Refused here, before anything is recorded or sent.
  if (!/^[\x21-\x7e]+$/.test(token)) throw apiError('api.token.not-ascii', { where });
  return token;
}

/**
 * Registers the token as a secret as soon as the CLI starts, whatever the command: one in the environment must never
 * be printed, even by a run that sends nothing (`pintae validate` echoing an invoice that holds it). Quietly: a
 * token that is missing or unusable is reported by resolveToken when a command needs it. The file is read as
 * resolveToken reads it (a regular file within the cap, never a pipe, which a read here would consume), so whatever
 * this skips, resolveToken refuses.
 */
export function registerTokenSecrets(env: NodeJS.ProcessEnv): void {
  registerSecret(env.PINTAE_TOKEN?.trim());
  const file = env.PINTAE_TOKEN_FILE;
  if (!file) return;
  try { registerSecret(readTokenFile(file)); } catch { /* unreadable: resolveToken says so when a command needs the token */ }
}

export function resolveSettings(flags: { baseUrl?: string; config?: string | boolean }, env: NodeJS.ProcessEnv, cwd: string): ApiSettings {
  const token = resolveToken(env);
  return { baseUrl: resolveBaseUrl(flags.baseUrl, env, cwd, flags.config), token };
}
