import type { IncomingMessage } from 'node:http';
import { decodeText } from '../io/text.js';

/** What a handler answers; the server writes it (after any injected latency or fault). */
export interface Reply {
  status: number;
  body: unknown;
  /** Set by a handler that stored something: the after-commit fault may strike only then. */
  committed?: boolean;
}

export const reply = (status: number, body: unknown, committed = false): Reply => ({ status, body, ...(committed ? { committed } : {}) });
export const message = (status: number, text: string, extra: Record<string, unknown> = {}): Reply => reply(status, { message: text, ...extra });
export const notFound = (what: string): Reply => message(404, `${what} was not found or does not belong to this application`);

/** Bodies above this are refused (413) before being parsed: no request body of this API comes near it. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export class BodyError extends Error {
  constructor(readonly status: number, text: string) { super(text); }
}

/** Reads and parses a JSON request body; an empty body reads as undefined. `text` is the body as sent. */
export async function readJson(req: IncomingMessage): Promise<{ value: unknown; text: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const decoded = decodeText(Buffer.concat(chunks));
  // Never read with U+FFFD in place of what was sent: a body that is not text is refused, at its byte.
  if (!decoded.ok) throw new BodyError(400, `The request body is not UTF-8 JSON: ${decoded.line}:${decoded.column}: ${decoded.message}`);
  const text = decoded.text;
  if (text.trim() === '') return { value: undefined, text };
  try {
    return { value: JSON.parse(text), text };
  } catch (e) {
    throw new BodyError(400, `The request body is not valid JSON: ${(e as Error).message}`);
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
