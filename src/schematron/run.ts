import { existsSync, readFileSync } from 'node:fs';
import { saveSaxonCodeCache, saxon } from '../io/saxon.js';
import { parseSvrl, type SvrlResult } from './svrl.js';

/**
 * What runs a compiled stylesheet on a document: in pintae's process (CompiledRules, for the built-in rules) or behind
 * a process boundary (sandbox/runner.ts, for rule sets from anyone).
 */
export interface Stylesheet {
  readonly name: string;
  /** The SVRL report of one document; a document the stylesheet cannot process raises an error. */
  svrl(xml: string): string;
  results(xml: string): SvrlResult[];
}

/** Where the guarded twin of a fast SEF compiled by pintae lies: foo.sef.json → foo.guarded.sef.json. */
export const guardedPath = (sefPath: string) => sefPath.replace(/\.sef\.json$/, '.guarded.sef.json');

/**
 * A compiled stylesheet (SEF) loaded once, run on any number of documents. Rules compiled by pintae come as two
 * stylesheets (see compile.ts): the fast one, without xsl:try, and a guarded twin that reports an XPath error as a failed
 * assert of the rule it hit. The twin is read and run only for a document on which the fast one raised an error.
 * The SEF text is parsed on the first document, so a process that only checks a rule set can be named (a batch's main
 * thread, whose workers do the validating) never pays for it.
 */
export class CompiledRules implements Stylesheet {
  private sef: unknown;
  private sefText: string | undefined;
  private guardedSef: unknown;
  constructor(readonly name: string, sefText: string, private readonly guarded?: () => string, private readonly damaged?: (reason: string) => Error) {
    this.sefText = sefText;
  }

  /** A SEF file, with its guarded twin when one lies beside it; `damaged` makes the error of one that is not JSON. */
  static fromFile(name: string, path: string, damaged?: (reason: string) => Error): CompiledRules {
    const twin = guardedPath(path);
    return new CompiledRules(name, readFileSync(path, 'utf8'), twin !== path && existsSync(twin) ? () => readFileSync(twin, 'utf8') : undefined, damaged);
  }

  private parse(text: string): unknown {
    try { return JSON.parse(text); } catch (e) {
      throw this.damaged?.(`not JSON: ${(e as Error).message}`) ?? e;
    }
  }

  /** The SVRL report of one document. A document the stylesheet cannot process raises an error (caught by the caller). */
  svrl(xml: string): string {
    if (this.sefText !== undefined) { this.sef = this.parse(this.sefText); this.sefText = undefined; }
    try {
      return this.transform(this.sef, xml);
    } catch (e) {
      if (!this.guarded) throw e;
      return this.transform((this.guardedSef ??= this.parse(this.guarded())), xml);
    }
  }

  results(xml: string): SvrlResult[] {
    return parseSvrl(this.svrl(xml));
  }

  private transform(sef: unknown, xml: string): string {
    const svrl = saxon().transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
    saveSaxonCodeCache();
    return svrl;
  }
}
