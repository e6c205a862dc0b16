import type { Formatter, StreamFactory } from './report.js';
import { github, githubStream } from './github.js';
import { html, htmlStream } from './html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { ndjson, ndjsonStream } from './ndjson.js';
import { sarif } from './sarif.js';
import { stylish, stylishStream } from './stylish.js';
import type { FormatName } from './names.js';
import type { FormatTable } from './load.js';

export { FORMAT_NAMES, isFormatName, type FormatName } from './names.js';

/** Every report format by name: one pure function from a report to text. */
export const FORMATTERS = { stylish, json, junit, sarif, github, ndjson, html } as const satisfies Record<FormatName, Formatter>;

/** Formats that can also be written as results arrive, so a run of any size never holds its results. */
export const STREAMS: Partial<Record<FormatName, StreamFactory>> = { stylish: stylishStream, github: githubStream, ndjson: ndjsonStream, html: htmlStream };

/** Every format, loaded: for a ReportSink in a process that writes any (serve's workers); the CLI loads what it writes (load.ts). */
export const ALL_FORMATS: FormatTable = { formatters: FORMATTERS, streams: STREAMS };

export {
  summarize, SummaryCounter, type Report, type Summary, type ReportResult, type ReportedFinding, type RuleLevel,
  type OverrideInForce, type Gates, type Formatter, type FormatOptions, type ReportStream, type StreamFactory,
} from './report.js';
