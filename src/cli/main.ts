import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../io/errors.js';

const EXIT_CODES = `
Exit codes:
  0  every input passed
  1  at least one input failed (invalid, rejected or unreadable)
  2  usage error or internal fault`;

const collect = (value: string, previous: string[]) => [...previous, value];

function validateOptions(cmd: Command): Command {
  return cmd
    .option('--entity <file>', 'seller entity record(s): one JSON object or an array; repeatable (default: .pintae/entities/<entity_id>.json)', collect, [])
    .option('--rates <file>', 'CBUAE exchange-rate table: JSON [{date, currency, rate}] or CSV date,currency,rate')
    .option('--format <name>', 'report format: stylish or json (default: stylish on a terminal, json otherwise)')
    .option('--uuid <uuid>', 'use this UUID as cbc:ID and cbc:UUID')
    .option('--deterministic', 'UUID v5 of entity_id + invoice_number: the same input gives byte-identical XML')
    .option('--line-amounts <currency>', 'per-line BTAE-08/10 of a foreign-currency invoice: aed (default) or document')
    .addOption(new Option('--today <date>', 'the date taken as today for exchange-rate lookups (YYYY-MM-DD)').hideHelp());
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
    validateOptions(cli.command(name).argument('[paths...]', 'invoice JSON files, directories, globs, or - for stdin')
      .description(description)
      .option('--out-dir <dir>', outDir))
      .addHelpText('after', EXIT_CODES)
      .action(async (paths: string[], options) => {
        const { runValidate } = await import('./commands/validate.js');
        process.exitCode = await runValidate(paths, options, name);
      });
  }
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
    process.stderr.write(`pintae: internal error: ${(e as Error).message}\n${process.env.PINTAE_DEBUG ? (e as Error).stack + '\n' : ''}`);
    process.exitCode = 2;
  }
}

await main(process.argv);
