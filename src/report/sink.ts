import type { InvoiceResult } from '../model/report.js';
import { SummaryCounter, type FormatOptions, type Gates, type ReportResult, type ReportStream, type RuleLevel } from '../formatters/report.js';
import type { FormatName } from '../formatters/names.js';
import type { FormatTable } from '../formatters/load.js';
import type { Lang } from '../messages/lang.js';
import { openAtomic, type AtomicFile } from '../io/write.js';
import { RuleOverrides, gateExitCode } from './gates.js';
import { saidOf } from '../formatters/speak.js';
import { PINTAE_VERSION } from '../version.js';

export interface ReportTarget {
  format: FormatName;
  /**
   * --output: the chosen format goes to this file (atomically, or through a pipe or device) and to the terminal the
   * failures, the summary line and any gate line (stylish, as --quiet shows it).
   */
  output?: string;
  /** --quiet: the reports people read show failures only (src/formatters/quiet.ts). */
  quiet?: boolean;
  /** How the output is opened when its first piece is written (default openAtomic; the CLI's prepareOutput). */
  openOutput?: () => AtomicFile;
  stdout: { write(chunk: string): unknown };
  /** Colour for what goes to stdout. */
  color: boolean;
  gates: Gates;
  rules?: Readonly<Record<string, RuleLevel>>;
  /** The directory the run started in: SARIF paths are relative to it. */
  baseDir: string;
  /** Show dependent findings in stylish and github instead of folding them under their cause. */
  verbose?: boolean;
  /** A rule's own text by id (sarif's rule descriptions). */
  ruleText?: (id: string) => string | undefined;
  /** The language of the report (--lang, config `lang`); English when absent. */
  lang?: Lang;
  /**
   * The formatters, loaded: at least those of `format` and, with `output`, stylish (formatters/load.ts: the CLI loads
   * what it writes; formatters/index.ts ALL_FORMATS holds every one).
   */
  formats: FormatTable;
  /** The run reads documents (check), which the summary counts by kind; invoice requests (validate) otherwise. */
  documents?: boolean;
  /** What an input named `-` is: standard input (the default), or a request body (pintae serve). */
  stdin?: 'stdin' | 'body';
}

interface Destination { write(chunk: string): void; stream?: ReportStream; format: FormatName; options: FormatOptions }


/**
 * The report side of a run: results go in one at a time, in input order (`add`); rule overrides are applied and
 * the summary counted as they arrive; streaming formats (stylish, github, ndjson) are written at once, the others
 * at `finish`, which returns the exit code the gates give. Results held for a whole-report format keep no XML.
 */
export class ReportSink {
  private readonly overrides: RuleOverrides;
  private readonly counter: SummaryCounter;
  private readonly held: ReportResult[] = [];
  private readonly destinations: Destination[] = [];
  private file?: AtomicFile;
  private readonly judged = new WeakSet<InvoiceResult>();

  constructor(private readonly target: ReportTarget) {
    this.counter = new SummaryCounter(target.documents ?? false, target.stdin);
    this.overrides = new RuleOverrides(target.rules);
    const shared = { baseDir: target.baseDir, version: PINTAE_VERSION, quiet: target.quiet, verbose: target.verbose ?? false, ...(target.ruleText ? { ruleText: target.ruleText } : {}), ...(target.lang ? { lang: target.lang } : {}), ...(target.stdin ? { stdin: target.stdin } : {}) };
    if (target.output) {
      const output = target.output;
      const open = target.openOutput ?? (() => openAtomic(output));
      // The file is opened with the first piece of report, so a run that fails before any result leaves nothing.
      this.destinations.push(this.destination(target.format, (s) => (this.file ??= open()).write(s), { ...shared, color: false }));
      // The report is in the file; a CI log gets what a person reads there (issue 24 item 5): the failures, the summary
      // line and any gate line that failed the run — valid inputs and warnings stay in the file (201 files made 624
      // lines of log when everything went to it).
      this.destinations.push(this.destination('stylish', (s) => target.stdout.write(s), { ...shared, quiet: true, color: target.color }));
    } else {
      this.destinations.push(this.destination(target.format, (s) => target.stdout.write(s), { ...shared, color: target.color && target.format === 'stylish' }));
    }
  }

  private started = false;
  private start(): void {
    if (this.started) return;
    this.started = true;
    const inForce = this.overrides.inForce();
    for (const d of this.destinations) if (d.stream) d.write(d.stream.header(inForce));
  }

  private destination(format: FormatName, write: (s: string) => void, options: FormatOptions): Destination {
    const open = this.target.formats.streams[format];
    if (!open) this.formatter(format);
    return { format, write, options, ...(open ? { stream: open(options, this.target.gates) } : {}) };
  }

  /**
   * pintae's verdict on a result: the rule overrides applied. `build` asks for it before writing XML, so the XML it
   * writes and the exit code agree; `add` applies them itself to a result not judged yet.
   */
  judge(raw: InvoiceResult): ReportResult {
    if (this.judged.has(raw)) return raw;
    const result = this.overrides.apply(raw);
    this.judged.add(result);
    return result;
  }

  add(raw: InvoiceResult): ReportResult {
    const result = this.judge(raw);
    this.start();
    this.counter.add(result);
    for (const d of this.destinations) if (d.stream) d.write(d.stream.result(result));
    // Formatters read the response, not the raw findings or the XML: neither is kept for the end of the run. Nor is
    // the invoice view: the one format that reads it (html) streams, so it is written above and dropped here.
    if (this.destinations.some((d) => !d.stream)) {
      const { view: _view, ...kept } = result;
      // In another language the findings' catalogue entries are kept, by English message (issue 26).
      const lang = this.target.lang;
      this.held.push({ ...kept, xml: null, findings: [], ...(lang && lang !== 'en' ? { said: saidOf(kept) } : {}) });
    }
    return result;
  }

  /** Writes what remains (footers, whole-report formats), puts the --output file in place, and returns the exit code. */
  finish(): 0 | 1 {
    const summary = this.counter.summary;
    const overrides = this.overrides.inForce();
    try {
      this.start();
      for (const d of this.destinations) {
        if (d.stream) d.write(d.stream.footer(summary, overrides));
        else d.write(this.formatter(d.format)({ results: this.held, summary, overrides, gates: this.target.gates }, d.options));
      }
      this.file?.commit();
    } catch (e) {
      this.abort();
      throw e;
    }
    return gateExitCode(summary, this.target.gates);
  }

  private formatter(format: FormatName) {
    const f = this.target.formats.formatters[format];
    if (!f) throw new Error(`the ${format} formatter was not loaded`);
    return f;
  }

  /** Whether a format of this report shows the invoices themselves: the run then makes each result's view. */
  get wantsViews(): boolean { return this.destinations.some((d) => d.format === 'html'); }

  /** A run that stops early leaves no report file behind. */
  abort(): void { this.file?.abort(); this.file = undefined; }
}
