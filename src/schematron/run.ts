import { saveSaxonCodeCache, saxon } from '../io/saxon.js';
import { parseSvrl, type SvrlResult } from './svrl.js';

/**
 * A compiled stylesheet (SEF) loaded once, run on any number of documents. The SEF text is parsed on the first
 * document, so a process that only checks a rule set can be named (a batch's main thread, whose workers do the
 * validating) never pays for it.
 */
export class CompiledRules {
  private sef: unknown;
  private sefText: string | undefined;
  constructor(readonly name: string, sefText: string) {
    this.sefText = sefText;
  }

  /** The SVRL report of one document. A document the stylesheet cannot process raises an error (caught by the caller). */
  svrl(xml: string): string {
    if (this.sefText !== undefined) { this.sef = JSON.parse(this.sefText); this.sefText = undefined; }
    const svrl = saxon().transform({ stylesheetInternal: this.sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
    saveSaxonCodeCache();
    return svrl;
  }

  results(xml: string): SvrlResult[] {
    return parseSvrl(this.svrl(xml));
  }
}
