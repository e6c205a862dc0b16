import type { Dispatcher } from 'undici';
import { netWords, type AnswerProblem } from '../messages/net.js';

/**
 * Reading an answer's body with a bound on its size: the service's answers are a few kilobytes, and an answer without
 * end (a broken proxy, a hostile server) must not take the machine's memory. Its time is bounded by the whole-request
 * timeout (client.ts). Past either bound the answer is dropped and the connection closed; the request did arrive (a
 * status came), so a send is then of unknown outcome and is not repeated here: the ledger's rerun resends it, and
 * the service's 409 tells whether it was stored (submit.ts).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Why a body whose status came could not be read. */
export class UnreadableAnswer extends Error {
  readonly reason: 'too-large' | 'too-slow';
  readonly status: number;
  /** The words' entry (src/messages/net.ts), so the CLI says them in its language. */
  constructor(readonly problem: AnswerProblem) {
    super(netWords('net.answer', problem).message);
    this.name = 'UnreadableAnswer';
    this.reason = problem.reason === 'slow' ? 'too-slow' : 'too-large';
    this.status = problem.status;
  }
}

const MIB = 1024 * 1024;
export function sizeWords(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString('en-US')} byte${bytes === 1 ? '' : 's'}`;
}

const isTimeout = (e: unknown) => {
  const { name, code } = (e ?? {}) as { name?: unknown; code?: unknown };
  return name === 'TimeoutError' || code === 'UND_ERR_BODY_TIMEOUT';
};

/** Closes the answer's stream (and so its connection); undici then reports the abort, which nobody needs to hear. */
function drop(res: Dispatcher.ResponseData): void {
  res.body.on('error', () => {});
  res.body.destroy();
}

export interface AnswerLimits { maxBytes: number; timeoutMs: number }

/** The body's bytes, or UnreadableAnswer; a connection lost while reading is rethrown as the network error it is. */
export async function readAnswer(res: Dispatcher.ResponseData, limits: AnswerLimits): Promise<Uint8Array> {
  const status = res.statusCode;
  const max = sizeWords(limits.maxBytes);
  const declared = Number(res.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared > limits.maxBytes) {
    drop(res);
    throw new UnreadableAnswer({ status, reason: 'declared', size: sizeWords(declared), max });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) throw new UnreadableAnswer({ status, reason: 'grew', max });
      chunks.push(chunk);
    }
  } catch (e) {
    drop(res);
    if (e instanceof UnreadableAnswer) throw e;
    if (isTimeout(e)) {
      throw new UnreadableAnswer({ status, reason: 'slow', seconds: limits.timeoutMs / 1000 });
    }
    throw e;
  }
  return Buffer.concat(chunks, size);
}
