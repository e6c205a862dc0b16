import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../io/errors.js';
import { fsErrorWords } from '../io/input-file.js';
import { registerApiCommands } from './api-commands.js';

const EXIT_CODES = `
Exit codes:
  0  every input passed
  1  at least one input failed (invalid, rejected or unreadable; with --fail-severity warning, any warning;
     with --max-warnings N, more than N warnings)
  2  usage error or internal fault`;

const collect = (value: string, previous: string[]) => [...previous, value];

const FORMATS = 'stylish, json, junit, sarif, github or ndjson';

/** Report, gate and config options shared by validate, build and check (README "Reports and gates", "Config file"). */
function reportOptions(cmd: Command): Command {
  return cmd
    .option('--format <name>', `report format: ${FORMATS} (default: stylish on a terminal, json otherwise)`)
    .option('--output <file>', 'write the report to this file (default format json) while stylish goes to the terminal')
    .option('--fail-severity <level>', 'error (default): only errors fail the run; warning: warnings fail it too')
    .option('--max-warnings <n>', 'exit 1 when the run has more than n warnings')
    .option('--config <file>', 'config file to use (default: pintae.config.json or .pintaerc.json found upward)')
    .option('--no-config', 'ignore any config file')
    .option('--verbose', 'show every finding (stylish, github): by default those that follow from another are counted under it');
}

function validateOptions(cmd: Command): Command {
  return cmd
    .option('--entity <file>', 'seller entity record(s): one JSON object or an array; repeatable (default: .pintae/entities/<entity_id>.json)', collect, [])
    .option('--rates <file>', 'CBUAE exchange-rate table: JSON [{date, currency, rate}] or CSV date,currency,rate')
    .option('--uuid <uuid>', 'use this UUID as cbc:ID and cbc:UUID')
    .option('--deterministic', 'UUID v5 of entity_id + invoice_number: the same input gives byte-identical XML')
    .option('--rules <name|path>', 'PINT-AE rule set: builtin (default), a name added with pintae rules add, or a release directory/zip/file')
    .option('--no-schematron', 'skip the PINT-AE rules (schema and rule engine only)')
    .option('--line-amounts <currency>', 'per-line BTAE-08/10 of a foreign-currency invoice: aed (default) or document')
    .addOption(new Option('--today <date>', 'the date taken as today for exchange-rate lookups (YYYY-MM-DD)').hideHelp());
}

/** Batch options shared by validate, build and check (README "Big batches and CI shards"). */
function batchOptions(cmd: Command): Command {
  return cmd
    .option('--jobs <n>', 'worker threads validating in parallel, at most one per core (default: one per core from 300 inputs up, 8 with rules run by Saxon-JS; 1: none, all in one thread)')
    .option('--shard <k/n>', 'take the k-th of n stable shares of the inputs (by path hash), for a matrix of CI jobs')
    .option('--files-from <file>', 'also read input paths from this file, one per line (- for standard input)');
}

export function program(): Command {
  const cli = new Command('pintae')
    .description('UAE e-invoicing (Peppol PINT-AE): validate invoice JSON offline, build the UBL XML the service delivers')
    .version('0.1.0')
    .addHelpText('after', EXIT_CODES)
    // One line on stderr, in pintae's own voice, for commander's usage errors too; subcommands inherit this.
    .configureOutput({ outputError: (text, write) => write(`pintae: ${text.replace(/^error: /, '').trimEnd()}\n`) })
    .exitOverride();

  const pipelineCommands: Array<['validate' | 'build', string, string]> = [
    ['validate', 'answer what the service\'s dry run (POST /oauth/invoices/validate) would answer',
      'write <input name>.xml for every invoice whose XML could be built, valid or not'],
    ['build', 'write the UBL XML of valid invoices; invalid ones fail with their errors', 'directory for the XML files (required)'],
  ];
  for (const [name, description, outDir] of pipelineCommands) {
    reportOptions(batchOptions(validateOptions(cli.command(name).argument('[paths...]', 'invoice JSON files, directories, globs, or - for stdin')
      .description(description)
      .option('--out-dir <dir>', outDir))))
      .addHelpText('after', EXIT_CODES)
      .addOption(new Option('--remote', 'also ask the service\'s dry run (POST /oauth/invoices/validate) and flag every difference').hideHelp(name !== 'validate'))
      .addOption(new Option('--base-url <url>', 'with --remote: API base URL (token from PINTAE_TOKEN)').hideHelp(name !== 'validate'))
      .action(async (paths: string[], options) => {
        const { runValidate } = await import('./commands/validate.js');
        process.exitCode = await runValidate(paths, options, name);
      });
  }
  reportOptions(batchOptions(cli.command('check').argument('[paths...]', 'UBL invoice XML files, directories (searched for *.xml) or globs')
    .description('validate existing UBL invoices: well-formedness, optionally the UBL 2.1 XSD, then the PINT-AE rules')
    .option('--rules <name|path>', 'PINT-AE rule set: builtin (default), a name added with pintae rules add, or a release directory/zip/file')
    .option('--no-schematron', 'skip the PINT-AE rules')
    .option('--xsd <dir>', 'also validate against the UBL 2.1 Invoice XSD found in this directory (maindoc/, common/)')))
    .addHelpText('after', EXIT_CODES)
    .action(async (paths: string[], options) => {
      const { runCheck } = await import('./commands/check.js');
      process.exitCode = await runCheck(paths, options);
    });
  cli.command('merge-reports').argument('<reports...>', 'JSON reports (--format json) of the shards of one run')
    .description('join the JSON reports of --shard runs into one report: results in path order, summary recounted')
    .option('--format <name>', `format of the merged report: ${FORMATS} (default: json)`)
    .addHelpText('after', EXIT_CODES)
    .action(async (reports: string[], options) => {
      const { runMergeReports } = await import('./commands/merge-reports.js');
      process.exitCode = await runMergeReports(reports, options);
    });

  const rules = cli.command('rules').description('manage PINT-AE rule sets (official releases compiled once into a cache)');
  rules.command('add').argument('<source>', 'an official release directory or zip, or a .sch, .xslt or .sef.json file')
    .option('--name <name>', 'name to use with --rules (default: the file or directory name)')
    .description('compile a rule set once into the cache (~/.cache/pintae/rules, or $PINTAE_CACHE_DIR)')
    .action(async (source: string, options) => {
      const { runRulesAdd } = await import('./commands/rules.js');
      process.exitCode = await runRulesAdd(source, options);
    });
  rules.command('list').option('--format <name>', 'table (default) or json').description('list the built-in and added rule sets')
    .action(async (options) => {
      const { runRulesList } = await import('./commands/rules.js');
      process.exitCode = await runRulesList(options);
    });

  registerApiCommands(cli);

  // sandbox (issue 4): a local server speaking the documented API
  cli.command('sandbox')
    .description('serve the documented API (spec 4) on 127.0.0.1 on top of the validate pipeline; URL on stdout, request log on stderr')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8787')
    .option('--data-dir <dir>', 'where entities, invoices and tokens.json are kept', '.pintae/sandbox')
    .option('--rates <file>', 'CBUAE exchange-rate table for invoices without exchange_rate (as validate --rates)')
    .option('--rules <name|path>', 'PINT-AE rule set (as validate --rules; default builtin)')
    .option('--fail-rate <r>', 'share (0..1) of requests answered 500 or 502 before anything is done')
    .option('--after-commit-rate <r>', 'share (0..1) of storing requests whose answer is lost after the store (dropped or 502)')
    .option('--latency <ms>', 'delay every answer by this many milliseconds')
    .option('--seed <n>', 'seed of the injected fault pattern (default 1)')
    .option('--processing-delay <ms>', 'delay of each asynchronous pipeline step after a 202 (default 200)')
    .action(async (options) => {
      const { runSandbox } = await import('./commands/sandbox.js');
      process.exitCode = await runSandbox(options);
    });
  return cli;
}

async function main(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : 2;
      return;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`pintae: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    const { redact } = await import('../api/redact.js');
    if (e instanceof Error && (e.name === 'ApiError' || e.name === 'ApiUnreachableError')) {
      process.stderr.write(`pintae: ${redact(e.message)}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`pintae: internal error: ${redact((e as Error).message)}\n${process.env.PINTAE_DEBUG ? redact(String((e as Error).stack)) + '\n' : ''}`);
    process.exitCode = 2;
  }
}

/*
 * A reader that stops early (`pintae … | head`) closes the pipe: stop quietly, no stack trace. The exit code stays what
 * the command settled on if it had finished; otherwise the output is incomplete and the run ends with 2. Any other
 * failure to write standard output (a full disk, a quota) means the verdict did not reach its reader: one line on
 * stderr and exit 2. When stderr itself fails there is nobody left to tell.
 */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 2);
  try { process.stderr.write(`pintae: the report could not be written to standard output: ${fsErrorWords(e)}\n`); } catch { /* stderr is gone too */ }
  process.exit(2);
});
process.stderr.on('error', () => process.exit(process.exitCode ?? 2));

await main(process.argv);
