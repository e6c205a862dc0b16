import type { InvoiceResult } from '../model/report.js';
import type { PipelineEnv } from '../pipeline.js';
import type { Source } from './discover.js';
import { placeOf } from '../io/text.js';
import { DuplicateNumbers, internalFault, unreadable, validateFile, validateText } from './work.js';

// Formatters and gates read results from src/model; the batch runner only makes them.
export type { InvoiceResult } from '../model/report.js';

export { invoicesOf } from './work.js';

/**
 * Reads, parses and validates every source in order, in this thread; a bad file is reported on its own and the rest
 * go on. `keepXml` false drops each XML once built (a run that writes no XML need not hold it).
 */
export function* runSources(sources: Iterable<Source>, env: PipelineEnv, readStdin: () => string, keepXml = true, views = false): Generator<InvoiceResult> {
  const duplicates = new DuplicateNumbers();
  for (const source of sources) {
    let results;
    try {
      results = source.kind === 'stdin' ? stdinResults(readStdin, env, keepXml, views)
        : source.kind === 'unreadable' ? [unreadable(source.path, { message: source.message })]
        : validateFile(source.path, env, keepXml, views);
    } catch (e) {
      results = [internalFault(source.path, e)];
    }
    for (const result of results) yield duplicates.mark(result);
  }
}

function stdinResults(readStdin: () => string, env: PipelineEnv, keepXml: boolean, views: boolean) {
  let text: string;
  try { text = readStdin(); } catch (e) { return [unreadable('-', placeOf(e, (x) => (x as Error).message))]; }
  return validateText('-', text, env, keepXml, views);
}
