import type { Finding, JudgedBy, RejectedResponse, ValidateResponse } from '../model/types.js';
import type { InvoiceView } from '../model/view.js';
import type { PipelineEnv } from '../pipeline.js';
import type { Source } from './discover.js';
import { DuplicateNumbers, internalFault, unreadable, validateFile, validateText } from './work.js';

export interface InvoiceResult {
  file: string;
  /** Position in a bulk body or array; null for a file holding one invoice. */
  index: number | null;
  /** Where the invoice is in its JSON file: its invoice_number's value, else the invoice itself (validate only). */
  position?: { line: number; column: number };
  valid: boolean;
  rejected: boolean;
  response: ValidateResponse | RejectedResponse | null;
  /**
   * For a file that could not be read, parsed or validated: where and why. `internal` marks a fault of pintae's own
   * (an exception, a worker that stopped), which makes the run exit 2 once every other input is reported.
   */
  error?: { message: string; line?: number; column?: number; internal?: boolean };
  findings: Finding[];
  xml: string | null;
  /** Where the XML was written, filled by the command that writes it. */
  xmlPath: string | null;
  /** The invoice as a person reads it, made only for the HTML report (src/view/) and dropped once it is written. */
  view?: InvoiceView;
  /** The PINT-AE rule set that judged the document read (check) or built (validate), when rules ran. */
  rule_set?: JudgedBy;
}

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
  try { text = readStdin(); } catch (e) { return [unreadable('-', { message: (e as Error).message })]; }
  return validateText('-', text, env, keepXml, views);
}
