import type { IncomingMessage } from 'node:http';
import { decodeText, type Undecodable } from '../io/text.js';

/** A body past the cap: answered 413 without reading the rest. */
export class BodyTooLarge extends Error {}

/**
 * The client went away before sending the whole body (a request cut short, a timeout on its side): there is no one to
 * answer. Logged and counted with the status `aborted`, never as the server's own 500.
 */
export class BodyAborted extends Error {}

/**
 * A body that is not text pintae reads (issue 22): thrown by a route's `bodyText`, answered 400 in the server's own
 * words (LayerWords.bodyNotText), naming the byte: never read with U+FFFD in its place.
 */
export class BodyNotText extends Error {
  constructor(readonly at: Undecodable) { super(at.message); }
}

/**
 * The request body, at most `max` bytes: a Content-Length above the cap is refused before a byte is read, and a body
 * sent without one is refused as soon as it passes the cap.
 */
export async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > max) throw new BodyTooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof BodyTooLarge) throw e;
    throw new BodyAborted((e as Error)?.message ?? String(e));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** A request body as text, read as a file is (src/io/text.ts): UTF-8, or UTF-16 with a byte-order mark; else BodyNotText. */
export function bodyText(body: Uint8Array): string {
  const decoded = decodeText(body, 'body');
  if (!decoded.ok) throw new BodyNotText(decoded);
  return decoded.text;
}
