import { fsErrorWords, readInputFile } from '../io/input-file.js';
import { checkXml, type DocumentRules } from '../check.js';
import type { InvoiceResult } from './run.js';
import { internalFault, unreadable } from './unreadable.js';
import { jsonNotXml, subjectOf, type InputPlace } from '../io/input-kind.js';
import { views as loadedViews } from '../view/lazy.js';

/**
 * `pintae check` on one file, the same in the main thread and in a worker: read it (or take the bytes of standard
 * input, read by the main thread), then well-formedness, the UBL XSD errors found for it beforehand (if --xsd), and
 * the PINT-AE rules. Never throws: a fault is a located result. `views` (the HTML report) makes the document's view
 * from the tree already read. `place`: where the advice for a JSON input points (the CLI's check, or serve's route).
 */
export function checkFile(file: string, rules: DocumentRules | undefined, xsdErrors?: string[], given?: Uint8Array, views = false, place: InputPlace = 'cli'): InvoiceResult {
  const base = { file, index: null, rejected: false, findings: [], xml: null, xmlPath: null };
  let bytes: Uint8Array;
  if (given) bytes = given;
  else try { bytes = readInputFile(file); } catch (e) { return unreadable(file, { message: fsErrorWords(e) }); }
  try {
    const outcome = checkXml(bytes, rules, xsdErrors, subjectOf(place, file));
    if (!outcome.wellFormed.ok) {
      const { message, line, column } = outcome.wellFormed;
      return unreadable(file, { message: jsonNotXml(bytes, file, place) ?? message, line, column });
    }
    const view = views && outcome.doc ? loadedViews().checkedView(outcome.doc, outcome.findings) : undefined;
    return { ...base, valid: outcome.valid!, response: outcome.response, ...(outcome.pintae?.length ? { pintae_findings: outcome.pintae } : {}), findings: outcome.findings, ...(outcome.judgedBy ? { rule_set: outcome.judgedBy } : {}), ...(outcome.document ? { document: outcome.document } : {}), ...(view ? { view } : {}) };
  } catch (e) {
    return internalFault(file, e);
  }
}
