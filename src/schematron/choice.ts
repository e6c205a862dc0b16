import type { Finding, JudgedBy, RuleSetInfo } from '../model/types.js';
import type { XDocument } from '../xpath/api.js';
import { isIsoDate } from './dated.js';
import { own } from '../messages/own.js';
import type { Worded } from '../messages/ref.js';

/**
 * The rule set for one document, shared by `check` (a document read) and `validate` (a document built): the document's
 * CustomizationID and issue date choose among the sets; --rules pins one. Apart from check.ts so that the pipeline
 * can choose without importing check (which imports the pipeline).
 */

/** PINT-AE's specifications: billing, and self-billing (each for invoices and credit notes). */
export const PINT_AE_CUSTOMIZATIONS = ['urn:peppol:pint:billing-1@ae-1', 'urn:peppol:pint:selfbilling-1@ae-1'];

/** A document dated outside every rule set's validity: judged by the nearest set, which the warning names. */
export const RULES_VALIDITY = 'pintae/rules-validity';

/** A document judged by a set pinned for every document and written for another specification than it declares. */
export const RULES_PINNED = 'pintae/rules-pinned';

/**
 * The words of the note on a document judged by a set pinned for every document (--rules, a config's ruleSet) and
 * written for another specification than the one it declares; undefined otherwise. A set of unknown specification (an
 * added one, customization null) claims none, so it gets no note.
 */
export function pinnedWords(judgedBy: JudgedBy, declared: string | undefined): Worded | undefined {
  if (judgedBy.chosen !== 'pinned' || !judgedBy.customization || declared === undefined || declared === judgedBy.customization) return undefined;
  const set = `${judgedBy.name}${judgedBy.version ? ` ${judgedBy.version}` : ''}`;
  return own('rules.pinned-other', { set, written: judgedBy.customization, declared });
}

/** What the PINT-AE rules are run with: the document's text and the tree it was read into. */
export interface DocumentRules {
  run(xml: string, doc?: XDocument): Finding[];
  /** The set as a report names it. */
  readonly info?: RuleSetInfo;
  /** A set pinned by a config file's ruleSet rather than by --rules (pinnedByConfig): reports say which. */
  readonly pinnedBy?: 'config';
  /** The set as a report names it for a document of this CustomizationID: that one, where the set is written for several. */
  infoFor?(customization: string): RuleSetInfo;
  /**
   * Rules chosen per document: of the sets written for a CustomizationID, the newest valid on the issue date, or
   * undefined when there is none (the billing sets judge the document then). Absent on a set that judges every
   * document (--rules pins it).
   */
  choose?(customization: string, issueDate?: string): { rules: DocumentRules; info: RuleSetInfo; byDate: NonNullable<JudgedBy['by_date']> } | undefined;
}

/**
 * The same rules, known as pinned by a config file's ruleSet (a report said `--rules` of a set no flag named). A set
 * that chooses per document is not pinned, and is returned as it is. The set's own state stays the set's (the result
 * delegates to it).
 */
export function pinnedByConfig<R extends DocumentRules>(rules: R): R {
  if (rules.choose) return rules;
  return Object.create(rules, { pinnedBy: { value: 'config', enumerable: true } }) as R;
}

/**
 * The rules for a document of this CustomizationID and issue date: the newest set written for it that is valid on the
 * date, else the sets of `fallback` (the billing sets; the TDD sets for a TDD) chosen the same way (else `rules`
 * itself); --rules pins one set for every document.
 */
export function chooseRules(rules: DocumentRules, customization: string | undefined, issueDate: string | undefined, fallback = PINT_AE_CUSTOMIZATIONS[0]!): { rules: DocumentRules; judgedBy?: JudgedBy } {
  if (!rules.choose) {
    const info = customization !== undefined && rules.infoFor ? rules.infoFor(customization) : rules.info;
    return { rules, ...(info ? { judgedBy: { ...info, chosen: 'pinned', ...(rules.pinnedBy ? { pinned_by: rules.pinnedBy } : {}) } } : {}) };
  }
  const own = customization !== undefined ? rules.choose(customization, issueDate) : undefined;
  const chosen = own ?? rules.choose(fallback, issueDate);
  if (!chosen) return { rules, ...(rules.info ? { judgedBy: { ...rules.info, chosen: 'fallback' } } : {}) };
  return { rules: chosen.rules, judgedBy: { ...chosen.info, chosen: own ? 'customization' : 'fallback', by_date: chosen.byDate } };
}

/**
 * The words of the note on a document dated before (or after) the validity of every set of its customization,
 * naming the set used instead; undefined when the date chose a set that covers it. `dateName` is how the caller's
 * user names the date (the XML's issue date, the request's invoice date); `family` the rule sets' (PINT-AE, TDD).
 */
export function validityWords(judgedBy: JudgedBy, date: string, dateName: 'issue' | 'invoice' = 'issue', family: 'PINT-AE' | 'TDD' = 'PINT-AE'): Worded | undefined {
  if (judgedBy.by_date !== 'before' && judgedBy.by_date !== 'after') return undefined;
  const set = { name: judgedBy.name, version: judgedBy.version ?? null, from: judgedBy.valid_from ?? null, to: judgedBy.valid_to ?? null };
  return own(judgedBy.by_date === 'before' ? 'rules.before-validity' : 'rules.after-validity', { date, dateName, family, customization: judgedBy.customization ?? null, set });
}

/** A leaf's text as pintae's writer spells it; the expression made once per name. */
const LEAVES = new Map<string, RegExp>();
function textOf(xml: string, name: string): string | undefined {
  let leaf = LEAVES.get(name);
  if (!leaf) LEAVES.set(name, (leaf = new RegExp(`<cbc:${name}>([^<]*)</cbc:${name}>`)));
  return leaf.exec(xml)?.[1]?.trim();
}

/** The CustomizationID of a document pintae built, read as its writer spells it. */
export const builtCustomization = (xml: string): string | undefined => textOf(xml, 'CustomizationID');

/**
 * The rules for a document pintae built (validate): its CustomizationID read from the text as pintae's writer spells
 * it. The date is the caller's: the request's own `date`, not the IssueDate written, which may be a stand-in for a
 * date that could not be read (findings/stand-ins.ts).
 */
export function chooseForBuilt(rules: DocumentRules, xml: string, date: string): { rules: DocumentRules; judgedBy?: JudgedBy } {
  return chooseRules(rules, builtCustomization(xml), date);
}

/** The date a request's rules are chosen by: its `date` as sent when that is a calendar date, else `today`, the day it would be sent. */
export function rulesDate(body: Record<string, unknown>, today: string): string {
  const sent = typeof body.date === 'string' ? body.date.trim() : undefined;
  return sent !== undefined && isIsoDate(sent) ? sent : today;
}
