import { Option } from 'commander';

/**
 * --lang (issue 26): the language of what pintae writes for a person, on every command that writes for one; the
 * service's answer stays in English.
 */
export function langOption(): Option {
  return new Option('--lang <lang>', 'language of what a person reads: en (default), ar, or en+ar (both, English first); the service\'s answer (response) stays in English');
}
