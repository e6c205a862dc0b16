/**
 * Rule ids that findings carry and that are not PINT-AE Schematron ids: the spec's own (7.3: IBT-080, BTUAE-04,
 * IBT-049-1; IBT-049 of the buyer endpoint) and the UBL 2.1 schema check of `check --xsd`. A config override may name
 * them; test/unit/config/rule-ids.test.ts fails when a rule id in the source is missing here.
 */
export const SPEC_RULE_IDS: readonly string[] = ['IBT-049', 'IBT-049-1', 'IBT-080', 'BTUAE-04', 'UBL-XSD'];

/** pintae's own ids of findings an override can change (an unknown key; a document that is not UBL or not PINT-AE, a TDD not AE TDD). */
export const PINTAE_RULE_IDS: readonly string[] = ['pintae/unknown-field', 'pintae/not-ubl', 'pintae/not-pint-ae', 'pintae/not-ae-tdd', 'pintae/rules-validity'];
