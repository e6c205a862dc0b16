import { readFileSync } from 'node:fs';

/**
 * pintae's version, as package.json states it: `--version`, the API client's User-Agent, the reports' tool version,
 * serve's OpenAPI document and the compile caches' keys all say this one figure (they were five copies, and a
 * release would have had to change each by hand). Read from the package, not built in, so a published package can
 * never say another version than the one npm installed.
 */
export const PINTAE_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
