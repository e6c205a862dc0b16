import { say } from '../messages/cli.js';
import { serveWords } from '../messages/serve.js';
import type { InputSubject } from '../messages/subject.js';

/**
 * Where the input came from, so the advice names what the user can do there and the words name what the input is:
 * the command line (`pintae check <file>`: a file), `pintae serve` (`POST /v1/check`: a request body) or the library
 * (`createValidator().check(xml)`: a document given).
 */
export type InputPlace = 'cli' | 'server' | 'library';

/** What an input from `place` is called in a message about it (src/messages/subject.ts). */
export const subjectOf = (place: InputPlace, file?: string): InputSubject =>
  (place === 'server' ? 'body' : place === 'library' ? 'document' : file === '-' ? 'stdin' : 'file');

/**
 * What an input that failed to parse holds instead, judged by its first character past a byte-order mark and white
 * space: the two commands read different documents, and `unexpected "<"` tells a user nothing about which to run.
 */
function firstCharacter(text: string): string | undefined {
  return /^\uFEFF?\s*(\S)/.exec(text)?.[1];
}

/** validate's advice for an input that is XML. */
export function xmlNotJson(text: string, file: string, place: InputPlace = 'cli'): string | undefined {
  if (firstCharacter(text) !== '<') return undefined;
  return place === 'server' ? serveWords('xml-not-json') : place === 'library' ? say('input.xml-not-json.library', {}) : say('input.xml-not-json', { file });
}

/** check's advice for an input that is JSON (only its start is decoded: JSON is UTF-8). */
export function jsonNotXml(bytes: Uint8Array, file: string, place: InputPlace = 'cli'): string | undefined {
  const start = firstCharacter(Buffer.from(bytes.subarray(0, 256)).toString('utf8'));
  if (start !== '{' && start !== '[') return undefined;
  return place === 'server' ? serveWords('json-not-xml') : place === 'library' ? say('input.json-not-xml.library', {}) : say('input.json-not-xml', { file });
}
