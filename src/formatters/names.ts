/**
 * The report formats by name, without the formatters themselves: what parses options and checks names loads this
 * alone (a usage error or --help loads no formatter); formatters/load.ts loads the one or two a run writes.
 */
export const FORMAT_NAMES = ['stylish', 'json', 'junit', 'sarif', 'github', 'ndjson', 'html'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(FORMAT_NAMES);
export function isFormatName(name: string): name is FormatName {
  return NAMES.has(name);
}
