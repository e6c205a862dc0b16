import { loadConfig } from '../config/load.js';
import { UsageError } from '../io/errors.js';
import { registerSecret } from '../io/secrets.js';
import { readOptionFile } from '../io/option-file.js';

/**
 * Where the API client finds its base URL and token: base URL from --base-url, then PINTAE_BASE_URL, then `baseUrl`
 * in the config file (src/config/load.ts). The token never comes from a command-line argument (it would show in `ps`
 * and shell history) nor from the config file (a project file, usually committed): it comes from PINTAE_TOKEN, or
 * from the file named by PINTAE_TOKEN_FILE (docs/decisions.md).
 */
export interface ApiSettings { baseUrl: string; token: string }

export function normalizeBaseUrl(raw: string, where: string): string {
  let url: URL;
  try { url = new URL(raw); } catch { throw new UsageError(`${where}: ${JSON.stringify(raw)} is not a URL (e.g. https://api.example.com)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${where}: the base URL must use http or https`);
  if (url.username || url.password) throw new UsageError(`${where}: the base URL must not carry credentials; use PINTAE_TOKEN`);
  if (url.search || url.hash) throw new UsageError(`${where}: the base URL must not carry a query or fragment (credentials belong in PINTAE_TOKEN)`);
  return url.toString().replace(/\/+$/, '');
}

export function resolveBaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  if (flag) return normalizeBaseUrl(flag, '--base-url');
  if (env.PINTAE_BASE_URL) return normalizeBaseUrl(env.PINTAE_BASE_URL, 'PINTAE_BASE_URL');
  const config = loadConfig(undefined, cwd);
  if (config?.baseUrl?.trim()) return normalizeBaseUrl(config.baseUrl.trim(), `${config.file}: baseUrl`);
  throw new UsageError(`no API base URL: give --base-url, set PINTAE_BASE_URL, or put "baseUrl" in pintae.config.json`);
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
  if (!token) throw new UsageError('no access token: set PINTAE_TOKEN, or PINTAE_TOKEN_FILE to a file holding it (never given as an argument)');
  if (token.length < 4 || /\s/.test(token)) throw new UsageError(`${where}: not a usable bearer token (empty, too short or containing spaces)`);
  // An HTTP header carries only these: any other character would make the client fail with the request never sent,
  // an outcome that could only be reported as unknown. Refused here, before anything is recorded or sent.
  if (!/^[\x21-\x7e]+$/.test(token)) throw new UsageError(`${where}: not a usable bearer token (it holds a character other than printable ASCII, which an HTTP header cannot carry; the token is not shown)`);
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

export function resolveSettings(flags: { baseUrl?: string }, env: NodeJS.ProcessEnv, cwd: string): ApiSettings {
  const token = resolveToken(env);
  return { baseUrl: resolveBaseUrl(flags.baseUrl, env, cwd), token };
}
