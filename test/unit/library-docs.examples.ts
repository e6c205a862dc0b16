/**
 * The code examples of docs/reference/library.md and of the README's "Library" section, verbatim but for their
 * `import … from 'pintae'` lines (imported once above, from the build the package's exports name): `npm run typecheck`
 * type-checks them as a caller's TypeScript would be, test/unit/library-docs.test.ts holds them to the pages (a page
 * changed without this file fails there) and runs the validator's example. The service's examples are type-checked
 * only: they listen on a fixed port.
 */
import { createServer, createValidator } from '../../dist/index.js';

/** library.md, the validator (paths relative to the repository, as the page gives them). */
export async function libraryValidator(body: unknown, xmlText: string, bulkText: string) {
  const validator = await createValidator({
    entity: 'fixtures/entities/al-noor-trading.json',   // --entity: files; or entities: [record, …]
    rates: 'fixtures/rates/cbuae-2025.csv',             // --rates: a file, or a table from loadRates()
    // ruleSet: 'builtin' (default) | a rule set added or a path | false,  rules: { 'ibr-127-ae': 'warning' },
    // ruleTimeout: 30 (seconds of CPU time per document), ruleMemory: 2048 (MB): --rule-timeout, --rule-memory
    // config: true (found upward, as the CLI does) | 'pintae.config.json',  today, uuid, deterministic, lineAmounts, cwd
    // onWarning: (message) => …  what the CLI says as "pintae: warning:" (a key given twice in the config or an entity file)
  });

  const result = validator.validate(body);      // an object, or JSON text or bytes (findings then carry line and column)
  result.valid;                                 // the verdict, rule overrides applied
  result.response;                              // the service's answer (spec 2.10), as in the JSON report
  result.pintae_findings;                       // pintae's own findings beside it (unknown keys, the rules' validity, …)
  result.xml;                                   // the UBL document built, or null
  result.rule_set;                              // the PINT-AE rule set that judged it (chosen by customization and date)

  validator.check(xmlText).response?.data.errors;            // an existing UBL invoice, as `pintae check` (.rule_set: the rules that judged it)
  validator.validateMany(bulkText);             // {invoices: [...]} or an array: one result each, duplicates warned

  // The FTA report (pintae tdd) of one invoice: UBL XML (text or bytes), or an invoice request (object or JSON text).
  // receiver and representative: here, in createValidator({ tdd: {...} }), or the config file's "tdd".
  const report = validator.tdd(body, { type: 'S', role: 'sender', receiver: '0242:000773', representative: '0242:000001',
    transportId: '22222222-3333-4444-5555-666666666666', issued: '2025-03-10T09:30:00+04:00' });
  report.ok; report.xml;                        // the TDD, or null with report.findings / report.error saying why
  report.warnings;                              // e.g. the transport id pintae generated when none was given
  validator.check(report.xml!);                 // a TDD, as `pintae check` judges it: the TDD rules and pintae's cross-checks
  return { validator, result, report };
}

/** library.md, the validation service embedded. */
export async function libraryServer() {
  const server = createServer({ entity: 'sellers/', rates: 'cbuae.csv', workers: 2, maxQueue: 128, log: (line) => console.error(line) });
  server.listen(8080, '127.0.0.1');
  await server.ready;
  return server;
}

/** README.md, "Library". */
export async function readmeLibrary(jsonText: string) {
  const validator = await createValidator({ entity: 'fixtures/entities/al-noor-trading.json' });
  const result = validator.validate(jsonText);   // result.valid, result.response (the service's answer), result.xml

  createServer({ entity: 'sellers/', workers: 2 }).listen(8080, '127.0.0.1');
  return result;
}
