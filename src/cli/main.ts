import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../io/errors.js';
import { fsErrorWords } from '../io/input-file.js';
import { registerApiCommands } from './api-commands.js';
import { registerTokenSecrets } from '../api/settings.js';
import { redactStandardStreams } from './redact-output.js';
import { entityOption } from './entity-option.js';
import { groupOptions, helpConfiguration, helpEnd } from './help.js';
import { noteArgv, tell, told, usageText } from './lang.js';
import type { MessageRef } from '../messages/ref.js';
import { langOption } from './lang-option.js';
import { CONFIG_FILE, configOptions, NO_CONFIG } from './config-options.js';
import { usageError } from '../messages/cli.js';
import { PINTAE_VERSION } from '../version.js';

const EXIT_CODES = `
Exit codes:
  0  every input passed
  1  at least one input failed (invalid, rejected or unreadable; with --fail-severity warning, any warning;
     with --max-warnings N, more than N warnings)
  2  usage error, internal fault, or a report that could not be delivered
  130, 143  interrupted (SIGINT, SIGTERM); no temporary file is left`;

const FORMATS = 'stylish, json, junit, sarif, github, ndjson or html';

/** Report, gate and config options shared by validate, build and check (README "Reports and gates", "Config file"). */
function reportOptions(cmd: Command): Command {
  return cmd
    .option('--format <name>', `report format: ${FORMATS} (default: stylish, wherever standard output goes)`)
    .option('--output <file>', 'write the report to this file, in the format its extension says (.html, .sarif, .json, .ndjson, .xml for junit; json otherwise) unless --format names it; the terminal gets the failures and the summary line')
    .option('--quiet', 'show failures only (stylish, github): no warnings, notes or valid inputs; the summary line stays')
    .option('--fail-severity <level>', 'error (default): only errors fail the run; warning: warnings fail it too (notes never do)')
    .option('--max-warnings <n>', 'exit 1 when the run has more than n warnings (notes, severity info, are not counted)')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .option('--verbose', 'show every finding (stylish, github): by default those that follow from another are counted under it')
    .addOption(langOption());
}


function validateOptions(cmd: Command): Command {
  return cmd
    .addOption(entityOption('seller entity record(s): a JSON file of one object or an array, or a directory of such files; repeatable'))
    .option('--rates <file>', 'CBUAE exchange-rate table: JSON [{date, currency, rate}] or CSV date,currency,rate')
    .option('--uuid <uuid>', 'use this UUID as the invoice\'s identifier in the XML')
    .option('--deterministic', 'UUID v5 of entity_id + invoice_number: the same input gives byte-identical XML')
    .option('--rules <name|path>', 'PINT-AE rule set: builtin (default), a name added with pintae rules add, or a release directory/zip/file')
    .option('--no-schematron', 'skip the PINT-AE rules (schema and rule engine only)')
    .option('--rule-timeout <seconds>', 'CPU time one document\'s rule run may take; past it the document fails with pintae/rules-failed (default 30)')
    .option('--rule-memory <MB>', 'memory one rule run may use; past it the document fails with pintae/rules-failed (default 2048)')
    .option('--line-amounts <currency>', 'each line\'s VAT and amount with VAT on a foreign-currency invoice: in aed (default) or in the document currency (document)')
    .addOption(new Option('--today <date>', 'the date taken as today for exchange-rate lookups (YYYY-MM-DD)').hideHelp());
}

/** Batch options shared by validate, build and check (README "Big batches and CI shards"). */
function batchOptions(cmd: Command): Command {
  return cmd
    .option('--jobs <n>', 'worker threads validating in parallel, at most one per core (default: one per core from 300 inputs up, from 8 with a rule set that comes as XSLT only; 1: none, all in one thread)')
    .option('--shard <k/n>', 'take the k-th of n stable shares of the inputs (by path hash), for a matrix of CI jobs')
    .option('--files-from <file>', 'also read input paths from this file, one per line (- for standard input)');
}

/** The option groups of validate, build and check: what is read, which rules judge it, what is written, what fails. */
const PIPELINE_GROUPS = {
  Input: ['--entity', '--rates', '--files-from', '--shard', '--config', '--no-config'],
  Rules: ['--rules', '--no-schematron', '--rule-timeout', '--rule-memory', '--xsd', '--remote', '--base-url'],
  Output: ['--format', '--output', '--quiet', '--lang', '--out-dir', '--uuid', '--deterministic', '--line-amounts'],
  Gates: ['--fail-severity', '--max-warnings'],
};

const EXAMPLES: Record<'validate' | 'build', Array<[string, string]>> = {
  validate: [
    ['every invoice request of a folder, as the service\'s dry run would judge it', 'pintae validate exports/ --entity seller.json --rates cbuae.csv'],
    ['in CI: a JUnit report file, the failures and the summary line in the log, no warning allowed', 'pintae validate exports/ --format junit --output report.xml --quiet --max-warnings 0'],
    ['the same invoice judged offline and by the service, side by side', 'pintae validate invoice.json --remote --format json'],
  ],
  build: [
    ['the XML of one invoice on standard output', 'pintae build invoice.json --entity seller.json > invoice.xml'],
    ['the XML of every valid invoice of a folder, the same bytes on every run', 'pintae build exports/ --out-dir xml/ --deterministic'],
  ],
};

const commandPath = (command: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

/**
 * An option that names a file or directory, given an empty value, is a usage error: `--output "$REPORT"` with the
 * variable unset in a CI job must not quietly write the report to standard output, nor `--config ''` read the
 * current directory, nor `--rates ''` fall back to the bundled table.
 */
function refuseEmptyPaths(command: Command): void {
  // `pintae rules add "$RELEASE"` unset would take the current directory as the release, and read it all.
  const takesPaths = command.registeredArguments.some((a) => ['file', 'paths', 'reports', 'source'].includes(a.name()));
  if (takesPaths && command.args.includes('')) throw usageError('cli.empty-argument', { command: commandPath(command) });
  for (const option of command.options) {
    const kind = /<(file|dir|path|name\|path)>/.exec(option.flags)?.[1];
    if (!kind || !option.long) continue;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (value === '' || (Array.isArray(value) && value.includes(''))) {
      throw usageError('cli.empty-path', { flag: option.long, kind: kind === 'dir' ? 'directory' : kind === 'file' ? 'file' : 'path' });
    }
  }
}

export function program(): Command {
  const cli = new Command('pintae')
    .description('UAE e-invoicing (Peppol PINT-AE): validate invoice JSON offline, build the UBL XML the service delivers')
    .version(PINTAE_VERSION)
    // pintae's own --version before a command only: after one it is the command's (rules add --version 1.0.3).
    .enablePositionalOptions()
    // Before any command is added: subcommands copy the help layout when they are created.
    .configureHelp(helpConfiguration)
    // One line on stderr, in pintae's own voice, for commander's usage errors too; subcommands inherit this.
    .configureOutput({ outputError: (text, write) => write(`pintae: ${text.replace(/^error: /, '').trimEnd()}\n`) })
    // An argument no command reads is a usage error, never dropped (subcommands inherit this).
    .allowExcessArguments(false)
    .exitOverride()
    .hook('preAction', (_, command) => refuseEmptyPaths(command));
  helpEnd(cli, [
    ['check invoice requests offline', 'pintae validate exports/ --entity seller.json'],
    ['check UBL invoices you already have', 'pintae check received/*.xml'],
    ['the options and examples of one command', 'pintae validate --help'],
  ], EXIT_CODES);

  const pipelineCommands: Array<['validate' | 'build', string, string]> = [
    ['validate', 'answer what the service\'s dry run (POST /oauth/invoices/validate) would answer',
      'write <input name>.xml for every invoice whose XML could be built, valid or not'],
    ['build', 'write the UBL XML of valid invoices; invalid ones fail with their errors',
      'directory for the XML files; without it (or -), one input\'s XML goes to standard output and the report to standard error'],
  ];
  for (const [name, description, outDir] of pipelineCommands) {
    const cmd = reportOptions(batchOptions(validateOptions(cli.command(name).argument('[paths...]', 'invoice JSON files, directories, globs, or - for stdin')
      .description(description)
      .option('--out-dir <dir>', outDir))));
    helpEnd(groupOptions(cmd, PIPELINE_GROUPS), EXAMPLES[name], EXIT_CODES)
      .addOption(new Option('--remote', 'also ask the service\'s dry run (POST /oauth/invoices/validate) and flag every difference').hideHelp(name !== 'validate'))
      .addOption(new Option('--base-url <url>', 'with --remote: API base URL (token from PINTAE_TOKEN)').hideHelp(name !== 'validate'))
      .action(async (paths: string[], options) => {
        const { runValidate } = await import('./commands/validate.js');
        process.exitCode = await runValidate(paths, options, name);
      });
  }
  const check = reportOptions(batchOptions(cli.command('check').argument('[paths...]', 'UBL invoice or TDD XML files, directories (searched for *.xml), globs, or - for stdin')
    .description('validate existing UBL invoices and Tax Data Documents: well-formedness, optionally the UBL 2.1 XSD (not for a TDD), then the PINT-AE or AE TDD rules (chosen per document)')
    .option('--rules <name|path>', 'PINT-AE rule set: builtin (default), a name added with pintae rules add, or a release directory/zip/file')
    .option('--no-schematron', 'skip the PINT-AE rules')
    .option('--rule-timeout <seconds>', 'CPU time one document\'s rule run may take; past it the document fails with pintae/rules-failed (default 30)')
    .option('--rule-memory <MB>', 'memory one rule run may use; past it the document fails with pintae/rules-failed (default 2048)')
    .option('--xsd <dir>', 'also validate against the UBL 2.1 XSD found in this directory (maindoc/, common/): Invoice or CreditNote, by the root')));
  helpEnd(groupOptions(check, PIPELINE_GROUPS), [
    ['UBL invoices received or produced elsewhere', 'pintae check received/*.xml'],
    ['one document from standard input, also against the UBL 2.1 schema', 'curl -s https://example.com/invoice.xml | pintae check - --xsd ubl-2.1/xsd'],
    ['against an official rule set release added before', 'pintae check received/ --rules pint-ae-1.0.3'],
  ], EXIT_CODES)
    .action(async (paths: string[], options) => {
      const { runCheck } = await import('./commands/check.js');
      process.exitCode = await runCheck(paths, options);
    });
  const tdd = cli.command('tdd').argument('[paths...]', 'UBL invoice or credit note XML, or invoice request JSON: files, directories, or - for stdin')
    .description('write the Tax Data Document (TDD) the FTA receives for each invoice (UAE five-corner reporting)')
    .option('--type <code>', 'S submit (default), R resubmit, W withdraw, F failed validation (a TDS)')
    .option('--role <role>', 'sender (default: the issuer\'s side, 01) or receiver (02)')
    .option('--scope <code>', 'D domestic, IP international over Peppol, INP international not over Peppol (default: from the invoice)')
    .option('--reporter <scheme:id>', 'the reporting party (default: the seller\'s endpoint as sender, the buyer\'s as receiver)')
    .option('--receiver <0242:id>', 'the FTA\'s service provider (config: tdd.receiver)')
    .option('--representative <0242:id>', 'your service provider (config: tdd.representative)')
    .option('--transport-id <id>', 'the transport header id of the invoice\'s or credit note\'s Peppol message (default: a generated UUID, with a warning)')
    .option('--issued <date-time>', 'when the TDD is issued, with its time zone (default: now, local time)')
    .option('--out-dir <dir>', 'directory for <input name>.tdd.xml; without it, one input\'s TDD goes to standard output')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(langOption());
  helpEnd(groupOptions(validateOptions(tdd), {
    Report: ['--type', '--role', '--scope', '--reporter', '--receiver', '--representative', '--transport-id', '--issued'],
    Input: ['--entity', '--rates', '--config', '--no-config'],
    Rules: ['--rules', '--no-schematron', '--rule-timeout', '--rule-memory'],
    Output: ['--out-dir', '--uuid', '--deterministic', '--line-amounts', '--lang'],
  }), [
    ['the TDD of one invoice you send, on standard output', 'pintae tdd invoice.xml --receiver 0242:000773 --representative 0242:000001 --transport-id 5f1c9a7e-2b4d-4e8a-9c31-7d0e6f5a2b18'],
    ['the TDDs of every invoice received this week, as receiver (parties from the config file)', 'pintae tdd received/ --role receiver --out-dir tdd/'],
    ['a TDS (type F) for a received document that failed validation', 'pintae tdd broken.xml --type F --role receiver'],
  ], `
Exit codes:
  0  every input gave its TDD
  1  at least one input did not (unreadable, invalid for type S, R or W, or lacking what a TDD reports)
  2  usage error or internal fault`)
    .action(async (paths: string[], options) => {
      const { runTdd } = await import('./commands/tdd.js');
      process.exitCode = await runTdd(paths, options);
    });
  helpEnd(groupOptions(cli.command('merge-reports').argument('<reports...>', 'JSON reports (--format json) of the shards of one run')
    .description('join the JSON reports of --shard runs into one report: results in path order, summary recounted')
    .option('--format <name>', `format of the merged report: ${FORMATS} (default: stylish)`)
    .option('--quiet', 'show failures only (stylish, github)')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(langOption()), { Output: ['--format', '--quiet', '--lang'], Config: ['--config', '--no-config'] }), [
    ['one report of the shards of a CI matrix (each ran validate --shard k/3 --format json --output shard-k.json)', 'pintae merge-reports shard-1.json shard-2.json shard-3.json --format json > report.json'],
    ['the same, for people', 'pintae merge-reports shard-*.json'],
  ], EXIT_CODES)
    .action(async (reports: string[], options) => {
      const { runMergeReports } = await import('./commands/merge-reports.js');
      process.exitCode = await runMergeReports(reports, options);
    });

  const rules = helpEnd(cli.command('rules').description('manage PINT-AE rule sets (official releases compiled once into a cache)'), [
    ['add an official release once, then use it by name', 'pintae rules add PINT-AE-1.0.3.zip --name pint-ae-1.0.3'],
    ['the built-in and added rule sets', 'pintae rules list'],
    ['remove an added one', 'pintae rules remove pint-ae-1.0.3'],
  ]);
  const rulesAdd = rules.command('add').argument('<source>', 'an official release directory or zip, or a .sch, .xslt or .sef.json file')
    .option('--name <name>', 'name to use with --rules: 1 to 64 of a-z 0-9 . _ - (default: the file or directory name, lower-cased)')
    .option('--customization <id...>', 'the CustomizationID(s) the set is written for, where the release does not name exactly one (billing: urn:peppol:pint:billing-1@ae-1)')
    .option('--version <version>', 'the release version, where neither the file name nor the release says it')
    .option('--valid-from <date>', 'the first issue date (YYYY-MM-DD) the set is valid for; documents are judged by the newest set of their customization valid on their issue date')
    .option('--valid-to <date>', 'the last issue date (YYYY-MM-DD) the set is valid for')
    .option('--engine <engine>', 'native (default): a release\'s Schematron (.sch), run by pintae\'s own engine; saxon-js: its XSLT (.xslt) as published, run by the XSLT processor pintae embeds (slower)')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(langOption())
    .description('compile a rule set once into the cache (~/.cache/pintae/rules, or $PINTAE_CACHE_DIR)')
    .allowExcessArguments(true)
    .action(async (source: string, options, cmd: Command) => {
      if (cmd.args.length > 1) throw usageError('cli.takes-one', { command: 'rules add', n: cmd.args.length });
      const { runRulesAdd } = await import('./commands/rules.js');
      process.exitCode = await runRulesAdd(source, options);
    });
  helpEnd(rulesAdd, [
    ['an official release, zip or directory, under a name of your choice', 'pintae rules add PINT-AE-1.0.3.zip --name pint-ae-1.0.3'],
    ['a release for billing documents issued from a date on', 'pintae rules add PINT-AE-1.0.5.zip --customization urn:peppol:pint:billing-1@ae-1 --valid-from 2026-12-01'],
    ['the same release\'s XSLT as published, under a name of its own', 'pintae rules add PINT-AE-1.0.5.zip --name pint-ae-1.0.5-xslt --engine saxon-js'],
  ]);
  const rulesList = configOptions(rules.command('list').option('--format <name>', 'table (default) or json')).addOption(langOption()).description('list the built-in and added rule sets')
    .action(async (options) => {
      const { runRulesList } = await import('./commands/rules.js');
      process.exitCode = await runRulesList(options);
    });
  helpEnd(rulesList, [
    ['the rule sets, one a line', 'pintae rules list'],
    ['as JSON, for scripts', 'pintae rules list --format json'],
  ]);
  const rulesRemove = rules.command('remove').argument('<name>', 'the name of an added rule set (pintae rules list)')
    .description('remove one added rule set from the cache (only its own entry)')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(langOption())
    .allowExcessArguments(true)
    .action(async (name: string, options, cmd: Command) => {
      if (cmd.args.length > 1) throw usageError('cli.takes-one', { command: 'rules remove', n: cmd.args.length });
      const { runRulesRemove } = await import('./commands/rules.js');
      process.exitCode = await runRulesRemove(name, options);
    });
  helpEnd(rulesRemove, [['a set added before, or a damaged one rules list marks', 'pintae rules remove pint-ae-1.0.3']]);

  registerApiCommands(cli);

  // serve (issue 25): the stateless validation service, on a warm worker pool
  const serve = cli.command('serve')
    .description('serve the service\'s dry run (POST /oauth/invoices/validate) and pintae\'s validate, build, check and tdd over HTTP, on warm worker threads')
    .option('--port <n>', 'port to listen on (0: any free port; the URL is printed)', '8080')
    .option('--host <address>', 'address to listen on (0.0.0.0: every interface, as in a container)', '127.0.0.1')
    .option('--workers <n>', 'worker threads, each with the rules compiled once (default: one per core)')
    .option('--max-queue <n>', 'requests that may wait for a worker; one more is answered 503 with Retry-After (default: 64 per worker)')
    .option('--max-body <bytes>', 'largest request body; a larger one is answered 413 (default 20971520, 20 MiB)')
    .option('--request-timeout <seconds>', 'time a client has to send its whole request (default 30; headers: 10)')
    .option('--drain-timeout <seconds>', 'on SIGTERM, time the requests in flight have to finish (default 30)')
    .option('--token-file <file>', 'require Authorization: Bearer <the token in this file> on every route but /healthz and /readyz')
    .option('--log-bodies', 'put each request body in its log line (default: no invoice content in the log)')
    .addOption(entityOption('seller entity record(s): a JSON file of one object or an array, or a directory of such files; repeatable (read again on SIGHUP)'))
    .option('--rates <file>', 'CBUAE exchange-rate table: JSON [{date, currency, rate}] or CSV date,currency,rate (read again on SIGHUP)')
    .option('--rules <name|path>', 'PINT-AE rule set: builtin (default), a name added with pintae rules add, or a release directory/zip/file')
    .option('--no-schematron', 'skip the PINT-AE rules (schema and rule engine only)')
    .option('--rule-timeout <seconds>', 'CPU time one document\'s rule run may take; past it the document fails with pintae/rules-failed (default 30)')
    .option('--rule-memory <MB>', 'memory one rule run may use; past it the document fails with pintae/rules-failed (default 2048)')
    .option('--line-amounts <currency>', 'each line\'s VAT and amount with VAT on a foreign-currency invoice: in aed (default) or in the document currency (document)')
    .option('--deterministic', 'UUID v5 of entity_id + invoice_number: the same request gives byte-identical XML')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(new Option('--today <date>', 'the date taken as today for exchange-rate lookups (YYYY-MM-DD)').hideHelp());
  helpEnd(groupOptions(serve, {
    Server: ['--port', '--host', '--workers', '--max-queue', '--max-body', '--request-timeout', '--drain-timeout', '--token-file', '--log-bodies'],
    Input: ['--entity', '--rates', '--config', '--no-config'],
    Rules: ['--rules', '--no-schematron', '--rule-timeout', '--rule-memory'],
    Output: ['--line-amounts', '--deterministic'],
  }), [
    ['the service beside an ERP, on this machine only', 'pintae serve --entity sellers/ --rates cbuae.csv'],
    ['in a container, every interface, a token required', 'pintae serve --host 0.0.0.0 --token-file /run/secrets/pintae-token'],
    ['the dry run of one invoice, from any language', 'curl -s --data-binary @invoice.json http://127.0.0.1:8080/oauth/invoices/validate'],
  ], `
Endpoints: POST /oauth/invoices/validate, /v1/validate, /v1/build, /v1/check, /v1/tdd;
  GET /healthz, /readyz, /metrics, /openapi.json (docs/reference/serve.md)
Signals: SIGTERM or SIGINT: no new requests, those in flight answered, exit 0 (1 if --drain-timeout cut any);
  SIGHUP: entity records and rates read again
Exit codes:
  0  stopped by a signal after every request was answered
  1  the drain timeout cut requests in flight
  2  usage error or internal fault`)
    .action(async (options) => {
      const { runServe } = await import('./commands/serve.js');
      process.exitCode = await runServe(options);
    });

  // sandbox (issue 4): a local server speaking the documented API
  const sandbox = cli.command('sandbox')
    .description('serve the documented API (spec 4) on 127.0.0.1 on top of the validate pipeline; URL on stdout, one JSON log line per request on stderr; SIGTERM or Ctrl-C answers the requests in flight, then exits 0')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8787')
    .option('--data-dir <dir>', 'where users, entities, invoices and tokens.json are kept', '.pintae/sandbox')
    .option('--rates <file>', 'CBUAE exchange-rate table for invoices without exchange_rate (as validate --rates)')
    .option('--rules <name|path>', 'PINT-AE rule set (as validate --rules; default builtin)')
    .option('--fail-rate <r>', 'share (0..1) of requests answered 500 or 502 before anything is done')
    .option('--after-commit-rate <r>', 'share (0..1) of storing requests whose answer is lost after the store (dropped or 502)')
    .option('--latency <ms>', 'delay every answer by this many milliseconds')
    .option('--seed <n>', 'seed of the injected fault pattern (default 1)')
    .option('--processing-delay <ms>', 'delay of each asynchronous pipeline step after a 202 (default 200)')
    .option('--drain-timeout <seconds>', 'on SIGTERM or Ctrl-C, time the requests in flight have to be answered (default 10)')
    .option(...CONFIG_FILE)
    .option(...NO_CONFIG)
    .addOption(langOption());
  helpEnd(groupOptions(sandbox, {
    Server: ['--port', '--data-dir', '--processing-delay', '--drain-timeout', '--lang'],
    Config: ['--config', '--no-config'],
    Validation: ['--rates', '--rules'],
    Faults: ['--fail-rate', '--after-commit-rate', '--latency', '--seed'],
  }), [
    ['a local service for trying push, bulk and status', 'pintae sandbox --port 8787'],
    ['one that fails 5% of requests and loses 5% of answers after storing, to test a client\'s retries', 'pintae sandbox --fail-rate 0.05 --after-commit-rate 0.05 --seed 7'],
  ]);
  sandbox
    .action(async (options) => {
      const { runSandbox } = await import('./commands/sandbox.js');
      process.exitCode = await runSandbox(options);
    });
  return cli;
}

async function main(argv: string[]): Promise<void> {
  // Before anything is written: from here on the token is removed from all pintae prints (src/cli/redact-output.ts)
  // and all files it writes (src/io/write.ts, the ledger).
  redactStandardStreams();
  registerTokenSecrets(process.env);
  noteArgv(argv);
  try {
    await program().parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : 2;
      return;
    }
    if (e instanceof UsageError) {
      // Said in the run's language (issue 26): --lang as written, else the config file's once it has been read.
      process.stderr.write(`pintae: ${usageText(e)}\n`);
      process.exitCode = 2;
      return;
    }
    const { redact } = await import('../api/redact.js');
    if (e instanceof Error && (e.name === 'ApiError' || e.name === 'ApiUnreachableError')) {
      // Said in the run's language (issue 26); the service's own words inside stay as it wrote them.
      process.stderr.write(`pintae: ${redact(told(e.message, (e as { said?: MessageRef }).said))}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`pintae: ${redact(tell('cli.internal', { reason: (e as Error).message }))}\n${process.env.PINTAE_DEBUG ? redact(String((e as Error).stack)) + '\n' : ''}`);
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
  try { process.stderr.write(`pintae: ${tell('cli.stdout-failed', { reason: fsErrorWords(e) })}\n`); } catch { /* stderr is gone too */ }
  process.exit(2);
});
process.stderr.on('error', () => process.exit(process.exitCode ?? 2));

await main(process.argv);
