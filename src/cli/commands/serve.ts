import { availableParallelism } from 'node:os';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config/load.js';
import { todayOption } from '../../config/today.js';
import { UsageError } from '../../io/errors.js';
import { readOptionFile } from '../../io/option-file.js';
import { registerSecret } from '../../io/secrets.js';
import { usageText } from '../../io/text.js';
import { serveWords } from '../../messages/serve.js';
import { parseRuleLimits } from '../../schematron/limits.js';
import { DEFAULT_DRAIN_MS } from '../../serve/index.js';
import { TOKEN, type ServeOptions } from '../../serve/setup.js';
import { lineAmounts } from './validate.js';

export interface ServeCliOptions {
  port?: string;
  host?: string;
  workers?: string;
  maxQueue?: string;
  maxBody?: string;
  requestTimeout?: string;
  drainTimeout?: string;
  tokenFile?: string;
  logBodies?: boolean;
  entity?: string[];
  rates?: string;
  rules?: string;
  schematron?: boolean;
  ruleTimeout?: string;
  ruleMemory?: string;
  lineAmounts?: string;
  deterministic?: boolean;
  today?: string;
  config?: string | boolean;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';

function whole(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) throw new UsageError(serveWords('option-number', { flag, value, min, max }));
  return Number(value);
}

function secondsOf(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(n >= min && n <= max)) throw new UsageError(serveWords('option-seconds', { flag, value, min, max }));
  return n;
}

/** One JSON line on standard error: the server's log (requests, and what happens to the server itself). */
const logLine = (line: string) => process.stderr.write(`${line}\n`);
const event = (name: string, message: string) => logLine(JSON.stringify({ time: new Date().toISOString(), event: name, message }));

/** --token-file: a regular file within the cap; its token is registered as a secret before anything is written. */
function tokenOf(file: string): string {
  const token = usageText(readOptionFile(file, { what: '--token-file', maxBytes: 64 * 1024 }), file).trim();
  registerSecret(token);
  if (!TOKEN.test(token)) throw new UsageError(serveWords('token-unusable', { source: `--token-file ${file}` }));
  return token;
}

/**
 * `pintae serve`: the validation service on a warm worker pool until SIGTERM or SIGINT (graceful drain, exit 0) —
 * the URL on standard output, one JSON log line per request on standard error. SIGHUP reads the entity records and
 * the rate table again.
 */
export async function runServe(options: ServeCliOptions): Promise<number> {
  const port = whole('--port', options.port, 0, 65535) ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  const workers = whole('--workers', options.workers, 1, 256) ?? availableParallelism();
  const drainMs = (secondsOf('--drain-timeout', options.drainTimeout, 0, 3600) ?? DEFAULT_DRAIN_MS / 1000) * 1000;
  // Checked here for the CLI's words; createServer checks them again in its own.
  const limits = parseRuleLimits(options);
  const config = options.config === false ? undefined : loadConfig(typeof options.config === 'string' ? options.config : undefined, process.cwd());
  const serveOptions: ServeOptions = {
    workers,
    ...(options.maxQueue !== undefined ? { maxQueue: whole('--max-queue', options.maxQueue, 0, 1_000_000) } : {}),
    ...(options.maxBody !== undefined ? { maxBody: whole('--max-body', options.maxBody, 1, 1 << 30) } : {}),
    ...(options.requestTimeout !== undefined ? { requestTimeout: secondsOf('--request-timeout', options.requestTimeout, 1, 3600) } : {}),
    entity: options.entity?.length ? options.entity : config?.entity ?? [],
    ...(options.rates ?? config?.rates ? { rates: options.rates ?? config?.rates } : {}),
    ruleSet: options.schematron === false ? false : options.rules ?? config?.ruleSet,
    ruleTimeout: limits.timeoutMs / 1000, ruleMemory: limits.memoryMb,
    rules: config?.rules ?? {},
    ...(config?.tdd ? { tdd: config.tdd } : {}),
    lineAmounts: lineAmounts(options.lineAmounts),
    deterministic: options.deterministic === true,
    ...(options.today !== undefined ? { today: todayOption(options.today) } : {}),
    ...(options.tokenFile !== undefined ? { token: tokenOf(options.tokenFile) } : {}),
    log: logLine,
    logBodies: options.logBodies === true,
    onWarning: (message) => event('warning', message),
  };
  for (const w of config?.warnings ?? []) event('warning', w);
  const { createServer } = await import('../../serve/index.js');
  let server;
  try { server = createServer(serveOptions); } catch (e) { throw e instanceof TypeError || e instanceof RangeError ? new UsageError(e.message.replace(/^createServer: /, '')) : e; }
  try {
    await server.ready;
  } catch (e) {
    await server.drain(0);
    throw new UsageError(serveWords('workers-failed', { reason: (e as Error).message }));
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => { server.off('error', reject); resolve(); });
    });
  } catch (e) {
    await server.drain(0);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(serveWords('port-in-use', { port }));
    if (code === 'EACCES') throw new UsageError(serveWords('port-denied', { port }));
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(serveWords('host-unknown', { host }));
    throw e;
  }
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  process.stdout.write(`${url}\n`);
  event('listening', serveWords('listening', { url, workers }));
  const onHup = () => {
    void server.reload().then((error) => {
      if (error) event('reload-failed', serveWords('reload-failed', { reason: error }));
      else event('reloaded', serveWords('reloaded', { rates: serveOptions.rates !== undefined }));
    });
  };
  process.on('SIGHUP', onHup);
  return new Promise<number>((done) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt); process.off('SIGTERM', onTerm); process.off('SIGHUP', onHup);
      event('draining', serveWords('signal-draining', { signal, inFlight: server.inFlightCount(), seconds: drainMs / 1000 }));
      void server.drain(drainMs).then((cut) => {
        event(cut ? 'drain-timeout' : 'drained', cut ? serveWords('drain-timeout', { cut }) : serveWords('drained'));
        done(cut ? 1 : 0);
      });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}
