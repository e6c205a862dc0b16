/**
 * Every sentence the library (`createValidator` and its validator) says to the code that calls it, by id: a warning
 * it returns, the message of an argument error it throws. The library speaks English only (docs/reference/library.md);
 * code names the id and its parameters, never the words. The options' own checks say the CLI's words
 * (src/validator-options.ts).
 */
const LIBRARY = {
  // The CLI says the same of --transport-id (cli.tdd-transport-generated), serve of ?transport-id= (tdd-transport-generated).
  'tdd-transport-generated': (p: { id: string; document: 'invoice' | 'credit_note' }) => `no transportId: the TDD carries a generated one, ${p.id}; give the transport header id of the ${p.document === 'credit_note' ? 'credit note' : 'invoice'}'s Peppol message`,
  'tdd-parties': () => 'tdd: receiver and representative are required (0242:<id>): give them to tdd(), to createValidator({ tdd }), or in the config file\'s "tdd"',
  'tdd-one': () => 'tdd takes one invoice: call it once for each invoice of a bulk body or an array',
  'validate-one': () => 'validate takes one invoice: use validateMany for a bulk body or an array',
  'uuid-and-deterministic': () => 'createValidator: uuid and deterministic cannot be used together',
  'uuid-form': (p: { uuid: string }) => `createValidator: uuid ${p.uuid}: not a UUID (8-4-4-4-12 hexadecimal digits)`,
  'not-a-number': (p: { name: string; value: string }) => `createValidator: ${p.name} must be a number (got ${p.value})`,
  'body-unreadable': (p: { fn: string; what: 'options' | 'value'; at: string; thrown: string }) => `${p.fn}: the ${p.what} given could not be read${p.at ? ` at ${p.at}` : ''}: reading it threw ${p.thrown}`,
  'given-circular': (p: { fn: string; what: 'options' | 'value'; at: string }) => `${p.fn}: the ${p.what} given holds itself${p.at ? ` at ${p.at}` : ''} (a circular structure): JSON cannot carry it to the service`,
  'given-too-large': (p: { fn: string; what: 'options' | 'value'; limit: string }) => `${p.fn}: the ${p.what} given holds more than ${p.limit} values as JSON would carry it (an object used in several places counts each time)`,
  'rules-same': (p: { id: string; earlier: string }) => `rules: "${p.id}" names the same rule as "${p.earlier}" (rule ids are matched without regard to case); keep one`,
} as const;

export type LibraryMessageId = keyof typeof LIBRARY;
type Params<K extends LibraryMessageId> = Parameters<(typeof LIBRARY)[K]>[0];

/** The words of message `id` with its parameters. */
export function libraryWords<K extends LibraryMessageId>(id: K, ...params: Params<K> extends undefined ? [] : [Params<K>]): string {
  return (LIBRARY[id] as (p?: unknown) => string)(params[0]);
}
