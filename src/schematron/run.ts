import { createRequire } from 'node:module';
import { parseSvrl, type SvrlResult } from './svrl.js';

const require = createRequire(import.meta.url);
// saxon-js ships CommonJS without type declarations; one instance serves every rule set in the process.
const SaxonJS = require('saxon-js') as {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
};

/** A compiled stylesheet (SEF) loaded once, run on any number of documents. */
export class CompiledRules {
  private readonly sef: unknown;
  constructor(readonly name: string, sefText: string) {
    this.sef = JSON.parse(sefText);
  }

  /** The SVRL report of one document. A document the stylesheet cannot process raises an error (caught by the caller). */
  svrl(xml: string): string {
    return SaxonJS.transform({ stylesheetInternal: this.sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
  }

  results(xml: string): SvrlResult[] {
    return parseSvrl(this.svrl(xml));
  }
}
