import type { Formatter } from './report.js';
import { json } from './json.js';
import { stylish } from './stylish.js';

export const FORMATTERS = { stylish, json } as const satisfies Record<string, Formatter>;
export type FormatName = keyof typeof FORMATTERS;

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATTERS, name);
}

export { summarize, type Report, type Summary } from './report.js';
