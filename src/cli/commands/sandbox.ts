import { resolve } from 'node:path';
import { loadRates } from '../../io/rates.js';
import type { MessageRef } from '../../messages/ref.js';
import { UsageError } from '../../io/errors.js';
import { usageError } from '../../messages/cli.js';
import { readRunConfig, tell } from '../lang.js';
import { loadTokens } from '../../sandbox/tokens.js';
import { ownPath } from '../../io/own-folder.js';

export interface SandboxCliOptions {
  port?: string;
  dataDir?: string;
  rates?: string;
  rules?: string;
  failRate?: string;
  afterCommitRate?: string;
  latency?: string;
  seed?: string;
  processingDelay?: string;
  drainTimeout?: string;
  lang?: string;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_DIR = '.pintae/sandbox';
/** SIGTERM or SIGINT: requests in flight have this long to be answered by default (they take milliseconds). */
const DEFAULT_DRAIN_SECONDS = 10;

function integer(name: string, value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) > max) throw usageError('cli.whole-number', { name, value, max });
  return Number(value);
}

function rate(name: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) throw usageError('cli.share', { name, value });
  return n;
}

/** `pintae sandbox`: serves until SIGINT or SIGTERM, then closes and resolves 0. URL on stdout, log on stderr. */
export async function runSandbox(options: SandboxCliOptions): Promise<number> {
  readRunConfig(options);
  const port = integer('--port', options.port, DEFAULT_PORT, 65535);
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  // pintae's own folder (the default, however given): no part of it a link planted in a checkout (src/io/own-folder.ts).
  if ((options.dataDir ?? DEFAULT_DATA_DIR) === DEFAULT_DATA_DIR) {
    for (const sub of ['entities', 'invoices', 'users', 'tokens.json', '.lock']) ownPath(process.cwd(), ['.pintae', 'sandbox', sub], '--data-dir <dir>');
  }
  const drainMs = integer('--drain-timeout', options.drainTimeout, DEFAULT_DRAIN_SECONDS, 3600) * 1000;
  const settings = {
    failRate: rate('--fail-rate', options.failRate),
    faults: { afterCommit: rate('--after-commit-rate', options.afterCommitRate) },
    latencyMs: integer('--latency', options.latency, 0),
    seed: integer('--seed', options.seed, 1),
    processingDelayMs: integer('--processing-delay', options.processingDelay, 200),
    rates: options.rates ? loadRates(options.rates) : undefined,
  };
  const { path: tokenFile, tokens, created } = loadTokens(dataDir);
  const { startSandbox } = await import('../../sandbox/index.js');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let sandbox;
  try {
    sandbox = await startSandbox({ dataDir, port, tokens, rules: options.rules, log, ...settings });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw usageError('cli.port', { port, inUse: code === 'EADDRINUSE' });
    // A damaged record says itself, and a rule set's error keeps its entry (src/messages/rule-sets.ts): both said in --lang.
    throw e instanceof UsageError ? e : new UsageError((e as Error).message, 'usage', (e as { said?: MessageRef }).said);
  }
  process.stdout.write(`${sandbox.url}\n`);
  log([
    tell('cli.sandbox-listening', { url: sandbox.url, dataDir }),
    tell('cli.sandbox-tokens', { file: tokenFile, created }),
    `  export PINTAE_BASE_URL=${sandbox.url}`,
    `  export PINTAE_TOKEN="$(node -p "Object.keys(require('${tokenFile.replace(/'/g, "\\'")}'))[0]")"`,
    tell('cli.sandbox-keeps', {}),
  ].join('\n'));
  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt); process.off('SIGTERM', onTerm);
      log(tell('cli.sandbox-draining', { signal, seconds: drainMs / 1000 }));
      void sandbox!.drain(drainMs).then((cut) => { if (cut) log(tell('cli.sandbox-cut', { cut })); done(); });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
  return 0;
}
