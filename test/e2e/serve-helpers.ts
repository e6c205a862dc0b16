/** `pintae serve` spawned as a user runs it: the URL read from stdout, the JSON log from stderr. */
import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from '../helpers/paths.js';

export interface Served { child: ResultPromise; url: string; stderr(): string }

const running: ResultPromise[] = [];
const dirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pintae-serve-'));
  dirs.push(dir);
  return dir;
}

/** Kills what a file started and removes its directories (afterAll). */
export function cleanUp(): void {
  for (const p of running) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

/** Starts `pintae serve --port 0 …` and resolves once it printed its URL (the workers are warm by then). */
export async function spawnServe(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Served> {
  const child = execa('node', [BIN, 'serve', '--port', '0', ...args], { cwd, reject: false, env: { NO_COLOR: '1', ...env } });
  running.push(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => { err += chunk.toString(); });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    void child.then(() => reject(new Error(`pintae serve exited before printing its URL: ${out}\n${err}`)));
  });
  return { child, url, stderr: () => err };
}

/** The JSON lines of the log so far. */
export const logLines = (s: Served): Array<Record<string, unknown>> =>
  s.stderr().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

/** The value of an unlabelled metric (a gauge) at this moment. */
export async function metric(url: string, name: string, headers: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? NaN : Number(line.slice(name.length + 1));
}

/** Polls until `check` holds: for states another process reaches (a worker busy), never a timed assertion. */
export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 25));
}

export const post = (url: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
