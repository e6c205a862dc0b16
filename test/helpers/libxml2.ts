/**
 * libxml2's verdict on well-formedness (xmllint --noout, through the xmllint-wasm dependency: no native binary, no
 * network), many documents per call. A document is not well-formed when xmllint reports any parser error, namespace
 * error or I/O error for it; warnings (an unsupported version 1.x, an encoding declaration that does not match the
 * byte-order mark, a relative namespace URI) do not count.
 */
import { memoryPages, validateXML } from 'xmllint-wasm';

export interface Verdict { wellFormed: boolean; messages: string[] }

// xmllint-wasm passes every file name as a command-line argument on the wasm stack, which overflows somewhere
// between 1,600 and 4,000 files: a few hundred per call is safe and still only a few calls.
const BATCH = 400;
const FATAL = /^(?:parser error|namespace error|I\/O error) : /;

async function batch(docs: Uint8Array[], first: number): Promise<Verdict[]> {
  const files = docs.map((contents, i) => ({ fileName: `v${first + i}.xml`, contents }));
  const result = await validateXML({
    xml: files,
    normalization: 'format',
    modifyArguments: () => ['--noout', ...files.map((f) => f.fileName)],
    // Each document is parsed in turn; the default 32 MiB cap is too small for the documents at libxml2's 10 MB limits.
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  const messages = new Map<string, string[]>(files.map((f) => [f.fileName, []]));
  // "v12.xml:3: parser error : ..." lines; libxml2 follows each with the source line and a caret, which are skipped.
  for (const line of result.rawOutput.split('\n')) {
    // The s flag: a message may quote a CR or U+2028 from the document, which . would not match.
    const m = /^(v\d+\.xml):\d+: (.*)$/s.exec(line);
    if (m && messages.has(m[1]!)) messages.get(m[1]!)!.push(m[2]!);
    else if (FATAL.test(line)) throw new Error(`xmllint reported an error for no file: ${line}`);
  }
  return files.map((f) => {
    const lines = messages.get(f.fileName)!;
    return { wellFormed: !lines.some((l) => FATAL.test(l)), messages: lines };
  });
}

/** libxml2's verdict on each document, in order. */
export async function libxml2Verdicts(docs: Uint8Array[]): Promise<Verdict[]> {
  const out: Verdict[] = [];
  for (let i = 0; i < docs.length; i += BATCH) out.push(...await batch(docs.slice(i, i + BATCH), i));
  return out;
}
