import { StringDecoder } from 'node:string_decoder';
import { hasSecrets, Redactor } from '../io/secrets.js';

/**
 * The choke point of the terminal: pintae's standard output and error have the registered secrets removed
 * (src/io/secrets.ts) by wrapping the streams' own `write` before any command runs. Every writer goes through it:
 * pintae's reports and messages, commander's usage errors, ora's spinner, console, the output of worker threads
 * (piped into these streams). A redact() call at each writer would be missed by the next writer someone adds;
 * this cannot be. Nothing changes while no secret is registered (no token given): chunks pass as they came.
 *
 * What the Redactor holds back at the end of a write (the start of what could be a token split across two writes)
 * is written at the next write or when the process exits. Not covered: what Node itself prints past these streams
 * (a crash's stack trace from an error no command caught; main.ts catches every command's error).
 */
export function redactStandardStreams(): void {
  for (const stream of [process.stdout, process.stderr]) wrap(stream);
}

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;

function wrap(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as Write;
  const redactor = new Redactor();
  const decoder = new StringDecoder('utf8');
  const redacting: Write = (chunk, encoding, callback) => {
    if (!hasSecrets()) return write(chunk, encoding, callback);
    if (typeof encoding === 'function') { callback = encoding; encoding = undefined; }
    const text = typeof chunk === 'string' && (encoding === undefined || /^utf-?8$/i.test(String(encoding)))
      ? chunk
      : decoder.write(typeof chunk === 'string' ? Buffer.from(chunk, encoding as BufferEncoding) : Buffer.from(chunk as Uint8Array));
    const out = redactor.push(text);
    if (out) return write(out, 'utf8', callback);
    if (typeof callback === 'function') process.nextTick(callback as () => void);
    return true;
  };
  stream.write = redacting as typeof stream.write;
  process.on('exit', () => {
    const rest = redactor.end();
    // Standard output and error are synchronous for files, pipes and terminals on POSIX: this reaches them.
    if (rest) try { write(rest, 'utf8'); } catch { /* the stream is gone (a closed pipe): nobody left to read it */ }
  });
}
