import { readSync } from 'node:fs';
import { textOrThrow } from './text.js';
import { tooLong } from './input-file.js';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * All of standard input, read synchronously. `readFileSync(0)` fails with EAGAIN when the descriptor is non-blocking
 * (a pipe whose writer is slower than pintae, as `(echo a.json; sleep 1) | pintae validate --files-from -`); here
 * such a read waits a moment and tries again, until the writer closes its end. Past `maxBytes` (a list of paths) the
 * read stops with an InputError.
 */
export function readStdinSync(maxBytes = Infinity): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') { Atomics.wait(pause, 0, 0, 5); continue; }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw tooLong(maxBytes);
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** Standard input as text (src/io/text.ts): bytes that are not text throw UndecodableText, with their place. */
export function readStdinText(): string {
  return textOrThrow(readStdinSync(), 'stdin');
}
