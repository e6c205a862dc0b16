import { readFileSync } from 'node:fs';
import type { XDocument, XPathEngine } from '../xpath/api.js';
import { GlobalLetError, NativeRules, UncompiledContext } from './native.js';
import { UncompiledFunction, XPathLimit } from '../xpath/index.js';
import type { NativePlan } from './native-plan.js';
import type { Stylesheet } from './run.js';
import type { SvrlResult } from './svrl.js';

/** What a rule set runs per document: a compiled stylesheet, or the native engine backed by one. */
export interface RuleLayer {
  readonly name: string;
  /**
   * The report on one document: its text, and the tree pintae's reader made of it where the layer can use one. `limits`
   * are what the run may take, for a layer that runs elsewhere (a native layer runs within the caller's).
   */
  results(xml: string, doc?: XDocument, limits?: { timeoutMs: number; memoryMb: number }): SvrlResult[];
}

/** How often the native engine answered and how often a document went to Saxon-JS (for the benchmark and tests). */
export interface NativeStats { native: number; fallbacks: number; unsupported?: string }

/**
 * A Schematron rule set run by pintae's own XPath evaluator, with its Saxon-JS stylesheet behind it. The evaluator is
 * compiled on the first document; a schema it cannot compile runs on Saxon-JS for good, and a document on which it
 * raises any error (an XPath error, a construct it lacks, a document it cannot read) is run on Saxon-JS, which is the
 * reference: the fast stylesheet, then its guarded twin, decide what the error means (see CompiledRules; a rule set from anyone
 * runs it sandboxed, sandbox/runner.ts).
 */
export class NativeFirst implements RuleLayer {
  private native: NativeRules | null | undefined;
  readonly stats: NativeStats = { native: 0, fallbacks: 0 };

  private stylesheetLoaded: Stylesheet | undefined;

  constructor(
    /** The schema read for the native engine (native-plan.ts), as `npm run build` saves it. */
    private readonly planPath: string,
    /** The same rules compiled for Saxon-JS: read only when a document needs it (never, with the built-in rules). */
    private readonly loadStylesheet: Stylesheet | (() => Stylesheet),
    private readonly engine: () => XPathEngine,
    readonly name: string = typeof loadStylesheet === 'function' ? 'native' : loadStylesheet.name,
    /** The error of a plan that is not JSON (a damaged cache entry): no quiet fall-back to Saxon-JS then. */
    private readonly damaged?: (reason: string) => Error,
  ) {}

  private get stylesheet(): Stylesheet {
    return (this.stylesheetLoaded ??= typeof this.loadStylesheet === 'function' ? this.loadStylesheet() : this.loadStylesheet);
  }

  results(xml: string, doc?: XDocument): SvrlResult[] {
    const native = this.compiled();
    if (native) {
      try {
        const results = native.results(doc ?? xml);
        this.stats.native++;
        return results;
      } catch (e) {
        // A limit reached is the document's answer: Saxon-JS would only reach it again, slower.
        if (e instanceof GlobalLetError || e instanceof XPathLimit) throw e;
        if (e instanceof UncompiledContext || e instanceof UncompiledFunction) {
          // Compiled on first need (native.ts, later; xsl:function bodies on their first call): a schema the evaluator
          // cannot run leaves it for good, as at construction.
          this.native = null;
          this.stats.unsupported = e.message;
        } else this.stats.fallbacks++;
      }
    }
    return this.stylesheet.results(xml);
  }

  private compiled(): NativeRules | null {
    if (this.native === undefined) {
      let plan: NativePlan;
      try { plan = JSON.parse(readFileSync(this.planPath, 'utf8')) as NativePlan; } catch (e) {
        if (this.damaged) throw this.damaged(`not JSON: ${(e as Error).message}`);
        throw e;
      }
      try {
        this.native = new NativeRules(this.engine(), plan);
      } catch (e) {
        this.native = null;
        this.stats.unsupported = (e as Error).message;
      }
    }
    return this.native;
  }
}
