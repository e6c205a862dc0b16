import type { IncomingMessage } from 'node:http';

/** A body past the cap: answered 413 without reading the rest. */
export class BodyTooLarge extends Error {}

/**
 * The request body, at most `max` bytes: a Content-Length above the cap is refused before a byte is read, and a body
 * sent without one is refused as soon as it passes the cap.
 */
export async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
