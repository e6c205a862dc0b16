import { Command, Option } from 'commander';
import { entityOption } from './entity-option.js';
import { usageError } from '../messages/cli.js';
import { langOption } from './lang-option.js';
import { configOptions } from './config-options.js';
import { groupOptions, helpEnd } from './help.js';

/** The live-API commands (issue 4); each action lazily imports its command module. */
const EXIT_CODES = `
Exit codes:
  0  every invoice is at the service (and, with --wait, reached category success)
  1  at least one invoice was invalid, refused, rejected, or its outcome is unknown; or the API answered an error
  2  usage error (no token, no base URL, bad option) or an internal fault`;

const AUTH = `
Authentication: the bearer token comes from PINTAE_TOKEN, or from the file named by PINTAE_TOKEN_FILE; never from an
argument. The base URL: --base-url, else PINTAE_BASE_URL, else "baseUrl" in the config file --config names (a
baseUrl in a pintae.config.json found upward is refused: a checkout's file would send the token where it points).
Timeouts: PINTAE_CONNECT_TIMEOUT_MS (default 10000), PINTAE_REQUEST_TIMEOUT_MS (whole request, default 60000).
Answers: PINTAE_MAX_RESPONSE_BYTES (default 67108864, 64 MiB); a larger or slower answer is not read nor retried.`;

const collect = (value: string, previous: string[]) => [...previous, value];

/** --base-url, --config/--no-config (where "baseUrl" may come from) and --lang (issue 26), which every live-API command has. */
const baseUrl = (cmd: Command) => configOptions(cmd.option('--base-url <url>', 'API base URL (default: PINTAE_BASE_URL, then "baseUrl" of the file --config names)')).addOption(langOption());

function submitOptions(cmd: Command): Command {
  return baseUrl(cmd)
    .addOption(entityOption('seller entity record(s) for the offline validation: a JSON file or a directory of them; repeatable (see entities pull)'))
    .option('--rates <file>', 'CBUAE exchange-rate table for the offline validation')
    .option('--rules <name|path>', 'PINT-AE rule set for the offline validation (default builtin)')
    .option('--no-schematron', 'offline validation without the PINT-AE rules')
    .option('--no-validate', 'send without validating offline first')
    .option('--ledger <path>', 'submission ledger (default .pintae/ledger.jsonl): reruns skip accepted invoices and resend unknown ones safely')
    .option('--no-ledger', 'keep the ledger in memory for this run only (no protection across runs)')
    .option('--force', 'send even an invoice whose invoice_number the ledger shows accepted with different content')
    .option('--ok-if-exists', 'an invoice the service already holds (409) counts as success')
    .option('--wait', 'then follow every accepted invoice until its status is terminal')
    .option('--timeout <seconds>', 'give up waiting after this long (default 600)')
    .option('--format <name>', 'stylish (default: a line per invoice as its answer arrives), json (one document at the end) or ndjson (a JSON line per invoice as it arrives)')
    .addOption(new Option('--today <date>', 'the date taken as today for exchange-rate lookups (YYYY-MM-DD)').hideHelp());
}

const SUBMIT_GROUPS = {
  Input: ['--entity', '--rates'],
  Rules: ['--rules', '--no-schematron', '--no-validate'],
  Service: ['--base-url', '--config', '--no-config', '--ledger', '--no-ledger', '--force', '--ok-if-exists', '--wait', '--timeout', '--chunk'],
  Output: ['--format', '--lang'],
};

export function registerApiCommands(cli: Command): void {
  const push = submitOptions(cli.command('push').argument('<file>', 'one invoice JSON file (or - for stdin)')
    .description('validate offline, then send one invoice (POST /oauth/invoices); prints invoice_id and status'));
  helpEnd(groupOptions(push, SUBMIT_GROUPS), [
    ['validate one invoice offline, send it, and follow it until the service is done with it', 'pintae push invoice.json --wait'],
    ['from standard input, as JSON for a script', 'cat invoice.json | pintae push - --format json'],
  ], EXIT_CODES + '\n' + AUTH)
    // Extra files are refused here rather than by commander, to name the command that takes several.
    .allowExcessArguments(true)
    .action(async (file: string, options, cmd: Command) => {
      if (cmd.args.length > 1) throw usageError('cli.takes-one', { command: 'push', n: cmd.args.length });
      const { runPush } = await import('./commands/push.js');
      process.exitCode = await runPush(file, options);
    });
  const bulk = submitOptions(cli.command('bulk').argument('<paths...>', 'invoice JSON files, directories, globs; a file may hold one body, {invoices: [...]} or an array')
    .description('validate offline, then send invoices in chunks (POST /oauth/invoices/bulk); reports each item\'s status_code')
    .option('--chunk <n>', 'invoices per bulk request (default 50)'));
  helpEnd(groupOptions(bulk, SUBMIT_GROUPS), [
    ['send a folder of invoices; a rerun skips those already accepted', 'pintae bulk exports/'],
    ['in chunks of 100, then wait for every one', 'pintae bulk exports/*.json --chunk 100 --wait --timeout 1800'],
  ], EXIT_CODES + '\n' + AUTH)
    .action(async (paths: string[], options) => {
      const { runBulk } = await import('./commands/bulk.js');
      process.exitCode = await runBulk(paths, options);
    });
  const status = baseUrl(cli.command('status').argument('<invoice_ids...>', 'the invoice_id(s) returned by push or bulk')
    .description('read invoices\' status (GET /oauth/invoices/{id}/status); exit 0 only when every one is in category success')
    .option('--wait', 'poll (with backoff) until the status is terminal')
    .option('--timeout <seconds>', 'give up waiting after this long, exit 1 (default 600)')
    .option('--format <name>', 'stylish (default), json or ndjson'));
  helpEnd(groupOptions(status, { Service: ['--base-url', '--config', '--no-config', '--wait', '--timeout'], Output: ['--format', '--lang'] }), [
    ['where two invoices stand', 'pintae status inv_123 inv_456'],
    ['wait until the service is done with one, at most five minutes', 'pintae status inv_123 --wait --timeout 300'],
  ], AUTH)
    .action(async (invoiceIds: string[], options) => {
      const { runStatus } = await import('./commands/status.js');
      process.exitCode = await runStatus(invoiceIds, options);
    });
  const entities = baseUrl(cli.command('entities').argument('<action>', 'list | get <id> | create [file] | update <id> [file] | connect <id> | disconnect <id> | delete <id> --yes | pull [ids...]')
    .argument('[args...]', 'entity ids, or the JSON file of fields for create/update')
    .description('manage seller entities (spec 4.5); pull saves records into .pintae/entities/ for offline validation')
    .option('--set <key=value>', 'create/update: one field (over the JSON file\'s fields); repeatable', collect, [])
    .option('--user-id <id>', 'list: only this user\'s entities')
    .option('--yes', 'delete: confirm the permanent removal')
    .option('--format <name>', 'list: stylish (default, a table), json or ndjson; get, create and update print the record as JSON'));
  helpEnd(groupOptions(entities, { Input: ['--set', '--user-id', '--yes'], Service: ['--base-url', '--config', '--no-config'], Output: ['--format', '--lang'] }), [
    ['register a seller from a JSON object of its fields (- reads standard input)', 'pintae entities create entity.json'],
    ['change one field', 'pintae entities update ent_123 --set city=Sharjah'],
    ['save every connected entity in .pintae/entities/ for offline validation', 'pintae entities pull'],
  ], AUTH)
    .action(async (action: string, args: string[], options) => {
      const { runEntities } = await import('./commands/entities.js');
      process.exitCode = await runEntities(action, args, options);
    });
}
