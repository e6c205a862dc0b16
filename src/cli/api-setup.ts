import { ApiClient } from '../api/client.js';
import { resolveSettings } from '../api/settings.js';
import { redact } from '../api/redact.js';
import { Ledger } from '../batch/ledger.js';
import { ownPath } from '../io/own-folder.js';
import { isFormatName } from '../formatters/names.js';
import { usageError } from '../messages/cli.js';
import { apiError } from '../messages/api.js';
import { tell } from './lang.js';

/** Options every live-API command shares. */
export interface ApiOptions {
  baseUrl?: string;
  /** --config <file>, or false for --no-config (commander's true: neither given). */
  config?: string | boolean;
  format?: string;
}

const msEnv = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw apiError('api.number.ms', { name, raw });
  return n;
};

const bytesEnv = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1) throw apiError('api.number.bytes', { name, raw });
  return Number(raw);
};

/** The client from --base-url/PINTAE_BASE_URL/pintae.config.json and PINTAE_TOKEN(_FILE); retries are told on stderr. */
export function apiClient(options: ApiOptions): ApiClient {
  const env = process.env;
  const settings = resolveSettings({ baseUrl: options.baseUrl, config: options.config }, env, process.cwd());
  return new ApiClient({
    ...settings,
    connectTimeoutMs: msEnv(env, 'PINTAE_CONNECT_TIMEOUT_MS'),
    requestTimeoutMs: msEnv(env, 'PINTAE_REQUEST_TIMEOUT_MS'),
    maxResponseBytes: bytesEnv(env, 'PINTAE_MAX_RESPONSE_BYTES'),
    onRetry: ({ method, path, attempt, reason, delayMs }) =>
      process.stderr.write(redact(`pintae: ${tell('cli.retrying', { method, path, reason, ms: delayMs, attempt: attempt + 1 })}\n`)),
  });
}

/** The ledger of --ledger <path> (default .pintae/ledger.jsonl under the working directory), or in memory with --no-ledger. */
export function openLedger(options: { ledger?: string | boolean }): Ledger {
  if (options.ledger === false) return Ledger.memory();
  if (typeof options.ledger === 'string') return Ledger.open(options.ledger);
  return Ledger.open(defaultLedgerPath(process.cwd()), { noFollow: true });
}

/**
 * `.pintae/ledger.jsonl` under `cwd`, which the user did not name: neither it, its lock nor `.pintae` may be a
 * symbolic link (src/io/own-folder.ts). A link the user makes and names with --ledger is followed as before.
 */
export function defaultLedgerPath(cwd: string): string {
  ownPath(cwd, ['.pintae', 'ledger.jsonl.lock'], '--ledger <file>');
  return ownPath(cwd, ['.pintae', 'ledger.jsonl'], '--ledger <file>');
}

/** The formats of the live-API commands: validate's names, those that fit an answer per invoice or entity. */
export const API_FORMATS = ['stylish', 'json', 'ndjson'] as const;
export type ApiFormat = (typeof API_FORMATS)[number];

/**
 * --format of push, bulk, status and entities (issue 24 item 5): the names validate uses — stylish (the default,
 * wherever standard output goes; `text`, its old name here, still accepted), json, ndjson. A report format of
 * validate's that has no sense here (junit, sarif, github, html) is named as such.
 */
export function outputFormat(format: string | undefined, command: string): ApiFormat {
  const f = format ?? 'stylish';
  if (f === 'text') return 'stylish';
  if ((API_FORMATS as readonly string[]).includes(f)) return f as ApiFormat;
  if (isFormatName(f)) throw usageError('format.not-here', { format: f, command, names: API_FORMATS });
  throw usageError('format.unknown', { format: f, names: API_FORMATS });
}

export function waitTimeoutMs(seconds: string | undefined, fallback = 600): number {
  if (seconds === undefined) return fallback * 1000;
  const n = Number(seconds);
  if (!Number.isFinite(n) || n <= 0) throw usageError('cli.timeout', { value: seconds });
  return n * 1000;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
