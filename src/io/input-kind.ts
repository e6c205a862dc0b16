/**
 * What an input that failed to parse holds instead, judged by its first character past a byte-order mark and white
 * space: the two commands read different documents, and `unexpected "<"` tells a user nothing about which to run.
 */
function firstCharacter(text: string): string | undefined {
  return /^\uFEFF?\s*(\S)/.exec(text)?.[1];
}

/** validate's advice for an input that is XML. */
export function xmlNotJson(text: string, file: string): string | undefined {
  if (firstCharacter(text) !== '<') return undefined;
  return `this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check ${file}`;
}

/** check's advice for an input that is JSON (only its start is decoded: JSON is UTF-8). */
export function jsonNotXml(bytes: Uint8Array, file: string): string | undefined {
  const start = firstCharacter(Buffer.from(bytes.subarray(0, 256)).toString('utf8'));
  if (start !== '{' && start !== '[') return undefined;
  return `this holds JSON, not XML: to validate an invoice request body, run pintae validate ${file}`;
}
