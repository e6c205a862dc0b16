/**
 * The command line's own sentences (issue 24 item 5), by id: usage errors and notes a person reads on the terminal.
 * Code names the id and gives the parameters; the words live here.
 */
const q = (v: unknown) => JSON.stringify(v);

export const CLI = {
  'format.unknown': (p: { format: string; names: readonly string[] }) => `--format ${p.format}: choose one of ${p.names.join(', ')}`,
  'format.not-here': (p: { format: string; command: string; names: readonly string[] }) =>
    `--format ${p.format}: ${p.command} reports in ${p.names.join(', ')} (text is stylish's old name)`,
  'format.contradicts-output': (p: { format: string; output: string; implied: string }) =>
    `--format ${p.format} --output ${p.output}: the file's extension says ${p.implied}; name the file for its format, or leave --format out and the extension chooses it`,
  'entities.id-assigned': (p: { file: string; sent: string; assigned: string | undefined }) =>
    `${p.file}: "entity_id": ${q(p.sent)} was not used: the service assigns entity ids. `
    + (p.assigned !== undefined
      ? `This entity is ${p.assigned}: invoices name it as "entity_id": ${q(p.assigned)}, and pintae entities pull saves its record under that id`
      : 'The answer named no id: pintae entities list shows it'),
  'entity.not-found': (p: { id: string; known: readonly string[] }) =>
    `Entity ${p.id} was not found: ${p.known.length ? `pintae knows ${p.known.length === 1 ? 'one entity' : `these entities, closest first`}: ${p.known.join(', ')}. ` : 'pintae knows no entity here. '}`
    + `Supply its record with --entity <file>, or save it as .pintae/entities/${p.id}.json (pintae entities pull)`,
  'input.xml-not-json': (p: { file: string }) => `this holds XML, not an invoice request body (JSON): to check a UBL invoice, run pintae check ${p.file}`,
  'input.json-not-xml': (p: { file: string }) => `this holds JSON, not XML: to validate an invoice request body, run pintae validate ${p.file}`,
  'view.delivered-registration': (_: Record<string, never>) =>
    'The form the service delivers (spec 2.3 item 4): the seller\'s legal registration always carries the entity\'s '
    + 'registry code as PAS, AE, because the gateway identifies the sending organisation by this element and refuses '
    + 'any other form (403, "Invoice Not From A Partner\'s Organization"). It is not a passport: the entity\'s own '
    + 'registration type is checked by the rules, not written here.',
} as const;

export type CliMessageId = keyof typeof CLI;

/** The sentence of an id with its parameters. */
export function say<K extends CliMessageId>(id: K, params: Parameters<(typeof CLI)[K]>[0]): string {
  return (CLI[id] as (p: typeof params) => string)(params);
}
