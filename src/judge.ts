import type { Finding, Invoice, JudgedBy } from './model/types.js';
import type { PipelineEnv } from './model/env.js';
import { builtCustomization, chooseForBuilt, pinnedWords, rulesDate, RULES_PINNED, RULES_VALIDITY, validityWords } from './schematron/choice.js';
import { normalizeInvoice } from './normalize/invoice.js';
import { unwritableEntity } from './schema/check.js';
import { sectionOfField } from './schema/sections.js';
import { deriveBuyerEndpoint } from './derive/endpoint.js';
import { resolveRate } from './derive/rates.js';
import { computeTotals, invoiceTypeCode } from './derive/totals.js';
import { invoiceUuid } from './derive/uuid.js';
import { runRules, SAME_MISTAKE } from './rules/index.js';
import { lookup } from './codelists/lookup.js';
import { renderInvoiceWithSources, type BuildInput } from './ubl/invoice.js';
import { UnwritableText, type Serialized } from './ubl/serialize.js';
import { withFields } from './ubl/source-map.js';
import { TAX_CATEGORIES } from './codelists/tax.js';
import { inRequestTerms } from './messages/say.js';
import { own } from './messages/own.js';
import { agreed, STAND_IN_CATEGORIES, STAND_IN_ENDPOINTS, standInEntities } from './findings/stand-ins.js';
import { within, type Links } from './findings/causes.js';

type Raw = Record<string, unknown>;

/** What the rule engine and the PINT-AE rules found on one readable body, and the document built from it. */
export interface Judged {
  findings: Finding[];
  /** The findings of the service's rule engine, as opposed to the PINT-AE rules on the built document. */
  engine: Set<Finding>;
  /** PINT-AE findings that follow from a value a stand-in replaced (see below). */
  links: Links;
  built: Serialized | null;
  invoice: Invoice;
  /** The PINT-AE rule set that judged the built document, when rules ran (chosen by its CustomizationID and date). */
  judgedBy?: JudgedBy;
}

/** A part of the document that the invoice as sent cannot give, the finding that says why, and two stand-ins for it. */
interface Gap { field: string; root: Finding; fill(input: BuildInput, run: 0 | 1): BuildInput }

const known = (category: string) => (TAX_CATEGORIES as readonly string[]).includes(category);

/**
 * Where the document cannot be built as sent: no entity record (or one no XML can carry), no buyer electronic
 * address, a line category that could not be read. Each gap is filled with stand-ins so the PINT-AE rules still judge
 * everything else (no wave of new errors once the first are fixed).
 */
function gapsOf(input: BuildInput, entityRoot: Finding | undefined, engine: Finding[], endpointFindings: Finding[]): Gap[] {
  const gaps: Gap[] = [];
  const invoice = input.invoice;
  if (entityRoot) {
    gaps.push({ field: 'entity_id', root: entityRoot, fill: (i, run) => ({ ...i, entity: standInEntities(invoice.entity_id)[run] }) });
  }
  if (endpointFindings[0]) {
    gaps.push({ field: endpointFindings[0].field ?? 'buyer', root: endpointFindings[0], fill: (i, run) => ({ ...i, endpoint: STAND_IN_ENDPOINTS[run] }) });
  }
  invoice.line_items.forEach((line, n) => {
    const root = engine.find((f) => f.rule === 'ibr-139-ae' && f.field === `line_items[${n}].tax_category`);
    if (known(line.tax_category) || !root) return;
    gaps.push({
      field: `line_items[${n}].tax_category`, root,
      fill: (i, run) => {
        const lines = i.invoice.line_items.map((l, k) => (k === n ? { ...l, tax_category: STAND_IN_CATEGORIES[run] } : l));
        const stood = { ...i.invoice, line_items: lines };
        return { ...i, invoice: stood, totals: computeTotals(stood) };
      },
    });
  });
  return gaps;
}

/**
 * The rule engine, the UBL builder and the PINT-AE rules on a body the schema stage could read. `datedAs` chooses the
 * rule set: the date of the request as sent (a stand-in body's date is not the invoice's).
 */
export function judge(body: Raw, env: PipelineEnv, datedAs: string = rulesDate(body, env.today)): Judged {
  const invoice = normalizeInvoice(body);
  const entity = env.findEntity(invoice.entity_id);
  const endpoint = deriveBuyerEndpoint(invoice.buyer, invoice.transaction_type_code);
  const rate = invoice.currency === 'AED' ? undefined : resolveRate(invoice.currency, invoice.date, invoice.exchange_rate, env.rates, env.today);
  const totals = computeTotals(invoice);
  const findings: Finding[] = runRules({ invoice, entity, endpoint, rate, totals, typeCode: invoiceTypeCode(invoice), ...(env.knownEntities ? { knownEntities: env.knownEntities } : {}) });
  const unwritable = entity ? unwritableEntity(entity) : [];
  for (const f of unwritable) findings.push(f);
  const engine = new Set(findings);
  const links: Links = new Map();

  const input: BuildInput = {
    invoice, entity: entity!, endpoint: endpoint.endpoint!, totals, rate: rate?.rate, lineAmounts: env.lineAmounts,
    uuid: invoiceUuid(env.uuid ?? { kind: 'random' }, invoice.entity_id, invoice.invoice_number),
  };
  // No record: the rule engine's "not found" is the one finding on entity_id; an unwritable record: its first character.
  const entityRoot = entity ? unwritable[0] : findings.find((f) => f.field === 'entity_id');
  const gaps = gapsOf(input, entityRoot, findings, endpoint.findings);
  // The PINT-AE findings on a built document, in the request's terms and at the request fields they came from.
  let judgedBy: JudgedBy | undefined;
  const pintAe = (built: Serialized) => {
    const chosen = chooseForBuilt(env.schematron!, built.xml, datedAs);
    judgedBy ??= chosen.judgedBy;
    // The tree the writer made as it wrote (the text is not read back); the rules read the text where there is none.
    const doc = built.doc;
    built.doc = undefined;
    const found = inRequestTerms(withFields(withoutRepeats(chosen.rules.run(built.xml, doc), findings), built.sources), body, invoice);
    const outside = chosen.judgedBy && validityWords(chosen.judgedBy, datedAs, 'invoice');
    // pintae's own note, beside the response (never in it), is_valid untouched, counted by no gate.
    if (outside) found.unshift({ ...outside, section: 'invoice_header', severity: 'info', rule: RULES_VALIDITY, field: 'date' });
    // A pinned set of another specification than the document built (--rules builtin-tdd) finds nothing to say about it.
    const elsewhere = chosen.judgedBy && pinnedWords(chosen.judgedBy, builtCustomization(built.xml));
    if (elsewhere) found.unshift({ ...elsewhere, section: 'invoice_header', severity: 'info', rule: RULES_PINNED });
    return found;
  };
  if (!gaps.length) {
    const built = build(findings, input, env.schematron !== undefined);
    // A loop, not push(...): a document may have more findings than a call can take arguments (about 120,000).
    if (built && env.schematron) for (const f of pintAe(built)) findings.push(f);
    return { findings, engine, links, built, invoice, ...(judgedBy ? { judgedBy } : {}) };
  }
  if (env.schematron) {
    const runs = ([0, 1] as const).map((run) => {
      const built = build([], gaps.reduce((i, gap) => gap.fill(i, run), input), true);
      return built ? pintAe(built) : undefined;
    });
    if (runs[0] && runs[1]) {
      for (const f of agreed(runs[0], runs[1])) {
        findings.push(f);
        const gap = gaps.find((g) => within(f.field, g.field));
        if (gap) links.set(f, gap.root);
      }
    }
  }
  return { findings, engine, links, built: null, invoice, ...(judgedBy ? { judgedBy } : {}) };
}

/**
 * The document and its source map (`withTree`: and the tree the rules read, made while writing). Text no XML can carry is refused before this (checkSchema, unwritableEntity); if
 * any still reached the writer, the invoice gets a located finding instead of a broken document.
 */
function build(findings: Finding[], input: BuildInput, withTree: boolean): Serialized | null {
  try {
    return renderInvoiceWithSources(input, withTree);
  } catch (e) {
    if (!(e instanceof UnwritableText)) throw e;
    const field = e.field ?? '(body)';
    findings.push({ ...own('xml.not-written', { location: e.location, what: e.what }), section: sectionOfField(field), severity: 'error', field });
    return null;
  }
}

/**
 * PINT-AE findings the rule engine already reported (with the input field), under the same rule id or under the id
 * the spec gives that mistake (SAME_MISTAKE), are not repeated.
 */
function withoutRepeats(schematron: Finding[], engine: Finding[]): Finding[] {
  const reported = new Set<string>();
  for (const { rule } of engine) {
    if (!rule) continue;
    reported.add(rule);
    for (const same of lookup(SAME_MISTAKE, rule) ?? []) reported.add(same);
  }
  const seen = new Set<string>();
  return schematron.filter((f) => {
    const key = `${f.rule}|${f.message}|${f.location}`;
    if ((f.rule && reported.has(f.rule)) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
