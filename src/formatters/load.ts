import type { FormatName } from './names.js';
import type { Formatter, StreamFactory } from './report.js';

/** The formatters a report writes with: the whole-report function of each format, and its streaming form where it has one. */
export interface FormatTable {
  formatters: Partial<Record<FormatName, Formatter>>;
  streams: Partial<Record<FormatName, StreamFactory>>;
}

/** Each format's module, imported only by a run that writes that format (index.ts holds them all, for the library). */
const MODULES: Record<FormatName, () => Promise<{ format: Formatter; stream?: StreamFactory }>> = {
  stylish: async () => { const m = await import('./stylish.js'); return { format: m.stylish, stream: m.stylishStream }; },
  json: async () => ({ format: (await import('./json.js')).json }),
  junit: async () => ({ format: (await import('./junit.js')).junit }),
  sarif: async () => ({ format: (await import('./sarif.js')).sarif }),
  github: async () => { const m = await import('./github.js'); return { format: m.github, stream: m.githubStream }; },
  ndjson: async () => { const m = await import('./ndjson.js'); return { format: m.ndjson, stream: m.ndjsonStream }; },
  html: async () => { const m = await import('./html.js'); return { format: m.html, stream: m.htmlStream }; },
};

/** The formatters of these formats (each loaded once). */
export async function loadFormats(names: Iterable<FormatName>): Promise<FormatTable> {
  const table: FormatTable = { formatters: {}, streams: {} };
  for (const name of new Set(names)) {
    const { format, stream } = await MODULES[name]();
    table.formatters[name] = format;
    if (stream) table.streams[name] = stream;
  }
  return table;
}
