import type { Command } from 'commander';

export const CONFIG_FILE = ['--config <file>', 'config file to use (default: pintae.config.json or .pintaerc.json found upward)'] as const;
export const NO_CONFIG = ['--no-config', 'ignore any config file'] as const;

/**
 * --config and --no-config, on every command: each reads the config file found upward (its "lang", and what else it
 * uses), so support staff in a customer's checkout must be able to name another or ignore a broken one.
 */
export function configOptions(cmd: Command): Command {
  return cmd.option(...CONFIG_FILE).option(...NO_CONFIG);
}
