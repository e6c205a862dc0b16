import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseSvrl, type SvrlResult } from './svrl.js';

const require = createRequire(import.meta.url);
// saxon-js ships CommonJS without type declarations; one instance serves every rule set in the process.
const SaxonJS = require('saxon-js') as {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
};

/** Where the guarded twin of a fast SEF compiled by pintae lies: foo.sef.json → foo.guarded.sef.json. */
export const guardedPath = (sefPath: string) => sefPath.replace(/\.sef\.json$/, '.guarded.sef.json');

/**
 * A compiled stylesheet (SEF) loaded once, run on any number of documents. Rules compiled by pintae come as two
 * stylesheets (see compile.ts): the fast one, without xsl:try, and a guarded twin that reports an XPath error as a failed
 * assert of the rule it hit. The twin is read and run only for a document on which the fast one raised an error.
 */
export class CompiledRules {
  private readonly sef: unknown;
  private guardedSef: unknown;
  constructor(readonly name: string, sefText: string, private readonly guarded?: () => string) {
    this.sef = JSON.parse(sefText);
  }

  /** A SEF file, with its guarded twin when one lies beside it. */
  static fromFile(name: string, path: string): CompiledRules {
    const twin = guardedPath(path);
    return new CompiledRules(name, readFileSync(path, 'utf8'), twin !== path && existsSync(twin) ? () => readFileSync(twin, 'utf8') : undefined);
  }

  /** The SVRL report of one document. A document the stylesheet cannot process raises an error (caught by the caller). */
  svrl(xml: string): string {
    try {
      return this.transform(this.sef, xml);
    } catch (e) {
      if (!this.guarded) throw e;
      return this.transform((this.guardedSef ??= JSON.parse(this.guarded())), xml);
    }
  }

  results(xml: string): SvrlResult[] {
    return parseSvrl(this.svrl(xml));
  }

  private transform(sef: unknown, xml: string): string {
    return SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
  }
}
